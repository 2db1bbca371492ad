"""What every sheet of the Molter event workbook shares (``BookPlan``), and the styles they use.

A sheet module receives the plan and writes its sheet; the plan says where the other sheets'
cells are (a team's row and list on the Teams sheet, a seat's cells on the Line-ups sheet, a
player's points on a round sheet), so that a formula can refer to them, and holds Python's own
figures, stored as the cached values of the formulas that compute them (issue 11).
"""

from __future__ import annotations

from dataclasses import dataclass

from addin.report.molter import figures
from addin.sheets.model import SheetLayout, Style, col_letter, quote_sheet, range_ref, ref
from addin.sheets.molter.cells import (RESULT_POINTS, ROUND_FIRST_ROW, SPARE_PLACES, TEAMS_FIRST_ROW, WORKBOOK_RESULTS,
                                       CalcMap, DetailsCols, RoundCols, TeamsCols, lineup_input_col, lineup_name_col,
                                       lineup_row)
from addin.sheets.molter.labels import LABELS, round_sheet
from addin.systems.molter.grids import GridCell, player_cells
from addin.systems.molter.live import MolterEvent
from addin.systems.molter.model import Seat
from addin.systems.molter.ranking import TeamStanding

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


def round_fill(r: int) -> str:
    """The fill of round ``r``'s cards and sheet tab."""
    return ROUND_FILLS[(r - 1) % len(ROUND_FILLS)]


def list_width(event: MolterEvent) -> int:
    """How many list columns the Teams sheet offers: the longest list, at least the boards, and spare ones."""
    return max([event.boards] + [len(t.players) for t in event.teams]) + SPARE_PLACES


def teams_own_columns(event: MolterEvent) -> int:
    """The Teams sheet's columns that are the event's (the organiser's own columns come after)."""
    return max(TeamsCols.FIRST_PLAYER + list_width(event), DetailsCols.ARBITER)  # the list, then the rating


@dataclass
class BookPlan:
    """The event of the workbook, its labels, Python's figures and where each sheet puts what."""

    event: MolterEvent
    L: dict[str, str]
    n: int  # teams
    p: int  # boards per team
    r: int  # rounds
    cells: dict[Seat, list[GridCell]]  # every player's colour, opponent and board per round
    calc: CalcMap
    width: int  # the Teams sheet's list columns
    names: dict[str, str]  # sheet names by key: teams, lineups, grids, standings, cards, envelopes, calc
    round_sheets: list[str]
    # Python's own figures, stored with the formulas that compute them (cached values, issue 11): the report's
    # (``addin.report.molter.figures``, the standings the report and the site show)
    effective: dict[tuple[int, int], str]
    standing: dict[str, TeamStanding]
    order: list[str]  # the teams' letters in standings order
    last_round: int

    # -- Python's values of the visible formulas -------------------------------------------
    def points(self, r: int, board: int, white: bool):
        """The points of White (or Black) on ``board`` of round ``r``, "" while no result counts."""
        code = self.effective.get((r, board))
        return "" if code is None else RESULT_POINTS[code][0 if white else 1]

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

    def points_ref(self, r: int, cell: GridCell) -> str:
        """Reference to the points of the player of ``cell`` in round ``r``."""
        col = RoundCols.WHITE_PTS if cell.white else RoundCols.BLACK_PTS
        return f"{quote_sheet(self.round_sheets[r - 1])}!{ref(ROUND_FIRST_ROW + cell.board - 1, col, True, True)}"


def plan_book(event: MolterEvent) -> BookPlan:
    """The plan of the workbook of ``event`` (checked by ``layout.event_workbook``)."""
    L = LABELS[event.header.lang]
    n, p, r = len(event.teams), event.boards, event.round_count
    now = figures(event)  # the report's own computation (addin.report.molter)
    standings = now.standings
    return BookPlan(
        event=event, L=L, n=n, p=p, r=r, cells=player_cells(n, p, event.rounds),
        calc=CalcMap(n, p, r, len(WORKBOOK_RESULTS)), width=list_width(event),
        names={key: L[f"{key}_sheet"] for key in ("teams", "lineups", "grids", "standings", "cards",
                                                   "envelopes", "calc")},
        round_sheets=[round_sheet(L, k) for k in range(1, r + 1)],
        effective=now.effective,
        standing={st.team: st for st in standings},
        order=[st.team for st in standings],
        last_round=max((k for k, _ in event.results), default=0))


def side_by_side(s: SheetLayout, per_row: int, width: float, gap: float) -> None:
    """The widths of ``per_row`` blocks printed side by side (odd columns), a narrow gap between them
    (the Cards and Envelopes sheets)."""
    for i in range(per_row):
        s.width(1 + 2 * i, width)
        if i < per_row - 1:
            s.width(2 + 2 * i, gap)
