"""The Calendar sheet: every match of the season, division by division, round by round, with its
date (an input: the match sheet shows it), its two teams, a note (neutral ground) and, once the
match has started, its score; a line for each team with a bye.

Rule: the score shows as soon as a result or a forfeit is typed in the match's block (its typed
count or its forfeit cell), read from the block's own sums.
"""

from __future__ import annotations

import datetime as dt

from addin.sheets.league.book.plan import BookPlan, date_value, num
from addin.sheets.league.cells import TITLE, CalendarCols, RoundCols
from addin.sheets.model import PrintSetup, SheetLayout, ref
from addin.systems.league.model import Match, MatchKey, SeasonDivision


def write(plan: BookPlan, sh: SheetLayout) -> None:
    """Write the Calendar sheet ``sh`` from ``plan`` (rows: ``plan.calendar_row``)."""
    L, C, s = plan.L, CalendarCols, plan.season
    sh.set(1, 1, L["calendar_title"], "title", text=True)
    for col, label in ((C.DIVISION, "division"), (C.ROUND, "round"), (C.MATCH, "match"), (C.DATE, "date"),
                       (C.HOME, "home_team"), (C.AWAY, "away_team"), (C.NOTE, "note"), (C.HOME_SCORE, "score"),
                       (C.AWAY_SCORE, "score")):
        sh.set(C.FIRST_ROW - 1, col, L[label], "header", text=True)
    row = C.FIRST_ROW
    for d, division in enumerate(s.divisions, 1):
        for rnd in range(1, division.rounds + 1):
            for match in division.round_matches(rnd):
                row = plan.calendar_row[(d, rnd, match.index)]
                _match_line(plan, sh, row, (d, rnd, match.index), division, match)
                row += 1
            if rnd in division.byes:
                sh.set(row, C.DIVISION, division.name, "cell", text=True)
                sh.set(row, C.ROUND, rnd, "center")
                sh.formula(row, C.HOME, "=" + plan.team_name(d, division.byes[rnd]), "cell",
                           cached=division.team(division.byes[rnd]).name)
                sh.set(row, C.NOTE, L["bye"], "cell", text=True)
                row += 1
    for col, width in zip(range(1, 10), (14, 7, 7, 12, 26, 26, 26, 8, 8)):
        sh.width(col, width)
    sh.freeze = ref(C.FIRST_ROW, 1)
    sh.print_setup = PrintSetup(area=(f"A1:I{max(row - 1, C.FIRST_ROW)}",),
                                repeat_rows=(C.FIRST_ROW - 1, C.FIRST_ROW - 1), fit_width=1,
                                orientation="landscape")


def _match_line(plan: BookPlan, sh: SheetLayout, row: int, key: MatchKey, division: SeasonDivision,
                match: Match) -> None:
    """The Calendar's line of the match ``key`` on ``row``."""
    L, C, R = plan.L, CalendarCols, RoundCols
    d, rnd, _ = key
    res = plan.res[key]
    sh.set(row, C.DIVISION, division.name, "cell", text=True)
    sh.set(row, C.ROUND, rnd, "center")
    sh.set(row, C.MATCH, match.index, "center")
    date = date_value(match.date)
    if isinstance(date, dt.date):
        sh.set(row, C.DATE, date, "input_date")
    else:
        sh.set(row, C.DATE, date, "input_date", text=date is not None)
    sh.formula(row, C.HOME, "=" + plan.team_name(d, match.home), "cell", cached=division.team(match.home).name)
    sh.formula(row, C.AWAY, "=" + plan.team_name(d, match.away), "cell", cached=division.team(match.away).name)
    sh.set(row, C.NOTE, L["neutral"] if match.neutral else None, "cell", text=match.neutral)
    shown = f'OR({plan.mcell(key, TITLE, R.TYPED_SUM)}>0,{plan.mcell(key, TITLE, R.FORFEIT)}<>"")'
    sh.formula(row, C.HOME_SCORE, f'=IF({shown},{plan.mcell(key, TITLE, R.HSCORE)},"")', "center",
               cached=num(res.home_score) if res.started else "")
    sh.formula(row, C.AWAY_SCORE, f'=IF({shown},{plan.mcell(key, TITLE, R.ASCORE)},"")', "center",
               cached=num(res.away_score) if res.started else "")
