"""Proof: LibreOffice recalculates the event workbook into the Python team ranking.

Events on the seed's own tables (4, 8 and 11, the tables of its result-grid
examples) and on a hand-made 4 × 2 × 3 table get random results typed into
their round sheets (many draws, so that the tie-breaks are reached); all the
workbooks go through ONE soffice call. The computed standings sheet (sorted by
its formulas), the result grids and their bottom lines must equal
``addin.systems.molter.ranking.team_standings`` and ``addin.systems.molter.grids.team_grids``.
"""

import random

import pytest

from addin.sheets.molter import LABELS, molter_event_layout, put_results
from addin.systems.molter.event import played_rounds
from addin.systems.molter.grids import team_grids
from addin.systems.molter.ranking import team_standings
from addin.sheets.molter.labels import colour_letter, numbered_teams
from addin.render.xlsx import write_xlsx
from addin.core.results import RESULT_CODES, parse_result
from support.molter_grid_seed import seed_molter_table
from support.molter_ranking_cases import BOARDS_DECIDE, BOARDS_TABLE, H2H_DECIDES, SMALL, WINS_DECIDE

# (name, teams, players, rounds, lang, results style)
EVENTS = [
    ("t4", 4, 4, 3, "fr", "mixed"),
    ("t8", 5, 4, 4, "fr", "drawish"),
    ("t11", 6, 4, 3, "en", "mixed"),
    ("small", 4, 2, 3, "fr", "drawish"),
    ("small-draws", 4, 2, 3, "en", "all-draws"),
    ("t8-partial", 5, 4, 4, "fr", "partial"),
    # hand-worked scenarios of test_molter_ranking where wins, head-to-head, board 1 decide
    ("small-wins", 4, 2, 3, "fr", WINS_DECIDE),
    ("small-h2h", 4, 2, 3, "en", H2H_DECIDES),
    ("boards", 4, 4, 1, "fr", BOARDS_DECIDE),
]


def event_rounds(name):
    if name == "boards":
        return BOARDS_TABLE
    if name.startswith("small"):
        return SMALL
    number = int(name[1:].split("-")[0])
    teams = {4: 4, 8: 5, 11: 6}[number]
    rounds = {4: 3, 8: 4, 11: 3}[number]
    return played_rounds(seed_molter_table(number, teams, 4), rounds)


def random_results(rounds, style, rng):
    if isinstance(style, dict):
        return {key: parse_result(code) for key, code in style.items()}
    results = {}
    for r, rnd in enumerate(rounds, 1):
        for b in range(1, len(rnd) + 1):
            if style == "all-draws":
                code = "1/2-1/2"
            elif style == "drawish":
                code = rng.choice(["1/2-1/2"] * 4 + ["1-0", "0-1"])
            elif style == "partial":
                code = rng.choice([None, None, "1-0", "0-1", "1/2-1/2", "+-"])
            else:
                code = rng.choice(list(RESULT_CODES) + ["1-0", "0-1", "1/2-1/2"] * 2)
            if code is not None:
                results[(r, b)] = code
    return results


def number(value):
    return 0 if value in (None, "") else value


@pytest.mark.libreoffice
def test_recalculated_events_give_the_python_ranking(tmp_path, recalc):
    rng = random.Random(20240501)
    paths, cases = [], []
    for name, n, p, r, lang, style in EVENTS:
        rounds = event_rounds(name)
        assert len(rounds) == r
        results = random_results(rounds, style, rng)
        book = molter_event_layout(numbered_teams(n, p, lang), p, rounds, lang)
        put_results(book, results, lang)
        path = tmp_path / f"{name}.xlsx"
        write_xlsx(book, path)
        paths.append(path)
        cases.append((name, n, p, rounds, lang, results))
    books = recalc(*paths)
    for (name, n, p, rounds, lang, results), book in zip(cases, books):
        labels = LABELS[lang]
        expected = team_standings(n, p, rounds, results)
        sheet = book[labels["standings_sheet"]]
        got = [row[:7 + p] for row in sheet.iter_rows(min_row=4, max_row=3 + n, values_only=True)]
        want = [(s.place, s.team, f"{'Équipe' if lang == 'fr' else 'Team'} {s.team}", s.points, s.berlin,
                 s.wins, s.head_to_head, *s.boards) for s in expected]
        assert [tuple(number(v) if i not in (1, 2) else v for i, v in enumerate(row)) for row in got] == want, name
        # grids: every result cell, total and bottom line
        grids = book[labels["grids_sheet"]]
        values = {(c.row, c.column): c.value for row in grids.iter_rows() for c in row if c.value is not None}
        letters = {v: rc for rc, v in values.items() if isinstance(v, str) and len(v) == 1 and rc[1] == 1}
        for grid in team_grids(n, p, rounds, results):
            top, _ = letters[grid.team]
            for k, row in enumerate(grid.rows, 1):
                line = top + 2 + k
                assert values[(line, 1)] == k
                for r, cell in enumerate(row.cells, 1):
                    c = 2 + 3 * (r - 1)
                    assert values[(line, c)] == colour_letter(lang, cell.white)
                    assert values[(line, c + 1)] == str(cell.opponent)
                    assert values.get((line, c + 2), "") == ("" if cell.points is None else cell.points), (name, grid.team, k, r)
                assert values[(line, 2 + 3 * len(rounds))] == row.total
            bottom = top + 3 + p
            assert values[(bottom, 1)] == labels["tiebreak"]
            assert values[(bottom, 2)] == grid.tiebreak
            assert values[(bottom, 2 + 3 * len(rounds))] == grid.total
            assert grid.place in [values.get((bottom, 4)), values.get((bottom + 1, 2))]
