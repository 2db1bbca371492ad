"""The *Groupes/Groups* sheet: per group, its players in position order and their phase-1
opponents round by round.

Rule: a group never straddles two printed pages (a page break before a group that would not
fit ``GROUP_PAGE_ROWS``); nine rounds print landscape, one page wide.
"""

from __future__ import annotations

from addin.sheets.combinee.book.plan import BookPlan
from addin.sheets.model import PrintSetup
from addin.systems.combinee.event import FICTITIOUS


#: Rows of the *Groupes* sheet a printed page holds at most, at full scale with the page
#: header and footer: A4 with the default margins and Excel's default row height (15 pt;
#: LibreOffice's rows are lower, so it fits more). Fitting the width only ever shrinks the
#: print, so a group placed within these rows never straddles two pages in either program.
GROUP_PAGE_ROWS = {"portrait": 44, "landscape": 28}


def write(plan: BookPlan, sheet) -> None:
    event, t = plan.event, plan.t
    rounds = event.phases.phase1
    opponents = plan.now.opponents  # the report's figures: each player's phase-1 opponents
    names = {p.number: p.name for p in event.players}
    landscape = rounds > 7
    capacity = GROUP_PAGE_ROWS["landscape" if landscape else "portrait"]
    breaks: list[int] = []
    row = page_start = 1
    for g, members in enumerate(event.groups, 1):
        real = [m for m in members if m != FICTITIOUS]
        height = len(members) + 2  # title, header, one row per position
        if row > page_start and row + height - page_start > capacity:
            breaks.append(row - 1)
            page_start = row
        sheet.set(row, 1, t["group_title"].format(g=g, n=len(real)), style="title", text=True)
        row += 1
        sheet.row(row, 1, [t["position"], t["no"], t["name"]]
                  + [f"{t['round']} {r}" for r in range(1, rounds + 1)], style="header")
        row += 1
        for pos, number in enumerate(members, 1):
            sheet.set(row, 1, f"A{pos}", style="center", text=True)
            if number == FICTITIOUS:
                sheet.set(row, 2, None, style="number")
                sheet.set(row, 3, t["bye"], style="cell", text=True)
            else:
                sheet.set(row, 2, number, style="number")
                sheet.set(row, 3, names[number], style="cell", text=True)
                for r in range(1, rounds + 1):
                    opp = opponents.get((number, r))
                    if opp == FICTITIOUS:
                        sheet.set(row, 3 + r, t["bye"], style="center", text=True)
                    else:
                        sheet.set(row, 3 + r, opp, style="number")
            row += 1
        row += 1
    sheet.width(1, 9)
    sheet.width(2, 5)
    sheet.width(3, 28)
    for r in range(1, rounds + 1):
        sheet.width(3 + r, 8)
    # the rounds print beside the names (issue 11): one page wide, landscape for 9 rounds;
    # a group never straddles two pages (a page break before a group that would not fit)
    sheet.print_setup = PrintSetup(fit_width=1, orientation="landscape" if landscape else "portrait",
                                   row_breaks=tuple(breaks))
