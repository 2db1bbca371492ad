"""The Scheveningen match workbook as a layout: live formulas, works without Python.

Sheets (French names by default, English with ``lang="en"``):

* **Settings**: the event's name, place, dates, arbiter (printed on every page), the number
  of players per team, the result codes.
* **Line-ups**: the two team names, then each team's players in board order (name, rating, id).
* **Round 1 … Round n**: the round's pairings from the table of
  :mod:`addin.systems.scheveningen` (board, White, result, Black: names follow the line-ups
  by formula), the result typed White first, a check, and the round's score.
* **Team crosstables**: the match score and its verdict, the score of each round, then for
  each team a crosstable: each player against each opponent (``1``, ``½``, ``0``, ``+``,
  ``-``), his points, games and percentage.

Hidden columns of the round sheets turn each result into each team's points and symbols;
every other formula reads them. Every visible formula stores the value Python computed
for it (``cached``). Formulas use only IF, AND, SUM, COUNT, TRIM and ``&``.

This module keeps the entry points; each sheet is written by its module of
``addin.sheets.scheveningen.book`` from the plan they share (``book.plan.BookPlan``).
"""

from __future__ import annotations

from addin.sheets.keys import key_sheet
from addin.sheets.model import WorkbookLayout
from addin.sheets.scheveningen.book.assemble import build_book, page_header  # noqa: F401
from addin.sheets.scheveningen.book.plan import STYLES, round_sheet_names  # noqa: F401
from addin.systems.scheveningen_match import SchevMatch


def match_workbook(match: SchevMatch) -> WorkbookLayout:
    """The complete workbook of ``match``."""
    book = build_book(match)
    book.sheets.append(key_sheet(match.header.lang, ((team, f"{team}{k}", player.name) for team in ("A", "B")
                                              for k, player in enumerate(match.players(team), 1))))
    return book
