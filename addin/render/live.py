"""Render a :class:`~addin.sheets.model.WorkbookLayout` into an open workbook (xlwings).

Used by the Excel buttons (``addin.excel.buttons``). Only the layout's own sheets are
written; other sheets of the caller's workbook are never touched. A sheet that
exists is cleared first (only its first ``own_columns[name]`` columns for a
sheet the organiser types into, e.g. the player list), a missing one is added
after the last sheet.

Only xlwings' public API is used, so the same code runs with classic xlwings
(Excel on Windows/macOS) and with xlwings' remote interpreter (``xw.Book(json=…)``,
xlwings Server/Lite), where every write becomes one JSON action. Cells are
written as one 2D block per sheet; formats are applied per rectangle of cells
sharing a style (few actions even for a 30-player double round-robin).

Differences from the file renderer (xlwings has no portable API for them):
page breaks, orientation and fit-to-width, sheet protection and tab colours are
not set; hidden columns get width 0. Text typed by users (``text=True``) that
Excel could read as a formula, a number or a date gets the ``'`` prefix, so it
stays text.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any, Iterable

from addin.sheets.model import SheetLayout, Style, WorkbookLayout, col_letter, range_ref

_RISKY_TEXT = re.compile(r"^[=+\-@]|^\s*[0-9.,/:\- ]+\s*$|^\s*\d+\s*[/\-:]")


def text_value(value: str) -> str:
    """A user string as written through xlwings: ``'``-prefixed when Excel would convert it."""
    return "'" + value if _RISKY_TEXT.search(value) else value


def render_into_book(book: Any, layout: WorkbookLayout, own_columns: dict[str, int] | None = None) -> None:
    """Write every sheet of ``layout`` into the xlwings ``book``."""
    layout.check(formulas=False)
    own_columns = own_columns or {}
    existing = {sheet.name: sheet for sheet in book.sheets}
    previous = None
    for sheet_layout in layout.sheets:
        sheet = existing.get(sheet_layout.name)
        if sheet is None:
            after = previous if previous is not None else book.sheets[len(book.sheets) - 1]
            sheet = book.sheets.add(sheet_layout.name, after=after)
        else:
            _unprotect(sheet)
            _clear(sheet, own_columns.get(sheet_layout.name))
        _render_sheet(sheet, sheet_layout, layout.styles)
        previous = sheet
    for name, reference in layout.defined_names.items():
        book.names.add(name, "=" + reference)
    if layout.active and layout.active in {s.name for s in book.sheets}:
        book.sheets[layout.active].activate()


def _unprotect(sheet: Any) -> None:
    """Lift a password-less protection (desktop Excel via COM); other engines have no such call."""
    try:
        sheet.api.Unprotect()
    except Exception:
        pass


def _clear(sheet: Any, columns: int | None) -> None:
    if columns is None:
        sheet.clear()
        return
    last = sheet.used_range.last_cell.row
    block = sheet.range((1, 1), (max(last, 1), columns))
    block.clear()


def _render_sheet(sheet: Any, layout: SheetLayout, styles: dict[str, Style]) -> None:
    rows, cols = layout.max_row, layout.max_col
    # number formats first, so that "@" (text) cells receive their values as text
    by_format: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for (r, c), cell in layout.cells.items():
        fmt = cell.number_format or (styles[cell.style].number_format if cell.style else None)
        if fmt:
            by_format[fmt].append((r, c))
    for fmt, cells in by_format.items():
        for block in rectangles(cells):
            sheet.range(block).number_format = fmt
    if rows and cols:
        grid: list[list[Any]] = [[None] * cols for _ in range(rows)]
        for (r, c), cell in layout.cells.items():
            value = cell.value
            if cell.text and isinstance(value, str):
                value = text_value(value)
            grid[r - 1][c - 1] = value
        sheet.range((1, 1)).value = grid
    by_style: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for (r, c), cell in layout.cells.items():
        if cell.style and cell.style != "default":
            by_style[cell.style].append((r, c))
    for name, cells in by_style.items():
        style = styles[name]
        for block in rectangles(cells):
            _apply_style(sheet.range(block), style)
    for block in layout.merged:
        sheet.range(block).merge()
    for col, width in layout.column_widths.items():
        sheet.range(f"{col_letter(col)}1").column_width = width
    for col in layout.hidden_columns:
        sheet.range(f"{col_letter(col)}1").column_width = 0
    for row, height in layout.row_heights.items():
        sheet.range(f"A{row}").row_height = height
    for validation in layout.validations:
        for block in validation.ranges.split():
            target = sheet.range(block).data_validation
            if validation.options:
                target.set_list(list(validation.options))
            else:
                assert validation.source is not None  # a list validation has its options or its source
                target.set_list(sheet.book.names[validation.source.lstrip("=")])
    if layout.freeze:
        sheet.freeze_panes.freeze_at(layout.freeze)
    if layout.print_setup and layout.print_setup.area:
        sheet.page_setup.print_area = ",".join(layout.print_setup.area)
    if layout.hidden:
        sheet.visible = False


