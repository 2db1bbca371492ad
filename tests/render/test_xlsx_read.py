"""The file reader (calamine + one scan of the sheet's XML) reads what openpyxl reads.

Oracle: openpyxl itself, read the way the reader used to read (its cached values, then its
formulas through openpyxl's own shared-formula translator to tell a formula saved without a
value from an empty cell), on files written by this project, by openpyxl and by LibreOffice.
The differences the reader's docstring states are asserted one by one: hidden columns are
not scanned for uncomputed formulas, and a formula saved with an empty text result
(``t="str"``) is a blank cell.
"""

from __future__ import annotations

import re
import zipfile
from datetime import datetime
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from addin.core.cells import Uncomputed
from addin.render.xlsx_read import XlsxFile, _merge, _unvalued, read_sheets
from addin.core.players import Player
from addin.render.recalc import recalculate_files
from addin.render.xlsx import xlsx_bytes
from addin.sheets.roundrobin.layout import event_layout
from addin.systems.roundrobin.berger import berger_schedule


def openpyxl_cells(path: Path) -> dict[str, dict[tuple[int, int], object]]:
    """Every non-empty cell (0-based) of every sheet, as the two openpyxl passes read it."""
    values = load_workbook(path, read_only=True, data_only=True)
    formulas = load_workbook(path, read_only=True, data_only=False)
    try:
        return {name: _cells(_merge(values[name].iter_rows(values_only=True),
                                    formulas[name].iter_rows(values_only=True))) for name in values.sheetnames}
    finally:
        values.close()
        formulas.close()


def reader_cells(path: Path) -> dict[str, dict[tuple[int, int], object]]:
    with XlsxFile(path) as book:
        return {name: _cells(book.rows(name)) for name in book.names}


def _cells(rows) -> dict[tuple[int, int], object]:
    return {(r, c): v for r, row in enumerate(rows) for c, v in enumerate(row) if v is not None}


def hidden_columns(path: Path, sheet: str) -> set[int]:
    book = load_workbook(path)
    ws = book[sheet]
    from openpyxl.utils import column_index_from_string
    hidden = set()
    for letter, dim in ws.column_dimensions.items():
        if dim.hidden:
            first = column_index_from_string(letter)
            hidden.update(range(first - 1, (dim.max or first)))
    return hidden


@pytest.fixture(scope="module")
def event_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("read") / "event.xlsx"
    players = [Player(i, f"Player {i}", 1500 + 10 * i) for i in range(1, 8)]
    layout = event_layout(berger_schedule(7), players, {(1, 1): "1-0", (1, 2): "1/2-1/2", (2, 1): "-+"},
                          withdrawn={3: 4}, lang="en")
    path.write_bytes(xlsx_bytes(layout))
    return path


def test_project_workbook_reads_as_openpyxl_outside_hidden_columns(event_file):
    """Every cell of every sheet equal, uncomputed formulas with their text (shared ones translated)
    included; in hidden columns the reader leaves a formula without value as an empty cell."""
    old, new = openpyxl_cells(event_file), reader_cells(event_file)
    assert old.keys() == new.keys()
    for name in old:
        hidden = hidden_columns(event_file, name)
        expected = {k: v for k, v in old[name].items() if not (k[1] in hidden and isinstance(v, Uncomputed))}
        assert new[name] == expected, name
        shared_uncomputed = [v for k, v in expected.items() if isinstance(v, Uncomputed)]
        if name == "Rounds":
            assert shared_uncomputed  # the check column: shared formulas saved with an empty value
            assert len(new[name]) < len(old[name])  # its hidden helpers were not scanned


@pytest.mark.libreoffice
def test_libreoffice_saved_workbook_reads_as_openpyxl_everywhere(event_file, tmp_path):
    """A file LibreOffice recalculated and saved: every value equal, hidden columns included (they have
    values now), numbers, texts, booleans and errors alike."""
    saved = recalculate_files([event_file], tmp_path / "out")[0]
    old, new = openpyxl_cells(saved), reader_cells(saved)
    assert old.keys() == new.keys()
    assert not any(isinstance(v, Uncomputed) for sheet in new.values() for v in sheet.values())
    empty_results = 0
    for name in old:
        for key in old[name].keys() | new[name].keys():
            if old[name].get(key) == new[name].get(key):
                continue
            # openpyxl took a formula whose result LibreOffice saved as "" for one never computed
            assert isinstance(old[name][key], Uncomputed) and key not in new[name], (name, key)
            assert text_result_cells(saved, name)[key], (name, key)
            empty_results += 1
    assert empty_results > 0  # the check column of games without a result, at least


