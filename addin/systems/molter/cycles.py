"""The cycles and factors a Molter construction is drawn on, over the teams only.

Seed 001 ("Comment utiliser les tableaux ?") and ``references.md`` ("Molter tables: what a
peer checks"). For an even number of teams ``N``, the circle 1-factorisation (GK factors
:func:`gk_factor`); for odd ``N``, Walecki's Hamiltonian decomposition (:func:`walecki`) or the
circulant one (:func:`circulant_cycles`), the floater edges a level pair may take on each cycle
(:func:`cycle_edges`, :func:`rainbow_floater`, :func:`floater_bounds`), and the split of one cycle
into a level pair's games (:func:`pair_games`). Used by the construction
(:mod:`addin.systems.molter.construct`), the floater repair
(:mod:`addin.systems.molter.colourable`) and the colours (:mod:`addin.systems.molter.colours`).
"""

from __future__ import annotations

import random
from functools import lru_cache

#: A game between two players, each ``(team index, level index)`` (0-based), not oriented.
Game = tuple[tuple[int, int], tuple[int, int]]


def gk_factor(m: int, s: int) -> list[tuple[int, int]]:
    """Factor ``F_s`` of the circle 1-factorisation of ``Z_m ∪ {∞}`` (``m`` odd, ``∞ = m``)."""
    s %= m
    pairs = [(s, m)]
    for i in range(1, (m - 1) // 2 + 1):
        pairs.append(((s + i) % m, (s - i) % m))
    return pairs


def circulant_cycles(teams: int) -> tuple[tuple[int, ...], ...]:
    """The circulant Hamiltonian decomposition of the complete graph on ``teams`` (an odd prime).

    Cycle ``C_d`` (``d = 1 … (N−1)/2``) is ``0, d, 2d, …`` mod ``N``: the pairs at
    difference ``±d``. Every difference is prime to ``N``, so each is one cycle
    through every team, and the cycles partition the pairs. Not isomorphic to
    Walecki's as a schedule (no fixed team ``∞``): the offline paired variant
    (``generator.OWN_DECOMPOSITION``) plays it where CP-SAT found no floaters
    with one descent and one ascent per team and block on Walecki's cycles
    (13 × 12 × 11 and 13 × 12 × 12; on the circulant cycles it finds them).
    """
    if teams < 3 or any(teams % q == 0 for q in range(2, int(teams ** 0.5) + 1)):
        raise ValueError(f"{teams} is not an odd prime")
    return tuple(tuple((d * q) % teams for q in range(teams)) for d in range(1, (teams - 1) // 2 + 1))


@lru_cache(maxsize=None)
def walecki(teams: int) -> tuple[tuple[int, ...], ...]:
    """Walecki's decomposition of the complete graph on ``teams`` (odd) vertices.

    Vertices ``Z_(N-1) ∪ {∞}`` with ``∞ = N − 1``; cycle ``H_i`` is the zigzag
    ``∞, i, i+1, i−1, i+2, i−2, …, i+n, ∞`` (``n = (N−1)/2``, ``i = 0 … n−1``).
    The ``n`` Hamiltonian cycles partition the pairs of teams.
    """
    n = (teams - 1) // 2
    m = 2 * n
    cycles = []
    for i in range(n):
        seq = [m, i % m]
        for k in range(1, n + 1):
            seq.append((i + k) % m)
            if k < n:
                seq.append((i - k) % m)
        cycles.append(tuple(seq))
    return tuple(cycles)


@lru_cache(maxsize=None)
def cycle_edges(teams: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every directed edge ``(descends, ascends)`` of each Walecki cycle: a level pair's floater options."""
    out = []
    for cyc in walecki(teams):
        opts: list[tuple[int, int]] = []
        for q in range(teams):
            a, b = cyc[q], cyc[(q + 1) % teams]
            opts.extend(((a, b), (b, a)))
        out.append(tuple(opts))
    return tuple(out)


def floater_bounds(teams: int, players: int, rounds: int) -> tuple[int, int, int]:
    """``(⌊D/N⌋, ⌈D/N⌉, max(1, ⌈P/N⌉))`` with ``D = R·P/2``: descents per team (I3), cap per block (I4)."""
    total = rounds * (players // 2)
    return total // teams, -(-total // teams), max(1, -(-players // teams))


@lru_cache(maxsize=None)
def rainbow_matching(teams: int) -> tuple[tuple[int, int], ...]:
    """One edge of every Walecki cycle, no two sharing a team (deterministic search).

    Entry ``i`` is an edge of cycle ``H_i``; such floaters are always allowed
    (no team floats twice in a level pair), a safe start for the search.
    """
    cycles = walecki(teams)
    rng = random.Random(teams)
    edges = [[(c[q], c[(q + 1) % len(c)]) for q in range(len(c))] for c in cycles]
    for _ in range(100000):
        used: set[int] = set()
        out = []
        for options in edges:
            free = [e for e in options if e[0] not in used and e[1] not in used]
            if not free:
                break
            edge = rng.choice(free)
            out.append(edge)
            used.update(edge)
        else:
            return tuple(out)
    raise RuntimeError(f"no rainbow matching found for {teams} teams")  # pragma: no cover


def rainbow_floater(teams: int, pairs: int, j: int, cycle: int) -> tuple[int, int]:
    """Level pair ``j``'s floater edge on Walecki cycle ``cycle``: the rainbow matching rotated by ``j``.

    Rotating by ``t = ⌊j·(N−1)/(P/2)⌋`` gives each level pair other teams; within
    a level pair no team is on two of these edges, so nobody descends or
    ascends twice, even when a cycle's second use reverses its edge.
    """
    half = (teams - 1) // 2
    t = (j * (teams - 1)) // pairs
    a, b = rainbow_matching(teams)[(cycle - t) % half]
    return _shift(a, t, teams), _shift(b, t, teams)


def _shift(team: int, t: int, teams: int) -> int:
    """Rotate ``Z_(N-1)`` by ``t``, ``∞`` fixed (maps ``H_i`` onto ``H_(i+t)``)."""
    m = teams - 1
    return team if team == m else (team + t) % m


def cycle_games(cycle: tuple[int, ...], down: int, up: int) -> tuple[list, list, tuple]:
    """Split a Hamiltonian cycle into upper games, lower games and the floater.

    ``down``–``up`` must be an edge of the cycle: the upper player of ``down``
    descends to meet the lower player of ``up``. Walking from ``down`` away
    from ``up``, the edges alternate lower, upper, lower, …, upper.
    """
    size = len(cycle)
    at = cycle.index(down)
    step = -1 if cycle[(at + 1) % size] == up else 1
    path = [cycle[(at + step * q) % size] for q in range(size)]
    assert path[-1] == up
    lower = [(path[q], path[q + 1]) for q in range(0, size - 1, 2)]
    upper = [(path[q], path[q + 1]) for q in range(1, size - 1, 2)]
    return upper, lower, (down, up)


def pair_games(cycle: tuple[int, ...], down: int, up: int) -> list[Game]:
    """One level pair's games in one round (upper level 0, lower level 1)."""
    upper, lower, (d, u) = cycle_games(cycle, down, up)
    return ([((x, 0), (y, 0)) for x, y in upper] + [((d, 0), (u, 1))]
            + [((x, 1), (y, 1)) for x, y in lower])
