"""Phase-1 schedules inside a group (seed 002, section 2-5).

The players of a group hold positions A1..Ag, drawn at random at the start of
the event (:func:`draw_positions`, reproducible from a seed).

The rule behind the seed's two printed tables (9 rounds, groups of 10 and 12),
which we apply to 5 and 7 rounds as the seed says "the same rules" hold:

* The last position ``Ag`` is a pivot; the other ``m = g−1`` positions sit on a
  circle ``1..m`` (``m`` is odd). A round is given by its *centre* ``c``: ``Ac``
  meets ``Ag``, and for ``k = 1 … (m−1)/2`` the positions ``c−k`` and ``c+k``
  (counted round the circle, in ``1..m``) meet, in that order. All pairs of a
  round have the same sum ``2c`` modulo ``m``, so the ``m`` possible centres
  give the ``m`` rounds of a complete round-robin, each pair exactly once.
* Group of ``NbR+1`` (``m = NbR``): round ``r`` has centre ``r``, r = 1..NbR.
* Group of ``NbR+3`` (``m = NbR+2``): only ``NbR`` of the ``NbR+2`` rounds are
  played: centre 1 in round 1, centre ``r+1`` in rounds 2..NbR−1, centre
  ``NbR+2`` in the last round. The centres 2 and ``NbR+1`` are left out, so
  each player misses two opponents of the group.

Each game is given with the lower position first. The seed prints
"A7vsA7" in round 9 of the group of 10: the rule gives A2vsA7 (see
docs/corrections-combinee.md).
"""

from __future__ import annotations

import random
from typing import Sequence, TypeVar

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.systems.combinee.groups import check_phase1_rounds

T = TypeVar("T")


def check_group_size(group_size, rounds: int) -> int:
    size = as_int(group_size, "group_size", 6, 12)
    if size not in (rounds + 1, rounds + 3):
        raise TournamentError(
            "The argument 'group_size' is {size}: with {rounds} phase-1 rounds a group has "
            "{rounds_1} or {rounds_3} players.",
            size=size, rounds=rounds, rounds_1=rounds + 1, rounds_3=rounds + 3)
    return size


def centres(size: int, rounds: int) -> list[int]:
    """The centre of each round 1..rounds (see the module docstring)."""
    if size == rounds + 1:
        return list(range(1, rounds + 1))
    return [1] + [r + 1 for r in range(2, rounds)] + [rounds + 2]


def round_games(size: int, centre: int) -> list[tuple[int, int]]:
    """Games ``(a, b)`` (positions, ``a < b``) of the round with this centre."""
    m = size - 1
    games = [(centre, size)]
    for k in range(1, (m - 1) // 2 + 1):
        a = (centre - k - 1) % m + 1
        b = (centre + k - 1) % m + 1
        games.append((min(a, b), max(a, b)))
    return games


def group_schedule(group_size, phase1_rounds) -> list[list[tuple[int, int]]]:
    """All phase-1 rounds of a group: ``rounds[r-1]`` lists the games of round r."""
    rounds = check_phase1_rounds(phase1_rounds)
    size = check_group_size(group_size, rounds)
    return [round_games(size, c) for c in centres(size, rounds)]


def phase1_round(group_size, phase1_rounds, round) -> list[tuple[int, int]]:
    """Games of one round (``COMBINEE_PHASE1``)."""
    rounds = check_phase1_rounds(phase1_rounds)
    size = check_group_size(group_size, rounds)
    number = as_int(round, "round", 1, rounds)
    return round_games(size, centres(size, rounds)[number - 1])


def draw_positions(members: Sequence[T], seed: int | str | None) -> list[T]:
    """The group's players in position order A1..Ag, drawn at random.

    The same ``seed`` always gives the same order (Python's Mersenne Twister,
    stable across versions for ``shuffle`` of a list); the event records it.
    """
    order = list(members)
    random.Random(seed).shuffle(order)
    return order
