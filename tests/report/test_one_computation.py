"""Every output reads the report: the round-robin workbook's cached standings are the report's own
computation (one evaluation of the standings per write), and the league's TRF is a sink of the
season's report, which carries the divisions, the matches and the scoring it writes. The league season
workbook, the Molter workbook and the Formule Combinée workbook likewise cache their report's figures
(``addin.report.league.figures``, ``addin.report.molter.figures``, ``addin.report.combinee.figures``), computed
once per workbook write and once per report."""

from __future__ import annotations

import sys
from dataclasses import replace

from addin.core.players import Player
from addin.events.molter import event_rounds, numbered_teams
from addin.files.trf_league import division_trf
from addin.report import league as league_figures
from addin.report import molter as molter_figures
from addin.report.league import report as league_report
from addin.report.molter import report as molter_report
from addin.report.roundrobin import report
from addin.sheets.league.book.plan import plan_book as league_plan
from addin.sheets.league.layout import season_workbook
from addin.sheets.molter.book.plan import plan_book as molter_plan
from addin.sheets.molter.layout import event_workbook as molter_workbook
from addin.sheets.roundrobin.book.plan import plan_book
from addin.sheets.roundrobin.layout import event_workbook
from addin.systems.league.event import set_forfeit, set_lineup
from addin.systems.league.stats import player_stats
from addin.systems.league.table import division_table
from addin.systems.molter import live as molter_rules
from addin.systems.molter.live import MolterEvent
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


def seasons():
    """A season with three rounds typed, the same with round 4's first match lost by forfeit, and one not begun."""
    s = season("fide", rounds=3)
    key = next(k for k, _ in s.matches() if k[0] == 1 and k[1] == 4)
    return s, set_forfeit(s, key, "away"), replace(s, results={}, forfeits={})


def test_a_league_workbook_write_computes_the_figures_once():
    for s in seasons():
        divisions = len(s.divisions)
        assert calls_of(league_figures.figures, lambda: season_workbook(s)) == 1
        assert calls_of(division_table, lambda: season_workbook(s)) == divisions  # one table a division
        assert calls_of(player_stats, lambda: season_workbook(s)) == 1
        assert calls_of(league_figures.figures, lambda: league_report(s)) == 1
        assert calls_of(player_stats, lambda: league_report(s)) == 1  # the statistics and the divisions' points


def test_the_league_workbook_caches_the_tables_and_statistics_the_report_shows():
    for s in seasons():
        plan, rep = league_plan(s), league_report(s)
        started = [r for r in rep.rounds if r.standings]
        tables = started[-1].standings if started else next(
            sec.tables for sec in rep.sections if sec.key == "league-table")
        for d, table in enumerate(tables, 1):
            assert table.key == f"standings:{d}"
            keys = ("rank", "number", "played", "won", "drawn", "lost", "forfeited", "mp", "gp", "ga", "diff")
            cols = [table.column(k) for k in keys]
            shown = [tuple(row[c] for c in cols) for row in table.rows]
            assert shown == [(t.rank, str(t.number), t.played, t.won, t.drawn, t.lost, t.forfeited, t.mp, t.gp, t.ga,
                              t.diff) for t in plan.tables[d]]
            for code in s.tiebreaks:
                c = table.column(f"tb:{code}")
                assert [row[c] for row in table.rows] == [
                    None if code == "DE" and not t.de_levels else t.value(code) for t in plan.tables[d]]
        stats = next(sec.tables[0] for sec in rep.sections if sec.key == "statistics")
        cols = [stats.column(k) for k in ("games", "points", "forfeits", "perf")]
        assert [tuple(row[c] for c in cols) for row in stats.rows] == [
            (p.games, p.points, p.forfeits_won + p.forfeits_lost, p.performance) for p in plan.stats]
        # the matches' scores the workbook caches are the calendar's
        calendar = next(sec.tables[0] for sec in rep.sections if sec.key == "calendar")
        score = calendar.column("score")
        assert [bool(row[score]) for row in calendar.rows] == [plan.res[k].started for k, _ in s.matches()]


