"""Read a Scheveningen match workbook back into a :class:`~addin.systems.scheveningen_match.SchevMatch`.

The inputs are constants in the workbook (formulas only derive from them), so reading needs
no recalculation: Settings column B (name, place, dates, arbiter); the line-ups sheet (the
two team names, then one row per player on each side: name, rating, id); and each round's
sheet: the result of each board. Positions are those of ``cells.py``; sheet names are
recognised in French and English.

A workbook holding only the line-ups sheet (the template a button builds from) reads as a
match without results. A result is read with :func:`~addin.core.results.parse_result`
(any accepted spelling, rewritten as the workbook's code); anything else is refused with
the sheet and the cell.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from addin.core.cells import is_blank, refuse_uncomputed, text, whole_or_none, in_sheet, at_cell
from addin.core.errors import TournamentError
from addin.core.messages import current_lang
from addin.core.results import parse_result
from addin.sheets.book import Book, cell
from addin.sheets.model import ref
from addin.sheets.scheveningen.cells import RoundCols, SettingsRows, TeamCols
from addin.sheets.scheveningen.labels import LABELS, detect_lang
from addin.systems.scheveningen_match import MAX_RATING, SchevMatch, SchevPlayer, check_size, new_match


def read_match(book: Book) -> SchevMatch:
    """The match ``book`` holds (see the module doc)."""
    lang = detect_lang(book.sheet_names())
    if lang is None:
        raise TournamentError(
            "{name} is not a Scheveningen match workbook: it has no sheet '{sheet}' with the two teams' "
            "names in B2 and G2 and their players from row 4.", name=book.name,
            sheet=LABELS[current_lang()]["sheet_teams"])
    L = LABELS[lang]
    rows = book.values(L["sheet_teams"]) or []
    where = in_sheet(book.name, L['sheet_teams'])
    names = {}
    for team, col in (("A", TeamCols.A_NAME), ("B", TeamCols.B_NAME)):
        value = cell(rows, TeamCols.TEAM_ROW, col)
        refuse_uncomputed(value, at_cell(where, ref(TeamCols.TEAM_ROW, col)))
        names[team] = text(value)
    players_a = _players(rows, TeamCols.A_NAME, where)
    players_b = _players(rows, TeamCols.B_NAME, where)
    settings = book.values(L["sheet_settings"]) or []
    details = {key: text(cell(settings, row, 2)) for key, row in (
        ("title", SettingsRows.EVENT), ("place", SettingsRows.PLACE), ("dates", SettingsRows.DATES),
        ("arbiter", SettingsRows.ARBITER))}
    match = new_match(names["A"], names["B"], players_a, players_b, lang=lang, **details)
    built = 0
    while L["sheet_round"].format(r=built + 1) in book.sheet_names():
        built += 1
    if built == 0:
        return match
    check_size(built, match.n)
    results = {}
    for rnd in range(1, built + 1):
        sheet = L["sheet_round"].format(r=rnd)
        values = book.values(sheet) or []
        for board in range(1, match.n + 1):
            row = RoundCols.FIRST_ROW + board - 1
            value = cell(values, row, RoundCols.RESULT)
            place = at_cell(in_sheet(book.name, sheet), ref(row, RoundCols.RESULT))
            refuse_uncomputed(value, place)
            code = parse_result(value, place)
            if code is not None:
                results[(rnd, board)] = code
    return replace(match, results=results)


def _players(rows: list[list[Any]], name_col: int, where: str) -> list[SchevPlayer]:
    """One team's players, from row 4 down to its last named player; a gap in the middle is refused."""
    found: list[tuple[int, SchevPlayer | None]] = []
    for row in range(TeamCols.FIRST_ROW, len(rows) + 1):
        name, rating, ident = (cell(rows, row, name_col + k) for k in range(3))
        for col, value in zip(range(name_col, name_col + 3), (name, rating, ident)):
            refuse_uncomputed(value, at_cell(where, ref(row, col)))
        if all(is_blank(v) for v in (name, rating, ident)):
            found.append((row, None))
            continue
        if is_blank(name):
            raise TournamentError("{where}, row {row}: the player has a rating or an id but no name.", where=where,
                                  row=row)
        number = None
        if not is_blank(rating):
            number = whole_or_none(rating)
            if number is None or not 0 <= number <= MAX_RATING:
                raise TournamentError("{where}, cell {cell}: the rating '{value}' must be a whole number from 0 to "
                                      "{high}.", where=where, cell=ref(row, name_col + 1), value=text(rating),
                                      high=MAX_RATING)
        found.append((row, SchevPlayer(text(name), number, text(ident))))
    while found and found[-1][1] is None:
        found.pop()
    for row, player in found:
        if player is None:
            raise TournamentError("{where}, row {row}: the row is empty between two players; a team lists its players "
                                  "in board order without gaps.", where=where, row=row)
    return [player for _, player in found if player is not None]
