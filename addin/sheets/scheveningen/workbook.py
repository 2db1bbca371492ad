"""The Scheveningen match workbook as its use cases see it (``addin.events.scheveningen``).

The one door of ``addin.events`` into this package: read the match, write a match back.
The use cases never see a cell position (``cells``): what is where in the workbook stays
in ``addin.sheets.scheveningen`` (``tests/test_layering.py`` forbids ``events`` to import a
``cells`` module).
"""

from __future__ import annotations

from addin.sheets.book import Book, Write
from addin.sheets.scheveningen.cells import RoundCols, TeamCols
from addin.sheets.scheveningen.labels import LABELS, is_match
from addin.sheets.scheveningen.layout import match_workbook, round_sheet_names
from addin.sheets.scheveningen.reader import read_match
from addin.systems.scheveningen_match import SchevMatch

__all__ = ["LABELS", "is_match", "match_workbook", "read_match", "write_match"]


def write_match(book: Book, match: SchevMatch) -> None:
    """Write ``match`` into ``book``; on the line-ups sheet only its own columns (the rest is the organiser's)."""
    rounds = {name: RoundCols.B_SYMBOL for name in round_sheet_names(match)}  # notes typed beside a game
    book.write(Write(match_workbook(match), keep_columns={LABELS[match.header.lang]["sheet_teams"]: TeamCols.B_IDENT,
                                                          **rounds},
                     spare_columns={name: (RoundCols.CHECK + 1,) for name in rounds}))
