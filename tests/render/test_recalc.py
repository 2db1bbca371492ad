"""LibreOffice headless recalculation: portable functions, text safety, batching."""

import re
import zipfile

import pytest

from addin.sheets.model import WorkbookLayout
from addin.render.recalc import LibreOfficeMissing, recalculate_files
from addin.render.xlsx import write_xlsx


def _book(k):
    book = WorkbookLayout()
    s = book.add_sheet("Data sheet")
    for i in range(1, 6):
        s.set(i, 1, i * k)
        s.set(i, 2, "ab"[i % 2], text=True)
    s.set(7, 1, "=1+1", text=True)
    s.formula(1, 3, "=SUM(A1:A5)")
    s.formula(2, 3, '=SUMPRODUCT((B1:B5="a")*A1:A5)')
    s.formula(3, 3, '=COUNTIFS(B1:B5,"b",A1:A5,">1")')
    s.formula(4, 3, "=INDEX(A1:A5,MATCH(3*" + str(k) + ",A1:A5,0))")
    s.formula(5, 3, "=RANK(A2,A1:A5)")
    s.formula(6, 3, "=SUM(Vals)")
    s.formula(7, 3, "=IFERROR(1/0,\"none\")")
    s.formula(8, 3, "=LEN(A7)")
    book.define_name("Vals", "'Data sheet'!$A$1:$A$5")
    return book


@pytest.mark.libreoffice
def test_portable_functions_computed_by_libreoffice(tmp_path, recalc):
    paths = []
    for k in (1, 10):
        path = tmp_path / f"f{k}.xlsx"
        write_xlsx(_book(k), path)
        paths.append(path)
    books = recalc(*paths)  # one soffice call for both
    for k, book in zip((1, 10), books):
        col = [book["Data sheet"].cell(row=r, column=3).value for r in range(1, 9)]
        # independent arithmetic: values k..5k; "a" on even i
        countifs = sum(1 for i in (1, 3, 5) if i * k > 1)
        assert col == [15 * k, 6 * k, countifs, 3 * k, 4, 15 * k, "none", 4]  # LEN("=1+1") = 4: stored as text
        assert book["Data sheet"]["A7"].value == "=1+1"


@pytest.mark.libreoffice
def test_cached_values_are_not_trusted(tmp_path, recalc):
    """A formula cell carrying a stale cached value is recomputed (OOXMLRecalcMode=0)."""
    book = WorkbookLayout()
    s = book.add_sheet("S")
    s.set(1, 1, 2)
    s.formula(1, 2, "=A1*21")
    plain = tmp_path / "plain.xlsx"
    write_xlsx(book, plain)
    stale = tmp_path / "stale.xlsx"
    with zipfile.ZipFile(plain) as zin, zipfile.ZipFile(stale, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename.startswith("xl/worksheets/sheet"):
                text = data.decode()
                text, count = re.subn(r"(<f>A1\*21</f>)(<v>[^<]*</v>|<v/>)?", r"\1<v>99</v>", text)
                assert count == 1
                data = text.encode()
            zout.writestr(item, data)
    (result,) = recalc(stale)
    assert result["S"]["B1"].value == 42


def test_missing_soffice_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv("APPARIEMENTS_SOFFICE", str(tmp_path / "no-such-soffice"))
    path = tmp_path / "x.xlsx"
    write_xlsx(_book(1), path)
    with pytest.raises(LibreOfficeMissing, match="LibreOffice"):
        recalculate_files([path], tmp_path / "out")