def text_result_cells(path: Path, sheet: str) -> dict[tuple[int, int], bool]:
    """(row, col) → whether the cell is saved as a text result (t="str") with an empty value."""
    book = load_workbook(path, read_only=True)
    part = {ws.title: ws for ws in book.worksheets}[sheet]
    xml = zipfile.ZipFile(path).read(part._worksheet_path)  # openpyxl's own reading of the workbook's parts
    book.close()
    from openpyxl.utils.cell import coordinate_to_tuple
    found = {}
    for cell in re.finditer(rb'<c r="([A-Z]+[0-9]+)"([^>]*)(?<!/)>(.*?)</c>', xml):
        r, c = coordinate_to_tuple(cell[1].decode())
        found[(r - 1, c - 1)] = b't="str"' in cell[2] and (b"<v></v>" in cell[3] or b"<v/>" in cell[3])
    return found


def test_program_written_formulas_are_uncomputed_and_errors_read_as_text(tmp_path):
    book = Workbook()
    ws = book.active
    ws.title = "S"
    ws["A1"], ws["B1"], ws["C1"] = 12, 12.5, "  text "
    ws["D1"], ws["E1"] = True, datetime(2024, 1, 2)
    ws["A3"], ws["B3"] = "=A1+1", '=B3&"x"'
    ws["C5"] = "=SUM(A1:A3)"
    book.create_sheet("Empty")
    path = tmp_path / "lists.xlsx"
    book.save(path)
    assert reader_cells(path) == openpyxl_cells(path)
    rows = read_sheets(path, lambda names: names)[1]["S"]
    assert rows[2][0] == Uncomputed("=A1+1") and rows[2][1].formula == '=B3&"x"'
    assert rows[0][:5] == [12, 12.5, "  text ", True, datetime(2024, 1, 2)] and type(rows[0][0]) is int


def test_scan_of_the_xml_itself():
    """Each kind of cell the scan meets, as the XML says it (no writer needed)."""
    xml = (b'<worksheet><cols><col min="3" max="3" hidden="1"/></cols><sheetData><row r="1">'
           b'<c r="A1" t="str"><f>""</f><v></v></c>'              # a result "": a value
           b'<c r="B1"><f>1+1</f><v></v></c>'                      # an empty number: no value
           b'<c r="C1"><f>2+2</f></c>'                             # hidden column: not scanned
           b'<c r="D1"><f>A1&amp;"&lt;"</f></c>'                   # no <v>: escaped text
           b'<c r="E1" t="e"><f>1/0</f><v>#DIV/0!</v></c>'         # an error value
           b'<c r="F1"><f t="shared" ref="F1:F2" si="0">A1+$B1</f><v>3</v></c></row>'
           b'<row r="2"><c r="F2"><f t="shared" si="0"/></c></row></sheetData></worksheet>')
    found = {(r, c): v for r, c, v in _unvalued(xml)}
    assert found == {(0, 1): Uncomputed("=1+1"), (0, 3): Uncomputed('=A1&"<"'), (0, 4): "#DIV/0!",
                     (1, 5): Uncomputed("=A2+$B2")}
    prefixed = xml.replace(b"<", b"<x:").replace(b"<x:/", b"</x:")
    assert {(r, c): v for r, c, v in _unvalued(prefixed)} == found


def test_a_damaged_file_is_refused_with_a_sentence(tmp_path):
    path = tmp_path / "bad.xlsx"
    path.write_bytes(b"not a zip")
    from addin.core.errors import TournamentError
    with pytest.raises(TournamentError, match="cannot be opened as an Excel workbook"):
        XlsxFile(path)
    with zipfile.ZipFile(tmp_path / "empty.xlsx", "w") as archive:
        archive.writestr("hello.txt", "hi")
    with pytest.raises(TournamentError, match="cannot be opened as an Excel workbook"):
        XlsxFile(tmp_path / "empty.xlsx")
