"""The *Joueurs/Players* sheet: number, name, club, rating, group, position, withdrawal round
(typed by the organiser) and the round a late entry joined at.

Rule: a player's row is ``FIRST_ROW + number - 1``; the group and position are the phase-1
draw's, the report's figures (``addin.report.combinee.Figures.positions``; the fictitious player is
never listed); the withdrawal cell is the input the round
sheets' formulas read (``CB_Out``).
"""

from __future__ import annotations

from addin.sheets.combinee.book.plan import BookPlan
from addin.sheets.combinee.cells import PlayersCols
from addin.sheets.model import PrintSetup


def write(plan: BookPlan, sheet) -> None:
    C, event, t = PlayersCols, plan.event, plan.t
    sheet.row(1, 1, [t["no"], t["name"], t["club"], t["rating"], t["group"], t["position"], t["withdrawn"],
                     t["joined"]], style="header")
    where = plan.now.positions  # the report's figures: the phase-1 draw's group and position
    for p in event.players:
        row = C.FIRST_ROW + p.number - 1
        sheet.set(row, C.NUMBER, p.number, style="number")
        sheet.set(row, C.NAME, p.name, style="input", text=True)
        sheet.set(row, C.CLUB, p.club, style="input", text=True)
        sheet.set(row, C.RATING, p.rating, style="input_center")
        group, pos = where.get(p.number, (None, None))
        sheet.set(row, C.GROUP, group, style="number")
        sheet.set(row, C.POSITION, None if pos is None else f"A{pos}", style="center", text=pos is not None)
        sheet.set(row, C.WITHDRAWN, event.withdrawn.get(p.number), style="input_center")
        sheet.set(row, C.JOINED, p.joined if p.joined > 1 else None, style="number")
    sheet.freeze = "A2"
    sheet.height(1, 30)  # "Abandon (ronde)", "Arrivée (ronde)" on two lines
    for col, width in ((1, 6), (2, 30), (3, 18), (4, 8), (5, 8), (6, 9), (7, 10), (8, 10)):
        sheet.width(col, width)
    sheet.print_setup = PrintSetup(repeat_rows=(1, 1))
