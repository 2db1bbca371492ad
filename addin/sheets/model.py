"""A neutral, pure description of a workbook (architecture principle 3).

A layout is data: sheets made of cells (a value or a formula, a style name,
a number format), merged ranges, column widths, row heights, data-validation
lists, defined names, freeze panes, print setup, protection and tab colours.
It imports no spreadsheet library; ``addin.render.xlsx`` writes it to a file
(openpyxl) and ``addin.render.live`` writes it into an open workbook (xlwings),
so the CLI, the templates and the Excel buttons produce the same sheets.

Coordinates are 1-based ``(row, column)``. A formula is a string starting
with ``=`` stored with ``formula=True`` (the default for :meth:`SheetLayout.formula`);
a value typed by a user (a name, a club) is stored with ``text=True`` so that
``=1+1`` or ``@home`` stays literal text in every renderer.

Typical use::

    book = WorkbookLayout()
    sheet = book.add_sheet("Players")
    sheet.set(1, 1, "Name", style="header")
    sheet.set(2, 1, "=cmd|x", text=True)            # user text, never a formula
    sheet.formula(2, 2, "=LEN(A2)", style="number")
    sheet.validation(f"C2:C10", ["yes", "no"])
    book.define_name("Names", sheet.ref_range(2, 1, 10, 1))

Only functions that Excel 2010+, Excel 365 and LibreOffice evaluate alike may
appear in formulas (``docs/developing.md`` rule 7); :func:`check_portable`
refuses the known offenders.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence, Union

# --------------------------------------------------------------------------
# Addresses
# --------------------------------------------------------------------------

MAX_ROWS = 1_048_576
MAX_COLS = 16_384


@functools.lru_cache(maxsize=None)
def col_letter(col: int) -> str:
    """Column number (1-based) to letters: 1 → A, 27 → AA."""
    if not 1 <= col <= MAX_COLS:
        raise ValueError(f"column {col} out of range")
    letters = ""
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def col_number(letters: str) -> int:
    """Column letters to number: A → 1, AA → 27."""
    number = 0
    for ch in letters.upper():
        number = number * 26 + ord(ch) - 64
    return number


def ref(row: int, col: int, abs_row: bool = False, abs_col: bool = False) -> str:
    """A1-style reference of one cell; ``abs_*`` add ``$``."""
    return f"{'$' if abs_col else ''}{col_letter(col)}{'$' if abs_row else ''}{row}"


def absref(row: int, col: int) -> str:
    """``$A$1``-style reference."""
    return ref(row, col, True, True)


def range_ref(r1: int, c1: int, r2: int, c2: int, absolute: bool = True) -> str:
    """``$A$1:$B$5`` (or relative) reference of a block."""
    return f"{ref(r1, c1, absolute, absolute)}:{ref(r2, c2, absolute, absolute)}"


@functools.lru_cache(maxsize=256)
def quote_sheet(name: str) -> str:
    """Sheet name as used in a formula: quoted when it needs it (always safe)."""
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) and not re.fullmatch(r"[A-Za-z]{1,3}[0-9]+", name):
        return name
    return "'" + name.replace("'", "''") + "'"


_CELL_RE = re.compile(r"^\$?([A-Z]{1,3})\$?([0-9]+)$")


def parse_ref(text: str) -> tuple[int, int]:
    """``"B3"`` or ``"$B$3"`` → ``(3, 2)``."""
    match = _CELL_RE.match(text.upper())
    if not match:
        raise ValueError(f"not a cell reference: {text!r}")
    return int(match.group(2)), col_number(match.group(1))


def parse_range(text: str) -> tuple[int, int, int, int]:
    """``"A1:C4"`` → ``(1, 1, 4, 3)``; a single cell gives a 1×1 block."""
    parts = text.split(":")
    r1, c1 = parse_ref(parts[0])
    r2, c2 = parse_ref(parts[-1])
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


# --------------------------------------------------------------------------
# Portability of formulas
# --------------------------------------------------------------------------

#: Functions that Excel 2010 or LibreOffice 7.4 does not evaluate like Excel 365.
NON_PORTABLE = ("XLOOKUP", "XMATCH", "LET", "LAMBDA", "FILTER", "SORT", "SORTBY", "UNIQUE",
                "SEQUENCE", "IFS", "SWITCH", "MAXIFS", "MINIFS", "TEXTJOIN", "CONCAT",
                "RANDARRAY", "TAKE", "DROP", "VSTACK", "HSTACK", "CHOOSECOLS", "TOCOL")
_CALL_RE = re.compile(r"(?<![A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_.]*)\s*\(")
_STRING_RE = re.compile(r'"(?:[^"]|"")*"')


def formula_functions(formula: str) -> set[str]:
    """Names of the functions called in ``formula`` (string literals ignored)."""
    bare = _STRING_RE.sub('""', formula)
    names = set()
    for name in _CALL_RE.findall(bare):
        name = name.upper()
        for prefix in ("_XLFN.", "_XLWS."):
            if name.startswith(prefix):
                name = name[len(prefix):]
        names.add(name)
    return names


_NON_PORTABLE_CALL = re.compile(
    r"(?<![A-Za-z0-9_.])(?:_xlfn\.|_xlws\.)*(?:" + "|".join(NON_PORTABLE) + r")\s*\(", re.IGNORECASE)


def check_portable(formula: str) -> None:
    """Raise ``ValueError`` if ``formula`` calls a function outside the portable set."""
    if _NON_PORTABLE_CALL.search(_STRING_RE.sub('""', formula) if '"' in formula else formula):
        bad = formula_functions(formula) & set(NON_PORTABLE)
        raise ValueError(f"non-portable function(s) {sorted(bad)} in {formula}")


# --------------------------------------------------------------------------
# Styles
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Style:
    """A named cell style. Colours are ``RRGGBB`` hex strings.

    ``locked=False`` marks an input cell: it stays editable when the sheet is
    protected (``SheetLayout.protect``).
    """

    bold: bool = False
    italic: bool = False
    size: float | None = None
    color: str | None = None
    fill: str | None = None
    halign: str | None = None  # left, center, right
    valign: str | None = None  # top, center, bottom
    wrap: bool = False
    border: str | None = None  # None, "thin", "medium"
    number_format: str | None = None
    locked: bool = True


#: Styles every layout can use; a layout may add or override its own.
DEFAULT_STYLES: dict[str, Style] = {
    "default": Style(),
    "title": Style(bold=True, size=14),
    "subtitle": Style(italic=True, color="555555"),
    "header": Style(bold=True, fill="D9E1F2", halign="center", valign="center", wrap=True, border="thin"),
    "cell": Style(border="thin"),
    "center": Style(border="thin", halign="center"),
    "number": Style(border="thin", halign="center"),
    "decimal": Style(border="thin", halign="center", number_format="0.0#"),
    "percent": Style(border="thin", halign="center", number_format="0.0%"),
    "input": Style(border="thin", fill="FFF2CC", locked=False),
    "input_center": Style(border="thin", fill="FFF2CC", halign="center", locked=False),
    "muted": Style(color="808080"),
    "diagonal": Style(border="thin", fill="808080"),
    "card_title": Style(bold=True, size=16, halign="center"),
    "card_cell": Style(border="medium", size=13, valign="center"),
    "card_center": Style(border="medium", size=13, halign="center", valign="center"),
    "card_result": Style(border="medium", size=13, halign="center", valign="center", fill="FFFFFF"),
    "hidden_calc": Style(color="808080"),
}


# --------------------------------------------------------------------------
# Cells and sheets
# --------------------------------------------------------------------------

class _NoCache:
    """The cached value of a formula nobody computed: the spreadsheet computes it on load."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NOCACHE"

    def __bool__(self) -> bool:
        return False


