"""League rules worked by hand: match scores under both scales, forfeits, withdrawals, colours, refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from addin.core.errors import TournamentError
from addin.systems.directed.league import calendar_for
from addin.systems.league import event as rules
from addin.systems.league.match import outcome, outcomes
from addin.systems.league.model import PRESET_TIEBREAKS, SCORINGS, Member, board_colours
from addin.systems.league.table import division_table
from support.league_fixture import season as fixture_season

TEAMS = {"A": 1, "B": 2, "C": 3, "D": 4}


def new(preset="fide", boards=4):
    cal = calendar_for("D1", TEAMS, "gathering", ["2025-10-05", "2025-10-19", "2025-11-02"])
    rosters = {t: [Member(f"{t}{k}", 2000 - 10 * k) for k in range(1, 6)] for t in TEAMS}
    return rules.season_from_calendars([cal], {}, rosters, boards=boards, scoring=SCORINGS[preset], preset=preset,
                                       tiebreaks=PRESET_TIEBREAKS[preset])


def play(s, key, codes):
    for board, code in enumerate(codes, 1):
        s = rules.set_result(s, key, board, code)
    return s


def test_calendar_gives_the_matches_home_team_first():
    s = new()
    # gathering order: table round 1 (x meets 5 - x) is played last on neutral ground
    assert [(m.round, m.home, m.away, m.neutral) for _, m in s.matches()] == [
        (1, 1, 2, False), (1, 4, 3, False), (2, 2, 4, False), (2, 3, 1, False), (3, 1, 4, True), (3, 2, 3, True)]


@pytest.mark.parametrize("preset,codes,score,points", [
    # FIDE: 1 + ½ + ½ + 0 = 2 against 2: a drawn match, 1 match point each
    ("fide", ["1-0", "1/2-1/2", "1/2-1/2", "0-1"], (2.0, 2.0), (1, 1)),
    # French scale: draws give no game point: 1-1, drawn, 2 match points each
    ("ffe", ["1-0", "1/2-1/2", "1/2-1/2", "0-1"], (1.0, 1.0), (2, 2)),
    ("ffe", ["1-0", "1-0", "1/2-1/2", "0-1"], (2.0, 1.0), (3, 1)),
    ("fide", ["1-0", "+-", "0-0", "0-1"], (2.0, 1.0), (2, 0)),
    ("ffe", ["-+", "1/2-1/2", "1/2-1/2", "1/2-1/2"], (0.0, 1.0), (1, 3)),
])
def test_match_score_and_match_points(preset, codes, score, points):
    s = play(new(preset), (1, 1, 1), codes)
    res = outcome(s, (1, 1, 1))
    assert (res.home_score, res.away_score) == score
    assert (res.home_points, res.away_points) == points
    assert res.complete


def test_an_incomplete_match_has_a_score_but_no_match_points():
    s = play(new(), (1, 1, 1), ["1-0", "1-0", "1-0"])
    res = outcome(s, (1, 1, 1))
    assert (res.home_score, res.done, res.complete, res.home_points) == (3.0, 3, False, None)
    assert division_table(s, 1)[0].played == 0


def test_a_match_lost_by_forfeit():
    s = rules.set_forfeit(new("ffe"), (1, 1, 2), "away")   # D (4) receives C (3); C absent
    res = outcome(s, (1, 1, 2))
    assert res.boards == ("+-",) * 4
    assert (res.home_score, res.away_score, res.home_points, res.away_points) == (4.0, 0.0, 3, 0)
    table = {line.number: line for line in division_table(s, 1)}
    assert (table[3].mp, table[3].forfeited, table[3].lost, table[4].won) == (0, 1, 1, 1)
    s = rules.set_forfeit(s, (1, 1, 2), "both")
    res = outcome(s, (1, 1, 2))
    assert (res.home_points, res.away_points, res.home_score) == (0, 0, 0.0)


def test_forfeit_and_board_results_exclude_each_other():
    s = play(new(), (1, 1, 1), ["1-0"])
    with pytest.raises(TournamentError, match="already has results on its boards"):
        rules.set_forfeit(s, (1, 1, 1), "home")
    s = rules.set_forfeit(new(), (1, 1, 1), "home")
    with pytest.raises(TournamentError, match="lost by forfeit"):
        rules.set_result(s, (1, 1, 1), 1, "1-0")
    assert rules.set_result(s, (1, 1, 1), 1, "") is not None  # clearing is allowed


def test_a_withdrawal_gives_forfeits_once_the_round_has_started():
    s = play(new(), (1, 1, 1), ["1-0"] * 4)
    s = play(s, (1, 1, 2), ["0-1"] * 4)
    s = rules.withdraw(s, 1, 2, 2)                    # B (2) plays no more from round 2
    assert all(res.forfeit is None for key, res in outcomes(s).items())
    s = play(s, (1, 2, 2), ["1/2-1/2"] * 4)          # round 2 starts: B – D (round 2, match 1) is forfeited
    res = outcomes(s)[(1, 2, 1)]
    assert (res.forfeit, res.home_points, res.away_points) == ("home", 0, 2)
    assert outcomes(s)[(1, 3, 2)].forfeit is None     # round 3 has not started
    with pytest.raises(TournamentError, match="withdrew from round 2"):
        rules.set_result(s, (1, 2, 1), 1, "1-0")
    assert rules.reinstate(s, 1, 2).withdrawn == {}


def test_a_withdrawal_is_refused_before_a_game_it_played():
    s = play(new(), (1, 2, 1), ["1-0"])
    with pytest.raises(TournamentError, match="already has the result"):
        rules.withdraw(s, 1, 2, 1)
    assert rules.withdraw(s, 1, 2, 3).withdrawn == {(1, 2): 3}


def test_line_ups_are_checked():
    s = new()
    with pytest.raises(TournamentError, match="no player 6"):
        rules.set_lineup(s, (1, 1, 1), 0, [1, 2, 3, 6])
    with pytest.raises(TournamentError, match="two boards"):
        rules.set_lineup(s, (1, 1, 1), 0, [1, 2, 1, 4])
    s = rules.set_lineup(s, (1, 1, 1), 1, [5, None, 2])
    assert s.lineup((1, 1, 1), 1) == (5, None, 2, None)
    assert s.lineup((1, 1, 1), 0) == (1, 2, 3, 4)


def test_colours_by_board():
    assert board_colours(4, "odd") == ["W", "B", "W", "B"]
    assert board_colours(4, "even") == ["B", "W", "B", "W"]
    s = new()
    assert [s.home_white((1, 1, 1), b) for b in (1, 2, 3, 4)] == [True, False, True, False]
    s = replace(s, white_odd={(1, 1, 1): "away"})
    assert [s.home_white((1, 1, 1), b) for b in (1, 2, 3, 4)] == [False, True, False, True]
    assert replace(new(), colours="even").home_white((1, 2, 1), 1) is False


def test_direct_encounter_waits_until_the_tied_teams_have_all_met():
    s = play(new(), (1, 1, 1), ["1-0"] * 4)           # A beats B
    s = play(s, (1, 1, 2), ["1-0"] * 4)               # D beats C
    s = replace(s, tiebreaks=("DE",))
    table = division_table(s, 1)
    # A and D both 2 MP and have not met: DE does not apply, they share first place
    assert [(line.number, line.rank, line.de_rank) for line in table[:2]] == [(1, 1, 0), (4, 1, 0)]


def test_board_weightings_and_differential_on_the_whole_season():
    for preset in ("fide", "ffe"):
        s = fixture_season(preset)
        for d in (1, 2):
            table = division_table(s, d)
            assert sum(line.diff for line in table) == pytest.approx(0)
            for line in table:
                assert line.berlin == pytest.approx((s.boards + 1) * line.gp - line.bc)
                assert line.won + line.drawn + line.lost == line.played


def test_teams_are_found_by_name_or_division_and_number():
    s = fixture_season()
    assert rules.find_team(s, "nancy") == (1, 2)
    assert rules.find_team(s, "Régionale:3") == (2, 3)
    with pytest.raises(TournamentError, match="no team called"):
        rules.find_team(s, "Paris")
