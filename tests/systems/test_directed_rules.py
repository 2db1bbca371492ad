"""The directed-pairing checker (Rules I, II and the pivot rule of seed 000)
against the Berger closed formulas, the built schedule and the printed table."""

from __future__ import annotations

from itertools import combinations

import pytest

from addin.systems.directed.rules import (
    Field, directed_check, is_group, late_masks, late_pairs, meet_early, meeting_round,
)
from addin.core.errors import TournamentError
from addin.systems.roundrobin.berger import berger_schedule, table_meeting_round

try:
    from support.directed_oracle import printed_rounds_16
except ImportError:  # tests/ is not a package
    from support.directed_oracle import printed_rounds_16


@pytest.mark.parametrize("players", range(4, 61))
def test_rules_agree_with_closed_formulas_on_every_pair(players):
    size = players + (players & 1)
    rounds = size - 1
    for n in range(0, rounds):
        f = Field(players, n)
        for x in range(1, size + 1):
            for y in range(x + 1, size + 1):
                formula = table_meeting_round(size, x, y)
                assert meet_early(f, x, y) == (formula <= rounds - n), (players, n, x, y)
                assert meet_early(f, y, x) == meet_early(f, x, y)


@pytest.mark.parametrize("players", range(4, 61))
def test_seed_round_derivation_matches_built_schedule(players):
    f = Field(players, 0)
    for rnd in berger_schedule(players).rounds:
        for game in rnd.games:
            assert meeting_round(f, game.white, game.black) == rnd.number
        for player in rnd.byes:  # odd field: the bye is the pivot 2k
            assert meeting_round(f, player, f.pivot) == rnd.number


def test_seed_round_derivation_matches_printed_16_table():
    f = Field(16, 0)
    printed = printed_rounds_16()
    assert len(printed) == 16 * 15 // 2
    for pair, rnd in printed.items():
        x, y = sorted(pair)
        assert meeting_round(f, x, y) == rnd


def test_seed_worked_example_16_players_before_round_10():
    # Seed 000: 16 players, all must meet before round 10 -> n = 6.
    for group in ([1, 2, 3, 4, 5, 16], [8, 9, 10, 15], [7, 11, 14], [6, 12, 13]):
        assert directed_check(16, 6, group) is True
        assert all(meeting_round(Field(16, 6), a, b) <= 9 for a, b in
                   [(a, b) for i, a in enumerate(group) for b in group[i + 1:]])
    assert directed_check(16, 6, [1, 2, 3, 4, 5, 6]) is False  # 1+... 5+6=11 > 10


def test_varma_anomaly_pair():
    # 6 and 12 meet in round 11 of the 12-player table (pivot rule: 2*6 = 12).
    assert late_pairs(Field(12, 3), [6, 8, 12]) == [(6, 12, 11)]
    assert directed_check(12, 3, [6, 8, 12]) is False
    assert directed_check(11, 3, [6, 8]) is True


def test_excel_shaped_arguments():
    assert directed_check(16.0, 6.0, [[1.0], [2.0], [16.0], [None]]) is True
    assert directed_check("16", "6", [[1, 2, 3, ""]]) is True
    assert directed_check(16, 6, 5) is True  # one number is trivially a group


@pytest.mark.parametrize("args, words", [
    ((16, 6, [1, 1]), "twice"),
    ((16, 6, [1, 17]), "numbers"),
    ((15, 6, [1, 16]), "1 to 15"),
    ((2, 0, [1]), "players"),
    ((16, 15, [1, 2]), "last_rounds"),
    ((16, -1, [1, 2]), "last_rounds"),
    ((16, 6, None), "numbers"),
    ((16, 6, [["x"]]), "numbers"),
])
def test_bad_arguments_raise_one_sentence(args, words):
    with pytest.raises(TournamentError) as info:
        directed_check(*args)
    assert words in str(info.value)


@pytest.mark.parametrize("players", range(3, 61))
def test_late_masks_and_is_group_agree_with_the_rules_pair_by_pair(players):
    """The masks (read off Rules I and II as intervals) against the seed's inequalities."""
    rounds = players + (players & 1) - 1
    for n in range(rounds):
        f = Field(players, n)
        masks = late_masks(f)
        for x in range(1, players + 1):
            late = {y for y in range(1, players + 1) if y != x and not meet_early(f, x, y)}
            assert masks[x] == sum(1 << y for y in late), (players, n, x)
        trio = [1, players // 2, players]
        assert is_group(f, trio) == all(meet_early(f, a, b) for a, b in combinations(trio, 2))
