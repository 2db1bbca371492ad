"""The neutral workbook description: addresses, portability check, building."""

import pytest

from addin.sheets.model import (
    WorkbookLayout, check_portable, col_letter, col_number, formula_functions, parse_range,
    quote_sheet, range_ref, ref)


def test_column_letters_round_trip_against_base26_definition():
    # independent oracle: bijective base-26 enumeration A..Z, AA..ZZ, AAA..
    import itertools
    import string
    names = list(string.ascii_uppercase)
    names += ["".join(p) for p in itertools.product(string.ascii_uppercase, repeat=2)]
    names += ["".join(p) for p in itertools.product(string.ascii_uppercase, repeat=3)][:2000]
    for number, letters in enumerate(names, 1):
        assert col_letter(number) == letters
        assert col_number(letters) == number


def test_references():
    assert ref(3, 2) == "B3"
    assert ref(3, 2, True, True) == "$B$3"
    assert range_ref(1, 1, 4, 3) == "$A$1:$C$4"
    assert parse_range("C4:A1") == (1, 1, 4, 3)
    assert quote_sheet("Players") == "Players"
    assert quote_sheet("Grille américaine") == "'Grille américaine'"
    assert quote_sheet("L'équipe") == "'L''équipe'"
    assert quote_sheet("AB12") == "'AB12'"  # looks like a cell reference


def test_portability_check_ignores_strings_and_catches_365_functions():
    assert formula_functions('=IFERROR(INDEX(A:A,MATCH(1,B:B,0)),"SORT(")') == {"IFERROR", "INDEX", "MATCH"}
    check_portable('=SUMPRODUCT((A1:A9="XLOOKUP(")*B1:B9)')
    for bad in ("=XLOOKUP(1,A:A,B:B)", "=_xlfn.LET(x,1,x)", "=IFS(A1,1)", "=maxifs(A:A,B:B,1)"):
        with pytest.raises(ValueError):
            check_portable(bad)


def test_building_a_sheet_and_counting_formulas():
    book = WorkbookLayout()
    sheet = book.add_sheet("Data")
    sheet.set(1, 1, "=1+1", text=True)
    sheet.formula(1, 2, "=A1&\"x\"")
    sheet.row(2, 1, ["a", 2, "=b"])
    assert sheet.get(1, 1).text and not sheet.get(1, 1).formula
    assert sheet.get(2, 3).text and sheet.get(2, 2).text is False
    assert book.formula_count() == 1
    assert sheet.max_row == 2 and sheet.max_col == 3
    assert sheet.ref(2, 3) == "Data!$C$2"
    with pytest.raises(ValueError):
        sheet.formula(1, 1, "1+1")
    with pytest.raises(ValueError):
        book.add_sheet("data")
    with pytest.raises(ValueError):
        book.add_sheet("a/b")
    with pytest.raises(ValueError):
        book.define_name("A1", "Data!$A$1")
    sheet.set(3, 3, 1, style="nope")
    with pytest.raises(ValueError):
        book.check()


def _streamed_and_eager():
    """The same sheet twice: every cell put directly, and its rows 3.. given lazily (``stream``)
    around a few cells put directly, one of which a streamed cell replaces."""
    from addin.sheets.model import RowBuffer

    def fill(target, rows):
        for r in rows:
            target.set(r, 1, r, "number")
            target.formula(r, 3, f"=A{r}*2", "cell", cached=2 * r)
            if r % 4 == 0:
                target.set(r, 7, f"text {r}", text=True)

    eager_book, streamed_book = WorkbookLayout(), WorkbookLayout()
    eager, streamed = eager_book.add_sheet("S"), streamed_book.add_sheet("S")
    for sheet in (eager, streamed):
        sheet.set(1, 1, "head", "header", text=True)
        sheet.set(2, 2, "between", text=True)
        sheet.set(9, 5, "kept", text=True)
        sheet.set(40, 1, "after", text=True)
    streamed.set(8, 1, "replaced", text=True)
    fill(eager, range(3, 31))

    def source():
        buffer = RowBuffer()
        for start in range(3, 31, 7):
            fill(buffer, range(start, min(start + 7, 31)))
            yield from buffer.take()

    streamed.stream(source)
    return eager_book, streamed_book


def _parts(data: bytes) -> dict:
    """The members of an .xlsx file but its creation date (docProps/core.xml)."""
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist() if name != "docProps/core.xml"}


def test_a_streamed_sheet_writes_the_same_file_and_reads_the_same_cells():
    from addin.render.xlsx import xlsx_bytes

    eager_book, streamed_book = _streamed_and_eager()
    streamed = streamed_book.sheet("S")
    # the writer consumes the rows without keeping them: the sheet still holds only its direct cells
    assert _parts(xlsx_bytes(streamed_book)) == _parts(xlsx_bytes(eager_book))
    assert len(streamed._cells) == 5 and streamed.rows_source is not None
    rows = list(streamed.rows())
    assert [r for r, _ in rows] == [1, 2, *range(3, 31), 40]
    assert rows[7][1][1].value == 8  # the streamed cell replaced the one put directly
    # any other reader sees every cell (the stream is made once, on first use)
    eager = eager_book.sheet("S")
    assert {k: (c.value, c.style, c.cached) for k, c in streamed.cells.items()} == \
           {k: (c.value, c.style, c.cached) for k, c in eager.cells.items()}
    assert streamed.rows_source is None and streamed.formula_count() == eager.formula_count() == 28


def test_a_stream_out_of_order_is_refused():
    from addin.sheets.model import Cell

    book = WorkbookLayout()
    sheet = book.add_sheet("S")
    sheet.stream(lambda: iter([(2, {1: Cell(1)}), (2, {2: Cell(2)})]))
    with pytest.raises(ValueError, match="row 2 after row 2"):
        list(sheet.rows())
    with pytest.raises(ValueError, match="already streamed"):
        sheet.stream(lambda: iter([]))
