"""The construction from the circle of residues (addin/systems/directed/construct.py).

Every answer is checked with the independent oracle (tests/support/directed_oracle.py: the
Berger closed formulas), never against the code's own rules.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from addin.systems.directed.construct import SPLIT_VARIANTS, VARIANTS, _positions, construct, fits_sides
from addin.systems.directed.rules import Field
from addin.systems.directed.solver import directed_groups, solve_groups

try:
    from support.directed_oracle import brute_force_feasible, meets_early, valid_answer
except ImportError:  # tests/ is not a package
    from support.directed_oracle import brute_force_feasible, meets_early, valid_answer

# Feasible requests of the 120-player frontier walks (benchmarks/bench_directed.py 120) that
# the depth-first search, its restarts and CP-SAT took 1.3–5.7 s of CPU to answer.
HARD_120 = [
    (59, [12, 8, 5, 4, 6, 5, 6, 5, 4, 5, 6, 7, 5, 2, 2, 2, 2, 3, 2, 2, 4, 3, 3, 2]),
    (59, [12, 8, 5, 4, 6, 5, 6, 5, 4, 5, 7, 7, 5, 2, 2, 2, 2, 3, 2, 2, 4, 3, 3, 2, 2]),
    (59, [11, 8, 3, 9, 7, 5, 3, 6, 5, 6, 4, 4, 4, 5, 4, 3, 2, 2, 3, 2, 3, 2, 2, 2, 2, 2, 3]),
    (79, [5, 8, 11, 5, 6, 7, 4, 4, 3, 5, 2, 2]),
    (79, [6, 8, 5, 7, 8, 6, 2, 2, 3, 5, 2, 2, 4, 2, 3, 2, 2, 2, 2, 2, 2, 2, 2]),
    (79, [7, 8, 5, 7, 8, 6, 2, 2, 3, 5, 2, 2, 4, 2, 3, 2, 2, 3, 2, 2, 2, 3, 2, 2, 2]),
    (79, [10, 6, 7, 4, 5, 8, 3, 2, 6, 3, 3, 4, 2, 2, 2, 3, 2]),
]


@pytest.mark.parametrize("players, last_rounds", [
    (p, n) for p in (8, 9, 16, 17, 30, 31) for n in range(1, p + (p & 1) - 1)
] + [(120, n) for n in (1, 40, 59, 79, 116)] + [(119, n) for n in (3, 58, 80)])
def test_one_side_of_the_circle_meets_early_by_the_sum_of_positions(players, last_rounds):
    """Two numbers of one side meet early exactly when |T + T'| <= 2(L - 1) (module doc)."""
    f = Field(players, last_rounds)
    sides, _ = _positions(f, range(1, players + 1))
    wide = 2 * (f.early_rounds - 1)
    for side in sides:
        for i, (t, x) in enumerate(side):
            for u, y in side[i + 1:]:
                assert (abs(t + u) <= wide) == meets_early(players, last_rounds, x, y), (x, y)


@pytest.mark.parametrize("last_rounds, sizes", HARD_120)
def test_hard_requests_of_120_players(last_rounds, sizes):
    built = construct(Field(120, last_rounds), sizes)
    assert built is not None and valid_answer(120, last_rounds, sizes, built)
    groups = directed_groups(120, last_rounds, sizes)
    assert valid_answer(120, last_rounds, sizes, groups)
    assert directed_groups(120, last_rounds, sizes) == groups  # deterministic


def test_seeded_hard_requests_are_valid_and_reproducible():
    f = Field(120, 79)
    sizes = HARD_120[4][1]
    answers = [solve_groups(f, sizes, seed=seed) for seed in (1, 2, 1)]
    assert all(valid_answer(120, 79, sizes, a) for a in answers)
    assert answers[0] == answers[2]


