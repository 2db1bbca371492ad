"""The Molter event workbook as a layout (seed 001, "Organisation matérielle des tournois",
"Classement des équipes" and the result-grid examples).

Sheets, in tab order (French names by default, English with ``lang="en"``):

``Équipes``       settings (rounds, boards per team, the table's source), then one row per
                  team: letter, name, withdrawal round, and its list of players, strongest
                  first (the regular players, then the reserves) — input cells;
``Ronde r``       the board list of round r: board, White seat, who plays it, result
                  (drop-down list of result codes), Black seat, who plays it, points, and
                  the forfeit an absence or a withdrawal gives (derived, not typed);
``Compositions``  per team and round, who takes each seat when it is not its regular
                  player (a number of the list, a substitute's name, ``absent``) and the
                  name of who plays;
``Grilles``       the result grid of every team as in the seed: per player and round
                  colour (b/n), opponent and result, the total, the bottom line
                  "Départage / Place / Total", then the team's substitutions, absences
                  and withdrawal;
``Classement``    the team standings, sorted by formulas;
``Cartons``       one card per board per round, "15. D4 – B4" (White first), the names of
                  who plays under it, one fill colour per round, a page per round;
``Enveloppes``    one page per team: a slip per player with his symbol;
``Calcul``        (hidden) result codes, each player's points, the team keys, the
                  head-to-head matrix and the pairwise comparisons.

A result is typed in one place (the round sheet); everything else is a formula that
references it (architecture principle 4). The forfeits of absences and withdrawals are
formulas too (``addin.systems.molter.live``): a seat does not play a round when its line-up
cell says ``absent`` or its team's withdrawal round is that round or before; its game then
counts as a forfeit once a result is typed in the round (``1-0 F``, ``0-1 F``, ``0-0 F``),
unless a result is typed in it. The standings use only functions Excel 2010+, Excel 365 and
LibreOffice compute alike:

* team keys (``addin.systems.molter.ranking``): points, Berlin (Σ (P+1−k) × points of
  board k), individual wins (``COUNTIF(points, 1)``), head-to-head = points
  scored against the teams equal on the three first keys
  (``SUMPRODUCT((pts=pts_t)*(berlin=berlin_t)*(wins=wins_t), H_t)`` where
  ``H_t`` holds ``SUMIF`` of the points t scored per opposing team), then the
  points of board 1, 2, …;
* "u is ahead of t": the first key that differs is higher for u, computed as
  ``SUMPRODUCT(SIGN(keys_u − keys_t) * 2^(m−1 … 0)) > 0`` (the weights make
  the first non-zero difference outweigh all later ones);
* the ranking rule chosen in the Teams sheet (``1991`` or ``ffe-cups``) sets the weights:
  a key the rule does not compare weighs 0 (``ffe-cups``: points, Berlin, then the rating
  key ``IF(ISNUMBER(avg),10000−avg,0)``); the rule's name is printed in the footer of every
  page and in the standings' title;
* place = 1 + the number of teams ahead (ties share the place); the sorted
  table takes the teams by place, then letter (``COUNTIF`` positions and
  ``INDEX``/``MATCH``).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from addin.core.header import EventHeader
from addin.core.results import (BLACK_FORFEIT_WIN, BLACK_WIN, DOUBLE_FORFEIT, DRAW, RESULT_CODES, WHITE_FORFEIT_WIN,
                                WHITE_WIN, WORKBOOK_CODES)
from addin.sheets.keys import key_sheet
from addin.sheets.model import (PrintSetup, SheetLayout, Style, WorkbookLayout, col_letter, quote_sheet,
                                range_ref, ref)
from addin.sheets.molter.cells import (CARD_ROWS_PER_PAGE, CARDS_PER_ROW, CODES_FIRST_ROW, ENVELOPE_PAGE_PT,
                                       DetailsCols, RankingCols,
                                       ENVELOPE_TITLE_PT, GRID_ROWS_PER_PAGE, GRID_ROWS_PER_PAGE_LANDSCAPE, LINEUP_SEAT_COL, ROUND_FIRST_ROW,
                                       SETTINGS_ROW, SLIPS_PER_ROW, SPARE_PLACES, TEAMS_FIRST_ROW, TEAMS_GROUP_ROW,
                                       TEAMS_HEADER_ROW, TITLE_ROW, CalcMap, RoundCols, SettingsCols, TeamsCols,
                                       lineup_block_row, lineup_input_col, lineup_name_col, lineup_row)
from addin.sheets.molter.labels import LABELS, ranking_word, round_sheet, source_word
from addin.systems.molter.grids import player_cells
from addin.systems.molter.lineup import ABSENT_WORD, Absent, Substitute
from addin.systems.molter.live import MolterEvent, check_event
from addin.systems.molter.model import Pairing, Seat
from addin.systems.molter.ranking import CUP_RULE, RANKING_RULES, RATING_CEILING
from addin.systems.molter.teams import Team
from addin.sheets.page import escape, page_header as shared_page_header

#: rounds of the Line-ups sheet printed across one landscape page
LINEUP_ROUNDS_PER_PAGE = 2

#: Result codes offered in the result cells (``addin.core.results.WORKBOOK_CODES``, the
#: spelling of every workbook), with the canonical code. Forfeits are spelt "1-0 F",
#: "0-1 F", "0-0 F": a cell text starting with "+" or "-" would be taken for a formula.
WORKBOOK_RESULTS: tuple[tuple[str, str], ...] = tuple((WORKBOOK_CODES[code], code) for code in RESULT_CODES)
_POINTS = {WHITE_WIN: (1, 0), BLACK_WIN: (0, 1), DRAW: (0.5, 0.5), WHITE_FORFEIT_WIN: (1, 0),
           BLACK_FORFEIT_WIN: (0, 1), DOUBLE_FORFEIT: (0, 0)}

#: One pale fill per round for the cards (seed: "des cartons de couleurs
#: différentes pour chaque ronde"), repeated after the last one.
ROUND_FILLS = ("FFF2CC", "DDEBF7", "E2EFDA", "FCE4D6", "EDE1F5", "D9F2F2", "F2F2F2", "FFE0E9",
               "E8F0C8", "D6E4F0", "F5E6C8", "E0E0F8", "CCF0E0")

EXTRA_STYLES = {
    "team_letter": Style(bold=True, size=16, halign="center", valign="center", border="thin"),
    "grid_title": Style(bold=True, size=12),
    "grid_note": Style(italic=True, size=10),
    "card_label": Style(italic=True, size=9, halign="left", valign="bottom"),
    "card_names": Style(size=9, halign="center", valign="top"),
    "slip_symbol": Style(bold=True, size=36, halign="center", valign="center", border="medium"),
    "slip_note": Style(size=9, halign="center", valign="top", wrap=True, border="thin"),
    "envelope_title": Style(bold=True, size=20),
    "forfeit": Style(border="thin", halign="center", italic=True, color="C00000"),
    "subtitle_wrap": Style(italic=True, color="555555", wrap=True, valign="top"),
}


def workbook_code(code: str | None) -> str:
    """The workbook spelling (``1-0 F`` …) of a canonical result code of ``addin.core.results``."""
    for label, canonical in WORKBOOK_RESULTS:
        if canonical == code:
            return label
    raise ValueError(f"unknown result code {code!r}")


def canonical_code(label: str) -> str:
    """The canonical result code of a workbook spelling (``1-0 F`` → ``+-``)."""
    return dict(WORKBOOK_RESULTS)[label]


def card_text(board: int, pairing: Pairing) -> str:
    """The text of a card: ``15. D4 – B4`` (seed 001: "le premier nommé a les blancs")."""
    return f"{board}. {pairing.white} – {pairing.black}"


def list_width(event: MolterEvent) -> int:
    """How many list columns the Teams sheet offers: the longest list, at least the boards, and spare ones."""
    return max([event.boards] + [len(t.players) for t in event.teams]) + SPARE_PLACES


def teams_own_columns(event: MolterEvent) -> int:
    """The Teams sheet's columns that are the event's (the organiser's own columns come after)."""
    return max(TeamsCols.FIRST_PLAYER + list_width(event), DetailsCols.ARBITER)  # the list, then the rating


def page_header(event: MolterEvent, L: dict) -> tuple[str, str]:
    """See :func:`event_page_header`; the footer also names the ranking rule (centre)."""
    header, footer = event_page_header(event, L)
    return header, footer.replace("&R", f"&C{escape(L['rank_footer_' + event.ranking])}&R", 1)


def event_page_header(event: MolterEvent, L: dict) -> tuple[str, str]:
    """Header and footer of every printed page (issue 11): the event's title, place and dates, chief
    arbiter; the sheet's name and "Page n / N" (Excel header codes, ``&`` doubled in the texts)."""
    return shared_page_header(event.header.title or L["title"], event.header.place, event.header.dates, event.header.arbiter, L["page"],
                              L["arbiter_header"])


def molter_event_layout(teams: Sequence[Team], players: int, rounds: Sequence[Sequence[Pairing]],
                        lang: str = "fr", title: str | None = None) -> WorkbookLayout:
    """The event workbook for ``teams`` playing ``rounds`` (the played rounds, in order), nothing typed yet.

    ``rounds`` are checked to be a complete schedule of these teams (every player once per
    round); a mistake raises ``TournamentError``.
    """
    player_cells(len(teams), players, rounds)  # the table's own sentence first
    event = MolterEvent(tuple(Team(t.letter, t.name, tuple(t.players) + ("",) * (players - len(t.players)))
                              for t in teams),
                        players, tuple(tuple(r) for r in rounds), header=EventHeader(title=title or "", lang=lang))
    return event_workbook(event)


def event_workbook(event: MolterEvent) -> WorkbookLayout:
    """The complete event workbook of ``event`` (checked first: a broken event raises its sentence)."""
    check_event(event)
    book = _Builder(event).build()
    book.sheets.append(key_sheet(event.header.lang, (("teams", team.letter, team.name) for team in event.teams)))
    return book


def result_cell(labels: dict, r: int, board: int) -> tuple[str, int, int]:
    """``(sheet name, row, column)`` of the result cell of ``board`` in round ``r``."""
    return round_sheet(labels, r), ROUND_FIRST_ROW + board - 1, RoundCols.RESULT


def put_results(book: WorkbookLayout, results: Mapping[tuple[int, int], str], lang: str = "fr") -> None:
    """Type results (canonical codes keyed by ``(round, board)``) into the round sheets of a layout."""
    from addin.core.results import parse_result

    labels = LABELS[lang]
    for (r, b), code in results.items():
        sheet, row, col = result_cell(labels, r, b)
        book.sheet(sheet).set(row, col, workbook_code(parse_result(code)), style="input_center", text=True)


def lineup_value(entry) -> object:
    """What a line-up cell holds for an entry: a place on the list, a substitute's name, ``absent``."""
    if isinstance(entry, Absent):
        return ABSENT_WORD
    if isinstance(entry, Substitute):
        return entry.name
    return entry


class _Builder:
    def __init__(self, event: MolterEvent):
        self.event = event
        self.L = LABELS[event.header.lang]
        self.n, self.p, self.r = len(event.teams), event.boards, event.round_count
        self.cells = player_cells(self.n, self.p, event.rounds)
        self.calc = CalcMap(self.n, self.p, self.r, len(WORKBOOK_RESULTS))
        self.width = list_width(event)
        L = self.L
        self.names = {key: L[f"{key}_sheet"] for key in ("teams", "lineups", "grids", "standings", "cards",
                                                          "envelopes", "calc")}
        self.round_sheets = [round_sheet(L, r) for r in range(1, self.r + 1)]
        self.book = WorkbookLayout(title=event.header.title or L["title"])
        self.book.header, self.book.footer = page_header(event, L)
        # Python's own figures, stored with the formulas that compute them (cached values, issue 11)
        self.effective = event.effective_results()
        self.standing = {st.team: st for st in event.standings()}
        self.order = [st.team for st in event.standings()]
        self.last_round = max((r for r, _ in event.results), default=0)

    # -- Python's values of the visible formulas -------------------------------------------
    def points(self, r: int, board: int, white: bool):
        """The points of White (or Black) on ``board`` of round ``r``, "" while no result counts."""
        code = self.effective.get((r, board))
        return "" if code is None else _POINTS[code][0 if white else 1]

    def name(self, seat: Seat, r: int) -> str:
        return self.event.player_name(seat, r)

    # -- references shared by several sheets ----------------------------------------
    def team_row(self, t: int) -> int:
        return TEAMS_FIRST_ROW + t

    def team_name_ref(self, t: int) -> str:
        return f"{quote_sheet(self.names['teams'])}!${col_letter(TeamsCols.NAME)}${self.team_row(t)}"

    @property
    def rating_col(self) -> int:
        """The Teams sheet's average-rating column: just after the list's numbered columns."""
        return TeamsCols.FIRST_PLAYER + self.width

    def withdrawn_ref(self, t: int) -> str:
        return f"{quote_sheet(self.names['teams'])}!${col_letter(TeamsCols.WITHDRAWN)}${self.team_row(t)}"

    def list_ref(self, t: int, place: int) -> str:
        return (f"{quote_sheet(self.names['teams'])}!${col_letter(TeamsCols.FIRST_PLAYER + place - 1)}"
                f"${self.team_row(t)}")

    def list_range(self, t: int) -> str:
        row = self.team_row(t)
        return (f"{quote_sheet(self.names['teams'])}!"
                f"{range_ref(row, TeamsCols.FIRST_PLAYER, row, TeamsCols.FIRST_PLAYER + self.width - 1)}")

    def lineup_ref(self, seat: Seat, rnd: int, name: bool) -> str:
        col = lineup_name_col(rnd) if name else lineup_input_col(rnd)
        return f"{quote_sheet(self.names['lineups'])}!{ref(lineup_row(seat.team_index, seat.board, self.p), col, True, True)}"

    def points_ref(self, r: int, cell) -> str:
        """Reference to the points of the player of ``cell`` (a GridCell) in round ``r``."""
        col = RoundCols.WHITE_PTS if cell.white else RoundCols.BLACK_PTS
        return f"{quote_sheet(self.round_sheets[r - 1])}!{ref(ROUND_FIRST_ROW + cell.board - 1, col, True, True)}"

    # -- the workbook ---------------------------------------------------------------------
    def build(self) -> WorkbookLayout:
        book, L = self.book, self.L
        book.styles.update(EXTRA_STYLES)
        for i in range(self.r):
            fill = ROUND_FILLS[i % len(ROUND_FILLS)]
            book.styles[f"card_r{i + 1}"] = Style(bold=True, size=22, halign="center", valign="center",
                                                  border="medium", fill=fill)
            book.styles[f"card_label_r{i + 1}"] = Style(italic=True, size=9, valign="bottom", fill=fill,
                                                        border="thin")
        teams_sheet = self._teams_sheet()
        round_sheets = [self._round_sheet(r) for r in range(1, self.r + 1)]
        self._lineups_sheet()
        self._grids_sheet()
        standings = self._standings_sheet()
        self._cards_sheet()
        self._envelopes_sheet()
        self._calc_sheet()
        book.active = teams_sheet.name
        for r, sheet in enumerate(round_sheets, 1):
            boards = len(self.event.rounds[r - 1])
            book.define_name(f"MolterResults{r}", sheet.ref_range(ROUND_FIRST_ROW, RoundCols.RESULT,
                                                                  ROUND_FIRST_ROW + boards - 1, RoundCols.RESULT))
        book.define_name("MolterStandings", standings.ref_range(4, 1, 3 + self.n, 7 + self.p))
        book.define_name("MolterTeams", teams_sheet.ref_range(TEAMS_FIRST_ROW, 1, TEAMS_FIRST_ROW + self.n - 1,
                                                              TeamsCols.FIRST_PLAYER - 1 + self.width))
        return book

    # -- Teams -----------------------------------------------------------------------------
    def _teams_sheet(self) -> SheetLayout:
        L, event, p = self.L, self.event, self.p
        first = TeamsCols.FIRST_PLAYER
        s = self.book.add_sheet(self.names["teams"], freeze=f"{col_letter(first)}{TEAMS_FIRST_ROW}")
        s.set(TITLE_ROW, 1, event.header.title or L["title"], style="title", text=True)
        D = DetailsCols
        for label_col, col, key, value in ((D.PLACE_LABEL, D.PLACE, "place_setting", event.header.place),
                                           (D.DATES_LABEL, D.DATES, "dates_setting", event.header.dates),
                                           (D.ARBITER_LABEL, D.ARBITER, "arbiter_setting", event.header.arbiter)):
            s.set(TITLE_ROW, label_col, L[key], style="header", text=True)
            s.set(TITLE_ROW, col, value or None, style="input", text=bool(value))
        C = SettingsCols
        s.set(SETTINGS_ROW, C.ROUNDS_LABEL, L["rounds_setting"], style="header", text=True)
        s.set(SETTINGS_ROW, C.ROUNDS, self.r, style="input_center")
        s.set(SETTINGS_ROW, C.BOARDS_LABEL, L["players_setting"], style="header", text=True)
        s.set(SETTINGS_ROW, C.BOARDS, p, style="input_center")
        s.set(SETTINGS_ROW, C.SOURCE_LABEL, L["source_setting"], style="header", text=True)
        s.set(SETTINGS_ROW, C.SOURCE, source_word(L, event.source), style="input_center", text=True)
        s.validation(ref(SETTINGS_ROW, C.SOURCE), [source_word(L, x) for x in ("auto", "official", "generated")])
        s.set(SETTINGS_ROW, C.SHAPE, L["shape"].format(n=self.n, p=p, r=self.r), style="subtitle", text=True)
        s.set(TEAMS_GROUP_ROW, RankingCols.LABEL, L["ranking_setting"], style="header", text=True)
        s.set(TEAMS_GROUP_ROW, RankingCols.VALUE, ranking_word(L, event.ranking), style="input_center", text=True)
        s.validation(ref(TEAMS_GROUP_ROW, RankingCols.VALUE), [ranking_word(L, x) for x in RANKING_RULES])
        s.set(TEAMS_GROUP_ROW, first, L["players"].format(p=p), style="header", text=True)
        s.style_range(TEAMS_GROUP_ROW, first + 1, TEAMS_GROUP_ROW, first + p - 1, "header")
        s.merge(TEAMS_GROUP_ROW, first, TEAMS_GROUP_ROW, first + p - 1)
        s.set(TEAMS_GROUP_ROW, first + p, L["reserves"], style="header", text=True)
        s.style_range(TEAMS_GROUP_ROW, first + p + 1, TEAMS_GROUP_ROW, first + self.width - 1, "header")
        if self.width - p > 1:
            s.merge(TEAMS_GROUP_ROW, first + p, TEAMS_GROUP_ROW, first + self.width - 1)
        s.row(TEAMS_HEADER_ROW, 1, [L["team"], L["name"], L["withdrawn"]] + [str(k) for k in range(1, self.width + 1)]
              + [L["rating_avg"]], style="header")
        for t, team in enumerate(event.teams):
            row = self.team_row(t)
            s.height(row, 22)  # the team's letter, 16 pt
            s.set(row, TeamsCols.LETTER, team.letter, style="team_letter", text=True)
            s.set(row, TeamsCols.NAME, team.name, style="input", text=True)
            s.set(row, TeamsCols.WITHDRAWN, event.withdrawn.get(team.letter), style="input_center")
            for k in range(1, self.width + 1):
                name = team.players[k - 1] if k <= len(team.players) else None
                s.set(row, first + k - 1, name or None, style="input", text=bool(name))
            s.set(row, self.rating_col, event.ratings.get(team.letter), style="input_center")
        s.width(TeamsCols.LETTER, 11)
        s.width(TeamsCols.NAME, 22)
        s.width(TeamsCols.WITHDRAWN, 10)
        for k in range(max(self.width, DetailsCols.ARBITER - first + 1)):
            s.width(first + k, 14)
        s.width(self.rating_col, 12)
        for row in (TITLE_ROW, SETTINGS_ROW, TEAMS_HEADER_ROW):
            s.height(row, 30)  # "Arbitre principal", "Joueurs par équipe", "Abandon (ronde)" on two lines
        last_col = max(self.rating_col, DetailsCols.ARBITER)
        s.print_setup = PrintSetup(area=(range_ref(1, 1, TEAMS_FIRST_ROW + self.n - 1, last_col),),
                                   orientation="landscape")
        return s

    # -- Round sheets ----------------------------------------------------------------------
    def _round_sheet(self, r: int) -> SheetLayout:
        L, C = self.L, RoundCols
        rnd = self.event.rounds[r - 1]
        s = self.book.add_sheet(self.round_sheets[r - 1], freeze=f"A{ROUND_FIRST_ROW}",
                                tab_color=ROUND_FILLS[(r - 1) % len(ROUND_FILLS)])
        s.set(1, 1, L["round"].format(r=r), style="title", text=True)
        s.row(ROUND_FIRST_ROW - 1, 1, [L["board"], L["white"], L["white_name"], L["result"], L["black"],
                                       L["black_name"], L["white_pts"], L["black_pts"], L["forfeit"]],
              style="header")
        codes = (f"{quote_sheet(self.names['calc'])}!"
                 f"{range_ref(CODES_FIRST_ROW, 1, CODES_FIRST_ROW + len(WORKBOOK_RESULTS) - 1, 3)}")
        last = ROUND_FIRST_ROW + len(rnd) - 1
        results = range_ref(ROUND_FIRST_ROW, C.RESULT, last, C.RESULT)
        started = ref(C.STARTED_ROW, C.EFFECTIVE, True, True)
        s.formula(C.STARTED_ROW, C.EFFECTIVE, f"=IF(SUMPRODUCT(LEN(TRIM({results})))>0,1,0)", style="hidden_calc")
        for b, pairing in enumerate(rnd, 1):
            row = ROUND_FIRST_ROW + b - 1
            typed = self.event.results.get((r, b))
            s.set(row, C.BOARD, b, style="number")
            s.set(row, C.WHITE, str(pairing.white), style="center", text=True)
            s.formula(row, C.WHITE_NAME, f"={self.lineup_ref(pairing.white, r, True)}&\"\"", style="cell",
                      cached=self.name(pairing.white, r))
            s.set(row, C.RESULT, workbook_code(typed) if typed else None, style="input_center", text=bool(typed))
            s.set(row, C.BLACK, str(pairing.black), style="center", text=True)
            s.formula(row, C.BLACK_NAME, f"={self.lineup_ref(pairing.black, r, True)}&\"\"", style="cell",
                      cached=self.name(pairing.black, r))
            for col, seat in ((C.WHITE_OUT, pairing.white), (C.BLACK_OUT, pairing.black)):
                gone = self.withdrawn_ref(seat.team_index)
                mark = self.lineup_ref(seat, r, False)
                s.formula(row, col, f'=IF(OR(LOWER(TRIM({mark}&""))="{ABSENT_WORD}",'
                                    f"AND(ISNUMBER({gone}),{gone}<={r})),1,0)", style="hidden_calc")
            d, wo, bo = ref(row, C.RESULT), ref(row, C.WHITE_OUT), ref(row, C.BLACK_OUT)
            s.formula(row, C.EFFECTIVE,
                      f'=IF(TRIM({d}&"")<>"",TRIM({d}&""),IF(AND({started}=1,{wo}+{bo}>0),'
                      f'IF({wo}+{bo}=2,"0-0 F",IF({wo}=1,"0-1 F","1-0 F")),""))', style="hidden_calc")
            e = ref(row, C.EFFECTIVE, False, True)
            for col, which in ((C.WHITE_PTS, 2), (C.BLACK_PTS, 3)):
                s.formula(row, col, f'=IF({e}="","",VLOOKUP({e},{codes},{which},FALSE))', style="number",
                          cached=self.points(r, b, which == 2))
            derived = self.effective.get((r, b)) if typed is None else None
            s.formula(row, C.FORFEIT, f'=IF(AND(TRIM({d}&"")="",{e}<>""),{e},"")', style="forfeit",
                      cached=workbook_code(derived) if derived else "")
        s.validation(f"{col_letter(C.RESULT)}{ROUND_FIRST_ROW}:{col_letter(C.RESULT)}{last}",
                     [code for code, _ in WORKBOOK_RESULTS], prompt=L["result_prompt"], error=L["result_error"],
                     title=L["result"])
        for col, width in zip(range(1, 10), (7, 9, 26, 11, 9, 26, 10, 10, 17)):
            s.width(col, width)
        s.hidden_columns.update({C.WHITE_OUT, C.BLACK_OUT, C.EFFECTIVE})
        s.print_setup = PrintSetup(area=(range_ref(1, 1, last, C.FORFEIT),),
                                   repeat_rows=(ROUND_FIRST_ROW - 1, ROUND_FIRST_ROW - 1), orientation="landscape")
        return s

    # -- Line-ups --------------------------------------------------------------------------
    def _lineups_sheet(self) -> SheetLayout:
        L, event, p = self.L, self.event, self.p
        s = self.book.add_sheet(self.names["lineups"], freeze="B1")
        # title and help from column B: column A (the seats) is printed again on each page across
        s.set(1, 2, L["lineups_title"], style="title", text=True)
        for t, team in enumerate(event.teams):
            top = lineup_block_row(t, p)
            s.height(top, 22)  # the team's letter, 16 pt
            s.set(top, LINEUP_SEAT_COL, team.letter, style="team_letter", text=True)
            s.formula(top, 2, f"={self.team_name_ref(t)}&\"\"", style="grid_title", cached=team.name)
            head = top + 1
            s.set(head, LINEUP_SEAT_COL, L["seat"], style="header", text=True)
            for r in range(1, self.r + 1):
                s.set(head, lineup_input_col(r), L["round"].format(r=r), style="header", text=True)
                s.set(head, lineup_name_col(r), None, style="header")
                s.merge(head, lineup_input_col(r), head, lineup_name_col(r))
            for k in range(1, p + 1):
                row = lineup_row(t, k, p)
                seat = Seat(team.letter, k)
                s.set(row, LINEUP_SEAT_COL, str(seat), style="center", text=True)
                for r in range(1, self.r + 1):
                    entry = event.lineups.get((team.letter, k, r))
                    value = None if entry is None else lineup_value(entry)
                    s.set(row, lineup_input_col(r), value, style="input_center", text=isinstance(value, str))
                    x = ref(row, lineup_input_col(r))
                    s.formula(row, lineup_name_col(r),
                              f'=IF(TRIM({x}&"")="",{self.list_ref(t, k)}&"",IF(ISNUMBER({x}),'
                              f'IFERROR(INDEX({self.list_range(t)},{x})&"","?"),{x}&""))', style="cell",
                              cached=self.name(seat, r))
        s.width(LINEUP_SEAT_COL, 8)
        for r in range(1, self.r + 1):
            s.width(lineup_input_col(r), 14)  # a substitute's name is typed here
            s.width(lineup_name_col(r), 17)
        # the help wraps over the first page's width
        across = min(self.r, LINEUP_ROUNDS_PER_PAGE)
        s.merge(2, 2, 2, lineup_name_col(across))
        s.set(2, 2, L["lineups_help"], style="subtitle_wrap", text=True)
        s.height(2, 15 * (2 + len(L["lineups_help"]) // (31 * across)))
        last_row = lineup_row(self.n - 1, p, p)
        # LINEUP_ROUNDS_PER_PAGE rounds across a landscape page, the seats repeated on each
        breaks = tuple(lineup_name_col(r) for r in range(LINEUP_ROUNDS_PER_PAGE, self.r, LINEUP_ROUNDS_PER_PAGE))
        # whole team blocks a page (a block: (p + 2) lines and its letter's line; the first page
        # also holds the title and the help)
        per_page = max(1, int(420 // ((p + 2) * 15 + 25)))
        row_breaks = tuple(lineup_block_row(t, p) - 1 for t in range(per_page, self.n, per_page))
        s.print_setup = PrintSetup(area=(range_ref(1, 1, last_row, lineup_name_col(self.r)),),
                                   orientation="landscape", fit_width=0, col_breaks=breaks, row_breaks=row_breaks,
                                   repeat_cols=(LINEUP_SEAT_COL, LINEUP_SEAT_COL))
        return s

    # -- Grids -----------------------------------------------------------------------------
    def _notes(self, team: Team) -> list[str]:
        """The grid's lines under a team after its withdrawal line: who else sat on its seats, round by round."""
        L, event = self.L, self.event
        lines = []
        for r in range(1, self.r + 1):
            for k in range(1, self.p + 1):
                entry = event.lineups.get((team.letter, k, r))
                seat = f"{team.letter}{k}"
                if entry is None:
                    continue
                if isinstance(entry, Absent):
                    lines.append(L["note_absent"].format(r=r, seat=seat))
                elif isinstance(entry, Substitute):
                    lines.append(L["note_substitute"].format(r=r, seat=seat, name=entry.name))
                else:
                    name = team.players[entry - 1].strip() or "—"
                    lines.append(L["note_listed"].format(r=r, seat=seat, name=name, place=entry))
        return lines

    def _grids_sheet(self) -> SheetLayout:
        L, p, r_count, calc = self.L, self.p, self.r, self.calc
        lang = self.event.header.lang
        s = self.book.add_sheet(self.names["grids"])
        s.set(1, 1, L["grids_title"], style="title", text=True)
        total_col = 2 + 3 * r_count
        row = 3
        breaks = []
        page_start = 1
        calc_sheet = quote_sheet(self.names["calc"])
        # landscape once three rounds' columns no longer fit a portrait page's width
        landscape = r_count > 2
        per_page = GRID_ROWS_PER_PAGE_LANDSCAPE if landscape else GRID_ROWS_PER_PAGE
        for t, team in enumerate(self.event.teams):
            notes = self._notes(team)
            height = p + 6 + len(notes)
            if row + height - page_start > per_page and row > 3:
                breaks.append(row - 1)
                page_start = row
            s.height(row, 22)  # the team's letter, 16 pt
            s.set(row, 1, team.letter, style="team_letter", text=True)
            s.formula(row, 2, f"={self.team_name_ref(t)}&\"\"", style="grid_title", cached=team.name)
            head, sub = row + 1, row + 2
            s.set(head, 1, None, style="header")
            s.set(sub, 1, None, style="header")
            for r in range(1, r_count + 1):
                c = 2 + 3 * (r - 1)
                s.set(head, c, L["grid_round"].format(r=r), style="header", text=True)
                s.style_range(head, c + 1, head, c + 2, "header")
                s.merge(head, c, head, c + 2)
                s.row(sub, c, [L["colour"], L["opponent"], L["res"]], style="header")
            s.set(head, total_col, L["total"], style="header", text=True)
            s.set(sub, total_col, None, style="header")
            s.merge(head, total_col, sub, total_col)
            for k in range(1, p + 1):
                line = sub + k
                seat = Seat(team.letter, k)
                s.set(line, 1, k, style="number")
                res_cells, total = [], 0
                for r, cell in enumerate(self.cells[seat], 1):
                    c = 2 + 3 * (r - 1)
                    s.set(line, c, cell.colour(lang), style="center", text=True)
                    s.set(line, c + 1, str(cell.opponent), style="center", text=True)
                    got = self.points(r, cell.board, cell.white)
                    s.formula(line, c + 2, "=" + self.points_ref(r, cell), style="number", cached=got)
                    res_cells.append(ref(line, c + 2))
                    total += got or 0
                s.formula(line, total_col, f"=SUM({','.join(res_cells)})", style="number", cached=total)
            bottom = sub + p + 1
            team_row = calc.team_row(t)
            # "Départage … Place … Total" as on the seed's forms; with one round the
            # place goes under the tie-break (no room between it and the total).
            place_row, place_col = (bottom, 3) if total_col - 1 > 4 else (bottom + 1, 1)
            s.set(bottom, 1, L["tiebreak"], style="header", text=True)
            st = self.standing[team.letter]
            s.formula(bottom, 2, f"={calc_sheet}!${col_letter(calc.BERLIN)}${team_row}", style="number",
                      cached=st.berlin)
            s.set(place_row, place_col, L["place"], style="header", text=True)
            s.formula(place_row, place_col + 1, f"={calc_sheet}!${col_letter(calc.rank_col)}${team_row}",
                      style="number", cached=st.place)
            s.set(bottom, total_col - 1, L["total_row"], style="header", text=True)
            s.formula(bottom, total_col, f"={calc_sheet}!${col_letter(calc.POINTS)}${team_row}", style="number",
                      cached=st.points)
            note_row = bottom + (2 if place_row > bottom else 1)
            # its withdrawal, from the Teams sheet's cell (FIDE: "abandon", the round from which)
            gone = self.withdrawn_ref(t)
            s.formula(note_row, 1, f'=IF(ISNUMBER({gone}),"{L["note_withdrawn_from"]} "&{gone}&"'
                                   f'{L["note_withdrawn_tail"]}","")', style="grid_note",
                      cached=L["note_withdrawn"].format(r=self.event.withdrawn[team.letter])
                      if team.letter in self.event.withdrawn else "")
            for i, note in enumerate(notes, 1):
                s.set(note_row + i, 1, note, style="grid_note", text=True)
            row = note_row + len(notes) + 3
        s.width(1, 10)
        for c in range(2, total_col):
            s.width(c, 6)
        s.width(total_col, 8)
        s.print_setup = PrintSetup(area=(range_ref(1, 1, row - 3, total_col),), row_breaks=tuple(breaks),
                                   orientation="landscape" if landscape else "portrait")
        return s

    # -- Standings -------------------------------------------------------------------------
    def _standings_sheet(self) -> SheetLayout:
        L, n, p, calc = self.L, self.n, self.p, self.calc
        s = self.book.add_sheet(self.names["standings"], freeze="C4")
        cup = self.event.ranking == CUP_RULE
        s.set(1, 1, f'{L["standings_title"]} — {ranking_word(L, self.event.ranking)}', style="title", text=True)
        note = L["standings_note_ffe-cups"] if cup else L["standings_note"]
        s.set(2, 1, note.format(p=p, p1=p - 1), style="subtitle", text=True)
        header = [L["place"], L["team"], L["name"], L["points"], L["berlin"], L["wins"], L["h2h"]] + \
            [L["board_n"].format(k=k) for k in range(1, p + 1)] + [L["withdrawn_short"]] + \
            ([L["rating_avg"]] if cup else [])
        s.row(3, 1, header, style="header")
        helper = len(header) + 1
        cs = quote_sheet(self.names["calc"])
        first, last = calc.team_first_row, calc.team_last_row
        teams_sheet = quote_sheet(self.names["teams"])
        teams_names = f"{teams_sheet}!{range_ref(TEAMS_FIRST_ROW, TeamsCols.NAME, TEAMS_FIRST_ROW + n - 1, TeamsCols.NAME)}"
        withdrawn = (f"{teams_sheet}!"
                     f"{range_ref(TEAMS_FIRST_ROW, TeamsCols.WITHDRAWN, TEAMS_FIRST_ROW + n - 1, TeamsCols.WITHDRAWN)}")
        ratings = f"{teams_sheet}!{range_ref(TEAMS_FIRST_ROW, self.rating_col, TEAMS_FIRST_ROW + n - 1, self.rating_col)}"

        def col_range(col):
            return f"{cs}!{range_ref(first, col, last, col)}"

        self._after_round(s)
        for k in range(1, n + 1):
            row = 3 + k
            st = self.standing[self.order[k - 1]]
            team = self.event.team(st.team)
            s.formula(row, helper, f"=MATCH({k},{col_range(calc.pos_col)},0)", style="hidden_calc")
            idx = f"${col_letter(helper)}{row}"
            s.formula(row, 1, f"=INDEX({col_range(calc.rank_col)},{idx})", style="number", cached=st.place)
            s.formula(row, 2, f"=INDEX({col_range(calc.LETTER)},{idx})", style="center", cached=st.team)
            s.formula(row, 3, f'=INDEX({teams_names},{idx})&""', style="cell", cached=team.name)
            for col, src, value in ((4, calc.POINTS, st.points), (5, calc.BERLIN, st.berlin), (6, calc.WINS, st.wins),
                                    (7, calc.H2H, st.head_to_head)):
                s.formula(row, col, f"=INDEX({col_range(src)},{idx})", style="number", cached=value)
            for kk in range(1, p + 1):
                s.formula(row, 7 + kk, f"=INDEX({col_range(calc.board_col(kk))},{idx})", style="number",
                          cached=st.boards[kk - 1])
            s.formula(row, 8 + p, f'=IF(INDEX({withdrawn},{idx})="","",INDEX({withdrawn},{idx}))', style="number",
                      cached=self.event.withdrawn.get(st.team, ""))
            if cup:
                s.formula(row, 9 + p, f'=IF(ISNUMBER(INDEX({ratings},{idx})),INDEX({ratings},{idx}),"")',
                          style="number", cached="" if st.rating is None else st.rating)
        s.hidden_columns.add(helper)
        s.width(1, 7)
        s.width(2, 8)
        s.width(3, 28)
        for c in range(4, helper):
            s.width(c, 10 if c < 8 else 7)
        s.width(7, 16)  # "Confrontations" on one line, not "Confrontat/ions"
        s.width(8 + p, 11)
        if cup:
            s.width(9 + p, 14)
        s.print_setup = PrintSetup(area=(range_ref(1, 1, 3 + n, helper - 1),), orientation="landscape",
                                   fit_height=1)
        return s

    def _after_round(self, s: SheetLayout) -> None:
        """After which round the standings are ("After round 3 / 7"): the last round with a typed result."""
        L = self.L
        started = ",".join(f"{r}*{quote_sheet(name)}!{ref(RoundCols.STARTED_ROW, RoundCols.EFFECTIVE, True, True)}"
                           for r, name in enumerate(self.round_sheets, 1))
        text = L["after_round"].replace("{n}", str(self.r)).split("{r}")
        s.formula(1, 4, f'=IF(MAX({started})=0,"{L["no_result_yet"]}","{text[0]}"&MAX({started})&"{text[1]}")',
                  style="subtitle",
                  cached=L["after_round"].format(r=self.last_round, n=self.r) if self.last_round
                  else L["no_result_yet"])

    # -- Cards -----------------------------------------------------------------------------
    def _cards_sheet(self) -> SheetLayout:
        L = self.L
        s = self.book.add_sheet(self.names["cards"])
        row = 1
        breaks = []
        for r, rnd in enumerate(self.event.rounds, 1):
            if r > 1:
                breaks.append(row - 1)
            card_rows = 0
            for start in range(0, len(rnd), CARDS_PER_ROW):
                if card_rows and card_rows % CARD_ROWS_PER_PAGE == 0:
                    breaks.append(row - 1)
                for i, pairing in enumerate(rnd[start:start + CARDS_PER_ROW]):
                    b = start + i + 1
                    col = 1 + 2 * i
                    s.set(row, col, L["card_round"].format(r=r), style=f"card_label_r{r}", text=True)
                    s.set(row + 1, col, card_text(b, pairing), style=f"card_r{r}", text=True)
                    s.formula(row + 2, col, f'={self._card_side(pairing.white, r)}&" – "&'
                                            f'{self._card_side(pairing.black, r)}', style="card_names",
                              cached=f"{self._card_side_text(pairing.white, r)} – "
                                     f"{self._card_side_text(pairing.black, r)}")
                s.height(row, 16)
                s.height(row + 1, 48)
                s.height(row + 2, 14)
                row += 3
                card_rows += 1
        for i in range(CARDS_PER_ROW):
            s.width(1 + 2 * i, 30)
            if i < CARDS_PER_ROW - 1:
                s.width(2 + 2 * i, 2)
        s.print_setup = PrintSetup(area=(range_ref(1, 1, max(row - 1, 1), 2 * CARDS_PER_ROW - 1),),
                                   row_breaks=tuple(breaks), margins_cm=1.0)
        return s

    def _card_side(self, seat: Seat, r: int) -> str:
        """A card's player: his name, or "forfait (retrait)" when his team has withdrawn by round ``r``
        (the Teams sheet's withdrawal cell), "absent (forfait)" when his line-up cell says absent."""
        L, gone, mark = self.L, self.withdrawn_ref(seat.team_index), self.lineup_ref(seat, r, False)
        return (f'IF(AND(ISNUMBER({gone}),{gone}<={r}),"{L["card_out_withdrawn"]}",'
                f'IF(LOWER(TRIM({mark}&""))="{ABSENT_WORD}","{L["card_out_absent"]}",'
                f'{self.lineup_ref(seat, r, True)}&""))')

    def _card_side_text(self, seat: Seat, r: int) -> str:
        why = self.event.absence(seat, r)
        return self.name(seat, r) if why is None else self.L["card_out_" + why]

    # -- Envelopes -------------------------------------------------------------------------
    def _envelopes_sheet(self) -> SheetLayout:
        L, p, lang, cells = self.L, self.p, self.event.header.lang, self.cells
        teams = self.event.teams
        s = self.book.add_sheet(self.names["envelopes"])
        row = 1
        breaks = []
        slip_height = 60 + 14 * max(1, len(cells[Seat(teams[0].letter, 1)])) + 4 + 12
        for t, team in enumerate(teams):
            if t:
                breaks.append(row - 1)
            s.set(row, 1, L["envelope"].format(t=team.letter), style="envelope_title", text=True)
            s.set(row + 1, 1, L["envelope_note"], style="subtitle", text=True)
            row += 3
            used = ENVELOPE_TITLE_PT
            for start in range(1, p + 1, SLIPS_PER_ROW):
                if used + slip_height > ENVELOPE_PAGE_PT:  # the team's slips continue on a new page
                    breaks.append(row - 1)
                    used = 0
                for i in range(SLIPS_PER_ROW):
                    k = start + i
                    if k > p:
                        break
                    seat = Seat(team.letter, k)
                    col = 1 + 2 * i
                    s.set(row, col, str(seat), style="slip_symbol", text=True)
                    note = "\n".join(L["slip_boards"].format(r=r, b=c.board, c=c.colour(lang))
                                     for r, c in enumerate(cells[seat], 1))
                    s.set(row + 1, col, note, style="slip_note", text=True)
                s.height(row, 60)
                s.height(row + 1, slip_height - 72)
                s.height(row + 2, 12)
                row += 3
                used += slip_height
        for i in range(SLIPS_PER_ROW):
            s.width(1 + 2 * i, 40)
            if i < SLIPS_PER_ROW - 1:
                s.width(2 + 2 * i, 4)
        s.print_setup = PrintSetup(area=(range_ref(1, 1, max(row - 1, 1), 2 * SLIPS_PER_ROW - 1),),
                                   row_breaks=tuple(breaks), margins_cm=1.5)
        return s

    # -- Calc ------------------------------------------------------------------------------
    def _calc_sheet(self) -> SheetLayout:
        L, n, p, r_count, calc, cells = self.L, self.n, self.p, self.r, self.calc, self.cells
        teams = self.event.teams
        s = self.book.add_sheet(self.names["calc"], hidden=True)
        s.row(1, 1, [L["code"], L["white_pts_short"], L["black_pts_short"]], style="header")
        for i, (code, canonical) in enumerate(WORKBOOK_RESULTS):
            white, black = _POINTS[canonical]
            s.set(CODES_FIRST_ROW + i, 1, code, text=True)
            s.set(CODES_FIRST_ROW + i, 2, white)
            s.set(CODES_FIRST_ROW + i, 3, black)
        # players: team index, board, symbol, opposing team index per round, points per round, total, wins, weight
        head = calc.player_first_row - 1
        s.row(head, 1, [L["team"], L["board"], "seat", *[f"opp{r}" for r in range(1, r_count + 1)],
                        *[f"pts{r}" for r in range(1, r_count + 1)], "total", "wins", "berlin"], style="header")
        for t, team in enumerate(teams):
            for k in range(1, p + 1):
                row = calc.player_row(t, k)
                seat = Seat(team.letter, k)
                s.set(row, 1, t + 1)
                s.set(row, 2, k)
                s.set(row, 3, str(seat), text=True)
                for r, cell in enumerate(cells[seat], 1):
                    s.set(row, calc.opp_col(r), cell.opponent.team_index + 1)
                    s.formula(row, calc.pts_col(r), f"=N({self.points_ref(r, cell)})")
                pts = range_ref(row, calc.pts_col(1), row, calc.pts_col(r_count), absolute=False)
                s.formula(row, calc.total_col, f"=SUM({pts})")
                s.formula(row, calc.wins_col, f"=COUNTIF({pts},1)")
                s.set(row, calc.weight_col, p + 1 - k)
        # teams: keys and the comparison weights
        m = calc.keys
        s.set(calc.key_weight_row - 1, calc.POINTS, f"key weights ({self.event.ranking})", text=True)
        for col, weight in key_weights(calc, self.event.ranking).items():
            s.set(calc.key_weight_row, col, weight)
        weights = range_ref(calc.key_weight_row, calc.POINTS, calc.key_weight_row, calc.POINTS + m - 1)
        s.row(calc.team_first_row - 1, 1,
              [L["team"], L["idx"], "points", "berlin", "wins", "h2h",
               *[f"b{k}" for k in range(1, p + 1)], "rating", "rank", "pos"], style="header")
        first, last = calc.team_first_row, calc.team_last_row

        def col_abs(col):
            return range_ref(first, col, last, col)

        for t, team in enumerate(teams):
            row = calc.team_row(t)
            r1, r2 = calc.player_row(t, 1), calc.player_row(t, p)
            s.set(row, calc.LETTER, team.letter, text=True)
            s.set(row, calc.INDEX, t + 1)
            totals = range_ref(r1, calc.total_col, r2, calc.total_col)
            s.formula(row, calc.POINTS, f"=SUM({totals})")
            s.formula(row, calc.BERLIN,
                      f"=SUMPRODUCT({totals},{range_ref(r1, calc.weight_col, r2, calc.weight_col)})")
            s.formula(row, calc.WINS, f"=SUM({range_ref(r1, calc.wins_col, r2, calc.wins_col)})")
            cond = "*".join(f"({col_abs(c)}={ref(row, c, True, True)})"
                            for c in (calc.POINTS, calc.BERLIN, calc.WINS))
            s.formula(row, calc.H2H, f"=SUMPRODUCT({cond},{col_abs(calc.h_col(t))})")
            for k in range(1, p + 1):
                s.formula(row, calc.board_col(k), f"={ref(calc.player_row(t, k), calc.total_col, True, True)}")
            avg = f"{quote_sheet(self.names['teams'])}!{ref(self.team_row(t), self.rating_col, True, True)}"
            s.formula(row, calc.rating_col, f"=IF(ISNUMBER({avg}),{RATING_CEILING}-{avg},0)")
            s.formula(row, calc.rank_col,
                      f"=1+SUM({range_ref(row, calc.beat_col(0), row, calc.beat_col(n - 1))})")
            rank = ref(row, calc.rank_col, True, True)
            s.formula(row, calc.pos_col,
                      f'=COUNTIF({col_abs(calc.rank_col)},"<"&{rank})'
                      f"+COUNTIF({range_ref(first, calc.rank_col, row, calc.rank_col)},{rank})")
            # H: column of team t, row of team u = points t scored against u
            opp_block = range_ref(r1, calc.opp_col(1), r2, calc.opp_col(r_count))
            pts_block = range_ref(r1, calc.pts_col(1), r2, calc.pts_col(r_count))
            for u in range(n):
                s.formula(calc.team_row(u), calc.h_col(t), f"=SUMIF({opp_block},{u + 1},{pts_block})")
            # beats: u ahead of t
            keys_t = range_ref(row, calc.POINTS, row, calc.POINTS + m - 1)
            for u in range(n):
                if u == t:
                    s.set(row, calc.beat_col(u), 0)
                    continue
                urow = calc.team_row(u)
                keys_u = range_ref(urow, calc.POINTS, urow, calc.POINTS + m - 1)
                s.formula(row, calc.beat_col(u), f"=IF(SUMPRODUCT(SIGN({keys_u}-{keys_t})*{weights})>0,1,0)")
        s.set(first - 2, calc.h_col(0), "H: points of column team against row team", text=True)
        s.set(first - 2, calc.beat_col(0), "ahead: column team ahead of row team", text=True)
        return s


def key_weights(calc: CalcMap, rule: str) -> dict[int, int]:
    """Calc column → weight of its key under ``rule``: powers of two in the rule's order, 0 for a key it
    does not compare (``SUMPRODUCT(SIGN(keys_u − keys_t) × weights) > 0`` is then "u ahead of t")."""
    columns = [calc.POINTS + j for j in range(calc.keys)]
    if rule == CUP_RULE:
        ranked = [calc.POINTS, calc.BERLIN, calc.rating_col]
    else:
        ranked = [calc.POINTS, calc.BERLIN, calc.WINS, calc.H2H, *(calc.board_col(k) for k in range(1, calc.players + 1))]
    return {col: (2 ** (len(ranked) - 1 - ranked.index(col)) if col in ranked else 0) for col in columns}
