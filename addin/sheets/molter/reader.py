"""Read a Molter event workbook back into a :class:`~addin.systems.molter.live.MolterEvent`.

The inputs of the event are constants in the workbook (formulas only derive from them), so
reading needs no recalculation: the Teams sheet (settings; per team its name, withdrawal
round and list), the round sheets (each board's two seats and the typed result) and the
Line-ups sheet (who takes a seat when it is not its regular player). Positions are those of
``cells.py``, the ones the layout writes; sheet names are recognised in French and English.

Two readings:

* :func:`read_team_sheet` — what the organiser typed in the Teams sheet, which may ask for
  another shape (a late team, another number of rounds or of boards): the Update button
  reads it to rebuild the event;
* :func:`read_event` — the event as built (table, results, line-ups) with the Teams sheet's
  names and withdrawals; refused when the Teams sheet asks for another shape (Update first).

A result may be typed in any spelling ``addin.core.results.parse_result`` accepts; the next
write spells it as the drop-down list does.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any, Sequence

from addin.core.cells import is_blank, read_whole, refuse_uncomputed, text, whole_or_none, in_sheet, at_cell
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import current_lang, Message, N_
from addin.core.results import parse_result
from addin.sheets.book import Book, cell, read_many
from addin.sheets.find import (check_headings, check_names, labels_of, moved_row, refuse_faults, result_command,
                               stray_row)
from addin.sheets.keys import SHEET as KEY_SHEETS, read_keys
from addin.sheets.model import col_letter
from addin.sheets.molter.cells import (LINEUP_SEAT_COL, DetailsCols, RankingCols, TEAMS_GROUP_ROW, ROUND_FIRST_ROW, SETTINGS_ROW, TEAMS_FIRST_ROW,
                                       TEAMS_HEADER_ROW, TITLE_ROW, RoundCols, SettingsCols, TeamsCols,
                                       lineup_block_row, lineup_input_col, lineup_row)
from addin.sheets.molter.labels import LABELS, ranking_word, round_sheet
from addin.systems.molter.grids import player_cells
from addin.systems.molter.lineup import Entry, regular, resolve
from addin.systems.molter.live import MolterEvent, check_event, check_rating, check_ranking, check_source
from addin.systems.molter.model import TEAM_NAMES, MAX_TEAMS, Pairing, Seat
from addin.systems.molter.ranking import RANKING_RULES
from addin.systems.molter.teams import MAX_PLAYERS, MIN_TEAMS, Team

MAX_ROUNDS = 24


@dataclass
class TeamSheet:
    """What the Teams sheet holds: settings (``None`` when blank) and the teams with their withdrawals."""

    title: str
    rounds: int | None
    boards: int
    source: str
    teams: list[Team]
    withdrawn: dict[str, int] = field(default_factory=dict)
    place: str = ""
    dates: str = ""
    arbiter: str = ""
    ranking: str = "1991"
    ratings: dict[str, float] = field(default_factory=dict)

    def details(self) -> dict[str, Any]:
        """The event's settings the Teams sheet holds besides its shape (``MolterEvent`` fields)."""
        return dict(source=self.source, ranking=self.ranking, ratings=dict(self.ratings))

    def header(self, lang: str) -> EventHeader:
        """The event's header the Teams sheet holds (title row), in the workbook's language ``lang``."""
        return EventHeader(self.title, self.place, self.dates, self.arbiter, lang)


@dataclass
class Built:
    """The event as built: its table (from the round sheets), typed results and line-up cells."""

    rounds: tuple[tuple[Pairing, ...], ...]
    teams: int
    boards: int
    results: dict[tuple[int, int], str]
    cells: dict[tuple[str, int, int], Any]  # (letter, seat, round) -> the value typed in the Line-ups sheet


def detect_lang(sheet_names: Sequence[str]) -> str | None:
    """The language whose Teams sheet the workbook has (a bare template too), else None."""
    return next((lang for lang, L in LABELS.items() if L["teams_sheet"] in sheet_names), None)


