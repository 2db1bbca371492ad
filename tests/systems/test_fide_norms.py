"""Title norm chances of a closed round-robin (FIDE B.01 as summarised in docs/standings.md)."""

import json
from pathlib import Path

import pytest

from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.standings import rating as R
from addin.systems.standings.norms import NORMS, NormPlayer, adjusted_average, needed_score, norm_chances
from support.paths import DATA

DATA = DATA / "fide"


def test_norm_performance_with_the_rating_floor_equals_gacrux():
    """Gacrux raises the lowest opponent to the norm's floor, as B.01 does: same performance here."""
    fixture = json.loads((DATA / "gacrux_norm_performance.json").read_text())
    for score, ratings, norm, expected in fixture["cases"]:
        average = adjusted_average(ratings, NORMS[norm].floor)
        assert average + R.dp(R.fraction_hundredths(round(2 * score), len(ratings))) == expected, (norm, score)


def test_needed_scores_by_hand():
    """From the dp table: 2380 + dp(7/9 = .78) = 2380 + 220 = 2600; 6.5/9 = .72 gives 166, short."""
    assert needed_score(2380, 9, 2600) == 7.0
    assert needed_score(2380, 9, 2450) == 5.5    # 5/9 = .56 -> 43 (2423); 5.5/9 = .61 -> 80 (2460)
    assert needed_score(2400, 9, 2600) == 7.0    # 6.5/9 -> 2566
    assert needed_score(1700, 9, 2600) is None   # 1700 + 800 < 2600
    assert adjusted_average([None, 2300, 2400], 2200) == 2300   # unrated 1400 raised to the floor 2200
    assert adjusted_average([2100, 2150, 2400], 2200) == 2250   # only the lowest is raised


def _field(n=10, title="GM", feds=("FRA", "GER", "ESP", "ITA", "NED"), rating=2400):
    """Players 1 and 2, untitled (norm candidates), among players titled ``title``."""
    return {i: NormPlayer(title if i > 2 else "", feds[i % len(feds)], rating) for i in range(1, n + 1)}


def _result(schedule, a, b, text):
    for rnd, board, white, black in schedule.games():
        if {white, black} == {a, b}:
            flip = {"1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-"}
            return (rnd, board), text if white == a else flip.get(text, text)
    raise KeyError((a, b))


def test_a_strong_closed_event_gives_norms_and_says_the_score():
    schedule = berger_schedule(10)
    chances = norm_chances(schedule, {}, _field(), "GM")
    one = chances[1]
    assert (one.failed, one.games, one.average, one.needed, one.status) == ((), 9, 2400, 7.0, "possible")
    # player 1 wins 7 games: achieved; player 2 loses 3 of his first games: 7 out of 6 left is out of reach
    results = {}
    for opp in range(2, 9):
        key, code = _result(schedule, 1, opp, "1-0")
        results[key] = code
    for opp in (3, 4):
        key, code = _result(schedule, 2, opp, "0-1")
        results[key] = code
    chances = norm_chances(schedule, results, _field(), "GM")
    assert chances[1].status == "achieved" and chances[1].still_needed == 0
    two = chances[2]
    assert two.score == 0 and two.remaining == 6 and two.status == "out of reach"  # lost to 1, 3, 4


def test_the_opposition_must_qualify():
    small = norm_chances(berger_schedule(8), {}, _field(8), "GM")[1]
    assert "games" in small.failed and small.status == "no norm"          # 7 games
    french = norm_chances(berger_schedule(10), {}, _field(feds=("FRA",)), "IM")[1]
    assert {"federations", "own federation", "one federation"} <= set(french.failed)
    fms = norm_chances(berger_schedule(10), {}, _field(title="FM"), "GM")[1]
    assert fms.failed == ("norm titles",)                                  # title holders, but no GM
    assert norm_chances(berger_schedule(10), {}, _field(title="FM"), "IM")[1].failed == ("norm titles",)
    cms = norm_chances(berger_schedule(10), {}, _field(title="CM"), "WIM")[1]
    assert {"title holders", "norm titles"} <= set(cms.failed)             # CM is no title holder here
    weak = norm_chances(berger_schedule(10), {}, _field(rating=2300), "GM")[1]
    assert "average" in weak.failed and weak.average == 2300


def test_a_forfeit_is_no_norm_game():
    schedule = berger_schedule(10)
    key, code = _result(schedule, 1, 2, "+-")
    one = norm_chances(schedule, {key: code}, _field(), "GM")[1]
    assert one.games == 8 and "games" in one.failed


HELD = {"GM": {"GM", "IM", "WGM", "WIM"}, "IM": {"IM", "WGM", "WIM"}, "WGM": {"WGM", "WIM"}, "WIM": {"WIM"},
        "FM": set(), "WFM": set(), "CM": set(), "": set()}


@pytest.mark.parametrize("title", sorted(HELD))
def test_a_title_holder_has_no_norm_of_his_title_or_a_lower_one(title):
    """Player 1 (FRA, titled ``title``) among nine GMs rated 2500 of five federations, before round 1.

    By hand: every opponent 2500, so each average is 2500 (the floors are lower) and the score is
    the least p with dp(p) ≥ performance − 2500 (B.02 8.1(a)), times 9, rounded up to a half point:
    GM 2600: +100 → p ≥ .64 (dp .63 = 95, .64 = 102) → 5.76 → 6; IM 2450: −50 → p ≥ .43 (dp .43 = −50)
    → 3.87 → 4; WGM 2400: −100 → p ≥ .37 (dp .36 = −102, .37 = −95) → 3.33 → 3.5; WIM 2250: −250 →
    p ≥ .20 (dp .19 = −251, .20 = −240) → 1.8 → 2, but 35 % at least (1.4.8b) → 3.15 → 3.5. A norm whose
    title he holds, or one above it
    (GM > IM > WGM > WIM, the order of the norms' 1/3 titles), is "title held", with nothing computed.
    """
    feds = ["FRA", "GER", "ESP", "ITA", "NED"] * 2
    players = {i: NormPlayer(title if i == 1 else "GM", feds[i - 1], 2500) for i in range(1, 11)}
    by_hand = {"GM": 6.0, "IM": 4.0, "WGM": 3.5, "WIM": 3.5}
    for norm, needed in by_hand.items():
        one = norm_chances(berger_schedule(10), {}, players, norm)[1]
        if norm in HELD[title]:
            assert (one.status, one.failed, one.average, one.needed, one.still_needed) == (
                "title held", (), None, None, None), norm
        else:
            assert (one.status, one.failed, one.average, one.needed) == ("possible", (), 2500, needed), norm
        # the opponents' chances do not depend on his title: GMs all, they hold every norm's title
        assert norm_chances(berger_schedule(10), {}, players, norm)[2].status == "title held"


def test_a_norm_takes_35_percent_at_least():
    """B.01 1.4.8b. An IM norm against GMs averaging 2650 (9 games): the performance alone asks
    2450 − 2650 = −200 of dp, p ≥ .24 (dp .24 = −193, .23 = −202) → 2.16 → 2.5 points; 35 % of 9 is
    3.15 → 3.5 (3/9 = .33). Against an average of 2450 the performance asks more than 35 % (p ≥ .50 →
    4.5), so the minimum changes nothing there."""
    assert needed_score(2650, 9, 2450) == 3.5
    assert needed_score(2450, 9, 2450) == 4.5
    assert needed_score(2650, 20, 2450) == 7.0  # 7/20 = .35 exactly