@st.composite
def requests(draw, low=4, high=120):
    players = draw(st.integers(low, high))
    n = draw(st.integers(1, players + (players & 1) - 2))
    sizes = draw(st.lists(st.integers(1, 12), min_size=1, max_size=25))
    taken = draw(st.sets(st.integers(1, players), max_size=5))
    variant = draw(st.integers(0, VARIANTS + SPLIT_VARIANTS - 1))
    return players, n, sizes, frozenset(taken), variant


@settings(max_examples=300, deadline=None)
@given(requests())
def test_every_construction_is_valid(request):
    players, n, sizes, taken, variant = request
    built = construct(Field(players, n), sizes, taken, variant)
    if built is not None:
        assert valid_answer(players, n, sizes, built)
        assert not taken & {v for g in built for v in g}


def small_requests(low: int, high: int):
    """Requests of at most four groups that fit in the field: small enough for brute force."""
    return (requests(low=low, high=high)
            .map(lambda r: (r[0], r[1], r[2][:4], r[3], r[4]))
            .filter(lambda r: sum(r[2]) <= r[0]))


@settings(max_examples=60, deadline=None)
@given(small_requests(low=4, high=9))
def test_construction_never_answers_an_impossible_small_request(request):
    players, n, sizes, taken, variant = request
    built = construct(Field(players, n), sizes, frozenset(), variant)
    if not brute_force_feasible(players, n, sizes):
        assert built is None


# Feasible requests of the frontier walks of 62-100 players (benchmarks/bench_directed.py, walks of
# each size alone) that main f5dbf23 took 1.5-5.3 s of CPU to answer (its DFS, construction,
# restarts, then CP-SAT): the central band of one side has no room for a flank at its ends, so
# only the sides split by subset sums, with the pivot around a band, build them (seconds noted).
HARD_MID = [
    (62, 30, [12, 5, 6, 7, 5, 4, 3, 2, 4, 2, 2, 2, 2]),  # 1.6 s
    (66, 32, [7, 6, 9, 6, 6, 4, 2, 4, 4, 2, 2, 4, 2, 2, 2]),  # 2.3 s
    (66, 32, [7, 6, 9, 6, 6, 4, 2, 4, 4, 2, 2, 4, 2, 2, 2, 2, 2]),  # 3.4 s
    (69, 46, [5, 5, 6, 6, 2, 2, 3, 4, 3, 2, 4, 2, 2, 3, 2, 2]),  # 1.8 s
    (70, 34, [10, 7, 6, 7, 3, 5, 4, 3, 5, 3, 2, 2, 2, 2, 2]),  # 2.0 s
    (70, 34, [10, 7, 6, 7, 3, 5, 4, 4, 5, 3, 2, 2, 2, 2, 2]),  # 2.0 s
    (70, 34, [10, 7, 6, 7, 3, 5, 4, 4, 5, 3, 2, 2, 2, 2, 2, 2]),  # 1.6 s
    (70, 34, [10, 7, 6, 7, 3, 5, 4, 4, 5, 3, 2, 2, 2, 2, 2, 2, 2]),  # 2.1 s
    (70, 34, [9, 8, 7, 3, 4, 5, 3, 2, 3, 3, 5, 2, 2, 5, 3, 2]),  # 2.0 s
    (73, 36, [11, 6, 6, 3, 7, 6, 6, 4, 2, 2, 2, 3, 2, 3, 2, 2, 2, 2, 2]),  # 1.5 s
    (73, 36, [15, 6, 6, 6, 5, 5, 3, 2, 3, 3, 3, 2]),  # 1.6 s
    (73, 48, [6, 7, 5, 3, 6, 3, 4, 3, 3, 2, 2, 2, 2, 3, 2, 2, 2]),  # 1.6 s
    (100, 66, [5, 6, 5, 8, 5, 5, 4, 3, 4, 2, 2, 2, 3, 3, 2, 3, 2, 2]),  # 2.8 s
    (100, 66, [7, 6, 9, 4, 4, 3, 2, 2, 4, 2, 3, 5, 3, 2, 4, 2, 2, 3, 2, 2, 2]),  # 3.6 s
    (100, 66, [7, 6, 9, 4, 4, 3, 2, 2, 4, 2, 3, 5, 3, 2, 4, 2, 2, 3, 2, 2, 2, 2]),  # 3.0 s
    (100, 66, [7, 6, 9, 4, 4, 3, 2, 2, 4, 2, 3, 5, 3, 2, 4, 2, 2, 3, 3, 2, 2, 2, 2]),  # 2.6 s
    (100, 66, [7, 6, 9, 4, 4, 3, 2, 2, 4, 2, 3, 5, 3, 2, 4, 2, 2, 3, 3, 2, 2, 2, 2, 2]),  # 2.7 s
    (100, 66, [7, 6, 9, 4, 4, 3, 2, 2, 4, 2, 3, 5, 3, 2, 4, 2, 2, 3, 3, 2, 2, 2, 2, 2, 2]),  # 5.3 s
]