def molter_events():
    """A 5-team, 4-board Molter event: three rounds typed, then team B withdrawn from round 4, then none typed."""
    teams = numbered_teams(5, 4, "fr")
    _, played = event_rounds(5, 4, None, "auto")
    event = MolterEvent(tuple(teams), 4, tuple(tuple(r) for r in played))
    codes = ["1-0", "0-1", "1/2-1/2"]
    typed = event
    for r in (1, 2, 3):
        for b in range(1, len(event.rounds[r - 1]) + 1):
            typed = molter_rules.set_result(typed, r, b, codes[(r + b) % 3])
    withdrawn = molter_rules.set_result(molter_rules.withdraw(typed, "B", 4), 4, 1, "1-0")
    return typed, withdrawn, event


def test_a_molter_workbook_write_computes_the_standings_once():
    for event in molter_events():
        assert calls_of(molter_figures.figures, lambda: molter_workbook(event)) == 1
        assert calls_of(MolterEvent.standings, lambda: molter_workbook(event)) == 1
        assert calls_of(molter_figures.figures, lambda: molter_report(event)) == 1


def test_the_molter_workbook_caches_the_standings_the_report_shows():
    for event in molter_events():
        plan, rep = molter_plan(event), molter_report(event)
        started = [r for r in rep.rounds if r.standings]
        table = started[-1].standings[0] if started else next(
            sec.tables[0] for sec in rep.sections if sec.key == "team-standings")
        cols = [table.column(k) for k in ("place", "team", "points", "tb:BERLIN", "wins", "h2h")]
        assert [tuple(row[c] for c in cols) for row in table.rows] == [
            (plan.standing[t].place, t, plan.standing[t].points, plan.standing[t].berlin, plan.standing[t].wins,
             plan.standing[t].head_to_head) for t in plan.order]
        # the results the workbook caches (typed, and the withdrawal's forfeits) are the report's pairings'
        shown = {(r.number, int(p.board)): p.result for r in rep.rounds for p in r.pairings if p.result}
        assert shown == plan.effective


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


def combinee_events():
    """A 13-player Formule Combinée event (a bye a round): round 1 typed, a late entry taking the bye's place from
    round 2, rounds 2-3 typed with a forfeit, a player withdrawn from round 4 and one game of round 4 typed; the
    same before any score; and the 13 players' event with every phase-1 round typed and phase 2's first round
    paired and half typed."""
    from addin.systems.combinee import event as cb

    def typed(event, rnd, upto=None):
        for t, table in enumerate(event.rounds[rnd - 1], 1):
            if upto is not None and t > upto:
                break
            if table.b != cb.FICTITIOUS and not event.out(table.a, rnd) and not event.out(table.b, rnd):
                a, b = ("F", 300) if (rnd, t) == (3, 2) else (300 + 7 * ((rnd * t) % 5), 310 + 3 * ((rnd + t) % 7))
                event = cb.set_scores(event, rnd, t, a, b)
        return event

    entries = [(f"J{i:02d}", 1500 + 11 * i, "Club" if i % 2 else "") for i in range(1, 14)]
    fresh = cb.create_event(entries, 5, 3, 0, seed=7)
    event = cb.add_player(typed(fresh, 1), "Late", 1550)
    event = cb.withdraw(typed(typed(event, 2), 3), 5, 4)
    event = typed(event, 4, upto=3)
    full = fresh
    for rnd in range(1, 6):
        full = typed(full, rnd)
    full = typed(cb.next_round(full), 6, upto=3)
    return event, fresh, full


def combinee_shown(rep) -> tuple[int, object]:
    """How many standings tables the report shows, and its last (after the last round shown, or before any)."""
    tables = [table for rnd in rep.rounds for table in rnd.standings]
    if not tables:
        tables = [table for section in rep.sections if section.key == "ranking" for table in section.tables]
    return len(tables), tables[-1]


