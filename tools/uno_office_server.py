"""The UNO side of ``tools/uno_office.py``: run by the Python that has LibreOffice's ``uno``.

Debian's ``/usr/bin/python3`` has ``uno`` (package python3-uno); the project's own Python may
be another build that cannot load it, so the client (``uno_office.py``) starts this script as a
child and talks to it in JSON lines over stdin/stdout:

    request   {"op": "type", "args": {"doc": 1, "sheet": "Rondes", "cell": "E5", "text": "1-0"}}
    reply     {"ok": <result>}   or   {"error": "<what went wrong>"}

Each operation is what a person does in Calc: open a file, type into a cell (parsed as the
input line parses it: numbers, text, formulas), insert or delete rows and columns, sort a
block, add a comment, move a sheet, save in a format, recalculate. Rows and columns are
1-based, as on the screen. The script connects to a LibreOffice already listening on the
named pipe given as its argument (the client starts it and stops it by its pid).
"""

from __future__ import annotations

import json
import sys
import time
import traceback

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.table import CellAddress

FILTERS = {
    "xlsx": "Calc MS Excel 2007 XML",
    "xlsm": "Calc MS Excel 2007 VBA XML",
    "ods": "calc8",
    "pdf": "calc_pdf_Export",
}


def props(**values):
    out = []
    for name, value in values.items():
        prop = PropertyValue()
        prop.Name, prop.Value = name, value
        out.append(prop)
    return tuple(out)


def connect(pipe: str, timeout: float = 60.0):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + timeout
    while True:
        try:
            context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
            break
        except Exception:  # NoConnectException until soffice listens
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    return context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)


def column_index(col) -> int:
    """0-based index of a column given as a letter (``"C"``) or a 1-based number."""
    if isinstance(col, int):
        return col - 1
    n = 0
    for ch in str(col).upper():
        n = n * 26 + ord(ch) - 64
    return n - 1


