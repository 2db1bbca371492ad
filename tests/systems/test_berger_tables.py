"""Berger tables against the printed seeds and the closed formulas.

Oracles: the tables printed in seed 003 (3/4 … 19/20 players) and seed 000
(12 and 16 players), parsed from the seed text itself; the closed formulas
of seed 003 re-implemented here from the text (not imported); an independent
round-robin validator.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from addin.systems.roundrobin.berger import (
    ORDERS, BergerQuery, berger_rows, berger_schedule, played_to_table, table_round_games,
)
from support.rr_validator import check_round_robin
from support.seed_tables import seed000_tables, seed003_tables

SEED003 = seed003_tables()
SEED000 = seed000_tables()


def _as_printed(schedule):
    """Rounds as the seeds print them: pairs per table, White first, byes kept as the dummy."""
    return {r.number: [(g.white, g.black) for g in r.games] for r in schedule.rounds}


def test_seed003_has_every_table():
    assert sorted(SEED003) == list(range(4, 21, 2))
    assert all(len(SEED003[n]) == n - 1 for n in SEED003)


@pytest.mark.parametrize("n", range(4, 21, 2))
def test_even_table_equals_seed003(n):
    assert _as_printed(berger_schedule(n)) == SEED003[n]


@pytest.mark.parametrize("n", [12, 16])
def test_table_equals_seed000(n):
    assert _as_printed(berger_schedule(n)) == SEED000[n]


@pytest.mark.parametrize("odd", range(3, 20, 2))
def test_odd_field_is_even_table_with_the_highest_number_as_bye(odd):
    """FIDE/seed: odd field = even table, whoever meets the dummy (odd+1) has a bye."""
    printed = SEED003[odd + 1]
    schedule = berger_schedule(odd)
    for rnd in schedule.rounds:
        real = [p for p in printed[rnd.number] if odd + 1 not in p]
        dummy = [p for p in printed[rnd.number] if odd + 1 in p]
        assert [(g.white, g.black) for g in rnd.games] == real
        assert [g.board for g in rnd.games] == list(range(1, len(real) + 1))
        assert rnd.byes == tuple(x for x in dummy[0] if x != odd + 1)


# -- closed formulas of seed 003, written again from the text ---------------

def seed003_round(n, i, j):
    if i != n and j != n:
        return i + j - 1 if i + j - 1 < n else i + j - n
    i = j if i == n else i
    return 2 * i - 1 if 2 * i <= n else 2 * i - n


def seed003_white(n, i, j):
    """Who has White: the text's colour rule, pivot rule included."""
    if j == n:
        return n if 2 * i > n else i
    if i == n:
        return n if 2 * j > n else j
    if (i + j) % 2 == 1:
        return i if i < j else j
    return i if i > j else j


def _check_formulas(n):
    schedule = berger_schedule(n)
    for rnd in schedule.rounds:
        for g in rnd.games:
            assert seed003_round(n, g.white, g.black) == rnd.number
            assert seed003_white(n, g.white, g.black) == g.white


@pytest.mark.parametrize("n", range(2, 41, 2))
def test_formulas_agree_with_table_small(n):
    _check_formulas(n)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=100))
def test_formulas_agree_with_table_up_to_200(k):
    _check_formulas(2 * k)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=2, max_value=200), st.integers(min_value=1, max_value=2))
def test_every_schedule_is_a_valid_round_robin(players, cycles):
    schedule = berger_schedule(players, cycles=cycles)
    rounds = [([(g.white, g.black) for g in r.games], list(r.byes)) for r in schedule.rounds]
    check_round_robin(players, rounds, cycles)


@pytest.mark.parametrize("players", [999, 1000])
def test_spot_check_1000(players):
    schedule = berger_schedule(players)
    rounds = [([(g.white, g.black) for g in r.games], list(r.byes)) for r in schedule.rounds]
    check_round_robin(players, rounds)
    n = players + players % 2
    for rnd in schedule.rounds[::97]:
        for g in rnd.games:
            assert seed003_round(n, g.white, g.black) == rnd.number
            assert seed003_white(n, g.white, g.black) == g.white


@settings(max_examples=80, deadline=None)  # every cell of small tables: further below
@given(st.data())
def test_per_cell_functions_agree_with_the_table(data):
    players = data.draw(st.integers(min_value=2, max_value=200))
    cycles = data.draw(st.integers(min_value=1, max_value=2))
    swap = data.draw(st.booleans())
    order = data.draw(st.sampled_from(["normal", "gathering", "gathering-reverse"]))
    schedule = berger_schedule(players, cycles, swap, order)
    query = BergerQuery(players, cycles, swap, order)
    rnd = schedule.round(data.draw(st.integers(min_value=1, max_value=len(schedule.rounds))))
    for g in rnd.games[:5] + rnd.games[-5:]:
        assert query.opponent(g.white, rnd.number) == g.black
        assert query.opponent(g.black, rnd.number) == g.white
        assert query.color(g.white, rnd.number) == "W"
        assert query.color(g.black, rnd.number) == "B"
        assert query.board(g.white, rnd.number) == g.board == query.board(g.black, rnd.number)
        assert query.meeting_round(g.white, g.black, rnd.cycle) == rnd.number
        assert query.white_of(g.black, g.white, rnd.cycle) == g.white
    for p in rnd.byes:
        assert query.opponent(p, rnd.number) == "BYE"
        assert query.color(p, rnd.number) == "BYE"
        assert query.board(p, rnd.number) == "BYE"


