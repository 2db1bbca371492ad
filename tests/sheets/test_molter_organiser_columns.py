"""An organiser's own column on the Molter Teams sheet is never overwritten when the event's part grows.

A workbook made before the average-rating column (``ffe-cups`` ranking) has the team lists'
last column, then possibly the organiser's own column right after. Updating it would put the
event's new column there: the update refuses with one sentence and leaves the file as it was;
once the organiser moves his column, the update writes the new column and keeps his.
"""

from __future__ import annotations

from click.testing import CliRunner
from openpyxl import load_workbook

from addin.cli import cli
from addin.events.demo import DEMOS
from addin.sheets.molter.cells import TEAMS_FIRST_ROW, TEAMS_HEADER_ROW
from addin.sheets.molter.labels import LABELS
from addin.render.backups import versions

L = LABELS["fr"]


def _old_workbook(tmp_path, organiser_offset: int):
    """The demo's Molter event as a workbook of before the rating column, with a 'Capitaine' column
    ``organiser_offset`` columns after the team lists (0: right where the rating column goes)."""
    path = tmp_path / "molter.xlsx"
    dict(DEMOS)["molter-5x4.xlsx"](path)
    book = load_workbook(path)
    sheet = book[L["teams_sheet"]]
    rating_col = next(c.column for c in sheet[TEAMS_HEADER_ROW] if c.value == L["rating_avg"])
    for row in range(1, sheet.max_row + 1):
        sheet.cell(row, rating_col).value = None
    captain_col = rating_col + organiser_offset
    sheet.cell(TEAMS_HEADER_ROW, captain_col).value = "Capitaine"
    for k, name in enumerate(["Anne", "Jean", "Hugo", "Yves", "Max"]):
        sheet.cell(TEAMS_FIRST_ROW + k, captain_col).value = f"Cap. {name}"
    book.save(path)
    return path, rating_col, captain_col


def _column(path, col):
    sheet = load_workbook(path)[L["teams_sheet"]]
    return [sheet.cell(row, col).value for row in range(TEAMS_HEADER_ROW, TEAMS_FIRST_ROW + 5)]


def test_an_update_over_the_organisers_column_is_refused_and_changes_nothing(tmp_path):
    path, rating_col, _ = _old_workbook(tmp_path, 0)
    before = path.read_bytes()
    result = CliRunner().invoke(cli, ["update", str(path)])
    assert result.exit_code == 2, result.output
    assert "holds your own data" in result.output and "Nothing was changed" in result.output
    assert path.read_bytes() == before
    assert not any(versions(p) for p in tmp_path.glob("*.xlsx"))


def test_once_the_column_is_moved_the_update_adds_the_rating_column_and_keeps_the_organisers(tmp_path):
    path, rating_col, captain_col = _old_workbook(tmp_path, 1)
    result = CliRunner().invoke(cli, ["update", str(path)])
    assert result.exit_code == 0, result.output
    assert _column(path, rating_col)[0] == L["rating_avg"]
    assert _column(path, captain_col) == ["Capitaine"] + [f"Cap. {n}" for n in ["Anne", "Jean", "Hugo", "Yves", "Max"]]
