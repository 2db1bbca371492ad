"""The workbook's dependency graph (``tools/formula_graph.py``) is the one LibreOffice keeps.

Oracles:

* LibreOffice's own *Trace Dependents* (``queryDependents``, through ``tools/uno_office.py``):
  on a one-sheet workbook of every kind of reference, the formula cells that depend on each
  input cell, transitively, are the same set; on an event workbook, the formula cells of the
  Rounds sheet that read a result cell directly are the same (LibreOffice looks in one sheet);
* LibreOffice's values: after a result is typed into an event workbook and the workbook
  recalculated, every cell whose value changed, on any sheet, is in the closure;
* openpyxl's formula translator: each later cell of a shared formula reads what its text,
  translated by openpyxl from the first cell's, reads.
"""

from __future__ import annotations

import zipfile

import pytest
from openpyxl import Workbook
from openpyxl.formula.translate import Translator
from openpyxl.workbook.defined_name import DefinedName

import support.tools_path  # noqa: F401
from formula_graph import FormulaGraph, Ref, formula_references, parse_reference

from addin.core.players import Player
from addin.render.xlsx import xlsx_bytes
from addin.sheets.roundrobin.cells import RoundsCols
from addin.sheets.roundrobin.layout import event_layout
from addin.systems.roundrobin.berger import berger_schedule


def test_references_as_written():
    assert parse_reference("$B$2:C9", "S") == [Ref("S", 2, 2, 9, 3, True, True, False, False)]
    assert parse_reference("'It''s'!A:A", "S") == [Ref("It's", 1, 1, 1_048_576, 1, True, False, True, False)]
    whole_rows = parse_reference("3:4", "S")[0]
    assert (whole_rows.r1, whole_rows.c1, whole_rows.r2, whole_rows.c2) == (3, 1, 4, 16_384)
    refs = formula_references('=IF(Rondes!$L$2>0,{1,2;3,4},"A1")+MOD(INT(X1/{1024,65536}),64)', "S")
    assert [(r.sheet, r.r1, r.c1) for r in refs] == [("Rondes", 2, 12), ("S", 1, 24)]
    moved = parse_reference("A$1:$B2", "S")[0].moved(3, 2)
    assert (moved.r1, moved.c1, moved.r2, moved.c2) == (1, 3, 5, 2)


def one_sheet_workbook(path):
    """Inputs in A1:B6; formulas of every kind of reference in C:F (no formula reads a formula column
    as a whole, so no cycle)."""
    book = Workbook()
    ws = book.active
    ws.title = "S"
    for r in range(1, 7):
        ws.cell(r, 1, r)
        ws.cell(r, 2, 10 * r)
    formulas = {
        "C1": "=A1+1", "C2": "=SUM($A$1:$A$3)", "C3": "=INDEX($A$1:$B$6,0,2)", "C4": "=C1*C2",
        "C5": "=SUMPRODUCT((A4:A6>3)*B4:B6)", "C6": '=IF(C4>0,D1,"A1")', "D1": "=COUNTIF(B:B,\">20\")",
        "D2": "=S!A2*2", "D3": "='S'!B1+total", "D4": "=MOD(INT(B5/{2,4}),2)", "D5": "=_xlfn.AGGREGATE(15,6,A1:A6,2)",
        "D6": "=SUM(C4:C5)", "E1": "=D6+C6", "E2": "=MATCH(3,A1:A6,0)", "E3": "=6", "F1": "=E1+E2+E3",
    }
    for cell, formula in formulas.items():
        ws[cell] = formula
    book.defined_names["total"] = DefinedName("total", attr_text="S!$B$6")
    book.save(path)
    return formulas


@pytest.mark.libreoffice
def test_closure_of_every_input_cell_is_libreoffices(office, tmp_path):
    path = tmp_path / "one.xlsx"
    one_sheet_workbook(path)
    graph = FormulaGraph.from_xlsx(path)
    assert graph.formula_count == 16
    book = office.open(path)
    try:
        for r in range(1, 7):
            for c, letter in ((1, "A"), (2, "B")):
                ours = {(row, col) for _, row, col in graph.dependents([("S", r, c)])}
                theirs = {(row, col) for _, c1, r1, c2, r2 in book.dependents("S", f"{letter}{r}")
                          for row in range(r1, r2 + 1) for col in range(c1, c2 + 1)}
                theirs.discard((r, c))  # LibreOffice's answer holds the cell asked about
                assert ours == theirs, f"{letter}{r}"
                assert ours  # every input is read by something (the test tries each kind of reference)
    finally:
        book.close()