#: ``Cell.cached`` of a formula written without its value
NOCACHE = _NoCache()


@dataclass(slots=True)
class Cell:
    """One cell: a value, or a formula (``formula=True``, text starting with ``=``).

    ``text=True`` forces a string to be stored as text (user-typed strings);
    ``number_format`` overrides the style's format. ``cached`` is a formula's value as
    Python computed it (the rules the formula implements, proven equal by the tests): the
    file is written with it, as Excel saves a workbook, so that previews and readers that
    do not calculate show it; :data:`NOCACHE` leaves it to the spreadsheet.
    """

    value: Any = None
    style: str | None = None
    number_format: str | None = None
    formula: bool = False
    text: bool = False
    cached: Any = NOCACHE


class SharedFormula:
    """One formula filled down rows ``first``..``last`` of column ``col``, as Excel saves a
    fill-down: a *shared formula* (ECMA-376 Part 1, 18.3.1.40 ``f``, ``t="shared"``). The
    file holds its text once, in the block's first cell; every other cell of the block is that
    text moved down, its relative row references shifted by the same number of rows.

    ``make(row)`` gives the formula of one row. Whoever makes a block vouches that each row's
    text is the first row's text so moved (absolute rows carry ``$``); tests check it with an
    independent formula translator (openpyxl's) on whole workbooks.
    """

    __slots__ = ("col", "first", "last", "make")

    def __init__(self, col: int, first: int, last: int, make: Callable[[int], str]) -> None:
        if not 1 <= first <= last:
            raise ValueError(f"a shared formula needs rows first <= last, not {first}..{last}")
        self.col, self.first, self.last, self.make = col, first, last, make

    @property
    def block(self) -> str:
        """The block's A1 range, as the file's ``ref`` attribute gives it."""
        letter = col_letter(self.col)
        return f"{letter}{self.first}:{letter}{self.last}"


