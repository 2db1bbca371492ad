"""The Envelopes sheet ("Enveloppes"): one page per team, a slip per player with his symbol.

Seed 001, "Organisation matérielle des tournois": each player draws his symbol (``A1`` …) from
his team's envelope; his slip says, round by round, his board and colour (``b``/``n``), read
from the table (``addin.systems.molter.grids.player_cells``). Two slips a row; a team's slips
continue on a new page when the page is full.
"""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout, range_ref
from addin.sheets.molter.book.plan import BookPlan, side_by_side
from addin.sheets.molter.cells import ENVELOPE_PAGE_PT, ENVELOPE_TITLE_PT, SLIPS_PER_ROW
from addin.sheets.molter.labels import colour_letter
from addin.systems.molter.model import Seat


def write(plan: BookPlan, s: SheetLayout) -> None:
    """The Envelopes sheet: per team its title and note, then its slips, a page break before each team."""
    L, p, lang, cells = plan.L, plan.p, plan.event.header.lang, plan.cells
    teams = plan.event.teams
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
                note = "\n".join(L["slip_boards"].format(r=r, b=c.board, c=colour_letter(lang, c.white))
                                 for r, c in enumerate(cells[seat], 1))
                s.set(row + 1, col, note, style="slip_note", text=True)
            s.height(row, 60)
            s.height(row + 1, slip_height - 72)
            s.height(row + 2, 12)
            row += 3
            used += slip_height
    side_by_side(s, SLIPS_PER_ROW, 40, 4)
    s.print_setup = PrintSetup(area=(range_ref(1, 1, max(row - 1, 1), 2 * SLIPS_PER_ROW - 1),),
                               row_breaks=tuple(breaks), margins_cm=1.5)
