"""The two doors of an event as it happens: one operation by command and by button, and what each left.

The live-event tests (``tests/events/test_*_live*.py``, ``test_scheveningen_event.py``) run each
operation twice: by command — ``appariements …`` through click's runner on an event file — and by
button — the organiser types into the workbook, then presses the kind's Excel button on xlwings'
remote-interpreter book (``support.xlwings_replay``) — and compare the two workbooks after every step.
``TwoDoors`` holds both (the file and the button's workbook, a payload) and checks each door's
contract, the same for every kind:

* an accepted command exits with 0 and keeps the file's previous version as its newest backup (at most
  ``KEEP`` of them); a refused one exits with 2 with a sentence, no traceback, and leaves the file
  byte-identical with no new backup;
* an accepted button writes into the workbook; a refused one writes nothing (its message says why),
  and the organiser undoes his typing (or keeps it, ``undo=False``).

``same(read)`` reads both workbooks with the test's own reader (never the project's) and asserts they
hold the same (``assert_same``); ``grids_of_file`` and ``grids_of`` give that reader the cells of the
file and of the button's workbook in one shape: ``{sheet: {(row, col): value}}``, 1-based, empty cells
left out.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from click.testing import Result
from openpyxl import load_workbook
from support.cli import digest, invoke
from support.xlwings_replay import grids_of, payload_after, payload_from_file, remote_book, set_cell

from addin.render.backups import KEEP, versions

__all__ = ["Button", "Edit", "TwoDoors", "assert_same", "digest", "grids_of", "grids_of_file", "invoke", "press"]

#: a button's function (``addin.excel.buttons``): the open workbook → the message it shows
Button = Callable[[Any], str]
#: a cell the organiser types: (sheet, row, column, value); None empties it
Edit = tuple[str, int, int, Any]
T = TypeVar("T")


def grids_of_file(path: Path, values: bool = False, sheets: Callable[[str], bool] | None = None) -> dict:
    """The cells of a workbook file's sheets (``sheets``: which names; all by default), formulas as their
    text, or with ``values`` the values stored with them; read by openpyxl, not by the project's reader."""
    book = load_workbook(path, data_only=values, read_only=True)
    try:
        return {name: {(c.row, c.column): c.value for row in book[name].iter_rows() for c in row
                       if c.value not in (None, "")}
                for name in book.sheetnames if sheets is None or sheets(name)}
    finally:
        book.close()


def press(button: Button, payload: dict, edits: Iterable[Edit] = ()) -> tuple[str, dict | None]:
    """Type ``edits`` into a copy of the workbook ``payload``, then press ``button``: its message and the
    workbook it leaves (None when it wrote nothing). ``payload`` itself is not changed."""
    typed = copy.deepcopy(payload)
    for sheet, row, col, value in edits:
        set_cell(typed, sheet, row, col, value)
    book = remote_book(typed)
    message = button(book)
    actions = [a for a in book.json()["actions"] if a["func"] != "alert"]
    return message, (payload_after(typed, actions) if actions else None)


def assert_same(by_command: Any, by_button: Any) -> None:
    """What the command left equals what the button left; two dicts (sheets, or a reader's parts) are
    compared key by key, so that a difference names its sheet or part."""
    message = "the command and the button gave different workbooks"
    if isinstance(by_command, dict) and isinstance(by_button, dict):
        assert set(by_command) == set(by_button), message
        for key in by_command:
            assert by_command[key] == by_button[key], f"{message}: {key}"
    assert by_command == by_button, message


class TwoDoors:
    """An event file driven by command and its twin workbook driven by ``button``.

    ``counts`` (optional) tallies the commands run: ``(command, accepted) → times``.
    """

    def __init__(self, file: Path, button: Button, counts: dict[tuple[str, bool], int] | None = None):
        self.file = file
        self.button = button
        self.counts = counts
        self.steps = 0
        self.payload = payload_from_file(file)

    def reload(self) -> None:
        """The button's workbook becomes the file again (after a command only the file has had)."""
        self.payload = payload_from_file(self.file)

    def by_command(self, *args: object, ok: bool) -> Result:
        """Run ``appariements ARGS…``, accepted (``ok``) or refused, and check what it did to the file."""
        before, backups = digest(self.file), versions(self.file)
        result = invoke(*args)
        self.steps += 1
        if self.counts is not None:
            key = (str(args[0]), ok)
            self.counts[key] = self.counts.get(key, 0) + 1
        if ok:
            assert result.exit_code == 0, (args, result.output)
            kept = versions(self.file)
            assert digest(kept[-1]) == before and kept[-1] not in backups and len(kept) <= KEEP
        else:
            assert result.exit_code == 2, (args, result.output)
            assert "Traceback" not in result.output
            assert digest(self.file) == before, "a refusal changed the file"
            assert versions(self.file) == backups
        return result

    def by_button(self, edits: Iterable[Edit], ok: bool, *, undo: bool = True,
                  button: Button | None = None) -> str:
        """Type ``edits``, press the button (or ``button``), accepted (``ok``) or refused: on a refusal
        the workbook is unchanged, and the organiser undoes his typing unless ``undo`` is False."""
        edits = list(edits)
        message, after = press(button or self.button, self.payload, edits)
        if ok:
            assert after is not None, message
            self.payload = after
        else:
            assert after is None, "a refused button wrote into the workbook"
            if not undo:
                for sheet, row, col, value in edits:
                    set_cell(self.payload, sheet, row, col, value)
        return message

    def press(self) -> str:
        """Press the button on the workbook as it is, taking whatever it writes (no check)."""
        message, after = press(self.button, self.payload)
        if after is not None:
            self.payload = after
        return message

    def same(self, read: Callable[[dict], T], grids: dict | None = None, *, values: bool = False,
             sheets: Callable[[str], bool] | None = None) -> T:
        """``read`` the file's cells and the button's workbook's: they must be equal; the file's reading.
        The file's cells are ``grids`` when the test has read them already, else ``grids_of_file(file,
        values, sheets)``: with ``values`` the values stored with the formulas, ``sheets`` those ``read`` needs."""
        from_file = read(grids_of_file(self.file, values, sheets) if grids is None else grids)
        assert_same(from_file, read(grids_of(self.payload)))
        return from_file
