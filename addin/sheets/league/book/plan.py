"""What every sheet of the league season workbook shares (``BookPlan``), and the helpers they share.

A sheet module receives the plan and writes its sheet; the plan says where the other sheets'
cells are (each team's row on the Teams sheet, each roster's rows, each match's block on its
round's sheet and its rows on the Calendar and Matches sheets, the Calc sheet's columns), so
that a formula can refer to them. Every position is planned before any sheet is written: the
sheets can be written in any order.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from addin.report.league import figures
from addin.sheets.league.cells import (FIRST_BLOCK_ROW, NO_TIEBREAK, TIEBREAK_SLOTS, CalendarCols, GamesCols, MatchCols,
                                       RosterCols, TeamsCols, block_height)
from addin.sheets.league.labels import labels
from addin.sheets.model import Style, absref, quote_sheet, range_ref
from addin.systems.league.match import MatchOutcome
from addin.systems.league.model import AWAY, BOTH, HOME, MatchKey, Season
from addin.systems.league.stats import DP, PlayerLine
from addin.systems.league.table import TeamLine

STYLES: dict[str, Style] = {
    "input_wrap": Style(border="thin", fill="FFF2CC", locked=False, wrap=True),
    "match_title": Style(bold=True, fill="E2EFDA", border="thin"),
    "team_name": Style(bold=True, border="thin", halign="center"),
    "score": Style(bold=True, border="thin", halign="center", size=12),
    "rank": Style(border="thin", halign="center", bold=True),
    "check": Style(color="C00000", bold=True, halign="center"),
    "division_title": Style(bold=True, size=12),
    "date": Style(border="thin", halign="center", number_format="dd/mm/yyyy"),
    "input_date": Style(border="thin", fill="FFF2CC", halign="center", number_format="dd/mm/yyyy", locked=False),
    "subtitle_date": Style(italic=True, color="555555", halign="left", number_format="dd/mm/yyyy"),
}

#: the label keys of the sheets other than the rounds'
SHEET_KEYS = ("sheet_settings", "sheet_teams", "sheet_rosters", "sheet_calendar", "sheet_table", "sheet_stats",
              "sheet_matches", "sheet_calc", "sheet_games")


@dataclass
class BookPlan:
    """The season of the workbook, its labels, Python's figures and where each sheet puts what."""

    season: Season
    L: dict[str, str]
    n: int  # boards per match
    names: dict[str, str]  # sheet names by label key (``SHEET_KEYS``)
    round_names: list[str]  # the round sheets' names, round 1 first
    # Python's own figures, stored with the formulas that compute them (cached values): the report's
    # (``addin.report.league.figures``, the tables and statistics the report, the TRF and the site show)
    res: dict[MatchKey, MatchOutcome]
    tables: dict[int, list[TeamLine]]
    stats: list[PlayerLine]
    words: dict[str, str]  # the forfeit words (home, away, both) as typed in a match's cells
    # the Teams and Rosters sheets (``plan_registers``): each team's row, each roster's first and last rows
    team_row: dict[tuple[int, int], int] = field(default_factory=dict)
    roster_rows: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    # the matches (``plan_matches``): each block's (round sheet, title row), its Matches and Calendar rows
    match_pos: dict[MatchKey, tuple[str, int]] = field(default_factory=dict)
    match_row: dict[MatchKey, int] = field(default_factory=dict)
    calendar_row: dict[MatchKey, int] = field(default_factory=dict)
    matches_last: int = 0
    games_last: int = 0
    # the Calc sheet (``plan_calc``): each team's row, each division's rows, the columns by name,
    # the matrices' first columns (match points, meetings) and the DP table's column
    calc_row: dict[tuple[int, int], int] = field(default_factory=dict)
    calc_block: dict[int, tuple[int, int]] = field(default_factory=dict)
    max_teams: int = 0
    levels: int = 0
    cc: dict[str, int] = field(default_factory=dict)
    mpx: int = 0
    gx: int = 0
    dp_col: int = 0

    def settings(self, row: int) -> str:
        """The value cell of a Settings row, absolute, with its sheet."""
        return sheet_ref(self.names["sheet_settings"], row, 2)

    def calc(self, row: int, name: str) -> str:
        """The Calc cell of column ``name`` on ``row``, absolute, with its sheet."""
        return sheet_ref(self.names["sheet_calc"], row, self.cc[name])

    def calc_col(self, d: int, name: str) -> str:
        """Division ``d``'s cells of the Calc column ``name``, absolute, with its sheet."""
        first, last = self.calc_block[d]
        return sheet_range(self.names["sheet_calc"], first, self.cc[name], last, self.cc[name])

    @property
    def dp_range(self) -> str:
        """The Calc sheet's table of DP (FIDE's rating differences by percentage score)."""
        return sheet_range(self.names["sheet_calc"], 2, self.dp_col, 2 + len(DP) - 1, self.dp_col)

    def team_name(self, d: int, number: int) -> str:
        """A team's name read from the Teams sheet, as text (the formula's body, without ``=``)."""
        return f"{sheet_ref(self.names['sheet_teams'], self.team_row[(d, number)], TeamsCols.NAME)}&\"\""

    def team_cell(self, d: int, number: int, col: int) -> str:
        """A team's cell of the Teams sheet, absolute, with its sheet."""
        return sheet_ref(self.names["sheet_teams"], self.team_row[(d, number)], col)

    def teams_col(self, d: int, col: int) -> str:
        """Division ``d``'s cells of the Teams sheet's column ``col`` (team number order)."""
        count = len(self.season.division(d).teams)
        return sheet_range(self.names["sheet_teams"], self.team_row[(d, 1)], col, self.team_row[(d, count)], col)

    def mcell(self, key: MatchKey, offset: int, col: int) -> str:
        """A cell of a match's block on its round's sheet, ``offset`` rows below the block's title."""
        sheet, title = self.match_pos[key]
        return sheet_ref(sheet, title + offset, col)

    def mcol(self, col: int) -> str:
        """A column of the Matches sheet, every match."""
        return sheet_range(self.names["sheet_matches"], MatchCols.FIRST_ROW, col, max(self.matches_last, 2), col)

    def gcol(self, col: int) -> str:
        """A column of the Games sheet, every board and side."""
        return sheet_range(self.names["sheet_games"], GamesCols.FIRST_ROW, col, self.games_last, col)

    def tiebreak(self, k: int) -> str:
        """The tie-break code of slot ``k`` (from 0), ``NO_TIEBREAK`` when the slot is empty."""
        tiebreaks = self.season.tiebreaks
        return tiebreaks[k] if k < len(tiebreaks) else NO_TIEBREAK


