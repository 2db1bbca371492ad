"""The Molter event workbook as a layout (seed 001, "Organisation matérielle
des tournois", "Classement des équipes" and the result-grid examples).

Sheets, in tab order (French names by default, English with ``lang="en"``):

``Équipes``       one row per team: letter, name, players in board order
                  (input cells, written as text);
``Ronde r``       the board list of round r: board, White, name, result
                  (drop-down list of result codes), Black, name, points;
``Grilles``       the result grid of every team as in the seed: per player and
                  round colour (b/n), opponent and result, the total, and the
                  bottom line "Départage / Place / Total";
``Classement``    the team standings, sorted by formulas;
``Cartons``       one card per board per round, "15. D4 – B4" (White first),
                  one fill colour per round, a page per round;
``Enveloppes``    one page per team: a slip per player with his symbol;
``Calcul``        (hidden) result codes, each player's points, the team keys,
                  the head-to-head matrix and the pairwise comparisons.

A result is typed in one place (the round sheet); everything else is a
formula that references it (architecture principle 4). The standings use
only functions Excel 2010+, Excel 365 and LibreOffice compute alike:

* team keys (``addin.systems.molter.ranking``): points, Berlin (Σ (P+1−k) × points of
  board k), individual wins (``COUNTIF(points, 1)``), head-to-head = points
  scored against the teams equal on the three first keys
  (``SUMPRODUCT((pts=pts_t)*(berlin=berlin_t)*(wins=wins_t), H_t)`` where
  ``H_t`` holds ``SUMIF`` of the points t scored per opposing team), then the
  points of board 1, 2, …;
* "u is ahead of t": the first key that differs is higher for u, computed as
  ``SUMPRODUCT(SIGN(keys_u − keys_t) * 2^(m−1 … 0)) > 0`` (the weights make
  the first non-zero difference outweigh all later ones);
* place = 1 + the number of teams ahead (ties share the place); the sorted
  table takes the teams by place, then letter (``COUNTIF`` positions and
  ``INDEX``/``MATCH``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from addin.systems.molter.grids import COLOUR_LETTERS, player_cells
from addin.systems.molter.model import Pairing, Seat
from addin.systems.molter.teams import Team
from addin.core.results import BLACK_FORFEIT_WIN, BLACK_WIN, DOUBLE_FORFEIT, DRAW, WHITE_FORFEIT_WIN, WHITE_WIN
from addin.sheets.model import (PrintSetup, SheetLayout, Style, WorkbookLayout, col_letter, quote_sheet,
                    range_ref, ref)

#: Result codes offered in the result cells, with the canonical code of
#: ``addin.core.results``. Forfeits are spelt "1-0 F", "0-1 F", "0-0 F": a cell
#: text starting with "+" or "-" would be taken for a formula when typed.
WORKBOOK_RESULTS: tuple[tuple[str, str], ...] = (
    ("1-0", WHITE_WIN),
    ("0-1", BLACK_WIN),
    ("1/2-1/2", DRAW),
    ("1-0 F", WHITE_FORFEIT_WIN),
    ("0-1 F", BLACK_FORFEIT_WIN),
    ("0-0 F", DOUBLE_FORFEIT),
)
_POINTS = {WHITE_WIN: (1, 0), BLACK_WIN: (0, 1), DRAW: (0.5, 0.5), WHITE_FORFEIT_WIN: (1, 0),
           BLACK_FORFEIT_WIN: (0, 1), DOUBLE_FORFEIT: (0, 0)}

#: One pale fill per round for the cards (seed: "des cartons de couleurs
#: différentes pour chaque ronde"), repeated after the last one.
ROUND_FILLS = ("FFF2CC", "DDEBF7", "E2EFDA", "FCE4D6", "EDE1F5", "D9F2F2", "F2F2F2", "FFE0E9",
               "E8F0C8", "D6E4F0", "F5E6C8", "E0E0F8", "CCF0E0")

LABELS: dict[str, dict[str, str]] = {
    "fr": {
        "teams_sheet": "Équipes", "round_sheet": "Ronde {r}", "grids_sheet": "Grilles",
        "standings_sheet": "Classement", "cards_sheet": "Cartons", "envelopes_sheet": "Enveloppes",
        "calc_sheet": "Calcul",
        "title": "Tournoi par équipes, système Molter",
        "shape": "{n} équipes de {p} joueurs, {r} rondes",
        "rounds_setting": "Rondes", "players_setting": "Joueurs par équipe",
        "team": "Équipe", "name": "Nom", "players": "Joueurs, dans l'ordre des échiquiers",
        "round": "Ronde {r}", "board": "Éch.", "white": "Blancs", "black": "Noirs",
        "white_name": "Nom (blancs)", "black_name": "Nom (noirs)", "result": "Résultat",
        "white_pts": "Pts blancs", "black_pts": "Pts noirs",
        "result_prompt": "1-0, 0-1, 1/2-1/2 ; forfaits : 1-0 F, 0-1 F, 0-0 F",
        "result_error": "Choisissez un résultat de la liste.",
        "grid_round": "{r}° RONDE", "colour": "Cou", "opponent": "Adv", "res": "Rés", "total": "TOTAL",
        "tiebreak": "Départage", "place": "Place", "total_row": "Total",
        "grids_title": "Grilles de prise de résultats",
        "standings_title": "Classement des équipes", "points": "Points", "berlin": "Berlin",
        "wins": "Victoires", "h2h": "Confrontations", "board_n": "Éch. {k}",
        "standings_note": ("Départage : Berlin (échiquier 1 × {p}, 2 × {p1}, …), victoires individuelles, "
                           "résultats entre équipes à égalité, puis échiquier 1, 2, …"),
        "card_round": "Ronde {r}", "envelope": "Enveloppe {t}",
        "envelope_note": "Une fiche par joueur : découper et glisser dans l'enveloppe.",
        "slip_boards": "Ronde {r} : éch. {b} ({c})",
        "code": "Code", "white_pts_short": "Blancs", "black_pts_short": "Noirs",
        "idx": "n°",
    },
    "en": {
        "teams_sheet": "Teams", "round_sheet": "Round {r}", "grids_sheet": "Grids",
        "standings_sheet": "Standings", "cards_sheet": "Cards", "envelopes_sheet": "Envelopes",
        "calc_sheet": "Calc",
        "title": "Team tournament, Molter system",
        "shape": "{n} teams of {p} players, {r} rounds",
        "rounds_setting": "Rounds", "players_setting": "Players per team",
        "team": "Team", "name": "Name", "players": "Players, in board order",
        "round": "Round {r}", "board": "Board", "white": "White", "black": "Black",
        "white_name": "Name (White)", "black_name": "Name (Black)", "result": "Result",
        "white_pts": "White pts", "black_pts": "Black pts",
        "result_prompt": "1-0, 0-1, 1/2-1/2; forfeits: 1-0 F, 0-1 F, 0-0 F",
        "result_error": "Choose a result from the list.",
        "grid_round": "ROUND {r}", "colour": "Col", "opponent": "Opp", "res": "Res", "total": "TOTAL",
        "tiebreak": "Tie-break", "place": "Place", "total_row": "Total",
        "grids_title": "Result grids",
        "standings_title": "Team standings", "points": "Points", "berlin": "Berlin",
        "wins": "Wins", "h2h": "Head-to-head", "board_n": "Board {k}",
        "standings_note": ("Tie-breaks: Berlin (board 1 × {p}, 2 × {p1}, …), individual wins, "
                           "results between the tied teams, then board 1, 2, …"),
        "card_round": "Round {r}", "envelope": "Envelope {t}",
        "envelope_note": "One slip per player: cut out and put in the envelope.",
        "slip_boards": "Round {r}: board {b} ({c})",
        "code": "Code", "white_pts_short": "White", "black_pts_short": "Black",
        "idx": "no.",
    },
}

EXTRA_STYLES = {
    "team_letter": Style(bold=True, size=16, halign="center", valign="center", border="thin"),
    "grid_title": Style(bold=True, size=12),
    "card_label": Style(italic=True, size=9, halign="left", valign="bottom"),
    "slip_symbol": Style(bold=True, size=36, halign="center", valign="center", border="medium"),
    "slip_note": Style(size=9, halign="center", valign="top", wrap=True, border="thin"),
    "envelope_title": Style(bold=True, size=20),
}

# Fixed positions (1-based) -------------------------------------------------
TEAMS_FIRST_ROW = 5          # Teams sheet: first team row
SETTINGS_ROW = 2             # Teams sheet: rounds in B2, players per team in D2
ROUND_FIRST_ROW = 4          # round sheets: board 1
CODES_FIRST_ROW = 2          # Calc: result code table
CARDS_PER_ROW = 3
CARD_ROWS_PER_PAGE = 9       # 9 × 74 pt of cards fit an A4 page with 1 cm margins
ENVELOPE_PAGE_PT = 640       # printable height of an A4 page with 1.5 cm margins, with room to spare
ENVELOPE_TITLE_PT = 50
SLIPS_PER_ROW = 2
GRID_ROWS_PER_PAGE = 48


@dataclass(frozen=True)
class CalcMap:
    """Where the Calc sheet keeps each block (rows and columns, 1-based)."""

    teams: int
    players: int
    rounds: int

    @property
    def player_first_row(self) -> int:
        return CODES_FIRST_ROW + len(WORKBOOK_RESULTS) + 3

    def player_row(self, team: int, board: int) -> int:
        """Row of player ``board`` (1-based) of team index ``team`` (0-based)."""
        return self.player_first_row + team * self.players + board - 1

    def opp_col(self, r: int) -> int:
        return 3 + r  # r 1-based: columns 4..3+R

    def pts_col(self, r: int) -> int:
        return 3 + self.rounds + r

    @property
    def total_col(self) -> int:
        return 4 + 2 * self.rounds

    @property
    def wins_col(self) -> int:
        return self.total_col + 1

    @property
    def weight_col(self) -> int:
        return self.total_col + 2

    @property
    def player_last_row(self) -> int:
        return self.player_row(self.teams - 1, self.players)

    # team block: one row per team
    @property
    def key_weight_row(self) -> int:
        return self.player_last_row + 3

    @property
    def team_first_row(self) -> int:
        return self.key_weight_row + 2

    def team_row(self, team: int) -> int:
        return self.team_first_row + team

    @property
    def team_last_row(self) -> int:
        return self.team_row(self.teams - 1)

    # team columns
    LETTER, INDEX, POINTS, BERLIN, WINS, H2H = 1, 2, 3, 4, 5, 6

    def board_col(self, k: int) -> int:
        return 6 + k

    @property
    def keys(self) -> int:
        return 4 + self.players

    @property
    def rank_col(self) -> int:
        return 7 + self.players

    @property
    def pos_col(self) -> int:
        return 8 + self.players

    def h_col(self, team: int) -> int:
        """Column of "points team ``team`` scored against each team (rows)"."""
        return self.pos_col + 2 + team

    def beat_col(self, other: int) -> int:
        """Column of "team ``other`` is ahead of the row's team"."""
        return self.h_col(self.teams) + 1 + other


def _board_sheets(labels: dict, rounds: int) -> list[str]:
    return [labels["round_sheet"].format(r=r) for r in range(1, rounds + 1)]


def molter_event_layout(teams: Sequence[Team], players: int, rounds: Sequence[Sequence[Pairing]],
                        lang: str = "fr", title: str | None = None) -> WorkbookLayout:
    """The whole event workbook for ``teams`` playing ``rounds`` (the played rounds, in order).

    ``rounds`` are checked to be a complete schedule of these teams (every
    player once per round); a mistake raises ``TournamentError``.
    """
    labels = LABELS[lang]
    n, p, r_count = len(teams), players, len(rounds)
    cells = player_cells(n, p, rounds)  # validates the rounds
    book = WorkbookLayout(title=title or labels["title"])
    book.styles.update(EXTRA_STYLES)
    for i in range(r_count):
        fill = ROUND_FILLS[i % len(ROUND_FILLS)]
        book.styles[f"card_r{i + 1}"] = Style(bold=True, size=22, halign="center", valign="center",
                                              border="medium", fill=fill)
        book.styles[f"card_label_r{i + 1}"] = Style(italic=True, size=9, valign="bottom", fill=fill,
                                                    border="thin")
    calc = CalcMap(n, p, r_count)
    names = {
        "teams": labels["teams_sheet"], "grids": labels["grids_sheet"],
        "standings": labels["standings_sheet"], "cards": labels["cards_sheet"],
        "envelopes": labels["envelopes_sheet"], "calc": labels["calc_sheet"],
        "rounds": _board_sheets(labels, r_count),
    }
    teams_sheet = _teams_sheet(book, labels, teams, p, r_count, title)
    round_sheets = [_round_sheet(book, labels, names, r, rnd, teams, p)
                    for r, rnd in enumerate(rounds, 1)]
    _grids_sheet(book, labels, names, teams, p, r_count, cells, calc, lang)
    standings = _standings_sheet(book, labels, names, teams, p, calc)
    _cards_sheet(book, labels, rounds)
    _envelopes_sheet(book, labels, teams, p, cells, lang)
    _calc_sheet(book, labels, names, teams, p, r_count, cells, calc)
    book.active = teams_sheet.name
    for r, (sheet, rnd) in enumerate(zip(round_sheets, rounds), 1):
        book.define_name(f"MolterResults{r}", _results_ref(sheet, len(rnd)))
    book.define_name("MolterStandings", standings.ref_range(4, 1, 3 + n, 7 + p))
    book.define_name("MolterTeams", teams_sheet.ref_range(TEAMS_FIRST_ROW, 1, TEAMS_FIRST_ROW + n - 1, 2 + p))
    return book


def _results_ref(sheet: SheetLayout, boards: int) -> str:
    return sheet.ref_range(ROUND_FIRST_ROW, 4, ROUND_FIRST_ROW + boards - 1, 4)


# -- Teams ---------------------------------------------------------------------

def team_name_ref(labels: dict, team: int) -> str:
    return f"{quote_sheet(labels['teams_sheet'])}!$B${TEAMS_FIRST_ROW + team}"


def player_name_ref(labels: dict, seat: Seat) -> str:
    return (f"{quote_sheet(labels['teams_sheet'])}!${col_letter(2 + seat.board)}"
            f"${TEAMS_FIRST_ROW + seat.team_index}")


def _teams_sheet(book, labels, teams, p, r_count, title) -> SheetLayout:
    s = book.add_sheet(labels["teams_sheet"], freeze=f"C{TEAMS_FIRST_ROW}")
    s.set(1, 1, title or labels["title"], style="title", text=True)
    # the settings the Excel buttons read back (addin.events.molter)
    s.set(SETTINGS_ROW, 1, labels["rounds_setting"], style="header", text=True)
    s.set(SETTINGS_ROW, 2, r_count, style="input_center")
    s.set(SETTINGS_ROW, 3, labels["players_setting"], style="header", text=True)
    s.set(SETTINGS_ROW, 4, p, style="input_center")
    s.set(SETTINGS_ROW, 5, labels["shape"].format(n=len(teams), p=p, r=r_count), style="subtitle", text=True)
    s.set(3, 3, labels["players"], style="header", text=True)
    s.merge(3, 3, 3, 2 + p)
    s.style_range(3, 4, 3, 2 + p, "header")
    s.row(TEAMS_FIRST_ROW - 1, 1, [labels["team"], labels["name"]] + [str(k) for k in range(1, p + 1)],
          style="header")
    for i, team in enumerate(teams):
        row = TEAMS_FIRST_ROW + i
        s.set(row, 1, team.letter, style="team_letter", text=True)
        s.set(row, 2, team.name, style="input", text=True)
        for k, name in enumerate(team.players, 1):
            s.set(row, 2 + k, name, style="input", text=True)
    s.width(1, 8)
    s.width(2, 28)
    for k in range(1, p + 1):
        s.width(2 + k, 20)
    s.print_setup = PrintSetup(area=(range_ref(1, 1, TEAMS_FIRST_ROW + len(teams) - 1, 2 + p),),
                               orientation="landscape")
    return s


# -- Round sheets --------------------------------------------------------------

def _round_sheet(book, labels, names, r, rnd, teams, p) -> SheetLayout:
    s = book.add_sheet(names["rounds"][r - 1], freeze=f"A{ROUND_FIRST_ROW}", tab_color=ROUND_FILLS[(r - 1) % len(ROUND_FILLS)])
    s.set(1, 1, labels["round"].format(r=r), style="title", text=True)
    s.row(ROUND_FIRST_ROW - 1, 1, [labels["board"], labels["white"], labels["white_name"], labels["result"],
                                   labels["black"], labels["black_name"], labels["white_pts"],
                                   labels["black_pts"]], style="header")
    codes = f"{quote_sheet(names['calc'])}!{range_ref(CODES_FIRST_ROW, 1, CODES_FIRST_ROW + len(WORKBOOK_RESULTS) - 1, 3)}"
    for b, pairing in enumerate(rnd, 1):
        row = ROUND_FIRST_ROW + b - 1
        s.set(row, 1, b, style="number")
        s.set(row, 2, str(pairing.white), style="center", text=True)
        s.formula(row, 3, _name_formula(labels, pairing.white), style="cell")
        s.set(row, 4, None, style="input_center")
        s.set(row, 5, str(pairing.black), style="center", text=True)
        s.formula(row, 6, _name_formula(labels, pairing.black), style="cell")
        for col, which in ((7, 2), (8, 3)):
            s.formula(row, col, f'=IF($D{row}="","",VLOOKUP($D{row},{codes},{which},FALSE))', style="number")
    last = ROUND_FIRST_ROW + len(rnd) - 1
    s.validation(f"D{ROUND_FIRST_ROW}:D{last}", [code for code, _ in WORKBOOK_RESULTS],
                 prompt=labels["result_prompt"], error=labels["result_error"], title=labels["result"])
    for col, width in zip(range(1, 9), (7, 9, 26, 11, 9, 26, 10, 10)):
        s.width(col, width)
    s.print_setup = PrintSetup(area=(range_ref(1, 1, last, 8),), repeat_rows=(ROUND_FIRST_ROW - 1, ROUND_FIRST_ROW - 1))
    return s


def _name_formula(labels, seat: Seat) -> str:
    target = player_name_ref(labels, seat)
    return f'=IF({target}="","",{target})'


def result_cell(labels: dict, r: int, board: int) -> tuple[str, int, int]:
    """``(sheet name, row, column)`` of the result cell of ``board`` in round ``r``."""
    return labels["round_sheet"].format(r=r), ROUND_FIRST_ROW + board - 1, 4


def _points_ref(names, r: int, cell) -> str:
    """Reference to the points of the player of ``cell`` (a GridCell) in round ``r``."""
    col = "G" if cell.white else "H"
    return f"{quote_sheet(names['rounds'][r - 1])}!${col}${ROUND_FIRST_ROW + cell.board - 1}"


# -- Grids -----------------------------------------------------------------------

def _grids_sheet(book, labels, names, teams, p, r_count, cells, calc: CalcMap, lang) -> SheetLayout:
    s = book.add_sheet(names["grids"])
    s.set(1, 1, labels["grids_title"], style="title", text=True)
    total_col = 2 + 3 * r_count
    row = 3
    breaks = []
    page_start = 1
    calc_sheet = quote_sheet(names["calc"])
    for t, team in enumerate(teams):
        height = p + 5
        if row + height - page_start > GRID_ROWS_PER_PAGE:
            breaks.append(row - 1)
            page_start = row
        s.set(row, 1, team.letter, style="team_letter", text=True)
        s.formula(row, 2, f'={team_name_ref(labels, t)}&""', style="grid_title")
        head, sub = row + 1, row + 2
        s.set(head, 1, None, style="header")
        s.set(sub, 1, None, style="header")
        for r in range(1, r_count + 1):
            c = 2 + 3 * (r - 1)
            s.set(head, c, labels["grid_round"].format(r=r), style="header", text=True)
            s.style_range(head, c + 1, head, c + 2, "header")
            s.merge(head, c, head, c + 2)
            s.row(sub, c, [labels["colour"], labels["opponent"], labels["res"]], style="header")
        s.set(head, total_col, labels["total"], style="header", text=True)
        s.set(sub, total_col, None, style="header")
        s.merge(head, total_col, sub, total_col)
        for k in range(1, p + 1):
            line = sub + k
            seat = Seat(team.letter, k)
            s.set(line, 1, k, style="number")
            res_cells = []
            for r, cell in enumerate(cells[seat], 1):
                c = 2 + 3 * (r - 1)
                s.set(line, c, cell.colour(lang), style="center", text=True)
                s.set(line, c + 1, str(cell.opponent), style="center", text=True)
                s.formula(line, c + 2, "=" + _points_ref(names, r, cell), style="number")
                res_cells.append(ref(line, c + 2))
            s.formula(line, total_col, f"=SUM({','.join(res_cells)})", style="number")
        bottom = sub + p + 1
        team_row = calc.team_row(t)
        # "Départage … Place … Total" as on the seed's forms; with one round the
        # place goes under the tie-break (no room between it and the total).
        place_row, place_col = (bottom, 3) if total_col - 1 > 4 else (bottom + 1, 1)
        s.set(bottom, 1, labels["tiebreak"], style="header", text=True)
        s.formula(bottom, 2, f"={calc_sheet}!${col_letter(calc.BERLIN)}${team_row}", style="number")
        s.set(place_row, place_col, labels["place"], style="header", text=True)
        s.formula(place_row, place_col + 1, f"={calc_sheet}!${col_letter(calc.rank_col)}${team_row}",
                  style="number")
        s.set(bottom, total_col - 1, labels["total_row"], style="header", text=True)
        s.formula(bottom, total_col, f"={calc_sheet}!${col_letter(calc.POINTS)}${team_row}", style="number")
        row = bottom + 3
    s.width(1, 10)
    for c in range(2, total_col):
        s.width(c, 6)
    s.width(total_col, 8)
    s.print_setup = PrintSetup(area=(range_ref(1, 1, row - 3, total_col),), row_breaks=tuple(breaks))
    return s


# -- Standings -------------------------------------------------------------------

def _standings_sheet(book, labels, names, teams, p, calc: CalcMap) -> SheetLayout:
    n = len(teams)
    s = book.add_sheet(names["standings"], freeze="C4")
    s.set(1, 1, labels["standings_title"], style="title", text=True)
    s.set(2, 1, labels["standings_note"].format(p=p, p1=p - 1), style="subtitle", text=True)
    header = [labels["place"], labels["team"], labels["name"], labels["points"], labels["berlin"],
              labels["wins"], labels["h2h"]] + [labels["board_n"].format(k=k) for k in range(1, p + 1)]
    s.row(3, 1, header, style="header")
    helper = len(header) + 1
    cs = quote_sheet(names["calc"])
    first, last = calc.team_first_row, calc.team_last_row

    def col_range(col):
        return f"{cs}!{range_ref(first, col, last, col)}"

    for k in range(1, n + 1):
        row = 3 + k
        s.formula(row, helper, f"=MATCH({k},{col_range(calc.pos_col)},0)", style="hidden_calc")
        idx = f"${col_letter(helper)}{row}"
        s.formula(row, 1, f"=INDEX({col_range(calc.rank_col)},{idx})", style="number")
        s.formula(row, 2, f"=INDEX({col_range(calc.LETTER)},{idx})", style="center")
        teams_names = (f"{quote_sheet(names['teams'])}!"
                       f"{range_ref(TEAMS_FIRST_ROW, 2, TEAMS_FIRST_ROW + n - 1, 2)}")
        s.formula(row, 3, f'=INDEX({teams_names},{idx})&""', style="cell")
        for col, src in ((4, calc.POINTS), (5, calc.BERLIN), (6, calc.WINS), (7, calc.H2H)):
            s.formula(row, col, f"=INDEX({col_range(src)},{idx})", style="number")
        for kk in range(1, p + 1):
            s.formula(row, 7 + kk, f"=INDEX({col_range(calc.board_col(kk))},{idx})", style="number")
    s.hidden_columns.add(helper)
    s.width(1, 7)
    s.width(2, 8)
    s.width(3, 28)
    for c in range(4, helper):
        s.width(c, 10 if c < 8 else 7)
    s.print_setup = PrintSetup(area=(range_ref(1, 1, 3 + n, helper - 1),), orientation="landscape")
    return s


# -- Cards -----------------------------------------------------------------------

def card_text(board: int, pairing: Pairing) -> str:
    """The text of a card: ``15. D4 – B4`` (seed 001: "le premier nommé a les blancs")."""
    return f"{board}. {pairing.white} – {pairing.black}"


def _cards_sheet(book, labels, rounds) -> SheetLayout:
    s = book.add_sheet(labels["cards_sheet"])
    row = 1
    breaks = []
    for r, rnd in enumerate(rounds, 1):
        if r > 1:
            breaks.append(row - 1)
        card_rows = 0
        for start in range(0, len(rnd), CARDS_PER_ROW):
            if card_rows and card_rows % CARD_ROWS_PER_PAGE == 0:
                breaks.append(row - 1)
            for i, pairing in enumerate(rnd[start:start + CARDS_PER_ROW]):
                b = start + i + 1
                col = 1 + 2 * i
                s.set(row, col, labels["card_round"].format(r=r), style=f"card_label_r{r}", text=True)
                s.set(row + 1, col, card_text(b, pairing), style=f"card_r{r}", text=True)
            s.height(row, 16)
            s.height(row + 1, 48)
            s.height(row + 2, 10)
            row += 3
            card_rows += 1
    for i in range(CARDS_PER_ROW):
        s.width(1 + 2 * i, 30)
        if i < CARDS_PER_ROW - 1:
            s.width(2 + 2 * i, 2)
    s.print_setup = PrintSetup(area=(range_ref(1, 1, max(row - 1, 1), 2 * CARDS_PER_ROW - 1),),
                               row_breaks=tuple(breaks), margins_cm=1.0)
    return s


# -- Envelopes -------------------------------------------------------------------

def _envelopes_sheet(book, labels, teams, p, cells, lang) -> SheetLayout:
    s = book.add_sheet(labels["envelopes_sheet"])
    row = 1
    breaks = []
    slip_height = 60 + 14 * max(1, len(cells[Seat(teams[0].letter, 1)])) + 4 + 12
    for t, team in enumerate(teams):
        if t:
            breaks.append(row - 1)
        s.set(row, 1, labels["envelope"].format(t=team.letter), style="envelope_title", text=True)
        s.set(row + 1, 1, labels["envelope_note"], style="subtitle", text=True)
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
                note = "\n".join(labels["slip_boards"].format(r=r, b=c.board, c=c.colour(lang))
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


# -- Calc ------------------------------------------------------------------------

def _calc_sheet(book, labels, names, teams, p, r_count, cells, calc: CalcMap) -> SheetLayout:
    n = len(teams)
    s = book.add_sheet(names["calc"], hidden=True)
    s.row(1, 1, [labels["code"], labels["white_pts_short"], labels["black_pts_short"]], style="header")
    for i, (code, canonical) in enumerate(WORKBOOK_RESULTS):
        white, black = _POINTS[canonical]
        s.set(CODES_FIRST_ROW + i, 1, code, text=True)
        s.set(CODES_FIRST_ROW + i, 2, white)
        s.set(CODES_FIRST_ROW + i, 3, black)
    # players: team index, board, symbol, opposing team index per round, points per round, total, wins, weight
    head = calc.player_first_row - 1
    s.row(head, 1, [labels["team"], labels["board"], "seat", *[f"opp{r}" for r in range(1, r_count + 1)],
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
                s.formula(row, calc.pts_col(r), f"=N({_points_ref(names, r, cell)})")
            pts = range_ref(row, calc.pts_col(1), row, calc.pts_col(r_count), absolute=False)
            s.formula(row, calc.total_col, f"=SUM({pts})")
            s.formula(row, calc.wins_col, f"=COUNTIF({pts},1)")
            s.set(row, calc.weight_col, p + 1 - k)
    # teams: keys and the comparison weights
    m = calc.keys
    s.set(calc.key_weight_row - 1, calc.POINTS, "key weights", text=True)
    for j in range(m):
        s.set(calc.key_weight_row, calc.POINTS + j, 2 ** (m - 1 - j))
    weights = range_ref(calc.key_weight_row, calc.POINTS, calc.key_weight_row, calc.POINTS + m - 1)
    s.row(calc.team_first_row - 1, 1,
          [labels["team"], labels["idx"], "points", "berlin", "wins", "h2h",
           *[f"b{k}" for k in range(1, p + 1)], "rank", "pos"], style="header")
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
        s.formula(row, calc.BERLIN, f"=SUMPRODUCT({totals},{range_ref(r1, calc.weight_col, r2, calc.weight_col)})")
        s.formula(row, calc.WINS, f"=SUM({range_ref(r1, calc.wins_col, r2, calc.wins_col)})")
        cond = "*".join(f"({col_abs(c)}={ref(row, c, True, True)})" for c in (calc.POINTS, calc.BERLIN, calc.WINS))
        s.formula(row, calc.H2H, f"=SUMPRODUCT({cond},{col_abs(calc.h_col(t))})")
        for k in range(1, p + 1):
            s.formula(row, calc.board_col(k), f"={ref(calc.player_row(t, k), calc.total_col, True, True)}")
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


def workbook_code(code: str) -> str:
    """The workbook spelling (``1-0 F`` …) of a canonical result code of ``addin.core.results``."""
    for label, canonical in WORKBOOK_RESULTS:
        if canonical == code:
            return label
    raise ValueError(f"unknown result code {code!r}")


def canonical_code(label: str) -> str:
    """The canonical result code of a workbook spelling (``1-0 F`` → ``+-``)."""
    return dict(WORKBOOK_RESULTS)[label]


def put_results(book: WorkbookLayout, results: dict[tuple[int, int], str], lang: str = "fr") -> None:
    """Type results (canonical codes keyed by ``(round, board)``) into the round sheets."""
    labels = LABELS[lang]
    for (r, b), code in results.items():
        sheet, row, col = result_cell(labels, r, b)
        book.sheet(sheet).set(row, col, workbook_code(code), style="input_center", text=True)
