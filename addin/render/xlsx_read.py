"""Read the values of an ``.xlsx`` file: what the event readers and list readers see.

Each cell is given as :mod:`addin.core.cells` describes it: the value Excel or LibreOffice
saved with the cell, or :class:`~addin.core.cells.Uncomputed` for a formula saved without
one (a file written by a program and never opened in a spreadsheet). A file is opened
read-only, once (:class:`XlsxFile`); only the sheets asked for are read, each in one pass.

The values come from `python-calamine <https://pypi.org/project/python-calamine/>`_ (Rust's
calamine): on the 200-player round-robin event it reads the Rounds sheet (17.7 MB of XML,
340,000 cells) in 0.3 s of CPU, where openpyxl took 6 s for its values and as long again for
its formulas, translating every shared formula only to see that the cell had one
(``docs/benchmarks-event-edits.md``). Calamine gives no formulas, so the cells it shows
empty although they are not, a formula saved without a value and an error value (``#N/A``),
are found in the same sheet's XML by a regular expression led by a literal (C speed,
:func:`_unvalued`); a shared formula's text is only made (by openpyxl's translator) when
something asks for it, as the message for an uncomputed input cell does. A formula's value
is missing when the cell has no ``<v>``, or an empty one that is not a text result
(``t="str"``, as Excel and LibreOffice save a formula whose result is ``""``); formulas in
hidden columns (the workbook's own machinery, which no reader reads) are not looked at.

Where calamine is not installed (xlwings Lite in the browser, which reads no files) the
values come from openpyxl: one pass for the values and one for the formulas.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial
from datetime import date, datetime, time
import zipfile
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterable
from xml.etree import ElementTree
from xml.sax.saxutils import unescape

from addin.core.cells import Uncomputed
from addin.core.errors import TournamentError, os_reason
from addin.sheets.model import col_letter

Rows = list[list[Any]]

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PKG_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_ENTITIES = {"&quot;": '"', "&apos;": "'"}

# The cells whose value calamine shows as empty although they are not: a formula saved without a value
# (no <v> element: group 'formula' its text, or a shared formula's later cell), and an error value
# (t="e": group 'error'). An optional namespace prefix is allowed on every tag.
_P = r"(?:[A-Za-z_][\w.-]*:)?"
# (the tags' namespace prefix, the sheet's own, is written out: a pattern led by a literal is found at C speed)
_NO_VALUE = (r'<{p}c r="(?!(?:{hidden})[0-9])(?P<letters>[A-Z]{{1,3}})(?P<digits>[0-9]+)"(?P<attrs>[^>]*)>\s*'
             r"<{p}f\b(?P<fattrs>[^>]*?)(?:/>|>(?P<formula>[^<]*)</{p}f>)\s*(?P<empty><{p}v\s*/>|<{p}v>\s*</{p}v>)?"
             r"\s*</{p}c>")
_TEXT_TYPE = re.compile(rb'\bt="str"')
_ROOT = re.compile(rb"<(?:([A-Za-z_][\w.-]*):)?worksheet\b")
_ANY_FORMULA = (r'<{p}c r="(?P<letters>[A-Z]{{1,3}})(?P<digits>[0-9]+)"[^>]*>\s*'
                r"<{p}f\b(?P<fattrs>[^>]*?)(?:/>|>(?P<formula>[^<]*)</{p}f>)")
_COL = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?col\b[^>]*>")
_ATTR = re.compile(rb'\b(min|max|hidden)="([^"]*)"')
_HIDDEN_LETTERS_MAX = 200  # beyond, the scan tries every cell (still right, slower)
_ERROR = re.compile(
    rf'<{_P}c\b(?P<attrs>[^>]*\bt="e"[^>]*)>\s*(?:<{_P}f\b[^>]*?(?:/>|>[^<]*</{_P}f>)\s*)?'
    rf"<{_P}v>(?P<error>[^<]*)</{_P}v>".encode())
_REF = re.compile(rb'\br="([A-Z]{1,3})([0-9]+)"')
_SHARED = re.compile(rb'\bsi="([0-9]+)"')
_ANCHOR = re.compile(
    (rf'<{_P}c\b[^>]*?\br="(?P<letters>[A-Z]{{1,3}})(?P<digits>[0-9]+)"[^>]*>\s*'
     rf'<{_P}f\b(?P<fattrs>[^>]*\bref="[^"]*"[^>]*)>(?P<formula>[^<]+)</{_P}f>').encode())


def open_error(path: Path, exc: Exception) -> TournamentError:
    return TournamentError("{name} cannot be opened as an Excel workbook (.xlsx): {reason}.",
                           name=path.name, reason=os_reason(exc))


def _calamine():
    try:
        import python_calamine
    except ImportError:  # xlwings Lite (Pyodide): no wheel, and no file to read there
        return None
    return python_calamine


class XlsxFile:
    """An ``.xlsx`` file opened once for reading: its sheet names, and each sheet's values."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        if not self.path.is_file():
            raise TournamentError("The file {path} does not exist.", path=self.path)
        calamine = _calamine()
        self._book: Any = None  # calamine's workbook, or openpyxl's (no calamine)
        self._zip: zipfile.ZipFile | None = None
        self._parts: dict[str, str] = {}
        try:
            if calamine is None:
                from openpyxl import load_workbook
                self._book = load_workbook(self.path, read_only=True, data_only=True)
                self.names = list(self._book.sheetnames)
            else:
                self._book = calamine.CalamineWorkbook.from_path(str(self.path))
                self.names = list(self._book.sheet_names)
                self._zip = zipfile.ZipFile(self.path)
                self._parts = sheet_parts(self._zip)
        except TournamentError:
            raise
        except Exception as exc:  # not a zip, not a workbook, a workbook of another kind
            self.close()
            raise open_error(self.path, exc) from None

    def rows(self, name: str) -> Rows:
        """Every value of sheet ``name`` from A1, row by row (``None`` for an empty cell)."""
        try:
            if self._zip is None:
                return self._openpyxl_rows(name)
            return self._calamine_rows(name)
        except TournamentError:
            raise
        except Exception as exc:  # a damaged part
            raise open_error(self.path, exc) from None

    def close(self) -> None:
        for handle in (self._book, self._zip):
            if handle is not None:
                handle.close()
        self._book = self._zip = None

    def __enter__(self) -> "XlsxFile":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- calamine ------------------------------------------------------------------
    def _calamine_rows(self, name: str) -> Rows:
        assert self._zip is not None  # open with calamine's workbook
        rows = [[_value(value) for value in row]
                for row in self._book.get_sheet_by_name(name).to_python(skip_empty_area=False)]
        part = self._parts.get(name)
        if part is not None:
            for r, c, value in _unvalued(self._zip.read(part)):
                if r >= len(rows):
                    rows.extend([] for _ in range(r + 1 - len(rows)))
                row = rows[r]
                if len(row) <= c:
                    row.extend([None] * (c + 1 - len(row)))
                if row[c] is None:
                    row[c] = value
        return rows

    def formula_rows(self, name: str) -> Rows:
        """Every cell of sheet ``name`` from A1: a formula cell as its text (``"=A1+1"``), any other as
        its value (what a rewritten workbook carries over of the organiser's own sheets and columns)."""
        try:
            if self._zip is None:
                return _formula_sheets(self.path, lambda names: [name])[1][name]
            rows = [list(row) for row in self.rows(name)]
            part = self._parts.get(name)
            if part is not None:
                for r, c, formula in _formulas(self._zip.read(part)):
                    while len(rows) <= r:
                        rows.append([])
                    if len(rows[r]) <= c:
                        rows[r].extend([None] * (c + 1 - len(rows[r])))
                    rows[r][c] = formula
            return rows
        except TournamentError:
            raise
        except Exception as exc:  # a damaged part
            raise open_error(self.path, exc) from None

    # -- openpyxl (no calamine) ----------------------------------------------------
    def _openpyxl_rows(self, name: str) -> Rows:
        from openpyxl import load_workbook
        formulas = load_workbook(self.path, read_only=True, data_only=False)
        try:
            return _merge(self._book[name].iter_rows(values_only=True), formulas[name].iter_rows(values_only=True))
        finally:
            formulas.close()


