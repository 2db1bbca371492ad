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
