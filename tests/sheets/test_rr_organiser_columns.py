"""An organiser's own columns on the round-robin Players sheet survive the FIDE columns.

Workbooks made before the title / FIDE id / birth columns (G–I) end the event's part of the
Players sheet at column F (withdrawals); an organiser may keep his own columns from G. Updating
such a workbook must neither read his column as titles nor overwrite it: the update refuses
with one sentence and changes nothing; with his columns moved beyond I it runs and keeps them.
"""

from __future__ import annotations

from click.testing import CliRunner
from openpyxl import load_workbook

from addin.cli import cli
from addin.events.demo import DEMOS
from addin.sheets.roundrobin.cells import PlayersCols
from addin.sheets.roundrobin.labels import LABELS
from addin.render.backups import versions

L = LABELS["fr"]
PHONES = [f"06 00 00 00 0{k}" for k in range(1, 9)]


def _old_workbook(tmp_path, phone_col: int):
    """The demo's 8-player event as a workbook of before columns G–I, with the organiser's phone
    numbers in ``phone_col``."""
    path = tmp_path / "event.xlsx"
    dict(DEMOS)["event-berger-8.xlsx"](path)
    book = load_workbook(path)
    sheet = book[L["sheet_players"]]
    for row in range(1, sheet.max_row + 1):
        for col in range(PlayersCols.TITLE, PlayersCols.LAST + 1):
            sheet.cell(row, col).value = None
    sheet.cell(1, phone_col).value = "Téléphone"
    for k, phone in enumerate(PHONES):
        sheet.cell(PlayersCols.FIRST_ROW + k, phone_col).value = phone
    book.save(path)
    return path


def test_an_update_over_the_organisers_column_is_refused_and_changes_nothing(tmp_path):
    path = _old_workbook(tmp_path, PlayersCols.TITLE)
    before = path.read_bytes()
    result = CliRunner().invoke(cli, ["update", str(path)])
    assert result.exit_code == 2, result.output
    assert "holds your own data" in result.output and "cell G1" in result.output
    assert path.read_bytes() == before and not versions(path)


def test_with_the_column_moved_the_update_writes_the_fide_columns_and_keeps_the_organisers(tmp_path):
    phone_col = PlayersCols.LAST + 2
    path = _old_workbook(tmp_path, phone_col)
    result = CliRunner().invoke(cli, ["update", str(path)])
    assert result.exit_code == 0, result.output
    sheet = load_workbook(path)[L["sheet_players"]]
    assert sheet.cell(1, PlayersCols.TITLE).value == L["player_title"]
    assert [sheet.cell(r, phone_col).value for r in range(1, 10)] == ["Téléphone"] + PHONES
