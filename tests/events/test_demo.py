"""``appariements demo`` (the README's first command) writes every example, and each example
workbook's stored values are what LibreOffice computes from its formulas.

The oracle is the spreadsheet engine: every formula cell that stores a value (what previews,
pandas and openpyxl show) must equal LibreOffice's recalculation of the same file.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from openpyxl import load_workbook

from addin.events.demo import DEMOS

pytestmark = pytest.mark.libreoffice


@pytest.fixture(scope="module")
def examples(tmp_path_factory):
    folder = tmp_path_factory.mktemp("demo") / "examples"
    run = subprocess.run([sys.executable, "-m", "addin", "demo", "-o", str(folder)], capture_output=True, text=True,
                         env={"APPARIEMENTS_LANG": "fr", "PATH": ""})
    assert run.returncode == 0, run.stderr
    return folder, run.stdout


def test_demo_writes_every_example_and_says_so_in_french(examples):
    folder, out = examples
    names = [name for name, _ in DEMOS]
    assert sorted(p.name for p in folder.iterdir()) == sorted(names)
    assert out.count("Écrit") == len(names)
    assert {"league-season.xlsx", "scheveningen-4.xlsx"} <= set(names)


def test_every_stored_value_of_the_examples_is_what_libreoffice_computes(examples, recalc):
    folder, _ = examples
    paths = sorted(folder.glob("*.xlsx"))
    checked = 0
    for path, computed in zip(paths, recalc(*paths)):
        formulas, stored = load_workbook(path), load_workbook(path, data_only=True)
        for sheet in formulas.worksheets:
            for row in sheet.iter_rows():
                for cell in row:
                    if cell.data_type != "f":
                        continue
                    value = stored[sheet.title][cell.coordinate].value
                    if value is None:
                        continue  # a hidden helper: computed on load, stores nothing
                    expected = computed[sheet.title][cell.coordinate].value
                    if isinstance(value, (int, float)) and isinstance(expected, (int, float)):
                        assert abs(value - expected) < 1e-9, (path.name, sheet.title, cell.coordinate)
                    else:
                        assert value == (expected if expected is not None else ""), \
                            (path.name, sheet.title, cell.coordinate, value, expected)
                    checked += 1
    assert checked > 2000


def test_the_league_season_example_is_half_played(examples, recalc):
    folder, _ = examples
    book = load_workbook(folder / "league-season.xlsx", data_only=True)
    typed = [cell.value for name in ("Ronde 1", "Ronde 2") for row in book[name].iter_rows() for cell in row
             if cell.value in ("1-0", "0-1", "1/2-1/2")]
    later = [cell.value for row in book["Ronde 3"].iter_rows() for cell in row if cell.value in ("1-0", "0-1", "1/2-1/2")]
    # two divisions of 8 and 6 teams: 4 + 3 matches a round, 4 boards; one Régionale match of round 2 forfeited
    assert len(typed) == (7 + 6) * 4 and later == []
