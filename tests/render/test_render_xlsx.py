"""openpyxl rendering of a layout: every feature lands in the file."""

import pytest

from openpyxl import load_workbook

from addin.sheets.model import PrintSetup, WorkbookLayout
from addin.render.xlsx import write_xlsx


def _layout():
    book = WorkbookLayout(active="Two")
    one = book.add_sheet("One", tab_color="FF0000", freeze="B2", protect=True)
    one.set(1, 1, "Head", style="header")
    one.set(2, 1, "=SUM(1,2)", text=True)
    one.set(3, 1, "@home", text=True, style="input")
    one.set(4, 1, "+33 6", text=True)
    one.formula(2, 2, "=LEN(A2)", style="number")
    one.set(2, 3, 0.25, style="percent")
    one.merge(5, 1, 5, 3)
    one.width(1, 30)
    one.height(5, 40)
    one.validation("C2:C9 E2:E9", ["1-0", "0-1", "1/2-1/2"], error="Choose a result")
    one.hidden_columns.add(4)
    one.print_setup = PrintSetup(area=("A1:C5",), orientation="landscape", row_breaks=(3,),
                                 repeat_rows=(1, 1))
    two = book.add_sheet("Two", hidden=False)
    two.formula(1, 1, "=One!B2*2")
    book.define_name("Codes", "One!$C$2:$C$9")
    hidden = book.add_sheet("Calc", hidden=True)
    hidden.set(1, 1, 1)
    return book


def test_every_feature_is_written(tmp_path):
    path = tmp_path / "x.xlsx"
    write_xlsx(_layout(), path)
    book = load_workbook(path)
    assert book.sheetnames == ["One", "Two", "Calc"]
    one = book["One"]
    assert one["A2"].value == "=SUM(1,2)" and one["A2"].data_type == "s"
    assert one["A3"].value == "@home" and one["A3"].data_type == "s"
    assert one["A3"].protection.locked is False and one["B2"].protection.locked is True
    assert one["B2"].value == "=LEN(A2)" and one["B2"].data_type == "f"
    assert one["C2"].number_format == "0.0%"
    assert one["A1"].font.bold
    assert "A5:C5" in [str(r) for r in one.merged_cells.ranges]
    assert 30 <= one.column_dimensions["A"].width < 31  # Excel stores the padding of the character grid
    assert one.column_dimensions["D"].hidden
    assert abs(one.row_dimensions[5].height - 40) < 0.5  # rounded to whole pixels
    dv = one.data_validations.dataValidation[0]
    assert dv.type == "list" and dv.formula1 == '"1-0,0-1,1/2-1/2"'
    assert str(dv.sqref) == "C2:C9 E2:E9"
    assert one.freeze_panes == "B2"
    assert one.sheet_properties.tabColor.rgb.endswith("FF0000")
    assert one.protection.sheet
    assert one.page_setup.orientation == "landscape"
    assert (one.page_setup.fitToWidth or 1) == 1 and one.sheet_properties.pageSetUpPr.fitToPage  # 1 is the default
    assert [b.id for b in one.row_breaks.brk] == [3]
    assert one.print_area.endswith("$A$1:$C$5")
    assert one.print_title_rows == "$1:$1"
    assert book.defined_names["Codes"].attr_text == "One!$C$2:$C$9"
    assert book["Calc"].sheet_state == "hidden"
    assert book.active.title == "Two"


TABLE = [
    ["Round", "Board", "White", "Black"],
    [1, 1, "=cmd|' /C calc'!A0", "  padded  "],
    [2, 10 ** 12, 2.5, True],
    [3, -4, "a<b & c>d", "tab\there"],
    [4, 5],
]


def _expected_table():
    rows = [list(row) + [None] * (4 - len(row)) for row in TABLE]
    return rows


def test_streamed_table_reads_back_cell_for_cell(tmp_path):
    """Text stays text (a formula-looking name included), numbers numbers, booleans booleans."""
    from addin.render.table_file import write_table

    path = tmp_path / "t.xlsx"
    write_table(TABLE, path, ".xlsx", title="Calendrier")
    book = load_workbook(path)
    sheet = book["Calendrier"]
    assert [list(row) for row in sheet.iter_rows(values_only=True)] == _expected_table()
    assert all(cell.data_type != "f" for row in sheet.iter_rows() for cell in row)
    assert sheet["A1"].font.b and not sheet["A2"].font.b
    assert sheet.freeze_panes == "A2"


