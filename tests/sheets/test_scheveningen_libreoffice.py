"""The Scheveningen match workbook computed by a real engine (LibreOffice headless), and printed.

Oracles: LibreOffice recalculating the very file (every visible formula stores the value
LibreOffice computes); and, from the codes LibreOffice reads on the round sheets, the
match score, each round's score, each player's total and each crosstable entry worked out
here with this file's own table of points — never with the project's code. Random
matches of 2 to 12 players a side, results of every kind, some boards left empty.
"""

from __future__ import annotations

import os
import random

import pytest
from openpyxl import load_workbook
from support.printing import pdftotext_available, print_to_pdf, printed_pages

from addin.core.header import EventHeader
from addin.render.xlsx import write_xlsx
from addin.sheets.scheveningen.layout import match_workbook, round_sheet_names
from addin.systems import scheveningen_match as rules
from addin.systems.scheveningen_match import SchevPlayer

pytestmark = pytest.mark.libreoffice

POINTS = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5), "1-0 F": (1, 0), "0-1 F": (0, 1), "0-0 F": (0, 0)}
SYMBOL = {1: "1", 0.5: "½", 0: "0"}
CODES = list(POINTS)
HIDDEN = {9, 10, 11, 12}


def _matches():
    rng = random.Random(15)
    out = []
    for n, fill, lang in ((2, 1.0, "fr"), (3, 0.7, "en"), (5, 1.0, "fr"), (6, 0.5, "fr"), (8, 0.9, "en"),
                          (10, 1.0, "fr"), (12, 0.3, "fr")):
        m = rules.new_match(f"Équipe {n}", "Les Fous & Cie",
                            [SchevPlayer(f"A{k} Nom", rng.choice([None, rng.randint(1200, 2400)])) for k in range(n)],
                            [SchevPlayer(f"B{k} Nom", rng.randint(1200, 2400)) for k in range(n)],
                            EventHeader(title="Match d'entraînement", lang=lang))
        for r in range(1, n + 1):
            for b in range(1, n + 1):
                if rng.random() < fill:
                    m = rules.set_result(m, r, b, rng.choices(CODES, weights=(5, 5, 4, 1, 1, 1))[0])
        out.append(m)
    # a drawn match: every game drawn
    m = rules.new_match("X", "Y", [SchevPlayer("x1"), SchevPlayer("x2")], [SchevPlayer("y1"), SchevPlayer("y2")])
    for r in (1, 2):
        for b in (1, 2):
            m = rules.set_result(m, r, b, "½-½")
    return out + [m]


def test_libreoffice_computes_what_python_stored_and_what_the_rules_say(tmp_path, recalc):
    matches = _matches()
    paths = []
    for k, m in enumerate(matches):
        paths.append(tmp_path / f"m{k}.xlsx")
        write_xlsx(match_workbook(m), paths[-1])
    books = recalc(*paths)
    checked = 0
    for m, path, computed in zip(matches, paths, books):
        formulas, stored = load_workbook(path), load_workbook(path, data_only=True)
        rounds = round_sheet_names(m)
        for ws in formulas.worksheets:
            for row in ws.iter_rows():
                for c in row:
                    value = computed[ws.title][c.coordinate].value
                    assert not (isinstance(value, str) and value.startswith("#")), (path.name, ws.title, c.coordinate)
                    if c.data_type != "f" or (ws.title in rounds and c.column in HIDDEN):
                        continue
                    mine = stored[ws.title][c.coordinate].value
                    if isinstance(value, float) and isinstance(mine, (int, float)):
                        assert abs(mine - value) < 1e-9, (path.name, ws.title, c.coordinate, mine, value)
                        checked += 1
                        continue
                    assert (mine if mine is not None else "") == (value if value is not None else ""), \
                        (path.name, ws.title, c.coordinate, mine, value)
                    checked += 1
        _check_against_the_rules(m, computed, rounds)
    assert checked > 1500


