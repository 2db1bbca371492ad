"""An event workbook on disk as a :class:`~addin.sheets.book.Book` (openpyxl).

Reading: the sheets' values as Excel or LibreOffice saved them (``addin.render.xlsx_read``): the
file is opened once, at the first read, and each sheet asked for is read in one pass.

Writing (:meth:`FileBook.write`): the file is rewritten whole from the new layout, through
``addin.render.output`` (made in memory, the old file kept in its rotating set of previous
versions ``name.backups/``, then renamed into place). What the organiser added to the
workbook is carried into the new file: every sheet that is not one of the event's keeps its
values and formulas, and in a sheet he types into (the player list) the columns after the
event's own keep theirs. Their formatting stays in the kept copy.

One writer at a time (``addin.render.sharing``): opening the book takes the file's lock
(a second command on the same file waits here for the first to finish, then reads what it
wrote) and fingerprints the file; the lock is given back once the book has written, or by
:meth:`close` (also when the book is collected, or the program ends). A write is refused
when the file changed after it was opened (saved from a spreadsheet meanwhile) or is open in
LibreOffice or Excel.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

from addin.core.cells import Uncomputed
from addin.core.errors import TournamentError, os_reason
from addin.render import sharing
from addin.render.output import write_bytes
from addin.render.xlsx import xlsx_bytes
from addin.render.xlsx_read import XlsxFile
from addin.sheets.book import Rows, Write
from addin.sheets.model import SheetLayout, WorkbookLayout


class FileBook:
    """An existing ``.xlsx`` file, read on demand, rewritten whole."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        if self.path.suffix.lower() not in (".xlsx", ".xlsm"):
            raise TournamentError("{name} is not an Excel workbook (.xlsx).", name=self.path.name)
        if not self.path.is_file():
            raise TournamentError("The file {path} does not exist.", path=self.path)
        self._names: list[str] | None = None
        self._values: dict[str, Rows] = {}
        self._formulas: dict[str, Rows] = {}
        self._reader: XlsxFile | None = None
        self.backup: Path | None = None
        self._claim = sharing.Claim(self.path)
        self._release = weakref.finalize(self, self._claim.release)
        try:
            self._seen = sharing.fingerprint(self.path)
        except OSError as exc:
            self.close()
            raise TournamentError("The file {path} cannot be read: {reason}.", path=self.path,
                                  reason=os_reason(exc)) from None
        if self._seen is None:
            self.close()
            raise TournamentError("The file {path} does not exist.", path=self.path)

    def close(self) -> None:
        """Close the file and give back its lock (the book can still be read; writing takes it again)."""
        self._close_reader()
        self._release()

    def __enter__(self) -> "FileBook":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def name(self) -> str:
        return self.path.name

    def _file(self) -> XlsxFile:
        """The file, opened once for all the reads of a command (closed when it is written)."""
        if self._reader is None:
            self._reader = XlsxFile(self.path)
            self._names = list(self._reader.names)
        return self._reader

    def sheet_names(self) -> list[str]:
        if self._names is None:
            self._file()
        return list(self._names)

    def read_many(self, sheets: list[str]) -> None:
        """Read these sheets (each is read once, whoever asks first)."""
        for sheet in sheets:
            self.values(sheet)

    def values(self, sheet: str) -> Rows | None:
        if sheet not in self._values:
            if sheet not in self.sheet_names():
                return None
            self._values[sheet] = self._file().rows(sheet)
        return self._values[sheet]

    def prefetch(self, sheets) -> None:
        """Read the values of ``sheets`` now (the file stays open between reads anyway)."""
        self.read_many(list(sheets))

    def _close_reader(self) -> None:
        if getattr(self, "_reader", None) is not None:
            self._reader.close()
            self._reader = None

    def write(self, change: Write) -> None:
        """Rewrite the file whole with ``change`` (see the module), then give back its lock."""
        layout = self._carry_over(change)
        self._close_reader()  # the file is replaced below: no handle may stay open on it
        try:
            self.backup = write_bytes(self.path, lambda: xlsx_bytes(layout), force=True, backup=True,
                                      expected=self._seen)
            self._seen = sharing.fingerprint(self.path)
        finally:
            self.close()
        self._names, self._values, self._formulas = None, {}, {}

    # -- what the organiser added -------------------------------------------------
    def _formula_rows(self, sheet: str) -> Rows:
        """Cells of ``sheet`` with formulas as their text (values elsewhere)."""
        if sheet not in self._formulas:
            self._formulas[sheet] = self._file().formula_rows(sheet) if sheet in self.sheet_names() else []
        return self._formulas[sheet]

    def _carry_over(self, change: Write) -> WorkbookLayout:
        layout = change.layout
        own = {sheet.name for sheet in layout.sheets}
        for name in self.sheet_names():
            if name not in own:
                layout.sheets.append(_foreign_sheet(name, self._formula_rows(name)))
        for sheet in layout.sheets:
            first_free = change.keep_columns.get(sheet.name)
            if first_free is None or sheet.name not in self.sheet_names():
                continue
            for r, row in enumerate(self._formula_rows(sheet.name), 1):
                for c, value in enumerate(row, 1):
                    if c > first_free and value is not None and (r, c) not in sheet.cells:
                        _put(sheet, r, c, value)
        return layout


def _foreign_sheet(name: str, rows: Rows) -> SheetLayout:
    sheet = SheetLayout(name, foreign=True)
    for r, row in enumerate(rows, 1):
        for c, value in enumerate(row, 1):
            if value is not None:
                _put(sheet, r, c, value)
    return sheet


def _put(sheet: SheetLayout, r: int, c: int, value: Any) -> None:
    if isinstance(value, Uncomputed):
        value = value.formula
    if isinstance(value, str) and value.startswith("=") and len(value) > 1:
        cell = sheet.formula(r, c, value)
    else:
        cell = sheet.set(r, c, value, text=isinstance(value, str))
    cell.style = None
