"""Player statistics over a season: games, points, and the performance where ratings are given.

For each player of each roster, over the boards where the line-ups field him:

* ``games``: games played over the board (``1-0``, ``0-1``, ``½-½``); ``forfeits_won`` and
  ``forfeits_lost`` count the games won or lost by forfeit (a match forfeited by his team
  counts for nobody: no player was fielded);
* ``points``: 1 per win (a forfeit win included), ½ per draw — the individual score, whatever
  the season's game points (the French scale counts no draw in the match score, but a draw
  is half a point for the player);
* ``performance``: FIDE's tournament performance rating (Tie-Break Regulations C.07, TPR):
  the average rating of the rated opponents met over the board (ARO), rounded to a whole
  number, plus ``dp`` from the table of the FIDE Rating Regulations (B.02, 8.1.1) for the
  fraction of points scored against them rounded to two decimals; None when no rated
  opponent was met over the board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from addin.core.results import BLACK_FORFEIT_WIN, BLACK_WIN, DRAW, WHITE_FORFEIT_WIN, WHITE_WIN
from addin.systems.league.match import OVER_THE_BOARD, outcomes
from addin.systems.league.model import Season

#: FIDE B.02 table 8.1.1: dp for a score fraction p = 0.50, 0.51, …, 1.00 (dp(1 − p) = −dp(p))
DP = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175,
      184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444,
      470, 501, 538, 589, 677, 800)


def dp(fraction: float) -> int:
    """``dp`` of FIDE B.02 8.1.1 for a score fraction, rounded to two decimals first."""
    hundredths = int(round(fraction * 100 + 1e-9))
    hundredths = min(100, max(0, hundredths))
    return DP[hundredths - 50] if hundredths >= 50 else -DP[50 - hundredths]


def average_rating(ratings: list[int]) -> int | None:
    """ARO: the average of the ratings, rounded half up to a whole number (None without ratings)."""
    if not ratings:
        return None
    return _average(ratings)


def _average(ratings: list[int]) -> int:
    return int(math.floor(sum(ratings) / len(ratings) + 0.5))


def performance(points: float, ratings: list[int]) -> int | None:
    """TPR = ARO + dp(points / games) over games against rated opponents."""
    if not ratings:
        return None
    return _average(ratings) + dp(points / len(ratings))


@dataclass
class PlayerLine:
    """One roster member's season."""

    division: int
    team: int
    member: int
    games: int = 0
    points: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits_won: int = 0
    forfeits_lost: int = 0
    rated_points: float = 0.0
    opponent_ratings: list[int] = field(default_factory=list)
    performance: int | None = None

    @property
    def aro(self) -> int | None:
        return average_rating(self.opponent_ratings)

    @property
    def percent(self) -> float | None:
        return 100.0 * self.points / self.games if self.games else None


def player_stats(season: Season) -> list[PlayerLine]:
    """Every roster member of every team, division by division, team by team, in roster order."""
    lines: dict[tuple[int, int, int], PlayerLine] = {}
    for d, division in enumerate(season.divisions, 1):
        for team in division.teams:
            for k in range(1, len(team.roster) + 1):
                lines[(d, team.number, k)] = PlayerLine(d, team.number, k, opponent_ratings=[])
    for key, res in outcomes(season).items():
        if res.forfeit is not None:
            continue
        d = key[0]
        division = season.division(d)
        home_team, away_team = division.team(res.home), division.team(res.away)
        home_lineup, away_lineup = season.lineup(key, 0), season.lineup(key, 1)
        for b, code in enumerate(res.boards, 1):
            if code is None:
                continue
            h, a = home_lineup[b - 1], away_lineup[b - 1]
            for member, team, other, other_team, first in ((h, home_team, a, away_team, True),
                                                           (a, away_team, h, home_team, False)):
                if member is None or member > len(team.roster):
                    continue
                line = lines[(d, team.number, member)]
                own = _own(code, first)
                if code in OVER_THE_BOARD:
                    line.games += 1
                    line.points += own
                    line.wins += own == 1
                    line.draws += own == 0.5
                    line.losses += own == 0
                    rating = (other_team.roster[other - 1].rating
                              if other is not None and other <= len(other_team.roster) else None)
                    if rating is not None:
                        line.opponent_ratings.append(rating)
                        line.rated_points += own
                elif own == 1:
                    line.forfeits_won += 1
                    line.points += 1
                else:
                    line.forfeits_lost += 1
    for line in lines.values():
        line.performance = performance(line.rated_points, line.opponent_ratings)
    return list(lines.values())


def _own(code: str, first: bool) -> float:
    """Points of the first-named team's player (``first``) or of his opponent on a board."""
    if code == DRAW:
        return 0.5
    if code in (WHITE_WIN, WHITE_FORFEIT_WIN):
        return 1.0 if first else 0.0
    if code in (BLACK_WIN, BLACK_FORFEIT_WIN):
        return 0.0 if first else 1.0
    return 0.0
