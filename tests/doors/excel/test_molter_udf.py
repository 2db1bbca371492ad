"""Molter Excel functions, called directly and through xlwings Server's call path.

Expected values come from the seed's printed tables (cells quoted here from
seed 001) and from the seed's own worked example (« 15. D4 – B4 » style
cards) — never from the code under test.
"""

from __future__ import annotations

import pytest

from addin.core.errors import TournamentError
from addin.systems.molter import tables
from addin.systems.molter.verify import verify
from addin.excel.udfs import MOLTER_BOARD, MOLTER_COLOR, MOLTER_OPPONENT, MOLTER_PAIR, MOLTER_TABLE
from support.xlwings_server import call_udf, cell_refusal, registered_functions

HAS_GENERATOR = True  # the generator and its library ship with every edition


def test_pair_from_the_seed():
    # Table 1, board 2: « C2 – B1 » round 1, « C1 – B2 » round 2, 1a « C2 – B1 »
    assert MOLTER_PAIR(3, 4, 1, 2) == "C2-B1"
    assert MOLTER_PAIR(3, 4, 2, 2) == "C1-B2"
    assert MOLTER_PAIR(3.0, 4.0, "a", 2.0) == "C2-B1"
    # Table 8, round 4, board 8: « D4 – E3 »; 8a board 13 « D6 – E5 »
    assert MOLTER_PAIR(5, 12, 4, 8) == "D4-E3"
    assert MOLTER_PAIR(5, 12, "A", 13) == "D6-E5"
    # Table 5 (4 teams of 6/12), board 12 printed « D6 C 6 »
    assert MOLTER_PAIR(4, 6, 1, 12) == "D6-C6"


def test_player_queries():
    # Table 8 with 4 players, round 1 board 10 « D4 – B4 »
    assert MOLTER_OPPONENT(5, 4, 1, "D4") == "B4"
    assert MOLTER_COLOR(5, 4, 1, "D4") == "W"
    assert MOLTER_COLOR(5, 4, 1, "b4") == "B"
    assert MOLTER_BOARD(5, 4, 1, "D4") == 10
    # Table 20 (8 teams of 4), round 1 board 13 « B4 – D4 »
    assert (MOLTER_BOARD(8, 4, 1, "D4"), MOLTER_OPPONENT(8, 4, 1, "D4")) == (13, "B4")


def test_autonomous_as_last_round_of_an_odd_event():
    # 4 teams of 4 in 3 rounds: round 3 is 4a, « 1 A1 – C1 »
    assert MOLTER_PAIR(4, 4, 3, 1, 3) == "A1-C1"
    assert MOLTER_PAIR(4, 4, 1, 1, 1) == "A1-C1"  # a one-round event plays 4a
    assert MOLTER_TABLE(4, 4, 3)[0] == ["Board", "Round 1", "Round 2", "Autonomous"]


def test_table_array():
    rows = MOLTER_TABLE(4, 4)
    assert rows[0] == ["Board", "Round 1", "Round 2", "Autonomous"]
    assert rows[1] == [1, "A1-B1", "B1-C1", "A1-C1"]
    assert rows[8] == [8, "D4-C4", "C4-B4", "C4-A4"]
    assert len(rows) == 9
    big = MOLTER_TABLE(5, 4)
    assert big[0] == ["Board", "Round 1", "Round 2", "Round 3", "Round 4", "Autonomous"]
    assert MOLTER_TABLE(4, 4, None, "official", "fr")[0] == ["Échiquier", "Ronde 1", "Ronde 2",
                                                              "Ronde autonome"]
    assert MOLTER_TABLE(3, 4, 3)[0] == ["Board", "Round 1", "Round 2", "Round 3"]  # Peyrin


