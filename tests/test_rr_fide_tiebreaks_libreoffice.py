"""The FIDE tie-breaks the event workbook computes (SB Cut-1/2, Koya limits, WON, BPG, BWG, TPN), by LibreOffice.

Oracle: ``addin.systems.standings.roundrobin.evaluate`` (itself proven against
Gacrux in test_fide_tiebreaks.py). Every order is drawn from the workbook's
codes, DE anywhere in it; the ranks prove the sort keys (TPN: lowest first),
the four "tie-break" columns of the Standings sheet prove each figure.
"""

import random

import pytest
from rr_event_oracle import compare, error_cells, random_players, random_results, read_standings

from addin.render.xlsx import write_xlsx
from addin.sheets.roundrobin import event_layout
from addin.sheets.roundrobin.cells import TIEBREAK_CODES
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.standings.roundrobin import compute_standings

pytestmark = pytest.mark.libreoffice


def _events():
    rng = random.Random(2026)
    events = []
    for k, (n, cycles) in enumerate([(4, 1), (5, 2), (6, 1), (7, 1), (8, 2), (9, 1), (10, 1), (12, 1), (5, 1),
                                     (6, 2), (11, 1), (3, 2)]):
        schedule = berger_schedule(n, cycles)
        fill = 1.0 if k % 3 else rng.uniform(0.5, 0.9)
        results = random_results(schedule, rng, fill)
        order = rng.sample(TIEBREAK_CODES, 4)
        if k % 4 == 0 and "TPN" in order:
            order.remove("TPN")  # leave some ties standing to the end
        withdrawn = set(rng.sample(range(1, n + 1), 1)) if n > 6 and k % 2 else set()
        events.append(dict(schedule=schedule, players=random_players(n, rng), results=results,
                           withdrawn=withdrawn, bye_points=rng.choice([0, 0.5, 1]), tiebreaks=tuple(order)))
    return events


def _expected(st, code):
    """The figure the sheet shows: blank for SB, Koya (and cuts, limits), DE of a player not counted, DE that
    did not decide."""
    base = code.split("/")[0]
    if base in ("SB", "KS", "DE") and not st.counted:
        return None
    if base == "DE":
        return st.de if st.de_levels else None
    return st.value(code)


def test_fide_tiebreaks_in_the_workbook_equal_python(tmp_path, recalc):
    events = _events()
    paths = []
    for k, ev in enumerate(events):
        path = tmp_path / f"fide{k}.xlsx"
        write_xlsx(event_layout(ev["schedule"], ev["players"], ev["results"], lang="en", tiebreaks=ev["tiebreaks"],
                                bye_points=ev["bye_points"], withdrawn=ev["withdrawn"]), path)
        paths.append(path)
    books = recalc(*paths)
    figures = 0
    for ev, book in zip(events, books):
        standings = compute_standings(ev["schedule"], ev["results"], ev["tiebreaks"], ev["withdrawn"],
                                      ev["bye_points"])
        rows = read_standings(book, "en")
        compare(rows, standings, "en")
        assert error_cells(book) == [], error_cells(book)[:5]
        if not ev["results"]:
            continue
        for row, st in zip(rows, standings):
            for k, code in enumerate(ev["tiebreaks"]):
                want = _expected(st, code)
                got = row[f"tb{k + 1}"]
                if want is None:
                    assert got in (None, ""), (code, st.number, got)
                else:
                    assert abs(float(got) - want) < 1e-9, (ev["tiebreaks"], code, st.number, got, want)
                    figures += 1
    assert figures >= 300
    used = {c for ev in events for c in ev["tiebreaks"]}
    assert used == set(TIEBREAK_CODES)
