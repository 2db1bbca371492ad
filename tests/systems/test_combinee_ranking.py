"""PM / PPM / Pdep standings, scoring presets and phase lengths (seed 002)."""

import itertools
import random

from hypothesis import given, settings, strategies as st
import pytest

from addin.systems.combinee.phases import check_phases
from addin.systems.combinee.ranking import GameResult as G, standings
from addin.systems.combinee.scoring import FORFEIT, SCORING_PRESETS, read_score, scoring
from addin.core.errors import TournamentError

FISF = scoring("3-2-1-0")


def table(rows):
    return [(s.player, s.pm, s.ppm, s.pdep, s.rank) for s in rows]


def test_presets():
    assert (FISF.win, FISF.draw, FISF.loss, FISF.forfeit) == (3, 2, 1, 0)
    other = scoring("2-1-0-0")
    assert (other.win, other.draw, other.loss, other.forfeit) == (2, 1, 0, 0)
    assert set(SCORING_PRESETS) == {"3-2-1-0", "2-1-0-0"}
    assert FISF.bye_points == 3 and other.bye_points == 2 and FISF.bye_pdep == 0


def test_game_points_by_hand():
    assert FISF.game(400, 350) == (3, 50)
    assert FISF.game(350, 400) == (1, -50)
    assert FISF.game(380, 380) == (2, 0)
    assert FISF.game(FORFEIT, 300) == (0, 0)
    assert FISF.game(300, FORFEIT) == (3, 0)
    capped = scoring(cap=100, forfeit_pdep=50)
    assert capped.game(500, 250) == (3, 100) and capped.game(250, 500) == (1, -100)
    assert capped.game(FORFEIT, 1) == (0, -50) and capped.game(1, FORFEIT) == (3, 50)


def test_three_way_tie_all_met_uses_ppm():
    # A, B, C all on 7 PM after a cycle A>B, B>C, C>A plus D's games; hand computation:
    # A: beat B (3) lost C (1) beat D (3) = 7;  B: lost A (1), beat C (3), beat D (3) = 7
    # C: lost B (1), beat A (3), beat D (3) = 7; D: 3 losses = 3.
    # PPM among A, B, C: each 3 + 1 = 4 -> still tied; Pdep decides.
    games = [G("A", "B", 400, 390), G("B", "C", 420, 300), G("C", "A", 410, 400),
             G("A", "D", 500, 300), G("B", "D", 350, 340), G("C", "D", 360, 350)]
    got = table(standings(list("ABCD"), games, FISF))
    # Pdep: A = 10 - 10 + 200 = 200; B = -10 + 120 + 10 = 120; C = -120 + 10 + 10 = -100
    assert got == [("A", 7, 4, 200, 1), ("B", 7, 4, 120, 2), ("C", 7, 4, -100, 3), ("D", 3, None, -220, 4)]


def test_ppm_beats_pdep_and_needs_everyone_met():
    # A and B tied on PM; B beat A, A has the better Pdep: PPM puts B first.
    games = [G("A", "B", 300, 310), G("A", "C", 600, 200), G("B", "D", 400, 390),
             G("C", "D", 300, 300)]
    got = table(standings(list("ABCD"), games, FISF))
    # A: 1 + 3 = 4, Pdep -10 + 400 = 390; B: 3 + 3 = 6 ... not tied; use 2-1-0-0 instead
    assert got[0][0] == "B"
    games = [G("A", "B", 300, 310), G("A", "C", 600, 200), G("B", "C", 200, 300), G("D", "C", 0, 1)]
    # 2-1-0-0: A 0+2 = 2 (Pdep 390), B 2+0 = 2 (Pdep -90), C 0+2+2 = 4, D 0
    got = table(standings(list("ABCD"), games, scoring("2-1-0-0")))
    assert got == [("C", 4, None, -299, 1), ("B", 2, 2, -90, 2), ("A", 2, 0, 390, 3), ("D", 0, None, -1, 4)]


def test_ppm_not_applied_when_one_pair_never_met():
    # 2-1-0-0. A, B, C tied on 2 PM; A and C never met, so Pdep decides (by hand:
    # A +50 -10 = 40, B -50 +50 -99 = -99, C -50 +100 = 50). Wrongly applied, PPM
    # would put A (2) and B (2) before C (0).
    games = [G("A", "B", 350, 300), G("B", "C", 350, 300), G("C", "D", 400, 300),
             G("A", "E", 300, 310), G("B", "E", 1, 100)]
    got = table(standings(list("ABCDE"), games, scoring("2-1-0-0")))
    assert got == [("E", 4, None, 109, 1), ("C", 2, None, 50, 2), ("A", 2, None, 40, 3),
                   ("B", 2, None, -99, 4), ("D", 0, None, -100, 5)]


def test_full_tie_shares_the_rank_and_keeps_seed_order():
    games = [G("A", "B", 300, 300), G("C", "D", 300, 300)]
    got = table(standings(list("ABCD"), games, FISF))
    assert [r[4] for r in got] == [1, 1, 1, 1] and [r[0] for r in got] == list("ABCD")


def test_bye_settings():
    games = [G("A", None), G("B", "C", 400, 300)]
    row = {r[0]: r for r in table(standings(list("ABC"), games, scoring(bye_pdep=50)))}
    assert row["A"][1] == 3 and row["A"][3] == 50
    row = {r[0]: r for r in table(standings(list("ABC"), games, scoring("2-1-0-0", bye_pm=1)))}
    assert row["A"][1] == 1 and row["A"][3] == 0


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 9), st.integers(0, 10 ** 6))
def test_total_match_points_closed_formula(n, seed):
    rng = random.Random(seed)
    players = list(range(n))
    games = []
    expected = 0
    for a, b in itertools.combinations(players, 2):
        if rng.random() < 0.5:
            sa, sb = rng.randint(0, 3), rng.randint(0, 3)
            games.append(G(a, b, sa, sb))
            expected += 4  # 3 + 1 or 2 + 2
    rows = standings(players, games, FISF)
    assert sum(r.pm for r in rows) == expected
    assert sum(r.pdep for r in rows) == 0
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    met = {frozenset((g.a, g.b)) for g in games}
    for r in rows:
        if r.ppm is not None:
            tied = [s.player for s in rows if s.pm == r.pm]
            assert all(frozenset(p) in met for p in itertools.combinations(tied, 2))


@pytest.mark.parametrize("value, expected", [(412, 412), (412.0, 412), ("412", 412), ("f", "F"),
                                             (" F ", "F"), (None, None), ("", None)])
def test_read_score(value, expected):
    assert read_score(value, "round 10, table 3") == expected


@pytest.mark.parametrize("value", [-1, 5001, 12.5, "abc", True])
def test_read_score_refuses(value):
    with pytest.raises(TournamentError, match="round 10, table 3"):
        read_score(value, "round 10, table 3")


def test_phase_rules():
    assert check_phases(9, 3, 0).total == 12
    assert check_phases(9, 8, 7).total == 24
    assert check_phases(5, 3, 3).phase_of(9) == 3
    with pytest.raises(TournamentError, match="at least 3"):
        check_phases(9, 2, 0)
    with pytest.raises(TournamentError, match="phase3_rounds"):
        check_phases(9, 4, 5)
    with pytest.raises(TournamentError, match="at most 24 rounds"):
        check_phases(9, 8, 8)
    with pytest.raises(TournamentError, match="phase1_rounds"):
        check_phases(6, 8, 8)


def test_scoring_arguments():
    with pytest.raises(TournamentError, match="scoring"):
        scoring("4-2-0")
    with pytest.raises(TournamentError, match="cap"):
        scoring(cap=0)
