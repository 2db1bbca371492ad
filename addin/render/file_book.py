"""An event workbook on disk as a :class:`~addin.sheets.book.Book` (openpyxl).

Reading: the sheets' values as Excel or LibreOffice saved them (``addin.render.xlsx_read``): the
file is opened once, at the first read, and each sheet asked for is read in one pass.

Writing (:meth:`FileBook.write`): the file is rewritten whole from the new layout, through
``addin.render.output`` (made in memory, the old file kept in its rotating set of previous
versions ``name.backups/``, then renamed into place). What the organiser added to the
workbook is carried into the new file: every sheet that is not one of the event's keeps its
values and formulas, in a sheet he types into (the player list, the round sheets) the
columns after the event's own keep theirs (notes typed beside a game), and every comment
stays on its cell. Their formatting stays in the kept copy. The file's VBA project,
buttons and xlwings Lite code are carried byte for byte (:mod:`addin.render.kept_parts`).

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
from typing import Any, Callable

from addin.core.cells import Uncomputed
from addin.core.errors import TournamentError, os_reason
from addin.core.messages import Message, N_
from addin.render import known_rows, sharing
from addin.render.kept_parts import rewritten
from addin.render.output import write_bytes
from addin.render.xlsx_comments import read_comments
from addin.render.xlsx_read import XlsxFile
from addin.sheets.book import Rows, Write
from addin.sheets.model import SheetLayout, WorkbookLayout, col_letter


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
        self._known: dict[str, Rows] | None = None  # what the last write said its sheets hold (known_rows)
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
        return list(self._names or ())

    def read_many(self, sheets: list[str]) -> None:
        """Read these sheets (each is read once, whoever asks first)."""
        for sheet in sheets:
            self.values(sheet)

    def values(self, sheet: str) -> Rows | None:
        if sheet not in self._values:
            if sheet not in self.sheet_names():
                return None
            self._values[sheet] = self._read(lambda: self._file().rows(sheet))
        return self._values[sheet]

    def known(self, sheet: str) -> Rows | None:
        """The rows the write that made this file said ``sheet`` holds in the cells its reader reads
        (``SheetLayout.read_back``), when the file is still byte for byte that write's and nothing of the
        organiser's was carried into that sheet (``addin.render.known_rows``); None otherwise."""
        if self._known is None:
            self._known = known_rows.known(self._seen.sha256) if self._seen is not None else {}
        return self._known.get(sheet)

    def prefetch(self, sheets) -> None:
        """Read the values of ``sheets`` now (the file stays open between reads anyway)."""
        self.read_many(list(sheets))

    def _close_reader(self) -> None:
        reader = getattr(self, "_reader", None)
        if reader is not None:
            reader.close()
            self._reader = None

    def write(self, change: Write) -> None:
        """Rewrite the file whole with ``change`` (see the module), then give back its lock."""
        layout, carried = self._carry_over(change)
        self._close_reader()  # the file is replaced below: no handle may stay open on it
        try:
            self.backup = write_bytes(self.path, lambda: rewritten(self.path, layout), force=True, backup=True,
                                      expected=self._seen)
            self._seen = sharing.fingerprint(self.path)
            if self._seen is not None:
                known_rows.keep_written(self._seen.sha256, layout, carried)
        finally:
            self.close()
        self._names, self._values, self._formulas, self._known = None, {}, {}, None

    # -- what the organiser added -------------------------------------------------
    def _formula_rows(self, sheet: str) -> Rows:
        """Cells of ``sheet`` with formulas as their text (values elsewhere)."""
        if sheet not in self._formulas:
            self._formulas[sheet] = (self._read(lambda: self._file().formula_rows(sheet))
                                     if sheet in self.sheet_names() else [])
        return self._formulas[sheet]

    def _read(self, read: Callable[[], Rows]) -> Rows:
        """``read()``, except that a part that cannot be read because the file was saved over since it
        was opened (its old directory no longer matches) is said as the change it is, not as damage."""
        try:
            return read()
        except TournamentError:
            sharing.check_unchanged(self.path, self._seen)
            raise

    def _check_anchors(self, sheet: SheetLayout, kept: dict[tuple[int, int], Any], what: str) -> None:
        """Refuse to keep a comment or a note on a row that the rewrite gives to another game or player.

        A block whose rows were moved (a row inserted, or the block sorted) is read by what its rows
        hold and written back in its order; a note beside a row, or a comment on it, would then
        stand beside another one. The row's first cell (its round, table or number, or a title),
        and its second when the event writes a number there (a board), say whether it is the
        same row before and after."""
        if not kept:
            return
        rows = self._values.get(sheet.name) or self._formula_rows(sheet.name)
        written = sheet.cells
        for (r, c) in sorted(kept):
            line = rows[r - 1] if r <= len(rows) else []
            for col in ANCHOR_COLUMNS:
                before = line[col - 1] if len(line) >= col else None
                cell = written.get((r, col))
                after = None if cell is None or cell.formula else cell.value
                if cell is not None and cell.formula:
                    continue
                if col > 1 and not isinstance(after, (int, float)):
                    continue  # a name beside a number, which a rename changes: the row is its number's
                if not _same(before, after):
                    raise TournamentError(
                        "{name}, sheet {sheet}: your {what} in cell {cell} stands beside row {row}, which now holds "
                        "something else than what the event writes there (rows were inserted, deleted or sorted): "
                        "after the rewrite it would stand beside another game or player. Delete the inserted row "
                        "or undo the sort first; nothing was changed.", name=self.name, sheet=sheet.name,
                        what=Message(N_("note") if what == "note" else N_("comment")), cell=f"{col_letter(c)}{r}",
                        row=r)

    def _carry_over(self, change: Write) -> tuple[WorkbookLayout, set[str]]:
        """``change``'s layout with what the organiser added carried into it, and the event's sheets
        that received some of it (cells beside the event's columns, comments)."""
        layout = change.layout
        carried: set[str] = set()
        own = {sheet.name for sheet in layout.sheets}
        for name in self.sheet_names():
            if name not in own:
                layout.sheets.append(_foreign_sheet(name, self._formula_rows(name)))
        comments = read_comments(self.path)
        for sheet in layout.sheets:  # every comment stays on its cell, in the event's sheets as in his own
            found = comments.get(sheet.name, {})
            if found and not sheet.foreign:
                self._check_anchors(sheet, found, "comment")
                carried.add(sheet.name)
            sheet.comments.update(found)
        for sheet in layout.sheets:
            first_free = change.keep_columns.get(sheet.name)
            if first_free is None or sheet.name not in self.sheet_names():
                continue
            spare = set(change.spare_columns.get(sheet.name, ()))
            if self.known(sheet.name) is not None:
                continue  # the sheet as this program wrote it, with nothing of his carried into it
            seen = self._values.get(sheet.name)
            if seen is not None and not any(v is not None for row in seen for c, v in enumerate(row, 1)
                                            if c > first_free or c in spare):
                continue  # the values read hold nothing of his right of (or between) the event's columns
            # a streamed sheet (a large round sheet) writes nothing right of its own columns
            written = {} if sheet.rows_source is not None else sheet.cells
            kept = {}
            for r, row in enumerate(self._formula_rows(sheet.name), 1):
                for c, value in enumerate(row, 1):
                    if (c > first_free or c in spare) and value is not None and (r, c) not in written:
                        kept[(r, c)] = value
            self._check_anchors(sheet, kept, "note")
            for (r, c), value in kept.items():
                _put(sheet, r, c, value)
            if kept:
                carried.add(sheet.name)
        return layout, carried


ANCHOR_COLUMNS = (1, 2)  # what names a row of an event's sheet: round and board, table, player number


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, Uncomputed) or isinstance(b, Uncomputed):
        return True
    if a in (None, "") or b in (None, ""):
        return a in (None, "") and b in (None, "")
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return float(a) == float(b)
    return str(a) == str(b)


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
