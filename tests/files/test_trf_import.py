"""TRF import (issue 14): an event begun in another program carried on here.

Oracles: hand-made TRF lines placed column by column in this test (FIDE C.04 Annex 2) with
the FIDE Berger tables of C.05 Annex 1 typed in by hand; files written by Gacrux (FIDE's
tie-break reference program, run outside the repository: ``tests/data/trf/README.md``); the
Gacrux fixtures' TRF files, pinned by SHA-256 to the bytes Gacrux read; and round trips
TRF → workbook → TRF on hand-made and hypothesis-generated events, compared with the event
they started from.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from addin.cli import cli
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.players import TITLES, Player
from addin.events import roundrobin as events
from addin.events.common import write_new_event
from addin.files.trf_read import parse_trf, read_trf
from addin.render.file_book import FileBook
from addin.sheets.roundrobin.layout import event_workbook
from addin.sheets.roundrobin.reader import read_event
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent
from addin.systems.roundrobin.identify import identify

from support.tools_path import gacrux_fixtures
from support.paths import DATA
from support.trf_hand import HAND, HAND_PLAYERS, HAND_RESULTS, line


FIDE_TABLE_5 = [[(2, 5), (3, 4)], [(5, 3), (1, 2)], [(3, 1), (4, 5)], [(1, 4), (2, 3)], [(4, 2), (5, 1)]]
FIDE_BYES_5 = [1, 4, 2, 5, 3]


def _import(tmp_path, text, name="event.trf", lang="en"):
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    out = tmp_path / (name + ".xlsx")
    events.import_trf(events.ImportRequest(source, out, lang=lang))
    return read_event(FileBook(out)), out


def _blocks(text):
    """``{rank: [round blocks]}`` of a TRF text, read by column here (independent of the project's reader)."""
    out = {}
    for row in text.splitlines():
        if row.startswith("001"):
            rest = row[91:]
            out[int(row[4:8])] = [_norm(rest[k:k + 8]) for k in range(0, len(rest.rstrip()), 10)]
    return out


def _norm(block):
    """``'   2 w 0'`` -> ``'2 w 0'``, ``'0000 - H'`` -> ``'0 - H'``: the opponent as a number."""
    parts = block.split()
    return " ".join([str(int(parts[0]))] + parts[1:]) if parts else ""


def test_hand_made_trf16_gives_the_fide_table_players_and_results(tmp_path):
    event, _ = _import(tmp_path, HAND)
    assert event.rounds == 5 and event.size == 5
    for rnd, (games, bye) in enumerate(zip(FIDE_TABLE_5, FIDE_BYES_5), 1):
        assert [(g.white, g.black) for g in event.schedule.round(rnd).games] == games
        assert event.schedule.round(rnd).byes == (bye,)
    assert dict(event.results) == HAND_RESULTS
    assert event.bye_points == 0.5
    assert list(event.players) == HAND_PLAYERS
    header = event.header
    assert (header.title, header.place, header.arbiter) == ("Open de Nulle Part", "Nulle Part", "A. Arbitre")


def test_hand_made_round_trip_gives_back_the_same_rounds(tmp_path):
    _, workbook = _import(tmp_path, HAND)
    out = tmp_path / "back.trf"
    events.export_trf(workbook, out)
    back = out.read_text(encoding="utf-8")
    expected = {rank: blocks + [""] * (5 - len(blocks)) for rank, blocks in _blocks(HAND).items()}
    got = _blocks(back)
    for rank in expected:  # the rounds still to play are written with their pairings, no result
        assert got[rank][:3] == expected[rank][:3]
        assert all(len(block.split()) == 2 for block in got[rank][3:])
    again = parse_trf(back, "back.trf")
    assert [(p.name, p.rating, p.federation, p.title, p.fide_id, p.birth) for p in again.players] == [
        (p.name, p.rating, p.federation, p.title, p.fide_id, p.birth) for p in HAND_PLAYERS]


def test_a_double_round_robin_declared_by_xxr_and_the_fide_swap(tmp_path):
    """Four players, two cycles (XXR 6), four rounds played.

    FIDE C.05 Annex 1 (4 players): T1 1-4 2-3, T2 4-3 1-2, T3 2-4 3-1; a double round-robin
    swaps the first cycle's last two rounds (played R2 = T3, R3 = T2), then plays the table
    again with colours reversed: R4 4-1 3-2, R5 3-4 2-1, R6 4-2 1-3.
    """
    rounds = {1: ["4 w", "3 b", "2 w", "4 b"], 2: ["3 w", "4 w", "1 b", "3 b"],
              3: ["2 b", "1 w", "4 b", "2 w"], 4: ["1 b", "2 b", "3 w", "1 w"]}
    text = "XXR 6\n" + "\n".join(line(p, f"P{p}", blocks=[f"   {b} =" for b in rounds[p]]) for p in rounds) + "\n"
    event, _ = _import(tmp_path, text)
    assert event.rounds == 6 and event.swap_last and len(event.results) == 8
    expected = [[(1, 4), (2, 3)], [(2, 4), (3, 1)], [(4, 3), (1, 2)], [(4, 1), (3, 2)], [(3, 4), (2, 1)],
                [(4, 2), (1, 3)]]
    assert [[(g.white, g.black) for g in rnd.games] for rnd in event.schedule.rounds] == expected


def _rounds_of(schedule, player):
    out = []
    for rnd in schedule.rounds:
        for g in rnd.games:
            if player in (g.white, g.black):
                out.append((g.black if g.white == player else g.white, "w" if g.white == player else "b"))
    return out


def test_round_count_is_deduced_as_the_fewest_cycles(tmp_path):
    text = "\n".join(line(p, f"P{p}", blocks=[f"   {o} {c}  " for o, c in _rounds_of(berger_schedule(4), p)[:2]])
                     for p in range(1, 5)) + "\n"
    event, _ = _import(tmp_path, text)
    assert event.rounds == 3 and not event.results


@pytest.mark.parametrize("change, words", [
    (lambda t: t.replace("   4 w =", "   4 b =", 1).replace("   3 b =", "   3 w =", 1),
     "in round 1, player 3 plays 4 with Black, but the Berger table"),
    (lambda t: t.replace("   5 w 1", "   5 w 0", 1), "do not make one game result"),
    (lambda t: t.replace("   2 b 0", "   1 b 0", 1), "does not play him with the other colour"),
    (lambda t: t.replace("2410", "24x0", 1), "line 5: the rating (columns 49-52) '24x0'"),
    (lambda t: t.replace("mIM", "mXM", 1), "line 5: the title \"XM\" is not a FIDE title"),
    (lambda t: t.replace("001    5", "001    4", 1), "line 9: the starting rank 4 is already on line 8"),
    (lambda t: t.replace("   3 b -", "   3 x -", 1), "line 5, round 3 (columns 112-119)"),
    (lambda t: t.replace("0000 - H", "0000 - Z", 1), "byes of the file are worth different points"),
    (lambda t: "013 Team A    1    2\n" + t, "line 1: the record 013 belongs to a team event"),
])
def test_bad_files_are_refused_with_one_sentence_naming_the_place(tmp_path, change, words):
    with pytest.raises(TournamentError) as caught:
        _import(tmp_path, change(HAND))
    assert words in str(caught.value)
    assert not (tmp_path / "event.trf.xlsx").exists()


def test_a_swiss_pairing_is_refused_at_the_command_line(tmp_path):
    """Round 1 of a Swiss event (1-3, 2-4: top half against bottom half) is no Berger round."""
    text = "\n".join([line(1, "A", blocks=["   3 w 1"]), line(2, "B", blocks=["   4 b 0"]),
                      line(3, "C", blocks=["   1 b 0"]), line(4, "D", blocks=["   2 w 1"])]) + "\n"
    (tmp_path / "swiss.trf").write_text(text)
    result = CliRunner().invoke(cli, ["import-trf", str(tmp_path / "swiss.trf"), "-o", str(tmp_path / "out.xlsx"),
                                      "--lang", "en"])
    assert result.exit_code == 2
    assert "in round 1, player 1 plays 3 with White, but the Berger table (FIDE C.05 Annex 1) for 4 players " \
           "gives him 4 with White" in result.output
    assert not (tmp_path / "out.xlsx").exists()


# -- files written by another program --------------------------------------------------------

@pytest.mark.parametrize("name, players, rounds, cycles, swap_last", [
    ("gacrux_rr7.trf", 7, 7, 1, True), ("gacrux_rr6_double.trf", 6, 10, 2, False)])
def test_round_robins_written_by_gacrux_import(tmp_path, name, players, rounds, cycles, swap_last):
    """Gacrux's generator paired these by its own Berger tables: they are ours, in the file's ranks."""
    text = (DATA / "trf" / name).read_text(encoding="utf-8")
    event, _ = _import(tmp_path, text)
    assert (event.size, event.rounds, event.swap_last) == (players, rounds, swap_last)
    assert max(r.cycle for r in event.schedule.rounds) == cycles
    blocks = _blocks(text)
    effective = event.effective_results()
    chars = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "+-": ("+", "-"), "-+": ("-", "+")}
    for rnd, board, white, black in event.schedule.games():
        w_block, b_block = blocks[white][rnd - 1].split(), blocks[black][rnd - 1].split()  # "opponent colour result"
        assert (int(w_block[0]), w_block[1]) == (black, "w") and (int(b_block[0]), b_block[1]) == (white, "b")
        assert chars[effective[(rnd, board)]] == (w_block[2], b_block[2])
    ratings = {int(r[4:8]): int(r[48:52]) for r in text.splitlines() if r.startswith("001")}
    assert {p.number: p.rating for p in event.players} == ratings
    assert event.bye_points == 1.0  # both files declare "162 ... P 1.0" and score their byes U


