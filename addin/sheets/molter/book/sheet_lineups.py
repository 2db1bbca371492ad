"""The Line-ups sheet ("Compositions"): per team and round, who takes each seat.

One block per team: its letter and name, then per seat (``A1`` …) and round an input cell and
the name of who plays. An empty input cell: the seat's regular player (seed 001: player k of
the list plays board k); a number: that player of the list; any other text: a substitute from
outside the list, by name; ``absent``: the seat loses its game by forfeit
(``addin.systems.molter.lineup``). Two rounds are printed across a landscape page, the seats
repeated on each, and whole team blocks a page.
"""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout, range_ref, ref
from addin.sheets.molter.book.plan import BookPlan
from addin.sheets.molter.cells import (LINEUP_SEAT_COL, lineup_block_row, lineup_input_col, lineup_name_col,
                                       lineup_row)
from addin.systems.molter.lineup import ABSENT_WORD, Absent, Substitute
from addin.systems.molter.model import Seat
from addin.systems.molter.teams import Team

#: rounds of the Line-ups sheet printed across one landscape page
LINEUP_ROUNDS_PER_PAGE = 2


def lineup_value(entry) -> object:
    """What a line-up cell holds for an entry: a place on the list, a substitute's name, ``absent``."""
    if isinstance(entry, Absent):
        return ABSENT_WORD
    if isinstance(entry, Substitute):
        return entry.name
    return entry


def write(plan: BookPlan, s: SheetLayout) -> None:
    """The Line-ups sheet: the title, one block per team, the help and the print set-up."""
    L, p = plan.L, plan.p
    # title and help from column B: column A (the seats) is printed again on each page across
    s.set(1, 2, L["lineups_title"], style="title", text=True)
    for t, team in enumerate(plan.event.teams):
        write_team(plan, s, t, team)
    s.width(LINEUP_SEAT_COL, 8)
    for r in range(1, plan.r + 1):
        s.width(lineup_input_col(r), 14)  # a substitute's name is typed here
        s.width(lineup_name_col(r), 17)
    # the help wraps over the first page's width
    across = min(plan.r, LINEUP_ROUNDS_PER_PAGE)
    s.merge(2, 2, 2, lineup_name_col(across))
    s.set(2, 2, L["lineups_help"], style="subtitle_wrap", text=True)
    s.height(2, 15 * (2 + len(L["lineups_help"]) // (31 * across)))
    last_row = lineup_row(plan.n - 1, p, p)
    # LINEUP_ROUNDS_PER_PAGE rounds across a landscape page, the seats repeated on each
    breaks = tuple(lineup_name_col(r) for r in range(LINEUP_ROUNDS_PER_PAGE, plan.r, LINEUP_ROUNDS_PER_PAGE))
    # whole team blocks a page (a block: (p + 2) lines and its letter's line; the first page
    # also holds the title and the help)
    per_page = max(1, int(420 // ((p + 2) * 15 + 25)))
    row_breaks = tuple(lineup_block_row(t, p) - 1 for t in range(per_page, plan.n, per_page))
    s.print_setup = PrintSetup(area=(range_ref(1, 1, last_row, lineup_name_col(plan.r)),),
                               orientation="landscape", fit_width=0, col_breaks=breaks, row_breaks=row_breaks,
                               repeat_cols=(LINEUP_SEAT_COL, LINEUP_SEAT_COL))


def write_team(plan: BookPlan, s: SheetLayout, t: int, team: Team) -> None:
    """Team ``t``'s block: its letter and name, a heading per round, then per seat its input and name cells."""
    L, event, p = plan.L, plan.event, plan.p
    top = lineup_block_row(t, p)
    s.height(top, 22)  # the team's letter, 16 pt
    s.set(top, LINEUP_SEAT_COL, team.letter, style="team_letter", text=True)
    s.formula(top, 2, f"={plan.team_name_ref(t)}&\"\"", style="grid_title", cached=team.name)
    head = top + 1
    s.set(head, LINEUP_SEAT_COL, L["seat"], style="header", text=True)
    for r in range(1, plan.r + 1):
        s.set(head, lineup_input_col(r), L["round"].format(r=r), style="header", text=True)
        s.set(head, lineup_name_col(r), None, style="header")
        s.merge(head, lineup_input_col(r), head, lineup_name_col(r))
    for k in range(1, p + 1):
        row = lineup_row(t, k, p)
        seat = Seat(team.letter, k)
        s.set(row, LINEUP_SEAT_COL, str(seat), style="center", text=True)
        for r in range(1, plan.r + 1):
            entry = event.lineups.get((team.letter, k, r))
            value = None if entry is None else lineup_value(entry)
            s.set(row, lineup_input_col(r), value, style="input_center", text=isinstance(value, str))
            x = ref(row, lineup_input_col(r))
            s.formula(row, lineup_name_col(r),
                      f'=IF(TRIM({x}&"")="",{plan.list_ref(t, k)}&"",IF(ISNUMBER({x}),'
                      f'IFERROR(INDEX({plan.list_range(t)},{x})&"","?"),{x}&""))', style="cell",
                      cached=plan.name(seat, r))