def is_event(sheet_names: Sequence[str]) -> bool:
    """Whether these sheets are those of a built Molter event (its team sheet and round 1)."""
    return any(L["teams_sheet"] in sheet_names and round_sheet(L, 1) in sheet_names for L in LABELS.values())


def read_event(book: Book, mend: tuple[int, int] | None = None) -> MolterEvent:
    """The event ``book`` holds, as built, with the names and withdrawals typed in its Teams sheet.

    ``mend``: the ``(round, board)`` whose result the running command overwrites (its cell is not read)."""
    lang = _lang(book)
    prefetch(book, lang)
    sheet = read_team_sheet(book, lang)
    built = read_built(book, lang, mend)
    shape = (len(sheet.teams), sheet.boards, sheet.rounds or len(built.rounds))
    if shape != (built.teams, built.boards, len(built.rounds)):
        raise TournamentError(
            "{name}: the sheet {sheet} asks for {teams} teams of {boards} players in {rounds} rounds, but the event "
            "was built for {built_teams} teams of {built_boards} in {built_rounds} rounds: update it first "
            "(button Update, or 'appariements update {name}').", name=book.name, sheet=LABELS[lang]["teams_sheet"],
            teams=shape[0], boards=shape[1], rounds=shape[2], built_teams=built.teams, built_boards=built.boards,
            built_rounds=len(built.rounds))
    lineups = lineup_entries(built.cells, sheet.teams, lang, book.name)
    event = MolterEvent(tuple(sheet.teams), sheet.boards, built.rounds, built.results, sheet.withdrawn, lineups,
                        header=sheet.header(lang), **sheet.details())
    return check_event(event)


def prefetch(book: Book, lang: str) -> None:
    """Read every input sheet of the event at once (one opening of a file)."""
    L = LABELS[lang]
    names = book.sheet_names()
    rounds = [name for name in names if name.startswith(L["round_sheet"].split("{")[0])]
    read_many(book, [L["teams_sheet"], L["lineups_sheet"], KEY_SHEETS[lang], *rounds])


def _lang(book: Book) -> str:
    lang = detect_lang(book.sheet_names())
    if lang is None or not is_event(book.sheet_names()):
        raise TournamentError(
            "{name} is not a Molter event workbook: it has no sheets '{teams}' and '{round}'.", name=book.name,
            teams=LABELS[current_lang()]["teams_sheet"], round=round_sheet(LABELS[current_lang()], 1))
    return lang


# -- the Teams sheet --------------------------------------------------------------------