def read_sheets(path: Path | str, wanted: Callable[[list[str]], Iterable[str]],
                formulas: bool = False) -> tuple[list[str], dict[str, Rows]]:
    """``(sheet names, {name: rows})`` for the sheets ``wanted(sheet names)`` chooses.

    With ``formulas=True`` a formula cell gives its text (``"=A1+1"``) instead of its value
    (openpyxl: for the organiser's own sheets and columns, carried into a rewritten file).
    """
    if formulas:
        return _formula_sheets(Path(path), wanted)
    with XlsxFile(path) as book:
        chosen = [name for name in wanted(book.names) if name in book.names]
        return list(book.names), {name: book.rows(name) for name in chosen}


def first_sheet(path: Path | str) -> list[list[Any]]:
    """The rows of the first worksheet (for player, team and result lists)."""
    names, sheets = read_sheets(path, lambda names: names[:1])
    return sheets.get(names[0], []) if names else []


def _formula_sheets(path: Path, wanted: Callable[[list[str]], Iterable[str]]) -> tuple[list[str], dict[str, Rows]]:
    from openpyxl import load_workbook

    if not path.is_file():
        raise TournamentError("The file {path} does not exist.", path=path)
    try:
        book = load_workbook(path, read_only=True, data_only=False)
    except Exception as exc:
        raise open_error(path, exc) from None
    try:
        names = list(book.sheetnames)
        chosen = [name for name in wanted(names) if name in names]
        return names, {name: [list(row) for row in book[name].iter_rows(values_only=True)] for name in chosen}
    finally:
        book.close()