class SharedCell:
    """A cell of a :class:`SharedFormula` block: a formula cell (as :class:`Cell` with
    ``formula=True``) whose text is made when it is read."""

    __slots__ = ("group", "row", "style", "number_format", "cached")
    formula = True
    text = False

    def __init__(self, group: SharedFormula, row: int, style: str | None = None,
                 number_format: str | None = None, cached: Any = NOCACHE) -> None:
        self.group, self.row, self.style, self.number_format, self.cached = group, row, style, number_format, cached

    @property
    def value(self) -> str:
        return self.group.make(self.row)

    @property
    def master(self) -> bool:
        """Whether this is the block's first cell (the one that holds the text in the file)."""
        return self.row == self.group.first

    def __repr__(self) -> str:
        return f"SharedCell({self.value!r}, {self.style!r}, cached={self.cached!r})"


#: A cell of a sheet's layout: a value or formula of its own, or one row of a shared formula
AnyCell = Union[Cell, SharedCell]


class RowBuffer:
    """:meth:`SheetLayout.set` and :meth:`SheetLayout.formula` for a streamed sheet: cells wait
    by row until :meth:`take` hands the finished rows over (``SheetLayout.stream``)."""

    __slots__ = ("rows",)

    def __init__(self) -> None:
        self.rows: dict[int, dict[int, AnyCell]] = {}

    def set(self, row: int, col: int, value: Any, style: str | None = None,
            number_format: str | None = None, text: bool = False) -> Cell:
        if text and value is not None and not isinstance(value, str):
            value = str(value)
        cell = self._line(row)[col] = Cell(value, style, number_format, False, text)
        return cell

    def formula(self, row: int, col: int, formula: str, style: str | None = None,
                number_format: str | None = None, cached: Any = NOCACHE) -> Cell:
        if not formula.startswith("="):
            raise ValueError(f"a formula must start with '=': {formula!r}")
        cell = self._line(row)[col] = Cell(formula, style, number_format, True, False, cached)
        return cell

    def fill(self, col: int, first: int, last: int, make: Callable[[int], str], style: str | None = None,
             number_format: str | None = None, cached: Callable[[int], Any] | None = None) -> SharedFormula:
        """One formula down rows ``first``..``last`` of ``col`` (:class:`SharedFormula`);
        ``cached(row)`` gives each row's stored value (none without it)."""
        group = SharedFormula(col, first, last, make)
        rows = self.rows
        for row in range(first, last + 1):  # _line inlined: a large event fills some 400,000 cells
            line = rows.get(row)
            if line is None:
                line = rows[row] = {}
            line[col] = SharedCell(group, row, style, number_format, NOCACHE if cached is None else cached(row))
        return group

    def share(self, row: int, group: SharedFormula, style: str | None = None, number_format: str | None = None,
              cached: Any = NOCACHE) -> SharedCell:
        """Row ``row``'s cell of ``group`` (a block made row by row)."""
        if not group.first <= row <= group.last:
            raise ValueError(f"row {row} is outside the shared block {group.block}")
        cell = self._line(row)[group.col] = SharedCell(group, row, style, number_format, cached)
        return cell

    def _line(self, row: int) -> dict[int, AnyCell]:
        """Row ``row``'s cells waiting in the buffer (a new row starts empty)."""
        line = self.rows.get(row)
        if line is None:
            line = self.rows[row] = {}
        return line

    def take(self, last: int | None = None) -> Iterator[tuple[int, dict[int, AnyCell]]]:
        """The rows up to ``last`` (all without it), in order; they leave the buffer."""
        for r in sorted(r for r in self.rows if last is None or r <= last):
            yield r, self.rows.pop(r)