def read_team_sheet(book: Book, lang: str) -> TeamSheet:
    """Settings, teams, lists and withdrawals typed in the Teams sheet."""
    L = LABELS[lang]
    name = L["teams_sheet"]
    rows = book.values(name) or []
    where = in_sheet(book.name, name)
    C = SettingsCols
    rounds = read_whole(cell(rows, SETTINGS_ROW, C.ROUNDS), Message("number of rounds"),
                        at_cell(where, f"{col_letter(C.ROUNDS)}{SETTINGS_ROW}"), 1, MAX_ROUNDS, required=False)
    boards = read_whole(cell(rows, SETTINGS_ROW, C.BOARDS), Message("number of players per team"),
                        at_cell(where, f"{col_letter(C.BOARDS)}{SETTINGS_ROW}"), 2, MAX_PLAYERS, required=False)
    source_cell = cell(rows, SETTINGS_ROW, C.SOURCE)
    refuse_uncomputed(source_cell, at_cell(where, f"{col_letter(C.SOURCE)}{SETTINGS_ROW}"))
    try:
        source = check_source(text(source_cell))
    except TournamentError:
        raise TournamentError("{where}, cell {cell}: the table's source is {value}; choose auto, official or "
                              "generated.", where=where, cell=f"{col_letter(C.SOURCE)}{SETTINGS_ROW}",
                              value=repr(text(source_cell))) from None
    title_cell = cell(rows, TITLE_ROW, 1)
    title = "" if is_blank(title_cell) or not isinstance(title_cell, str) else text(title_cell)
    details = [cell(rows, TITLE_ROW, col) for col in (DetailsCols.PLACE, DetailsCols.DATES, DetailsCols.ARBITER)]
    venue, dates, arbiter = (_detail(value) for value in details)
    ranking_cell = cell(rows, TEAMS_GROUP_ROW, RankingCols.VALUE)
    refuse_uncomputed(ranking_cell, at_cell(where, f"{col_letter(RankingCols.VALUE)}{TEAMS_GROUP_ROW}"))
    ranking = _ranking(ranking_cell, where)
    legacy = whole_or_none(cell(rows, TEAMS_HEADER_ROW, TeamsCols.LEGACY_FIRST_PLAYER)) == 1
    first = TeamsCols.LEGACY_FIRST_PLAYER if legacy else TeamsCols.FIRST_PLAYER
    if is_event(book.sheet_names()):  # a built event's list: its columns where the layout wrote them
        heads = ((TeamsCols.LETTER, "team"), (TeamsCols.NAME, "name")) + (() if legacy else (
            (TeamsCols.WITHDRAWN, "withdrawn"),))
        check_headings(rows, TEAMS_HEADER_ROW, {col: labels_of(LABELS, key, lang) for col, key in heads}, where)
    width = 0
    while whole_or_none(cell(rows, TEAMS_HEADER_ROW, first + width)) == width + 1:
        width += 1
    rating_col = first + width if _is_rating_header(cell(rows, TEAMS_HEADER_ROW, first + width)) else None
    found: list[tuple[int, str, Any, list[str]]] = []
    for row in range(TEAMS_FIRST_ROW, len(rows) + 1):
        line = list(rows[row - 1])
        last = len(line) if not width else min(len(line), first - 1 + width)
        own = [cell(rows, row, c) for c in range(TeamsCols.NAME, last + 1)]
        for c, value in enumerate(own, TeamsCols.NAME):
            refuse_uncomputed(value, at_cell(where, f"{col_letter(c)}{row}"))
        if all(is_blank(v) for v in own):
            continue
        team_name = text(cell(rows, row, TeamsCols.NAME))
        if not team_name:
            raise TournamentError("{where}, row {row}: the team name (column {col}) is empty.", where=where, row=row,
                                  col=col_letter(TeamsCols.NAME))
        players = [text(cell(rows, row, c)) for c in range(first, last + 1)]
        while players and not players[-1]:
            players.pop()
        gone = None if legacy else cell(rows, row, TeamsCols.WITHDRAWN)
        found.append((row, team_name, gone, players))
    found = _by_letter(found, [text(cell(rows, row, TeamsCols.LETTER)).upper() for row, *_ in found],
                       is_event(book.sheet_names()), where)
    if boards is None:
        boards = max((len(players) for *_, players in found), default=0)
        if boards < 2 or boards % 2:
            raise TournamentError(
                "{where}: players per team must be even (2 to {most}); type each team's players from column {col}, "
                "strongest first, or give their number in {cell}.", where=where, most=MAX_PLAYERS,
                col=col_letter(first), cell=f"{col_letter(C.BOARDS)}{SETTINGS_ROW}")
    elif boards % 2:
        raise TournamentError("{where}, cell {cell}: players per team must be even (2 to {most}), not {boards}.",
                              where=where, cell=f"{col_letter(C.BOARDS)}{SETTINGS_ROW}", most=MAX_PLAYERS,
                              boards=boards)
    if not MIN_TEAMS <= len(found) <= MAX_TEAMS:
        raise TournamentError("{where} lists {count} teams from row {row}: a Molter event needs {low} to {high} teams.",
                              where=where, count=len(found), row=TEAMS_FIRST_ROW, low=MIN_TEAMS, high=MAX_TEAMS)
    teams, withdrawn = [], {}
    for index, (row, team_name, gone, players) in enumerate(found):
        letter = TEAM_NAMES[index]
        for place, player in enumerate(players, 1):
            if not player and place > boards:
                raise TournamentError(
                    "{where}, cell {cell}: team {team}'s list has a gap; a reserve (after the {boards} regular "
                    "players) needs a name, so type the list without empty cells.", where=where,
                    cell=f"{col_letter(first + place - 1)}{row}", team=letter, boards=boards)
        teams.append(Team(letter, team_name, tuple(players) + ("",) * (boards - len(players))))
        if not is_blank(gone):
            where_cell = at_cell(where, f"{col_letter(TeamsCols.WITHDRAWN)}{row}")
            number = whole_or_none(gone) if isinstance(gone, (int, float)) and not isinstance(gone, bool) else None
            if number is None or number < 1:
                raise TournamentError(
                    "{where}: the withdrawal round of team {team} must be a round number (typed as a number), not "
                    "{value}.", where=where_cell, team=letter, value=repr(gone))
            withdrawn[letter] = number
    check_names(read_keys(book, "teams"), {team.letter: team.name for team in teams}, where, Message(N_("team")))
    ratings = {}
    for index, (row, *_) in enumerate(found):
        value = None if rating_col is None else cell(rows, row, rating_col)
        if is_blank(value):
            continue
        where_cell = at_cell(where, f"{col_letter(rating_col)}{row}")
        refuse_uncomputed(value, where_cell)
        try:
            ratings[TEAM_NAMES[index]] = check_rating(value, TEAM_NAMES[index])
        except TournamentError:
            raise TournamentError("{where}: the average rating of team {team} must be a number above 0 and below "
                                  "10000, not {value}.", where=where_cell, team=TEAM_NAMES[index],
                                  value=repr(value)) from None
    return TeamSheet(title, rounds, boards, source, teams, withdrawn, venue, dates, arbiter, ranking, ratings)


