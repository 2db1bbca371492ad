"""The season workbook recalculated by LibreOffice: the table equals Python's, every match's score is
the sum of its boards, and every visible formula stores the value LibreOffice computes.

Oracles: LibreOffice headless recalculating the files (one soffice call for all of them);
``division_table`` (checked against Gacrux in ``test_league_gacrux.py``); and, for the
scores, the sum of the boards' points computed here from the typed codes and the scale in
the settings.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from openpyxl import load_workbook

from addin.core.header import EventHeader
from addin.render.xlsx import write_xlsx
from addin.sheets.league.cells import FIRST_BLOCK_ROW, FIRST_BOARD, POINTS, SCORE, RoundCols, block_height
from addin.sheets.league.labels import LABELS
from addin.sheets.league.layout import season_workbook, sheet_match_numbers
from addin.systems.directed.league import calendar_for
from addin.systems.league import event as rules
from addin.systems.league.model import Member, Scoring
from addin.systems.league.table import division_table
from support.league_fixture import season as fixture_season

pytestmark = pytest.mark.libreoffice

SPELLING = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "1-0 F": "+-", "0-1 F": "-+", "0-0 F": "0-0"}
GAME = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": ("d", "d"), "+-": (1, "f"), "-+": ("f", 1), "0-0": ("f", "f")}


def seasons():
    """Three seasons covering the settings: both presets, a custom scale, English, forfeits, withdrawals."""
    a = fixture_season("fide")
    b = fixture_season("ffe", rounds=3)
    b = rules.set_result(b, (1, 3, 1), 1, "")           # a match left incomplete
    key = (2, 3, 2)
    for board in range(1, 5):
        b = rules.set_result(b, key, board, "")
    b = rules.set_forfeit(b, key, "away")                # a team absent
    b = rules.withdraw(b, 1, 6, 4)                       # Verdun stops after round 3 ...
    other = next(m for m in b.division(1).round_matches(4) if 6 not in (m.home, m.away))
    b = rules.set_result(b, (1, 4, other.index), 1, "1-0")  # ... and round 4 has started: its match is forfeited
    cal = calendar_for("Open", {"Rouge": 1, "Vert": 2, "Bleu": 3, "Noir": 4}, "gathering-reverse", ["", "", ""])
    rosters = {"Rouge": [Member(f"R{k}", 1500 + k) for k in range(1, 4)],
               "Vert": [Member(f"V{k}", None if k == 2 else 1600 - k) for k in range(1, 5)],
               "Bleu": [Member("B1", 1700)]}
    c = rules.season_from_calendars([cal], {}, rosters, boards=3, scoring=Scoring(3, 1, 0, -1, 1, 0.5, 0),
                                    preset="custom", colours="even", tiebreaks=("DE", "BERLIN", "ESB", "MW"),
                                    header=EventHeader(title="Club & co", lang="en"))
    codes = ["1-0", "0-1", "1/2-1/2", "1-0", "+-", "1/2-1/2", "0-1", "0-1", "-+", "0-0", "1-0", "1/2-1/2"]
    i = 0
    for key, _ in c.matches():
        if key[1] == 3 and key[2] == 2:
            continue
        for board in range(1, 4):
            c = rules.set_result(c, key, board, codes[i % len(codes)])
            i += 1
    c = rules.set_lineup(c, (1, 1, 1), 0, [3, None, 1])
    c = replace(c, white_odd={(1, 2, 1): "away"})
    c = rules.set_forfeit(c, (1, 3, 2), "both")
    return {"a": a, "b": b, "c": c}


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory):
    from addin.render.recalc import recalculated_books

    folder = tmp_path_factory.mktemp("league")
    cases = seasons()
    paths = []
    for name, season in cases.items():
        path = folder / f"{name}.xlsx"
        write_xlsx(season_workbook(season), path)
        paths.append(path)
    books = recalculated_books(paths, folder / "out")
    return [(cases[p.stem], p, book) for p, book in zip(paths, books)]


def test_every_visible_formula_stores_the_value_libreoffice_computes(recalculated):
    checked = 0
    for season, path, computed in recalculated:
        formulas, stored = load_workbook(path), load_workbook(path, data_only=True)
        rounds = {LABELS[season.header.lang]["sheet_round"].format(r=r) for r in range(1, season.rounds + 1)}
        for ws in formulas.worksheets:
            if ws.sheet_state == "hidden":
                continue
            for row in ws.iter_rows():
                for cell in row:
                    if cell.data_type != "f" or (ws.title in rounds and cell.column >= RoundCols.FIRST_HIDDEN):
                        continue
                    value = stored[ws.title][cell.coordinate].value
                    expected = computed[ws.title][cell.coordinate].value
                    if isinstance(expected, (int, float)) and isinstance(value, (int, float)):
                        assert abs(expected - value) < 1e-9, (path.name, ws.title, cell.coordinate, value, expected)
                    else:
                        assert (value if value is not None else "") == (expected if expected is not None else ""), \
                            (path.name, ws.title, cell.coordinate, value, expected)
                    checked += 1
    assert checked > 2000


def test_the_table_is_pythons(recalculated):
    for season, path, computed in recalculated:
        L = LABELS[season.header.lang]
        sheet = computed[L["sheet_table"]]
        rows = [[c.value for c in row] for row in sheet.iter_rows()]
        for d, division in enumerate(season.divisions, 1):
            title = next(i for i, row in enumerate(rows) if row[0] == division.name)
            table = division_table(season, d)
            started = any(r for (dd, r, _, _) in season.results if dd == d) or any(
                dd == d for (dd, _, _) in season.forfeits)
            for k, line in enumerate(table):
                row = rows[title + 2 + k]
                assert row[1] == line.number and row[2] == division.team(line.number).name, (path.name, row)
                assert row[0] == (line.rank if started else None), (path.name, row)
                assert row[3:12] == [line.played, line.won, line.drawn, line.lost, line.forfeited, line.mp, line.gp,
                                     line.ga, line.diff], (path.name, row)


def test_every_match_score_is_the_sum_of_its_boards(recalculated):
    for season, path, computed in recalculated:
        L = LABELS[season.header.lang]
        sc = season.scoring
        points = {1: sc.game_win, 0: sc.game_loss, "d": sc.game_draw, "f": 0}
        checked = 0
        for rnd in range(1, season.rounds + 1):
            sheet = computed[L["sheet_round"].format(r=rnd)]
            for k, key in enumerate(sheet_match_numbers(season, rnd)):
                title = FIRST_BLOCK_ROW + k * block_height(season.boards)
                forfeit = sheet.cell(title + SCORE, RoundCols.INPUT).value
                home = away = 0.0
                for b in range(season.boards):
                    code = sheet.cell(title + FIRST_BOARD + b, RoundCols.RESULT).value
                    if forfeit or not code:
                        continue
                    h, a = GAME[SPELLING[code]]
                    home += points[h]
                    away += points[a]
                derived = season.division(key[0]).match(key[1], key[2])
                withdrawn = [t for t in (derived.home, derived.away)
                             if key[1] >= season.withdrawn.get((key[0], t), 99)]
                if forfeit or (withdrawn and any((dd, r) == key[:2] for (dd, r, _, _) in season.results)):
                    continue  # a forfeited match: every board is a forfeit, checked in the test below
                assert sheet.cell(title + SCORE, RoundCols.HOME_NAME).value == pytest.approx(home), (path.name, key)
                assert sheet.cell(title + SCORE, RoundCols.AWAY_NAME).value == pytest.approx(away), (path.name, key)
                checked += 1
        assert checked >= 5


def test_forfeited_matches_score_every_board_to_the_team_present(recalculated):
    season, path, computed = next(item for item in recalculated if item[0].forfeits)
    L = LABELS[season.header.lang]
    for key, side in season.forfeits.items():
        sheet = computed[L["sheet_round"].format(r=key[1])]
        k = sheet_match_numbers(season, key[1]).index(key)
        title = FIRST_BLOCK_ROW + k * block_height(season.boards)
        home, away = (sheet.cell(title + SCORE, c).value for c in (RoundCols.HOME_NAME, RoundCols.AWAY_NAME))
        win = season.boards * season.scoring.game_win
        assert (home, away) == {"home": (0, win), "away": (win, 0), "both": (0, 0)}[side]
        mp = tuple(sheet.cell(title + POINTS, c).value for c in (RoundCols.HOME_NAME, RoundCols.AWAY_NAME))
        sc = season.scoring
        assert mp == {"home": (sc.forfeit, sc.win), "away": (sc.win, sc.forfeit), "both": (sc.forfeit,) * 2}[side]