def _check_against_the_rules(m, book, rounds):
    n = m.n
    a_points, b_points = {k: 0.0 for k in range(1, n + 1)}, {k: 0.0 for k in range(1, n + 1)}
    entries = {}
    totals = []
    for r, name in enumerate(rounds, 1):
        ws = book[name]
        ra = rb = 0.0
        for b in range(1, n + 1):
            row = 4 + b
            white, code, black = ws.cell(row, 2).value, ws.cell(row, 4).value, ws.cell(row, 5).value
            a, bb = (white, black) if white.startswith("A") else (black, white)
            assert a == f"A{b}"
            if code is None:
                entries[(a, bb)] = None
                continue
            pw, pb = POINTS[code]
            pa, pbb = (pw, pb) if white.startswith("A") else (pb, pw)
            forfeit = code.endswith("F")
            entries[(a, bb)] = (("+" if pa else "-") if forfeit else SYMBOL[pa],
                                ("+" if pbb else "-") if forfeit else SYMBOL[pbb])
            a_points[int(a[1:])] += pa
            b_points[int(bb[1:])] += pbb
            ra, rb = ra + pa, rb + pbb
        score_row = 5 + n + 1
        assert (ws.cell(score_row, 4).value, ws.cell(score_row, 5).value) == (ra, rb)
        totals.append((ra, rb))
    assert len(entries) == n * n                                   # every cross pair, once
    ws = book[[s for s in book.sheetnames if s not in rounds and s not in (book.sheetnames[0], book.sheetnames[1])][0]]
    a, b = sum(t[0] for t in totals), sum(t[1] for t in totals)
    assert (ws.cell(3, 3).value, ws.cell(3, 4).value) == (a, b)
    played = sum(1 for e in entries.values() if e is not None)
    verdict = ws.cell(4, 2).value
    if a > n * n / 2 or b > n * n / 2:
        assert verdict.endswith(m.team_a if a > b else m.team_b)
    elif played == n * n and a == b:
        assert verdict in ("Match nul", "Drawn match")
    else:
        assert verdict in ("Match en cours", "Match in progress")
    for team, first, points in (("A", 7 + n + 1, a_points), ("B", 7 + n + 1 + n + 3, b_points)):
        for k in range(1, n + 1):
            row = first + 1 + k
            assert ws.cell(row, 1).value == f"{team}{k}"
            for j in range(1, n + 1):
                pair = (f"A{k}", f"B{j}") if team == "A" else (f"A{j}", f"B{k}")
                entry = entries[pair]
                expected = "" if entry is None else entry[0 if team == "A" else 1]
                assert (ws.cell(row, 3 + j).value or "") == expected, (team, k, j)
            assert ws.cell(row, 4 + n).value == points[k]


@pytest.mark.skipif(not pdftotext_available() and not os.environ.get("CI"),
                    reason="poppler-utils (pdftotext) is not installed (set CI=1 to make this a failure)")
def test_the_match_prints_one_page_a_sheet_with_the_events_header(tmp_path):
    m = rules.new_match("Échiquier du Nord", "Tour Blanche", [SchevPlayer(f"Joueur A{k}", 1800) for k in range(8)],
                        [SchevPlayer(f"Joueur B{k}", 1700) for k in range(8)], EventHeader(
                            title="Match Nord-Blanche", place="Lille", dates="12 avril 2026", arbiter="Jeanne Arbitre"))
    m = rules.set_result(m, 1, 1, "1-0")
    path = tmp_path / "m.xlsx"
    layout = match_workbook(m)
    write_xlsx(layout, path)
    (pdf,) = print_to_pdf([path], tmp_path / "pdf")
    by_sheet = printed_pages(pdf, [s.name for s in layout.sheets])
    assert set(by_sheet) == {s.name for s in layout.sheets if not s.hidden}  # the key sheet is not printed
    for sheet, texts in by_sheet.items():
        assert len(texts) == 1, (sheet, len(texts))
        head = next(line for line in texts[0].splitlines() if line.strip())
        for part in ("Match Nord-Blanche", "Lille", "12 avril 2026", "Jeanne Arbitre"):
            assert part in head, (sheet, part, head)
    assert "Joueur B7" in by_sheet["Grilles par équipe"][0] and "Joueur A7" in by_sheet["Ronde 8"][0]
    printed = sum(1 for s in layout.sheets if not s.hidden)
    assert f"Page {printed} / {printed}" in by_sheet["Grilles par équipe"][0]
