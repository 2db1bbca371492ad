"""FIDE tie-breaks of a round-robin (C.07, 2026 text) against Gacrux, FIDE's reference program, and by hand.

The fixture ``tests/data/fide/gacrux_roundrobins.json`` holds random round-robins
and Gacrux's figures for them; ``tools/gacrux_fixtures.py`` made it (the exact
command is in the file). Where the two programs read the regulations
differently the comparison leaves the figure out, and ``docs/standings.md``
("Where peers differ") says why; the counts below keep those exclusions honest.
"""

import hashlib
import json
from pathlib import Path

import pytest

from addin.core.errors import TournamentError
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.standings import fide
from addin.systems.standings.roundrobin import check_tiebreaks, evaluate

from support.tools_path import gacrux_fixtures
from support.paths import DATA

FIXTURE = json.loads((DATA / "fide" / "gacrux_roundrobins.json").read_text())
COLUMNS = FIXTURE["columns"]
OWN_AND_RATING = {"PTS", "WIN", "WON", "BPG", "BWG", "PS", "PS/C1", "REP", "STD", "TPN", "RTNG", "ARO",
                  "ARO/C1", "ARO/C2", "ARO/M1", "TPR", "PTP", "APRO", "APPO"}
OPPONENTS_SCORES = {"SB", "SB/C1", "SB/C2", "KS", "KS/L+1", "KS/L-1", "KS/L+2"}
OTB = set("10=")


def _compared(event) -> set[str]:
    """The figures on which the two programs read C.07 alike for this event (see docs/standings.md)."""
    chars = event["results"]
    schedule = berger_schedule(event["players"], event["cycles"])
    rounds = [rnd for rnd, _, _, _ in schedule.games()]
    last = max((r for r, c in zip(rounds, chars) if c != "."), default=0)
    if not any(c in OTB for r, c in zip(rounds, chars) if r == last):
        return set()  # Gacrux ends the event at the last round with a game over the board
    figures = set(OWN_AND_RATING)
    if event["bye_points"] == 0:
        figures.add("SB")  # Gacrux leaves bye points out of the opponents' scores
        if "." not in chars:
            figures |= OPPONENTS_SCORES | {"rank"}  # mid-event Koya and cuts: Gacrux's own conventions
    return figures


def _gacrux_value(text):
    return 0.0 if text == "-0" else float(text)


def test_fixture_inputs_are_what_the_project_writes():
    """Each event's TRF, written by today's trf16, is byte for byte the file Gacrux read."""
    for event in FIXTURE["events"]:
        assert hashlib.sha256(gacrux_fixtures.event_trf(event).encode()).hexdigest() == event["trf_sha256"]


def test_every_figure_equals_gacrux():
    compared, mismatches, events = 0, [], 0
    for index, event in enumerate(FIXTURE["events"]):
        figures = _compared(event)
        if not figures:
            continue
        events += 1
        schedule = berger_schedule(event["players"], event["cycles"])
        results = gacrux_fixtures.event_results(event)
        ratings = {k + 1: r for k, r in enumerate(event["ratings"])}
        report = evaluate(schedule, results, COLUMNS[2:], (), event["bye_points"], ratings)
        row_of = {s.number: s for s in report.standings}
        for number, row in event["gacrux_all"].items():
            mine = row_of[int(number)]
            for column, value in zip(COLUMNS, row):
                if column not in figures or value in (None, "error"):
                    continue
                ours = mine.rank if column == "rank" else mine.points if column == "PTS" else mine.value(column)
                compared += 1
                if ours != _gacrux_value(value):
                    mismatches.append((index, number, column, ours, value))
        if "rank" in figures:  # a second, short order: the ranks, DE included
            short = evaluate(schedule, results, event["short_codes"], (), event["bye_points"], ratings)
            for s in short.standings:
                compared += 1
                if s.rank != event["gacrux_short_ranks"][str(s.number)]:
                    mismatches.append((index, s.number, "short rank", s.rank, event["short_codes"]))
    assert mismatches == []
    assert events >= 100 and compared >= 20000, (events, compared)


# ---------------------------------------------------------------------------
# By hand, from the articles
# ---------------------------------------------------------------------------

def _event(n, results, cycles=1):
    schedule = berger_schedule(n, cycles)
    games = {(w, b): (r, bd) for r, bd, w, b in schedule.games()}
    out = {}
    for (a, b), code in results.items():
        if (a, b) in games:
            out[games[(a, b)]] = code
        else:
            flipped = {"1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-"}.get(code, code)
            out[games[(b, a)]] = flipped
    return schedule, out


def test_parse_codes_handbook_and_trf_spellings():
    assert check_tiebreaks("sb-c1, KS/L+1, aro-m2, ks/l-2, tpn") == ("SB/C1", "KS/L+1", "ARO/M2", "KS/L-2", "TPN")
    assert check_tiebreaks(["KS/L+0"]) == ("KS",)
    for bad in ("SB/M1", "WIN/C1", "BH", "KS/C1", "TPR/L+1"):
        with pytest.raises(TournamentError):
            check_tiebreaks([bad])
    with pytest.raises(TournamentError, match="twice"):
        check_tiebreaks(["SB-C1", "SB/C1"])