class Server:
    def __init__(self, desktop):
        self.desktop = desktop
        self.docs: dict[int, object] = {}
        self.next_id = 1

    # -- documents ----------------------------------------------------------------
    def _add(self, doc) -> int:
        doc_id = self.next_id
        self.next_id += 1
        self.docs[doc_id] = doc
        return doc_id

    def open(self, path: str, hidden: bool = True, read_only: bool = False, filter: str | None = None,
             macros: bool = False) -> int:
        """Open ``path``; its macros stay unrun unless ``macros`` (``MacroExecutionMode`` 4: always, no warning)."""
        url = uno.systemPathToFileUrl(path)
        extra = {"FilterName": filter} if filter else {}
        doc = self.desktop.loadComponentFromURL(url, "_blank", 0, props(
            Hidden=hidden, ReadOnly=read_only, MacroExecutionMode=4 if macros else 0, **extra))
        if doc is None:
            raise RuntimeError(f"LibreOffice could not open {path}")
        return self._add(doc)

    def new(self) -> int:
        return self._add(self.desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0,
                                                           props(Hidden=True)))

    def close(self, doc: int) -> None:
        self.docs.pop(doc).close(True)

    def save(self, doc: int, path: str | None = None, fmt: str = "xlsx") -> None:
        document = self.docs[doc]
        if path is None:
            document.store()
            return
        # storeAsURL: the document now lives at path (as "Save As" does; its lock moves with it)
        document.storeAsURL(uno.systemPathToFileUrl(path), props(FilterName=FILTERS[fmt], Overwrite=True))

    def export(self, doc: int, path: str, fmt: str = "xlsx") -> None:
        """A copy in ``fmt`` ("Save a copy"); the document stays where it was."""
        self.docs[doc].storeToURL(uno.systemPathToFileUrl(path), props(FilterName=FILTERS[fmt], Overwrite=True))

    # -- sheets ---------------------------------------------------------------------
    def _sheet(self, doc: int, sheet):
        sheets = self.docs[doc].Sheets
        return sheets.getByIndex(sheet) if isinstance(sheet, int) else sheets.getByName(sheet)

    def sheet_names(self, doc: int) -> list[str]:
        return list(self.docs[doc].Sheets.ElementNames)

    def move_sheet(self, doc: int, sheet: str, position: int) -> None:
        """Move ``sheet`` so that it ends at tab ``position`` (0-based)."""
        sheets = self.docs[doc].Sheets
        current = list(sheets.ElementNames).index(sheet)
        # moveByName inserts before the tab now at the index given
        sheets.moveByName(sheet, position + 1 if position > current else position)

    def rename_sheet(self, doc: int, sheet: str, name: str) -> None:
        self._sheet(doc, sheet).Name = name

    def insert_sheet(self, doc: int, name: str, position: int) -> None:
        self.docs[doc].Sheets.insertNewByName(name, position)

    def remove_sheet(self, doc: int, sheet: str) -> None:
        self.docs[doc].Sheets.removeByName(sheet)

    def used_range(self, doc: int, sheet) -> str:
        cursor = self._sheet(doc, sheet).createCursor()
        cursor.gotoEndOfUsedArea(False)
        address = cursor.RangeAddress
        return _name(address.EndColumn, address.EndRow)

    # -- cells ------------------------------------------------------------------------
    def values(self, doc: int, sheet, range: str) -> list[list]:
        return [list(row) for row in self._sheet(doc, sheet).getCellRangeByName(range).DataArray]

    def formulas(self, doc: int, sheet, range: str) -> list[list]:
        return [list(row) for row in self._sheet(doc, sheet).getCellRangeByName(range).FormulaArray]

    def texts(self, doc: int, sheet, range: str) -> list[list[str]]:
        """What the cells show (their formatted text)."""
        block = self._sheet(doc, sheet).getCellRangeByName(range)
        rows, cols = block.Rows.Count, block.Columns.Count
        return [[block.getCellByPosition(c, r).String for c in range_(cols)] for r in range_(rows)]

    def type(self, doc: int, sheet, cell: str, text: str) -> None:
        """Enter ``text`` into ``cell`` as typed on the input line (a number, text, ``=formula``)."""
        self._sheet(doc, sheet).getCellRangeByName(cell).setFormula(text)

    def set_text(self, doc: int, sheet, cell: str, text: str) -> None:
        self._sheet(doc, sheet).getCellRangeByName(cell).setString(text)

    def clear(self, doc: int, sheet, range: str) -> None:
        # VALUE | DATETIME | STRING | FORMULA (the content, not the formatting nor the comments)
        self._sheet(doc, sheet).getCellRangeByName(range).clearContents(1 | 2 | 4 | 16)

    def insert_rows(self, doc: int, sheet, row: int, count: int = 1) -> None:
        """Insert ``count`` empty rows so that the first new one is ``row`` (what was there moves down)."""
        self._sheet(doc, sheet).Rows.insertByIndex(row - 1, count)

    def delete_rows(self, doc: int, sheet, row: int, count: int = 1) -> None:
        self._sheet(doc, sheet).Rows.removeByIndex(row - 1, count)

    def insert_columns(self, doc: int, sheet, col, count: int = 1) -> None:
        self._sheet(doc, sheet).Columns.insertByIndex(column_index(col), count)

    def delete_columns(self, doc: int, sheet, col, count: int = 1) -> None:
        self._sheet(doc, sheet).Columns.removeByIndex(column_index(col), count)

    def sort(self, doc: int, sheet, range: str, key, ascending: bool = True, header: bool = False) -> None:
        """Sort the block ``range`` by its column ``key`` (a sheet column letter or 1-based sheet column)."""
        block = self._sheet(doc, sheet).getCellRangeByName(range)
        field = uno.createUnoStruct("com.sun.star.table.TableSortField")
        field.Field = column_index(key) - block.RangeAddress.StartColumn
        field.IsAscending = ascending
        field.IsCaseSensitive = False
        descriptor = list(block.createSortDescriptor())
        for prop in descriptor:
            if prop.Name == "SortFields":
                prop.Value = uno.Any("[]com.sun.star.table.TableSortField", (field,))
            elif prop.Name == "ContainsHeader":
                prop.Value = header
        uno.invoke(block, "sort", (tuple(descriptor),))

    def comments(self, doc: int, sheet) -> list[list]:
        """``[[cell, text], …]`` of the sheet's comments."""
        out = []
        for note in self._sheet(doc, sheet).Annotations:
            address = note.Position
            out.append([_name(address.Column, address.Row), note.String])
        return out

    def add_comment(self, doc: int, sheet, cell: str, text: str) -> None:
        target = self._sheet(doc, sheet).getCellRangeByName(cell).CellAddress
        address = CellAddress(target.Sheet, target.Column, target.Row)
        self._sheet(doc, sheet).Annotations.insertNew(address, text)

    # -- recalculation -------------------------------------------------------------------
    def calculate(self, doc: int) -> float:
        """Recalculate the formulas that need it (dependents of what changed); seconds taken."""
        start = time.perf_counter()
        self.docs[doc].calculate()
        return time.perf_counter() - start

    def calculate_all(self, doc: int) -> float:
        """Recalculate every formula; seconds taken."""
        start = time.perf_counter()
        self.docs[doc].calculateAll()
        return time.perf_counter() - start

    def type_and_calculate(self, doc: int, sheet, cell: str, text: str) -> float:
        """Type into ``cell``, then :meth:`calculate`; seconds of the recalculation alone."""
        self.type(doc, sheet, cell, text)
        return self.calculate(doc)

    def set_auto_calculate(self, doc: int, on: bool) -> None:
        self.docs[doc].enableAutomaticCalculation(on)

    # -- formula audit ----------------------------------------------------------------
    def dependents(self, doc: int, sheet, range: str, recursive: bool = True) -> list[list]:
        """The cells whose formulas read ``range`` (LibreOffice's *Trace Dependents*), transitively
        with ``recursive``: ``[sheet index, first col, first row, last col, last row]`` blocks, 1-based.
        LibreOffice looks only in the sheet of ``range`` (``ScCellRangesBase::queryDependents``)."""
        found = self._sheet(doc, sheet).getCellRangeByName(range).queryDependents(recursive)
        return [[a.Sheet, a.StartColumn + 1, a.StartRow + 1, a.EndColumn + 1, a.EndRow + 1]
                for a in found.RangeAddresses]

    # -- macros and controls ------------------------------------------------------------
    def basic_modules(self, doc: int) -> dict[str, dict[str, str]]:
        """``{library: {module: source}}`` of the document's Basic libraries (VBA imported from .xlsm)."""
        libraries = self.docs[doc].BasicLibraries
        out: dict[str, dict[str, str]] = {}
        for name in libraries.ElementNames:
            libraries.loadLibrary(name)
            library = libraries.getByName(name)
            out[name] = {module: library.getByName(module) for module in library.ElementNames}
        return out

    def add_basic_module(self, doc: int, library: str, module: str, source: str) -> None:
        """Add (or replace) the Basic module ``library.module`` of the document with ``source``."""
        libraries = self.docs[doc].BasicLibraries
        if not libraries.hasByName(library):
            libraries.createLibrary(library)
        libraries.loadLibrary(library)
        container = libraries.getByName(library)
        if container.hasByName(module):
            container.removeByName(module)
        container.insertByName(module, source)

    def run_basic(self, doc: int, library: str, module: str, function: str, args: list) -> object:
        """Run the Basic (VBA) function ``library.module.function`` of the document with ``args``; its value."""
        script = self.docs[doc].getScriptProvider().getScript(
            f"vnd.sun.star.script:{library}.{module}.{function}?language=Basic&location=document")
        value = script.invoke(tuple(args), (), ())[0]
        return value

    def buttons(self, doc: int, sheet) -> list[dict]:
        """The form controls of ``sheet``: label and every script bound to them."""
        page = self._sheet(doc, sheet).DrawPage
        out = []
        for form_index in range(page.Forms.Count):
            form = page.Forms.getByIndex(form_index)
            for index in range(form.Count):
                control = form.getByIndex(index)
                events = [{"listener": e.ListenerType, "method": e.EventMethod, "type": e.ScriptType,
                           "code": e.ScriptCode} for e in form.getScriptEvents(index)]
                out.append({"name": control.Name, "label": getattr(control, "Label", ""), "events": events})
        return out

    def shapes(self, doc: int, sheet) -> list[dict]:
        """Every drawing shape of ``sheet`` (buttons, images): type, name and position."""
        page = self._sheet(doc, sheet).DrawPage
        out = []
        for index in range(page.Count):
            shape = page.getByIndex(index)
            out.append({"type": shape.ShapeType, "name": getattr(shape, "Name", ""),
                        "x": shape.Position.X, "y": shape.Position.Y})
        return out


def range_(n):
    return range(n)


def _name(col: int, row: int) -> str:
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(65 + rem) + letters
    return f"{letters}{row + 1}"


def main() -> None:
    pipe = sys.argv[1]
    server = Server(connect(pipe))
    out = sys.stdout
    out.write(json.dumps({"ok": "ready"}) + "\n")
    out.flush()
    for line in sys.stdin:
        request = json.loads(line)
        op = request["op"]
        if op == "quit":
            for doc in list(server.docs):
                try:
                    server.close(doc)
                except Exception:
                    pass
            out.write(json.dumps({"ok": None}) + "\n")
            out.flush()
            return
        try:
            result = getattr(server, op)(**request.get("args", {}))
            reply = {"ok": result}
        except Exception as exc:  # the client raises it with LibreOffice's words
            reply = {"error": f"{type(exc).__name__}: {getattr(exc, 'Message', '') or exc}",
                     "trace": traceback.format_exc(limit=3)}
        out.write(json.dumps(reply, default=str) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
