"""Rutsch system and Rutsch-Berger seating against seed 000's diagrams.

The diagrams below are transcribed from seed 000 ("LE SYSTEME RUTSCH" and
"Le système RUTSCH-BERGER"): per round, per table, (left seat, right seat);
for 7 players the letters A..G are players 1..7 and the last entry is the
player at the bottom of the column (the bye).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from addin.core.errors import TournamentError
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.rutsch import RutschQuery, layout, rutsch_round, rutsch_rows, rutsch_schedule
from addin.systems.roundrobin.rutsch_berger import control_check, pairs, seats
from support.rr_validator import check_round_robin

SEED_RUTSCH_7 = """
ED FC GB A
DC EB FA G
CB DA EG F
BA CG DF E
AG BF CE D
GF AE BD C
FE GD AC B
"""

SEED_RUTSCH_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(6, 8), (7, 5), (1, 4), (2, 3)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
    [(8, 3), (4, 2), (5, 1), (6, 7)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
]

# Rutsch-Berger, 10 players: (top row, bottom row) for rounds 1-3.
SEED_RUTSCH_BERGER_10 = [
    ([10, 5, 9, 4, 8], [1, 6, 2, 7, 3]),
    ([6, 1, 5, 9, 4], [10, 2, 7, 3, 8]),
    ([10, 6, 1, 5, 9], [2, 7, 3, 8, 4]),
]


def _letters(text):
    return ord(text) - ord("A") + 1


def test_rutsch_7_players_reproduces_the_seed_diagram():
    for rnd, line in enumerate(SEED_RUTSCH_7.split("\n")[1:-1], 1):
        *tables, bye = line.split()
        expected = [(_letters(t[0]), _letters(t[1])) for t in tables]
        got, got_bye = layout(7, rnd)
        assert got == expected
        assert got_bye == _letters(bye)


def test_rutsch_7_colours_fixed_by_seat_E_C_G_white():
    """Seed: the seats of E, C and G in round 1 always have White."""
    white_seats = {(1, "left"), (2, "right"), (3, "left")}
    schedule = rutsch_schedule(7)
    for rnd in schedule.rounds:
        tables, _ = layout(7, rnd.number)
        for g, (left, right) in zip(rnd.games, tables):
            seat = (g.board, "left" if g.white == left else "right")
            assert seat in white_seats
    first = schedule.round(1)
    assert [g.white for g in first.games] == [_letters("E"), _letters("C"), _letters("G")]


def test_rutsch_8_players_reproduces_the_seed_diagram():
    for rnd, expected in enumerate(SEED_RUTSCH_8, 1):
        assert layout(8, rnd)[0] == expected
        assert layout(8, rnd)[1] is None


def test_rutsch_even_pivot_stays_at_table_one_and_alternates():
    schedule = rutsch_schedule(8)
    for rnd in schedule.rounds:
        first = rnd.games[0]
        assert 8 in (first.white, first.black)
        assert (first.white == 8) == (rnd.number % 2 == 0)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=2, max_value=200))
def test_rutsch_is_a_valid_round_robin(players):
    schedule = rutsch_schedule(players)
    rounds = [([(g.white, g.black) for g in r.games], list(r.byes)) for r in schedule.rounds]
    check_round_robin(players, rounds)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=120))
def test_rutsch_seats_keep_their_colour(players):
    """Colours are fixed by seat: left has White on odd tables, right on even ones."""
    for rnd in rutsch_schedule(players).rounds:
        tables, _ = layout(players, rnd.number)
        for g, (left, right) in zip(rnd.games, tables):
            assert {g.white, g.black} == {left, right}
            assert (g.white == left) == (g.board % 2 == 1)


def test_rutsch_berger_10_reproduces_the_seed_rounds():
    for rnd, expected in enumerate(SEED_RUTSCH_BERGER_10, 1):
        top, bottom = seats(10, rnd)
        assert (top, bottom) == expected


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=200))
def test_rutsch_berger_gives_exactly_bergers_rounds(players):
    schedule = berger_schedule(players)
    for rnd in schedule.rounds:
        got = sorted(p for p in pairs(players, rnd.number) if "BYE" not in p)
        assert got == sorted((g.white, g.black) for g in rnd.games)


@pytest.mark.parametrize("players", list(range(3, 41)) + [99, 1000])
def test_rutsch_berger_control_check(players):
    assert control_check(players)


def test_control_check_detects_a_wrong_seating(monkeypatch):
    """The control must be able to fail: break the slide and it says so."""
    import addin.systems.roundrobin.rutsch_berger as rb

    original = rb.seats
    monkeypatch.setattr(rb, "seats", lambda p, r: original(p, 1))
    assert not rb.control_check(10)


def test_rutsch_berger_round_out_of_range():
    with pytest.raises(TournamentError, match="round"):
        seats(10, 10)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=150), st.data())
def test_rutsch_per_cell_functions_agree_with_the_schedule(players, data):
    from support.xlwings_server import call_udf

    rounds = players if players % 2 else players - 1
    rnd = rutsch_round(players, data.draw(st.integers(1, rounds)))  # one round, from the seat layout
    for g in rnd.games[:4]:
        assert call_udf("RUTSCH_OPPONENT", players, g.white, rnd.number) == [[g.black]]
        assert call_udf("RUTSCH_COLOR", players, g.black, rnd.number) == [["B"]]
        assert call_udf("RUTSCH_COLOR", players, g.white, rnd.number) == [["W"]]
        assert call_udf("RUTSCH_BOARD", players, g.black, rnd.number) == [[g.board]]
    for p in rnd.byes:
        assert call_udf("RUTSCH_OPPONENT", players, p, rnd.number) == [["BYE"]]


def test_rutsch_per_cell_errors():
    from support.xlwings_server import cell_refusal

    assert "'round' is 8: it must be from 1 to 7" in str(cell_refusal("RUTSCH_OPPONENT", 7, 1, 8))


@pytest.mark.parametrize("players", list(range(2, 42)) + [99, 100])
def test_builders_and_per_cell_answers_equal_the_seat_layout(players):
    """The schedule, ``RUTSCH_TABLE``'s rows and the per-cell answers are written out
    for speed; each must equal the seat layout (the seed's diagram read as seats)."""
    schedule = rutsch_schedule(players)
    query = RutschQuery(players)
    for rnd in schedule.rounds:
        tables, bye = layout(players, rnd.number)
        expected = [(t, left, right) if t % 2 else (t, right, left) for t, (left, right) in enumerate(tables, 1)]
        assert [tuple(g) for g in rnd.games] == expected
        assert rnd.byes == (() if bye is None else (bye,))
        for t, (left, right) in enumerate(tables, 1):
            for me, other, white in ((left, right, t % 2 == 1), (right, left, t % 2 == 0)):
                assert query.opponent(me, rnd.number) == other
                assert query.board(me, rnd.number) == t
                assert query.color(me, rnd.number) == ("W" if white else "B")
        if bye is not None:
            assert (query.opponent(bye, rnd.number), query.color(bye, rnd.number),
                    query.board(bye, rnd.number)) == ("BYE", "BYE", "BYE")
    assert rutsch_rows(players) == schedule.rows()
