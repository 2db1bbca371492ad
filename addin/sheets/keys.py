"""The hidden key sheet: each number's name as the program last wrote the workbook.

Every game of an event is typed against numbers (a player's pairing number, a Molter team's
letter, a Scheveningen seat), and the names stand beside those numbers in the player list.
A spreadsheet lets the organiser sort the names without their numbers, and every formula
then credits each game to someone else; the names shown beside the games follow the sort
too, so nothing visible tells it. This sheet — hidden, written whole at every rewrite, and
out of reach of any sort of the visible sheets — keeps each number's name as written, so
the readers can tell a sort (several numbers whose names moved to one another:
:func:`addin.sheets.find.check_names`) from a corrected name (allowed).

One row per number: the section (``players``, ``teams``, ``A``, ``B``…), the number as
text, the name. A workbook made before this sheet existed has none, and is read as before.
"""

from __future__ import annotations

from typing import Any, Iterable

from addin.core.cells import is_blank, text
from addin.sheets.book import Book
from addin.sheets.model import SheetLayout

SHEET = {"fr": "Clés", "en": "Keys"}
SECTION, KEY, NAME = 1, 2, 3


def key_sheet(lang: str, entries: Iterable[tuple[str, Any, str]]) -> SheetLayout:
    """The hidden sheet of ``(section, number, name)`` entries."""
    sheet = SheetLayout(SHEET.get(lang, SHEET["fr"]), hidden=True)
    sheet.row(1, 1, ["section", "key", "name"])
    for row, (section, key, name) in enumerate(entries, 2):
        sheet.set(row, SECTION, section, text=True)
        sheet.set(row, KEY, str(key), text=True)
        sheet.set(row, NAME, name, text=True)
    return sheet


def is_key_sheet(name: str) -> bool:
    return name in SHEET.values()


def read_keys(book: Book, section: str) -> dict[str, str] | None:
    """``{number as text: name}`` of ``section``, or None when the workbook has no key sheet."""
    names = book.sheet_names()
    sheet = next((name for name in SHEET.values() if name in names), None)
    if sheet is None:
        return None
    out: dict[str, str] = {}
    for line in (book.values(sheet) or [])[1:]:
        cells = list(line) + [None] * 3
        if text(cells[SECTION - 1]) == section and not is_blank(cells[KEY - 1]):
            out[text(cells[KEY - 1])] = text(cells[NAME - 1])
    return out
