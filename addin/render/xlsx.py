"""Render a :class:`~addin.sheets.model.WorkbookLayout` to an ``.xlsx`` file (XlsxWriter).

Every layout feature maps to its XlsxWriter counterpart. Choices:

* **Formulas with their values.** A formula is written with the value Python computed for
  it (``Cell.cached``), as Excel itself saves a workbook, so that mail and phone previews,
  ``pandas.read_excel`` and openpyxl's ``data_only`` show the standings without any
  calculation. A formula without a known value (``NOCACHE``: the hidden helper cells) is
  written with an empty value, not XlsxWriter's default 0: LibreOffice shows a stored
  value as it is (it ignores Excel's "recalculate on load" flag), but computes a formula
  whose stored value is empty; Excel recalculates the whole file on load.
* **Text stays text.** ``text=True`` cells are written as strings, never read as formulas
  (a name such as ``=HYPERLINK(…)`` or ``@home`` stays text).
* **Speed and memory.** Rows are streamed to disk in order (``constant_memory``), and the
  project's own formulas skip XlsxWriter's rewriting of future functions (the layouts use
  only functions every engine knows, ``addin.sheets.model.check_portable``, and only the
  :data:`FUTURE_FUNCTIONS` need their prefix, :func:`file_formula`); formulas carried over
  from an organiser's own sheet go through it as usual.

Private hooks of XlsxWriter's ``Worksheet`` are overridden for speed (``_prepare_formula``,
``_write_formula``, ``_write_cell``: see :class:`_Worksheet`); ``tests/test_render_xlsx.py``
reads the XML written, and every workbook test reads the files back, so a change in
XlsxWriter breaks a test, not a workbook.

A macro-enabled workbook (:class:`Macros`) gets its VBA project through XlsxWriter's
``add_vba_project(…, is_stream=True)`` (the workbook's code name ``ThisWorkbook``,
``set_vba_name``) and its buttons through ``insert_button``, bound to their macros.
"""

from __future__ import annotations

import bisect
import functools
import io
import operator
import os
import re
import struct
import tempfile
import zipfile
import zlib
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

import xlsxwriter
import xlsxwriter.workbook
from xlsxwriter.utility import xl_col_to_name
from xlsxwriter.worksheet import CellBlankTuple, CellFormulaTuple, CellNumberTuple, Worksheet

from addin.render.sheet_memo import RowMemo, SheetMemo
from addin.sheets.model import (NOCACHE, RowBlock, SharedCell, SharedFormula, SheetLayout, Style, WorkbookLayout,
                                 parse_range)

_OWN = "\x00own:"  # marks a formula of the project's layouts (portable; only FUTURE_FUNCTIONS get a prefix)
#: the functions of the layouts that Excel 2010 added after the file format: a file names them
#: with the ``_xlfn.`` prefix (MS-XLSX 2.2.2, "future functions"), as Excel and XlsxWriter write them;
#: a formula typed into a cell (the live door) names them without it
FUTURE_FUNCTIONS = ("AGGREGATE",)
_FUTURE_CALL = re.compile(r"(?<![A-Za-z0-9_.])(" + "|".join(FUTURE_FUNCTIONS) + r")\(")
_TEXT_LITERAL = re.compile(r'("(?:[^"]|"")*")')
_NO_VALUE = ""     # an empty cached value: Excel and LibreOffice compute the formula when the file opens
_FAST = (CellNumberTuple, CellFormulaTuple, CellBlankTuple)
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


