"""Each player's rating performance in a round-robin, as FIDE rates the event.

Source: FIDE Handbook B.02 (Rating Regulations from 1 March 2024): only games
played over the board are rated (forfeits are not), a rated player's games
against unrated opponents are left out, 8.1 tables, 8.3 rating change; C.07
10.1-10.2 for ARO and TPR. Unlike the standings (C.05 6.6), every game counts,
also against a player who withdrew: FIDE rates them all.

Per player, over his games over the board against rated opponents:

* ``games``, ``score``;
* ``aro`` = mean opponents' rating, 0.5 up; ``tpr`` = ARO + dp(score / games);
* ``expected`` = Σ PD(own − opponent), differences beyond 400 counted as 400
  (only for a rated player, in hundredths of a point);
* ``change`` = K × (score − expected), not rounded (only for a rated player).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from addin.core.results import BLACK_WIN, DRAW, WHITE_WIN, score
from addin.core.schedule import Schedule
from addin.systems.standings import rating as fide_rating
from addin.systems.standings.roundrobin import check_results

_OVER_THE_BOARD = frozenset({WHITE_WIN, BLACK_WIN, DRAW})
DEFAULT_K = 20


@dataclass(frozen=True)
class Performance:
    number: int
    games: int
    score: float
    aro: int | None
    tpr: int | None
    expected: int | None   # hundredths
    change: float | None


def performances(schedule: Schedule, results: Mapping | None, ratings: Mapping[int, int | None],
                 k: float = DEFAULT_K) -> dict[int, Performance]:
    """The :class:`Performance` of every player (see the module docstring)."""
    codes = check_results(schedule, results)
    opponents: dict[int, list[int]] = {p: [] for p in range(1, schedule.players + 1)}
    scores = {p: 0.0 for p in opponents}
    for rnd, board, white, black in schedule.games():
        code = codes.get((rnd, board))
        if code not in _OVER_THE_BOARD:
            continue
        w_pts, b_pts = score(code)
        for me, other, pts in ((white, black, w_pts), (black, white, b_pts)):
            rating = ratings.get(other)
            if rating:
                opponents[me].append(rating)
                scores[me] += pts
    out = {}
    for p, opp in opponents.items():
        own = ratings.get(p)
        expected = fide_rating.expected_hundredths(own, opp) if own and opp else None
        out[p] = Performance(p, len(opp), scores[p], fide_rating.aro(opp), fide_rating.tpr(scores[p], opp),
                             expected, fide_rating.rating_change(k, scores[p], expected)
                             if expected is not None else None)
    return out