def _by_letter(found: list, letters: list[str], built: bool, where: str) -> list:
    """The team rows in the order of their letters (column A): rows sorted whole read as the
    teams they are. Rows added below without a letter are new teams, after the others; in a
    built event a letter out of place is refused (the rows were sorted apart from their letters)."""
    while letters and not letters[-1]:
        letters.pop()
    expected = list(TEAM_NAMES[:len(letters)])
    if sorted(letters, key=lambda letter: (len(letter), letter)) == expected:
        order = {letter: k for k, letter in enumerate(expected)}
        head = sorted(zip(letters, found), key=lambda item: order[item[0]])
        return [row for _, row in head] + found[len(letters):]
    if built:
        for (row, *_), letter, want in zip(found, letters, expected):
            if letter != want:
                raise moved_row(where, row, Message("team {team}", team=want), letter)
    return found


def _ranking(value: Any, where: str) -> str:
    """The ranking rule chosen (``1991`` when blank): its word in either language or its code."""
    word = "" if is_blank(value) else text(value)
    for L in LABELS.values():
        for code in RANKING_RULES:
            if word.casefold() == ranking_word(L, code).casefold():
                return code
    try:
        return check_ranking(word)
    except TournamentError:
        raise TournamentError("{where}, cell {cell}: the ranking rule is {value}; choose {seed} (the seed's) or "
                              "{cups}.", where=where, cell=f"{col_letter(RankingCols.VALUE)}{TEAMS_GROUP_ROW}",
                              value=repr(word), seed=ranking_word(LABELS["fr"], "1991"),
                              cups=ranking_word(LABELS["fr"], "ffe-cups")) from None


def _is_rating_header(value: Any) -> bool:
    return isinstance(value, str) and value.strip() in {L["rating_avg"] for L in LABELS.values()}


def _detail(value: Any) -> str:
    """A detail of the title row as text; a date the spreadsheet recognised is written day/month/year."""
    if is_blank(value):
        return ""
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.strftime("%d/%m/%Y")
    return text(value)


