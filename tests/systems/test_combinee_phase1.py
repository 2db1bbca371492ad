"""Phase-1 schedules against the seed's printed tables (2-5) and an independent validator."""

import itertools
import re

import pytest

from addin.systems.combinee.phase1 import draw_positions, group_schedule, phase1_round
from addin.core.errors import TournamentError
from support.combinee_cases import CORRECTIONS_10, SEED_10, SEED_12, apply, parse


def validate(size, rounds):
    """Each position once per round, no pair twice, games inside the group."""
    seen = set()
    for games in rounds:
        players = [p for g in games for p in g]
        assert sorted(players) == list(range(1, size + 1))
        for a, b in games:
            pair = frozenset((a, b))
            assert len(pair) == 2 and pair not in seen
            seen.add(pair)
    return seen


def as_sets(rounds):
    return [[frozenset(g) for g in games] for games in rounds]


def test_printed_10_has_the_known_typo_only():
    printed = parse(SEED_10)
    with pytest.raises(AssertionError):
        validate(10, printed)
    validate(10, apply(printed, CORRECTIONS_10))


def test_seed_group_of_10_in_9_rounds():
    expected = apply(parse(SEED_10), CORRECTIONS_10)
    assert as_sets(group_schedule(10, 9)) == as_sets(expected)


def test_seed_group_of_12_in_9_rounds():
    expected = parse(SEED_12)
    validate(12, expected)
    assert as_sets(group_schedule(12, 9)) == as_sets(expected)


@pytest.mark.parametrize("rounds", [5, 7, 9])
def test_small_group_is_a_complete_round_robin(rounds):
    size = rounds + 1
    seen = validate(size, group_schedule(size, rounds))
    assert seen == {frozenset(p) for p in itertools.combinations(range(1, size + 1), 2)}
    assert len(group_schedule(size, rounds)) == rounds


@pytest.mark.parametrize("rounds", [5, 7, 9])
def test_large_group_plays_its_rounds_without_repeat(rounds):
    size = rounds + 3
    schedule = group_schedule(size, rounds)
    assert len(schedule) == rounds
    seen = validate(size, schedule)
    # each player meets `rounds` of the size-1 others, so misses exactly two
    for p in range(1, size + 1):
        assert sum(1 for pair in seen if p in pair) == rounds


@pytest.mark.parametrize("rounds", [5, 7, 9])
@pytest.mark.parametrize("extra", [1, 3])
def test_games_are_lower_position_first_and_round_query_agrees(rounds, extra):
    size = rounds + extra
    full = group_schedule(size, rounds)
    for r in range(1, rounds + 1):
        games = phase1_round(float(size), float(rounds), float(r))
        assert games == full[r - 1]
        assert all(a < b for a, b in games)


@pytest.mark.parametrize("args, word", [
    ((11, 9, 1), "group_size"), ((10, 8, 1), "phase1_rounds"), ((10, 9, 10), "round"),
    ((10, 9, 0), "round"), (("x", 9, 1), "group_size"), ((None, 9, 1), "group_size"),
])
def test_bad_arguments(args, word):
    with pytest.raises(TournamentError, match=word):
        phase1_round(*args)


def test_draw_is_reproducible_and_a_permutation():
    members = list(range(1, 13))
    first = draw_positions(members, 42)
    assert first == draw_positions(members, 42)
    assert sorted(first) == members
    assert any(draw_positions(members, s) != members for s in range(5))
