"""What an event's use cases need from a workbook, whoever holds it.

A :class:`Book` is a file on disk (``addin.render.file_book.FileBook``, openpyxl) or a
workbook open in Excel (``addin.render.live.LiveBook``, xlwings: desktop, xlwings Server,
Lite). The use cases in ``addin/events`` read its input sheets through :meth:`Book.values`
and write a new state through :meth:`Book.write`, so a command-line run and a button give
the same workbook.

Cells are read as ``addin.core.cells`` describes them (a formula saved without its value
is an :class:`~addin.core.cells.Uncomputed`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, Sequence

from addin.core.errors import TournamentError
from addin.sheets.model import WorkbookLayout, col_letter

Rows = list[list[Any]]


@dataclass
class Write:
    """A new state of an event's own sheets.

    ``layout``: the whole event (its own sheets). ``keep_columns``: sheets the organiser
    types into, of which only the first N columns are the event's (the rest is his and is
    kept; ``spare_columns`` likewise). ``cells``: the same change as a few cell writes ``(sheet, row, col, value)``,
    when it is that small (a live workbook may apply only these; a file is always
    written whole).
    """

    layout: WorkbookLayout
    keep_columns: dict[str, int] = field(default_factory=dict)
    cells: Sequence[tuple[str, int, int, Any]] | None = None
    #: columns inside a kept sheet's own ones that the event never writes (a spacer beside a
    #: round's games): what the organiser typed there is his, and kept like his columns after
    spare_columns: dict[str, tuple[int, ...]] = field(default_factory=dict)


class Book(Protocol):
    """A workbook as the use cases see it."""

    #: the copy kept of the file its last write replaced (``addin.render.backups``), which a use case's outcome
    #: names; None before a write, and always for a workbook open in Excel (changed in place, no file copied)
    backup: Path | None

    @property
    def name(self) -> str:
        """How messages name it (the file name, or the workbook's name in Excel)."""

    def sheet_names(self) -> list[str]:
        """Its sheets, in tab order."""

    def values(self, sheet: str) -> Rows | None:
        """Every value of ``sheet`` from A1 (rows of cells), or None when there is no such sheet."""

    def known(self, sheet: str) -> Rows | None:
        """The rows of ``sheet`` in the cells its reader reads, as the last write made them, when the book
        is known to hold them unchanged (a file not changed since this program wrote it); else None, and
        the reader reads :meth:`values`."""

    def prefetch(self, sheets: Sequence[str]) -> None:
        """A hint: these sheets will be read (a file reads them in one pass); may do nothing."""

    def write(self, change: Write) -> None:
        """Write the event's own sheets; other sheets and the kept columns stay as they are."""


def read_many(book: Book, sheets: Sequence[str]) -> None:
    """Let ``book`` read these sheets at once when it can (a file is then opened once, not once a sheet)."""
    reader = getattr(book, "read_many", None)
    if reader is not None:
        reader([name for name in sheets if name in book.sheet_names()])


def cell(rows: Sequence[Sequence[Any]] | None, row: int, col: int) -> Any:
    """The value at ``(row, col)`` (1-based) of ``rows``, None outside."""
    if rows is None or row < 1 or col < 1 or len(rows) < row:
        return None
    line = rows[row - 1]
    return line[col - 1] if len(line) >= col else None


def check_room(book: Book, sheet: str, own_now: int, own_next: int) -> None:
    """Refuse a write that would widen the event's part of ``sheet`` (its first ``own_now`` columns)
    to ``own_next`` columns over a column holding the organiser's own data: he moves his column,
    nothing of his is overwritten (a new team-list column, a new player field)."""
    rows = book.values(sheet)
    if rows is None or own_next <= own_now:
        return
    for col in range(own_now + 1, own_next + 1):
        for r, line in enumerate(rows, 1):
            value = line[col - 1] if len(line) >= col else None
            if value is not None and str(value).strip() != "":
                raise TournamentError(
                    "{book}: column {col} of the sheet '{sheet}' holds your own data (cell {col}{row}), and the event "
                    "now needs that column; move your column further right and run again. Nothing was changed.",
                    book=book.name, sheet=sheet, col=col_letter(col), row=r)
