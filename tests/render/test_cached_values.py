"""Workbooks carry the values of their formulas, as Excel saves them (issue 11).

A preview (mail, phone, a club's drive), ``pandas.read_excel`` or openpyxl's ``data_only``
shows what is stored with each formula, without calculating. The oracle: LibreOffice
recalculating the very same file. Every visible formula cell of the event sheets must hold,
unrecalculated, exactly the value LibreOffice computes; hidden helper cells hold none (the
spreadsheet computes them on load).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from openpyxl import load_workbook
from support.rr_event_oracle import random_players, random_results

from addin.core.players import Player
from addin.render.xlsx import write_xlsx
from addin.sheets.roundrobin import RoundsCols, event_layout
from addin.sheets.roundrobin.labels import LABELS
from addin.systems.roundrobin.berger import berger_schedule

pytestmark = pytest.mark.libreoffice

HIDDEN_ROUNDS_COLUMNS = set(range(RoundsCols.FIRST_HIDDEN, RoundsCols.LAST_HIDDEN + 1))


def _visible_formula_cells(path, lang):
    """``{(sheet, coordinate): cached value}`` of every formula cell a reader sees, and the same
    cells read without calculation."""
    formulas = load_workbook(path)
    values = load_workbook(path, data_only=True)
    L = LABELS[lang]
    out = {}
    for name in (L["sheet_settings"], L["sheet_rounds"], L["sheet_crosstable"], L["sheet_standings"],
                 L["sheet_cards"]):
        for row in formulas[name].iter_rows():
            for cell in row:
                if cell.data_type != "f":
                    continue
                if name == L["sheet_rounds"] and cell.column in HIDDEN_ROUNDS_COLUMNS:
                    continue
                out[(name, cell.coordinate)] = values[name][cell.coordinate].value
    return out


def _events():
    rng = random.Random(11)
    events = []
    orders = [("TPR", "ARO", "DE", "REP"), ("SB/C1", "KS/L-1", "TPN", "DE"), ("WON", "PS/C1", "SB/C2", "PS"),
              ("DE", "SB", "WIN", "KS"), ("APRO", "BPG", "STD", "RTNG"), ("PTP", "APPO", "TPR", "DE")]  # FIDE tie-breaks' columns too
    sizes = ((5, 1, 1.0), (6, 2, 0.6), (9, 1, 0.8), (12, 1, 0.0), (7, 1, 0.3), (8, 1, 0.9))
    for (n, cycles, fill), order in zip(sizes, orders):
        schedule = berger_schedule(n, cycles)
        results = random_results(schedule, rng, fill)
        gone = {}
        if n >= 7:
            player = rng.randint(1, n)
            gone = {player: len(schedule.rounds) - 1}
            results = {k: v for k, v in results.items()
                       if not (k[0] >= gone[player] and player in schedule.rounds[k[0] - 1].games[k[1] - 1][1:])}
        players = random_players(n, rng)
        if "TPR" in order or "RTNG" in order:  # a rated field: the rating tie-breaks are not all 0 (C.07 art. 10)
            players = [replace(p, rating=p.rating or 1500 + 37 * p.number) for p in players]
        events.append(dict(schedule=schedule, players=players, results=results, withdrawn=gone,
                           bye_points=rng.choice([0, 0.5, 1]), lang="en" if n == 6 else "fr",
                           tiebreaks=order))
    return events


def test_every_visible_formula_stores_the_value_libreoffice_computes(tmp_path, recalc):
    events = _events()
    paths = []
    for k, ev in enumerate(events):
        path = tmp_path / f"e{k}.xlsx"
        write_xlsx(event_layout(ev["schedule"], ev["players"], ev["results"], lang=ev["lang"],
                                withdrawn=ev["withdrawn"], bye_points=ev["bye_points"],
                                tiebreaks=ev["tiebreaks"], title="Open d'été"), path)
        paths.append(path)
    books = recalc(*paths)
    checked = 0
    for ev, path, computed in zip(events, paths, books):
        stored = _visible_formula_cells(path, ev["lang"])
        assert stored, "no formula found"
        for (sheet, coordinate), value in stored.items():
            expected = computed[sheet][coordinate].value
            if isinstance(expected, float) and isinstance(value, (int, float)):
                assert abs(expected - value) < 1e-9, (path.name, sheet, coordinate, value, expected)
            else:
                assert (value if value is not None else "") == (expected if expected is not None else ""), \
                    (path.name, sheet, coordinate, value, expected)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("engine", ["openpyxl", "calamine"])  # pandas' reader today and its coming default
def test_pandas_reads_the_standings_without_a_spreadsheet(tmp_path, engine):
    pandas = pytest.importorskip("pandas")
    schedule = berger_schedule(4)
    players = [Player(1, "Alice"), Player(2, "Bob"), Player(3, "Charlie"), Player(4, "Diana")]
    results = {(r, b): "1-0" for r, b, _, _ in schedule.games()}
    path = tmp_path / "e.xlsx"
    write_xlsx(event_layout(schedule, players, results), path)
    table = pandas.read_excel(path, sheet_name="Classement", header=3, engine=engine)
    assert table["Nom"].notna().all() and table.iloc[:, 3].notna().all()
    assert table.iloc[:, 3].sum() == 6  # every point of the 6 games is there, unrecalculated