@dataclass(frozen=True)
class ListValidation:
    """A drop-down list on ``ranges`` (space-separated A1 blocks).

    Either ``options`` (literal items) or ``source`` (a formula such as
    ``=ResultCodes`` or ``=Settings!$A$2:$A$7``) gives the allowed items.
    """

    ranges: str
    options: tuple[str, ...] = ()
    source: str | None = None
    allow_blank: bool = True
    prompt: str | None = None
    error: str | None = None
    title: str | None = None

    def formula1(self) -> str:
        """The list as Excel stores it: ``"a,b,c"`` (quoted) or a reference formula."""
        if self.source:
            return self.source.lstrip("=")
        return '"' + ",".join(self.options) + '"'


@dataclass(frozen=True)
class ConditionalFill:
    """Cells of ``ranges`` (space-separated A1 blocks) showing one of ``values`` take ``style``.

    For readability only (wins, draws, losses coloured in a crosstable): a spreadsheet
    that ignores it loses nothing but the colours.
    """

    ranges: str
    values: tuple[str, ...]
    style: str


@dataclass
class PrintSetup:
    """Print settings of a sheet.

    ``area``: the A1 block to print (one block);
    ``fit_width``: pages across (0 = no fitting); ``fit_height``: pages down (0 = free);
    ``row_breaks``: rows after which a new page starts; ``repeat_rows``:
    ``(first, last)`` rows printed on every page; ``repeat_cols``: ``(first, last)`` columns
    printed on every page (a wide sheet printed over several pages across).
    """

    area: tuple[str, ...] = ()
    orientation: str = "portrait"
    paper: str = "A4"
    fit_width: int = 1
    row_breaks: tuple[int, ...] = ()
    col_breaks: tuple[int, ...] = ()
    repeat_rows: tuple[int, int] | None = None
    center_horizontally: bool = True
    margins_cm: float | None = None
    fit_height: int = 0
    repeat_cols: tuple[int, int] | None = None


#: the rows of a streamed sheet: ``(row, {column: cell})`` in increasing row order
Rows = Iterator[tuple[int, dict[int, AnyCell]]]