def plan_book(season: Season) -> BookPlan:
    """The plan of the workbook of ``season``: its figures and every sheet's positions."""
    L = labels(season.header.lang)
    now = figures(season)  # the report's own computation (addin.report.league)
    plan = BookPlan(
        season=season, L=L, n=season.boards, names={k: L[k] for k in SHEET_KEYS},
        round_names=round_sheet_names(season),
        res=now.results, tables=now.tables, stats=now.stats,
        words={HOME: L["home"], AWAY: L["away"], BOTH: L["both"]})
    plan_registers(plan)
    plan_matches(plan)
    plan_calc(plan)
    return plan


def round_sheet_names(season: Season) -> list[str]:
    """The round sheets' names, round 1 first."""
    L = labels(season.header.lang)
    return [L["sheet_round"].format(r=r) for r in range(1, season.rounds + 1)]


def sheet_match_numbers(season: Season, rnd: int) -> list[MatchKey]:
    """The matches of round ``rnd`` in the order its sheet lists them (``Match 1``, ``Match 2``…)."""
    return [key for key, _ in season.matches() if key[1] == rnd]


def plan_registers(plan: BookPlan) -> None:
    """Each team's row on the Teams sheet (division by division, in number order) and each
    roster's rows on the Rosters sheet (a team without players has none)."""
    row, roster = TeamsCols.FIRST_ROW, RosterCols.FIRST_ROW
    for d, division in enumerate(plan.season.divisions, 1):
        for team in division.teams:
            plan.team_row[(d, team.number)] = row
            row += 1
            if team.roster:
                plan.roster_rows[(d, team.number)] = (roster, roster + len(team.roster) - 1)
                roster += len(team.roster)


