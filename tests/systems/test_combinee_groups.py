"""Phase-1 groups (seed 002, 2-2 to 2-4): counts, impossible sizes, both snakes."""

from hypothesis import given, settings, strategies as st
import pytest

from addin.systems.combinee.groups import (
    distribute, group_counts, group_of_rank, improved_snake, plain_snake, raw_counts, snake, spread)
from addin.core.errors import TournamentError
from support.combinee_cases import IMPROVED_64, PLAIN_64, columns


def test_seed_example_64_players_9_rounds():
    plan = group_counts(64, 9)
    assert (plan.total, plan.large, plan.small) == (6, 2, 4)
    assert plan.sizes() == [12, 12, 10, 10, 10, 10]


def test_seed_minimum_players():
    for rounds, minimum in ((5, 12), (7, 16), (9, 20)):
        assert group_counts(minimum, rounds).total == 2
        with pytest.raises(TournamentError, match=f"at least {minimum}"):
            group_counts(minimum - 2, rounds)


def test_seed_list_of_impossible_sizes_is_complete():
    impossible = set()
    for rounds in (5, 7, 9):
        for n in range(2 * (rounds + 1), 400, 2):
            try:
                group_counts(n, rounds)
            except TournamentError:
                impossible.add((n, rounds))
    assert impossible == {(22, 7), (26, 9), (28, 9), (38, 9)}


def test_seed_22_players_7_rounds_message():
    with pytest.raises(TournamentError) as info:
        group_counts(22, 7)
    text = str(info.value)
    assert "5 phase-1 rounds (2 groups of 8 and 1 group of 6; add the 2 rounds" in text
    assert "9 phase-1 rounds (1 group of 12 and 1 group of 10; take the 2 rounds" in text
    assert text.count(".") == 1 and text.endswith(".")


def test_odd_field_adds_the_fictitious_player():
    assert group_counts(63, 9) == group_counts(64, 9)


def test_no_alternative_at_all():
    with pytest.raises(TournamentError, match="at least 12 players"):
        group_counts(9, 5)


@pytest.mark.parametrize("args, word", [((64, 8), "phase1_rounds"), ((64, 11), "phase1_rounds"),
                                        (("abc", 9), "players"), ((64.5, 9), "players"),
                                        ((None, 9), "players"), ((64, True), "phase1_rounds")])
def test_bad_arguments(args, word):
    with pytest.raises(TournamentError, match=word):
        group_counts(*args)


def test_seed_plain_snake_64():
    assert snake(64, 9, improved=False) == columns(PLAIN_64)


def test_seed_improved_snake_64():
    assert snake(64, 9, improved=True) == columns(IMPROVED_64)


def test_group_of_rank_column():
    column = group_of_rank(columns(IMPROVED_64))
    assert column[0] == 1 and column[30] == 1 and column[63] == 3 and column[60] == 6


valid_fields = st.tuples(st.sampled_from([5, 7, 9]), st.integers(6, 300)).map(
    lambda t: (2 * t[1], t[0])).filter(lambda t: raw_counts(t[0], t[1])[1] >= 2
                                       and raw_counts(t[0], t[1])[2] >= 0)


def reference_snake(n, rounds):
    """Independent plain snake: deal ranks row by row over the groups still taking players."""
    small_size, large_size = rounds + 1, rounds + 3
    total = n // small_size
    large = (n % small_size) // 2
    sizes = [large_size] * large + [small_size] * (total - large)
    groups = [[] for _ in sizes]
    rank, row = 1, 0
    while rank <= n:
        open_groups = [g for g in range(total) if len(groups[g]) < sizes[g]]
        for g in (open_groups if row % 2 == 0 else open_groups[::-1]):
            groups[g].append(rank)
            rank += 1
        row += 1
    return groups


@settings(max_examples=200, deadline=None)
@given(valid_fields)
def test_improved_never_less_balanced_on_ranks(field):
    n, rounds = field
    plain = reference_snake(n, rounds)
    assert plain_snake(group_counts(n, rounds)) == plain
    better = improved_snake(group_counts(n, rounds))
    assert [len(g) for g in better] == [len(g) for g in plain]
    assert sorted(r for g in better for r in g) == list(range(1, n + 1))
    ranks = list(range(1, n + 1))
    assert spread(better, ranks) <= spread(plain, ranks) + 1e-9
    # no small group receives more than one of the tail's players
    base = len(plain) * (rounds + 1)
    for g in better[raw_counts(n, rounds)[3]:]:
        assert sum(1 for r in g if r > base) <= 1


@settings(max_examples=200, deadline=None)
@given(valid_fields, st.data())
def test_event_distribution_never_less_balanced_on_ratings(field, data):
    n, rounds = field
    steps = data.draw(st.lists(st.integers(0, 400), min_size=n - 1, max_size=n - 1))
    ratings = [2800]
    for s in steps:
        ratings.append(ratings[-1] - s)
    plan = group_counts(n, rounds)
    chosen = distribute(plan, ratings)
    assert spread(chosen, ratings) <= spread(reference_snake(n, rounds), ratings) + 1e-9


def test_ratings_that_would_overshoot_keep_the_plain_snake():
    # one outlier at the top, a gap between rank 34 and 35: exchanging 61-64 for 31-34
    # makes G1 (which holds the outlier) even stronger.
    ratings = [10000] + [2000] * 33 + [1000] * 30
    plan = group_counts(64, 9)
    assert spread(improved_snake(plan), ratings) > spread(plain_snake(plan), ratings)
    assert distribute(plan, ratings) == columns(PLAIN_64)
    assert distribute(plan, list(range(2000, 1936, -1))) == columns(IMPROVED_64)