def _apply_style(rng: Any, style: Style) -> None:
    if style.bold:
        rng.font.bold = True
    if style.italic:
        rng.font.italic = True
    if style.size:
        rng.font.size = style.size
    if style.color:
        rng.font.color = "#" + style.color
    if style.fill:
        rng.color = "#" + style.fill
    if style.halign:
        rng.horizontal_alignment = style.halign
    if style.valign:
        rng.vertical_alignment = style.valign
    if style.wrap:
        rng.wrap_text = True
    if style.border:
        rng.borders.line_style = "continuous"
        if style.border == "medium":
            rng.borders.weight = "medium"


def rectangles(cells: Iterable[tuple[int, int]]) -> list[str]:
    """Cover ``cells`` exactly with few A1 rectangles.

    Each column's cells are cut into runs of consecutive rows; equal runs in
    adjacent columns are joined into one rectangle.
    """
    by_col: dict[int, list[int]] = defaultdict(list)
    for r, c in cells:
        by_col[c].append(r)
    runs: dict[tuple[int, int], list[int]] = defaultdict(list)  # (first row, last row) -> columns
    for c, rs in by_col.items():
        rs.sort()
        start = prev = rs[0]
        for r in rs[1:]:
            if r == prev + 1:
                prev = r
                continue
            runs[(start, prev)].append(c)
            start = prev = r
        runs[(start, prev)].append(c)
    out = []
    for (r1, r2), cs in sorted(runs.items()):
        cs.sort()
        first = last = cs[0]
        for c in cs[1:]:
            if c == last + 1:
                last = c
                continue
            out.append(range_ref(r1, first, r2, last, absolute=False))
            first = last = c
        out.append(range_ref(r1, first, r2, last, absolute=False))
    return out


def sheet_values(book: Any, name: str) -> list[list[Any]] | None:
    """All values of a sheet from A1 to its last used cell (None if there is no such sheet)."""
    if name not in [s.name for s in book.sheets]:
        return None
    sheet = book.sheets[name]
    last = sheet.used_range.last_cell
    return sheet.range((1, 1), (max(last.row, 1), max(last.column, 1))).options(ndim=2).value


class LiveBook:
    """A workbook open in Excel (an xlwings ``Book``) as a :class:`~addin.sheets.book.Book`.

    Works with classic xlwings (desktop Excel) and with xlwings' remote interpreter
    (``xw.Book(json=…)``: xlwings Server and Lite), whose writes become JSON actions.
    """

    def __init__(self, book: Any):
        self.book = book
        self._values: dict[str, list[list[Any]] | None] = {}
        self.backup = None  # the workbook is changed in place: no copy of a file is kept (the Book protocol)

    @property
    def name(self) -> str:
        return str(self.book.name)

    def sheet_names(self) -> list[str]:
        return [sheet.name for sheet in self.book.sheets]

    def values(self, sheet: str) -> list[list[Any]] | None:
        if sheet not in self._values:
            self._values[sheet] = sheet_values(self.book, sheet)
        return self._values[sheet]

    def known(self, sheet: str) -> None:
        """Nothing: an open workbook may have been typed into since any write (read :meth:`values`)."""
        return None

    def prefetch(self, sheets) -> None:
        """Nothing to do: an open workbook answers each sheet on demand."""

    def write(self, change) -> None:
        """Apply ``change.cells`` when given (a small change), else render the event's sheets."""
        self._values.clear()
        if change.cells is not None:
            for sheet, row, col, value in change.cells:
                self.book.sheets[sheet].range((row, col)).value = value
            return
        render_into_book(self.book, change.layout, own_columns=change.keep_columns)
