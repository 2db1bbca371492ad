"""One match of a season: its boards' results, its score and its match points.

The rules (``docs/league.md``):

* **A match lost by forfeit** (a team absent): typed in the match's forfeit cell, or given
  by a withdrawal — a team withdrawn from round R is absent from each of its matches of
  round R and later, from the moment that round has started in its division (a result or
  a forfeit is typed in one of the division's matches of that round). Every board of the
  match is then a forfeit win for the team present (``+-`` or ``-+`` from the first-named
  team's side; ``0-0`` when both are absent); the results typed on its boards are ignored.
* **A board** otherwise has the result typed (from the first-named team's side), or none.
* **Game points** of a board: ``game_win`` for a win (over the board or by forfeit),
  ``game_draw`` for a draw, ``game_loss`` for a loss over the board, 0 for a game lost by
  forfeit or a double forfeit.
* **The match score** is the sum of each team's game points on its boards; the match is
  **complete** when every board has a result (or the match is forfeited).
* **Match points** of a complete match: the team with the higher score gets ``win``, the
  other ``loss``, ``draw`` each when the scores are equal; a team absent gets
  ``forfeit`` and its opponent ``win`` (``forfeit`` both when both are absent).
"""

from __future__ import annotations

from dataclasses import dataclass

from addin.core.results import (BLACK_FORFEIT_WIN, BLACK_WIN, DOUBLE_FORFEIT, DRAW, WHITE_FORFEIT_WIN,
                                WHITE_WIN)
from addin.systems.league.model import AWAY, BOTH, HOME, BoardKey, MatchKey, Scoring, Season

_HOME_WINS = frozenset({WHITE_WIN, WHITE_FORFEIT_WIN})
_AWAY_WINS = frozenset({BLACK_WIN, BLACK_FORFEIT_WIN})
OVER_THE_BOARD = frozenset({WHITE_WIN, BLACK_WIN, DRAW})


@dataclass(frozen=True)
class MatchOutcome:
    """A match as it stands: board results, scores, completeness, match points (None until complete)."""

    key: MatchKey
    home: int
    away: int
    boards: tuple[str | None, ...]
    forfeit: str | None
    home_score: float
    away_score: float
    done: int
    complete: bool
    home_points: float | None
    away_points: float | None
    board_points: tuple[tuple[float, float], ...]

    @property
    def started(self) -> bool:
        return self.done > 0 or self.forfeit is not None


def game_points(code: str | None, scoring: Scoring) -> tuple[float, float]:
    """``(first-named team, other team)`` game points of one board result."""
    if code is None:
        return 0.0, 0.0
    if code == WHITE_WIN:
        return scoring.game_win, scoring.game_loss
    if code == BLACK_WIN:
        return scoring.game_loss, scoring.game_win
    if code == DRAW:
        return scoring.game_draw, scoring.game_draw
    if code == WHITE_FORFEIT_WIN:
        return scoring.game_win, 0.0
    if code == BLACK_FORFEIT_WIN:
        return 0.0, scoring.game_win
    return 0.0, 0.0  # DOUBLE_FORFEIT


def started_rounds(season: Season) -> set[tuple[int, int]]:
    """``(division, round)`` pairs with a typed result or forfeit in one of their matches."""
    out = {(d, r) for d, r, _, _ in season.results}
    out |= {(d, r) for d, r, _ in season.forfeits}
    return out


def match_forfeit(season: Season, key: MatchKey, started: set[tuple[int, int]] | None = None) -> str | None:
    """``home``, ``away``, ``both`` or None: the typed forfeit, else the one the withdrawals give."""
    typed = season.forfeits.get(key)
    if typed is not None:
        return typed
    if not season.withdrawn:
        return None
    started = started_rounds(season) if started is None else started
    d, rnd, _ = key
    if (d, rnd) not in started:
        return None
    match = season.match(key)
    home_out = rnd >= season.withdrawn.get((d, match.home), 10 ** 6)
    away_out = rnd >= season.withdrawn.get((d, match.away), 10 ** 6)
    if home_out and away_out:
        return BOTH
    return HOME if home_out else AWAY if away_out else None


def outcome(season: Season, key: MatchKey, started: set[tuple[int, int]] | None = None) -> MatchOutcome:
    """The match ``key`` as it stands (see the module doc)."""
    match = season.match(key)
    forfeit = match_forfeit(season, key, started)
    n = season.boards
    boards: tuple[str | None, ...]
    if forfeit is not None:
        code = {HOME: BLACK_FORFEIT_WIN, AWAY: WHITE_FORFEIT_WIN, BOTH: DOUBLE_FORFEIT}[forfeit]
        boards = (code,) * n
    else:
        boards = tuple(season.results.get((*key, b)) for b in range(1, n + 1))
    points = tuple(game_points(code, season.scoring) for code in boards)
    home_score = sum(p for p, _ in points)
    away_score = sum(q for _, q in points)
    done = sum(1 for code in boards if code is not None)
    complete = done == n
    s = season.scoring
    if not complete:
        home_points = away_points = None
    elif forfeit == BOTH:
        home_points = away_points = s.forfeit
    elif forfeit == HOME:
        home_points, away_points = s.forfeit, s.win
    elif forfeit == AWAY:
        home_points, away_points = s.win, s.forfeit
    elif home_score > away_score:
        home_points, away_points = s.win, s.loss
    elif home_score < away_score:
        home_points, away_points = s.loss, s.win
    else:
        home_points = away_points = s.draw
    return MatchOutcome(key, match.home, match.away, boards, forfeit, home_score, away_score, done, complete,
                        home_points, away_points, points)


def outcomes(season: Season) -> dict[MatchKey, MatchOutcome]:
    """Every match of the season as it stands."""
    started = started_rounds(season)
    return {key: outcome(season, key, started) for key, _ in season.matches()}


def effective_results(season: Season) -> dict[BoardKey, str]:
    """Board results as the standings count them: typed, or given by a forfeited match."""
    out: dict[BoardKey, str] = {}
    for key, result in outcomes(season).items():
        for b, code in enumerate(result.boards, 1):
            if code is not None:
                out[(*key, b)] = code
    return out


def home_won(code: str) -> bool:
    return code in _HOME_WINS


def away_won(code: str) -> bool:
    return code in _AWAY_WINS