def _merge(values: Iterable[tuple], formulas: Iterable[tuple]) -> Rows:
    rows: Rows = []
    for value_row, formula_row in zip(values, formulas):
        row = list(value_row)
        for index, formula in enumerate(formula_row):
            if index < len(row) and row[index] is None and isinstance(formula, str) and formula.startswith("="):
                row[index] = Uncomputed(formula)
        rows.append(row)
    return rows


# -- the parts of the file ---------------------------------------------------------------

def sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name → the path of its XML part in the archive (workbook.xml and its relationships)."""
    book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {rel.get("Id"): rel.get("Target", "") for rel in rels.iter(f"{_PKG_REL}Relationship")}
    parts: dict[str, str] = {}
    for sheet in book.iter(f"{_MAIN}sheet"):
        target = targets.get(sheet.get(f"{_REL}id"), "")
        if not target:
            continue
        path = target[1:] if target.startswith("/") else str(PurePosixPath("xl") / target)
        parts[sheet.get("name", "")] = path
    return parts


_COLUMNS: dict[bytes, int] = {}


def _column(letters: bytes) -> int:
    """0-based column of ``b"AB"``."""
    found = _COLUMNS.get(letters)
    if found is None:
        found = 0
        for letter in letters:
            found = found * 26 + letter - 64
        found = _COLUMNS[letters] = found - 1
    return found


def _unvalued(xml: bytes) -> Iterable[tuple[int, int, Any]]:
    """``(row, col, value)`` (0-based) of each cell of a sheet's XML whose value calamine shows as empty:
    an :class:`Uncomputed` formula (a formula cell without a ``<v>`` element: an empty one is a value
    saved empty, as Excel and LibreOffice save a formula whose result is ``""``), or an error's text
    (``#N/A``), as openpyxl gives it."""
    anchors: dict[bytes, tuple[str, str]] | None = None

    def shared_text(si: bytes, where: str) -> str:
        nonlocal anchors
        if anchors is None:
            anchors = {}
            for found in _ANCHOR.finditer(xml):
                index = _SHARED.search(found["fattrs"])
                if index is not None:
                    anchors[index[1]] = ((found["letters"] + found["digits"]).decode(), _text(found["formula"]))
        anchor = anchors.get(si)
        if anchor is None:
            return "="
        from openpyxl.formula.translate import Translator
        return Translator(anchor[1], origin=anchor[0]).translate_formula(where)

    shared_index: dict[bytes, bytes | None] = {}  # an <f>'s attributes -> its si (a large sheet repeats a few)
    column = _COLUMNS.get
    for found in _no_value_pattern(xml).finditer(xml):
        letters, digits, attrs, fattrs, text, empty = found.group("letters", "digits", "attrs", "fattrs", "formula",
                                                                  "empty")
        if empty and _TEXT_TYPE.search(attrs):
            continue  # a formula whose result is "" (saved as Excel and LibreOffice save it)
        col = column(letters)
        row, col = int(digits) - 1, _column(letters) if col is None else col
        if text:
            yield row, col, Uncomputed(_text(text))
            continue
        if fattrs in shared_index:
            si = shared_index[fattrs]
        else:
            index = _SHARED.search(fattrs)
            si = shared_index[fattrs] = None if index is None else index[1]
        if si is not None:  # an empty <f/> that is not a shared formula's cell is no formula
            where = (letters + digits).decode()
            yield row, col, Uncomputed(partial(shared_text, si, where))
    if b't="e"' in xml:
        for found in _ERROR.finditer(xml):
            ref = _REF.search(found["attrs"])
            if ref is not None:
                yield int(ref[2]) - 1, _column(ref[1]), unescape(found["error"].decode())


def _formulas(xml: bytes) -> Iterable[tuple[int, int, str]]:
    """``(row, col, "=text")`` (0-based) of every formula cell of a sheet's XML; a shared formula's later
    cell gets its first cell's text moved (openpyxl's translator), an array formula's first cell its text."""
    root = _ROOT.search(xml, 0, 4096)
    prefix = re.escape(root[1].decode() + ":") if root is not None and root[1] else ""
    anchors: dict[bytes, tuple[str, str]] = {}
    later: list[tuple[int, int, bytes, str]] = []
    for found in _pattern(_ANY_FORMULA.format(p=prefix)).finditer(xml):
        row, col = int(found["digits"]) - 1, _column(found["letters"])
        where = (found["letters"] + found["digits"]).decode()
        index = _SHARED.search(found["fattrs"])
        if found["formula"]:
            text = _text(found["formula"])
            if index is not None:
                anchors[index[1]] = (where, text)
            yield row, col, text
        elif index is not None:
            later.append((row, col, index[1], where))
    if later:
        from openpyxl.formula.translate import Translator
        for row, col, si, where in later:
            if si in anchors:
                origin, text = anchors[si]
                yield row, col, Translator(text, origin=origin).translate_formula(where)


def _value(value: Any) -> Any:
    """A value of calamine's as openpyxl gives it: None for an empty cell, 12 for a whole number (as the
    file writes it), a date cell as a datetime."""
    kind = type(value)
    if kind is str:
        return None if value == "" else value
    if kind is float:
        return int(value) if value.is_integer() else value
    if kind is date:
        return datetime.combine(value, time())
    return value


def _no_value_pattern(xml: bytes) -> re.Pattern:
    """The pattern of a formula cell saved without a value, in a column the sheet shows.

    A hidden column holds the workbook's own machinery (the event's helper columns): no reader
    reads it, a spreadsheet computes it when it opens the file, and in a large event it holds
    most formula cells (199,000 of the 200-player Rounds sheet's), which a scan that skips them
    does not look at (0.09 s for that sheet, instead of 1.2 s). A cell without an ``r``
    attribute as its first, as no known writer saves it, is not found.
    """
    head = xml[:xml.find(b"<sheetData")]
    hidden: list[str] = []
    for col in _COL.finditer(head):
        attrs = {key: value for key, value in _ATTR.findall(col[0])}
        if attrs.get(b"hidden") in (b"1", b"true"):
            low, high = int(attrs.get(b"min", b"1")), int(attrs.get(b"max", attrs.get(b"min", b"1")))
            hidden += [col_letter(c) for c in range(low, min(high, low + _HIDDEN_LETTERS_MAX) + 1)]
    if not hidden or len(hidden) > _HIDDEN_LETTERS_MAX:
        hidden = ["@"]  # no column is called @: every cell is tried
    root = _ROOT.search(xml, 0, 4096)
    prefix = re.escape(root[1].decode() + ":") if root is not None and root[1] else ""
    # the one-letter columns as one character class (tried at each cell: 0.07 s -> 0.05 s on the
    # 200-player Rounds sheet), the longer ones as alternatives after it
    single = "".join(sorted(letters for letters in hidden if len(letters) == 1))
    longer = sorted((letters for letters in hidden if len(letters) > 1), key=len, reverse=True)
    return _pattern(_NO_VALUE.format(p=prefix, hidden="|".join(([f"[{single}]"] if single else []) + longer)))


@lru_cache(maxsize=64)
def _pattern(text: str) -> re.Pattern:
    return re.compile(text.encode())


def _text(formula: bytes) -> str:
    return "=" + unescape(formula.decode(), _ENTITIES)
