"""Excel functions for team matches: SCHEVENINGEN_PAIR / SCHEVENINGEN_TABLE and LEAGUE_BOARD_COLOR.

Oracles: a Scheveningen checker written here from the rules alone (each player plays once a
round, every player of team A meets every player of team B exactly once, each player's
Whites and Blacks differ by at most one); the printed 4-board table (Wikipedia, "Scheveningen
system"); FIDE's rule for team matches written as a closed formula (the team named first has
White on the odd boards — FIDE Handbook C.05 Annex 2 / the Olympiad pairing rules; ``even``:
the reverse). Bad arguments show one sentence in the cell, never a traceback.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from addin.excel.udfs import LEAGUE_BOARD_COLOR, SCHEVENINGEN_PAIR, SCHEVENINGEN_TABLE

GAME = re.compile(r"^([AB])(\d+)-([AB])(\d+)$")


def check(n: int, table) -> None:
    assert len(table) == n and all(len(row) == n for row in table)
    met, whites = Counter(), Counter()
    for row in table:
        seen = set()
        for text in row:
            w_team, w, b_team, b = GAME.match(text).groups()
            assert {w_team, b_team} == {"A", "B"}, text
            white, black = (w_team, int(w)), (b_team, int(b))
            assert white not in seen and black not in seen, row
            seen |= {white, black}
            a, bb = (int(w), int(b)) if w_team == "A" else (int(b), int(w))
            met[(a, bb)] += 1
            whites[white] += 1
        assert len(seen) == 2 * n
    assert set(met) == {(a, b) for a in range(1, n + 1) for b in range(1, n + 1)} and set(met.values()) == {1}
    for team in "AB":
        for p in range(1, n + 1):
            assert abs(2 * whites[(team, p)] - n) <= 1, (n, team, p)


@pytest.mark.parametrize("n", range(2, 11))
def test_the_table_passes_the_checker_and_each_cell_is_the_pair_function(n):
    table = SCHEVENINGEN_TABLE(n)
    check(n, table)
    assert [[SCHEVENINGEN_PAIR(n, r, b) for b in range(1, n + 1)] for r in range(1, n + 1)] == table


def test_the_four_board_table_is_the_printed_one():
    printed = """A1-B1 A2-B2 B3-A3 B4-A4
                 B2-A1 B1-A2 A3-B4 A4-B3
                 A1-B3 A2-B4 B1-A3 B2-A4
                 B4-A1 B3-A2 A3-B2 A4-B1"""
    assert SCHEVENINGEN_TABLE(4) == [line.split() for line in printed.splitlines()]


@pytest.mark.parametrize("boards", [1, 4, 6, 8, 16])
def test_board_colours_follow_the_fide_rule_or_its_reverse(boards):
    for board in range(1, boards + 1):
        assert LEAGUE_BOARD_COLOR(boards, board) == ("W" if board % 2 else "B")
        assert LEAGUE_BOARD_COLOR(boards, board, "odd") == ("W" if board % 2 else "B")
        assert LEAGUE_BOARD_COLOR(boards, board, "even") == ("B" if board % 2 else "W")
        assert LEAGUE_BOARD_COLOR(float(boards), float(board), "") == LEAGUE_BOARD_COLOR(boards, board)


@pytest.mark.parametrize("call", [lambda: SCHEVENINGEN_PAIR(1, 1, 1), lambda: SCHEVENINGEN_PAIR(4, 5, 1),
                                  lambda: SCHEVENINGEN_PAIR(4, 1, "x"), lambda: SCHEVENINGEN_TABLE(40),
                                  lambda: LEAGUE_BOARD_COLOR(4, 5), lambda: LEAGUE_BOARD_COLOR(0, 1),
                                  lambda: LEAGUE_BOARD_COLOR(4, 1, "left")])
def test_bad_arguments_show_one_sentence(call):
    text = call()
    assert isinstance(text, str) and text.endswith(".") and "Traceback" not in text and "\n" not in text