def test_sb_cut_one_drops_the_lowest_product_among_the_lowest_scored_opponents():
    """C.07 14.1.1: of two opponents sharing the lowest score, the one with the lower product goes."""
    # 4 players: 1 beats 2, draws 3, loses to 4; 2 and 3 both end on 1 point.
    schedule, results = _event(4, {(1, 2): "1-0", (1, 3): "1/2-1/2", (1, 4): "0-1",
                                   (2, 3): "1-0", (2, 4): "0-1", (3, 4): "1/2-1/2"})
    report = evaluate(schedule, results, ("SB", "SB/C1", "SB/C2"))
    one = next(s for s in report.standings if s.number == 1)
    points = {s.number: s.points for s in report.standings}
    assert (points[2], points[3]) == (1.0, 1.0)
    assert one.value("SB") == 1 * 1 + 0.5 * 1 + 0          # 1.5
    assert one.value("SB/C1") == 1.0                        # the ½ × 1 of the draw goes, not the 1 × 1
    assert one.value("SB/C2") == 0.0                        # then the other 1-point opponent


def test_koya_limit_moves_the_threshold_by_half_points():
    """C.07 9.2 + 14.5: 50 % of the maximum (3 games -> 1.5), then ± ½ per step."""
    schedule, results = _event(4, {(1, 2): "1-0", (1, 3): "1-0", (1, 4): "1/2-1/2",
                                   (2, 3): "1-0", (2, 4): "0-1", (3, 4): "1/2-1/2"})
    report = evaluate(schedule, results, ("KS", "KS/L+1", "KS/L-1", "KS/L-2"))
    points = {s.number: s.points for s in report.standings}
    assert points == {1: 2.5, 2: 1.0, 3: 0.5, 4: 2.0}
    one = next(s for s in report.standings if s.number == 1)
    assert one.value("KS") == 0.5          # opponents with >= 1.5: only 4 (draw)
    assert one.value("KS/L+1") == 0.5      # >= 2.0: still 4
    assert one.value("KS/L-1") == 1.5      # >= 1.0: 2 and 4
    assert one.value("KS/L-2") == 2.5      # >= 0.5: everybody, 1 + 1 + ½


def test_std_rep_ps_by_hand():
    """7.5 PS, 7.6 REP, 7.7 STD with a double forfeit and a forfeit win (round-robin of 4)."""
    schedule, results = _event(4, {(1, 2): "0-0", (1, 3): "+-", (1, 4): "1/2-1/2",
                                   (2, 3): "1-0", (2, 4): "0-1", (3, 4): "1-0"})
    report = evaluate(schedule, results, ("STD", "REP", "PS", "PS/C1", "TPN"))
    one = next(s for s in report.standings if s.number == 1)
    assert one.points == 1.5
    assert one.value("STD") == 1.5       # 0-0: nothing (no draw's points without playing); + : 1; draw: ½
    assert one.value("REP") == 2         # 3 rounds minus the double forfeit (a forfeit loss for both)
    rounds = {r: (w, b) for r, _, w, b in schedule.games() if 1 in (w, b)}
    own = {r: {(1, 2): 0, (2, 1): 0, (1, 3): 1, (3, 1): 1}.get((w, b), 0.5) for r, (w, b) in rounds.items()}
    running, ps = 0, []
    for r in sorted(own):
        running += own[r]
        ps.append(running)
    assert one.value("PS") == sum(ps) and one.value("PS/C1") == sum(ps[1:])
    assert one.value("TPN") == 1


def test_tpn_ranks_the_lower_number_first_and_rating_codes_need_every_rating():
    schedule, results = _event(3, {(1, 2): "1/2-1/2", (1, 3): "1/2-1/2", (2, 3): "1/2-1/2"})
    report = evaluate(schedule, results, ("TPN",))
    assert [s.number for s in report.standings] == [1, 2, 3] and [s.rank for s in report.standings] == [1, 2, 3]
    ratings = {1: 2000, 2: None, 3: 2100}
    report = evaluate(schedule, results, ("ARO", "TPR", "RTNG"), ratings=ratings)
    assert {s.value(c) for s in report.standings for c in ("ARO", "TPR", "RTNG")} == {0.0}
    assert [s.rank for s in report.standings] == [1, 1, 1]
    report = evaluate(schedule, results, ("ARO", "RTNG"), ratings=ratings, unrated_rating=1800)
    aro = {s.number: s.value("ARO") for s in report.standings}
    assert aro == {1: 1950.0, 2: 2050.0, 3: 1900.0}  # 1800 for the unrated player (C.07 art. 10)


def test_rating_tiebreaks_leave_forfeits_out():
    """C.07 15.2, exception 1: a forfeit is not a game for ARO/TPR."""
    schedule, results = _event(3, {(1, 2): "+-", (1, 3): "1-0", (2, 3): "1/2-1/2"})
    report = evaluate(schedule, results, ("ARO", "TPR"), ratings={1: 2000, 2: 2400, 3: 2200})
    one = next(s for s in report.standings if s.number == 1)
    assert one.value("ARO") == 2200 and one.value("TPR") == 2200 + 800