def test_boards_and_colours_of_the_12_player_example_by_hand():
    """Seed 000, round II of 12 players: 12-7 8-6 9-5 10-4 11-3 1-2."""
    q = BergerQuery(12)
    assert [q.opponent(p, 2) for p in (12, 8, 9, 10, 11, 1)] == [7, 6, 5, 4, 3, 2]
    assert [q.board(p, 2) for p in (12, 8, 9, 10, 11, 1)] == [1, 2, 3, 4, 5, 6]
    assert q.color(12, 2) == "W" and q.color(7, 2) == "B"


@pytest.mark.parametrize("n", [4, 12, 16, 30, 100])
def test_seed_colour_count_first_half_has_one_more_white(n):
    """Seed 000, "La question des Couleurs": numbers 1..k have White once more than Black."""
    whites = {p: 0 for p in range(1, n + 1)}
    for rnd in berger_schedule(n).rounds:
        for g in rnd.games:
            whites[g.white] += 1
    k = n // 2
    assert all(whites[p] == k for p in range(1, k + 1))
    assert all(whites[p] == k - 1 for p in range(k + 1, n + 1))


def test_per_cell_answers_build_no_schedule(monkeypatch):
    """Issue 2: per-cell functions are O(1) — they must not build a table."""
    import addin.systems.roundrobin.berger as berger

    def forbidden(*_args, **_kwargs):
        raise AssertionError("a schedule was built for a per-cell answer")

    monkeypatch.setattr(berger, "table_round_games", forbidden)
    monkeypatch.setattr(berger, "berger_schedule", forbidden)
    q = berger.BergerQuery(1000, 2)
    assert q.opponent(1000, 1997) != q.opponent(999, 1997)
    assert q.color(17, 1500) in ("W", "B")
    assert isinstance(q.board(17, 1500), int)
    assert q.meeting_round(5, 900, 2) > 999


# -- the fast builders against the per-table definition ----------------------

@pytest.mark.parametrize("players", list(range(2, 41)) + [99, 100])
def test_schedule_and_rows_builders_equal_the_per_table_definition(players):
    """``berger_schedule`` and ``BERGER_TABLE``'s rows are built by slicing a ring of
    numbers; they must equal the closed-formula definition of each table round
    (``table_round_games``: pivot on table 1, ``o ± (t − 1)`` on table ``t``), with
    colours reversed in even cycles and the dummy's opponent as the bye."""
    n = players + players % 2
    for cycles in (1, 2, 3):
        for swap in (True, False):
            for order in ORDERS:
                schedule = berger_schedule(players, cycles, swap, order)
                for rnd in schedule.rounds:
                    pairs = table_round_games(n, rnd.table_round)
                    if rnd.cycle % 2 == 0:
                        pairs = [(b, w) for w, b in pairs]
                    real = [p for p in pairs if n not in p or n == players]
                    assert [(g.white, g.black) for g in rnd.games] == real
                    assert [g.board for g in rnd.games] == list(range(1, len(real) + 1))
                    assert rnd.byes == tuple(x for p in pairs if n in p and n != players for x in p if x != n)
                    assert (rnd.cycle, rnd.table_round) == played_to_table(players, rnd.number, cycles, swap, order)
                assert berger_rows(players, cycles, swap, order) == schedule.rows()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8, 11, 12, 16, 17])
def test_per_cell_answers_on_every_cell_of_small_tables(players):
    """Every (player, round) and every pair, every cycle count, round order and swap."""
    for cycles in (1, 2, 3):
        for swap in (True, False):
            for order in ORDERS:
                schedule = berger_schedule(players, cycles, swap, order)
                query = BergerQuery(players, cycles, swap, order)
                for rnd in schedule.rounds:
                    for g in rnd.games:
                        assert (query.opponent(g.white, rnd.number), query.opponent(g.black, rnd.number)) == \
                            (g.black, g.white)
                        assert (query.color(g.white, rnd.number), query.color(g.black, rnd.number)) == ("W", "B")
                        assert query.board(g.white, rnd.number) == g.board == query.board(g.black, rnd.number)
                        assert query.meeting_round(g.black, g.white, rnd.cycle) == rnd.number
                        assert query.white_of(g.black, g.white, rnd.cycle) == g.white
                    for p in rnd.byes:
                        assert (query.opponent(p, rnd.number), query.color(p, rnd.number),
                                query.board(p, rnd.number)) == ("BYE", "BYE", "BYE")
