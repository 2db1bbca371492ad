"""The Formule Combinée workbook as its use cases see it (``addin.events.combinee``).

The one door of ``addin.events`` into this package: read the event, write an event back
(whole, or only the cells a new round's pairing occupies). The use cases never see a cell
position (``cells``): what is where in the workbook stays in ``addin.sheets.combinee``
(``tests/test_layering.py`` forbids ``events`` to import a ``cells`` module).
"""

from __future__ import annotations

from typing import Any

from addin.sheets.book import Book, Write
from addin.sheets.combinee.cells import PlayersCols, RoundCols, round_sheet
from addin.sheets.combinee.labels import LABELS
from addin.sheets.combinee.layout import event_workbook
from addin.sheets.combinee.reader import is_current, read_event, typed_results
from addin.systems.combinee.event import CombineeEvent

__all__ = ["LABELS", "event_workbook", "is_current", "pairing_cells", "read_event", "round_sheet", "typed_results",
           "write_event"]


def write_event(book: Book, event: CombineeEvent, cells: list[tuple[str, int, int, Any]] | None = None) -> None:
    """Write ``event`` into ``book``: its sheets (the player list's own columns only), or just ``cells``."""
    rounds = {round_sheet(k): RoundCols.OPP_B for k in range(1, event.phases.total + 1)}  # notes beside a game
    players = LABELS[event.header.lang]["players"]
    book.write(Write(event_workbook(event), keep_columns={players: PlayersCols.OWN, **rounds}, cells=cells))


def pairing_cells(event: CombineeEvent, k: int) -> list[tuple[str, int, int, Any]]:
    """The cells a round's pairing occupies (group and both numbers of every table row)."""
    C = RoundCols
    tables = event.rounds[k - 1]
    out = []
    for i in range(event.tables):
        row = C.FIRST_ROW + i
        table = tables[i] if i < len(tables) else None
        out += [(round_sheet(k), row, C.GROUP, None if table is None else table.group),
                (round_sheet(k), row, C.A, None if table is None else table.a),
                (round_sheet(k), row, C.B, None if table is None else table.b)]
    return out