class _Worksheet(Worksheet):
    """XlsxWriter's worksheet with a fast lane for the project's own cells.

    The project's formulas (marked ``_OWN``) are portable by construction, so they skip
    XlsxWriter's search for dynamic-array and future functions; numbers, formulas and
    blanks are written with one string each. Anything else goes through XlsxWriter.
    """

    previous_row: int  # XlsxWriter's: the last row written in constant-memory mode

    def __init__(self):
        super().__init__()
        self._refs: dict[int, str] = {}
        self.row_letters: dict[int, str] = {}  # 1-based column -> letters (the row writer's)
        self._styles: dict[int, str] = {}

    def _prepare_formula(self, formula, expand_future_functions=False):
        if formula.startswith(_OWN):
            formula = file_formula(formula[len(_OWN):])
            return formula[1:] if formula.startswith("=") else formula
        return super()._prepare_formula(formula, expand_future_functions)

    def _write_formula(self, row, col, formula, cell_format=None, value=0):
        if not formula.startswith(_OWN):
            return super()._write_formula(row, col, formula, cell_format, value)
        if self._check_dimensions(row, col):
            return -1
        if self.constant_memory and row > self.previous_row:
            self._write_single_row(row)
        body = file_formula(formula[len(_OWN):])
        self.table[row][col] = CellFormulaTuple(body[1:] if body.startswith("=") else body, cell_format, value)
        return 0

    def stream_row(self, row: int, cells: str, first_col: int, last_col: int, height: float | None = None) -> None:
        """Write row ``row`` (0-based) whose cells' XML is ready (``cells``, columns in order).

        Any row still held by XlsxWriter is written first, so rows stay in order.
        """
        if row > self.previous_row or self.previous_row == 0:
            self._write_single_row(row)
        self._check_dimensions(row, first_col)
        self._check_dimensions(row, last_col)
        self.previous_row = row
        ht = f' ht="{height:g}" customHeight="1"' if height is not None else ""
        if cells:
            self.fh.write(f'<row r="{row + 1}"{ht}>{cells}</row>')
        elif ht:
            self.fh.write(f'<row r="{row + 1}"{ht}/>')

    def stream_rows(self, xml: str, first_row: int, last_row: int, first_col: int, last_col: int) -> None:
        """Write rows ``first_row``..``last_row`` (0-based) whose whole XML is ready, in one piece.

        The caller vouches for the rows' order and for ``xml`` naming only those rows.
        """
        if first_row > self.previous_row or self.previous_row == 0:
            self._write_single_row(first_row)
        for row, col in ((first_row, first_col), (last_row, last_col)):
            self._check_dimensions(row, col)
        self.previous_row = last_row
        self.fh.write(xml)

    def xf(self, fmt) -> str:
        """`` s="n"`` for a format (cached), or nothing."""
        if fmt is None:
            return ""
        key = id(fmt)
        style = self._styles.get(key)
        if style is None:
            style = self._styles[key] = f' s="{fmt._get_xf_index()}"'
        return style

    def letters(self, col: int) -> str:
        found = self._refs.get(col)
        if found is None:
            found = self._refs[col] = xl_col_to_name(col)
        return found

    def _write_cell(self, row, col, cell):
        kind = type(cell)
        if kind not in _FAST or (cell.format is None and (row in self.row_info or col in self.col_info)):
            return super()._write_cell(row, col, cell)
        letters = self._refs.get(col)
        if letters is None:
            letters = self._refs[col] = xl_col_to_name(col)
        head = f'<c r="{letters}{row + 1}"'
        if cell.format is not None:
            key = id(cell.format)
            style = self._styles.get(key)
            if style is None:
                style = self._styles[key] = f' s="{cell.format._get_xf_index()}"'
            head += style
        if kind is CellNumberTuple:
            self.fh.write(f"{head}><v>{cell.number:.16G}</v></c>")
        elif kind is CellBlankTuple:
            self.fh.write(head + "/>")
        else:
            formula, value = cell.formula, cell.value
            if "&" in formula or "<" in formula or ">" in formula:
                formula = formula.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            if value is True or value is False:
                self.fh.write(f'{head} t="b"><f>{formula}</f><v>{int(value)}</v></c>')
            elif isinstance(value, str):
                if value == "":
                    self.fh.write(f"{head}><f>{formula}</f><v></v></c>")
                else:
                    text = _xml_text(value)
                    self.fh.write(f'{head} t="str"><f>{formula}</f><v>{text}</v></c>')
            else:
                self.fh.write(f"{head}><f>{formula}</f><v>{value}</v></c>")


def _xml_text(value: str) -> str:
    if "&" in value or "<" in value or ">" in value:
        value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if _CONTROL.search(value):
        value = _CONTROL.sub(lambda m: f"_x{ord(m.group()):04X}_", value)
    return value


class _Formats:
    """XlsxWriter formats, one per (style name, number format), made on first use."""

    def __init__(self, book: xlsxwriter.Workbook, styles: dict[str, Style]):
        self.book = book
        self.styles = styles
        self.made: dict[tuple[str | None, str | None], Any] = {}
        self.blank = book.add_format()
        self.fills: dict[str, Any] = {}

    def conditional(self, style: str):
        """A conditional format (fill and font colour only) for ``style``."""
        if style not in self.fills:
            s = self.styles[style]
            props: dict[str, Any] = {}
            if s.fill:
                props["bg_color"] = "#" + s.fill
            if s.color:
                props["font_color"] = "#" + s.color
            if s.bold:
                props["bold"] = True
            self.fills[style] = self.book.add_format(props)
        return self.fills[style]

    def get(self, style: str | None, number_format: str | None):
        key = (style, number_format)
        if key not in self.made:
            props: dict[str, Any] = {}
            if style is not None and style not in self.styles:
                raise ValueError(f"unknown style {style!r}")
            s = self.styles.get(style) if style else None
            if s is not None:
                if s.bold:
                    props["bold"] = True
                if s.italic:
                    props["italic"] = True
                if s.size:
                    props["font_size"] = s.size
                if s.color:
                    props["font_color"] = "#" + s.color
                if s.fill:
                    props.update(pattern=1, bg_color="#" + s.fill)
                if s.halign:
                    props["align"] = s.halign
                if s.valign:
                    props["valign"] = "vcenter" if s.valign == "center" else s.valign
                if s.wrap:
                    props["text_wrap"] = True
                if s.border:
                    props["border"] = 2 if s.border == "medium" else 1
                if s.number_format:
                    props["num_format"] = s.number_format
                if not s.locked:
                    props["locked"] = False
            if number_format:
                props["num_format"] = number_format
            self.made[key] = self.book.add_format(props) if props else None
        return self.made[key]


#: zlib level of the parts of a written workbook: level 1 deflates the XML of a large event about
#: four times faster than the default level 6 for a file about 15 % larger
#: (docs/benchmarks-writer.md); every reader inflates either the same way.
ZIP_LEVEL = 1


#: characters of row XML gathered before they are written in one piece (memory stays flat)
BATCH_CHARS = 1 << 20


