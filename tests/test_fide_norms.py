"""Title norm chances of a closed round-robin (FIDE B.01 as summarised in docs/standings.md)."""

import json
from pathlib import Path

from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.standings import rating as R
from addin.systems.standings.norms import NORMS, NormPlayer, adjusted_average, needed_score, norm_chances

DATA = Path(__file__).parent / "data" / "fide"


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
    return {i: NormPlayer(title, feds[i % len(feds)], rating) for i in range(1, n + 1)}


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
