"""The Registered teams and Rosters sheets: what the organiser types about the teams.

Teams: a row per team, division by division in number order: division, number in the
division's table, name, club, withdrawal round (the first round it does not play). Rosters: a
row per player of each team, in board order: division, team number, team name (read from the
Teams sheet, so a renamed team shows everywhere), number in the roster (what a match sheet's
line-up cells hold), name, rating, identifier. Rule: every other sheet reads names and ratings
from here by formula.
"""

from __future__ import annotations

from addin.sheets.league.book.plan import BookPlan, sheet_ref
from addin.sheets.league.cells import RosterCols, TeamsCols
from addin.sheets.model import PrintSetup, SheetLayout


def write_teams(plan: BookPlan, sh: SheetLayout) -> None:
    """Write the Registered teams sheet ``sh`` from ``plan`` (rows: ``plan.team_row``)."""
    L, C, s = plan.L, TeamsCols, plan.season
    for col, key in ((C.DIVISION, "division"), (C.NUMBER, "number"), (C.NAME, "team"), (C.CLUB, "club"),
                     (C.WITHDRAWN, "withdrawn")):
        sh.set(1, col, L[key], "header", text=True)
    row = C.FIRST_ROW
    for d, division in enumerate(s.divisions, 1):
        for team in division.teams:
            row = plan.team_row[(d, team.number)]
            sh.set(row, C.DIVISION, division.name, "cell", text=True)
            sh.set(row, C.NUMBER, team.number, "center")
            sh.set(row, C.NAME, team.name, "input", text=True)
            sh.set(row, C.CLUB, team.club or None, "input", text=True)
            sh.set(row, C.WITHDRAWN, s.withdrawn.get((d, team.number)), "input_center")
            row += 1
    for col, width in zip(range(1, 6), (16, 6, 30, 22, 14)):
        sh.width(col, width)
    sh.freeze = "A2"
    sh.print_setup = PrintSetup(area=(f"A1:E{max(row - 1, 1)}",), repeat_rows=(1, 1), fit_width=1)


def write_rosters(plan: BookPlan, sh: SheetLayout) -> None:
    """Write the Rosters sheet ``sh`` from ``plan`` (rows: ``plan.roster_rows``)."""
    L, C = plan.L, RosterCols
    for col, key in ((C.DIVISION, "division"), (C.TEAM_NO, "number"), (C.TEAM, "team"), (C.NUMBER, "number"),
                     (C.NAME, "name"), (C.RATING, "rating"), (C.IDENT, "ident")):
        sh.set(1, col, L[key], "header", text=True)
    row = C.FIRST_ROW
    for d, division in enumerate(plan.season.divisions, 1):
        for team in division.teams:
            if not team.roster:
                continue
            row = plan.roster_rows[(d, team.number)][0]
            name = sheet_ref(plan.names["sheet_teams"], plan.team_row[(d, team.number)], TeamsCols.NAME)
            for k, member in enumerate(team.roster, 1):
                sh.set(row, C.DIVISION, division.name, "cell", text=True)
                sh.set(row, C.TEAM_NO, team.number, "center")
                sh.formula(row, C.TEAM, f"={name}&\"\"", "cell", cached=team.name)
                sh.set(row, C.NUMBER, k, "center")
                sh.set(row, C.NAME, member.name, "input", text=True)
                sh.set(row, C.RATING, member.rating, "input_center")
                sh.set(row, C.IDENT, member.ident or None, "input", text=True)
                row += 1
    for col, width in zip(range(1, 8), (16, 6, 26, 5, 30, 8, 14)):
        sh.width(col, width)
    sh.freeze = "A2"
    sh.print_setup = PrintSetup(area=(f"A1:G{max(row - 1, 1)}",), repeat_rows=(1, 1), fit_width=1)