class RowBlock:
    """Rows ``first``..``last`` of a streamed sheet, not made yet: ``make()`` yields them (``Rows``, every
    row inside the block), and ``digest`` says what they are made from, given by a layout that knows it
    (the round-robin's Rounds sheet: one block a round, made from its pairings, its players' names and its
    results). A stream may yield a block in place of its rows: :meth:`SheetLayout.rows` makes them, unless
    its caller takes blocks (the file writer, which may then reuse the XML it wrote for the same digest
    and program instead of making the rows: ``addin.render.sheet_memo``, ``RowMemo``)."""

    __slots__ = ("first", "last", "digest", "make")

    def __init__(self, first: int, last: int, digest: str, make: Callable[[], Rows]) -> None:
        self.first, self.last, self.digest, self.make = first, last, digest, make


#: what a stream yields: rows, or blocks of rows not made yet
Stream = Iterator[Union[tuple[int, dict[int, AnyCell]], RowBlock]]


def _made(stream: Stream, keep: Callable[[RowBlock], bool] | None = None) -> Iterator[Any]:
    """The rows of ``stream``, each :class:`RowBlock` made into its rows unless ``keep`` takes it as it is
    (a block's rows must lie inside it)."""
    for item in stream:
        if type(item) is not RowBlock:
            yield item
        elif keep is not None and keep(item):
            yield item
        else:
            for r, row in item.make():
                if not item.first <= r <= item.last:
                    raise ValueError(f"row {r} is outside its block {item.first}-{item.last}")
                yield r, row


