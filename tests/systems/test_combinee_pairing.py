"""Phases 2-3 pairing "de proche en proche" against a brute-force reading of the definition."""

import functools
import itertools
import random
import time

from hypothesis import given, settings, strategies as st
import pytest

from addin.systems.combinee.matching import maximum_matching
from addin.systems.combinee.pairing import pair_players
from support.combinee_cases import brute_force


# ---------------------------------------------------------------- brute force


# ---------------------------------------------------------------- seed and references examples

def test_seed_phase2_example():
    order = list("ABCDEFGH")
    assert pair_players(order, [("A", "B"), ("B", "D"), ("D", "F")]) == [
        ("A", "C"), ("B", "E"), ("D", "G"), ("F", "H")]


def test_seed_phase3_example_same_rule():
    order = list("ABCDEFGH")
    phase3 = [("A", "B"), ("B", "D"), ("D", "F")]
    assert pair_players(order, phase3) == brute_force(order, phase3, {})


def test_greedy_dead_end_is_avoided():
    # references.md: earlier games A-B, C-D, A-C, B-D; greedy would repeat A-B and C-D.
    order = list("ABCD")
    assert pair_players(order, [("A", "B"), ("C", "D"), ("A", "C"), ("B", "D")]) == [
        ("A", "D"), ("B", "C")]


def test_no_second_bye():
    order = list("ABCDE")
    # E (last) already had a bye: the bye goes to D, the lowest player without one.
    assert pair_players(order, [], {"E": 1}) == [("A", "B"), ("C", "E"), ("D", None)]


def test_everyone_had_a_bye_the_fewest_get_it():
    order = list("ABC")
    assert pair_players(order, [], {"A": 1, "B": 2, "C": 2}) == [("A", None), ("B", "C")]


def test_rematch_only_when_unavoidable():
    order = list("ABCD")
    everyone = list(itertools.combinations(order, 2))
    assert pair_players(order, everyone) == [("A", "B"), ("C", "D")]


# ---------------------------------------------------------------- random small fields

@st.composite
def fields(draw):
    n = draw(st.integers(1, 11))
    order = list(range(1, n + 1))
    pairs = list(itertools.combinations(order, 2))
    history = draw(st.lists(st.sampled_from(pairs), max_size=len(pairs))) if pairs else []
    byes = {p: draw(st.integers(0, 1)) for p in order} if n % 2 else {}
    return order, history, byes


@settings(max_examples=400, deadline=None)
@given(fields())
def test_matches_brute_force(field):
    order, history, byes = field
    assert pair_players(order, history, byes) == brute_force(order, history, byes)


@st.composite
def sparse_fields(draw):
    """Few earlier games, so that the fast (Dirac) part of the pairing is used too."""
    n = draw(st.integers(8, 13))
    order = list(range(1, n + 1))
    history = draw(st.lists(st.sampled_from(list(itertools.combinations(order, 2))), max_size=4))
    byes = {p: draw(st.integers(0, 1)) for p in order} if n % 2 else {}
    return order, history, byes


@settings(max_examples=150, deadline=None)
@given(sparse_fields())
def test_sparse_fields_match_brute_force(field):
    order, history, byes = field
    assert pair_players(order, history, byes) == brute_force(order, history, byes)


@settings(max_examples=100, deadline=None)
@given(st.integers(6, 20), st.integers(0, 10 ** 6))
def test_denser_fields_use_the_fewest_rematches(half, seed):
    """Larger even fields with heavy history: a valid pairing with the fewest rematches."""
    n = 2 * half
    rng = random.Random(seed)
    order = list(range(n))
    history = [tuple(rng.sample(order, 2)) for _ in range(rng.randint(0, n * n // 3))]
    pairs = pair_players(order, history)
    seen = [p for pair in pairs for p in pair if p is not None]
    assert sorted(seen) == order
    rem = {frozenset(g) for g in history}
    cost = sum(frozenset(p) in rem for p in pairs if None not in p)
    # oracle for the minimum: n/2 - maximum matching of the new-pairings graph (checked
    # against brute force in test_maximum_matching_against_brute_force)
    adj = [[u for u in order if u != v and frozenset((u, v)) not in rem] for v in order]
    match = maximum_matching(adj)
    nu = sum(1 for v, m in enumerate(match) if m > v)
    assert cost == n // 2 - nu


def brute_matching_size(n, edges):
    best = 0
    for k in range(n // 2, 0, -1):
        for combo in itertools.combinations(edges, k):
            used = [v for e in combo for v in e]
            if len(set(used)) == len(used):
                return k
    return best


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 9), st.data())
def test_maximum_matching_against_brute_force(n, data):
    pairs = list(itertools.combinations(range(n), 2))
    edges = data.draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    adj = [[] for _ in range(n)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    match = maximum_matching(adj)
    for v, m in enumerate(match):
        if m != -1:
            assert match[m] == v and m in adj[v]
    assert sum(1 for v, m in enumerate(match) if m > v) == brute_matching_size(n, edges)


def test_thousand_players_twenty_rounds_is_fast():
    rng = random.Random(7)
    n = 1000
    order = list(range(n))
    history = []
    for _ in range(20):
        shuffled = order[:]
        rng.shuffle(shuffled)
        history += list(zip(shuffled[::2], shuffled[1::2]))
    start = time.perf_counter()
    pairs = pair_players(order, history)
    elapsed = time.perf_counter() - start
    rem = {frozenset(g) for g in history}
    assert not any(frozenset(p) in rem for p in pairs)
    assert elapsed < 5  # generous here; benchmarks/bench_combinee.py measures < 1 s
