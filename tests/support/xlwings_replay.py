"""Drive the Excel buttons through xlwings' remote interpreter and replay what they did.

``book_from_file(path)`` builds the JSON payload xlwings' Office.js client
sends for a workbook (sheet names and values; formulas as their text) and
returns ``xw.Book(json=payload)``: the real xlwings object model, whose writes
become JSON actions. ``replay(payload, actions)`` applies the value actions
(``addSheet``, ``setValues``, ``sheetClear``, ``rangeClear``) to plain
grids, so a test can read the cells the macro wrote. As Excel does with a typed or
written value, a leading apostrophe only marks text and is not kept in the cell
(``'=Bob`` is stored as the text ``=Bob``).

``tests/conftest.py`` sets ``XLWINGS_ON_SERVER`` before xlwings is imported.
"""

from __future__ import annotations

import copy
import datetime
from typing import Any

import xlwings as xw
from openpyxl import load_workbook


def client_value(value: Any) -> Any:
    """A cell's value as the Office.js client sends it: a date as ISO text ending in ``Z``
    (xlwings turns it back into a datetime), an empty cell as ``""``."""
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        return value.isoformat(timespec="milliseconds") + "Z"
    if isinstance(value, datetime.date):
        return datetime.datetime.combine(value, datetime.time()).isoformat(timespec="milliseconds") + "Z"
    return value


def sheet_payload(name: str, rows: list[list[Any]], visible: bool = True) -> dict:
    width = max((len(r) for r in rows), default=1) or 1
    values = [[client_value(v) for v in list(r) + [None] * (width - len(r))] for r in rows] or [[""]]
    return {"name": name, "values": values, "pictures": [], "tables": [], "shapes": [], "charts": [],
            "notes": [], "visibility": "Visible" if visible else "Hidden", "print_area": None,
            "show_gridlines": True, "pivot_tables": []}


def payload_from_sheets(sheets: list[tuple[str, list[list[Any]]]], name: str = "event.xlsx") -> dict:
    return {"client": "Office.js", "version": xw.__version__,
            "book": {"name": name, "active_sheet_index": 0, "selection": "A1"},
            "names": [], "sheets": [sheet_payload(n, rows) for n, rows in sheets]}


def payload_from_file(path) -> dict:
    book = load_workbook(path)
    sheets = []
    for ws in book.worksheets:
        rows = [[cell.value for cell in row] for row in ws.iter_rows()]
        sheets.append((ws.title, rows))
    return payload_from_sheets(sheets, name=str(getattr(path, "name", path)))


def remote_book(payload: dict):
    return xw.Book(json=copy.deepcopy(payload))


def replay(payload: dict, actions: list[dict]) -> dict[str, dict[tuple[int, int], Any]]:
    """Sheets after the actions: name → {(row, col): value} (1-based, empty cells omitted)."""
    sheets: list[list] = []
    for sheet in payload["sheets"]:
        grid = {}
        for r, row in enumerate(sheet["values"], 1):
            for c, value in enumerate(row, 1):
                if value not in (None, ""):
                    grid[(r, c)] = value
        sheets.append([sheet["name"], grid])
    for action in actions:
        func = action["func"]
        if func == "addSheet":
            index, name = action["args"]
            sheets.insert(index, [name, {}])
        elif func == "sheetClear":
            sheets[action["sheet_position"]][1].clear()
        elif func in ("rangeClear", "rangeClearContents"):
            grid = sheets[action["sheet_position"]][1]
            r0, c0 = action["start_row"] + 1, action["start_column"] + 1
            for r in range(r0, r0 + action["row_count"]):
                for c in range(c0, c0 + action["column_count"]):
                    grid.pop((r, c), None)
        elif func == "setValues":
            grid = sheets[action["sheet_position"]][1]
            r0, c0 = action["start_row"] + 1, action["start_column"] + 1
            for dr, row in enumerate(action["values"]):
                for dc, value in enumerate(row):
                    if isinstance(value, str) and value.startswith("'"):
                        value = value[1:]
                    if value in (None, ""):
                        grid.pop((r0 + dr, c0 + dc), None)
                    else:
                        grid[(r0 + dr, c0 + dc)] = value
    return {name: grid for name, grid in sheets}


def grids_of(payload: dict) -> dict[str, dict[tuple[int, int], Any]]:
    """The payload's sheets as name → {(row, col): value} (1-based, empty cells omitted)."""
    return {s["name"]: {(r, c): v for r, row in enumerate(s["values"], 1) for c, v in enumerate(row, 1)
                        if v not in (None, "")} for s in payload["sheets"]}


def set_cell(payload: dict, sheet: str, row: int, col: int, value) -> None:
    """Type ``value`` in a cell of the payload, as the organiser does before pressing a button."""
    values = next(s for s in payload["sheets"] if s["name"] == sheet)["values"]
    width = max(len(values[0]) if values else 1, col)
    while len(values) < row:
        values.append([""] * width)
    for line in values:
        while len(line) < width:
            line.append("")
    values[row - 1][col - 1] = "" if value is None else value


def payload_after(payload: dict, actions: list) -> dict:
    """The payload of the workbook once a button's actions are applied."""
    grids = replay(payload, actions)
    sheets = []
    for name, grid in grids.items():
        rows = max((r for r, _ in grid), default=1)
        cols = max((c for _, c in grid), default=1)
        sheets.append((name, [[grid.get((r, c), "") for c in range(1, cols + 1)] for r in range(1, rows + 1)]))
    return payload_from_sheets(sheets)
