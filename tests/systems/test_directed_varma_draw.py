"""Varma tables (FIDE C.05 Annex 2, docs/references.md) and the drawing of numbers."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from addin.systems.directed.draw import draw_numbers
from addin.systems.directed.varma import PUBLISHED, varma_alternative, varma_draw, varma_sets, varma_warnings
from addin.core.errors import TournamentError

try:
    from support.directed_oracle import valid_group
except ImportError:  # tests/ is not a package
    from support.directed_oracle import valid_group

# docs/references.md, typed again here as the oracle.
REFERENCE = """
9/10 | 3,4,8 | 5,7,9 | 1,6 | 2,10
11/12 | 4,5,9,10 | 1,2,7 | 6,8,12 | 3,11
13/14 | 4,5,6,11,12 | 1,2,8,9 | 7,10,13 | 3,14
15/16 | 5,6,7,12,13,14 | 1,2,3,9,10 | 8,11,15 | 4,16
17/18 | 5,6,7,8,14,15,16 | 1,2,3,10,11,12 | 9,13,17 | 4,18
19/20 | 6,7,8,9,15,16,17,18 | 1,2,3,11,12,13,14 | 5,10,19 | 4,20
21/22 | 6,7,8,9,10,17,18,19,20 | 1,2,3,4,12,13,14,15 | 11,16,21 | 5,22
23/24 | 6,7,8,9,10,11,19,20,21,22 | 1,2,3,4,13,14,15,16,17 | 12,18,23 | 5,24
"""


def reference() -> dict[int, list[tuple[int, ...]]]:
    out = {}
    for line in REFERENCE.strip().splitlines():
        cells = [c.strip() for c in line.split("|")]
        size = int(cells[0].split("/")[1])
        out[size] = [tuple(int(v) for v in c.split(",")) for c in cells[1:]]
    return out


def test_published_tables_exactly_as_referenced():
    assert {k: list(v) for k, v in PUBLISHED.items()} == reference()
    for size in range(10, 25, 2):
        assert varma_sets(size) == reference()[size]
        assert varma_sets(size - 1) == [tuple(v for v in s if v < size) for s in reference()[size]]


def test_every_published_set_checked_only_12_breaks():
    for players in range(9, 25):
        broken = [s for s in varma_sets(players) if not valid_group(players, 3, s)]
        assert broken == ([(6, 8, 12)] if players == 12 else []), players
        assert bool(varma_warnings(players)) == (players == 12)
    text = str(varma_warnings(12)[0])
    assert "6 and 12" in text and "round 11" in text


def test_alternative_is_valid_and_keeps_valid_sets():
    for players in range(9, 25):
        alt = varma_alternative(players)
        assert all(valid_group(players, 3, s) for s in alt)
        assert sorted(v for s in alt for v in s) == list(range(1, players + 1))
        if players != 12:
            assert alt == varma_sets(players)
    alt = varma_alternative(12)
    assert alt[:2] == varma_sets(12)[:2]  # A and B kept
    assert [len(s) for s in alt] == [4, 3, 3, 2]


def entrants(codes: str, key: str = "federation") -> list[dict]:
    return [{"name": f"Player {chr(65 + i)}", key: code.strip()} for i, code in enumerate(codes)]


def test_varma_draw_order_and_sets():
    people = entrants("FFFGGHIIJKLM")  # 12 players: F(3), G/I (2), singletons
    numbers, warnings = varma_draw(people, seed=7)
    assert sorted(numbers) == list(range(1, 13))
    assert warnings  # the 12-player anomaly
    sets = varma_sets(12)
    for code in "FGI":
        mine = {n for n, p in zip(numbers, people) if p["federation"] == code}
        assert any(mine <= set(s) for s in sets), code
    assert varma_draw(people, seed=7) == (numbers, warnings)
    numbers2, warnings2 = varma_draw(people, seed=7, valid_only=True)
    assert warnings2 == []


def test_varma_draw_refuses_other_sizes():
    with pytest.raises(TournamentError):
        varma_draw(entrants("ABCDEFGH"))


contingent_lists = st.integers(6, 30).flatmap(lambda p: st.tuples(
    st.lists(st.sampled_from("ABCDE"), min_size=p, max_size=p),
    st.integers(1, 6),
    st.integers(0, 10 ** 6)))


@settings(max_examples=60, deadline=None)
@given(contingent_lists)
def test_draw_numbers_meets_early_or_says_why(case):
    codes, n, seed = case
    players = len(codes)
    n = min(n, players + (players & 1) - 2)
    people = entrants("".join(codes), "club")
    try:
        numbers = draw_numbers(people, "club", n, seed)
    except TournamentError as exc:
        assert "cannot all be formed" in str(exc) or "is impossible" in str(exc)
        return
    assert sorted(numbers) == list(range(1, players + 1))
    for code, count in Counter(codes).items():
        mine = [num for num, c in zip(numbers, codes) if c == code]
        assert valid_group(players, n, mine)
    assert draw_numbers(people, "club", n, seed) == numbers


def test_draw_numbers_varies_with_seed():
    people = entrants("AAAABBBCCDEFGHIJKLMN", "club")
    draws = {tuple(draw_numbers(people, "club", 3, seed)) for seed in range(8)}
    assert len(draws) > 4


def test_empty_club_means_no_restriction():
    people = [{"name": "x", "club": ""}, {"name": "y", "club": ""}, {"name": "z", "club": "A"}]
    assert sorted(draw_numbers(people, "club", 1, 3)) == [1, 2, 3]


def test_draw_numbers_bad_key():
    with pytest.raises(TournamentError):
        draw_numbers(entrants("AABB"), "city", 1)