# Impossible requests that main f5dbf23 sent to CP-SAT, which took 15 and 20 s to prove them
# impossible: the groups of three or more cannot split between the two sides' central bands.
IMPOSSIBLE_MID = [
    (65, 43, [8, 5, 4, 5, 5, 5]),
    (70, 46, [8, 6, 5, 5, 5, 5]),
]


@pytest.mark.parametrize("players, last_rounds, sizes", HARD_MID)
def test_hard_requests_of_62_to_100_players(players, last_rounds, sizes):
    f = Field(players, last_rounds)
    built = [construct(f, sizes, variant=v) for v in range(VARIANTS, VARIANTS + SPLIT_VARIANTS)]
    assert any(b is not None and valid_answer(players, last_rounds, sizes, b) for b in built)
    groups = directed_groups(players, last_rounds, sizes)
    assert valid_answer(players, last_rounds, sizes, groups)
    assert directed_groups(players, last_rounds, sizes) == groups  # deterministic
    assert fits_sides(f, sizes)


@pytest.mark.parametrize("players, last_rounds, sizes", IMPOSSIBLE_MID)
def test_side_bound_refuses_at_once(players, last_rounds, sizes):
    f = Field(players, last_rounds)
    assert not fits_sides(f, sizes)
    assert solve_groups(f, sizes) is None
    # one group fewer (the last) is possible: the bound is not refusing everything here
    assert fits_sides(f, sizes[:-1])
    assert valid_answer(players, last_rounds, sizes[:-1], directed_groups(players, last_rounds, sizes[:-1]))


@st.composite
def feasible_requests(draw):
    """A request known to be feasible: sizes of disjoint groups built greedily from numbers in
    a drawn order, each group checked valid by the oracle (then some groups dropped or shrunk)."""
    players = draw(st.integers(4, 120))
    n = draw(st.integers(1, players + (players & 1) - 2))
    taken = frozenset(draw(st.sets(st.integers(1, players), max_size=6)))
    order = draw(st.permutations([v for v in range(1, players + 1) if v not in taken]))
    groups: list[list[int]] = []
    for v in order:
        for g in groups:
            if all(meets_early(players, n, v, w) for w in g):
                g.append(v)
                break
        else:
            groups.append([v])
    keep = draw(st.lists(st.booleans(), min_size=len(groups), max_size=len(groups)))
    sizes = [len(g) for g, k in zip(groups, keep) if k] or [len(g) for g in groups[:1]]
    return players, n, sizes, taken, groups


@settings(max_examples=150, deadline=None)
@given(feasible_requests())
def test_side_bound_never_refuses_a_feasible_request(request):
    players, n, sizes, taken, groups = request
    assert all(valid_answer(players, n, [len(g)], [g]) for g in groups)  # the oracle's witness
    assert fits_sides(Field(players, n), sizes, taken)


@settings(max_examples=150, deadline=None)
@given(small_requests(low=4, high=10))
def test_side_bound_agrees_with_brute_force(request):
    players, n, sizes, taken, variant = request
    if not fits_sides(Field(players, n), sizes):
        assert not brute_force_feasible(players, n, sizes)
