"""The Formule Combinée workbook button: pair the next round inside Excel (RunPython).

``combinee_next_round()`` does what ``appariements combinee next-round`` does,
on the open workbook: it reads the typed scores, ranks the players and writes
the two player-number columns of the next round's sheet, nothing else. While
a result is missing it only shows the refusal. The rules live in
:mod:`addin.systems.combinee.event`; this module only reads and writes cells.

(``addin/excel/buttons.py`` did not exist on main when this was written; the
integrator may move this entry point there.)
"""

from __future__ import annotations

from typing import Any

from addin.systems.combinee.event import COL_A, COL_B, FIRST_TABLE_ROW, ROUND_SHEET, next_round, read_state
from addin.core.errors import TournamentError

TITLE = "Formule Combinée"


def _reader(book):
    cache: dict[str, list[list[Any]]] = {}
    names = [s.name for s in book.sheets]

    def read(sheet: str, row: int, col: int):
        if sheet not in cache:
            if sheet not in names:
                raise TournamentError(f"The sheet {sheet} is missing: it must not be deleted or renamed.")
            cache[sheet] = book.sheets[sheet].used_range.options(ndim=2).value or [[]]
        values = cache[sheet]
        if row - 1 < len(values) and col - 1 < len(values[row - 1]):
            return values[row - 1][col - 1]
        return None

    return read, names


def next_round_in_book(book) -> tuple[int, list[tuple[int, int]]]:
    """Pair the next round of an open xlwings ``book``; returns the round and its pairs."""
    from addin.sheets.combinee import LABELS

    read, names = _reader(book)
    for lang in ("fr", "en"):
        labels = LABELS[lang]
        if labels["settings"] in names and labels["players"] in names:
            break
    else:
        raise TournamentError("This workbook is not a Formule Combinée event (no settings sheet).")
    state = read_state(read, labels["settings"], labels["players"])
    number, pairs = next_round(state)
    sheet = book.sheets[ROUND_SHEET.format(number)]
    last = FIRST_TABLE_ROW + len(pairs) - 1
    sheet.range((FIRST_TABLE_ROW, COL_A), (last, COL_A)).value = [[a] for a, _ in pairs]
    sheet.range((FIRST_TABLE_ROW, COL_B), (last, COL_B)).value = [[b] for _, b in pairs]
    return number, pairs


def combinee_next_round(book=None) -> None:
    """Button "Ronde suivante / Next round": pair the next round, or say why not."""
    if book is None:
        import xlwings as xw

        book = xw.Book.caller()
    try:
        number, _ = next_round_in_book(book)
    except TournamentError as exc:
        book.app.alert(str(exc), title=TITLE)
        return
    book.sheets[ROUND_SHEET.format(number)].activate()
    book.app.alert(f"Round {number} is paired on sheet {ROUND_SHEET.format(number)}.", title=TITLE)


def recognises(sheet_names: list[str]) -> bool:
    """Whether these sheets are those of a Formule Combinée event workbook."""
    from addin.sheets.combinee import LABELS

    return any(L["settings"] in sheet_names and L["players"] in sheet_names and "R1" in sheet_names
               for L in LABELS.values())
