"""Team leagues (seed 000, "Application des tables de Berger aux compétitions
par équipes"): complementary numbers, gathering orders, calendars."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from addin.systems.directed.league import (Division, Team, complementary, league_calendar, venue,
                                   venue_table)
from addin.core.errors import TournamentError
from addin.systems.roundrobin.berger import BergerQuery


@pytest.mark.parametrize("teams", range(4, 41, 2))
def test_complementary_numbers_always_opposite_colours(teams):
    q = BergerQuery(teams)
    for x in range(1, teams + 1):
        y = complementary(teams, x)
        assert complementary(teams, y) == x and abs(x - y) == teams // 2
        for r in range(1, teams):
            assert q.color(x, r) != q.color(y, r)
        # and x+k is the only such number
        others = [z for z in range(1, teams + 1) if z != x and
                  all(q.color(x, r) != q.color(z, r) for r in range(1, teams))]
        assert others == [y]


@pytest.mark.parametrize("teams", range(4, 31, 2))
@pytest.mark.parametrize("order", ["gathering", "gathering-reverse"])
def test_gathering_round_is_last_and_everyone_receives_as_often_as_travels(teams, order):
    rows = venue_table(teams, order)
    for row in rows:
        assert row["sequence"][-1] == "N"
        assert row["home"] == row["away"] == teams // 2 - 1
    # independent oracle: the built schedule in that order
    sched = BergerQuery(teams, order=order)
    for x in range(1, teams + 1):
        for r in range(1, teams - 1):
            expected = "H" if sched.color(x, r) == "W" else "A"
            assert venue(teams, x, r, order) == expected


def test_orders_are_the_seed_round_sequences():
    # 12 teams: 2-3-…-11-1 and 11-10-…-2-1 (seed 000)
    from addin.systems.roundrobin.berger import played_to_table
    assert [played_to_table(12, r, 1, False, "gathering")[1] for r in range(1, 12)] == list(range(2, 12)) + [1]
    assert [played_to_table(12, r, 1, False, "gathering-reverse")[1] for r in range(1, 12)] == list(range(11, 0, -1))


def _divisions(spec: list[str]) -> list[Division]:
    return [Division(f"D{i}", [Team(f"{c}-{i}-{j}", c) for j, c in enumerate(codes)])
            for i, codes in enumerate(spec)]


def _check(divisions, cals, same_club, half_home, order):
    for d, cal in zip(divisions, cals):
        t = len(d.teams)
        assert sorted(cal.numbers.values()) == list(range(1, t + 1))
        # round robin: every pair once, home team first per the table
        pairs = Counter(frozenset((f.home, f.away)) for f in cal.fixtures)
        assert len(pairs) == t * (t - 1) // 2 and set(pairs.values()) == {1}
        club_teams: dict[str, list[str]] = {}
        for team in d.teams:
            club_teams.setdefault(team.club, []).append(team.name)
        size = t + (t & 1)
        for members in club_teams.values():
            for a, b in zip(members[0::2], members[1::2]):
                x, y = cal.numbers[a], cal.numbers[b]
                if same_club == "complementary":
                    assert abs(x - y) == size // 2
                else:
                    assert x + y == size + 1
                    gathering = [f for f in cal.fixtures if {f.home, f.away} == {a, b}]
                    assert gathering[0].neutral
    for club in half_home:
        weekends = max(len(d.teams) + (len(d.teams) & 1) - 1 for d in divisions)
        for r in range(1, weekends + 1):
            home = away = 0
            for cal in cals:
                for f in cal.fixtures:
                    if f.round == r and not f.neutral:
                        home += f.home.startswith(club + "-")
                        away += f.away.startswith(club + "-")
            assert abs(home - away) <= 1


def test_calendar_with_club_constraints():
    divisions = _divisions(["AABCDEFGHIJK", "AABBCLMNOPQ", "ABCRSTUVWX"])
    for same_club in ("complementary", "gathering"):
        cals = league_calendar(divisions, same_club, ["A", "B"], "gathering", seed=1, start="2025-10-05")
        _check(divisions, cals, same_club, ["A", "B"], "gathering")
        assert cals[0].fixtures[0].date == "2025-10-05"
    again = league_calendar(divisions, "complementary", ["A", "B"], "gathering", seed=1)
    assert [c.numbers for c in again] == [c.numbers for c in league_calendar(
        divisions, "complementary", ["A", "B"], "gathering", seed=1)]


@settings(max_examples=15, deadline=None)
@given(st.lists(st.text(alphabet="ABCDEFGH", min_size=4, max_size=10), min_size=1, max_size=3),
       st.sampled_from(["complementary", "gathering"]), st.integers(0, 100))
def test_random_leagues(spec, same_club, seed):
    divisions = _divisions(spec)
    try:
        cals = league_calendar(divisions, same_club, ["A"] if any("A" in s for s in spec) else [],
                               "gathering-reverse", seed=seed)
    except TournamentError as exc:
        assert "cannot all be met" in str(exc)
        return
    _check(divisions, cals, same_club, ["A"] if any("A" in s for s in spec) else [], "gathering-reverse")


def test_bad_league_input():
    with pytest.raises(TournamentError):
        league_calendar([Division("X", [Team("a")])])
    with pytest.raises(TournamentError):
        league_calendar(_divisions(["ABCD"]), half_home=["Z"])
    with pytest.raises(TournamentError):
        complementary(12, 13)
