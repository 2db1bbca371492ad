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
from addin.core.header import EventHeader
from addin.core.messages import current_lang, Message, N_
from addin.core.results import parse_result
from addin.sheets.book import Book, cell
from addin.sheets.find import (check_headings, check_names, labels_of, moved_row, refuse_faults, result_command,
                               stray_row)
from addin.sheets.keys import read_keys
from addin.sheets.model import ref
from addin.sheets.scheveningen.cells import RoundCols, SettingsRows, TeamCols
from addin.sheets.scheveningen.labels import LABELS, detect_lang
from addin.systems.scheveningen_match import MAX_RATING, SchevMatch, SchevPlayer, check_size, new_match


def read_match(book: Book, mend: tuple[int, int] | None = None) -> SchevMatch:
    """The match ``book`` holds (see the module doc).

    ``mend``: the ``(round, board)`` whose result the running command overwrites (its cell is not
    read); any other result that cannot be read is refused with the command that mends it."""
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
    built = 0
    while L["sheet_round"].format(r=built + 1) in book.sheet_names():
        built += 1
    if built:  # a built match's line-ups: their columns where the layout wrote them
        check_headings(rows, TeamCols.HEADER_ROW, {
            first + k: labels_of(LABELS, key, lang) for first in (TeamCols.A_NO, TeamCols.B_NO)
            for k, key in enumerate(("number", "name", "rating", "ident"))}, where)
    players_a = _players(rows, TeamCols.A_NAME, where, "A", built > 0)
    players_b = _players(rows, TeamCols.B_NAME, where, "B", built > 0)
    for team, players in (("A", players_a), ("B", players_b)):
        check_names(read_keys(book, team), {f"{team}{k}": player.name for k, player in enumerate(players, 1)},
                    where, Message(N_("player")))
    settings = book.values(L["sheet_settings"]) or []
    header = EventHeader(text(cell(settings, SettingsRows.EVENT, 2)), text(cell(settings, SettingsRows.PLACE, 2)),
                         text(cell(settings, SettingsRows.DATES, 2)), text(cell(settings, SettingsRows.ARBITER, 2)),
                         lang)
    match = new_match(names["A"], names["B"], players_a, players_b, header)
    if built == 0:
        return match
    check_size(built, match.n)
    results = {}
    faults: dict[tuple[int, int], TournamentError] = {}
    R = RoundCols
    headings = {col: labels_of(LABELS, key, lang) for col, key in ((R.BOARD, "board"), (R.WHITE, "white"),
                                                              (R.RESULT, "result"), (R.BLACK, "black"),
                                                              (R.CHECK, "check"))}
    for rnd in range(1, built + 1):
        sheet = L["sheet_round"].format(r=rnd)
        values = book.values(sheet) or []
        where = in_sheet(book.name, sheet)
        check_headings(values, R.HEADER_ROW, headings, where)
        board_rows = _board_rows(values, match.n, where)
        for pairing in match.pairings(rnd):
            row = board_rows[pairing.board]
            white, black = (f"A{pairing.a}", f"B{pairing.b}") if pairing.a_white else (f"B{pairing.b}",
                                                                                         f"A{pairing.a}")
            for col, seat in ((R.WHITE, white), (R.BLACK, black)):
                if text(cell(values, row, col)).upper() != seat:
                    raise TournamentError(
                        "{where}, cell {cell}: board {board} of this round is {white} against {black}, but the cell "
                        "holds {found}: the rows or columns of the sheet were moved or edited. Undo that change; "
                        "nothing was changed.", where=where, cell=ref(row, col), board=pairing.board, white=white,
                        black=black, found=repr(text(cell(values, row, col))))
            value = cell(values, row, R.RESULT)
            place = at_cell(where, ref(row, R.RESULT))
            try:
                refuse_uncomputed(value, place)
                code = parse_result(value, place)
            except TournamentError as error:
                faults.setdefault((rnd, pairing.board), error)
                continue
            if code is not None:
                results[(rnd, pairing.board)] = code
    refuse_faults(faults, mend, lambda key: result_command(book.name, *key))
    return replace(match, results=results)


def _board_rows(values: list[list[Any]], n: int, where: str) -> dict[int, int]:
    """The row of each board 1..n of a round sheet, found by its number in column A (a blank row inserted
    or the boards sorted read alike); a row with a typed result and no board number belongs to no game."""
    R = RoundCols
    rows: dict[int, int] = {}
    score_labels = {label.casefold() for label in labels_of(LABELS, "score")}
    for row in range(R.FIRST_ROW, len(values) + 1):
        value = cell(values, row, R.BOARD)
        if text(cell(values, row, R.WHITE)).casefold() in score_labels:
            break  # the round's score, below its boards
        if is_blank(value):
            if isinstance(cell(values, row, R.RESULT), str) and not is_blank(cell(values, row, R.RESULT)):
                raise stray_row(where, row, Message(N_("the boards of the round")))
            continue
        board = whole_or_none(value) if not isinstance(value, (str, bool)) else None
        if board is None or not 1 <= board <= n or board in rows:
            raise moved_row(where, row, Message("board {board}", board=len(rows) + 1 if board is None else board),
                            value)
        rows[board] = row
    missing = next((b for b in range(1, n + 1) if b not in rows), None)
    if missing is not None:
        row = rows.get(missing - 1, R.FIRST_ROW - 1) + 1
        raise moved_row(where, row, Message("board {board}", board=missing), cell(values, row, R.BOARD))
    return rows


def _players(rows: list[list[Any]], name_col: int, where: str, team: str = "A",
             built: bool = False) -> list[SchevPlayer]:
    """One team's players, from row 4 down to its last named player; a gap in the middle is refused.

    Each row's number (``A1``, ``A2``… in the column before the name) says which player it is:
    rows sorted whole are read in the order of their numbers. In a built match every player's
    row must carry its number (a row without it, or a number out of place, is refused: the
    rows were sorted apart from their numbers, or a row was inserted among them).
    """
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
    labels = [text(cell(rows, row, name_col - 1)).upper() for row, _ in found]
    while labels and not labels[-1]:
        labels.pop()  # rows added below the numbered ones: players the match does not have yet
    expected = [f"{team}{k}" for k in range(1, len(labels) + 1)]
    if sorted(labels, key=lambda label: (len(label), label)) == expected:
        order = {row: int(label[1:]) for (row, _), label in zip(found, labels)}
        found[:len(labels)] = sorted(found[:len(labels)], key=lambda item: order[item[0]])
    elif built:
        for (row, _), label, want in zip(found, labels, expected):
            if label != want:
                raise moved_row(where, row, Message("player {seat}", seat=want), cell(rows, row, name_col - 1))
    return [player for _, player in found if player is not None]
