"""Rutsch-Berger: running a Berger table by sliding players around one long table.

Seed 000, "Le système RUTSCH-BERGER", rules R1–R7, with ``2k`` players (an odd
field adds a dummy ``2k``, as in Berger, and its opponent has the bye):

* R2: the boards stand side by side along one long table with alternating
  colours; column ``c`` (left to right) has White at the bottom when ``c`` is
  odd and at the top when ``c`` is even.
* R3/R4: player 1 sits at the White seat of column 1; players ``2 … k`` take
  the other White seats going round the table: the bottom row left to right,
  then the top row right to left.
* R5: players ``k+1 … 2k`` sit opposite so that every board sums to ``2k+1``
  (so ``2k`` faces 1 on column 1).
* R6: each round every player slides one seat against the direction of
  placement: leftwards along the bottom, up into the free seat of column 1,
  rightwards along the top, down at the far end.
* R7: player ``2k`` keeps column 1 and changes side every round.

Control (seed): after the first slide, round 2 must pair ``2k`` against ``k+1``
and 1 against 2, the first named having White. The seats reproduce Berger's
round exactly in every round (tested for every size).
"""

from __future__ import annotations

from functools import lru_cache

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.systems.roundrobin.berger import table_size

MAX_PLAYERS = 5000


@lru_cache(maxsize=64)
def _ring(n: int) -> tuple[int, ...]:
    """Round-1 occupants of the ``n-1`` sliding seats, in sliding order.

    Sliding order: index 0 is the free seat of column 1, then the top seats of
    columns 2..k, then the bottom seats of columns k..2.
    """
    k = n // 2
    top = [0] * (k + 1)
    bottom = [0] * (k + 1)
    white_cols_bottom = [c for c in range(1, k + 1) if c % 2 == 1]
    white_cols_top = [c for c in range(k, 0, -1) if c % 2 == 0]
    for player, col in enumerate(white_cols_bottom + white_cols_top, 1):
        if col % 2 == 1:
            bottom[col], top[col] = player, n + 1 - player
        else:
            top[col], bottom[col] = player, n + 1 - player
    ring = [bottom[1]] + [top[c] for c in range(2, k + 1)] + [bottom[c] for c in range(k, 1, -1)]
    return tuple(ring)


def seats(players, rnd) -> tuple[list, list]:
    """``(top row, bottom row)`` of round ``rnd``, one entry per column.

    The dummy of an odd field shows as ``"BYE"``.
    """
    real = as_int(players, "players", 2, MAX_PLAYERS)
    n = table_size(real)
    r = as_int(rnd, "round", 1, n - 1)
    k = n // 2
    ring = _ring(n)
    m = n - 1
    shift = r - 1

    def held(index: int) -> int:
        return ring[(index - shift) % m]

    top = [0] * (k + 1)
    bottom = [0] * (k + 1)
    if r % 2 == 1:
        top[1], bottom[1] = n, held(0)
    else:
        bottom[1], top[1] = n, held(0)
    for c in range(2, k + 1):
        top[c] = held(c - 1)
        bottom[c] = held(2 * k - c)
    show = (lambda p: "BYE" if p > real else p)
    return [show(p) for p in top[1:]], [show(p) for p in bottom[1:]]


def pairs(players, rnd) -> list[tuple]:
    """``(white, black)`` per column of round ``rnd``, read off the seat colours (R2)."""
    top, bottom = seats(players, rnd)
    return [(b, t) if c % 2 == 1 else (t, b) for c, (t, b) in enumerate(zip(top, bottom), 1)]


def control_check(players) -> bool:
    """The seed's control: round 2 has ``2k``–``(k+1)`` and ``1``–``2``, White first."""
    real = as_int(players, "players", 2, MAX_PLAYERS)
    n = table_size(real)
    if n < 4:
        raise TournamentError("The Rutsch-Berger control needs at least 3 players.")
    k = n // 2
    show = (lambda p: "BYE" if p > real else p)
    found = set(pairs(real, 2))
    return (show(n), show(k + 1)) in found and (1, 2) in found
