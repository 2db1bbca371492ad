"""Every output reads the report: the round-robin workbook's cached standings are the report's own
computation (one evaluation of the standings per write), and the league's TRF is a sink of the
season's report, which carries the divisions, the matches and the scoring it writes."""

from __future__ import annotations

import sys
from dataclasses import replace

from addin.core.players import Player
from addin.files.trf_league import division_trf
from addin.report.league import report as league_report
from addin.report.roundrobin import report
from addin.sheets.roundrobin.book.plan import plan_book
from addin.sheets.roundrobin.layout import event_workbook
from addin.systems.league.event import set_forfeit, set_lineup
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent
from addin.systems.standings import roundrobin as standings
from support.league_fixture import season


def calls_of(function, action) -> int:
    """How many times ``function`` runs during ``action()``, however it was imported."""
    code, count = function.__code__, 0

    def profile(frame, event, arg):
        nonlocal count
        if event == "call" and frame.f_code is code:
            count += 1

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return count


def sixteen(withdrawn: dict | None = None) -> RoundRobinEvent:
    schedule = berger_schedule(16)
    codes = ["1-0", "0-1", "1/2-1/2"]
    gone = withdrawn or {}
    results = {(r, b): codes[(r + 2 * b) % 3] for r, b, w, k in schedule.games() if r <= 5
               and not any(p in gone and r >= gone[p] for p in (w, k))}  # none typed after a withdrawal
    return RoundRobinEvent(schedule, tuple(Player(i, f"P{i:02d}", 1500 + 37 * i) for i in range(1, 17)), results,
                           withdrawn or {})


def test_a_workbook_write_evaluates_the_standings_once():
    for event in (sixteen(), sixteen({3: 4}), replace(sixteen(), results={})):
        assert calls_of(standings.evaluate, lambda: event_workbook(event)) == 1
        assert calls_of(standings.evaluate, lambda: report(event, every_round=False)) == 1


def test_the_workbook_caches_the_standings_the_report_shows():
    event = sixteen({3: 4})
    plan = plan_book(event, False)
    table = report(event, every_round=False).standings[0]
    number, points, rank = (table.column(key) for key in ("number", "points", "rank"))
    shown = {int(str(row[number])): (row[points], row[rank]) for row in table.rows}
    assert shown == {s.number: (s.points, s.rank if s.counted else None) for s in plan.report.standings}
    # the withdrawal's forfeits (rounds 4 and 5) are in the cached results, as in the report's
    assert {key for key in plan.effective if key not in event.results} == \
        {(r, b) for r, b, w, k in event.schedule.games() if r in (4, 5) and 3 in (w, k)}


def test_the_league_report_carries_what_the_trf_writes():
    s = season("ffe", rounds=3)
    key = next(k for k, _ in s.matches() if k[0] == 1 and k[1] == 4)
    s = set_forfeit(s, key, "away")
    rep = league_report(s)
    assert [g.name for g in rep.groups] == [d.name for d in s.divisions]
    for group, division in zip(rep.groups, s.divisions):
        assert group.rounds == division.rounds
        assert [(t.ident, t.name) for t in group.teams] == [(str(t.number), t.name) for t in division.teams]
        assert [[m.name for m in t.members] for t in group.teams] == [[m.name for m in t.roster]
                                                                       for t in division.teams]
    assert dict(rep.scoring) == {"W": 1.0, "D": 0.0, "L": 0.0}  # the French scale counts no draw
    assert dict(rep.match_scoring) == {"W": 3.0, "D": 2.0, "L": 1.0}
    for rnd in rep.rounds:
        expected = [(s.division(d).name, str(m.home), str(m.away), (d, r, i) in s.forfeits)
                    for (d, r, i), m in s.matches() if r == rnd.number]
        assert [(m.group, m.home, m.away, m.forfeit) for m in rnd.matches] == expected
        assert all(len(m.boards) == s.boards for m in rnd.matches)


def test_a_match_lost_by_forfeit_is_written_roster_against_roster():
    s = season("fide", rounds=3)
    key = next(k for k, _ in s.matches() if k[0] == 1 and k[1] == 4)
    s = set_lineup(s, key, 0, [2, 1, 5, 4])  # a line-up typed, then the match forfeited: nobody played
    s = set_forfeit(s, key, "away")
    division, match = s.division(1), s.match(key)
    first, number = {}, 1
    for team in division.teams:  # the TRF numbers the players team after team, roster order
        first[team.number] = number
        number += len(team.roster)
    lines = {int(line[4:8]): line for line in division_trf(s, 1).splitlines() if line.startswith("001")}
    block = slice(91 + 10 * 3, 91 + 10 * 3 + 8)  # round 4's block
    for board in range(1, s.boards + 1):
        home, away = first[match.home] + board - 1, first[match.away] + board - 1
        white = s.home_white(key, board)
        assert lines[home][block] == f"{away:04d} {'w' if white else 'b'} +"
        assert lines[away][block] == f"{home:04d} {'b' if white else 'w'} -"
    assert not [line for line in division_trf(s, 1).splitlines() if line.startswith("300   4")]


def scheveningen(rounds: int = 3, n: int = 5):
    from addin.systems import scheveningen_match as schev

    players = [[schev.SchevPlayer(f"{team}{k}", 1600 + 10 * k) for k in range(1, n + 1)] for team in "AB"]
    match = schev.new_match("Home", "Away", *players)
    codes = ["1-0", "1/2-1/2", "0-1", "+-", "-+", "0-0", "1/2-1/2"]
    for rnd in range(1, rounds + 1):
        for board in range(1, n + 1):
            if (rnd + board) % 4:  # a few boards left without a result
                match = schev.set_result(match, rnd, board, codes[(rnd * board) % len(codes)])
    return match


def test_a_scheveningen_write_lists_the_games_once():
    from addin.report.scheveningen import report as schev_report
    from addin.sheets.scheveningen.layout import match_workbook
    from addin.systems.scheveningen_match import SchevMatch

    for match in (scheveningen(), scheveningen(0), scheveningen(5)):
        assert calls_of(SchevMatch.games, lambda: match_workbook(match)) == 1
        assert calls_of(SchevMatch.games, lambda: schev_report(match)) == 1


def test_the_scheveningen_workbook_caches_what_the_report_shows():
    from addin.report.scheveningen import report as schev_report
    from addin.sheets.scheveningen.book.plan import plan_book

    match = scheveningen()
    plan, rep = plan_book(match), schev_report(match)
    last = rep.rounds[2]
    assert last.number == 3 and last.started and not rep.rounds[3].started
    score, players = last.standings
    assert [row[1:] for row in score.rows] == [(plan.total.a, plan.total.played), (plan.total.b, plan.total.played)]
    assert plan.total.played == sum(1 for key in match.results)  # every typed result counted once
    assert sum(plan.round_scores[r].a + plan.round_scores[r].b for r in range(1, 6)) == plan.total.a + plan.total.b
    number, points, played = (players.column(key) for key in ("number", "points", "played"))
    assert {row[number]: (row[points], row[played]) for row in players.rows} == \
        {f"{team}{k}": plan.totals[(team, k)] for team, k in plan.totals}
    grids = {table.key: table for section in rep.sections for table in section.tables}
    for team in "AB":
        other = "B" if team == "A" else "A"
        table = grids[f"grid:{team}"]
        for k, row in enumerate(table.rows, 1):
            assert [row[table.column(f"vs:{other}{j}")] for j in range(1, 6)] == \
                [plan.game(team, k, j).symbol(team) for j in range(1, 6)]
            assert (row[table.column("points")], row[table.column("played")]) == plan.totals[(team, k)]
