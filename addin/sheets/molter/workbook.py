"""The Molter workbook as its use cases see it (``addin.events.molter``).

The one door of ``addin.events`` into this package: read the event and its sheets, and
write an event back. The use cases never see a cell position (``cells``): what is where in
the workbook stays in ``addin.sheets.molter`` (``tests/test_layering.py`` forbids
``events`` to import a ``cells`` module).
"""

from __future__ import annotations

from addin.sheets.book import Book, Write, check_room
from addin.sheets.molter.cells import SETTINGS_ROW, TEAMS_FIRST_ROW, DetailsCols, RoundCols
from addin.sheets.molter.labels import LABELS, numbered_teams, round_sheet
from addin.sheets.molter.layout import event_workbook, teams_own_columns
from addin.sheets.molter.reader import (detect_lang, is_event, lineup_entries, prefetch, read_built, read_event,
                                        read_team_sheet, teams_sheet_columns)
from addin.systems.molter.live import MolterEvent

__all__ = ["LABELS", "TEAM_SHEET_PLACES", "detect_lang", "event_workbook", "is_event", "lineup_entries",
           "numbered_teams", "prefetch", "read_built", "read_event", "read_team_sheet", "write_event"]

#: Where a Teams sheet holds what, for the sentence that asks for one: the number of rounds in
#: B{row}, one team per row from row {first}, its players from column {col}.
TEAM_SHEET_PLACES = dict(row=SETTINGS_ROW, first=TEAMS_FIRST_ROW, col="D")


def write_event(book: Book, event: MolterEvent) -> None:
    """Write ``event`` into ``book``: its sheets, the Teams sheet's own columns only."""
    teams_sheet = LABELS[event.header.lang]["teams_sheet"]
    own_now = teams_sheet_columns(book, event.header.lang)
    if own_now:  # the details of rows 1-2 reach column ARBITER whatever the list's width
        check_room(book, teams_sheet, max(own_now, DetailsCols.ARBITER), teams_own_columns(event))
    own = max(teams_own_columns(event), own_now)
    rounds = {round_sheet(LABELS[event.header.lang], r): RoundCols.EFFECTIVE for r in range(1, len(event.rounds) + 1)}
    book.write(Write(event_workbook(event), keep_columns={teams_sheet: own, **rounds}))  # rounds: notes beside