def combinee_model(event):
    """The independent model (``support.combinee_model``) of ``event``'s inputs: its players, tables, scores typed,
    withdrawals and scoring."""
    from support.combinee_model import Model, Rules

    r, p = event.rules, event.phases
    model = Model(p.phase1, p.phase2, p.phase3, Rules(r.win, r.draw, r.loss, r.forfeit, r.bye_points, r.bye_pdep,
                                                      r.forfeit_pdep, r.cap, r.late_pm, r.late_pdep))
    model.players = {q.number: [q.name, q.rating, q.club, q.joined] for q in event.players}
    model.rounds = {k: [(t.group, t.a, t.b) for t in tables] for k, tables in enumerate(event.rounds, 1)}
    model.scores, model.withdrawn = dict(event.scores), dict(event.withdrawn)
    return model


def test_a_combinee_workbook_write_computes_the_standings_once():
    from addin.report import combinee as combinee_figures
    from addin.report.combinee import report as combinee_report
    from addin.sheets.combinee.layout import event_workbook as combinee_workbook
    from addin.systems.combinee.event import CombineeEvent

    for event in combinee_events():
        shown, _ = combinee_shown(combinee_report(event))
        assert calls_of(combinee_figures.figures, lambda: combinee_workbook(event)) == 1
        assert calls_of(CombineeEvent.standings, lambda: combinee_workbook(event)) == 1
        # and the one computation is figures()'s, which the Standings sheet reads
        assert calls_of(combinee_figures.Figures.standings.func, lambda: combinee_workbook(event)) == 1
        # what figures() computes for the workbook (its standings), not more
        assert calls_of(CombineeEvent.standings, lambda: combinee_figures.figures(event).standings) == 1
        assert calls_of(combinee_figures.figures, lambda: combinee_report(event)) == 1
        # one computation a standings table shown, none more (the last round's shared with the workbook's)
        assert calls_of(CombineeEvent.standings, lambda: combinee_report(event)) == shown


def test_the_combinee_report_shows_the_standings_after_each_round():
    from addin.report.combinee import report as combinee_report

    for event in combinee_events():
        model = combinee_model(event)
        for rnd in combinee_report(event).rounds:
            for table in rnd.standings:
                cols = [table.column(key) for key in ("rank", "number", "pm", "ppm", "pdep")]
                assert [(int(row[cols[1]]), row[cols[2]], row[cols[3]], row[cols[4]], row[cols[0]])
                        for row in table.rows] == model.standings(lambda k: k <= rnd.number)


def test_the_combinee_workbook_caches_the_standings_the_report_shows(tmp_path):
    from openpyxl import load_workbook

    from addin.events.common import event_package
    from addin.report.combinee import report as combinee_report
    from addin.sheets.combinee.layout import event_workbook as combinee_workbook

    for k, event in enumerate(combinee_events()):
        path = tmp_path / f"combinee-{k}.xlsx"
        path.write_bytes(event_package(combinee_workbook(event), "combinee", macros=False))
        sheet = load_workbook(path, data_only=True)["Classement"]  # the values the file caches, as a reader sees them
        _, table = combinee_shown(combinee_report(event))
        cols = [table.column(key) for key in ("rank", "number", "name", "pm", "ppm", "pdep")]
        shown = [tuple(row[c] for c in cols) for row in table.rows]
        cached = [tuple(sheet.cell(r, c).value for c in range(1, 7)) for r in range(4, 4 + event.n)]
        assert [(rank, str(number), name, pm, ppm if ppm != "" else None, pdep)
                for rank, number, name, pm, ppm, pdep in cached] == shown
        assert sheet.cell(4 + event.n, 1).value is None  # every player listed, no more
        # both are the seed's standings of the rounds begun (the independent model's)
        assert [(rank, number, pm, ppm, pdep) for number, pm, ppm, pdep, rank in combinee_model(event).standings()] \
            == [(rank, int(number), pm, ppm, pdep) for rank, number, name, pm, ppm, pdep in shown]
        rounds = [rnd.number for rnd in combinee_report(event).rounds if rnd.standings]
        assert sheet.cell(2, 1).value == (f"Après la ronde {rounds[-1]} / {event.phases.total}" if rounds
                                          else "Aucun résultat pour l'instant")