def teams_sheet_columns(book: Book, lang: str) -> int:
    """How many columns of the Teams sheet are the event's now (its numbered list columns), 0 without the sheet."""
    rows = book.values(LABELS[lang]["teams_sheet"])
    if rows is None:
        return 0
    legacy = whole_or_none(cell(rows, TEAMS_HEADER_ROW, TeamsCols.LEGACY_FIRST_PLAYER)) == 1
    first = TeamsCols.LEGACY_FIRST_PLAYER if legacy else TeamsCols.FIRST_PLAYER
    width = 0
    while whole_or_none(cell(rows, TEAMS_HEADER_ROW, first + width)) == width + 1:
        width += 1
    return first - 1 + width + (1 if _is_rating_header(cell(rows, TEAMS_HEADER_ROW, first + width)) else 0)


# -- the event as built -------------------------------------------------------------------

def read_built(book: Book, lang: str, mend: tuple[int, int] | None = None) -> Built:
    """The table as the round sheets hold it, the typed results, and the Line-ups sheet's cells.

    A result that cannot be read is refused with its cell and the command that mends it, unless
    it is the one at ``mend`` (the command running overwrites it)."""
    L = LABELS[lang]
    rounds: list[tuple[Pairing, ...]] = []
    results: dict[tuple[int, int], str] = {}
    faults: dict[tuple[int, int], TournamentError] = {}
    last_rows: list[tuple[str, int]] = []  # per round: where, and the row of its last board
    r = 1
    while True:
        name = round_sheet(L, r)
        rows = book.values(name)
        if rows is None:
            break
        where = in_sheet(book.name, name)
        check_headings(rows, ROUND_FIRST_ROW - 1, {col: labels_of(LABELS, key, lang) for col, key in ROUND_HEADINGS},
                       where)
        pairings = []
        board_rows = _board_rows(rows, where)
        row_of_last = board_rows[-1] if board_rows else ROUND_FIRST_ROW - 1
        for board, row in enumerate(board_rows, 1):
            try:
                pairing = Pairing(Seat.parse(text(cell(rows, row, RoundCols.WHITE))),
                                  Seat.parse(text(cell(rows, row, RoundCols.BLACK))))
            except TournamentError:
                raise TournamentError(
                    "{where}, row {row}: the seats of board {board} were changed; they must stay as the table "
                    "gives them (undo the change).", where=where, row=row, board=board) from None
            pairings.append(pairing)
            value = cell(rows, row, RoundCols.RESULT)
            try:
                refuse_uncomputed(value, at_cell(where, f"{col_letter(RoundCols.RESULT)}{row}"))
                code = parse_result(value if isinstance(value, str) or value is None else text(value),
                                    at_cell(where, f"{col_letter(RoundCols.RESULT)}{row}"))
            except TournamentError as error:
                faults.setdefault((r, board), error)
                continue
            if code is not None:
                results[(r, board)] = code
        if not pairings:
            raise TournamentError("{where} has no board from row {row}.", where=where, row=ROUND_FIRST_ROW)
        rounds.append(tuple(pairings))
        last_rows.append((where, row_of_last))
        r += 1
    most = max((len(rnd) for rnd in rounds), default=0)
    for rnd, (where, row) in zip(rounds, last_rows):  # every round seats every player: as many boards
        if len(rnd) < most:
            raise moved_row(where, row + 1, Message("board {board}", board=len(rnd) + 1), None)
    refuse_faults(faults, mend, lambda key: result_command(book.name, *key))
    seats = {seat for rnd in rounds for p in rnd for seat in (p.white, p.black)}
    teams = len({seat.team for seat in seats})
    boards = max(seat.board for seat in seats)
    player_cells(teams, boards, rounds)  # every seat once a round: a table of these teams
    cells = read_lineup_cells(book, lang, teams, boards, len(rounds))
    return Built(tuple(rounds), teams, boards, results, cells)


