"""The UNO driver (``tools/uno_office.py``) does to a workbook what a person in Calc does.

Oracle: a workbook written by openpyxl with known values; after each operation the values
are read back through UNO and, once saved, by openpyxl from the file LibreOffice wrote.
"""

from __future__ import annotations

import os
import zipfile

import pytest
from openpyxl import Workbook, load_workbook

pytestmark = pytest.mark.libreoffice


@pytest.fixture
def book_path(tmp_path):
    path = tmp_path / "s.xlsx"
    wb = Workbook()
    ws = wb.active
    ws.title = "S"
    for r, (n, name) in enumerate([(5, "e"), (3, "c"), (1, "a"), (4, "d"), (2, "b")], 1):
        ws.cell(r, 1, n)
        ws.cell(r, 2, name)
    ws["C1"] = "=SUM(A1:A5)"
    wb.save(path)
    return path


def test_type_insert_sort_comment_save(office, book_path, tmp_path):
    lock = book_path.with_name(f".~lock.{book_path.name}#")
    book = office.open(book_path)
    assert lock.exists(), "an open document leaves LibreOffice's lock file beside it"
    assert book.value("S", "C1") == 15
    book.type("S", "A3", "7")
    book.calculate()
    assert book.value("S", "C1") == 21
    book.type("S", "D1", "1-0")
    book.type("S", "D2", "=A1*2")
    assert book.values("S", "D1:D2") == [["1-0"], [10]]
    book.insert_rows("S", 2)
    assert book.values("S", "A1:A6") == [[5], [""], [3], [7], [4], [2]]
    assert book.formulas("S", "C1") == [["=SUM(A1:A6)"]]
    book.sort("S", "A1:B6", key="A")
    assert [row[0] for row in book.values("S", "A1:A6")] == [2, 3, 4, 5, 7, ""]
    assert [row[0] for row in book.values("S", "B1:B5")] == ["b", "c", "d", "e", "a"]
    book.insert_columns("S", "B")
    assert book.values("S", "C1:C2") == [["b"], ["c"]]
    book.delete_columns("S", 2)
    book.add_comment("S", "B2", "forfait annoncé")
    assert book.comments("S") == [("B2", "forfait annoncé")]
    out = tmp_path / "saved.xlsx"
    book.save(out)
    book.close()
    assert not lock.exists()
    ws = load_workbook(out)["S"]
    assert [ws.cell(r, 1).value for r in range(1, 6)] == [2, 3, 4, 5, 7]
    assert ws["B2"].comment is not None and ws["B2"].comment.text.strip() == "forfait annoncé"


def test_save_as_xlsm_and_move_sheet(office, book_path, tmp_path):
    book = office.open(book_path)
    book.insert_sheet("Notes", 0)
    book.type("Notes", "A1", "mine")
    book.move_sheet("Notes", 1)
    assert book.sheet_names() == ["S", "Notes"]
    out = tmp_path / "saved.xlsm"
    book.save(out, fmt="xlsm")
    book.close()
    with zipfile.ZipFile(out) as package:
        types = package.read("[Content_Types].xml").decode()
    assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in types
    assert load_workbook(out).sheetnames == ["S", "Notes"]


def test_stopped_by_its_pid(book_path):
    import support.tools_path  # noqa: F401
    from uno_office import Office, available

    if not available():
        pytest.skip("no UNO bridge")
    with Office() as office:
        pid = office.pid
        office.open(book_path).close()
    with pytest.raises(ProcessLookupError):
        os.killpg(pid, 0)
