"""Standings of the Formule Combinée: PM, then PPM, then Pdep (seed 002, 2-1, 3, 4).

* **PM**: match points over all games so far (:mod:`addin.systems.combinee.scoring`).
* **PPM**: among players tied on PM, the match points each scored in the games
  between them, applied only when every two of them have met (at least one
  game, a forfeit counts as a meeting since the pairing was made); all games
  between them count. It is computed once per PM tie (not re-applied to the
  remaining sub-ties), exactly as the workbook's formulas do. When it does not
  apply it is shown empty and ranks as 0 for the whole tie.
* **Pdep**: sum of the score differences (capped per game if a cap is set).
* ``extra``: PM and Pdep credited outside the games (a late entry's missed rounds,
  ``addin.systems.combinee.event``); they count in PM and Pdep, never in PPM.

Players equal on all three share a rank; for the pairing of the next round
(which needs a strict order) they stay in seed order (decreasing rating).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Hashable, Iterable, Mapping, Sequence, TypeVar

from addin.systems.combinee.scoring import Scoring


#: A player's id (the event's numbers, or whatever ids a caller ranks).
P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class GameResult(Generic[P]):
    """One finished game; ``b is None`` is a bye (``score_*`` unused)."""

    a: P
    b: P | None
    score_a: int | str | None = None
    score_b: int | str | None = None


@dataclass(frozen=True)
class Standing(Generic[P]):
    player: P
    pm: int
    ppm: int | None
    pdep: int
    rank: int


def standings(players: Sequence[P], games: Iterable[GameResult[P]], rules: Scoring,
              extra: Mapping[P, tuple[int, int]] | None = None) -> list[Standing[P]]:
    """Standings, best first; ``players`` in seed order (the final tie-break)."""
    seed = {p: i for i, p in enumerate(players)}
    pm = {p: 0 for p in players}
    pdep = {p: 0 for p in players}
    for p, (points, diff) in (extra or {}).items():
        if p in pm:
            pm[p] += points
            pdep[p] += diff
    # per (player, opponent): match points scored against him
    against: dict[tuple[Hashable, Hashable], int] = {}
    for g in games:
        if g.b is None:
            if g.a in pm:
                pm[g.a] += rules.bye_points
                pdep[g.a] += rules.bye_pdep
            continue
        for me, other, mine, theirs in ((g.a, g.b, g.score_a, g.score_b), (g.b, g.a, g.score_b, g.score_a)):
            if me not in pm:
                continue
            points, diff = rules.game(mine, theirs)
            pm[me] += points
            pdep[me] += diff
            against[(me, other)] = against.get((me, other), 0) + points
    ppm: dict[P, int | None] = {p: None for p in players}
    ties: dict[int, list[P]] = {}
    for p in players:
        ties.setdefault(pm[p], []).append(p)
    for group in ties.values():
        if len(group) < 2:
            continue
        if all((a, b) in against for i, a in enumerate(group) for b in group[i + 1:]):
            for p in group:
                ppm[p] = sum(against.get((p, q), 0) for q in group if q != p)
    order = sorted(players, key=lambda p: (-pm[p], -(ppm[p] or 0), -pdep[p], seed[p]))
    out: list[Standing[P]] = []
    for index, p in enumerate(order):
        key = (pm[p], ppm[p] or 0, pdep[p])
        if out and (out[-1].pm, out[-1].ppm or 0, out[-1].pdep) == key:
            rank = out[-1].rank
        else:
            rank = index + 1
        out.append(Standing(p, pm[p], ppm[p], pdep[p], rank))
    return out
