"""Formule Combinée Excel functions through xlwings Server's own call path."""

from __future__ import annotations

import pytest

from support.combinee_cases import IMPROVED_64, PLAIN_64, columns
from support.combinee_cases import brute_force
from support.combinee_cases import CORRECTIONS_10, SEED_10, SEED_12, apply, parse
from support.xlwings_server import call_udf, cell_refusal, registered_functions

NAMES = {"COMBINEE_GROUPS", "COMBINEE_SNAKE", "COMBINEE_PHASE1", "COMBINEE_PAIRING"}


def test_registered_with_help():
    functions = registered_functions()
    assert NAMES <= set(functions)
    for name in NAMES:
        meta = functions[name]
        assert meta["description"]
        assert all(p["description"] for p in meta["parameters"])
    assert [p["name"] for p in functions["COMBINEE_SNAKE"]["parameters"]] == [
        "players", "phase1_rounds", "improved"]
    assert [p["name"] for p in functions["COMBINEE_PAIRING"]["parameters"]] == ["ranking", "history"]


def test_groups_seed_example():
    assert call_udf("COMBINEE_GROUPS", 64, 9) == [[4, 10], [2, 12]]
    assert call_udf("COMBINEE_GROUPS", 22, 5) == [[1, 6], [2, 8]]


def test_snake_seed_tables():
    for improved, text in ((True, IMPROVED_64), (False, PLAIN_64)):
        column = call_udf("COMBINEE_SNAKE", 64, 9, improved)
        expected = [0] * 64
        for g, ranks in enumerate(columns(text), 1):
            for r in ranks:
                expected[r - 1] = g
        assert column == [[g] for g in expected]
    assert call_udf("COMBINEE_SNAKE", 63, 9) == call_udf("COMBINEE_SNAKE", 64, 9)


@pytest.mark.parametrize("size, text, corrections", [(10, SEED_10, CORRECTIONS_10), (12, SEED_12, {})])
def test_phase1_seed_tables(size, text, corrections):
    expected = apply(parse(text), corrections)
    for r in range(1, 10):
        got = call_udf("COMBINEE_PHASE1", size, 9, r)
        assert [frozenset(g) for g in got] == [frozenset(g) for g in expected[r - 1]]


def test_pairing_seed_example_and_bye():
    ranking = [[c] for c in "ABCDEFGH"]
    history = [["A", "B"], ["B", "D"], ["D", "F"]]
    assert call_udf("COMBINEE_PAIRING", ranking, history) == [["A", "C"], ["B", "E"], ["D", "G"], ["F", "H"]]
    got = call_udf("COMBINEE_PAIRING", [[1], [2], [3], [4], [5]], [[5, "BYE"], [1, 2], [None, None]])
    # 5 already had a bye, so 2 cannot take 4 (5 would get a second bye): by hand
    assert got == [[1, 3], [2, 5], [4, "BYE"]]
    assert got == [list(p) if None not in p else [p[0], "BYE"]
                   for p in brute_force([1, 2, 3, 4, 5], [(1, 2)], {5: 1})]


def test_pairing_without_history():
    assert call_udf("COMBINEE_PAIRING", [[3], [1], [2]], None) == [[3, 1], [2, "BYE"]]


@pytest.mark.parametrize("name, args, words", [
    ("COMBINEE_GROUPS", (22, 7), "5 phase-1 rounds (2 groups of 8 and 1 group of 6"),
    ("COMBINEE_GROUPS", (64, 6), "phase1_rounds"),
    ("COMBINEE_SNAKE", (64, 9, "maybe"), "improved"),
    ("COMBINEE_PHASE1", (11, 9, 1), "group_size"),
    ("COMBINEE_PHASE1", (10, 9, 10), "round"),
    ("COMBINEE_PAIRING", ([[1], [2], [1]], None), "twice"),
    ("COMBINEE_PAIRING", ([[None]], None), "ranking"),
    ("COMBINEE_PAIRING", ([[1], [2]], [[1, None]]), "history', row 1"),
])
def test_errors_are_one_sentence(name, args, words):
    assert words in str(cell_refusal(name, *args))
