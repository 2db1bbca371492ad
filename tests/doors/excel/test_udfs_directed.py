"""Directed / Varma / league Excel functions through xlwings Server's call path."""

from __future__ import annotations

import pytest

from support.directed_oracle import valid_answer, valid_group
from support.xlwings_server import call_udf, cell_refusal, registered_functions

NAMES = {"DIRECTED_CHECK", "DIRECTED_GROUPS", "DIRECTED_LARGEST", "VARMA_GROUPS", "VARMA_WARNING",
         "LEAGUE_HOME", "LEAGUE_HOST", "LEAGUE_COMPLEMENT"}


def test_registered_with_exact_names_and_help():
    functions = registered_functions()
    assert NAMES <= set(functions)
    for name in NAMES:
        meta = functions[name]
        assert meta["description"]
        assert all(p["description"] for p in meta["parameters"])
    assert [p["name"] for p in functions["DIRECTED_CHECK"]["parameters"]] == ["players", "last_rounds", "numbers"]
    assert [p["name"] for p in functions["DIRECTED_GROUPS"]["parameters"]] == ["players", "last_rounds", "sizes"]


def test_directed_check_column_and_row_ranges():
    assert call_udf("DIRECTED_CHECK", 16, 6, [[1], [2], [3], [4], [5], [16]]) == [[True]]
    assert call_udf("DIRECTED_CHECK", 16, 6, [[8, 9, 10, 15, None]]) == [[True]]
    assert call_udf("DIRECTED_CHECK", 12, 3, [[6], [8], [12]]) == [[False]]


def test_directed_groups_rows_in_order_of_sizes_padded():
    sizes = [3, 6, 4, 3]
    result = call_udf("DIRECTED_GROUPS", 16, 6, [[s] for s in sizes])
    assert len(result) == 4 and all(len(r) == 6 for r in result)
    groups = [[int(v) for v in row if v != ""] for row in result]
    assert valid_answer(16, 6, sizes, groups)
    assert result[0][3:] == ["", "", ""]


def test_directed_largest():
    assert call_udf("DIRECTED_LARGEST", 16, 3) == [[7]]


def test_varma_groups_published_and_valid():
    published = call_udf("VARMA_GROUPS", 12)
    assert published == [[4, 5, 9, 10], [1, 2, 7, ""], [6, 8, 12, ""], [3, 11, "", ""]]
    valid = call_udf("VARMA_GROUPS", 12, True)
    assert all(valid_group(12, 3, [v for v in row if v != ""]) for row in valid)
    assert "6 and 12" in call_udf("VARMA_WARNING", 12)[0][0]
    assert call_udf("VARMA_WARNING", 16) == [[""]]
    assert call_udf("VARMA_GROUPS", 9)[3] == [2, "", ""]  # 10 is the bye


def test_league_functions():
    assert call_udf("LEAGUE_COMPLEMENT", 12, 2) == [[8]]
    # seed 000, 12-player table: round I "1-12", round II "12-7", round III "3-1"
    assert call_udf("LEAGUE_HOST", 12, 1, 12) == [[1]]
    assert call_udf("LEAGUE_HOST", 12, 7, 12) == [[12]]
    assert call_udf("LEAGUE_HOST", 12, 1, 3) == [[3]]
    assert call_udf("LEAGUE_HOME", 12, 1, 11) == [["N"]]  # table round 1 played last
    assert call_udf("LEAGUE_HOME", 11, 1, 11)[0][0] in ("N", "BYE")


@pytest.mark.parametrize("name, args, words", [
    ("DIRECTED_CHECK", (16, 6, [[1], [1]]), "twice"),
    ("DIRECTED_GROUPS", (16, 3, [[8]]), "largest group that fits has 7"),
    ("DIRECTED_GROUPS", (16, 3, "x"), "sizes"),
    ("VARMA_GROUPS", (30,), "9 to 24"),
    ("LEAGUE_HOME", (12, 13, 1), "team"),
    ("LEAGUE_HOST", (12, 3, 3), "two different"),
])
def test_errors_are_one_sentence(name, args, words):
    assert words in str(cell_refusal(name, *args))
