"""The round-robin event workbook (issue 3) as a layout.

Sheets (French names by default, English with ``lang="en"``):

* **Settings**: event name, bye points, the C.05 withdrawn rule (yes/no),
  the tie-break order (four cells, codes DE, SB, WIN, KS) and the result codes;
* **Players**: number, name, rating, club, federation, withdrawn mark;
* **Rounds**: per round its boards, White and Black (names are formulas on
  Players, so a corrected name shows everywhere), the result cell (the only
  place results are typed; drop-down list of the six codes) and a check cell
  flagging an unknown code. Hidden helper columns decode each result once
  (``RoundsCols``): absent players, typed round, effective result, each side's
  view for the crosstable, each side's code for Calc's games matrix and round ×
  points for the progressive scores;
* **Crosstable** ("grille américaine"): players × opponents, each game from
  the row player's view (``1``, ``½``, ``0``, ``+``, ``-``); one sub-column per
  cycle in multi-cycle events;
* **Standings**: sorted by the formulas themselves (rank, number, name,
  points, games, W/D/L, %, SB, DE, WIN, Koya);
* **Cards**: one printable block per round (A4, page break after each);
* **Calc** (hidden): per player aggregates and the n×n games matrix: the games
  of each pair coded in one number (score, games, then each game's result and
  colour: ``pair_figure``), whose cells reference each side's code on the
  Rounds sheet. Every per-player formula reads a column of n cells, so the
  number of formulas grows as O(n²) (games + matrix) and no formula references
  a whole column.

The large sheets (Rounds, Calc, Crosstable, Cards) give their rows lazily
(``SheetLayout.stream``): the file writer writes them a row at a time, so a
large event is never held whole in memory.

The rules reproduced are those of ``docs/standings.md`` (``compute_standings``):
see the docstring of :func:`event_layout` for each figure's formula.
Only portable functions are used (SUMPRODUCT, COUNTIF, INDEX, MATCH, IF, OR,
AND, IFERROR, LEN, TRIM, SUM, N, and Excel 2010's AGGREGATE for the cuts): no
dynamic arrays, no IF inside SUMPRODUCT (which would need an array formula in
Excel 2010).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from functools import partial
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from addin.core.errors import TournamentError
from addin.core.results import RESULT_CODES, WORKBOOK_CODES, WORKBOOK_RESULT_CODES, parse_result
from addin.core.schedule import Round, Schedule
from addin.core.players import TITLES
from addin.sheets.roundrobin.pair_code import game_array, game_code, pair_figure
from addin.sheets.printed import half, half_text
from addin.sheets.roundrobin.norms_sheet import MAX_PLAYERS as NORMS_MAX_PLAYERS, norms_sheet
from addin.systems.roundrobin.event import RoundRobinEvent
from addin.systems.standings.fide import parse_code
from addin.systems.standings.performance import performances
from addin.systems.standings.rating import dp as fide_dp, pd_edges
from addin.systems.standings.roundrobin import evaluate
from addin.sheets.page import page_header as shared_page_header
from addin.sheets.keys import key_sheet
from addin.sheets.roundrobin.labels import labels
from addin.sheets.model import (ConditionalFill, PrintSetup, RowBuffer, SharedFormula, SheetLayout, Style,
                                WorkbookLayout, col_letter, quote_sheet, ref)

from addin.sheets.roundrobin.cells import workbook_code
from addin.sheets.roundrobin.cells import (CALC_FIRST_COL, COUNTED_ONLY, DEFAULT_TIEBREAKS, GENERATOR_VERSION,  # noqa: F401
                                           NO_TIEBREAK, PERFORMANCE_FIELDS, PERFORMANCE_HEADER_ROW,
                                           SCALAR_COL, SCALAR_LABEL_COL, STANDINGS_FIELDS,
                                           STANDINGS_HEADER_ROW, TIEBREAK_CODES, TIEBREAK_SLOTS, PlayersCols,
                                           RoundsCols, Scalars, SettingsRows)

PTP_STEPS = 13  # bisection steps of PTP (C.07 10.3): 2^12 + … + 1 points above the lowest opponent − 800
PTP_FLOOR = -100000  # below any rating difference: MATCH(D, floor + PD edges) = 1 + PD(D)
CARD_TITLE_PT = 30
CARD_ROW_PT = 28
DEFAULT_ROW_PT = 15
CARD_PAGE_PT = 700  # printable height of an A4 page with 1.5 cm margins and the page header

EVENT_STYLES: dict[str, Style] = {
    "input_wrap": Style(border="thin", fill="FFF2CC", locked=False, wrap=True),
    # the Norms sheet's rows, as tall as its longest list of missing requirements: centred vertically
    "middle_cell": Style(border="thin", valign="center"),
    "middle_center": Style(border="thin", halign="center", valign="center"),
    "middle_wrap": Style(border="thin", wrap=True, valign="center"),
    "subtitle_wrap": Style(italic=True, color="555555", wrap=True, valign="top"),
    "norm_player": Style(bold=True, fill="E2EFDA", border="thin"),
    "norm_player_number": Style(bold=True, fill="E2EFDA", border="thin", halign="center"),
    "xt_win": Style(fill="C6EFCE", color="006100"),
    "xt_draw": Style(fill="FFEB9C", color="9C5700"),
    "xt_loss": Style(fill="FFC7CE", color="9C0006"),
    "xt_cell": Style(border="thin", halign="center"),
    "xt_name": Style(border="thin"),
    "rank": Style(border="thin", halign="center", bold=True),
    "round_title": Style(bold=True, fill="E2EFDA", border="thin"),
    "check": Style(color="C00000", bold=True, halign="center"),
}


def check_tiebreaks(tiebreaks: Iterable[str] | None) -> tuple[str, ...]:
    """Tie-break codes of ``TIEBREAK_CODES``, each at most once, at most four."""
    if tiebreaks is None:
        return DEFAULT_TIEBREAKS
    codes = []
    for item in tiebreaks:
        if str(item).strip() in ("", NO_TIEBREAK):
            continue
        code = workbook_code(item)
        if code is None:
            raise TournamentError("The tie-break '{item}' is unknown in the workbook: use {codes}.",
                                  item=item, codes=", ".join(TIEBREAK_CODES))
        if code in codes:
            raise TournamentError("The tie-break '{code}' is given twice.", code=code)
        codes.append(code)
    return tuple(codes)


def event_workbook(event: RoundRobinEvent, protect: bool = False) -> WorkbookLayout:
    """The complete event workbook of ``event``.

    ``protect`` protects the computed sheets (no password; only input cells stay
    editable). Off by default: the Excel buttons rewrite those sheets.
    """
    players = sorted(event.players, key=lambda p: p.number)
    if [p.number for p in players] != list(range(1, event.schedule.players + 1)):
        raise TournamentError(
            "The event has {count} players but the player list has {listed}: give one player per number "
            "from 1 to {count}.", count=event.schedule.players, listed=len(players))
    games = {(r, b) for r, b, _, _ in event.schedule.games()}
    clean: dict[tuple[int, int], str] = {}
    for key, code in (event.results or {}).items():
        if key not in games:
            raise TournamentError("Round {round}, board {board} does not exist in this schedule.",
                                  round=key[0], board=key[1])
        canonical = parse_result(code, f"round {key[0]}, board {key[1]}")
        if canonical is not None:
            clean[key] = canonical
    event = replace(event, players=tuple(players), results=clean, tiebreaks=check_tiebreaks(event.tiebreaks),
                    bye_points=float(event.bye_points))
    book = _Builder(event, bool(protect)).build()
    book.sheets.append(key_sheet(event.lang, (("players", p.number, p.name) for p in event.players)))
    # the Calc and Cards sheets read no result (no cached value of theirs depends on one; the guard is
    # tests/test_sheet_memo.py): made from the event without its results, the writer may reuse them
    # (the dataclasses' repr names every field: 8 ms at 200 players, pickle takes 21)
    inputs = repr((replace(event, results={}), bool(protect)))
    memo = hashlib.sha256(inputs.encode("utf-8", "surrogatepass")).hexdigest()
    L = labels(event.lang)
    for sheet in book.sheets:
        if sheet.name in (L["sheet_calc"], L["sheet_cards"]):
            sheet.memo = memo
    return book


def event_layout(schedule: Schedule, players: Sequence, results: Mapping[tuple[int, int], str] | None = None,
                 *, lang: str = "fr", tiebreaks: Iterable[str] | None = DEFAULT_TIEBREAKS,
                 bye_points: float = 0.0, withdrawn: Iterable[int] | Mapping[int, int | None] = (),
                 withdrawn_rule: bool = True, title: str = "", protect: bool = False) -> WorkbookLayout:
    """:func:`event_workbook` of the event made of these parts (``withdrawn``: players marked
    withdrawn, or ``{player: first round not played}``)."""
    marks = dict(withdrawn) if isinstance(withdrawn, Mapping) else {p: None for p in withdrawn}
    event = RoundRobinEvent(schedule, tuple(players), dict(results or {}), marks, bool(withdrawn_rule),
                            float(bye_points), check_tiebreaks(tiebreaks), title, lang)
    return event_workbook(event, protect)


# --------------------------------------------------------------------------
# The builder
# --------------------------------------------------------------------------

def _sheet_ref(sheet: str, row: int, col: int) -> str:
    return f"{quote_sheet(sheet)}!{ref(row, col, True, True)}"


def _sheet_range(sheet: str, r1: int, c1: int, r2: int, c2: int) -> str:
    return f"{quote_sheet(sheet)}!{ref(r1, c1, True, True)}:{ref(r2, c2, True, True)}"


class _Builder:
    def __init__(self, event: RoundRobinEvent, protect: bool):
        self.event = event
        self.protect = protect
        self.L = labels(event.lang)
        self.n = event.schedule.players
        self.cycles = max((r.cycle for r in event.schedule.rounds), default=1)
        self.book = WorkbookLayout(title=event.title or None)
        self.book.styles.update(EVENT_STYLES)
        L = self.L
        self.s_settings = L["sheet_settings"]
        self.s_players = L["sheet_players"]
        self.s_rounds = L["sheet_rounds"]
        self.s_cross = L["sheet_crosstable"]
        self.s_stand = L["sheet_standings"]
        self.s_cards = L["sheet_cards"]
        self.s_calc = L["sheet_calc"]
        self.s_perf = L["sheet_performance"]
        # Python's own figures, stored with the formulas that compute them (cached values)
        self.effective = event.effective_results()
        self.ratings = {p.number: p.rating for p in event.players}
        self.report = evaluate(event.schedule, self.effective, event.tiebreaks, event.standings_withdrawn,
                               event.bye_points, ratings=self.ratings)
        self.standing = {st.number: st for st in self.report.standings}
        self.perf = performances(event.schedule, self.effective, self.ratings, event.k_factor)
        self.started = bool(self.effective)
        self.last_round = max((r for r, _ in event.results), default=0)
        self.names = {p.number: p.name for p in event.players}
        self.book.header, self.book.footer = page_header(event, self.L)
        self.game_row: dict[tuple[int, int], int] = {}
        self.bye_rows: list[tuple[int, int, int]] = []  # (round, player, row)
        # (i, j) -> list of (row, i_is_white) for every game between i and j
        self.meetings: dict[tuple[int, int], list[tuple[int, bool, tuple[int, int]]]] = {}

    # -- helpers ------------------------------------------------------------
    def calc(self, row: int, col: int) -> str:
        return _sheet_ref(self.s_calc, row, col)

    def calc_col(self, name: str) -> str:
        col = self.cc[name]
        return _sheet_range(self.s_calc, 2, col, self.n + 1, col)

    def scalar(self, row: int) -> str:
        return ref(row, SCALAR_COL, True, True)

    def settings(self, row: int) -> str:
        return _sheet_ref(self.s_settings, row, 2)

    # -- build ----------------------------------------------------------------
    def build(self) -> WorkbookLayout:
        book = self.book
        # tab order: what the organiser uses most first
        settings = book.add_sheet(self.s_settings, tab_color="808080")
        players = book.add_sheet(self.s_players, tab_color="4472C4")
        rounds = book.add_sheet(self.s_rounds, tab_color="70AD47")
        cross = book.add_sheet(self.s_cross, tab_color="ED7D31")
        standings = book.add_sheet(self.s_stand, tab_color="FFC000")
        cards = book.add_sheet(self.s_cards, tab_color="A5A5A5")
        performance = book.add_sheet(self.s_perf, tab_color="5B9BD5")
        norms = book.add_sheet(self.L["sheet_norms"], tab_color="7030A0") \
            if self.n <= NORMS_MAX_PLAYERS else None  # title norms (norms_sheet.py)
        calc = book.add_sheet(self.s_calc, hidden=True)
        self._settings(settings)
        self._players(players)
        self._plan_calc()
        self._rounds(rounds)
        self._calc(calc)
        self._crosstable(cross)
        self._standings(standings)
        self._cards(cards)
        self._performance(performance)
        if norms is not None:
            norms_sheet(self, norms)
        book.active = self.s_rounds
        return book

    # -- Settings -------------------------------------------------------------
    def _settings(self, s: SheetLayout) -> None:
        L, event, R = self.L, self.event, SettingsRows
        s.set(R.TITLE, 1, L["settings_title"], "title", text=True)
        s.set(2, 1, L["help_settings"], "subtitle", text=True)
        rows = [
            (R.EVENT, "event", event.title or None, "input"),
            (R.PLACE, "place", event.place or None, "input"),
            (R.DATES, "dates", event.dates or None, "input"),
            (R.ARBITER, "arbiter", event.arbiter or None, "input"),
            (R.PLAYERS, "players_count", self.n, "number"),
            (R.CYCLES, "cycles", self.cycles, "number"),
            (R.SYSTEM, "system", event.schedule.system, "center"),
            (R.BYE_POINTS, "bye_points", event.bye_points, "input_center"),
            (R.WITHDRAWN_RULE, "withdrawn_rule", L["yes"] if event.withdrawn_rule else L["no"], "input_center"),
        ]
        for row, key, value, style in rows:
            s.set(row, 1, L[key], "cell", text=True)
            s.set(row, 2, value, style, text=isinstance(value, str))
        s.validation(ref(R.WITHDRAWN_RULE, 2), [L["yes"], L["no"]], allow_blank=False)
        s.set(R.TB_HEADER, 1, L["tiebreak_order"], "header", text=True)
        s.set(R.TB_HEADER, 2, L["codes"], "header", text=True)
        s.set(R.TB_HEADER, 3, L["meaning"], "header", text=True)
        for k in range(TIEBREAK_SLOTS):
            row = R.TB_FIRST + k
            code = event.tiebreaks[k] if k < len(event.tiebreaks) else NO_TIEBREAK
            s.set(row, 1, f"{L['tiebreak']} {k + 1}", "cell", text=True)
            s.set(row, 2, code, "input_center", text=True)
            cell = ref(row, 2)
            s.formula(row, 3, "=" + "".join(
                f'IF({cell}="{c}","{L["tb_" + c]}",' for c in TIEBREAK_CODES) + f'"{L["tb_none"]}"'
                + ")" * len(TIEBREAK_CODES),
                "cell", cached=L["tb_" + code] if code in TIEBREAK_CODES else L["tb_none"])
        s.validation(f"{ref(R.TB_FIRST, 2)}:{ref(R.TB_FIRST + TIEBREAK_SLOTS - 1, 2)}",
                     [*TIEBREAK_CODES, NO_TIEBREAK], allow_blank=True)
        s.set(R.CODES_HEADER, 1, L["result_codes"], "header", text=True)
        s.set(R.CODES_HEADER, 2, L["codes"], "header", text=True)
        s.set(R.CODES_HEADER, 3, L["meaning"], "header", text=True)
        for k, code in enumerate(RESULT_CODES):
            s.set(R.CODES_FIRST + k, 2, WORKBOOK_CODES[code], "center", text=True)
            s.set(R.CODES_FIRST + k, 3, L["code_" + code], "cell", text=True)
        s.set(R.LANG, 1, L["language"], "muted", text=True)
        s.set(R.LANG, 2, event.lang, "muted", text=True)
        s.set(R.GENERATOR, 1, L["generator"], "muted", text=True)
        s.set(R.GENERATOR, 2, f"roundrobin-event/{GENERATOR_VERSION}", "muted", text=True)
        s.set(R.ORDER, 1, L["order"], "muted", text=True)
        s.set(R.ORDER, 2, event.order, "muted", text=True)
        s.set(R.SWAP_LAST, 1, L["swap_last"], "muted", text=True)
        s.set(R.SWAP_LAST, 2, L["yes"] if event.swap_last else L["no"], "muted", text=True)
        if event.seed is not None:
            s.set(R.DRAW_SEED, 1, L["draw_seed"], "muted", text=True)
            s.set(R.DRAW_SEED, 2, event.seed, "muted")
        s.set(R.K_FACTOR, 1, L["k_factor"], "cell", text=True)
        s.set(R.K_FACTOR, 2, event.k_factor, "input_center")
        s.width(1, 44)
        s.width(2, 24)
        s.width(3, 26)
        s.protect = self.protect
        s.print_setup = PrintSetup(area=(f"A1:C{R.K_FACTOR}",), fit_width=1, fit_height=1)

    # -- Players --------------------------------------------------------------
    def _players(self, s: SheetLayout) -> None:
        L, C = self.L, PlayersCols
        heads = ["number", "name", "rating", "club", "federation", "withdrawn", "player_title", "fide_id", "birth"]
        for col, key in enumerate(heads, 1):
            s.set(1, col, L[key], "header", text=True)
        for p in self.event.players:
            row = C.FIRST_ROW + p.number - 1
            s.set(row, C.NUMBER, p.number, "number")
            s.set(row, C.NAME, p.name, "input", text=True)
            s.set(row, C.RATING, p.rating, "input_center")
            s.set(row, C.CLUB, p.club or None, "input", text=True)
            s.set(row, C.FEDERATION, p.federation or None, "input_center", text=True)
            if p.number in self.event.withdrawn:
                rnd = self.event.withdrawn[p.number]
                if rnd is None:
                    s.set(row, C.WITHDRAWN, L["yes"], "input_center", text=True)
                else:
                    s.set(row, C.WITHDRAWN, rnd, "input_center")
            else:
                s.set(row, C.WITHDRAWN, None, "input_center")
            s.set(row, C.TITLE, p.title or None, "input_center", text=True)
            s.set(row, C.FIDE_ID, p.fide_id or None, "input_center", text=True)
            s.set(row, C.BIRTH, p.birth or None, "input_center", text=True)
        last = C.FIRST_ROW + self.n - 1
        s.validation(f"{ref(C.FIRST_ROW, C.TITLE)}:{ref(max(last, C.FIRST_ROW), C.TITLE)}", list(TITLES),
                     allow_blank=True)
        for col, width in zip(range(1, C.LAST + 1), (6, 32, 8, 24, 8, 10, 7, 12, 12)):
            s.width(col, width)
        s.freeze = "C2"
        s.print_setup = PrintSetup(area=(f"A1:{col_letter(C.LAST)}{last}",), repeat_rows=(1, 1), fit_width=1,
                                   orientation="landscape")

    # -- Rounds ---------------------------------------------------------------
    def _plan_rounds(self) -> None:
        """Where each round, game and bye sits on the Rounds sheet (the other sheets refer to them):
        per round a title row, its games, its byes, then a blank row."""
        row = RoundsCols.HEADER_ROW + 1
        self.round_rows: list[tuple[Round, int]] = []  # (round, title row)
        for rnd in self.event.schedule.rounds:
            self.round_rows.append((rnd, row))
            row += 1
            for game in rnd.games:
                self.game_row[(rnd.number, game.board)] = row
                key = (min(game.white, game.black), max(game.white, game.black))
                self.meetings.setdefault(key, []).append((row, game.white == key[0], (rnd.number, game.board)))
                row += 1
            for player in rnd.byes:
                self.bye_rows.append((rnd.number, player, row))
                row += 1
            row += 1
        self.rounds_last_row = row - 1

    def _rounds(self, s: SheetLayout) -> None:
        L, C = self.L, RoundsCols
        self._plan_rounds()
        heads = ["round", "board", "number", "white", "result", "black", "number", "check"]
        for col, key in enumerate(heads, 1):
            s.set(C.HEADER_ROW, col, L[key], "header", text=True)
        for _, title_row in self.round_rows:
            s.merge(title_row, 1, title_row, C.CHECK)
        s.stream(self._rounds_rows)
        # one validation over every result cell (a space-separated list of cells)
        result_cells = [ref(row, C.RESULT) for row in self.game_row.values()]
        if result_cells:
            s.validation(" ".join(_compress(result_cells)), WORKBOOK_RESULT_CODES,
                         error=", ".join(WORKBOOK_RESULT_CODES), title=L["result"])
        for col in range(C.FIRST_HIDDEN, C.LAST_HIDDEN + 1):
            s.hidden_columns.add(col)
        for col, width in zip(range(1, 9), (6, 6, 4, 26, 8, 26, 4, 16)):
            s.width(col, width)
        s.freeze = "A2"
        s.protect = self.protect
        s.print_setup = PrintSetup(area=(f"A1:{col_letter(C.CHECK)}{max(self.rounds_last_row, 1)}",),
                                   repeat_rows=(1, 1), fit_width=1)

    def _rounds_rows(self) -> Iterator[tuple[int, dict]]:
        """The rows of the Rounds sheet below its header, a round at a time (``_plan_rounds``)."""
        L, C, event = self.L, RoundsCols, self.event
        names = _sheet_range(self.s_players, PlayersCols.FIRST_ROW, PlayersCols.NAME,
                             PlayersCols.FIRST_ROW + self.n - 1, PlayersCols.NAME)
        withdrawals = _sheet_range(self.s_players, PlayersCols.FIRST_ROW, PlayersCols.WITHDRAWN,
                                   PlayersCols.FIRST_ROW + self.n - 1, PlayersCols.WITHDRAWN)
        bye_points = self.calc(Scalars.BYE_POINTS, SCALAR_COL)
        s = RowBuffer()
        for rnd, title_row in self.round_rows:
            s.set(title_row, 1, f"{L['round']} {rnd.number}", "round_title", text=True)
            row = first = title_row + 1
            for game in rnd.games:
                s.set(row, C.ROUND, rnd.number, "center")
                s.set(row, C.BOARD, game.board, "center")
                s.set(row, C.WHITE_NO, game.white, "center")
                code = event.results.get((rnd.number, game.board))
                s.set(row, C.RESULT, None if code is None else WORKBOOK_CODES.get(code), "input_center", number_format="@", text=True)
                s.set(row, C.BLACK_NO, game.black, "center")
                row += 1
            last_game = row - 1
            # the round has started once a result is typed in it (withdrawal forfeits count from then)
            if last_game >= first:
                self._game_cells(s, rnd, first, names, withdrawals, title_row)
                s.formula(title_row, C.STARTED, f"=IF(SUM({ref(first, C.TYPED)}:{ref(last_game, C.TYPED)})>0,1,0)",
                          "hidden_calc")
            else:
                s.set(title_row, C.STARTED, 0, "hidden_calc")
            for player in rnd.byes:
                s.set(row, C.ROUND, rnd.number, "center")
                s.set(row, C.WHITE_NO, player, "center")
                s.formula(row, C.WHITE, f"=INDEX({names},{ref(row, C.WHITE_NO)})&\"\"", "cell",
                          cached=self.names[player])
                s.set(row, C.RESULT, L["bye"], "center", text=True)
                # a bye is credited once its round has started (one result typed)
                if last_game >= first:
                    s.formula(row, C.BYE, f"={ref(title_row, C.STARTED)}", "hidden_calc")
                else:
                    s.set(row, C.BYE, 0, "hidden_calc")
                s.formula(row, C.WHITE_PS, f"={ref(row, C.ROUND)}*{ref(row, C.BYE)}*{bye_points}", "hidden_calc")
                row += 1
            yield from s.take()

    def _game_cells(self, s: RowBuffer, rnd, first: int, names: str, withdrawals: str, title_row: int) -> None:
        """The formulas of the games of one round (rows ``first``…, one a game): the players' names,
        then the helpers (``RoundsCols``): absent, typed, effective result, each side's view and
        code, round × points; check.

        Each column is one formula filled down the round's rows (``RowBuffer.fill``: every row's
        text is the first one's moved down; the round's start cell is anchored with ``$``).
        The effective result is the typed one, or else, once the round has started (a
        result typed in it), the forfeit that a withdrawal gives
        (``addin.systems.roundrobin.event.effective_results``): a player whose withdrawal
        cell holds a round number ≤ this game's round is absent. Codes are the workbook's
        (``addin.core.results.WORKBOOK_CODES``).
        """
        C, W, L = RoundsCols, WORKBOOK_CODES, self.L
        games = rnd.games
        last = first + len(games) - 1
        counted = self.calc_col("counted")

        def game(row: int):
            return games[row - first]

        s.fill(C.WHITE, first, last, lambda row: f"=INDEX({names},{ref(row, C.WHITE_NO)})&\"\"", "cell",
               cached=lambda row: self.names[game(row).white])
        s.fill(C.BLACK, first, last, lambda row: f"=INDEX({names},{ref(row, C.BLACK_NO)})&\"\"", "cell",
               cached=lambda row: self.names[game(row).black])
        # 1 White absent, 2 Black absent, 3 both: the withdrawal cells read once per game
        s.fill(C.ABSENT, first, last,
               lambda row: f"=AND(ISNUMBER(INDEX({withdrawals},{ref(row, C.WHITE_NO)})),"
                           f"{ref(row, C.ROUND)}>=INDEX({withdrawals},{ref(row, C.WHITE_NO)}))"
                           f"+2*AND(ISNUMBER(INDEX({withdrawals},{ref(row, C.BLACK_NO)})),"
                           f"{ref(row, C.ROUND)}>=INDEX({withdrawals},{ref(row, C.BLACK_NO)}))", "hidden_calc")
        def is_one_of(cell: str, codes) -> str:
            return "OR(" + ",".join(f'{cell}="{c}"' for c in codes) + ")"

        s.fill(C.TYPED, first, last, lambda row: f"=IF({is_one_of(ref(row, C.RESULT), WORKBOOK_RESULT_CODES)},"
                                                 f"{ref(row, C.ROUND)},0)", "hidden_calc")
        started = ref(title_row, C.STARTED, abs_row=True)
        s.fill(C.EFFECTIVE, first, last,
               lambda row: f'=IF(LEN(TRIM({ref(row, C.RESULT)}))>0,{ref(row, C.RESULT)},IF({started}=0,"",'
                           f'IF({ref(row, C.ABSENT)}=3,"{W["0-0"]}",IF({ref(row, C.ABSENT)}=1,"{W["-+"]}",'
                           f'IF({ref(row, C.ABSENT)}=2,"{W["+-"]}","")))))', "hidden_calc")

        # what each side's crosstable cell shows (the crosstable reads these)
        s.fill(C.WHITE_VIEW, first, last, lambda row: _view_formula(ref(row, C.EFFECTIVE), True), "hidden_calc")
        s.fill(C.BLACK_VIEW, first, last, lambda row: _view_formula(ref(row, C.EFFECTIVE), False), "hidden_calc")
        # each side's number of the game for Calc's games matrix (pair_code.game_code), 0 without a result
        def game_number(row: int, codes: dict[str, str]) -> str:
            return "=" + _by_result(ref(row, C.EFFECTIVE), codes, "0")

        for col, white in ((C.WHITE_CODE, True), (C.BLACK_CODE, False)):
            codes = {code: str(game_code(code, white)) for code in RESULT_CODES}
            s.fill(col, first, last, partial(game_number, codes=codes), "hidden_calc")
        # round × each side's points (his code's low digits: 2 × points) when the opponent counts in the
        # standings (progressive scores)
        def progressive(row: int, code: int, opponent: int) -> str:
            return f"={ref(row, C.ROUND)}*MOD({ref(row, code)},32)/2*INDEX({counted},{ref(row, opponent)})"

        for col, code_col, opponent in ((C.WHITE_PS, C.WHITE_CODE, C.BLACK_NO), (C.BLACK_PS, C.BLACK_CODE, C.WHITE_NO)):
            s.fill(col, first, last, partial(progressive, code=code_col, opponent=opponent), "hidden_calc")
        # a valid code is one whose round is noted in TYPED (rounds count from 1)
        s.fill(C.CHECK, first, last,
               lambda row: f'=IF(LEN(TRIM({ref(row, C.RESULT)}))=0,IF(LEN({ref(row, C.EFFECTIVE)})>0,'
                           f'"{L["withdrawal_forfeit"]}",""),IF({ref(row, C.TYPED)}>0,IF(AND('
                           f'{is_one_of(ref(row, C.EFFECTIVE), (W["1-0"], W["0-1"], W["1/2-1/2"]))},'
                           f'{ref(row, C.ABSENT)}>0),"{L["withdrawn_played"]}",""),"{L["bad_code"]}"))', "check",
               cached=lambda row: self._check_text((rnd.number, game(row).board), game(row).white, game(row).black))

    def _check_text(self, key: tuple[int, int], white: int, black: int) -> str:
        """What the check cell of a game shows (the rule of its formula, from Python's event)."""
        typed = self.event.results.get(key)
        if typed is None:
            return self.L["withdrawal_forfeit"] if key in self.effective else ""
        gone = [p for p in (white, black) if (first_out := self.event.withdrawn.get(p)) is not None
                and key[0] >= first_out]
        if gone and typed in ("1-0", "0-1", "1/2-1/2"):
            return self.L["withdrawn_played"]
        return ""

    # -- Calc -----------------------------------------------------------------
    def _plan_calc(self) -> None:
        """The Calc sheet's columns (``self.cc`` by name, ``self.mx`` the games matrix's first), which
        the Rounds sheet's helpers read too."""
        levels = max(1, self.n - 1)
        names = ["number", "withdrawn", "completed", "scheduled", "sched_byes", "counted", "byes",
                 "game_points", "points", "played", "wins", "draws", "losses", "percent", "SB", "WIN",
                 "KS", "max_score", "DE"]
        names += [_calc_name(code) for code in TIEBREAK_CODES if code not in ("DE", "SB", "WIN", "KS")]
        names += ["rating", "rated", "rgames", "rscore", "aro", "tpr", "rexp", "rchange"]
        names += ["tgames", "tscore", "tsum", "ps_rounds"]  # over-the-board games against counted players (C.07 15.2)
        names += [f"ptp{k}" for k in range(PTP_STEPS + 1)]  # PTP's bisection (C.07 10.3), one column a step
        names += [f"pk{k + 1}" for k in range(TIEBREAK_SLOTS)]
        names += ["r0", "tied", "met", "de_ok", "gate"]
        names += [f"de{k}" for k in range(1, levels + 1)] + [f"r{k}" for k in range(1, levels + 1)]
        names += [f"qk{k + 1}" for k in range(TIEBREAK_SLOTS)] + ["rank", "position"]
        self.cc = {name: CALC_FIRST_COL + k for k, name in enumerate(names)}
        self.mx = CALC_FIRST_COL + len(names) + 1  # the games of i (column) against j (row): pair_code

    def _calc(self, s: SheetLayout) -> None:
        """Per-player figures of ``compute_standings`` (docs/standings.md), as formulas.

        * counted: not (withdrawn, rule on, 2 × over-the-board games < scheduled games);
        * game points, games, wins: over games against counted opponents for a
          counted player, over all his games for an uncounted one; byes of started
          rounds add ``bye points``; draws = 2 × (game points − wins);
        * SB = Σ own score × opponent's points; KS = Σ own score against opponents
          with points ≥ max score / 2 (max score = games against counted players +
          bye points × scheduled byes); both 0 for an uncounted player;
        * DE: R0 = shared rank on (points, tie-breaks placed before DE); level k
          scores each player's mean pair scores against the players sharing
          R(k-1), R(k) refines R(k-1) by that score (``n - 1`` levels cover any
          chain of reapplications); only applied if every pair of the R0 group met;
        * final rank: shared rank on (R(last), tie-breaks placed after DE);
          uncounted players follow, by number.
        """
        n, Sc, R = self.n, Scalars, RoundsCols
        last = n + 1
        cyc = self.cycles
        pairs = {key: len(v) for key, v in self.meetings.items()}
        if len(pairs) != n * (n - 1) // 2 or set(pairs.values()) != {cyc}:
            raise ValueError("the event workbook needs a complete round-robin schedule")
        levels, col, mx = max(1, n - 1), self.cc, self.mx
        tables = mx + n + 1    # constants: B.02 8.1(a) dp by hundredths, 8.1(b) as PD edges
        # (PD = how many are ≤ D, any sign: rating.pd_edges) after a floor
        for name, c in col.items():
            s.set(1, c, name, "header", text=True)
        for start, name in ((mx, "games"), (tables, "dp"), (tables + 1, "PD edges")):
            s.set(1, start, name, "header", text=True)
        for h in range(101):
            s.set(2 + h, tables, fide_dp(h))
        edges = (PTP_FLOOR,) + pd_edges()
        for index, low in enumerate(edges):
            s.set(2 + index, tables + 1, low)
        dp_range = f"{ref(2, tables, True, True)}:{ref(102, tables, True, True)}"
        edge_range = f"{ref(2, tables + 1, True, True)}:{ref(1 + len(edges), tables + 1, True, True)}"

        def a(r: int, name: str) -> str:
            return ref(r, col[name])

        columns: dict[str, str] = {}

        def vcol(name: str) -> str:
            found = columns.get(name)
            if found is None:
                found = columns[name] = f"{ref(2, col[name], True, True)}:{ref(last, col[name], True, True)}"
            return found

        def mcol(start: int, i: int) -> str:
            """Column of player i in the matrix starting at column ``start``."""
            return f"{ref(2, start + i - 1, True, True)}:{ref(last, start + i - 1, True, True)}"

        sc = self.scalar
        # scalars
        tb_range = _sheet_range(self.s_settings, SettingsRows.TB_FIRST, 2,
                                SettingsRows.TB_FIRST + TIEBREAK_SLOTS - 1, 2)
        scalars = {
            Sc.STARTED: ("started", f"=IF(SUM({quote_sheet(self.s_rounds)}!{ref(2, R.TYPED, True, True)}:"
                                    f"{ref(max(self.rounds_last_row, 2), R.TYPED, True, True)})>0,1,0)"),
            Sc.POS_DE: ("pos DE", f'=IFERROR(MATCH("DE",{tb_range},0),99)'),
            Sc.POS_SB: ("pos SB", f'=IFERROR(MATCH("SB",{tb_range},0),99)'),
            Sc.POS_WIN: ("pos WIN", f'=IFERROR(MATCH("WIN",{tb_range},0),99)'),
            Sc.POS_KS: ("pos KS", f'=IFERROR(MATCH("KS",{tb_range},0),99)'),
            Sc.RULE: ("C.05 rule", f'=IF({self.settings(SettingsRows.WITHDRAWN_RULE)}="{self.L["yes"]}",1,0)'),
            Sc.BYE_POINTS: ("bye points", f"=N({self.settings(SettingsRows.BYE_POINTS)})"),
            Sc.UNCOUNTED: ("uncounted", f"={n}-SUM({vcol('counted')})"),
            Sc.MAX_SCORE: ("max score", f"=MAX({vcol('max_score')})"),
            Sc.KOYA: ("koya threshold", f"={sc(Sc.MAX_SCORE)}/2"),
            Sc.LAST_ROUND: ("last round with a result",
                            f"=MAX({quote_sheet(self.s_rounds)}!{ref(2, R.TYPED, True, True)}:"
                            f"{ref(max(self.rounds_last_row, 2), R.TYPED, True, True)})"),
            Sc.ALL_RATED: ("every counted player rated",
                           f"=IF(SUMPRODUCT({vcol('counted')},({vcol('rated')}=0)*1)=0,1,0)"),
        }
        for row, (label, formula) in scalars.items():
            s.set(row, SCALAR_LABEL_COL, label, text=True)
            s.formula(row, SCALAR_COL, formula)
        # the games matrix: player i (column) against opponent j (row 1 + j), his games in one number
        # (pair_code); column i lines up with the per-player columns
        rounds = self.s_rounds

        # each side's code of a game on the Rounds sheet (WHITE_CODE, BLACK_CODE: pair_code's number of
        # one game in cycle 0), as Calc reads it (``_sheet_ref`` of each column, from its prefix)
        code_at = {True: _sheet_ref(rounds, 1, R.WHITE_CODE)[:-1], False: _sheet_ref(rounds, 1, R.BLACK_CODE)[:-1]}

        def pair(s: RowBuffer, i: int, j: int) -> None:
            """The games matrix's cell of player i (column) against opponent j (row 1 + j): the sum of
            his codes of their games, the k-th meeting's game moved to base-64 digit k (its score
            and count, below 1024, stay where they are)."""
            key = (min(i, j), max(i, j))
            terms = []
            for k, (grow, low_is_white, _) in enumerate(self.meetings[key]):
                x = f"{code_at[low_is_white == (i == key[0])]}{grow}"
                terms.append(x if k == 0 else f"{x}*{64 ** k}-{64 ** k - 1}*MOD({x},1024)")
            s.formula(1 + j, mx + i - 1, "=" + "+".join(terms))

        cnt_col = vcol("counted")
        wcol = f"{ref(2, R.WHITE_NO, True, True)}:{ref(self.rounds_last_row, R.WHITE_NO, True, True)}"
        bcol = f"{ref(2, R.BLACK_NO, True, True)}:{ref(self.rounds_last_row, R.BLACK_NO, True, True)}"
        byef = f"{ref(2, R.BYE, True, True)}:{ref(self.rounds_last_row, R.BYE, True, True)}"
        q = quote_sheet(rounds) + "!"
        withdrawn_range = _sheet_range(self.s_players, PlayersCols.FIRST_ROW, PlayersCols.WITHDRAWN,
                                       PlayersCols.FIRST_ROW + n - 1, PlayersCols.WITHDRAWN)
        pos = {"DE": sc(Sc.POS_DE)}
        sched_byes = {p: 0 for p in range(1, n + 1)}
        for rnd in self.event.schedule.rounds:
            for p in rnd.byes:
                sched_byes[p] += 1

        def lex(keys: list[str], r: int) -> str:
            """SUMPRODUCT factor: 1 where a player is better than row r on ``keys`` (in order)."""
            better = f"({vcol(keys[-1])}>{a(r, keys[-1])})"
            for key in reversed(keys[:-1]):
                better = f"(({vcol(key)}>{a(r, key)})+({vcol(key)}={a(r, key)})*{better})"
            return better

        def slot_value(k: int, r: int) -> str:
            """The sort key of slot k's tie-break for row r (higher is better: TPN negated)."""
            slot = self.settings(SettingsRows.TB_FIRST + k)
            codes = [c for c in TIEBREAK_CODES if c != "DE"]
            return "".join(f'IF({slot}="{code}",{"-" if code == "TPN" else ""}{a(r, _calc_name(code))},'
                           for code in codes) + "0" + ")" * len(codes)

        # the columns whose formula is the same on every player's row, moved down (shared formulas)
        groups: list[SharedFormula] = []

        def shared(name: str, make: Callable[[int], str]) -> None:
            groups.append(SharedFormula(col[name], 2, last, make))

        shared("points", lambda r: f"={a(r, 'game_points')}+{a(r, 'byes')}*{sc(Sc.BYE_POINTS)}")
        shared("draws", lambda r: f"=2*{a(r, 'game_points')}-2*{a(r, 'wins')}")
        shared("losses", lambda r: f"={a(r, 'played')}-{a(r, 'wins')}-{a(r, 'draws')}")
        shared("percent", lambda r: f"=IF({a(r, 'played')}>0,{a(r, 'game_points')}/{a(r, 'played')},0)")
        shared("WIN", lambda r: f"={a(r, 'wins')}+IF({sc(Sc.BYE_POINTS)}=1,{a(r, 'byes')},0)")
        def before_de(r: int, k: int) -> str:
            return f"=IF({k + 1}<{pos['DE']},{slot_value(k, r)},0)"

        def after_de(r: int, k: int) -> str:
            return f"=IF({k + 1}>{pos['DE']},{slot_value(k, r)},0)"

        for k in range(TIEBREAK_SLOTS):
            shared(f"pk{k + 1}", partial(before_de, k=k))
            shared(f"qk{k + 1}", partial(after_de, k=k))
        pre = ["points"] + [f"pk{k + 1}" for k in range(TIEBREAK_SLOTS)]
        # his column of the games matrix, found by his number (so that the formula is the same on
        # every row): INDEX(matrix, 0, number) is that column, read whole inside SUMPRODUCT
        matrix = f"{ref(2, mx, True, True)}:{ref(last, mx + n - 1, True, True)}"

        def own_column(r: int) -> str:
            return f"INDEX({matrix},0,{ref(r, col['number'], abs_col=True)})"

        # Σ round × his points against counted opponents and from byes (the Rounds sheet's WHITE_PS, BLACK_PS)
        wps, bps = (f"{q}{ref(2, c, True, True)}:{ref(self.rounds_last_row, c, True, True)}"
                    for c in (R.WHITE_PS, R.BLACK_PS))
        shared("ps_rounds", lambda r: f"=SUMIF({q}{wcol},{a(r, 'number')},{wps})"
                                      f"+SUMIF({q}{bcol},{a(r, 'number')},{bps})")
        shared("met", lambda r: f"=SUMPRODUCT(({own_column(r)}>0)*({vcol('r0')}={a(r, 'r0')}))")

        # the cuts take the k-th smallest of an array with one entry a game (a row an opponent, a
        # column a cycle: game_array), where a game left out divides by 0: AGGREGATE(15, 6, …, k)
        # is SMALL ignoring errors, and evaluates its array argument itself (Excel 2010+, LibreOffice)
        def sb_keys(r: int) -> str:
            """SB keys: opponent's points × 8192 (a multiple of 4096: points are halves) + the product
            (< 4096), one per game with a result against a counted opponent, for a counted player."""
            x, points = own_column(r), vcol("points")
            return (f"({points}*8192+{game_array(x, cyc, 'points')}*{points})/"
                    f"({game_array(x, cyc, 'done')}*{cnt_col}*{a(r, 'counted')})")

        def aro_keys(r: int) -> str:
            """ARO keys: the opponent's rating, one per game over the board against a counted opponent."""
            return f"{vcol('rating')}/({game_array(own_column(r), cyc, 'otb')}*{cnt_col}*{a(r, 'counted')})"

        def smallest(keys: str, k: str) -> str:
            return f"AGGREGATE(15,6,{keys},{k})"

        # SB Cut-n leaves out the n smallest keys' products (C.07 14.1.1: lowest score, then product)
        shared("SB_C1", lambda r: f"=IF({a(r, 'counted')}=1,{a(r, 'SB')}-IFERROR(MOD({smallest(sb_keys(r), '1')},"
                                  f"4096),0),0)")
        shared("SB_C2", lambda r: f"=IF({a(r, 'counted')}=1,{a(r, 'SB_C1')}-IFERROR(MOD({smallest(sb_keys(r), '2')},"
                                  f"4096),0),0)")
        # ARO Cut-c / Median-c (14.1, 14.3): without the c lowest (and c highest) opponents' ratings
        for name, low, high in (("ARO_C1", 1, 0), ("ARO_C2", 2, 0), ("ARO_M1", 1, 1), ("ARO_M2", 2, 2)):
            def cut(r: int, low: int = low, high: int = high) -> str:
                tg, keys = a(r, "tgames"), aro_keys(r)
                left = [smallest(keys, str(k)) for k in range(1, low + 1)]
                left += [smallest(keys, f"{tg}-{k}") for k in range(high)]
                return (f"=IF(AND({a(r, 'counted')}=1,{sc(Sc.ALL_RATED)}=1,{tg}>{low + high}),"
                        f"ROUND(({a(r, 'tsum')}-" + "-".join(left) + f")/({tg}-{low + high}),0),0)")
            shared(name, cut)
        # PTP's bisection starts from the lowest opponent − 800 (see rows())
        shared("ptp0", lambda r: f"=IFERROR({smallest(aro_keys(r), '1')}-800,0)")

        def mean(r: int) -> str:
            """His mean score against each opponent (one game a pair: the score)."""
            x = own_column(r)
            score, games = pair_figure(x, cyc, "score"), pair_figure(x, cyc, "games")
            return score if cyc == 1 else f"({score}/({games}+({games}=0)))"

        # Each level after the first is worked out only when the level before it moved someone
        # (``moved``, a cell under the players of each r column: 1 when Σ r(k) > Σ r(k-1), that is
        # when some r grew, since r(k) ≥ r(k-1) everywhere); otherwise it repeats the level before,
        # which is what it would compute (equal r, so equal DE scores and no one better): the same
        # values, and a finished tie costs one IF a cell instead of one SUMPRODUCT over n cells.
        moved_row = last + 1

        def moved(k: int) -> str:
            return ref(moved_row, col[f"r{k}"], abs_row=True, abs_col=True)

        def de_level(r: int, k: int) -> str:
            score = f"IF({a(r, 'gate')}=1,SUMPRODUCT({mean(r)}*({vcol(f'r{k - 1}')}={a(r, f'r{k - 1}')})),0)"
            return f"={score}" if k == 1 else f"=IF({moved(k - 1)}=0,{a(r, f'de{k - 1}')},{score})"

        for k in range(1, levels + 1):
            shared(f"de{k}", partial(de_level, k=k))
        shared("tied", lambda r: f"=COUNTIF({vcol('r0')},{a(r, 'r0')})")
        shared("de_ok", lambda r: f"=IF({a(r, 'met')}={a(r, 'tied')}-1,1,0)")
        shared("gate", lambda r: f"=IF(AND({a(r, 'counted')}=1,{pos['DE']}<99,"
                                 f"COUNTIFS({vcol('r0')},{a(r, 'r0')},{vcol('de_ok')},0)=0),1,0)")
        def r_level(r: int, k: int) -> str:
            below = a(r, f"r{k - 1}")
            grown = f"{below}+SUMPRODUCT(({vcol(f'r{k - 1}')}={below})*({vcol(f'de{k}')}>{a(r, f'de{k}')}))"
            return f"={grown}" if k == 1 else f"=IF({moved(k - 1)}=0,{below},{grown})"

        for k in range(1, levels + 1):
            shared(f"r{k}", partial(r_level, k=k))
        shared("DE", lambda r: f"={a(r, 'de1')}")
        final = f"r{levels}"
        post_keys = [f"qk{k + 1}" for k in range(TIEBREAK_SLOTS)]
        shared("rank", lambda r: f"=IF({a(r, 'counted')}=1,1+SUMPRODUCT({vcol('counted')}*(({vcol(final)}<{a(r, final)})"
                                 f"+({vcol(final)}={a(r, final)})*{lex(post_keys, r)})),"
                                 f"SUM({vcol('counted')})+COUNTIF({ref(2, col['counted'], True, True)}:"
                                 f"{a(r, 'counted')},0))")
        shared("position", lambda r: f'=COUNTIF({vcol("rank")},"<"&{a(r, "rank")})'
                                     f"+COUNTIF({ref(2, col['rank'], True, True)}:{a(r, 'rank')},{a(r, 'rank')})")

        koya_limits = [(code, c.limit) for code, c in ((code, parse_code(code)) for code in TIEBREAK_CODES)
                       if c.base == "KS" and c.limit]

        def rows() -> Iterator[tuple[int, dict]]:
            """Row 1 + i: player i's figures and the games matrix's row of opponent i."""
            s = RowBuffer()
            for i in range(1, n + 1):
                r = 1 + i
                x = mcol(mx, i)
                s_row, w_row, g_row = (pair_figure(x, cyc, name) for name in ("score", "wins", "games"))
                counted = a(r, "counted")
                s.set(r, col["number"], i)
                s.formula(r, col["withdrawn"], f"=IF(LEN(TRIM(INDEX({withdrawn_range},{i})))>0,1,0)")
                s.formula(r, col["completed"], f"=SUMPRODUCT({pair_figure(x, cyc, 'otb_games')})")
                s.set(r, col["scheduled"], (n - 1) * cyc)
                s.set(r, col["sched_byes"], sched_byes[i])
                s.formula(r, col["counted"], f"=IF(AND({sc(Sc.RULE)}=1,{a(r, 'withdrawn')}=1,"
                                             f"2*{a(r, 'completed')}<{a(r, 'scheduled')}),0,1)")
                if self.bye_rows:
                    s.formula(r, col["byes"], f"=SUMIF({q}{wcol},{i},{q}{byef})")
                else:
                    s.set(r, col["byes"], 0)
                s.formula(r, col["game_points"], f"=IF({counted}=1,SUMPRODUCT({s_row},{cnt_col}),SUMPRODUCT({s_row}))")
                s.formula(r, col["played"], f"=IF({counted}=1,SUMPRODUCT({g_row},{cnt_col}),SUMPRODUCT({g_row}))")
                s.formula(r, col["wins"], f"=IF({counted}=1,SUMPRODUCT({w_row},{cnt_col}),SUMPRODUCT({w_row}))")
                s.formula(r, col["SB"], f"=IF({counted}=1,SUMPRODUCT({s_row},{cnt_col},{vcol('points')}),0)")
                s.formula(r, col["KS"], f"=IF({counted}=1,SUMPRODUCT({s_row},{cnt_col},({vcol('points')}>={sc(Sc.KOYA)})*1),0)")
                s.formula(r, col["max_score"], f"={counted}*({a(r, 'scheduled')}-{cyc}*{sc(Sc.UNCOUNTED)}"
                                               f"+{sc(Sc.BYE_POINTS)}*{a(r, 'sched_byes')})")
                # FIDE tie-breaks (docs/standings.md, "More FIDE tie-breaks"): Koya limits, cuts, own record
                for code, limit in koya_limits:
                    s.formula(r, col[_calc_name(code)], f"=IF({counted}=1,SUMPRODUCT({s_row},{cnt_col},"
                                                        f"({vcol('points')}>={sc(Sc.KOYA)}+{limit}/2)*1),0)")
                for name, figure in (("WON", "otb_wins"), ("BPG", "black_games"), ("BWG", "black_wins")):
                    m_row = pair_figure(x, cyc, figure)
                    s.formula(r, col[name], f"=IF({counted}=1,SUMPRODUCT({m_row},{cnt_col}),SUMPRODUCT({m_row}))")
                s.set(r, col["TPN"], i)
                # rating performance (B.02; addin.systems.standings.performance): every game over the board
                # against a rated opponent, also against a player the standings do not count
                ratings = _sheet_range(self.s_players, PlayersCols.FIRST_ROW, PlayersCols.RATING,
                                       PlayersCols.FIRST_ROW + n - 1, PlayersCols.RATING)
                s.formula(r, col["rating"], f"=N(INDEX({ratings},{i}))")
                s.formula(r, col["rated"], f"=IF({a(r, 'rating')}>0,1,0)")
                o_row, os_row = pair_figure(x, cyc, "otb_games"), pair_figure(x, cyc, "otb_score")
                s.formula(r, col["rgames"], f"=SUMPRODUCT({o_row},{vcol('rated')})")
                s.formula(r, col["rscore"], f"=SUMPRODUCT({os_row},{vcol('rated')})")
                g = a(r, "rgames")
                s.formula(r, col["aro"], f'=IF({g}>0,ROUND(SUMPRODUCT({o_row},{vcol("rating")})/{g},0),"")')
                s.formula(r, col["tpr"], f'=IF({g}>0,{a(r, "aro")}+INDEX({dp_range},ROUND(100*{a(r, "rscore")}/{g},0)+1),"")')
                # expected score in hundredths: Σ over his games against rated opponents of PD(D), D his
                # rating minus the opponent's, counted as ±400 beyond (B.02 8.3); PD(D) = MATCH(D, floor
                # + PD edges) − 1 (rating.pd_edges), the clamp written with comparisons (no IF in an array)
                d = f"({a(r, 'rating')}-{vcol('rating')})"
                s.formula(r, col["rexp"], f'=IF(AND({a(r, "rating")}>0,{g}>0),SUMPRODUCT({o_row},{vcol("rated")},'
                                          f'MATCH({d}-({d}>400)*({d}-400)-({d}<-400)*({d}+400),{edge_range},1))'
                                          f'-{g},"")')
                s.formula(r, col["rchange"], f'=IF(AND({a(r, "rating")}>0,{g}>0),{self.settings(SettingsRows.K_FACTOR)}*'
                                             f'(100*{a(r, "rscore")}-{a(r, "rexp")})/100,"")')
                # C.07 art. 10 and 7.6-7.7 in a round-robin (15.2): over-the-board games against counted
                # players; every rating tie-break is 0 unless every counted player has a rating
                s.formula(r, col["tgames"], f"=SUMPRODUCT({o_row},{cnt_col})")
                s.formula(r, col["tscore"], f"=SUMPRODUCT({os_row},{cnt_col})")
                s.formula(r, col["tsum"], f"=SUMPRODUCT({o_row},{cnt_col},{vcol('rating')})")
                tg = a(r, "tgames")
                rated_ok = f"AND({counted}=1,{sc(Sc.ALL_RATED)}=1"
                s.formula(r, col["RTNG"], f"=IF({rated_ok}),{a(r, 'rating')},0)")
                s.formula(r, col["ARO"], f"=IF({rated_ok},{tg}>0),ROUND({a(r, 'tsum')}/{tg},0),0)")
                s.formula(r, col["TPR"], f"=IF({rated_ok},{tg}>0),{a(r, 'ARO')}+INDEX({dp_range},"
                                         f"ROUND(100*{a(r, 'tscore')}/{tg},0)+1),0)")
                # STD (7.7) with 1-½-0 scoring is the points: a forfeit win is more than a draw, a bye
                # is worth its points; REP (7.6): games over the board + forfeit wins + byes worth 1
                # APRO (10.4): the mean of the TPR of his over-the-board opponents (counted), 0.5 up
                s.formula(r, col["APRO"], f"=IF({rated_ok},{tg}>0),ROUND(SUMPRODUCT({o_row},{cnt_col},"
                                          f"{vcol('TPR')})/{tg},0),0)")
                # PTP (10.3): the lowest whole R with Σ PD(R − r) ≥ his score over the same games, PD of the
                # whole 8.1(b) table (no 400 cut). Σ PD grows with R, so a bisection of fixed steps 2^12 … 1
                # from lo = lowest opponent − 800 (Σ PD = 0 there) keeps lo below the answer and ends on
                # answer − 1 (the answer is at most the highest opponent + 736: spreads up to 6,656 points).
                # Σ PD(R − r) = Σ over his games of MATCH(R − r, floor + PD edges) − 1 (rating.pd_edges).
                # A zero score gives the lowest opponent − 800, as rating.ptp does.
                target = f"100*{a(r, 'tscore')}+{tg}"
                for k in range(1, PTP_STEPS + 1):
                    step, lo = 2 ** (PTP_STEPS - k), a(r, f"ptp{k - 1}")
                    s.formula(r, col[f"ptp{k}"], f"={lo}+IF(SUMPRODUCT({o_row},{cnt_col},MATCH({lo}+{step}-"
                                                 f"{vcol('rating')},{edge_range},1))<{target},{step},0)")
                s.formula(r, col["PTP"], f"=IF({rated_ok},{tg}>0),IF({a(r, 'tscore')}=0,{a(r, 'ptp0')},"
                                         f"{a(r, f'ptp{PTP_STEPS}')}+1),0)")
                # APPO (10.5): the mean of his over-the-board opponents' PTP, 0.5 up (exact: INT of a ratio)
                s.formula(r, col["APPO"], f"=IF({rated_ok},{tg}>0),INT((2*SUMPRODUCT({o_row},{cnt_col},"
                                          f"{vcol('PTP')})+{tg})/(2*{tg})),0)")
                s.formula(r, col["STD"], f"=IF({counted}=1,{a(r, 'points')},0)")
                s.formula(r, col["REP"], f"=IF({counted}=1,{tg}+{a(r, 'WIN')}-{a(r, 'WON')},0)")
                # PS (7.5, Cut-c 14.1): Σ over rounds c+1..L (L the last round with a result) of his score
                # after each round = Σ over rounds ρ of s(ρ) × (L + 1 - max(ρ, c + 1))
                # = (L + 1) × points - Σ ρ s(ρ) - Σ over ρ ≤ c of s(ρ)(c + 1 - ρ), 0 when L ≤ c
                early = {rnd_no: self._round_score(i, rnd_no, a) for rnd_no in (1, 2)}
                cuts = {0: "", 1: f"-{early[1]}", 2: f"-2*{early[1]}-{early[2]}"}
                for c, name in ((0, "PS"), (1, "PS_C1"), (2, "PS_C2")):
                    s.formula(r, col[name], f"=IF(AND({counted}=1,{sc(Sc.LAST_ROUND)}>{c}),({sc(Sc.LAST_ROUND)}+1)*"
                                            f"{a(r, 'points')}-{a(r, 'ps_rounds')}{cuts[c]},0)")
                s.formula(r, col["r0"], f"=IF({counted}=1,1+SUMPRODUCT({vcol('counted')}*{lex(pre, r)}),{100000 + i})")
                for group in groups:
                    s.share(r, group)
                for other in range(1, n + 1):
                    if other != i:
                        pair(s, other, i)
                yield from s.take()
            for k in range(1, levels):  # the last level's is read by no one
                s.formula(moved_row, col[f"r{k}"], f"=IF(SUM({vcol(f'r{k}')})>SUM({vcol(f'r{k - 1}')}),1,0)")
            yield from s.take()

        s.stream(rows)

    def _round_score(self, i: int, rnd_no: int, a) -> str:
        """Player i's points in round ``rnd_no`` against a counted opponent or from a bye (0 without a round)."""
        R = RoundsCols
        if rnd_no > len(self.event.schedule.rounds):
            return "0"
        for game in self.event.schedule.rounds[rnd_no - 1].games:
            if i in (game.white, game.black):
                row = self.game_row[(rnd_no, game.board)]
                opp = game.black if i == game.white else game.white
                code = _sheet_ref(self.s_rounds, row, R.WHITE_CODE if i == game.white else R.BLACK_CODE)
                return f"(MOD({code},32)/2*{a(1 + opp, 'counted')})"
        for b_rnd, p, brow in self.bye_rows:
            if b_rnd == rnd_no and p == i:
                return f"({_sheet_ref(self.s_rounds, brow, R.BYE)}*{self.scalar(Scalars.BYE_POINTS)})"
        return "0"

    # -- Crosstable -----------------------------------------------------------
    def _crosstable(self, s: SheetLayout) -> None:
        L, n, cyc = self.L, self.n, self.cycles
        R = RoundsCols
        s.set(1, 1, L["crosstable_title"], "title", text=True)
        self._after_round(s, 2)
        hr = 3
        s.set(hr, 1, L["number"], "header", text=True)
        s.set(hr, 2, L["name"], "header", text=True)
        first = 3
        for j in range(1, n + 1):
            col = first + (j - 1) * cyc
            s.set(hr, col, j, "header")
            if cyc > 1:
                s.merge(hr, col, hr, col + cyc - 1)
                for k in range(1, cyc):
                    s.set(hr, col + k, None, "header")
        has_byes = bool(self.bye_rows)
        bye_col = first + n * cyc
        pts_col = bye_col + (1 if has_byes else 0)
        if has_byes:
            s.set(hr, bye_col, L["bye_short"], "header", text=True)
        s.set(hr, pts_col, L["points"], "header", text=True)
        s.set(hr, pts_col + 1, L["rank"], "header", text=True)
        names = _sheet_range(self.s_players, PlayersCols.FIRST_ROW, PlayersCols.NAME,
                             PlayersCols.FIRST_ROW + n - 1, PlayersCols.NAME)
        started = self.calc(Scalars.STARTED, SCALAR_COL)
        bye_points = self.calc(Scalars.BYE_POINTS, SCALAR_COL)

        def rows() -> Iterator[tuple[int, dict]]:
            """Row hr + i: player i's games, byes, points and rank."""
            s = RowBuffer()
            for i in range(1, n + 1):
                row = hr + i
                st = self.standing[i]
                s.set(row, 1, i, "center")
                s.formula(row, 2, f"=INDEX({names},{i})&\"\"", "xt_name", cached=self.names[i])
                for j in range(1, n + 1):
                    col = first + (j - 1) * cyc
                    if i == j:
                        for k in range(cyc):
                            s.set(row, col + k, None, "diagonal")
                        continue
                    key = (min(i, j), max(i, j))
                    meet = self.meetings.get(key, [])
                    for k in range(cyc):
                        if k >= len(meet):
                            s.set(row, col + k, None, "xt_cell")
                            continue
                        grow, low_is_white, game = meet[k]
                        i_white = low_is_white == (i == key[0])
                        view = _sheet_ref(self.s_rounds, grow, R.WHITE_VIEW if i_white else R.BLACK_VIEW)
                        s.formula(row, col + k, f"={view}", "xt_cell", cached=_view(self.effective.get(game), i_white))
                if has_byes:
                    s.formula(row, bye_col, f'=IF({self.calc(1 + i, self.cc["byes"])}>0,'
                                            f'{self.calc(1 + i, self.cc["byes"])}*{bye_points},"")', "xt_cell",
                              cached=st.byes * self.event.bye_points if st.byes else "")
                s.formula(row, pts_col, f'=IF({started}=1,{self.calc(1 + i, self.cc["points"])},"")', "xt_cell",
                          cached=st.points if self.started else "")
                s.formula(row, pts_col + 1, f'=IF({started}=1,{self.calc(1 + i, self.cc["rank"])},"")', "rank",
                          cached=st.rank if self.started else "")
                yield from s.take()

        s.stream(rows)
        last_cell = ref(hr + n, first + n * cyc - 1)
        block = f"{ref(hr + 1, first)}:{last_cell}"
        s.conditional = [ConditionalFill(block, ("1", "+"), "xt_win"),
                         ConditionalFill(block, ("½",), "xt_draw"),
                         ConditionalFill(block, ("0", "-"), "xt_loss")]
        s.width(1, 5)
        s.width(2, 24)
        for c in range(first, bye_col):
            s.width(c, 3.6 if cyc == 1 else 2.6)
        if has_byes:
            s.width(bye_col, 8)
        s.width(pts_col, 6)
        s.width(pts_col + 1, 6)
        self._crosstable_remarks(s, hr, pts_col + 2)
        s.freeze = ref(hr + 1, 3)
        s.protect = self.protect
        last_col = col_letter(pts_col + 2)
        s.print_setup = PrintSetup(area=(f"A1:{last_col}{hr + n}",), repeat_rows=(hr, hr), fit_width=1,
                                   orientation="landscape" if n * cyc > 8 else "portrait")

    def _crosstable_remarks(self, s: SheetLayout, hr: int, col: int) -> None:
        """The crosstable's last column: a withdrawn player's "abandon ronde R" (his games from then
        on show the forfeits, "+" and "-"), from the Players sheet's withdrawal cell."""
        L, n = self.L, self.n
        s.set(hr, col, L["remark"], "header", text=True)
        withdrawals = _sheet_range(self.s_players, PlayersCols.FIRST_ROW, PlayersCols.WITHDRAWN,
                                   PlayersCols.FIRST_ROW + n - 1, PlayersCols.WITHDRAWN)
        for i in range(1, n + 1):
            w = f"INDEX({withdrawals},{i})"
            s.formula(hr + i, col, f'=IF(ISNUMBER({w}),"{L["withdrawn_short"]}"&{w},'
                                   f'IF(LEN(TRIM({w}&""))>0,"{L["withdrawn_mark"]}",""))', "xt_name",
                      cached=self._withdrawal_text(i, short=True))
        s.width(col, 11)

    def _after_round(self, s: SheetLayout, row: int) -> None:
        """A line saying after which round the figures are (the last round with a typed result)."""
        L = self.L
        last = self.calc(Scalars.LAST_ROUND, SCALAR_COL)
        rounds = len(self.event.schedule.rounds)
        s.formula(row, 1, f'=IF({last}=0,"{L["no_result_yet"]}","{L["after_round"]} "&{last}&" / {rounds}")',
                  "subtitle", cached=L["no_result_yet"] if self.last_round == 0
                  else f"{L['after_round']} {self.last_round} / {rounds}")

    # -- Standings --------------------------------------------------------------
    def _standings(self, s: SheetLayout) -> None:
        L, n = self.L, self.n
        s.set(1, 1, L["standings_title"], "title", text=True)
        self._after_round(s, 2)
        hr = STANDINGS_HEADER_ROW
        fixed = STANDINGS_FIELDS[:STANDINGS_FIELDS.index("tb1")]
        for col, key in enumerate(fixed, 1):
            s.set(hr, col, L[key], "header", text=True)
        started = self.calc(Scalars.STARTED, SCALAR_COL)
        position = self.calc_col('position')
        names = _sheet_range(self.s_players, PlayersCols.FIRST_ROW, PlayersCols.NAME,
                             PlayersCols.FIRST_ROW + n - 1, PlayersCols.NAME)
        counted = lambda no: f'INDEX({self.calc_col("counted")},{no})=1'  # noqa: E731
        sources = {"points": "points", "games": "played", "wins": "wins", "draws": "draws",
                   "losses": "losses", "percent": "percent", "SB": "SB", "DE": "DE", "WIN": "WIN",
                   "KS": "KS"}
        # a figure that does not apply is blank: SB, DE and Koya of a player not counted (C.05),
        # DE when it did not decide (alone on his score, or not every pair of the group met)
        applies = {"SB": counted, "KS": counted,
                   "DE": lambda no: f'AND({counted(no)},INDEX({self.calc_col("gate")},{no})=1,'
                                    f'INDEX({self.calc_col("tied")},{no})>1)'}
        styles = {"percent": "percent"}
        order = self.report.standings
        for k in range(1, n + 1):
            row = hr + k
            st = order[k - 1]
            no = ref(row, 2)
            s.formula(row, 2, f"=MATCH({k},{position},0)", "center", cached=st.number)
            s.formula(row, 1, f'=IF({started}=1,IF(INDEX({self.calc_col("counted")},{no})=1,'
                              f'INDEX({self.calc_col("rank")},{no}),"{L["not_counted"]}"),"")', "rank",
                      cached=(st.rank if st.counted else L["not_counted"]) if self.started else "")
            s.formula(row, 3, f'=INDEX({names},{no})&""', "cell", cached=self.names[st.number])
            for col, key in enumerate(fixed[3:], 4):
                value = f"INDEX({self.calc_col(sources[key])},{no})"
                if key in applies:
                    value = f'IF({applies[key](no)},{value},"")'
                s.formula(row, col, f'=IF({started}=1,{value},"")', styles.get(key, "number"),
                          cached=self._figure(st, key) if self.started else "")
        # the four chosen tie-breaks (Settings), whatever they are: header = the code, value = its figure
        first_tb = STANDINGS_FIELDS.index("tb1") + 1
        # each code's Calc column and whether it is blank where it does not apply (made once)
        chain = []
        for c in TIEBREAK_CODES:
            base = parse_code(c).base
            chain.append((c, self.calc_col(_calc_name(c)),
                          ("DE" if base == "DE" else "SB") if base in COUNTED_ONLY or base == "DE" else None))
        for k in range(TIEBREAK_SLOTS):
            col = first_tb + k
            slot = self.settings(SettingsRows.TB_FIRST + k)
            code = self.event.tiebreaks[k] if k < len(self.event.tiebreaks) else NO_TIEBREAK
            label = self.L[f"tb{k + 1}"]
            s.formula(hr, col, f'="{label} "&IF(LEN(TRIM({slot}))=0,"{NO_TIEBREAK}",{slot}&"")', "header",
                      cached=f"{label} {code}")
            for kk in range(1, n + 1):
                row = hr + kk
                st = order[kk - 1]
                no = ref(row, 2)
                parts = []
                for c, column, blank_unless in chain:
                    value = f"INDEX({column},{no})"
                    if blank_unless:
                        value = f'IF({applies[blank_unless](no)},{value},"")'
                    parts.append(f'IF({slot}="{c}",{value},')
                s.formula(row, col, f'=IF({started}=1,' + "".join(parts) + '""' + ")" * len(parts) + ',"")',
                          "number", cached=self._tb_figure(st, code) if self.started else "")
        last_col = first_tb + TIEBREAK_SLOTS
        self._standings_remarks(s, last_col)
        self._standings_legend(s)
        for col, width in zip(range(1, last_col + 1),
                              (15, 5, 28, 7, 8, 5, 5, 5, 8, 8, 7, 7, 7, 11, 11, 11, 11, 22)):
            s.width(col, width)
        # SB, DE, WIN and Koya are printed once: as the chosen tie-breaks (their fixed columns,
        # read by the checks, stay on the sheet, hidden)
        s.hidden_columns.update(range(STANDINGS_FIELDS.index("SB") + 1, STANDINGS_FIELDS.index("KS") + 2))
        s.freeze = ref(hr + 1, 4)
        s.protect = self.protect
        s.print_setup = PrintSetup(area=(f"A1:{col_letter(last_col)}{hr + n}",), repeat_rows=(hr, hr), fit_width=1,
                                   orientation="landscape")

    def _standings_remarks(self, s: SheetLayout, col: int) -> None:
        """The remark column of the standings: a withdrawn player's "abandon (ronde R)" (FIDE C.05:
        he plays no game from round R; "abandon" alone when no round is given), from the Players
        sheet's withdrawal cell, so the mark follows what the organiser types there."""
        L, hr, n = self.L, STANDINGS_HEADER_ROW, self.n
        s.set(hr, col, L["remark"], "header", text=True)
        withdrawals = _sheet_range(self.s_players, PlayersCols.FIRST_ROW, PlayersCols.WITHDRAWN,
                                   PlayersCols.FIRST_ROW + n - 1, PlayersCols.WITHDRAWN)
        for k in range(1, n + 1):
            row = hr + k
            number = self.report.standings[k - 1].number
            w = f"INDEX({withdrawals},{ref(row, 2)})"
            s.formula(row, col, f'=IF(ISNUMBER({w}),"{L["withdrawn_from"]} "&{w},'
                                f'IF(LEN(TRIM({w}&""))>0,"{L["withdrawn_mark"]}",""))', "cell",
                      cached=self._withdrawal_text(number))

    def _withdrawal_text(self, number: int, short: bool = False) -> str:
        """What a withdrawal remark shows for player ``number`` (the rule of its formula): "abandon
        ronde 5" (``short``: "abandon R5"), "abandon" without a round."""
        if number not in self.event.withdrawn:
            return ""
        rnd = self.event.withdrawn[number]
        if rnd is None:
            return self.L["withdrawn_mark"]
        return f"{self.L['withdrawn_short']}{rnd}" if short else f"{self.L['withdrawn_from']} {rnd}"

    def _standings_legend(self, s: SheetLayout) -> None:
        """Above the standings (rows 2 and 3, beside "after round"), what each chosen tie-break is
        (from the Settings sheet), and why Koya is 0 for everyone until a player has half the
        maximum score (C.07 9.2: it counts the points scored against those players)."""
        L = self.L
        parts, cached = [], []
        for k in range(TIEBREAK_SLOTS):
            slot = self.settings(SettingsRows.TB_FIRST + k)
            meaning = f"{quote_sheet(self.s_settings)}!{ref(SettingsRows.TB_FIRST + k, 3, True, True)}"
            parts.append(f'IF(LEN(TRIM({slot}))=0,"",'
                         f'"{" · " if k else ""}{L[f"tb{k + 1}"]} : "&{slot}&" = "&{meaning})')
            code = self.event.tiebreaks[k] if k < len(self.event.tiebreaks) else NO_TIEBREAK
            if code != NO_TIEBREAK:
                meaning_text = L["tb_" + code] if code in TIEBREAK_CODES else L["tb_none"]
                cached.append(f"{' · ' if k else ''}{L[f'tb{k + 1}']} : {code} = {meaning_text}")
        s.formula(3, 1, "=" + "&".join(parts), "muted", cached="".join(cached))
        threshold = self.calc(Scalars.KOYA, SCALAR_COL)
        slots = [self.settings(SettingsRows.TB_FIRST + k) for k in range(TIEBREAK_SLOTS)]
        chosen = "OR(" + ",".join(f'LEFT({slot}&"",2)="KS"' for slot in slots) + ")"
        shown = any(str(code).startswith("KS") for code in self.event.tiebreaks)
        s.formula(2, 4, f'=IF({chosen},"{L["koya_note_before"]} "&{half_text(threshold)}&" {L["koya_note_after"]}","")',
                  "muted", cached=f'{L["koya_note_before"]} {half(self.report.koya_threshold)} {L["koya_note_after"]}'
                  if shown else "")

    def _tb_figure(self, st, code: str):
        """What a chosen tie-break column shows for ``st`` (blank where the figure does not apply)."""
        if code == NO_TIEBREAK:
            return ""
        base = parse_code(code).base
        if base == "DE":
            return self._figure(st, "DE")
        if base in COUNTED_ONLY and not st.counted:
            return ""
        return st.value(code)

    def _figure(self, st, key: str):
        """The standings figure ``key`` of ``st`` as the sheet shows it (blank where it does not apply)."""
        if key in ("SB", "KS", "DE") and not st.counted:
            return ""
        if key == "DE" and not st.de_levels:
            return ""
        return {"points": st.points, "games": st.played, "wins": st.wins, "draws": st.draws,
                "losses": st.losses, "percent": st.percentage / 100, "SB": st.sb, "DE": st.de,
                "WIN": st.win, "KS": st.koya}[key]

    # -- Performance ----------------------------------------------------------
    def _performance(self, s: SheetLayout) -> None:
        """Each player's rating performance (B.02, C.07 10.1-10.2): the Calc figures, by pairing number."""
        L, n = self.L, self.n
        s.set(1, 1, L["perf_title"], "title", text=True)
        self._after_round(s, 2)
        hr = PERFORMANCE_HEADER_ROW
        for col, key in enumerate(PERFORMANCE_FIELDS, 1):
            s.set(hr, col, L[key], "header", text=True)
        names = _sheet_range(self.s_players, PlayersCols.FIRST_ROW, PlayersCols.NAME,
                             PlayersCols.FIRST_ROW + n - 1, PlayersCols.NAME)
        k_cell = self.settings(SettingsRows.K_FACTOR)
        for i in range(1, n + 1):
            row = hr + i
            p = self.perf[i]
            c = lambda name: self.calc(1 + i, self.cc[name])  # noqa: E731
            blank = lambda v: "" if v is None else v  # noqa: E731
            s.set(row, 1, i, "center")
            s.formula(row, 2, f'=INDEX({names},{i})&""', "cell", cached=self.names[i])
            s.formula(row, 3, f'=IF({c("rating")}>0,{c("rating")},"")', "number", cached=blank(self.ratings[i]))
            s.formula(row, 4, f"={c('rgames')}", "number", cached=p.games)
            s.formula(row, 5, f"={c('rscore')}", "number", cached=p.score)
            s.formula(row, 6, f"={c('aro')}", "number", cached=blank(p.aro))
            s.formula(row, 7, f"={c('tpr')}", "number", cached=blank(p.tpr))
            s.formula(row, 8, f'=IF(ISNUMBER({c("rexp")}),{c("rexp")}/100,"")', "number",
                      cached="" if p.expected is None else p.expected / 100)
            s.formula(row, 9, f'=IF(ISNUMBER({c("rexp")}),{k_cell},"")', "number",
                      cached="" if p.expected is None else self.event.k_factor)
            s.formula(row, 10, f"={c('rchange')}", "number", cached=blank(p.change))
        for col, width in zip(range(1, 11), (5, 28, 7, 9, 7, 9, 7, 9, 5, 9)):
            s.width(col, width)
        s.height(hr, 30)  # "Parties évaluées", "Score attendu" on two lines
        s.freeze = ref(hr + 1, 3)
        s.protect = self.protect
        s.print_setup = PrintSetup(area=(f"A1:J{hr + n}",), repeat_rows=(hr, hr), fit_width=1)

    # -- Cards ----------------------------------------------------------------
    def _cards(self, s: SheetLayout) -> None:
        """One block per round; several rounds share a page while they fit (A4, 1.5 cm margins)."""
        row = 1
        breaks = []
        page_used = 0.0
        starts = []  # (round, its byes, first row of its block)
        for rnd in self.event.schedule.rounds:
            byes = [b for b in self.bye_rows if b[0] == rnd.number]
            height = CARD_TITLE_PT + 2 * DEFAULT_ROW_PT + CARD_ROW_PT * (len(rnd.games) + len(byes)) + DEFAULT_ROW_PT
            if page_used and page_used + height > CARD_PAGE_PT:
                breaks.append(row - 1)
                page_used = 0.0
            page_used += height
            starts.append((rnd, byes, row))
            s.merge(row, 1, row, 5)
            s.height(row, CARD_TITLE_PT)
            row += 3
            for _ in range(len(rnd.games) + len(byes)):
                s.height(row, CARD_ROW_PT)
                row += 1
            row += 1
        s.stream(lambda: self._cards_rows(starts))
        for col, width in zip(range(1, 6), (8, 34, 12, 34, 18)):
            s.width(col, width)
        last = max(row - 1, 1)
        s.print_setup = PrintSetup(area=(f"A1:E{last}",), row_breaks=tuple(breaks), margins_cm=1.5, fit_width=1)

    def _cards_rows(self, starts) -> Iterator[tuple[int, dict]]:
        """The cells of each round's block (title, header, one row per game and per bye), in order."""
        L, R = self.L, RoundsCols
        title = self.event.title
        s = RowBuffer()
        for rnd, byes, row in starts:
            s.set(row, 1, f"{title + ' — ' if title else ''}{L['cards_title']} — {L['round']} {rnd.number}",
                  "card_title", text=True)
            row += 2
            for col, key in enumerate(("board", "white", "result", "black", "signature"), 1):
                s.set(row, col, L[key], "header", text=True)
            row += 1
            games = rnd.games
            if games:
                self._card_names(s, rnd, row)
            for game in games:
                s.set(row, 1, game.board, "card_center")
                row += 1
            if games:
                self._card_forfeits(s, rnd, row - len(games))
            for rn, player, brow in byes:
                s.set(row, 1, None, "card_center")
                s.formula(row, 2, f'={_sheet_ref(self.s_rounds, brow, R.WHITE_NO)}&" "&'
                                  f'{_sheet_ref(self.s_rounds, brow, R.WHITE)}', "card_cell",
                          cached=f"{player} {self.names[player]}")
                s.set(row, 3, L["bye"], "card_center", text=True)
                row += 1
            yield from s.take()

    def _card_names(self, s: RowBuffer, rnd, first: int) -> None:
        """White's and Black's number and name on the card rows of one round (rows ``first``…).

        The round's games lie on consecutive rows here and on the Rounds sheet, so each column is
        one formula filled down (``RowBuffer.fill``), its Rounds references moved with the row.
        """
        R, games = RoundsCols, rnd.games
        shift = self.game_row[(rnd.number, games[0].board)] - first
        if any(self.game_row[(rnd.number, g.board)] != first + shift + k for k, g in enumerate(games)):
            raise ValueError("the games of a round must follow each other on the Rounds sheet")
        rounds = quote_sheet(self.s_rounds)
        last = first + len(games) - 1
        for col, number, name, side in ((2, R.WHITE_NO, R.WHITE, "white"), (4, R.BLACK_NO, R.BLACK, "black")):
            def make(row: int, number: int = number, name: int = name) -> str:
                return f'={rounds}!{ref(row + shift, number)}&" "&{rounds}!{ref(row + shift, name)}'

            def shown(row: int, side: str = side) -> str:
                player = getattr(games[row - first], side)
                return f"{player} {self.names[player]}"

            s.fill(col, first, last, make, "card_cell", cached=shown)


    def _card_forfeits(self, s: RowBuffer, rnd, first: int) -> None:
        """The result and signature cells of one round's cards (rows ``first``…): blank to be filled
        in, except a game a withdrawn player will not play (FIDE C.05: he is absent from every game
        of the rounds from the one he withdrew from), which shows its forfeit ("0-1 F", "1-0 F",
        "0-0 F") and "forfait (abandon)" instead of a place to sign. From the Rounds sheet's absent
        helper, itself read from the Players sheet's withdrawal cells."""
        R, W, L, games = RoundsCols, WORKBOOK_CODES, self.L, rnd.games
        shift = self.game_row[(rnd.number, games[0].board)] - first
        rounds = quote_sheet(self.s_rounds)
        last = first + len(games) - 1

        def absent(row: int) -> str:
            return f"{rounds}!{ref(row + shift, R.ABSENT)}"

        since = {p: r for p, r in self.event.withdrawn.items() if r is not None}  # withdrawn from a round on

        def gone(row: int) -> int:
            if not since:  # most events: nobody withdrew (two calls a card row, 40,000 at 200 players)
                return 0
            game = games[row - first]
            return sum(k for k, p in ((1, game.white), (2, game.black)) if p in since and rnd.number >= since[p])

        forfeit = {0: "", 1: W["-+"], 2: W["+-"], 3: W["0-0"]}
        s.fill(3, first, last, lambda row: f'=IF({absent(row)}=3,"{W["0-0"]}",IF({absent(row)}=1,"{W["-+"]}",'
                                           f'IF({absent(row)}=2,"{W["+-"]}","")))', "card_result",
               cached=lambda row: forfeit[gone(row)])
        s.fill(5, first, last, lambda row: f'=IF({absent(row)}>0,"{L["withdrawal_forfeit"]}","")', "card_cell",
               cached=lambda row: L["withdrawal_forfeit"] if gone(row) else "")


def page_header(event: RoundRobinEvent, L: dict) -> tuple[str, str]:
    """The header and footer of every printed page: event, place and dates, chief arbiter; sheet and page."""
    return shared_page_header(event.title, event.place, event.dates, event.arbiter, L["page"],
                              L["arbiter"] + " : {name}")


def _calc_name(code: str) -> str:
    """The Calc column name of a tie-break code (``SB/C1`` -> ``SB_C1``, ``KS/L-1`` -> ``KS_Lm1``)."""
    return code.replace("/", "_").replace("+", "p").replace("-", "m")


def _view(code: str | None, i_white: bool) -> str:
    """The crosstable text of a result (canonical code) seen by White or by Black (``_view_formula``)."""
    if code is None:
        return ""
    white = {"1-0": "1", "0-1": "0", "1/2-1/2": "½", "+-": "+", "-+": "-", "0-0": "-"}
    black = {"1-0": "0", "0-1": "1", "1/2-1/2": "½", "+-": "-", "-+": "+", "0-0": "-"}
    return (white if i_white else black)[code]


def _view_formula(e: str, i_white: bool) -> str:
    """The crosstable text of a result cell ``e`` (workbook codes) seen by White or by Black."""
    return "=" + _by_result(e, {code: f'"{_view(code, i_white)}"' for code in RESULT_CODES}, '""')


def _by_result(e: str, values: Mapping[str, str], default: str) -> str:
    """An expression worth ``values[code]`` (formula text) when the cell ``e`` holds the workbook's
    spelling of the canonical ``code`` (``WORKBOOK_CODES``), else ``default``: nested IFs."""
    body = "".join(f'IF({e}="{WORKBOOK_CODES[code]}",{value},' for code, value in values.items())
    return body + default + ")" * len(values)


def _compress(cells: list[str]) -> list[str]:
    """Merge single cells of one column on consecutive rows into ``E5:E9`` blocks."""
    from addin.sheets.model import parse_ref

    out: list[str] = []
    start: int | None = None  # the block's first row (None before the first cell); prev, col: its last row, column
    prev = col = 0
    for cell in cells:
        r, c = parse_ref(cell)
        if start is not None and c == col and r == prev + 1:
            prev = r
            continue
        if start is not None:
            out.append(ref(start, col) if start == prev else f"{ref(start, col)}:{ref(prev, col)}")
        start = prev = r
        col = c
    if start is not None:
        out.append(ref(start, col) if start == prev else f"{ref(start, col)}:{ref(prev, col)}")
    return out
