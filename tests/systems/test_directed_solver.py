"""The directed-groups solver: every answer re-checked with the closed formulas,
impossibility confirmed by exhaustive search (small fields) or an independent
CP-SAT model, the largest-group formula confirmed for every field 4-60."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from addin.systems.directed.rules import Field
from addin.systems.directed.solver import (
    _fits_late_cliques, directed_groups, late_cliques, max_group_size, solve_groups,
)
from addin.core.errors import TournamentError

try:
    from support.directed_oracle import brute_force_feasible, meets_early, valid_answer, valid_group
except ImportError:  # tests/ is not a package
    from support.directed_oracle import brute_force_feasible, meets_early, valid_answer, valid_group


def independent_max_group(players: int, last_rounds: int) -> int:
    """Largest group by an independent CP-SAT model built on the closed formulas."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    v = [model.NewBoolVar(str(i)) for i in range(players + 1)]
    model.Add(v[0] == 0)
    for a, b in combinations(range(1, players + 1), 2):
        if not meets_early(players, last_rounds, a, b):
            model.AddBoolOr([v[a].Not(), v[b].Not()])
    model.Maximize(sum(v))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.Solve(model) == cp_model.OPTIMAL
    return round(solver.ObjectiveValue())


def independent_feasible(players: int, last_rounds: int, sizes) -> bool:
    """Disjoint groups of ``sizes`` by a plain CP-SAT model (no symmetry breaking)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = [[model.NewBoolVar("") for _ in range(players + 1)] for _ in sizes]
    late = [(a, b) for a, b in combinations(range(1, players + 1), 2)
            if not meets_early(players, last_rounds, a, b)]
    for row, size in zip(x, sizes):
        model.Add(row[0] == 0)
        model.Add(sum(row) == size)
        for a, b in late:
            model.AddBoolOr([row[a].Not(), row[b].Not()])
    for i in range(1, players + 1):
        model.AddAtMostOne(row[i] for row in x)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 2
    return solver.Solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def test_largest_group_exhaustive_small_fields():
    for players in range(4, 13):
        for n in range(1, players + (players & 1) - 1):
            best = max(size for size in range(1, players + 1)
                       if any(valid_group(players, n, c)
                              for c in combinations(range(1, players + 1), size)))
            assert max_group_size(Field(players, n)) == best, (players, n)


@pytest.mark.parametrize("players", [13, 16, 21, 24, 30, 37, 44, 51, 60])
def test_largest_group_formula_against_independent_model(players):
    rounds = players + (players & 1) - 1
    for n in sorted({1, 2, 3, 4, 5, rounds // 2, rounds // 2 + 1, rounds - 2, rounds - 1}):
        assert max_group_size(Field(players, n)) == independent_max_group(players, n), (players, n)


def test_largest_group_is_reached_by_the_solver():
    for players in (16, 30, 45, 60):
        for n in (1, 3, 7, 12):
            f = Field(players, n)
            omega = max_group_size(f)
            groups = solve_groups(f, [omega])
            assert groups and valid_answer(players, n, [omega], groups)
            assert solve_groups(f, [omega + 1]) is None


requests = st.integers(4, 11).flatmap(lambda p: st.tuples(
    st.just(p),
    st.integers(1, p + (p & 1) - 2),
    st.lists(st.integers(2, 5), min_size=1, max_size=4).filter(lambda s: sum(s) <= p)))


@settings(max_examples=150, deadline=None)
@given(requests)
def test_small_requests_against_brute_force(request):
    players, n, sizes = request
    groups = solve_groups(Field(players, n), sizes)
    assert (groups is not None) == brute_force_feasible(players, n, sizes)
    if groups is not None:
        assert valid_answer(players, n, sizes, groups)


medium = st.integers(12, 40).flatmap(lambda p: st.tuples(
    st.just(p),
    st.integers(1, p + (p & 1) - 2),
    st.lists(st.integers(2, 12), min_size=1, max_size=6).filter(lambda s: sum(s) <= p)))


@settings(max_examples=60, deadline=None)
@given(medium)
def test_medium_requests_against_independent_model(request):
    players, n, sizes = request
    groups = solve_groups(Field(players, n), sizes)
    if groups is not None:
        assert valid_answer(players, n, sizes, groups)
    elif max(sizes) <= max_group_size(Field(players, n)):
        assert not independent_feasible(players, n, sizes)


def test_seed_example_request_and_order_of_sizes():
    groups = directed_groups(16, 6, [3, 6, 4, 3])
    assert valid_answer(16, 6, [3, 6, 4, 3], groups)


def test_answers_are_reproducible():
    first = directed_groups(40, 5, [10, 9, 8, 7])
    assert all(directed_groups(40, 5, [10, 9, 8, 7]) == first for _ in range(3))


def test_sixty_players_hard_requests():
    for n, sizes in [(3, [29, 29]), (5, [27, 26, 3, 4]), (3, [29, 20, 11]), (10, [10, 10, 10, 10])]:
        groups = directed_groups(60, n, sizes)
        assert valid_answer(60, n, sizes, groups)


def test_impossible_request_names_the_largest_group():
    with pytest.raises(TournamentError) as info:
        directed_groups(16, 3, [8])
    assert "largest group that fits has 7" in str(info.value)
    with pytest.raises(TournamentError) as info:
        directed_groups(30, 10, [11, 11, 8])
    text = str(info.value)
    assert "cannot all be formed" in text and "largest further group has" in text
    # the reported size fits, one more does not (independent model)
    best = int(text.split("largest further group has ")[1].split()[0])
    assert independent_feasible(30, 10, [11, 11, best])
    assert not independent_feasible(30, 10, [11, 11, best + 1])


@pytest.mark.parametrize("args, words", [
    ((16, 3, [10, 10]), "at most 16"),
    ((16, 3, [0]), "sizes"),
    ((16, 3, None), "sizes"),
    ((200, 3, [2]), "players"),
    ((16, 3, [["a"]]), "sizes"),
])
def test_bad_requests(args, words):
    with pytest.raises(TournamentError) as info:
        directed_groups(*args)
    assert words in str(info.value)


@pytest.mark.parametrize("players", range(4, 13))
def test_late_clique_bound_only_refuses_impossible_requests(players):
    """The counting bound (one number per late clique and group) against the oracle."""
    rounds = players + (players & 1) - 1
    refused = 0
    for n in range(1, rounds):
        f = Field(players, n)
        cliques = late_cliques(f)
        for clique in cliques:
            assert all(not meets_early(players, n, a, b) for a, b in combinations(sorted(clique), 2))
        assert sum(len(c) for c in cliques) == len(set().union(*cliques)) if cliques else True
        for sizes in ([2] * (players // 2), [3] * (players // 3), [3, 2, 2], [4, 3, 2], [3, 3, 2, 2]):
            if sum(sizes) <= players and not _fits_late_cliques(f, sizes):
                refused += 1
                assert not brute_force_feasible(players, n, sizes), (players, n, sizes)
    assert refused or players < 6