@dataclass
class SheetLayout:
    """One sheet. Build it with :meth:`set`, :meth:`formula`, :meth:`row`…

    A large sheet may instead give its rows lazily (:meth:`stream`): the file writer then
    writes them one at a time without holding them (``addin.render.xlsx``), and
    :attr:`cells` makes them on first use for every other reader (tests, a live workbook).
    """

    name: str
    _cells: dict[tuple[int, int], AnyCell] = field(default_factory=dict, repr=False)
    merged: list[str] = field(default_factory=list)
    column_widths: dict[int, float] = field(default_factory=dict)
    row_heights: dict[int, float] = field(default_factory=dict)
    validations: list[ListValidation] = field(default_factory=list)
    freeze: str | None = None  # top-left cell of the scrolling area, e.g. "B2"
    print_setup: PrintSetup | None = None
    protect: bool = False
    tab_color: str | None = None
    hidden: bool = False
    hidden_columns: set[int] = field(default_factory=set)
    zoom: int | None = None
    #: a sheet (or columns) carried over from the organiser's workbook: its formulas are his,
    #: written back as they were, not checked for portability
    foreign: bool = False
    conditional: list[ConditionalFill] = field(default_factory=list)
    #: comments (notes) on cells: ``(row, col) -> (text, author)`` (those an organiser put, kept by a rewrite)
    comments: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)
    #: makes the streamed rows (:meth:`stream`; blocks of them, :class:`RowBlock`, among them), or None
    rows_source: Callable[[], Stream] | None = field(default=None, repr=False)
    #: a digest of everything this sheet is made from, given by a layout that knows it (a round-robin's
    #: Calc and Cards sheets: the event without its results): the file writer may then reuse the XML it
    #: wrote for the same digest and program (``addin.render.sheet_memo``, ``SheetMemo``); None: made every time
    memo: str | None = None
    #: what a read of the written sheet gives in the cells its reader reads (rows from A1; every other cell
    #: None), when the layout knows it: a file not changed since is read from these (``FileBook.known``)
    read_back: Callable[[], list[list[Any]]] | None = field(default=None, repr=False)

    @property
    def cells(self) -> dict[tuple[int, int], AnyCell]:
        """Every cell by ``(row, column)`` (a streamed sheet's rows are made now, once)."""
        if self.rows_source is not None:
            source, self.rows_source = self.rows_source, None
            cells = self._cells
            for r, row in _made(source()):
                for c, cell in row.items():
                    cells[(r, c)] = cell
        return self._cells

    def stream(self, source: Callable[[], Stream]) -> None:
        """Give the sheet's rows lazily: ``source()`` yields ``(row, {column: cell})`` in
        increasing row order. Cells put with :meth:`set` before or after stay (a streamed
        cell at the same place wins); the sheet holds no streamed cell until :attr:`cells`
        is read."""
        if self.rows_source is not None:
            raise ValueError(f"sheet {self.name!r} is already streamed")
        self.rows_source = source

    def rows(self, blocks: bool = False) -> Iterator[Any]:
        """Every row in increasing order, ``(row, {column: cell})`` (columns in any order): the
        streamed rows as they are made, merged with the cells put directly, without holding them.
        With ``blocks``, a streamed :class:`RowBlock` none of whose rows holds a cell put directly is
        given as it is (its rows not made); the others are made."""
        eager: dict[int, dict[int, AnyCell]] = {}
        for (r, c), cell in self._cells.items():
            eager.setdefault(r, {})[c] = cell
        pending = sorted(eager)
        k = 0
        if self.rows_source is not None:
            last = 0
            for item in _made(self.rows_source(), keep=(lambda b: bisect.bisect_left(pending, b.first) == bisect.bisect_right(pending, b.last))
                              if blocks else None):
                if type(item) is RowBlock:
                    if item.first <= last or item.last < item.first:
                        raise ValueError(f"sheet {self.name!r}: streamed rows {item.first}-{item.last} after row {last}")
                    while k < len(pending) and pending[k] < item.first:
                        yield pending[k], eager[pending[k]]
                        k += 1
                    last = item.last
                    yield item
                    continue
                r, row = item
                if r <= last:
                    raise ValueError(f"sheet {self.name!r}: streamed row {r} after row {last}")
                last = r
                while k < len(pending) and pending[k] < r:
                    yield pending[k], eager[pending[k]]
                    k += 1
                if k < len(pending) and pending[k] == r:
                    merged = dict(eager[r])
                    merged.update(row)
                    row = merged
                    k += 1
                yield r, row
        while k < len(pending):
            yield pending[k], eager[pending[k]]
            k += 1

    # -- building ---------------------------------------------------------
    def set(self, row: int, col: int, value: Any, style: str | None = None,
            number_format: str | None = None, text: bool = False) -> Cell:
        """Put a value (never interpreted as a formula when ``text=True``)."""
        if text and value is not None and not isinstance(value, str):
            value = str(value)
        cell = Cell(value, style, number_format, formula=False, text=text)
        self._cells[(row, col)] = cell
        return cell

    def formula(self, row: int, col: int, formula: str, style: str | None = None,
                number_format: str | None = None, cached: Any = NOCACHE) -> Cell:
        """Put a formula (must start with ``=``), with its value when Python knows it (``cached``)."""
        if not formula.startswith("="):
            raise ValueError(f"a formula must start with '=': {formula!r}")
        cell = Cell(formula, style, number_format, formula=True, cached=cached)
        self._cells[(row, col)] = cell
        return cell

    def row(self, row: int, col: int, values: Iterable[Any], style: str | None = None) -> None:
        """Put values left to right from ``(row, col)``; strings are literal text."""
        for offset, value in enumerate(values):
            self.set(row, col + offset, value, style, text=isinstance(value, str))

    def style_range(self, r1: int, c1: int, r2: int, c2: int, style: str) -> None:
        """Give ``style`` to every cell of a block (creating empty cells)."""
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                cell = self.cells.get((r, c))
                if cell is None:
                    self.cells[(r, c)] = Cell(None, style)
                else:
                    cell.style = style

    def merge(self, r1: int, c1: int, r2: int, c2: int) -> None:
        self.merged.append(range_ref(r1, c1, r2, c2, absolute=False))

    def width(self, col: int, width: float) -> None:
        self.column_widths[col] = width

    def height(self, row: int, height: float) -> None:
        self.row_heights[row] = height

    def validation(self, ranges: str, options: Sequence[str] = (), source: str | None = None,
                   **kwargs: Any) -> None:
        self.validations.append(ListValidation(ranges, tuple(options), source, **kwargs))

    # -- reading ----------------------------------------------------------
    def get(self, row: int, col: int) -> AnyCell | None:
        return self.cells.get((row, col))

    def value(self, row: int, col: int) -> Any:
        cell = self.cells.get((row, col))
        return None if cell is None else cell.value

    @property
    def max_row(self) -> int:
        return max((r for r, _ in self.cells), default=0)

    @property
    def max_col(self) -> int:
        return max((c for _, c in self.cells), default=0)

    def formulas(self) -> Iterator[tuple[int, int, str]]:
        for (r, c), cell in self.cells.items():
            if cell.formula:
                yield r, c, cell.value

    def formula_count(self) -> int:
        return sum(1 for cell in self.cells.values() if cell.formula)

    # -- references -------------------------------------------------------
    def ref(self, row: int, col: int, absolute: bool = True) -> str:
        """``Sheet!$A$1``: a reference to one of this sheet's cells from another sheet."""
        return f"{quote_sheet(self.name)}!{ref(row, col, absolute, absolute)}"

    def ref_range(self, r1: int, c1: int, r2: int, c2: int) -> str:
        """``Sheet!$A$1:$B$9``."""
        return f"{quote_sheet(self.name)}!{range_ref(r1, c1, r2, c2)}"


