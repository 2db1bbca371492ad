"""Double (and longer) round-robins and the team-league round orders."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from addin.systems.roundrobin.berger import berger_schedule


def colour_strings(schedule):
    seq = {p: [] for p in range(1, schedule.players + 1)}
    for rnd in schedule.rounds:
        for g in rnd.games:
            seq[g.white].append("W")
            seq[g.black].append("B")
    return seq


def has_three_in_a_row(colours):
    return any(colours[i] == colours[i + 1] == colours[i + 2] for i in range(len(colours) - 2))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=3, max_value=120))
def test_double_round_robin_has_no_three_equal_colours_in_a_row(players):
    for colours in colour_strings(berger_schedule(players, cycles=2)).values():
        assert not has_three_in_a_row(colours)


@pytest.mark.parametrize("players", range(4, 25, 2))
def test_without_the_swap_player_one_gets_three_in_a_row(players):
    """references.md: without FIDE's swap, player 1 has three equal colours in a row."""
    colours = colour_strings(berger_schedule(players, cycles=2, swap_last=False))
    assert has_three_in_a_row(colours[1])


@pytest.mark.parametrize("cycles", [3, 4])
@pytest.mark.parametrize("players", [5, 6, 7, 8, 11, 16, 21])
def test_longer_cycles_keep_colours_alternating(cycles, players):
    for colours in colour_strings(berger_schedule(players, cycles=cycles)).values():
        assert not has_three_in_a_row(colours)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=80), st.booleans())
def test_second_cycle_reverses_colours_of_every_pair(players, swap):
    schedule = berger_schedule(players, cycles=2, swap_last=swap)
    first = {frozenset((g.white, g.black)): g.white
             for r in schedule.rounds if r.cycle == 1 for g in r.games}
    second = {frozenset((g.white, g.black)): g.white
              for r in schedule.rounds if r.cycle == 2 for g in r.games}
    assert first.keys() == second.keys()
    assert all(first[pair] != second[pair] for pair in first)


def test_swap_exchanges_only_the_last_two_rounds_of_the_first_cycle():
    plain = berger_schedule(10, cycles=2, swap_last=False)
    swapped = berger_schedule(10, cycles=2, swap_last=True)
    assert [r.table_round for r in plain.rounds] == list(range(1, 10)) * 2
    assert [r.table_round for r in swapped.rounds] == [1, 2, 3, 4, 5, 6, 7, 9, 8] + list(range(1, 10))


@pytest.mark.parametrize("teams", [4, 6, 12])
def test_gathering_orders_of_the_seed(teams):
    """Seed 000: '2-3-4-…-11-1' and '11-10-…-2-1' for 12 teams."""
    rounds = teams - 1
    gathering = berger_schedule(teams, order="gathering")
    reverse = berger_schedule(teams, order="gathering-reverse")
    assert [r.table_round for r in gathering.rounds] == list(range(2, rounds + 1)) + [1]
    assert [r.table_round for r in reverse.rounds] == list(range(rounds, 0, -1))
    normal = berger_schedule(teams)
    for reordered in (gathering, reverse):
        for rnd in reordered.rounds:
            assert rnd.games == normal.round(rnd.table_round).games
