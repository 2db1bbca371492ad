"""The Formule Combinée buttons, run on xlwings Server's book object (the Office.js path)."""

from __future__ import annotations

import random
import shutil

from openpyxl import load_workbook
from support.combinee_events import FIRST_TABLE_ROW, COL_SCORE_B, build_event_file, fill_scores, pair_next_round_file, \
    players_csv
from support.xlwings_replay import payload_from_file, remote_book, replay

from addin.excel.buttons import combinee_button


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
    number, pairs = pair_next_round_file(copy)
    payload = payload_from_file(path)
    book = remote_book(payload)
    message = combinee_button(book, "next_round")
    actions = book.json()["actions"]
    writes = [a for a in actions if a["func"] == "setValues"]
    titles = [s["name"] for s in payload["sheets"]]
    assert {a["sheet_position"] for a in writes} == {titles.index(f"R{number}")}  # only the round's pairing cells
    grid = replay(payload, writes)[f"R{number}"]
    written = [(grid.get((FIRST_TABLE_ROW + i, 3)), grid.get((FIRST_TABLE_ROW + i, 8), 0)) for i in range(len(pairs))]
    assert written == pairs
    assert actions[-1]["func"] == "alert" and f"La ronde {number} est appariée" in message  # the workbook's language


def test_button_refuses_and_writes_nothing(tmp_path):
    book = remote_book(payload_from_file(prepared(tmp_path, missing=True)))
    message = combinee_button(book, "next_round")
    assert [a["func"] for a in book.json()["actions"]] == ["alert"]
    assert "ronde 3, table 1 manque" in message


def test_button_speaks_the_workbook_language(tmp_path):
    path = tmp_path / "event.xlsx"
    build_event_file(players_csv(tmp_path, 12), 5, 3, 0, path, seed=1, lang="en")
    message = combinee_button(remote_book(payload_from_file(path)), "next_round")
    assert message.startswith("The result of round 1, table 1 is missing"), message
