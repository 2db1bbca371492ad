"""The construction from the circle of residues (addin/systems/directed/construct.py).

Every answer is checked with the independent oracle (tests/directed_oracle.py: the
Berger closed formulas), never against the code's own rules.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from addin.systems.directed.construct import VARIANTS, _positions, construct
from addin.systems.directed.rules import Field
from addin.systems.directed.solver import directed_groups, solve_groups

try:
    from .directed_oracle import brute_force_feasible, meets_early, valid_answer
except ImportError:  # tests/ is not a package
    from directed_oracle import brute_force_feasible, meets_early, valid_answer

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
    variant = draw(st.integers(0, VARIANTS - 1))
    return players, n, sizes, frozenset(taken), variant


@settings(max_examples=300, deadline=None)
@given(requests())
def test_every_construction_is_valid(request):
    players, n, sizes, taken, variant = request
    built = construct(Field(players, n), sizes, taken, variant)
    if built is not None:
        assert valid_answer(players, n, sizes, built)
        assert not taken & {v for g in built for v in g}


@settings(max_examples=60, deadline=None)
@given(requests(low=4, high=9))
def test_construction_never_answers_an_impossible_small_request(request):
    players, n, sizes, taken, variant = request
    sizes = sizes[:4]
    if sum(sizes) > players:
        return
    built = construct(Field(players, n), sizes, frozenset(), variant)
    if not brute_force_feasible(players, n, sizes):
        assert built is None
