"""Formulas filled down a column are written as Excel saves a fill-down: shared formulas.

The oracle is openpyxl's formula translator (an independent reading of ECMA-376's shared
formulas): every cell it reads back must hold the text the layout gives that row.
"""

import re
import zipfile

import pytest

from openpyxl import load_workbook

from addin.core.players import Player
from addin.render.xlsx import write_xlsx
from addin.sheets.model import RowBuffer, SharedCell, WorkbookLayout, ref
from addin.sheets.roundrobin.layout import event_layout
from addin.systems.roundrobin.berger import berger_schedule


def _filled_book(merge_first: bool = False) -> WorkbookLayout:
    book = WorkbookLayout()
    sheet = book.add_sheet("One")
    buffer = RowBuffer()
    for row in range(2, 12):
        buffer.set(row, 1, row * 10)
    buffer.fill(2, 2, 11, lambda row: f"=A{row}*2+$A$2+A$3", cached=lambda row: row * 20 + 50)
    buffer.fill(3, 4, 6, lambda row: f'=IF(B{row}>140,"big","small")&"<>"')
    rows = list(buffer.take())
    sheet.stream(lambda: iter(rows))
    if merge_first:
        sheet.merge(2, 3, 2, 4)  # the first row of a block goes to XlsxWriter's own writer
    return book


def test_a_filled_column_reads_back_row_by_row(tmp_path):
    path = tmp_path / "f.xlsx"
    book = _filled_book()
    write_xlsx(book, path)
    sheet = load_workbook(path)["One"]
    for row in range(2, 12):
        assert sheet.cell(row, 2).value == f"=A{row}*2+$A$2+A$3"
    for row in range(4, 7):
        assert sheet.cell(row, 3).value == f'=IF(B{row}>140,"big","small")&"<>"'
    with zipfile.ZipFile(path) as archive:
        xml = archive.read("xl/worksheets/sheet1.xml").decode()
    # each text once, in its block's first cell, with the block; the other cells point at it
    assert xml.count("A2*2+$A$2+A$3") == 1 and 'ref="B2:B11"' in xml
    assert xml.count('t="shared"') == 10 + 3
    values = load_workbook(path, data_only=True)["One"]
    assert [values.cell(row, 2).value for row in range(2, 12)] == [row * 20 + 50 for row in range(2, 12)]


def test_a_block_whose_first_cell_is_written_apart_is_written_in_full(tmp_path):
    path = tmp_path / "m.xlsx"
    write_xlsx(_filled_book(merge_first=True), path)
    sheet = load_workbook(path)["One"]
    assert [sheet.cell(row, 2).value for row in range(2, 12)] == [f"=A{row}*2+$A$2+A$3" for row in range(2, 12)]
    assert [sheet.cell(row, 3).value for row in range(4, 7)] == [f'=IF(B{row}>140,"big","small")&"<>"'
                                                                 for row in range(4, 7)]
    with zipfile.ZipFile(path) as archive:
        xml = archive.read("xl/worksheets/sheet1.xml").decode()
    assert xml.count('t="shared"') == 3  # column C's block only


def test_every_round_robin_game_formula_reads_back_as_the_layout_gives_it(tmp_path):
    """An odd event (byes) with a withdrawal and results: each shared cell of the Rounds sheet,
    read back through the translator, is the formula the layout gives its row."""
    n = 9
    players = [Player(i, f"Joueur {i}", 1500 + 10 * i) for i in range(1, n + 1)]
    layout = event_layout(berger_schedule(n), players, {(1, 1): "1-0", (2, 3): "1/2-1/2", (3, 2): "+-"},
                          withdrawn={4: 3}, lang="en")
    path = tmp_path / "e.xlsx"
    write_xlsx(layout, path)
    book = load_workbook(path)
    checked = aggregates = 0
    for sheet_layout in layout.sheets:
        for (row, col), cell in sheet_layout.cells.items():
            if isinstance(cell, SharedCell):
                # the file names Excel 2010's AGGREGATE as Excel saves it (MS-XLSX: _xlfn. prefix)
                expected = re.sub(r"(?<![A-Z_.])AGGREGATE\(", "_xlfn.AGGREGATE(", cell.value)
                aggregates += expected != cell.value
                assert book[sheet_layout.name].cell(row, col).value == expected, (sheet_layout.name, ref(row, col))
                checked += 1
    games = len(list(berger_schedule(n).games()))
    assert checked >= 10 * games
    assert aggregates >= 7 * n  # the SB and ARO cuts and PTP's start, one block a column


@pytest.mark.libreoffice
def test_libreoffice_computes_every_cell_of_a_block(tmp_path):
    """A real engine reads the shared formulas: each cell's value from its own row."""
    from addin.render.recalc import recalculated_book

    path = tmp_path / "lo.xlsx"
    write_xlsx(_filled_book(), path)
    sheet = recalculated_book(path)["One"]
    assert [sheet.cell(row, 2).value for row in range(2, 12)] == [row * 20 + 50 for row in range(2, 12)]
    assert [sheet.cell(row, 3).value for row in range(4, 7)] == ["small<>", "big<>", "big<>"]


def test_a_block_whose_cells_differ_in_style_keeps_each_cells_style(tmp_path):
    """A block made row by row (``share``) may give one row another style: that cell still reads
    its own formula and keeps its own style (bold), the others theirs."""
    from addin.sheets.model import SharedFormula

    book = WorkbookLayout()
    sheet = book.add_sheet("One")
    buffer = RowBuffer()
    group = SharedFormula(2, 2, 6, lambda row: f"=A{row}+1")
    for row in range(2, 7):
        buffer.set(row, 1, row)
        buffer.share(row, group, "header" if row == 4 else None, "0.00" if row == 5 else None)
    rows = list(buffer.take())
    sheet.stream(lambda: iter(rows))
    path = tmp_path / "s.xlsx"
    write_xlsx(book, path)
    one = load_workbook(path)["One"]
    assert [one.cell(row, 2).value for row in range(2, 7)] == [f"=A{row}+1" for row in range(2, 7)]
    assert [one.cell(row, 2).font.b for row in range(2, 7)] == [False, False, True, False, False]
    assert [one.cell(row, 2).number_format for row in range(2, 7)] == ["General"] * 3 + ["0.00", "General"]
