"""The round-robin workbook as its use cases see it (``addin.events.roundrobin``).

The one door of ``addin.events`` into this package: read the event and its sheets, the
settings a use case needs, and write an event back. The use cases never see a cell
position (``cells``): what is where in the workbook stays in ``addin.sheets.roundrobin``
(``tests/test_layering.py`` forbids ``events`` to import a ``cells`` module).
"""

from __future__ import annotations

from typing import NamedTuple

from addin.core.cells import whole_or_none
from addin.core.errors import TournamentError
from addin.sheets.book import Book, Write, cell, check_room
from addin.sheets.roundrobin.cells import TIEBREAK_SLOTS, PlayersCols, RoundsCols, SettingsRows, workbook_code
from addin.sheets.roundrobin.labels import LABELS
from addin.sheets.roundrobin.layout import check_tiebreaks, event_workbook
from addin.sheets.roundrobin.reader import (check_players, is_event, players_lang, players_own_columns, read_event,
                                           read_players_sheet)
from addin.systems.roundrobin.berger import MAX_CYCLES, ORDERS
from addin.systems.roundrobin.event import RoundRobinEvent

__all__ = ["LABELS", "TIEBREAK_SLOTS", "ScheduleSettings", "check_players", "check_tiebreaks", "event_workbook",
           "is_event", "players_lang", "read_event", "read_players_sheet", "read_schedule_settings",
           "workbook_code", "write_event"]

SYSTEMS = ("berger", "rutsch")


class ScheduleSettings(NamedTuple):
    """What the Settings sheet says of the schedule, read once (:func:`read_schedule_settings`)."""

    system: str    # "berger" or "rutsch" (anything else typed: "berger")
    cycles: int    # 1 to MAX_CYCLES
    order: str     # one of ORDERS (anything else typed: "normal")
    built: bool    # the sheet holds the number of players the event was built for
    title: str     # the event's name, "" when none


def read_schedule_settings(book: Book, lang: str) -> ScheduleSettings:
    """The schedule's settings typed in ``book``'s Settings sheet (cycles checked: a refusal names its cell)."""
    L = LABELS[lang]
    settings = book.values(L["sheet_settings"]) or []
    cycles_value = cell(settings, SettingsRows.CYCLES, 2)
    cycles = 1
    if cycles_value not in (None, ""):
        given = whole_or_none(cycles_value)
        if given is None or not 1 <= given <= MAX_CYCLES:
            raise TournamentError(
                "{source}, sheet {sheet}, cell B{row}: the number of cycles must be a whole number from 1 to "
                "{high}, not {value}.", source=book.name, sheet=L["sheet_settings"], row=SettingsRows.CYCLES,
                high=MAX_CYCLES, value=repr(cycles_value))
        cycles = given
    system = str(cell(settings, SettingsRows.SYSTEM, 2) or "berger").strip().lower()
    order = str(cell(settings, SettingsRows.ORDER, 2) or "normal").strip().lower()
    title = cell(settings, SettingsRows.EVENT, 2)
    return ScheduleSettings(system if system in SYSTEMS else "berger", cycles, order if order in ORDERS else "normal",
                            whole_or_none(cell(settings, SettingsRows.PLAYERS, 2)) is not None,
                            "" if title is None else str(title))


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
