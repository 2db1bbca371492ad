"""Without OR-Tools (xlwings Lite), every path that used CP-SAT answers or says what to do.

The machine is made to lack OR-Tools the way Pyodide lacks it: every ``ortools`` module
is unimportable, and the gate (``addin.core.cpsat.available``) finds that out itself.
The answers without CP-SAT are compared with the answers the same requests get with it.
"""

from __future__ import annotations

import sys

import pytest

from addin.core import cpsat
from addin.core.errors import TournamentError
from addin.systems.directed.league import Division, Team, league_calendar
from addin.systems.directed.rules import Field, is_group
from addin.systems.directed.solver import solve_groups
from support.xlwings_server import call_udf, cell_refusal

GATE = "needs the CP-SAT solver"
# Impossible; the late-clique bound does not prove it and plain search (2,000 restarts) gives up,
# CP-SAT proves it in 0.04 s. (60 players, n = 20, three groups of 20 is now refused by the bound.)
HARD = (28, 11, [[6], [6], [6], [2]])  # impossible, only CP-SAT proves it (tests/support/udf_cases.py)


@pytest.fixture
def no_ortools(monkeypatch):
    for name in [m for m in sys.modules if m == "ortools" or m.startswith("ortools.")] + ["ortools"]:
        monkeypatch.setitem(sys.modules, name, None)
    cpsat.available.cache_clear()
    assert not cpsat.available()
    yield
    cpsat.available.cache_clear()


def test_the_gate_says_what_to_do(no_ortools):
    with pytest.raises(TournamentError) as info:
        cpsat.cp_model("a test")
    assert GATE in str(info.value) and "desktop edition" in str(info.value)


def test_directed_groups_that_plain_search_settles_need_no_cp_sat(no_ortools):
    rows = call_udf("DIRECTED_GROUPS", 16, 6, [[3], [3], [2]])
    groups = [[v for v in row if v != ""] for row in rows]
    assert [len(g) for g in groups] == [3, 3, 2] and len({v for g in groups for v in g}) == 8
    assert all(is_group(Field(16, 6), g) for g in groups)


def test_directed_groups_same_answer_with_and_without_cp_sat(monkeypatch):
    requests = [(16, 6, [3, 3, 2]), (30, 10, [8, 6]), (24, 5, [6, 6, 6]), (40, 12, [10, 5, 5])]
    with_cp_sat = [solve_groups(Field(p, n), sizes) for p, n, sizes in requests]
    for name in [m for m in sys.modules if m.startswith("ortools")] + ["ortools"]:
        monkeypatch.setitem(sys.modules, name, None)
    cpsat.available.cache_clear()
    try:
        without = [solve_groups(Field(p, n), sizes) for p, n, sizes in requests]
    finally:
        cpsat.available.cache_clear()
    assert without == with_cp_sat


def test_a_request_only_cp_sat_settles_is_refused_with_the_gates_sentence(no_ortools):
    error = cell_refusal("DIRECTED_GROUPS", *HARD)
    assert GATE in str(error) and "directed groups" in str(error)


def test_the_same_request_is_answered_where_cp_sat_exists():
    error = cell_refusal("DIRECTED_GROUPS", *HARD)
    assert "groups of 6, 6, 6 and 2 cannot all be formed" in str(error)


def _divisions():
    return [Division("D1", [Team(f"T{i}", club) for i, club in enumerate("ABCDEFGH")]),
            Division("D2", [Team(f"U{i}", club) for i, club in enumerate("IJKLMN")])]


def test_a_league_without_wishes_is_the_same_without_cp_sat(monkeypatch):
    with_cp_sat = league_calendar(_divisions(), seed=5, start="2026-09-06")
    for name in [m for m in sys.modules if m.startswith("ortools")] + ["ortools"]:
        monkeypatch.setitem(sys.modules, name, None)
    cpsat.available.cache_clear()
    try:
        without = league_calendar(_divisions(), seed=5, start="2026-09-06")
    finally:
        cpsat.available.cache_clear()
    assert [c.numbers for c in without] == [c.numbers for c in with_cp_sat]
    assert [c.fixtures for c in without] == [c.fixtures for c in with_cp_sat]


def test_a_league_with_wishes_is_refused_without_cp_sat(no_ortools):
    with pytest.raises(TournamentError, match=GATE):
        league_calendar(_divisions(), half_home=["A"], seed=5)
    two_of_a_club = [Division("D1", [Team("a1", "A"), Team("a2", "A"), Team("b", "B"), Team("c", "C")])]
    with pytest.raises(TournamentError, match=GATE):
        league_calendar(two_of_a_club, seed=5)
    assert league_calendar(two_of_a_club, same_club="none", seed=5)[0].numbers
