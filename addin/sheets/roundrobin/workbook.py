"""The round-robin workbook as its use cases see it (``addin.events.roundrobin``).

The one door of ``addin.events`` into this package: read the event and its sheets, the
settings a use case needs (``settings``: the Settings sheet's one parser, which the event's
reader uses too), and write an event back. The use cases never see a cell
position (``cells``): what is where in the workbook stays in ``addin.sheets.roundrobin``
(``tests/test_layering.py`` forbids ``events`` to import a ``cells`` module).
"""

from __future__ import annotations

from addin.sheets.book import Book, Write, check_room
from addin.sheets.roundrobin.cells import TIEBREAK_SLOTS, PlayersCols, RoundsCols, workbook_code
from addin.sheets.roundrobin.labels import LABELS
from addin.sheets.roundrobin.layout import check_tiebreaks, event_workbook
from addin.sheets.roundrobin.reader import (check_players, is_event, players_lang, players_own_columns, read_event,
                                           read_players_sheet)
from addin.sheets.roundrobin.settings import ScheduleSettings, read_schedule_settings
from addin.systems.roundrobin.event import RoundRobinEvent

__all__ = ["LABELS", "TIEBREAK_SLOTS", "ScheduleSettings", "check_players", "check_tiebreaks", "event_workbook",
           "is_event", "players_lang", "read_event", "read_players_sheet", "read_schedule_settings",
           "workbook_code", "write_event"]


def write_event(book: Book, event: RoundRobinEvent) -> None:
    """Write ``event`` into ``book``: its sheets, the player list's own columns only."""
    layout = event_workbook(event)
    sheet = LABELS[event.header.lang]["sheet_players"]
    rows = book.values(sheet)
    if rows is not None:
        check_room(book, sheet, players_own_columns(rows, event.header.lang), PlayersCols.LAST)
    rounds = LABELS[event.header.lang]["sheet_rounds"]  # notes typed right of its columns, or in the one after Check
    book.write(Write(layout, keep_columns={sheet: PlayersCols.LAST, rounds: RoundsCols.LAST_HIDDEN},
                     spare_columns={rounds: (RoundsCols.CHECK + 1,)}))