@dataclass
class WorkbookLayout:
    """Sheets in tab order, defined names and styles.

    ``defined_names`` maps a name to a reference such as ``Sheet!$A$1:$A$9``
    (no leading ``=``). ``active`` names the sheet shown when the file opens.
    """

    sheets: list[SheetLayout] = field(default_factory=list)
    defined_names: dict[str, str] = field(default_factory=dict)
    styles: dict[str, Style] = field(default_factory=lambda: dict(DEFAULT_STYLES))
    active: str | None = None
    title: str | None = None
    #: printed at the top of every page of every sheet that has a print set-up (the event's
    #: name, place, dates, arbiter), and ``footer`` at the bottom; Excel header codes allowed
    #: (``&P`` page, ``&N`` pages, ``&A`` sheet name)
    header: str | None = None
    footer: str | None = None

    def add_sheet(self, name: str, **kwargs: Any) -> SheetLayout:
        if len(name) > 31 or any(ch in name for ch in "[]:*?/\\"):
            raise ValueError(f"invalid sheet name {name!r}")
        if any(s.name.lower() == name.lower() for s in self.sheets):
            raise ValueError(f"duplicate sheet name {name!r}")
        sheet = SheetLayout(name, **kwargs)
        self.sheets.append(sheet)
        return sheet

    def sheet(self, name: str) -> SheetLayout:
        for sheet in self.sheets:
            if sheet.name == name:
                return sheet
        raise KeyError(name)

    def define_name(self, name: str, reference: str) -> None:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", name) or re.fullmatch(r"[A-Za-z]{1,3}[0-9]+", name):
            raise ValueError(f"invalid defined name {name!r}")
        self.defined_names[name] = reference.lstrip("=")

    def formula_count(self) -> int:
        return sum(sheet.formula_count() for sheet in self.sheets)

    def check(self, formulas: bool = True) -> None:
        """Refuse unknown style names and, with ``formulas``, non-portable formulas (a layout bug).

        The writers check styles only: every layout is built in the tests, which check its
        formulas too (``check()``); a portability scan of every formula of a large event would
        cost seconds on each write.
        """
        for sheet in self.sheets:
            if sheet.foreign:
                continue
            for fill in sheet.conditional:
                if fill.style not in self.styles:
                    raise ValueError(f"unknown style {fill.style!r} in a conditional fill of {sheet.name}")
            # the writers check a streamed sheet's styles as they write its rows
            cells = sheet.cells if formulas else sheet._cells
            unknown = {cell.style for cell in cells.values() if cell.style is not None} - set(self.styles)
            if unknown:
                raise ValueError(f"unknown style(s) {sorted(unknown)} in {sheet.name}")
            if formulas:
                for cell in cells.values():
                    if cell.formula:
                        check_portable(cell.value)
