"""The Line-ups sheet ("Équipes"): the two teams — the organiser's input.

Each team's name, then its players in board order: number (``A1`` …, ``B1`` …), name, rating and
id. The rule: team A's player ``i`` keeps board ``i`` in every round; every other sheet reads the
names and ratings from here by formula.
"""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout
from addin.sheets.scheveningen.book.plan import BookPlan
from addin.sheets.scheveningen.cells import TeamCols


def write(plan: BookPlan, sh: SheetLayout) -> None:
    """The Line-ups sheet: each team's name, header and players side by side, the print set-up."""
    L, m, C = plan.L, plan.match, TeamCols
    sh.set(1, 1, L["teams_title"], "title", text=True)
    for team, first in (("A", C.A_NO), ("B", C.B_NO)):
        sh.set(C.TEAM_ROW, first, L["team_a" if team == "A" else "team_b"], "cell", text=True)
        sh.set(C.TEAM_ROW, first + 1, m.team(team), "team_input", text=True)
        sh.row(C.HEADER_ROW, first, [L["number"], L["name"], L["rating"], L["ident"]], "header")
        for k, player in enumerate(m.players(team), 1):
            row = C.FIRST_ROW + k - 1
            sh.set(row, first, f"{team}{k}", "center", text=True)
            sh.set(row, first + 1, player.name, "input", text=True)
            sh.set(row, first + 2, player.rating, "input_center")
            sh.set(row, first + 3, player.ident or None, "input", text=True)
        for col, width in zip(range(first, first + 4), (10, 28, 8, 12)):  # "Équipe A" whole
            sh.width(col, width)
    sh.width(5, 3)
    sh.freeze = f"A{C.FIRST_ROW}"
    sh.print_setup = PrintSetup(orientation="landscape", fit_width=1, fit_height=1)