@pytest.mark.libreoffice
def test_streamed_table_opens_in_libreoffice(tmp_path):
    """LibreOffice reads the streamed rows as written (a real engine, not our own reader)."""
    from addin.render.recalc import recalculated_book
    from addin.render.table_file import write_table

    rows = TABLE + [[r, r % 7, r * 3, r * 5] for r in range(5, 3000)]
    path = tmp_path / "t.xlsx"
    write_table(rows, path, ".xlsx")
    values = [list(row) for row in recalculated_book(path)["Schedule"].iter_rows(values_only=True)]
    expected = _expected_table() + [[r, r % 7, r * 3, r * 5] for r in range(5, 3000)]
    assert len(values) == len(expected)
    assert values == expected


@pytest.mark.parametrize("title", ["A" * 300, "R&D " * 80, "&" * 301])
def test_a_long_title_is_cut_to_excels_header_limit(tmp_path, title):
    """Excel refuses headers over 255 characters: the longest section is cut, its end marked,
    and no lone '&' (a header code) is left where it was cut; the other sections stay whole."""
    import warnings

    from addin.render.xlsx import fit_header

    header = f'&L&"-,Bold"{title.replace("&", "&&")}&CParis — 12 mars&RArbitre : X'
    book = WorkbookLayout()
    sheet = book.add_sheet("One")
    sheet.set(1, 1, "x")
    sheet.print_setup = PrintSetup(fit_width=1)
    book.header = header
    path = tmp_path / "h.xlsx"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        write_xlsx(book, path)
    written = load_workbook(path)["One"].oddHeader
    assert written.center.text == "Paris — 12 mars" and written.right.text == "Arbitre : X"
    fitted = fit_header(header)
    assert 254 <= len(fitted) <= 255 and fitted.endswith("&CParis — 12 mars&RArbitre : X")
    left = fitted[: fitted.index("&C")]
    assert left.endswith("…") and (len(left[:-1]) - len(left[:-1].rstrip("&"))) % 2 == 0


@pytest.mark.parametrize("streamed", [False, True])
def test_parts_are_deflated_at_the_fast_level(tmp_path, streamed):
    """Every part of a written workbook is raw deflate at zlib level 1 (docs/benchmarks-writer.md):
    zlib, not our code, is the oracle — each part recompressed at level 1 has the stored size."""
    import zipfile
    import zlib

    from addin.render.table_file import write_table

    path = tmp_path / "z.xlsx"
    if streamed:
        write_table(TABLE + [[r, r % 7, f"Joueur {r}", r * 5] for r in range(5, 3000)], path, ".xlsx")
    else:
        write_xlsx(_layout(), path)
    with zipfile.ZipFile(path) as archive:
        parts = [info for info in archive.infolist() if info.file_size > 2000]
        assert parts, "no part large enough to tell the levels apart"
        for info in parts:
            data = archive.read(info)
            sizes = {}
            for level in (1, 6):
                packer = zlib.compressobj(level, zlib.DEFLATED, -15)
                sizes[level] = len(packer.compress(data) + packer.flush())
            assert info.compress_type == zipfile.ZIP_DEFLATED
            assert info.compress_size == sizes[1] != sizes[6], info.filename


def test_future_functions_are_stored_with_their_prefix(tmp_path):
    """Excel 2010's functions are stored as Excel saves them (``_xlfn.`` prefix, MS-XLSX 2.2.2),
    every one of the list, in a plain cell and in a shared block; a name that only contains one
    (``MYAGGREGATE``) and a text that looks like one stay as they are."""
    import zipfile

    from addin.render.xlsx import FUTURE_FUNCTIONS
    from addin.sheets.model import RowBuffer

    book = WorkbookLayout()
    sheet = book.add_sheet("One")
    buffer = RowBuffer()
    for k, name in enumerate(FUTURE_FUNCTIONS):
        buffer.formula(1, 1 + k, f'=IFERROR({name}(15,6,B3:B5,1),0)+LEN("{name}(")')
        buffer.set(2, 1 + k, f"={name}(1)", text=True)
        buffer.fill(3 + k, 3, 5, lambda row, name=name: f"=MY{name}(A{row})+{name}(14,6,A{row}:A{row + 6},1)")
    rows = list(buffer.take())
    sheet.stream(lambda: iter(rows))
    path = tmp_path / "f.xlsx"
    write_xlsx(book, path)
    one = load_workbook(path)["One"]
    for k, name in enumerate(FUTURE_FUNCTIONS):
        assert one.cell(1, 1 + k).value == f'=IFERROR(_xlfn.{name}(15,6,B3:B5,1),0)+LEN("{name}(")'
        assert one.cell(2, 1 + k).value == f"={name}(1)"
        assert one.cell(4, 3 + k).value == f"=MY{name}(A4)+_xlfn.{name}(14,6,A4:A10,1)"
    with zipfile.ZipFile(path) as archive:
        xml = archive.read("xl/worksheets/sheet1.xml").decode()
    assert xml.count("_xlfn.") == 2 * len(FUTURE_FUNCTIONS)  # the shared block's text is stored once
