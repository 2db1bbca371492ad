"""One table of tie-break names (``addin.report.labels``), read by every place that shows a tie-break's name.

Oracles: the codes the standings accept (``addin.systems.standings.fide``: ``all_codes`` and every Koya
limit ``parse_code`` reads, C.07 14.5), the league's codes, the French catalogue, and names written out
here in French and English (C.07's names of the tie-breaks).
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import support.paths as support_paths

import pytest
from click.testing import CliRunner

from addin.cli import cli
from addin.core.header import EventHeader
from addin.core.messages import catalogue
from addin.core.players import Player
from addin.files.standings_csv import report_csv, standings_csv
from addin.report import labels as names
from addin.report.roundrobin import report
from addin.sheets.league.labels import LABELS as LEAGUE_LABELS
from addin.sheets.roundrobin.cells import TIEBREAK_CODES
from addin.sheets.roundrobin.labels import LABELS as RR_LABELS
from addin.systems.league.model import TIEBREAKS as LEAGUE_CODES
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent
from addin.systems.standings import fide
from addin.systems.standings.roundrobin import compute_standings

ADDIN = support_paths.ROOT / "addin"
KOYA_LIMITS = tuple(f"KS/L{n:+d}" for n in fide.KOYA_LIMITS if n)
EVERY_CODE = tuple(dict.fromkeys(fide.all_codes() + KOYA_LIMITS + LEAGUE_CODES))


def test_the_standings_know_29_codes_and_the_settings_offer_them_all():
    assert len(fide.all_codes()) == 29
    assert set(TIEBREAK_CODES) == set(fide.all_codes())
    assert all(fide.parse_code(code).text == code for code in KOYA_LIMITS)


@pytest.mark.parametrize("code", EVERY_CODE)
def test_every_code_has_a_french_and_an_english_name(code):
    french = catalogue("fr")
    entry = names.tiebreak_name(code)
    for template in {entry.name, entry.sentence, entry.short} - {code}:
        if template == entry.short and re.fullmatch(r"KS[+-]\d", template):
            continue  # a Koya limit's header is its code's abbreviation, as the table's KS+1, in every language
        # a template of the catalogue: its French is written (``SB`` is ``SB`` in French too)
        assert french.gettext(template) != template or template in french._catalog, (code, template)
    for lang in ("fr", "en"):
        name = names.tiebreak_label(code, lang)
        assert name and name != code and "{" not in name, (code, lang, name)
        assert names.tiebreak_label(code, lang, "short")
        assert names.tiebreak_label(code, lang, "sentence")
    assert names.tiebreak_label(code, "fr") != names.tiebreak_label(code, "en") or code in ("SB", "KS", "ESB")


def test_koya_limits_beyond_the_table_are_named_in_points():
    assert names.tiebreak_label("KS/L+3", "fr") == "Koya, seuil 50 % plus 1½ points"
    assert names.tiebreak_label("KS/L-4", "en") == "Koya, threshold 50 % minus 2 points"
    assert names.tiebreak_label("KS/L+9", "en", "short") == "KS+9"


def test_the_sheets_read_their_tiebreak_names_from_the_one_table():
    for lang in ("fr", "en"):
        for code in TIEBREAK_CODES:
            assert RR_LABELS[lang][f"tb_{code}"] == names.tiebreak_label(code, lang)
        for code in LEAGUE_CODES:
            assert LEAGUE_LABELS[lang][f"tb_{code}"] == names.in_sentence(names.tiebreak_label(code, lang))
    # the names as the organiser reads them (C.07's names; the league's lists read inside a sentence)
    assert RR_LABELS["fr"]["tb_ARO/M2"] == ("Moyenne Elo des adversaires sans les deux plus faibles ni les deux "
                                            "plus forts")
    assert RR_LABELS["en"]["tb_KS/L+1"] == "Koya, threshold 50 % plus ½ point"
    assert LEAGUE_LABELS["fr"]["tb_BERLIN"] == "Berlin (coefficient d'échiquier)"
    assert LEAGUE_LABELS["en"]["tb_ESB"] == "extended Sonneborn-Berger"
    assert LEAGUE_LABELS["fr"]["tb_DE"] == "confrontation directe"


def test_no_module_keeps_its_own_copy_of_a_tiebreak_name():
    """The French names live in the catalogue only: no module of the package writes one out."""
    sources = {path: path.read_text(encoding="utf-8") for path in ADDIN.rglob("*.py")}
    for code in fide.all_codes() + LEAGUE_CODES:
        french = names.tiebreak_label(code, "fr")
        if french in ("Sonneborn-Berger", "Koya"):  # the same word in both languages
            continue
        for text in (french, names.in_sentence(french)):
            holders = [str(p.relative_to(ADDIN)) for p, source in sources.items() if f'"{text}"' in source]
            assert not holders, (code, text, holders)


def _event(tiebreaks, withdrawn=None):
    schedule = berger_schedule(7)
    codes = ["1-0", "1/2-1/2", "0-1", "+-"]
    results = {(r, b): codes[(r + b) % 4] for r, b, w, k in schedule.games() if r <= 3}
    players = tuple(Player(i, f"P{i}", 1500 + 50 * i, f"Club {i % 3}") for i in range(1, 8))
    return RoundRobinEvent(schedule, players, results, withdrawn or {}, True, 0.5, tiebreaks)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("start", range(0, 29, 4))
def test_the_csv_of_an_event_names_every_code_of_its_settings(start, lang):
    """Each of the 29 codes, four at a time as the Settings sheet orders them: the CSV is written, its
    tie-break headers are the one table's names (main's CSV fell back to the bare code for names it
    did not know)."""
    order = fide.all_codes()[start:start + 4]
    rows = list(csv.reader(io.StringIO(report_csv(report(_event(order)), lang))))
    assert rows[0][11:-1] == [names.tiebreak_label(code, lang) for code in order]
    assert len(rows) == 8 and all(len(row) == len(rows[0]) for row in rows)


def test_the_csv_names_a_koya_limit_the_workbook_does_not_offer():
    schedule = berger_schedule(4)
    standings = compute_standings(schedule, {}, ("KS/L+3", "SB"))
    rows = list(csv.reader(io.StringIO(standings_csv(standings, [Player(i, f"P{i}") for i in range(1, 5)], "fr",
                                                     ("KS/L+3", "SB")))))
    assert rows[0][11:13] == ["Koya, seuil 50 % plus 1½ points", "Sonneborn-Berger"]


def test_the_csv_is_the_reports_standings_and_leaves_out_what_does_not_apply():
    """An uncounted player (withdrawn, C.05 6.6): empty rank and the remark, his SB and Koya empty in the
    CSV and in the report's table alike (the workbook's standings show them empty)."""
    event = _event(("SB", "KS", "WIN", "DE"), withdrawn={2: 2})
    rep = report(event)
    table = rep.standings[0]
    by_csv = list(csv.reader(io.StringIO(report_csv(rep, "en"))))
    assert by_csv[0][-5:] == ["Sonneborn-Berger", "Koya", "Number of wins", "Direct encounter", "Remark"]
    uncounted = [row for row in by_csv[1:] if row[1] == "2"]
    assert uncounted[0][0] == "" and uncounted[0][-1] == "not ranked (withdrew, C.05 6.6)"
    assert uncounted[0][11] == uncounted[0][12] == ""
    row = next(r for r in table.rows if r[table.column("number")] == "2")
    assert row[table.column("tb:SB")] is None and row[table.column("tb:KS")] is None
    # the same rows as the CSV of the standings computed directly
    direct = standings_csv(event.standings(), list(event.players), "en", event.tiebreaks)
    assert report_csv(rep, "en") == direct


def test_export_trf_writes_the_csv_of_an_event_with_uncommon_tiebreaks(tmp_path):
    out = tmp_path / "event.xlsx"
    runner = CliRunner()
    made = runner.invoke(cli, ["berger", "7", "--event", "-o", str(out), "--tiebreaks", "APPO,PS/C2,ARO/M2,KS/L+1",
                               "--lang", "fr"])
    assert made.exit_code == 0, made.output
    for rnd, board, result in ((1, 1, "1-0"), (1, 2, "1/2-1/2"), (1, 3, "0-1")):
        assert runner.invoke(cli, ["result", str(out), str(rnd), str(board), result]).exit_code == 0
    done = runner.invoke(cli, ["export-trf", str(out), "-o", str(tmp_path / "e.trf"), "--csv", str(tmp_path / "e.csv"),
                               "--lang", "fr"])
    assert done.exit_code == 0, done.output
    header = next(csv.reader(io.StringIO((tmp_path / "e.csv").read_text(encoding="utf-8"))))
    assert header[11:] == ["Moyenne des performances parfaites (PTP) des adversaires",
                           "Cumul progressif sans les 2 premières rondes (Cut-2)",
                           "Moyenne Elo des adversaires sans les deux plus faibles ni les deux plus forts",
                           "Koya, seuil 50 % plus ½ point", "Remarque"]


# -- the TRF, a sink of the report -------------------------------------------------------------

@pytest.mark.parametrize("n, cycles, played, withdrawn, bye", [
    (7, 1, 3, {2: 2}, 0.5), (6, 2, 8, {}, 0.0), (5, 1, 0, {}, 1.0), (8, 1, 7, {8: 4, 3: None}, 0.0),
    (9, 2, 11, {4: 9}, 1.0)])
@pytest.mark.parametrize("version", ["2016", "2026"])
def test_the_trf_of_the_report_is_the_trf_of_the_event(n, cycles, played, withdrawn, bye, version):
    """The report's sink (``report_trf``) writes what ``trf16`` writes from the schedule, the results and the
    standings computed directly (the writer the peer programs' fixtures check in ``tests/test_trf.py``)."""
    from addin.files.trf import header_dates, report_trf, trf16

    schedule = berger_schedule(n, cycles)
    codes = ["1-0", "1/2-1/2", "0-1", "+-", "-+", "1-0", "0-0"]
    gone = {p: r for p, r in withdrawn.items()}
    results = {(r, b): codes[(2 * r + 3 * b) % len(codes)] for r, b, w, k in schedule.games()
               if r <= played and not any(p in gone and r >= (gone[p] or 1) for p in (w, k))}
    players = tuple(Player(i, f"Joueur {i}", 1400 + 37 * i if i % 3 else None, f"Club {i % 2}",
                           "FRA" if i % 2 else "", "FM" if i == 1 else "", str(20000 + i) if i % 2 else "",
                           f"19{70 + i}/0{1 + i % 9}/1{i % 10}") for i in range(1, n + 1))
    event = RoundRobinEvent(schedule, players, results, withdrawn, True, bye, ("SB/C1", "DE", "KS/L+1"),
                            EventHeader("Open d'été", "Lyon", "2025-07-01 – 2025-07-09", "A. Arbitre", "fr"), None,
                            "normal", True)
    info = {"name": event.header.title, "city": event.header.place, "chief_arbiter": event.header.arbiter}
    info.update(header_dates(event.header.dates))
    direct = trf16(list(players), schedule, event.effective_results(), event.standings(), info, bye, version,
                   event.tiebreaks)
    assert report_trf(report(event), version) == direct
    assert "20001" in direct and "1971/02/11" in direct  # FIDE id and birth date, carried by the report
