"""The Statistics sheet: every roster member, team by team, with games played over the board,
points, forfeits and performance.

Rule: each figure is a SUMIF over the Games sheet by the player's key; the performance is the
average rating of the rated opponents met over the board plus FIDE's rating difference for the
percentage scored against them (the DP table on the Calc sheet), none without a rated opponent
(``addin.systems.league.stats``).
"""

from __future__ import annotations

from addin.sheets.league.book.plan import BookPlan, num, sheet_ref
from addin.sheets.league.cells import STATS_FIELDS, GamesCols, RosterCols, player_key
from addin.sheets.model import PrintSetup, SheetLayout
from addin.systems.league.model import Member
from addin.systems.league.stats import PlayerLine

HEADS = {"division": "division", "team": "team", "number": "number", "name": "name", "rating": "rating",
         "games": "games", "points": "points", "forfeits": "forfeits", "perf": "perf"}


def write(plan: BookPlan, sh: SheetLayout) -> None:
    """Write the Statistics sheet ``sh`` from ``plan``."""
    L, s = plan.L, plan.season
    sh.set(1, 1, L["stats_title"], "title", text=True)
    for c, name in enumerate(STATS_FIELDS, 1):
        sh.set(3, c, L[HEADS[name]], "header", text=True)
    row = 4
    stats = {(x.division, x.team, x.member): x for x in plan.stats}
    for d, division in enumerate(s.divisions, 1):
        for team in division.teams:
            rows = plan.roster_rows.get((d, team.number))
            for k, member in enumerate(team.roster, 1):
                assert rows is not None  # a team with players has its roster rows
                sh.set(row, 1, division.name, "cell", text=True)
                sh.formula(row, 2, "=" + plan.team_name(d, team.number), "cell", cached=team.name)
                sh.set(row, 3, k, "center")
                _player(plan, sh, row, rows[0] + k - 1, member, player_key(d, team.number, k),
                        stats[(d, team.number, k)])
                row += 1
    for c, width in enumerate((14, 24, 5, 28, 7, 8, 8, 9, 7), 1):
        sh.width(c, width)
    sh.freeze = "A4"
    sh.print_setup = PrintSetup(area=(f"A1:I{max(row - 1, 3)}",), repeat_rows=(3, 3), fit_width=1,
                                orientation="landscape")


def _player(plan: BookPlan, sh: SheetLayout, row: int, roster_row: int, member: Member, key: int,
            line: PlayerLine) -> None:
    """Columns D–I of a player's line: name and rating from the Rosters sheet, then the figures."""
    G = GamesCols
    rosters = plan.names["sheet_rosters"]
    sh.formula(row, 4, f"={sheet_ref(rosters, roster_row, RosterCols.NAME)}&\"\"", "cell", cached=member.name)
    rating = sheet_ref(rosters, roster_row, RosterCols.RATING)
    sh.formula(row, 5, f'=IF({rating}="","",{rating})', "center", cached="" if member.rating is None else member.rating)
    keys = plan.gcol(G.KEY)

    def total(col: int) -> str:
        return f"SUMIF({keys},{key},{plan.gcol(col)})"

    sh.formula(row, 6, f"={total(G.OTB)}", "number", cached=line.games)
    sh.formula(row, 7, f"={total(G.POINTS)}", "number", cached=num(line.points))
    sh.formula(row, 8, f"={total(G.FORFEIT)}", "number", cached=line.forfeits_won + line.forfeits_lost)
    n_rated = total(G.RATED)
    p = f"ROUND({total(G.RATED_POINTS)}/{n_rated},2)"
    h = f"ROUND({p}*100,0)"
    sh.formula(row, 9, f'=IF({n_rated}=0,"",ROUND({total(G.OPP_RATING)}/{n_rated},0)'
                       f"+IF({h}>=50,INDEX({plan.dp_range},{h}-49),-INDEX({plan.dp_range},51-{h})))",
               "number", cached="" if line.performance is None else line.performance)