#: the round sheet's heading row (column -> label key)
ROUND_HEADINGS = ((RoundCols.BOARD, "board"), (RoundCols.WHITE, "white"), (RoundCols.WHITE_NAME, "white_name"),
                  (RoundCols.RESULT, "result"), (RoundCols.BLACK, "black"), (RoundCols.BLACK_NAME, "black_name"))


def _board_rows(rows: list[list[Any]], where: str) -> list[int]:
    """The row of each board 1, 2, 3… of a round sheet, found by its number in column A (a blank row
    inserted among the boards, or the boards sorted, read alike); a row with a result but no board
    number, a board twice or a missing board is refused."""
    found: dict[int, int] = {}
    for row in range(ROUND_FIRST_ROW, len(rows) + 1):
        value = cell(rows, row, RoundCols.BOARD)
        if is_blank(value):
            if any(not is_blank(cell(rows, row, col)) for col in (RoundCols.WHITE, RoundCols.RESULT,
                                                                   RoundCols.BLACK)):
                raise stray_row(where, row, Message(N_("the boards of the round")))
            continue
        board = whole_or_none(value) if not isinstance(value, (str, bool)) else None
        if board is None or board < 1 or board in found:
            raise moved_row(where, row, Message("board {board}", board=len(found) + 1 if board is None else board),
                            value)
        found[board] = row
    missing = next((b for b in range(1, max(found, default=0) + 1) if b not in found), None)
    if missing is not None:
        row = found.get(missing - 1, ROUND_FIRST_ROW - 1) + 1
        raise moved_row(where, row, Message("board {board}", board=missing), cell(rows, row, RoundCols.BOARD))
    return [found[b] for b in sorted(found)]


def read_lineup_cells(book: Book, lang: str, teams: int, boards: int, rounds: int) -> dict[tuple[str, int, int], Any]:
    """The non-blank input cells of the Line-ups sheet (none when the sheet is missing)."""
    name = LABELS[lang]["lineups_sheet"]
    rows = book.values(name)
    if rows is None:
        return {}
    where = in_sheet(book.name, name)
    out = {}
    for t in range(teams):
        letter = TEAM_NAMES[t]
        top = lineup_block_row(t, boards)
        marks = [text(cell(rows, top, LINEUP_SEAT_COL))] + \
            [text(cell(rows, lineup_row(t, k, boards), LINEUP_SEAT_COL)) for k in range(1, boards + 1)]
        if marks != [letter] + [f"{letter}{k}" for k in range(1, boards + 1)]:
            raise TournamentError(
                "{where}: the block of team {team} is not where it was written (row {row}): rows were inserted or "
                "deleted. Undo that change; nothing was changed.", where=where, team=letter, row=top)
        for k in range(1, boards + 1):
            row = lineup_row(t, k, boards)
            for r in range(1, rounds + 1):
                value = cell(rows, row, lineup_input_col(r))
                refuse_uncomputed(value, at_cell(where, f"{col_letter(lineup_input_col(r))}{row}"))
                if not is_blank(value):
                    out[(letter, k, r)] = value
    return out


def lineup_entries(cells: dict[tuple[str, int, int], Any], teams: Sequence[Team], lang: str,
                   source: str) -> dict[tuple[str, int, int], Entry]:
    """The Line-ups sheet's cells as entries of the teams' lists (a regular player is no entry)."""
    name = LABELS[lang]["lineups_sheet"]
    by_letter = {team.letter: team for team in teams}
    out: dict[tuple[str, int, int], Entry] = {}
    for (letter, seat, rnd), value in cells.items():
        team = by_letter.get(letter)
        if team is None:
            raise TournamentError(
                "{source}, sheet {sheet}: team {team} has line-up entries but is no longer in the team list; clear "
                "them first. Nothing was changed.", source=source, sheet=name, team=letter)
        entry = resolve(team.players, value, letter, Message("{source}, sheet {sheet}, {seat}, round {round}",
                                                             source=source, sheet=name, seat=f"{letter}{seat}", round=rnd))
        if entry is not None and not regular(entry, seat):
            out[(letter, seat, rnd)] = entry
    return out