class _RowBatch:
    """Rows whose XML is ready (1-based numbers, in order), written in one piece
    (``stream_rows``) when about :data:`BATCH_CHARS` have gathered or before a row XlsxWriter
    writes itself."""

    def __init__(self, ws: _Worksheet) -> None:
        self.ws = ws
        self.rows: list[str] = []
        self.first = self.last = self.low = self.high = self.size = 0

    def add(self, r: int, xml: str, left: int, right: int) -> None:
        """Row ``r``'s ``<row>`` element ``xml``, whose cells span columns ``left``..``right``."""
        self.add_block(r, r, xml, left, right)

    def add_block(self, first: int, last: int, xml: str, left: int, right: int) -> None:
        """Rows ``first``..``last``, whose ``<row>`` elements are ``xml`` and whose cells span columns
        ``left``..``right`` (one row, or a kept block of rows: ``RowMemo``)."""
        if self.rows:
            self.low, self.high = min(self.low, left), max(self.high, right)
        else:
            self.first, self.low, self.high = first, left, right
        self.rows.append(xml)
        self.last = last
        self.size += len(xml)
        if self.size >= BATCH_CHARS:
            self.flush()

    def flush(self) -> None:
        if self.rows:
            self.ws.stream_rows("".join(self.rows), self.first - 1, self.last - 1, self.low - 1, self.high - 1)
            self.rows, self.size = [], 0


