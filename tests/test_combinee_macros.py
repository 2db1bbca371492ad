"""The workbook button, run on xlwings Server's book object (the Office.js path)."""

from __future__ import annotations

import random
import shutil

import xlwings as xw
from openpyxl import load_workbook

from addin.cli.combinee import build_event_file, pair_next_round_file
from addin.systems.combinee.event import COL_SCORE_B, FIRST_TABLE_ROW
from addin.events.combinee import combinee_next_round
from test_cli_combinee import fill_scores, players_csv


def server_book(path):
    """The JSON an Office.js client sends for this workbook (cell values as Excel holds them)."""
    wb = load_workbook(path)
    sheets = []
    for ws in wb.worksheets:
        values = [[_excel(c) for c in row] for row in ws.iter_rows(values_only=True)]
        sheets.append({"name": ws.title, "values": values or [[None]], "pictures": [], "tables": []})
    payload = {"client": "Office.js", "version": xw.__version__, "names": [], "sheets": sheets,
               "book": {"name": path.name, "active_sheet_index": 0, "selection": "A1"}}
    return xw.Book(json=payload), [ws.title for ws in wb.worksheets]


def _excel(value):
    if isinstance(value, str) and value.startswith("="):
        return ""  # a computed cell; the button reads none of them
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def prepared(tmp_path, missing=False):
    path = tmp_path / "event.xlsx"
    build_event_file(players_csv(tmp_path, 15), 5, 3, 2, path, seed=9)
    rng = random.Random(2)
    for number in range(1, 6):
        fill_scores(path, number, rng)
    if missing:
        book = load_workbook(path)
        book["R3"].cell(FIRST_TABLE_ROW, COL_SCORE_B).value = None
        book.save(path)
    return path


def test_button_writes_what_the_cli_writes(tmp_path):
    path = prepared(tmp_path)
    copy = tmp_path / "copy.xlsx"
    shutil.copyfile(path, copy)
    number, pairs, _ = pair_next_round_file(copy)
    book, titles = server_book(path)
    combinee_next_round(book)
    actions = book.json()["actions"]
    writes = [a for a in actions if a["func"] == "setValues"]
    assert {a["sheet_position"] for a in writes} == {titles.index(f"R{number}")}
    columns = {a["start_column"]: [row[0] for row in a["values"]] for a in writes}
    assert all(a["start_row"] == FIRST_TABLE_ROW - 1 for a in writes)
    assert columns == {2: [a for a, _ in pairs], 7: [b for _, b in pairs]}
    assert actions[-1]["func"] == "alert" and f"Round {number}" in actions[-1]["args"][0]


def test_button_refuses_and_writes_nothing(tmp_path):
    book, _ = server_book(prepared(tmp_path, missing=True))
    combinee_next_round(book)
    actions = book.json()["actions"]
    assert [a["func"] for a in actions] == ["alert"]
    assert "round 3, table 1" in actions[0]["args"][0]