@pytest.fixture(scope="module")
def event_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("graph") / "event.xlsx"
    players = [Player(i, f"P{i}", 1600 + 25 * i) for i in range(1, 7)]
    layout = event_layout(berger_schedule(6), players, {(1, 1): "1-0", (1, 2): "1/2-1/2", (2, 3): "0-1"},
                          lang="en")
    path.write_bytes(xlsx_bytes(layout))
    return path


def result_cells(path) -> list[int]:
    """Rows of the Rounds sheet that hold a game (a number in the White column)."""
    from addin.render.xlsx_read import read_sheets
    rows = read_sheets(path, lambda names: ["Rounds"])[1]["Rounds"]
    return [r for r, row in enumerate(rows, 1)
            if r > 1 and len(row) >= RoundsCols.BLACK_NO and isinstance(row[RoundsCols.BLACK_NO - 1], int)]


def test_shared_cells_read_what_openpyxl_translates(event_file):
    """Every later cell of every shared formula: the references of its own text, made by openpyxl's
    translator from the first cell's."""
    import re
    graph = FormulaGraph.from_xlsx(event_file)
    checked = 0
    with zipfile.ZipFile(event_file) as archive:
        from formula_graph import _workbook
        parts, names = _workbook(archive)
        for sheet, part in parts.items():
            xml = archive.read(part).decode()
            anchors = {m[3]: (m[1], m[4]) for m in re.finditer(
                r'<c r="([A-Z]+[0-9]+)"[^>]*><f t="shared" ref="([^"]+)" si="([0-9]+)">([^<]*)</f>', xml)}
            for m in re.finditer(r'<c r="([A-Z]+)([0-9]+)"[^>]*><f t="shared" si="([0-9]+)"/>', xml):
                origin, text = anchors[m[3]]
                from xml.sax.saxutils import unescape
                formula = Translator("=" + unescape(text, {"&quot;": '"'}), origin).translate_formula(m[1] + m[2])
                from openpyxl.utils import column_index_from_string
                cell = (sheet, int(m[2]), column_index_from_string(m[1]))
                expected = [(r.sheet, r.r1, r.c1, r.r2, r.c2) for r in formula_references(formula, sheet, names)]
                assert [(r.sheet, r.r1, r.c1, r.r2, r.c2) for r in graph.reads[cell]] == expected, (cell, formula)
                checked += 1
    assert checked > 100


@pytest.mark.libreoffice
def test_event_workbook_direct_readers_and_changed_values(office, event_file):
    graph = FormulaGraph.from_xlsx(event_file)
    rows = result_cells(event_file)
    book = office.open(event_file)
    try:
        sheets = book.sheet_names()
        # direct readers of a result cell, on its own sheet, are LibreOffice's
        for row in (rows[0], rows[-1]):
            cell = ("Rounds", row, RoundsCols.RESULT)
            ours = {(r, c) for number in graph.readers(cell) for s, r, c in graph._rects[number][1] if s == "Rounds"}
            theirs = {(r, c) for _, c1, r1, c2, r2 in book.dependents("Rounds", f"E{row}", recursive=False)
                      for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)} - {(row, RoundsCols.RESULT)}
            assert ours == theirs and ours
        # every value LibreOffice changes after a typed result lies in the closure
        book.calculate_all()
        before = {name: book.values(name, book.used_range(name) and f"A1:{book.used_range(name)}") for name in sheets}
        row = rows[-1]
        book.type("Rounds", f"E{row}", "1-0")
        book.calculate()
        dirty = graph.dependents([("Rounds", row, RoundsCols.RESULT)])
        changed = set()
        for name in sheets:
            after = book.values(name, f"A1:{book.used_range(name)}")
            for r, line in enumerate(after, 1):
                for c, value in enumerate(line, 1):
                    old = before[name][r - 1][c - 1] if r <= len(before[name]) and c <= len(before[name][r - 1]) \
                        else ""
                    if value != old:
                        changed.add((name, r, c))
        changed.discard(("Rounds", row, RoundsCols.RESULT))
        assert changed and changed <= dirty
        assert len(dirty) < graph.formula_count
    finally:
        book.close()