def test_the_gacrux_fixtures_trf_files_import_back():
    """The 150 files Gacrux read (pinned by SHA-256) give back their schedule, results and byes."""
    fixture = json.loads((DATA / "fide" / "gacrux_roundrobins.json").read_text())
    for event in fixture["events"]:
        text = gacrux_fixtures.event_trf(event)
        assert hashlib.sha256(text.encode()).hexdigest() == event["trf_sha256"]
        parsed = parse_trf(text, "gacrux.trf")
        found = identify(len(parsed.players), [(r.games, r.byes) for r in parsed.rounds])
        assert list(found.schedule.games()) == list(berger_schedule(event["players"], event["cycles"]).games())
        assert found.results == gacrux_fixtures.event_results(event)
        if event["players"] % 2 and found.results:
            assert found.bye_points == event["bye_points"]
        assert [p.rating for p in parsed.players] == event["ratings"]


# -- round trips on generated events ---------------------------------------------------------

CODES = ["1-0", "0-1", "1/2-1/2", "+-", "-+", "0-0", None]


@st.composite
def events_(draw):
    n = draw(st.integers(2, 8))
    cycles = draw(st.integers(1, 2))
    swap_last = draw(st.booleans())
    schedule = berger_schedule(n, cycles, swap_last)
    played = draw(st.integers(0, len(schedule.rounds)))
    results = {}
    for rnd, board, _, _ in schedule.games():
        if rnd <= played:
            code = draw(st.sampled_from(CODES))
            if code:
                results[(rnd, board)] = code
    names = st.text("abcdéèxyz ,-'", min_size=1, max_size=20).map(lambda s: " ".join(s.split())).filter(bool)
    players = tuple(Player(i, draw(names) + f" {i}", draw(st.one_of(st.none(), st.integers(1000, 2800))), "",
                           draw(st.sampled_from(["", "FRA", "GER"])), draw(st.sampled_from(("",) + TITLES)),
                           draw(st.sampled_from(["", str(100000 + i)])),
                           draw(st.sampled_from(["", "1999/12/31", "1970"])))
                    for i in range(1, n + 1))
    version = draw(st.sampled_from(["2016", "2026"]))
    tiebreaks = ("DE", "SB", "WIN", "KS") if version == "2016" else tuple(
        draw(st.permutations(["SB", "KS", "WON", "BPG", "SB/C1"]))[:draw(st.integers(1, 4))])
    event = RoundRobinEvent(schedule, players, results, bye_points=draw(st.sampled_from([0.0, 0.5, 1.0])),
                            tiebreaks=tiebreaks,
                            header=EventHeader(title=draw(st.sampled_from(["", "Open"])), lang="en"),
                            swap_last=swap_last)
    return event, version


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=events_())
def test_round_trip_trf_workbook_trf(tmp_path_factory, case):
    event, version = case
    folder = tmp_path_factory.mktemp("rt")
    first = folder / "first.xlsx"
    write_new_event(first, lambda: event_workbook(event))
    trf_a = folder / "a.trf"
    events.export_trf(first, trf_a, version=version)
    second = folder / "second.xlsx"
    events.import_trf(events.ImportRequest(trf_a, second, lang="en"))
    back = read_event(FileBook(second))
    # the TRF holds the rounds up to the last one begun (a blank result reads as an absence, TRF16/TRF-2026);
    # the rounds after it are the FIDE table's, as the file cannot tell which table variant the event chose
    begun = max((r for r, _ in event.results), default=0)
    assert len(back.schedule.rounds) == len(event.schedule.rounds)
    assert [g for g in back.schedule.games() if g[0] <= begun] == [g for g in event.schedule.games() if g[0] <= begun]
    assert [r.byes for r in back.schedule.rounds[:begun]] == [r.byes for r in event.schedule.rounds[:begun]]
    if begun == len(event.schedule.rounds):
        assert list(back.schedule.games()) == list(event.schedule.games())
    assert dict(back.results) == dict(event.results)
    assert [(p.number, p.name, p.rating, p.federation, p.title, p.fide_id, p.birth) for p in back.players] == [
        (p.number, p.name, p.rating, p.federation, p.title, p.fide_id, p.birth) for p in event.players]
    byes_scored = any(rnd.byes and any(r == rnd.number for r, _ in event.results) for rnd in event.schedule.rounds)
    if version == "2026" or byes_scored:
        assert back.bye_points == event.bye_points
    if version == "2026":
        assert back.tiebreaks == event.tiebreaks
    trf_b = folder / "b.trf"
    events.export_trf(second, trf_b, version=version)
    assert trf_b.read_text(encoding="utf-8") == trf_a.read_text(encoding="utf-8")


def test_read_trf_refuses_a_missing_file(tmp_path):
    with pytest.raises(TournamentError, match="does not exist"):
        read_trf(tmp_path / "nope.trf")
