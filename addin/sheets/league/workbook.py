"""The league season workbook as its use cases see it (``addin.events.league``).

The one door of ``addin.events`` into this package: read the season, write a season back.
The use cases never see a cell position (``cells``): what is where in the workbook stays
in ``addin.sheets.league`` (``tests/test_layering.py`` forbids ``events`` to import a
``cells`` module).
"""

from __future__ import annotations

from addin.sheets.book import Book, Write
from addin.sheets.league.cells import RosterCols, RoundCols, TeamsCols
from addin.sheets.league.labels import LABELS
from addin.sheets.league.layout import round_sheet_names, season_workbook, sheet_match_numbers
from addin.sheets.league.reader import FORFEIT_CELL, is_season, read_season
from addin.systems.league.model import Season

__all__ = ["FORFEIT_CELL", "LABELS", "is_season", "read_season", "season_workbook", "sheet_match_numbers",
           "write_season"]


def write_season(book: Book, season: Season) -> None:
    """Write ``season`` into ``book``: its sheets; on the teams and rosters sheets only its own columns."""
    L = LABELS[season.header.lang]
    rounds = {name: RoundCols.LAST_HIDDEN for name in round_sheet_names(season)}  # notes beside a game
    book.write(Write(season_workbook(season), keep_columns={L["sheet_teams"]: TeamsCols.WITHDRAWN,
                                                            L["sheet_rosters"]: RosterCols.IDENT, **rounds},
                     spare_columns={name: (RoundCols.CHECK + 1,) for name in rounds}))
