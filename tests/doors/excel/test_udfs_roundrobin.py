"""Round-robin Excel functions, called through xlwings Server's own path.

Arguments travel as Excel sends them (2D ranges, numbers as floats); results
come back as the 2D arrays Excel receives; bad input shows, as the cell's value,
one sentence naming the argument and its range.
"""

from __future__ import annotations

import inspect

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import addin.excel.udfs as udfs
from addin.core.errors import TournamentError
from support.seed_tables import seed003_tables
from support.xlwings_server import call_udf, cell_refusal, registered_functions

SEED003 = seed003_tables()
REQUIRED = {
    "BERGER_OPPONENT", "BERGER_ROUND", "BERGER_COLOR", "BERGER_BOARD", "BERGER_TABLE",
    "RUTSCH_TABLE", "RUTSCH_BERGER_SEATS",
}


def test_functions_are_registered_with_their_exact_names_and_help():
    functions = registered_functions()
    assert REQUIRED <= set(functions)
    for name in functions:
        if name.startswith(("BERGER", "RUTSCH")):
            meta = functions[name]
            assert meta["description"]
            assert all(p["description"] and not p["description"].startswith("Positional")
                       for p in meta["parameters"])


def test_argument_order_as_specified():
    functions = registered_functions()
    names = lambda f: [p["name"] for p in functions[f]["parameters"]]  # noqa: E731
    assert names("BERGER_OPPONENT")[:3] == ["players", "player", "round"]
    assert names("BERGER_ROUND")[:3] == ["players", "player_a", "player_b"]
    assert names("BERGER_TABLE")[:3] == ["players", "cycles", "swap_last"]
    assert names("RUTSCH_BERGER_SEATS") == ["players", "round"]


def test_per_cell_functions_against_the_seed_table():
    table = SEED003[12]
    for rnd, printed in table.items():
        for board, (white, black) in enumerate(printed, 1):
            assert call_udf("BERGER_OPPONENT", 12, white, rnd) == [[black]]
            assert call_udf("BERGER_COLOR", 12, black, rnd) == [["B"]]
            assert call_udf("BERGER_BOARD", 12, black, rnd) == [[board]]
            assert call_udf("BERGER_ROUND", 12, white, black) == [[rnd]]


def test_bye_in_an_odd_field():
    # 11 players: the dummy is 12; round 1 pairs 1-12, so player 1 is exempt.
    assert call_udf("BERGER_OPPONENT", 11, 1, 1) == [["BYE"]]
    assert call_udf("BERGER_COLOR", 11, 1, 1) == [["BYE"]]
    assert call_udf("BERGER_BOARD", 11, 1, 1) == [["BYE"]]
    assert call_udf("BERGER_BOARD", 11, 2, 1) == [[1]]  # boards count real games only


def test_berger_table_shape():
    rows = call_udf("BERGER_TABLE", 5)
    assert rows[0] == ["Round", "Board", "White", "Black"]
    body = rows[1:]
    assert len(body) == 5 * (2 + 1)  # 5 rounds of 2 games and 1 bye
    round1 = [r for r in body if r[0] == 1]
    assert round1 == [[1, 1, 2, 5], [1, 2, 3, 4], [1, "", 1, "BYE"]]  # seed 003, 5 & 6 players


def test_berger_table_double_round_robin_with_and_without_swap():
    swapped = call_udf("BERGER_TABLE", 4, 2, True)
    plain = call_udf("BERGER_TABLE", 4, 2, False)
    assert len(swapped) == len(plain) == 1 + 6 * 2
    r2_plain = [r[2:] for r in plain[1:] if r[0] == 2]
    r3_swapped = [r[2:] for r in swapped[1:] if r[0] == 3]
    assert r2_plain == r3_swapped == [[4, 3], [1, 2]]  # seed 003 round 2 of 4 players


def test_rutsch_table_and_seats():
    rows = call_udf("RUTSCH_TABLE", 8)
    assert rows[1] == [1, 1, 1, 8]
    assert call_udf("RUTSCH_BERGER_SEATS", 10, 1) == [[10, 5, 9, 4, 8], [1, 6, 2, 7, 3]]
    assert call_udf("RUTSCH_BERGER_SEATS", 9, 1) == [["BYE", 5, 9, 4, 8], [1, 6, 2, 7, 3]]


def test_optional_cycles_for_per_cell_functions():
    # 4 players, double: the return game of 1-2 (round 2 of the table) is in round 5.
    assert call_udf("BERGER_ROUND", 4, 1, 2, 2, 2) == [[5]]
    assert call_udf("BERGER_COLOR", 4, 1, 5, 2) == [["B"]]
    assert call_udf("BERGER_WHITE", 4, 1, 2, 2, 2) == [[2]]


@pytest.mark.parametrize(
    "args, words",
    [
        ((None, 1, 1), "'players' is empty"),
        (("douze", 1, 1), "'players' must be a whole number"),
        ((12.5, 1, 1), "'players' must be a whole number"),
        ((0, 1, 1), "'players' is 0"),
        ((-4, 1, 1), "'players' is -4"),
        ((12, 13, 1), "'player' is 13: it must be from 1 to 12"),
        ((12, 1, 12), "'round' is 12: it must be from 1 to 11"),
        ((12, 1, 0), "'round' is 0"),
        ((12, True, 1), "not TRUE/FALSE"),
    ],
)
def test_bad_arguments_give_one_plain_sentence(args, words):
    error = cell_refusal("BERGER_OPPONENT", *args)
    assert words in str(error)
    assert str(error).count(".") <= 2


def test_same_player_twice():
    assert "both 3" in str(cell_refusal("BERGER_ROUND", 12, 3, 3))


JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 2000), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6), st.sampled_from(["", " ", "1e3", "12,0", "a", "W"]),
)
# The table functions build the whole table when the arguments are good: the same kinds of
# junk, but field sizes that keep a valid table small (the limits themselves stay in).
TABLE_JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 40), st.sampled_from([5000.5, 5001, 10 ** 9, -1e300]),
    st.floats(-5, 40) | st.sampled_from([float("nan"), float("inf"), float("-inf")]),
    st.text(max_size=6), st.sampled_from(["", " ", "1e1", "12,0", "a", "W"]),
)
TABLES = {"BERGER_TABLE", "RUTSCH_TABLE"}


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_only_the_project_error_ever_leaks(data):
    """Whatever Excel sends, a function answers or raises TournamentError — never a bug."""
    name = data.draw(st.sampled_from(sorted(REQUIRED | {"BERGER_WHITE"})))
    args = data.draw(st.lists(TABLE_JUNK if name in TABLES else JUNK, min_size=1, max_size=4))
    func = getattr(udfs, name)
    arity = len(inspect.signature(func).parameters)
    # Excel sends every declared argument, an omitted one as an empty cell (None).
    args = (args + [None] * arity)[:arity]
    try:
        func.__wrapped__(*args)  # undecorated: a refusal is raised, a bug would be another exception
    except TournamentError as exc:
        assert "could not compute" not in str(exc), str(exc)
