"""Scheveningen tables: the printed tables, and an independent checker for every size.

Oracles: the tables printed by Wikipedia's "Scheveningen system" article (desktop page for
2, 3, 4 and 5 boards; mobile page for 7 boards), rimassoft.eu's 8-board table; and a
checker written here from the rules alone (every cross pair exactly once, one game per
player and round, colour balance per player at most 1, no colour three times running).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, strategies as st

from addin.core.errors import TournamentError
from addin.systems.scheveningen import (MAX_PLAYERS, scheveningen_pair, scheveningen_rounds,
                                        scheveningen_table)

PRINTED = {
    2: """A1-B1 A2-B2
          B2-A1 B1-A2""",
    3: """A1-B1 A2-B2 B3-A3
          B2-A1 A2-B3 B1-A3
          A1-B3 B1-A2 A3-B2""",
    4: """A1-B1 A2-B2 B3-A3 B4-A4
          B2-A1 B1-A2 A3-B4 A4-B3
          A1-B3 A2-B4 B1-A3 B2-A4
          B4-A1 B3-A2 A3-B2 A4-B1""",
    5: """A1-B1 A2-B2 A3-B3 B4-A4 B5-A5
          B2-A1 B3-A2 A3-B4 A4-B5 B1-A5
          A1-B3 A2-B4 B5-A3 B1-A4 A5-B2
          B4-A1 A2-B5 A3-B1 B2-A4 B3-A5
          A1-B5 B1-A2 B2-A3 A4-B3 A5-B4""",
    7: """A1-B1 A2-B2 A3-B3 A4-B4 B5-A5 B6-A6 B7-A7
          B2-A1 B3-A2 B4-A3 A4-B5 A5-B6 A6-B7 B1-A7
          A1-B3 A2-B4 A3-B5 B6-A4 B7-A5 B1-A6 A7-B2
          B4-A1 B5-A2 A3-B6 A4-B7 A5-B1 B2-A6 B3-A7
          A1-B5 A2-B6 B7-A3 B1-A4 B2-A5 A6-B3 A7-B4
          B6-A1 A2-B7 A3-B1 A4-B2 B3-A5 B4-A6 B5-A7
          A1-B7 B1-A2 B2-A3 B3-A4 A5-B4 A6-B5 A7-B6""",
    8: """A1-B1 A2-B2 A3-B3 A4-B4 B5-A5 B6-A6 B7-A7 B8-A8
          B2-A1 B3-A2 B4-A3 B1-A4 A5-B6 A6-B7 A7-B8 A8-B5
          A1-B3 A2-B4 A3-B1 A4-B2 B7-A5 B8-A6 B5-A7 B6-A8
          B4-A1 B1-A2 B2-A3 B3-A4 A5-B8 A6-B5 A7-B6 A8-B7
          A1-B5 A2-B6 A3-B7 A4-B8 B1-A5 B2-A6 B3-A7 B4-A8
          B6-A1 B7-A2 B8-A3 B5-A4 A5-B2 A6-B3 A7-B4 A8-B1
          A1-B7 A2-B8 A3-B5 A4-B6 B3-A5 B4-A6 B1-A7 B2-A8
          B8-A1 B5-A2 B6-A3 B7-A4 A5-B4 A6-B1 A7-B2 A8-B3""",
}


@pytest.mark.parametrize("n", sorted(PRINTED))
def test_the_printed_tables(n):
    printed = [line.split() for line in PRINTED[n].splitlines()]
    assert scheveningen_table(n) == printed


def parse(text: str) -> tuple[str, int, str, int]:
    """``"B5-A3"`` → ``("B", 5, "A", 3)``: White's team and number, then Black's (the checker's own reading)."""
    match = re.fullmatch(r"([AB])(\d+)-([AB])(\d+)", text)
    assert match, text
    return match.group(1), int(match.group(2)), match.group(3), int(match.group(4))


def check(n: int, table: list[list[str]]) -> None:
    """The rules of a Scheveningen match, checked on the printed form of the table."""
    assert len(table) == n
    met = set()
    colours = {(team, p): [] for team in "AB" for p in range(1, n + 1)}
    for r, rnd in enumerate(table, 1):
        assert len(rnd) == n
        seen = []
        for board, text in enumerate(rnd, 1):
            wt, wp, bt, bp = parse(text)
            assert {wt, bt} == {"A", "B"}, f"round {r}: {text} pairs team-mates"
            a, b = (wp, bp) if wt == "A" else (bp, wp)
            assert a == board, f"A{a} left board {a} in round {r}"
            met.add((a, b))
            seen += [("A", a), ("B", b)]
            colours[(wt, wp)].append("W")
            colours[(bt, bp)].append("B")
        assert len(set(seen)) == 2 * n, f"round {r}: a player plays twice"
    assert met == {(a, b) for a in range(1, n + 1) for b in range(1, n + 1)}
    for player, seq in colours.items():
        assert abs(seq.count("W") - seq.count("B")) <= 1, (player, seq)
        assert "WWW" not in "".join(seq) and "BBB" not in "".join(seq), (player, seq)
    # the players of team B visit every board once
    for b in range(1, n + 1):
        boards = []
        for rnd in table:
            for board, text in enumerate(rnd, 1):
                wt, wp, bt, bp = parse(text)
                if ("B", b) in ((wt, wp), (bt, bp)):
                    boards.append(board)
        assert sorted(boards) == list(range(1, n + 1))


@pytest.mark.parametrize("n", range(2, MAX_PLAYERS + 1))
def test_every_size_keeps_the_rules(n):
    check(n, scheveningen_table(n))


@pytest.mark.parametrize("n", range(2, MAX_PLAYERS + 1))
def test_rounds_are_balanced_between_the_teams(n):
    """Team A has White on half the boards of a round (n odd: ⌈n/2⌉ and ⌊n/2⌋ in turn); n = 2, 6, 10: ±1."""
    whites = [sum(b.a_white for b in rnd) for rnd in scheveningen_rounds(n)]
    if n % 2 == 1:
        assert whites == [(n + 1) // 2 if r % 2 == 0 else (n - 1) // 2 for r in range(n)]
    elif n % 4 == 0:
        assert set(whites) == {n // 2}
    else:
        assert all(abs(w - n // 2) <= 1 for w in whites) and abs(sum(whites) - n * n // 2) <= 1


@given(st.integers(2, 10), st.data())
def test_the_function_reads_the_table(n, data):
    r = data.draw(st.integers(1, n))
    b = data.draw(st.integers(1, n))
    text = scheveningen_pair(n, r, b)
    assert text == scheveningen_table(n)[r - 1][b - 1]
    wt, wp, bt, bp = parse(text)
    assert (wp if wt == "A" else bp) == b
    # A1 meets B_r and alternates colours, starting with White
    first = parse(scheveningen_pair(n, r, 1))
    assert ("B", r) in {(first[0], first[1]), (first[2], first[3])}
    assert (first[0] == "A") == (r % 2 == 1)


@pytest.mark.parametrize("args", [(1, 1, 1), (21, 1, 1), (4, 5, 1), (4, 1, 0), ("x", 1, 1)])
def test_bad_arguments_get_a_sentence(args):
    with pytest.raises(TournamentError):
        scheveningen_pair(*args)
