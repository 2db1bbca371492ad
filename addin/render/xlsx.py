"""Render a :class:`~addin.sheets.model.WorkbookLayout` to an ``.xlsx`` file (openpyxl).

Every layout feature maps to its openpyxl counterpart: named styles become
cell styles (built once per name and copied, which keeps a 10,000-cell
workbook well under a second), ``text=True`` cells are stored as strings
(``data_type = "s"``) so that a name such as ``=HYPERLINK(…)`` or ``@home``
stays text, formulas are written as given (openpyxl adds no ``_xlfn.``
prefix; layouts only use functions that need none).

openpyxl stores no cached values: Excel and LibreOffice compute every formula
when the file is opened (``addin.render.recalc`` reads the computed values back).
"""

from __future__ import annotations

import io
from copy import copy
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.properties import PageSetupProperties

from addin.sheets.model import SheetLayout, Style, WorkbookLayout, col_letter


def _style_template(cell, style: Style):
    """Give ``style`` to a scratch cell and return its ``_style`` array (copied to real cells)."""
    cell.font = Font(bold=style.bold, italic=style.italic, size=style.size,
                     color=style.color)
    if style.fill:
        cell.fill = PatternFill("solid", start_color=style.fill, end_color=style.fill)
    if style.halign or style.valign or style.wrap:
        cell.alignment = Alignment(horizontal=style.halign, vertical=style.valign, wrap_text=style.wrap)
    if style.border:
        side = Side(style=style.border)
        cell.border = Border(left=side, right=side, top=side, bottom=side)
    if style.number_format:
        cell.number_format = style.number_format
    if not style.locked:
        cell.protection = Protection(locked=False)
    return copy(cell._style)


def build_workbook(layout: WorkbookLayout) -> Workbook:
    """The openpyxl ``Workbook`` for ``layout`` (not saved)."""
    layout.check()
    book = Workbook()
    scratch = book.active
    templates = {}
    for index, (name, style) in enumerate(layout.styles.items(), 1):
        templates[name] = _style_template(scratch.cell(row=index, column=1), style)
    book.remove(scratch)
    for sheet_layout in layout.sheets:
        _render_sheet(book, sheet_layout, templates)
    for name, reference in layout.defined_names.items():
        book.defined_names[name] = DefinedName(name, attr_text=reference)
    if layout.active:
        book.active = [s.name for s in layout.sheets].index(layout.active)
    for ws in book.worksheets:
        ws.sheet_view.tabSelected = ws is book.active
    if layout.title:
        book.properties.title = layout.title
    return book


def write_xlsx(layout: WorkbookLayout, path: Path) -> None:
    """Write ``layout`` to ``path`` (callers go through ``addin.render.output``)."""
    build_workbook(layout).save(path)


def xlsx_bytes(layout: WorkbookLayout) -> bytes:
    """The ``.xlsx`` file of ``layout``, in memory."""
    buffer = io.BytesIO()
    build_workbook(layout).save(buffer)
    return buffer.getvalue()


def _render_sheet(book: Workbook, layout: SheetLayout, templates: dict) -> None:
    ws = book.create_sheet(layout.name)
    for (r, c), spec in sorted(layout.cells.items()):
        cell = ws.cell(row=r, column=c)
        if spec.style is not None:
            cell._style = copy(templates[spec.style])
        if spec.value is not None:
            cell.value = spec.value
            if spec.text and isinstance(spec.value, str):
                cell.data_type = "s"
        if spec.number_format:
            cell.number_format = spec.number_format
    for block in layout.merged:
        ws.merge_cells(block)
    for col, width in layout.column_widths.items():
        ws.column_dimensions[col_letter(col)].width = width
    for col in layout.hidden_columns:
        ws.column_dimensions[col_letter(col)].hidden = True
    for row, height in layout.row_heights.items():
        ws.row_dimensions[row].height = height
    for val in layout.validations:
        dv = DataValidation(type="list", formula1=val.formula1(), allow_blank=val.allow_blank,
                            showDropDown=False)
        if val.prompt:
            dv.prompt, dv.promptTitle, dv.showInputMessage = val.prompt, val.title, True
        if val.error:
            dv.error, dv.errorTitle, dv.showErrorMessage = val.error, val.title, True
            dv.errorStyle = "stop"
        dv.sqref = val.ranges
        ws.add_data_validation(dv)
    if layout.freeze:
        ws.freeze_panes = layout.freeze
    if layout.tab_color:
        ws.sheet_properties.tabColor = layout.tab_color
    if layout.hidden:
        ws.sheet_state = "hidden"
    if layout.zoom:
        ws.sheet_view.zoomScale = layout.zoom
    if layout.protect:
        ws.protection.sheet = True
        ws.protection.formatColumns = False
        ws.protection.formatRows = False
    setup = layout.print_setup
    if setup is not None:
        if setup.area:
            ws.print_area = list(setup.area)
        ws.page_setup.orientation = setup.orientation
        ws.page_setup.paperSize = ws.PAPERSIZE_A4 if setup.paper == "A4" else ws.PAPERSIZE_LETTER
        if setup.fit_width:
            ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
            ws.page_setup.fitToWidth = setup.fit_width
            ws.page_setup.fitToHeight = 0
        for row in setup.row_breaks:
            ws.row_breaks.append(Break(id=row))
        for col in setup.col_breaks:
            ws.col_breaks.append(Break(id=col))
        if setup.repeat_rows:
            ws.print_title_rows = f"{setup.repeat_rows[0]}:{setup.repeat_rows[1]}"
        ws.print_options.horizontalCentered = setup.center_horizontally
        if setup.margins_cm is not None:
            inches = setup.margins_cm / 2.54
            ws.page_margins.left = ws.page_margins.right = inches
            ws.page_margins.top = ws.page_margins.bottom = inches
