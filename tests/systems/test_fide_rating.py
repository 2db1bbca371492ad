"""FIDE rating arithmetic against the published tables (B.02 8.1), Gacrux's outputs and closed examples."""

import json
from pathlib import Path

import pytest

from addin.systems.standings import rating as R
from support.paths import DATA

DATA = DATA / "fide"


def _published():
    """The two tables of B.02 8.1 as transcribed in tests/data/fide/b02_8_1_tables.txt."""
    dp, pd = {}, {}
    section = None
    for line in (DATA / "b02_8_1_tables.txt").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line
            continue
        parts = line.split()
        if section.startswith("[8.1a"):
            dp[round(float(parts[0]) * 100)] = int(parts[1])
        else:
            low, high = (736, 10 ** 6) if parts[0] == "over735" else map(int, parts[0].split("-"))
            pd[(low, high)] = (round(float(parts[1]) * 100), round(float(parts[2]) * 100))
    return dp, pd


def test_dp_table_is_the_published_one():
    dp, _ = _published()
    assert sorted(dp) == list(range(101))
    assert all(R.dp(p) == dp[p] for p in range(101))


def test_pd_table_is_the_published_one():
    _, pd = _published()
    for (low, high), (higher, lower) in pd.items():
        for d in range(low, min(high, 900) + 1):
            assert R.pd_hundredths(d) == higher, d
            assert R.pd_hundredths(-d) == lower, d


def test_pd_edges_count_to_the_published_pd():
    """The workbook's one-list form of 8.1(b) (PTP, C.07 10.3): PD(D) = how many edges are ≤ D, any sign."""
    import bisect

    _, pd = _published()
    edges = R.pd_edges()
    assert list(edges) == sorted(edges) and len(edges) == 100
    checked = 0
    for (low, high), (higher, lower) in pd.items():
        for d in range(low, min(high, 900) + 1):
            assert bisect.bisect_right(edges, d) == higher, d
            assert bisect.bisect_right(edges, -d) == lower, d
            checked += 1
    assert checked > 900


def test_tables_equal_gacrux():
    gacrux = json.loads((DATA / "gacrux_tables.json").read_text())
    assert {int(p): v for p, v in gacrux["dp_by_hundredths"].items()} == {p: R.dp(p) for p in range(101)}
    assert {int(d): v for d, v in gacrux["expected_hundredths_by_difference"].items()} == \
        {d: R.pd_hundredths(d) for d in range(-800, 801)}


def test_the_two_tables_are_mirror_images():
    """B.02 8.1: dp(p) falls in the D band whose PD is p, for every p from .50 to .99."""
    for p in range(50, 100):
        assert R.pd_hundredths(R.dp(p)) == p


def test_ptp_equals_gacrux():
    gacrux = json.loads((DATA / "gacrux_tables.json").read_text())
    for score, ratings, expected in gacrux["ptp"]:
        assert R.ptp(score, ratings) == expected, (score, ratings)


def test_ptp_is_the_lowest_rating_reaching_the_score():
    """Brute force over every whole rating from the definition (C.07 10.3)."""
    cases = [(1.5, [2000, 2150, 2300]), (2.0, [1700, 2400]), (0.5, [2600, 2600, 2600, 2600]),
             (5.0, [2000, 2050, 2100, 2200, 2250])]
    for score, ratings in cases:
        brute = next(r for r in range(0, 4000)
                     if R.expected_hundredths(r, ratings, cap=None) >= round(100 * score))
        assert R.ptp(score, ratings) == brute


def test_aro_and_tpr_closed_examples():
    assert R.aro([2000, 2001]) == 2001            # 2000.5 rounds up (C.07 10.1)
    assert R.aro([2000, 2000, 2001]) == 2000      # 2000.33
    assert R.tpr(3.5, [1500] * 6) == 1500 + 57    # p = .58 (3.5 / 6 = .5833)
    assert R.tpr(2.5, [2299, 2199, 2422]) == 2307 + 273  # .8333 -> .83
    assert R.tpr(1, [2000] * 8) == 2000 - 322     # 1 / 8 = .125 -> .13 -> dp -322
    assert R.fraction_hundredths(1, 4) == 13      # 0.125 rounds up to .13
    assert R.tpr(0, [2000]) == 1200 and R.tpr(3, [2000] * 3) == 2800


def test_expected_score_and_rating_change():
    assert R.expected_hundredths(2000, [2100]) == 36
    assert R.rating_change(20, 1, 36) == pytest.approx(12.8)
    # B.02 8.3: more than 400 counts as 400 -> .92 / .08 (not the table's 1.00 / .00)
    assert R.expected_hundredths(2200, [1000]) == 92
    assert R.expected_hundredths(1800, [2482]) == 8
    assert R.expected_hundredths(2200, [1000], cap=None) == 100
    assert R.rating_change(10, 2.5, R.expected_hundredths(2400, [2300, 2400, 2500, 2000])) == pytest.approx(
        10 * (2.5 - (0.64 + 0.5 + 0.36 + 0.92)))


def test_performances_rate_only_games_over_the_board_against_rated_opponents():
    """B.02: forfeits are not rated; a rated player's games against unrated opponents are left out."""
    from addin.systems.roundrobin.berger import berger_schedule
    from addin.systems.standings.performance import performances
    schedule = berger_schedule(4)
    games = {frozenset((w, b)): (r, bd, w) for r, bd, w, b in schedule.games()}

    def key(a, b):
        return games[frozenset((a, b))][:2]

    def res(a, b, text):  # a's result against b, whoever had White
        r, bd, white = games[frozenset((a, b))]
        flip = {"1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-"}
        return text if white == a else flip.get(text, text)

    results = {key(1, 2): res(1, 2, "1-0"), key(1, 3): res(1, 3, "+-"), key(1, 4): res(1, 4, "1/2-1/2"),
               key(2, 3): res(2, 3, "1-0"), key(2, 4): res(2, 4, "0-1"), key(3, 4): res(3, 4, "1/2-1/2")}
    ratings = {1: 2200, 2: 2000, 3: 1900, 4: None}
    perf = performances(schedule, results, ratings, k=10)
    one = perf[1]  # rated games: only 2 (the forfeit and the unrated 4 are out)
    assert (one.games, one.score, one.aro, one.tpr) == (1, 1.0, 2000, 2800)
    assert one.expected == 76 and one.change == pytest.approx(10 * (1 - 0.76))
    four = perf[4]  # unrated: a performance, no expected score
    assert (four.games, four.score, four.aro, four.expected, four.change) == (3, 2.0, 2033, None, None)
    assert four.tpr == 2033 + R.dp(67)
