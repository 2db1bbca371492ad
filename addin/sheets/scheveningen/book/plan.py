"""What every sheet of the Scheveningen match workbook shares (``BookPlan``), and the styles they use.

A sheet module receives the plan and writes its sheet; the plan says where the other sheets' cells
are (a team's name and a player's cells on the Line-ups sheet, a board's cells on a round sheet), so
that a formula can refer to them, and holds Python's own figures (the score of each round and of the
match, each player's points and games, the game of each pair of players), stored as the cached values
of the formulas that compute them: the report's own computation (``addin.report.scheveningen.figures``),
so that the workbook caches what the report shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from addin.sheets.model import Style, quote_sheet, ref
from addin.sheets.scheveningen.cells import RoundCols, TeamCols
from addin.sheets.scheveningen.labels import labels
from addin.report.scheveningen import figures
from addin.systems.scheveningen_match import Game, SchevMatch, Score

STYLES: dict[str, Style] = {
    "input_wrap": Style(border="thin", fill="FFF2CC", locked=False, wrap=True),
    "subtitle_wrap": Style(italic=True, color="555555", wrap=True, valign="top"),
    "team_input": Style(bold=True, border="thin", fill="FFF2CC", locked=False),
    "team_name": Style(bold=True, border="thin", halign="center"),
    "score": Style(bold=True, border="thin", halign="center", size=12),
    "check": Style(color="C00000", bold=True, halign="center"),
    "xt_win": Style(border="thin", halign="center", fill="C6EFCE"),
    "xt_draw": Style(border="thin", halign="center", fill="FFEB9C"),
    "xt_loss": Style(border="thin", halign="center", fill="FFC7CE"),
}


def round_sheet_names(match: SchevMatch) -> list[str]:
    """The round sheets' names, round 1 first."""
    L = labels(match.header.lang)
    return [L["sheet_round"].format(r=r) for r in range(1, match.n + 1)]


def num(value: float) -> float | int:
    """A point count as the workbook caches it: whole numbers as ``int``."""
    return int(value) if float(value).is_integer() else value


@dataclass
class BookPlan:
    """The match of the workbook, its labels, Python's figures and where each sheet puts what."""

    match: SchevMatch
    L: dict[str, str]
    n: int  # players per team: rounds, boards per round
    teams_sheet: str
    rounds: list[str]  # the round sheets' names, round 1 first
    # Python's own figures, stored with the formulas that compute them (cached values)
    total: Score  # the match's score
    round_scores: dict[int, Score]  # each round's score
    totals: dict[tuple[str, int], tuple[float, int]]  # (team, number) → (points, games with a result)
    meetings: dict[tuple[int, int], Game]  # (A's number, B's number) → their game

    def game(self, team: str, number: int, opponent: int) -> Game:
        """The game of ``team``'s player ``number`` against the other team's player ``opponent``."""
        return self.meetings[(number, opponent) if team == "A" else (opponent, number)]

    # -- references shared by several sheets ----------------------------------------
    def team_name_ref(self, team: str) -> str:
        col = TeamCols.A_NAME if team == "A" else TeamCols.B_NAME
        return f"{quote_sheet(self.teams_sheet)}!{ref(TeamCols.TEAM_ROW, col, True, True)}"

    def player_ref(self, team: str, number: int, col: int | None = None) -> str:
        col = col or TeamCols.name_col(team)
        return f"{quote_sheet(self.teams_sheet)}!{ref(TeamCols.FIRST_ROW + number - 1, col, True, True)}"

    def board_ref(self, rnd: int, board: int, col: int) -> str:
        return f"{quote_sheet(self.rounds[rnd - 1])}!{ref(RoundCols.FIRST_ROW + board - 1, col, True, True)}"


def plan_book(match: SchevMatch) -> BookPlan:
    """The plan of the workbook of ``match``."""
    L = labels(match.header.lang)
    now = figures(match)
    return BookPlan(
        match=match, L=L, n=match.n, teams_sheet=L["sheet_teams"], rounds=round_sheet_names(match),
        total=now.score, round_scores=now.rounds, totals=now.totals, meetings=now.meetings)