@pytest.mark.parametrize("call, words", [
    (lambda: MOLTER_PAIR(4, 11, 1, 1), "players per team must be even"),
    (lambda: MOLTER_PAIR(2, 4, 1, 1), "'teams'"),
    (lambda: MOLTER_PAIR(4, 4, 4, 1), "'round'"),
    (lambda: MOLTER_PAIR(4, 4, 1, 9), "'board'"),
    (lambda: MOLTER_PAIR(3, 6, 3, 1), "autonomous round"),
    (lambda: MOLTER_PAIR(4, 4, "x", 1), "'round'"),
    (lambda: MOLTER_OPPONENT(4, 4, 1, "E1"), "'player'"),
    (lambda: MOLTER_OPPONENT(4, 4, 1, "I1"), "no I"),
    (lambda: MOLTER_OPPONENT(4, 4, 1, "hello"), "team letter"),
    (lambda: MOLTER_TABLE(4, 4, 5, "official"), "'rounds'"),
    (lambda: MOLTER_TABLE(4, 4, None, "other"), "'source'"),
    (lambda: MOLTER_TABLE(20, 4, None, "official"), "no official Molter table"),
    (lambda: MOLTER_TABLE(4, "", None), "'players'"),
])
def test_errors_are_plain_sentences(call, words):
    shown = call()  # what the cell shows: the refusal's sentence (addin.excel.support.guard)
    assert isinstance(shown, str) and words in shown


def test_generated_source():
    if HAS_GENERATOR:
        rows = MOLTER_TABLE(20, 4, 3, "generated")
        assert len(rows) == 1 + 40
        assert verify(tables.molter_table(20, 4, 3, "generated")).ok
    else:
        assert "no table generator" in MOLTER_TABLE(20, 4, 2)


def test_auto_prefers_official():
    assert tables.molter_table(8, 12).number == 24
    assert tables.molter_table(8, 12, 2, "auto").number == 24
    assert tables.molter_table(3, 4, 3).number is None  # Peyrin
    # 5 teams are complete in 4 rounds: a 5-round event has no official table, and no
    # table at all can exist (a player would meet a team twice), so it is refused.
    with pytest.raises(TournamentError, match="5 rounds|rounds' is 5"):
        tables.molter_table(5, 4, 5, "auto")
    if HAS_GENERATOR:
        assert tables.molter_table(5, 4, 3, "generated").source == "generated"


# -- xlwings Server call path --------------------------------------------------------
def test_registered_with_xlwings_server():
    functions = registered_functions()
    for name in ("MOLTER_PAIR", "MOLTER_OPPONENT", "MOLTER_COLOR", "MOLTER_BOARD", "MOLTER_TABLE"):
        assert name in functions


def test_server_calls():
    assert call_udf("MOLTER_PAIR", 3, 4, 1, 2) == [["C2-B1"]]
    assert call_udf("MOLTER_PAIR", 3, 4, "a", 2) == [["C2-B1"]]
    assert call_udf("MOLTER_OPPONENT", 5, 4, 1, "D4") == [["B4"]]
    assert call_udf("MOLTER_COLOR", 5, 4, 1, "D4") == [["W"]]
    assert call_udf("MOLTER_BOARD", 5, 4, 1, "D4") == [[10]]
    rows = call_udf("MOLTER_TABLE", 4, 4)
    assert rows[0] == ["Board", "Round 1", "Round 2", "Autonomous"]
    assert rows[1] == [1, "A1-B1", "B1-C1", "A1-C1"]


def test_server_error_contract():
    assert "players per team must be even" in str(cell_refusal("MOLTER_PAIR", 4, 11, 1, 1))


def test_thirty_teams_have_names_past_z():
    """Issue 5: up to 30 teams. Past Z the teams are AA, AB, … (never I), and every layer accepts them."""
    from addin.systems.molter.model import Seat, team_letters

    names = team_letters(30)
    assert names[:9] == tuple("ABCDEFGHJ") and "I" not in names
    assert names[24:] == ("Z", "AA", "AB", "AC", "AD", "AE")
    assert Seat.parse("ae12") == Seat("AE", 12) and Seat("AE", 1).team_index == 29
    with pytest.raises(TournamentError):
        Seat.parse("AI3")
    table = tables.molter_table(30, 4, 5)
    seen = {p.white.team for rnd in table.rounds for p in rnd} | {p.black.team for rnd in table.rounds for p in rnd}
    assert seen == set(names)
    assert call_udf("MOLTER_OPPONENT", 30, 4, 1, str(table.rounds[0][0].white)) == [[str(table.rounds[0][0].black)]]
