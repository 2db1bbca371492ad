"""The report model: the reader's order, the alphabetical list, the standings after each round, the figures' text.

Oracles: the order the reader documents (a recording visitor), brute force over the games
(each player's points after round k counted from the results of rounds 1..k, forfeits of the
C.05 withdrawal included), and the closed rules of ``addin.publish.format``.
"""

from __future__ import annotations

from hypothesis import given, strategies as st

from addin.core.players import Player
from addin.core.results import score
from addin.publish.format import points, show
from addin.report.model import Visitor, walk
from addin.report.roundrobin import report
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent, effective_results

CODES = ["1-0", "1/2-1/2", "0-1", "+-", "-+", "0-0", "1-0", "0-1"]


def event(n: int = 7, played: int = 4, withdrawn: dict | None = None) -> RoundRobinEvent:
    schedule = berger_schedule(n)
    results = {(r, b): CODES[(3 * r + 5 * b) % len(CODES)] for r, b, w, k in schedule.games() if r <= played
               and not any(p in (withdrawn or {}) and r >= (withdrawn or {})[p] for p in (w, k))}
    return RoundRobinEvent(schedule, tuple(Player(i, f"P{i:02d}") for i in range(1, n + 1)), results,
                           withdrawn or {})


class Recorder(Visitor):
    def __init__(self):
        self.calls = []

    def begin_event(self, report):
        self.calls.append("begin_event")

    def visit_entrants(self, entrants):
        self.calls.append("entrants")

    def begin_round(self, rnd):
        self.calls.append(f"begin_round {rnd.number}")

    def visit_pairing(self, rnd, pairing):
        self.calls.append("pairing")

    def visit_standings(self, rnd, table):
        self.calls.append(f"standings {rnd.number}")

    def end_round(self, rnd):
        self.calls.append(f"end_round {rnd.number}")

    def begin_section(self, section):
        self.calls.append(f"section {section.key}")

    def visit_table(self, section, table):
        self.calls.append("table")

    def end_section(self, section):
        self.calls.append("end_section")

    def end_event(self, report):
        self.calls.append("end_event")

    def result(self):
        return self.calls


def test_the_reader_calls_the_visitor_in_the_documented_order():
    calls = walk(report(event(4, 1)), Recorder())
    # 4 players: 3 rounds of 2 games; round 1 started (its standings), then the crosstable section
    assert calls == (["begin_event", "entrants",
                      "begin_round 1", "pairing", "pairing", "standings 1", "end_round 1",
                      "begin_round 2", "pairing", "pairing", "end_round 2",
                      "begin_round 3", "pairing", "pairing", "end_round 3",
                      "section crosstable", "table", "end_section", "end_event"])
    assert walk(report(event(4, 1)), Recorder(), rounds=[2]).count("pairing") == 2


@given(st.integers(3, 9), st.integers(0, 8), st.booleans())
def test_standings_after_each_round_count_the_results_of_those_rounds(n, played, withdraw):
    withdrawn = {2: 3} if withdraw and n > 3 else {}
    ev = event(n, played, withdrawn)
    rep = report(ev)
    for rnd in rep.rounds:
        seats = rnd.seats()
        assert sorted(s.ident for s in seats) == [str(i) for i in range(1, n + 1)]  # everybody, once
        assert [s.name for s in seats] == sorted(s.name for s in seats)
        if not rnd.standings:
            continue
        k = rnd.number
        results = effective_results(ev.schedule, {key: c for key, c in ev.results.items() if key[0] <= k},
                                    ev.withdrawn)
        # C.05 6.6: a withdrawn player who played fewer than half of his scheduled games over the board is
        # not counted: his games count for him only
        over = {p: sum(1 for (r, b, w, bl) in ev.schedule.games() if p in (w, bl)
                       and results.get((r, b)) in ("1-0", "0-1", "1/2-1/2")) for p in ev.withdrawn}
        scheduled = {p: sum(1 for (r, b, w, bl) in ev.schedule.games() if p in (w, bl)) for p in ev.withdrawn}
        out = {p for p in ev.withdrawn if over[p] < scheduled[p] / 2}
        expected = {i: 0.0 for i in range(1, n + 1)}
        for r, b, w, bl in ev.schedule.games():
            if (r, b) in results:
                pw, pb = score(results[(r, b)])
                if w in out or bl not in out:
                    expected[w] += pw
                if bl in out or w not in out:
                    expected[bl] += pb
        table = rnd.standings[0]
        got = {int(row[table.column("number")]): row[table.column("points")] for row in table.rows}
        assert got == expected


def test_points_and_percentages_as_a_page_shows_them():
    assert [points(v, "fr") for v in (0, 0.5, 1, 2.5, -1.5, 5.25, 7.0)] == ["0", "½", "1", "2½", "-1½", "5,25", "7"]
    assert points(5.25, "en") == "5.25"
    assert show(37.5, "percent", "fr") == "37,5\u202f%" and show(75.0, "percent", "en") == "75%"
    assert show(None, "points", "fr") == "" and show(2105, "int", "fr") == "2105"