class _ZipFile(zipfile.ZipFile):
    """XlsxWriter's zip file, deflating at :data:`ZIP_LEVEL` unless told otherwise; a worksheet part kept
    by ``memo`` (:class:`SheetMemo`) is copied deflated as it was kept, and one it keeps is taken once
    deflated."""

    def __init__(self, *args, memo: "SheetMemo | None" = None, **kwargs):
        kwargs.setdefault("compresslevel", ZIP_LEVEL)
        super().__init__(*args, **kwargs)
        self.memo = memo

    def write(self, filename, arcname=None, compress_type=None, compresslevel=None):
        memo = self.memo
        if memo is None or arcname not in memo.parts:
            return super().write(filename, arcname, compress_type, compresslevel)
        entry = memo.parts[arcname]
        fp = self.fp
        assert fp is not None  # an open zip file being written
        # zipfile's own state that write() keeps (_seekable, _strict_timestamps, _writecheck, _didModify,
        # ZipInfo._compresslevel): private, the same in Python 3.11 to 3.13; tests/render/test_sheet_memo.py compares the
        # stored bytes with write()'s
        seekable: bool = self._seekable  # type: ignore[attr-defined]
        if entry is not None and not seekable:  # (not the writer's targets) the part made of the kept one
            stamp = os.stat(filename)  # the date XlsxWriter gave the file, which the entry takes
            with open(filename, "wb") as part:
                part.write(zlib.decompress(entry[2], -zlib.MAX_WBITS))
            os.utime(filename, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
            return super().write(filename, arcname, compress_type, compresslevel)
        if entry is None:  # made now, kept as written
            if not seekable:
                return super().write(filename, arcname, compress_type, compresslevel)
            super().write(filename, arcname, compress_type, compresslevel)
            info = self.filelist[-1]
            fp.seek(info.header_offset + 26)
            name_length, extra_length = struct.unpack("<HH", fp.read(4))
            fp.seek(info.header_offset + 30 + name_length + extra_length)
            data = fp.read(info.compress_size)
            fp.seek(self.start_dir)
            memo.keep(arcname, info, data)
            return None
        crc, size, data = entry  # what write() leaves for the same bytes (_open_to_write, _ZipWriteFile.close)
        info = zipfile.ZipInfo.from_file(filename, arcname, strict_timestamps=self._strict_timestamps)  # type: ignore[attr-defined]
        info.compress_type = self.compression if compress_type is None else compress_type
        info._compresslevel = self.compresslevel if compresslevel is None else compresslevel  # type: ignore[attr-defined]
        info.flag_bits = 0x00
        if not info.external_attr:
            info.external_attr = 0o600 << 16
        info.CRC, info.file_size, info.compress_size = crc, size, len(data)
        fp.seek(self.start_dir)
        info.header_offset = fp.tell()
        self._writecheck(info)  # type: ignore[attr-defined]
        self._didModify = True
        fp.write(info.FileHeader(False))
        fp.write(data)
        self.start_dir = fp.tell()
        self.filelist.append(info)
        self.NameToInfo[info.filename] = info
        return None


class _Workbook(xlsxwriter.Workbook):
    """XlsxWriter's workbook stored at :data:`ZIP_LEVEL`.

    XlsxWriter 3 opens its zip file through the name ``ZipFile`` of its ``workbook`` module and
    has no option for the level, so that name points to :class:`_ZipFile` while this workbook is
    stored (the name is put back after, whatever happens).
    """

    memo: "SheetMemo | None" = None

    def _store_workbook(self) -> None:
        module = xlsxwriter.workbook
        saved = module.ZipFile
        memo = self.memo
        module.ZipFile = _ZipFile if memo is None else functools.partial(_ZipFile, memo=memo)
        try:
            super()._store_workbook()
        finally:
            module.ZipFile = saved


@dataclass(frozen=True)
class Macros:
    """A VBA project (the bytes of its ``vbaProject.bin``) and the buttons to draw, sheet by sheet.

    ``buttons`` maps a sheet's name to its buttons, ``(macro, caption)`` each, drawn one under
    the other from ``BUTTON_ROW`` in the second column after the sheet's last used one.
    """

    project: bytes
    buttons: dict[str, list[tuple[str, str]]] = field(default_factory=dict)


BUTTON_ROW = 1
BUTTON_SIZE = {"width": 220, "height": 30}


def _insert_buttons(sheet: Worksheet, layout: SheetLayout, buttons: list[tuple[str, str]]) -> None:
    column = max((c for _, c in layout.cells), default=0) + 1  # 0-based: one empty column after the last used
    for n, (macro, caption) in enumerate(buttons):
        sheet.insert_button(BUTTON_ROW + 2 * n, column, {"macro": macro, "caption": caption, **BUTTON_SIZE})


def write_book(layout: WorkbookLayout, target: Any, macros: Macros | None = None) -> None:
    """Write ``layout`` to ``target`` (a path or a binary file object), with ``macros`` if given."""
    layout.check(formulas=False)
    with tempfile.TemporaryDirectory(prefix="appariements-xlsx-") as scratch:
        book = _Workbook(target, {"constant_memory": True, "tmpdir": scratch,
                                            "strings_to_formulas": False, "strings_to_numbers": False,
                                            "strings_to_urls": False})
        formats = _Formats(book, layout.styles)
        memo = book.memo = SheetMemo(book, formats)
        if macros is not None:
            book.add_vba_project(io.BytesIO(macros.project), is_stream=True)
            book.set_vba_name("ThisWorkbook")
        sheets = {}
        for number, sheet_layout in enumerate(layout.sheets, 1):
            sheet = book.add_worksheet(sheet_layout.name, worksheet_class=_Worksheet)
            sheets[sheet_layout.name] = sheet
            buttons = macros is not None and bool(macros.buttons.get(sheet_layout.name))
            if buttons and macros is not None:
                _insert_buttons(sheet, sheet_layout, macros.buttons[sheet_layout.name])
            key = memo.key(number, sheet_layout, layout) if not buttons else None
            if key is not None and memo.replay(number, key):
                _render_sheet(sheet, sheet_layout, formats, layout, rows=False)  # its part is the one kept
                continue
            known = len(book.xf_format_indices)
            _render_sheet(sheet, sheet_layout, formats, layout)
            if key is not None:
                memo.note(number, key, sheet, known)
        for name, reference in layout.defined_names.items():
            book.define_name(name, "=" + reference)
        if layout.active and layout.active in sheets:
            sheets[layout.active].activate()
        if layout.title:
            book.set_properties({"title": layout.title})
        book.close()


def write_xlsx(layout: WorkbookLayout, path: Path) -> None:
    """Write ``layout`` to ``path`` (callers go through ``addin.render.output``)."""
    write_book(layout, str(path))


def xlsx_bytes(layout: WorkbookLayout, macros: Macros | None = None) -> bytes:
    """The ``.xlsx`` file of ``layout`` (an ``.xlsm`` one with ``macros``), in memory."""
    buffer = io.BytesIO()
    write_book(layout, buffer, macros)
    return buffer.getvalue()


def _render_sheet(ws: Worksheet, layout: SheetLayout, formats: _Formats, book: WorkbookLayout,
                  rows: bool = True) -> None:
    """Everything of one sheet; without its ``rows`` when its part is a kept one (:class:`SheetMemo`: the
    part XlsxWriter writes is then replaced, only what the sheet gives the other parts counts); the
    blocks of rows kept by the book's memo copied, the others made and kept (:class:`RowMemo`)."""
    memo: SheetMemo | None = getattr(formats.book, "memo", None)
    row_memo = memo.rows(ws.index + 1, layout) if memo is not None and rows else None
    # everything that must precede the rows in constant-memory mode
    for col, width in sorted(layout.column_widths.items()):
        ws.set_column(col - 1, col - 1, width, None, {"hidden": col in layout.hidden_columns})
    for col in sorted(layout.hidden_columns - set(layout.column_widths)):
        ws.set_column(col - 1, col - 1, None, None, {"hidden": True})
    merged: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for block in layout.merged:
        r1, c1, r2, c2 = parse_range(block)
        merged[(r1, c1)] = (r1, c1, r2, c2)
    covered = {(r, c) for r1, c1, r2, c2 in merged.values() for r in range(r1, r2 + 1)
               for c in range(c1, c2 + 1) if (r, c) != (r1, c1)}
    slow_rows = {r for r, _ in merged} | {r for r, _ in covered}
    own = _OWN if not layout.foreign else ""
    attributes: dict[tuple[str | None, str | None], str] = {}
    shared: dict[SharedFormula, tuple] = {}  # a block whose first cell is written: _row_xml
    batch = _RowBatch(ws)
    heights = layout.row_heights

    def write_row(r: int, row: dict) -> tuple[str, int, int] | None:
        """Row ``r``, written; its XML and the span of its columns when the fast lane wrote it, else None."""
        columns = sorted(row)
        xml = None
        if not (r in slow_rows or layout.foreign):
            xml = _row_xml(ws, r, row, columns, attributes, formats, shared)
        if xml is None:  # merged cells, a foreign sheet or a value the fast lane does not write (rare)
            batch.flush()
            _slow_row(ws, layout, formats, r, row, columns, merged, covered, own)
            return None
        height = heights.get(r)
        if not xml and height is None:  # nothing to write but the sheet's dimensions (rare)
            batch.flush()
            ws.stream_row(r - 1, "", (columns[0] if columns else 1) - 1, (columns[-1] if columns else 1) - 1)
            return None
        ht = f' ht="{height:g}" customHeight="1"' if height is not None else ""
        left, right = (columns[0], columns[-1]) if columns else (1, 1)
        text = f'<row r="{r}"{ht}>{xml}</row>' if xml else f'<row r="{r}"{ht}/>'
        batch.add(r, text, left, right)
        return text, left, right

    try:
        for item in (_rows(layout, merged, {r for r, _ in covered}, blocks=row_memo is not None) if rows else ()):
            if type(item) is not RowBlock:
                write_row(*item)
            elif row_memo is not None and not row_memo.replay(item, shared, formats, ws, batch):
                _write_block(item, write_row, shared, formats, ws, row_memo)
        batch.flush()
        if row_memo is not None:
            row_memo.save()
    finally:
        if row_memo is not None:
            row_memo.close()
    for validation in layout.validations:
        options = {"validate": "list", "ignore_blank": validation.allow_blank}
        if validation.source:
            options["source"] = "=" + validation.source.lstrip("=")
        else:
            options["source"] = list(validation.options)
        if validation.prompt:
            options.update(input_title=(validation.title or "")[:32], input_message=validation.prompt[:255])
        if validation.error:
            options.update(error_title=(validation.title or "")[:32], error_message=validation.error[:255],
                           error_type="stop")
        else:
            options["show_error"] = True
        blocks = validation.ranges.split()
        first = parse_range(blocks[0])
        if len(blocks) > 1:
            options["multi_range"] = " ".join(blocks)
        ws.data_validation(first[0] - 1, first[1] - 1, first[2] - 1, first[3] - 1, options)
    for fill in layout.conditional:
        blocks = fill.ranges.split()
        first = parse_range(blocks[0])
        for value in fill.values:
            options = {"type": "cell", "criteria": "==", "value": '"' + value.replace('"', '""') + '"',
                       "format": formats.conditional(fill.style)}
            if len(blocks) > 1:
                options["multi_range"] = " ".join(blocks)
            ws.conditional_format(first[0] - 1, first[1] - 1, first[2] - 1, first[3] - 1, options)
    _comments(ws, layout.comments)
    if layout.freeze:
        row, col = _cell_index(layout.freeze)
        ws.freeze_panes(row, col)
    if layout.tab_color:
        ws.set_tab_color("#" + layout.tab_color)
    if layout.hidden:
        ws.hide()
    if layout.zoom:
        ws.set_zoom(layout.zoom)
    if layout.protect:
        ws.protect("", {"format_columns": False, "format_rows": False})
    setup = layout.print_setup
    if setup is not None:
        if setup.area:
            if len(setup.area) > 1:
                raise ValueError(f"one print area per sheet: {setup.area}")
            r1, c1, r2, c2 = parse_range(setup.area[0])
            ws.print_area(r1 - 1, c1 - 1, r2 - 1, c2 - 1)
        if setup.orientation == "landscape":
            ws.set_landscape()
        else:
            ws.set_portrait()
        ws.set_paper(9 if setup.paper == "A4" else 1)
        if setup.fit_width or setup.fit_height:
            ws.fit_to_pages(setup.fit_width, setup.fit_height)
        if setup.row_breaks:
            ws.set_h_pagebreaks(list(setup.row_breaks))
        if setup.col_breaks:
            ws.set_v_pagebreaks(list(setup.col_breaks))
        if setup.repeat_rows:
            ws.repeat_rows(setup.repeat_rows[0] - 1, setup.repeat_rows[1] - 1)
        if setup.repeat_cols:
            ws.repeat_columns(setup.repeat_cols[0] - 1, setup.repeat_cols[1] - 1)
        if setup.center_horizontally:
            ws.center_horizontally()
        if setup.margins_cm is not None:
            inches = setup.margins_cm / 2.54
            ws.set_margins(left=inches, right=inches, top=max(inches, 0.75 if book.header else 0),
                           bottom=max(inches, 0.6 if book.footer else 0))
        if book.header:
            ws.set_header(fit_header(book.header))
        if book.footer:
            ws.set_footer(fit_header(book.footer))


HEADER_LIMIT = 255  # Excel's limit on a page header or footer, codes included


def _comments(ws: Worksheet, comments: dict[tuple[int, int], tuple[str, str]]) -> None:
    """Put the comments (notes) on their cells.

    The rows were streamed already, and in constant-memory mode XlsxWriter's ``write_comment``
    ignores rows before the last one written: the comments go straight to the table it packs
    on close (as ``write_comment`` stores them), and its last-row flush is told that no row is
    pending (our rows are written by :meth:`_Worksheet.stream_row`)."""
    if not comments:
        return
    try:
        from xlsxwriter.comments import CommentType  # XlsxWriter 3.2.1 on
    except ImportError:  # earlier 3.x: a list, as their write_comment stores it
        def CommentType(*fields):  # noqa: N802
            return list(fields)

    for (r, c), (text, author) in sorted(comments.items()):
        ws.comments[r - 1][c - 1] = CommentType(r - 1, c - 1, text[:32767], {"author": author} if author else {})
    ws.has_vml = ws.has_comments = True
    ws.previous_row = -1


def fit_header(codes: str, limit: int = HEADER_LIMIT) -> str:
    """A header/footer made to fit Excel's 255 characters: the longest section (``&L``, ``&C``,
    ``&R``) loses its end, marked "…", until it fits; a ``&`` left alone at a cut is dropped."""
    if len(codes) <= limit:
        return codes
    parts = re.split(r"(&[LCR])", codes)  # ['', '&L', text, '&C', text, '&R', text]
    texts = list(range(2, len(parts), 2))
    while sum(map(len, parts)) > limit and texts:
        i = max(texts, key=lambda k: len(parts[k]))
        excess = sum(map(len, parts)) - limit
        text = parts[i][: max(len(parts[i]) - excess - 1, 0)]
        tail = len(text) - len(text.rstrip("&"))
        if tail % 2:
            text = text[:-1]
        parts[i] = text + "…"
        if len(parts[i]) <= 1:
            parts[i] = ""
            texts.remove(i)
    return "".join(parts)


def _rows(layout: SheetLayout, merged, covered: frozenset[int] | set[int] = frozenset(), blocks: bool = False) -> Any:
    """The sheet's rows in order (streamed or not, ``SheetLayout.rows``), with an empty row for
    each row that has only a height or the start of a merged block. With ``blocks``, a block of rows
    (``RowBlock``) none of whose rows has a height or a merged cell (a block's first one in ``merged``,
    the rows others cover in ``covered``) is given as it is, its rows not made."""
    extra = sorted(set(layout.row_heights) | {r for r, _ in merged})
    special = sorted(set(extra) | covered)
    k = 0
    for item in layout.rows(blocks=blocks):
        if type(item) is RowBlock:
            if bisect.bisect_left(special, item.first) == bisect.bisect_right(special, item.last):
                while k < len(extra) and extra[k] < item.first:
                    yield extra[k], {}
                    k += 1
                yield item
                continue
            made = item.make()
        else:
            made = iter((item,))
        for r, row in made:
            while k < len(extra) and extra[k] < r:
                yield extra[k], {}
                k += 1
            if k < len(extra) and extra[k] == r:
                k += 1
            yield r, row
    for r in extra[k:]:
        yield r, {}


_STYLE_KEY = operator.attrgetter("style", "number_format")
_GROUP = operator.attrgetter("group")


def _write_block(block: RowBlock, write_row, shared: dict, formats: _Formats, ws, memo: RowMemo) -> None:
    """Make and write the rows of ``block``; keep their XML in ``memo`` when the fast lane wrote every row
    and every shared formula of theirs lies inside the block (:class:`RowMemo`)."""
    before = len(shared)
    pieces: list[str] = []
    used: dict[tuple[str | None, str | None], None] = {}  # the formats, in the order the rows use them
    groups: set[SharedFormula] = set()  # the shared formulas its cells belong to
    keep = True
    low, high = 0, 0
    for r, row in block.make():
        if not block.first <= r <= block.last:
            raise ValueError(f"row {r} is outside its block {block.first}-{block.last}")
        written = write_row(r, row)
        if written is None:
            keep = False
        if not keep:
            continue
        text, left, right = written
        low, high = (left, right) if not pieces else (min(low, left), max(high, right))
        pieces.append(text)
        cells = row.values()
        used.update(dict.fromkeys(map(_STYLE_KEY, cells)))  # (C-speed: 340,000 cells in a 200-player event)
        groups.update(map(_GROUP, [spec for spec in cells if type(spec) is SharedCell]))
    if any(not (block.first <= group.first and group.last <= block.last) for group in groups):
        keep = False
    if keep and pieces:
        formats_used = []
        for style, number_format in used:
            fmt = formats.made.get((style, number_format))
            formats_used.append([style, number_format, ws.xf(fmt)])
        memo.note(block, before, len(shared), formats_used, low, high, "".join(pieces))


def _slow_row(ws, layout: SheetLayout, formats, r: int, row: dict, columns: list[int], merged, covered,
              own: str) -> None:
    """A row written cell by cell through XlsxWriter (merged blocks, organisers' own sheets)."""
    if r in layout.row_heights:
        ws.set_row(r - 1, layout.row_heights[r])
    if not columns and (r, 1) not in merged:
        ws.write_blank(r - 1, 0, None, formats.blank)
    for c in sorted(set(columns) | {c for (mr, c) in merged if mr == r}):
        spec = row.get(c)
        if spec is None:
            ws.merge.append([x - 1 for x in merged[(r, c)]])
            ws.write_blank(r - 1, c - 1, None, formats.blank)
            continue
        fmt = formats.get(spec.style, spec.number_format)
        if (r, c) in merged:
            _merge(ws, merged[(r, c)], spec, fmt, own)
        elif (r, c) not in covered:
            _write(ws, r - 1, c - 1, spec, fmt, own)


def _row_xml(ws, r: int, row: dict, columns: list[int], attributes: dict, formats: _Formats,
             shared: dict[SharedFormula, tuple]) -> str | None:
    """The XML of the cells of row ``r`` (1-based), as :func:`_cell_xml` writes each (the same
    text, in one loop: this is where a large workbook spends its time), or None to leave the row
    to XlsxWriter. ``attributes`` caches each (style, number format)'s `` s="n"``.

    A :class:`SharedCell` is written as a shared formula: the block's first cell with the text,
    the block and a number (``si``, the order of the first cells), the others with that number
    only. ``shared`` holds, for each block whose first cell is written, its first cell's style
    and number format and the ready pieces of a later cell's XML (a later cell of another style
    is written piece by piece); a block whose first cell went to XlsxWriter has every cell
    written in full."""
    parts: list[str] = []
    masters: list[tuple] = []
    append = parts.append
    letters = ws.row_letters
    number = str(r)
    for c in columns:
        spec = row[c]
        if type(spec) is SharedCell:  # most cells of a large workbook: a block's later cell
            ready = shared.get(spec.group)
            if ready is not None and ready[0] == spec.style and ready[1] == spec.number_format:
                cached = spec.cached
                if cached is NOCACHE:
                    append(f"{ready[2]}{number}{ready[3]}")
                    continue
                part = _value_xml(f"{ready[2]}{number}{ready[4]}", ready[5], cached)
                if part is None:
                    return None
                append(part)
                continue
        style, number_format = spec.style, spec.number_format
        key = style if number_format is None else (style, number_format)
        xf = attributes.get(key)
        if xf is None:
            xf = attributes[key] = ws.xf(formats.get(style, number_format))
        letter = letters.get(c)
        if letter is None:
            letter = letters[c] = ws.letters(c - 1)
        if spec.formula:
            group = spec.group if type(spec) is SharedCell else None
            ready = None if group is None else shared.get(group)
            if ready is not None:  # a later cell of another style than the block's first
                part = _value_xml(f'<c r="{letter}{number}"{xf}', ready[5], spec.cached)
            elif group is not None and spec.master:
                part = _formula_xml(f'<c r="{letter}{number}"{xf}', group.make(spec.row), spec.cached,
                                    f' t="shared" ref="{group.block}" si="{len(shared) + len(masters)}"')
                masters.append((group, style, number_format, letter, xf))
            else:
                part = _formula_xml(f'<c r="{letter}{number}"{xf}', spec.value, spec.cached)
            if part is None:
                return None
            append(part)
            continue
        value = spec.value
        kind = type(value)
        if value is None:
            if xf:
                append(f'<c r="{letter}{number}"{xf}/>')
        elif kind is int:
            append(f'<c r="{letter}{number}"{xf}><v>{value}</v></c>')
        elif kind is str and (spec.text or not value.startswith("=")):
            append(_inline_text(f'<c r="{letter}{number}"{xf}', value))
        else:
            part = _cell_xml(ws, r, c, spec, formats.get(spec.style, spec.number_format))
            if part is None:
                return None
            append(part)
    for group, style, number_format, letter, xf in masters:
        tag = f'<f t="shared" si="{len(shared)}"/>'
        shared[group] = (style, number_format, f'<c r="{letter}', f'"{xf}>{tag}<v></v></c>', f'"{xf}', tag)
    return "".join(parts)


def _cell_xml(ws, r: int, c: int, spec, fmt) -> str | None:
    """The XML of one of the project's cells (1-based ``r``, ``c``), or None to leave it to XlsxWriter."""
    head = f'<c r="{ws.letters(c - 1)}{r}"{ws.xf(fmt)}'
    value = spec.value
    if spec.formula:
        return _formula_xml(head, value, spec.cached)
    if value is None:
        return f"{head}/>" if fmt is not None else ""
    if value is True or value is False:
        return f'{head} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int):
        return f"{head}><v>{value}</v></c>"
    if isinstance(value, float):
        if value != value or abs(value) == float("inf"):
            return None
        return f"{head}><v>{value:.16G}</v></c>"
    if isinstance(value, str) and (spec.text or not value.startswith("=")):
        return _inline_text(head, value)
    return None


def file_formula(formula: str) -> str:
    """``formula`` as the file stores it: each of :data:`FUTURE_FUNCTIONS` with its ``_xlfn.`` prefix."""
    if "AGGREGATE(" not in formula:  # the one future function, tested by name for speed (a test covers the list)
        return formula
    parts = _TEXT_LITERAL.split(formula)  # odd parts are "text" literals, left as they are
    return "".join(part if k % 2 else _FUTURE_CALL.sub(r"_xlfn.\1(", part) for k, part in enumerate(parts))


def _formula_xml(head: str, value: str, cached, shared: str = "") -> str | None:
    """A formula cell with its stored value (none for a hidden helper: computed on load), or None
    for a value the XML cannot hold (NaN, infinity, another type): XlsxWriter writes it then.
    ``shared`` holds the ``f`` element's attributes of a shared formula's first cell."""
    formula = file_formula(value[1:] if value.startswith("=") else value)
    if "&" in formula or "<" in formula or ">" in formula:
        formula = formula.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if cached is NOCACHE:  # most cells of a large workbook (hidden helpers): one call, not two
        return f"{head}><f{shared}>{formula}</f><v></v></c>"
    return _value_xml(head, f"<f{shared}>{formula}</f>", cached)


def _value_xml(head: str, f: str, cached) -> str | None:
    """The cell ``head`` with its formula element ``f`` and its stored value (see :func:`_formula_xml`)."""
    if cached is NOCACHE or cached is None or cached == "":
        return f"{head}>{f}<v></v></c>"
    kind = type(cached)
    if kind is str:
        return f'{head} t="str">{f}<v>{_xml_text(cached)}</v></c>'
    if kind is bool:
        return f'{head} t="b">{f}<v>{int(cached)}</v></c>'
    if (kind is int or kind is float) and cached == cached and abs(cached) != float("inf"):
        return f"{head}>{f}<v>{cached:.16G}</v></c>"
    if isinstance(cached, str):  # a str subclass
        return f'{head} t="str">{f}<v>{_xml_text(cached)}</v></c>'
    if isinstance(cached, (int, float)) and cached == cached and abs(cached) != float("inf"):
        return f"{head}>{f}<v>{cached:.16G}</v></c>"
    return None


def _inline_text(head: str, value: str) -> str:
    """A text cell as an inline string (never a formula, whatever it starts with)."""
    space = ' xml:space="preserve"' if value[:1].isspace() or value[-1:].isspace() else ""
    return f'{head} t="inlineStr"><is><t{space}>{_xml_text(value)}</t></is></c>'


def table_xlsx(rows, title: str) -> bytes:
    """An ``.xlsx`` of one sheet named ``title``: a bold, frozen header row, then ``rows``.

    Rows are streamed in batches (constant memory); text is always text, numbers numbers,
    booleans booleans; other values leave their cell empty.
    """
    buffer = io.BytesIO()
    with tempfile.TemporaryDirectory(prefix="appariements-xlsx-") as scratch:
        book = _Workbook(buffer, {"constant_memory": True, "tmpdir": scratch,
                                            "strings_to_formulas": False, "strings_to_numbers": False,
                                            "strings_to_urls": False})
        sheet = book.add_worksheet(title[:31], worksheet_class=_Worksheet)
        width = max((len(row) for row in rows), default=0)
        letters = [xl_col_to_name(c) for c in range(max(width, 1))]
        bold = sheet.xf(book.add_format({"bold": True}))
        batch: list[str] = []
        start = 0
        templates: dict[tuple, str] = {}  # rows of whole numbers: one format per row shape
        for r, row in enumerate(rows):
            number = r + 1
            if r:
                shape = tuple(map(type, row))
                template = templates.get(shape)
                if template is None and all(kind is int for kind in shape):
                    template = templates[shape] = '<row r="{0}">' + "".join(
                        f'<c r="{letters[c]}{{0}}"><v>{{{c + 1}}}</v></c>' for c in range(len(row))) + "</row>"
                if template is not None:
                    batch.append(template.format(number, *row))
                    if len(batch) == 4096:
                        sheet.stream_rows("".join(batch), start, r, 0, width - 1)
                        batch, start = [], r + 1
                    continue
            style = bold if r == 0 else ""
            cells = []
            for letter, value in zip(letters, row):
                kind = type(value)
                if kind is int:
                    cells.append(f'<c r="{letter}{number}"{style}><v>{value}</v></c>')
                elif kind is str:
                    cells.append(_inline_text(f'<c r="{letter}{number}"{style}', value))
                elif kind is bool:
                    cells.append(f'<c r="{letter}{number}"{style} t="b"><v>{int(value)}</v></c>')
                elif isinstance(value, (int, float)) and value == value and abs(value) != float("inf"):
                    cells.append(f'<c r="{letter}{number}"{style}><v>{float(value):.16G}</v></c>')
                elif isinstance(value, str):
                    cells.append(_inline_text(f'<c r="{letter}{number}"{style}', str(value)))
            batch.append(f'<row r="{number}">{"".join(cells)}</row>')
            if len(batch) == 4096:
                sheet.stream_rows("".join(batch), start, r, 0, width - 1)
                batch, start = [], r + 1
        if batch:
            sheet.stream_rows("".join(batch), start, len(rows) - 1, 0, max(width - 1, 0))
        sheet.freeze_panes(1, 0)
        book.close()
    return buffer.getvalue()


def _merge(ws: Worksheet, block: tuple[int, int, int, int], spec, fmt, own: str) -> None:
    """A merged block: its first cell holds the value; one-row blocks repeat the format across
    (borders), taller ones only record the block (rows are streamed in order)."""
    r1, c1, r2, c2 = block
    if r1 == r2:
        ws.merge_range(r1 - 1, c1 - 1, r2 - 1, c2 - 1, "", fmt)
    else:
        ws.merge.append([r1 - 1, c1 - 1, r2 - 1, c2 - 1])
    _write(ws, r1 - 1, c1 - 1, spec, fmt, own)


def _write(ws: Worksheet, row: int, col: int, spec, fmt, own: str) -> None:
    value = spec.value
    if spec.formula:
        cached = spec.cached
        if cached is NOCACHE:
            cached = _NO_VALUE
        elif isinstance(cached, bool):
            pass
        elif cached is None:
            cached = ""
        ws.write_formula(row, col, own + value, fmt, cached)
    elif value is None:
        if fmt is not None:
            ws.write_blank(row, col, None, fmt)
    elif isinstance(value, bool):
        ws.write_boolean(row, col, value, fmt)
    elif isinstance(value, (int, float)):
        ws.write_number(row, col, value, fmt)
    elif isinstance(value, (datetime, date)):
        ws.write_datetime(row, col, value, fmt)
    elif isinstance(value, str):
        if spec.text or not value.startswith("="):
            ws.write_string(row, col, value, fmt)
        else:
            ws.write_formula(row, col, value, fmt, _NO_VALUE)
    else:
        ws.write_string(row, col, str(value), fmt)


def _cell_index(ref: str) -> tuple[int, int]:
    from addin.sheets.model import parse_ref

    row, col = parse_ref(ref)
    return row - 1, col - 1