def plan_matches(plan: BookPlan) -> None:
    """Where each match sits: its block on its round's sheet (one block a match, in the order of
    ``sheet_match_numbers``), its row on the Matches sheet (the season's order) and on the
    Calendar (division by division, round by round, a line for each bye); the last rows of the
    Matches and Games sheets (two Games rows a board: each side's player)."""
    s, h = plan.season, block_height(plan.n)
    for name, rnd in zip(plan.round_names, range(1, s.rounds + 1)):
        for k, key in enumerate(sheet_match_numbers(s, rnd)):
            plan.match_pos[key] = (name, FIRST_BLOCK_ROW + k * h)
    for i, (key, _) in enumerate(s.matches()):
        plan.match_row[key] = MatchCols.FIRST_ROW + i
    row = CalendarCols.FIRST_ROW
    for d, division in enumerate(s.divisions, 1):
        for rnd in range(1, division.rounds + 1):
            for match in division.round_matches(rnd):
                plan.calendar_row[(d, rnd, match.index)] = row
                row += 1
            if rnd in division.byes:
                row += 1
    count = len(s.matches())
    plan.matches_last = MatchCols.FIRST_ROW + count - 1
    plan.games_last = max(GamesCols.FIRST_ROW + 2 * plan.n * count - 1, GamesCols.FIRST_ROW)


def plan_calc(plan: BookPlan) -> None:
    """The Calc sheet: a row per team, division by division from row 2; its columns by name
    (``plan.cc``, from D), then the match points matrix (``mpx``), the meetings matrix (``gx``)
    and the DP table (``dp_col``), each after an empty column."""
    s = plan.season
    i = 2
    for d, division in enumerate(s.divisions, 1):
        first = i
        for team in division.teams:
            plan.calc_row[(d, team.number)] = i
            i += 1
        plan.calc_block[d] = (first, i - 1)
    plan.max_teams = max(len(d.teams) for d in s.divisions)
    plan.levels = max(1, plan.max_teams - 1)
    names = ["div", "number", "key", "played", "won", "drawn", "lost", "forfeited", "MP", "GP", "GA", "DIFF",
             "BC", "BERLIN", "ESB", "MW"]
    names += [f"pk{k + 1}" for k in range(TIEBREAK_SLOTS)] + ["r0", "tied", "met", "de_ok", "gate"]
    names += [f"de{k}" for k in range(1, plan.levels + 1)] + [f"r{k}" for k in range(1, plan.levels + 1)]
    names += [f"qk{k + 1}" for k in range(TIEBREAK_SLOTS)] + ["rank", "position", "poskey"]
    plan.cc = {name: 4 + k for k, name in enumerate(names)}
    plan.mpx = 4 + len(names) + 1
    plan.gx = plan.mpx + plan.max_teams + 1
    plan.dp_col = plan.gx + plan.max_teams + 1


def sheet_ref(sheet: str, row: int, col: int) -> str:
    """An absolute cell of another sheet."""
    return f"{quote_sheet(sheet)}!{absref(row, col)}"


def sheet_range(sheet: str, r1: int, c1: int, r2: int, c2: int) -> str:
    """An absolute range of another sheet."""
    return f"{quote_sheet(sheet)}!{range_ref(r1, c1, r2, c2)}"


def date_value(text: str) -> Any:
    """A calendar's date as a date when it is one (ISO), else the text (``None`` when empty)."""
    try:
        return dt.date.fromisoformat(text)
    except (TypeError, ValueError):
        return text or None


def serial(value: Any) -> Any:
    """A date as the number a spreadsheet stores for it (what a formula showing it holds)."""
    if isinstance(value, dt.date):
        return (value - dt.date(1899, 12, 30)).days
    return value


def num(value: float) -> float | int:
    """A figure as shown: an integer when it is one."""
    return int(value) if float(value).is_integer() else value
