"""Read a round-robin event workbook back into a :class:`~addin.systems.roundrobin.event.RoundRobinEvent`.

The inputs of the event are constants in the workbook (formulas only derive from them),
so reading needs no recalculation: the Players sheet (number, name, rating, club,
federation, withdrawal), the Rounds sheet (round, board, White and Black numbers, the
typed result; bye rows) and the Settings sheet. Positions are those of ``cells.py``, the
ones the layout writes; sheet names and yes/no words are recognised in French and English.

Results must be one of the six codes of the drop-down list exactly (the workbook spelling,
``addin.core.results.WORKBOOK_CODES``): the sheet's formulas ignore anything else (and flag
it in the check column), so the reader refuses it too, naming the row, rather than
disagree with the sheet. They are read back as the canonical codes.

The withdrawal column holds the round from which a player withdrew (a whole number) or
any other text for a player marked withdrawn without a round; a round typed as text
(``"6"``) is refused, since the sheet's formulas would not see it as a round.
"""

from __future__ import annotations

from typing import Any, Sequence

from addin.core.cells import Uncomputed, is_blank, refuse_uncomputed, text, whole_or_none
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import current_lang, Message, N_
from addin.core.players import Player, players_from_rows
from addin.core.results import WORKBOOK_RESULT_CODES, parse_result
from addin.core.schedule import Game, Round, Schedule
from addin.sheets.book import Book, read_many
from addin.sheets.find import check_headings, check_names, labels_of, moved_row, refuse_faults, result_command
from addin.sheets.keys import SHEET as KEY_SHEETS, read_keys
from addin.sheets.roundrobin.cells import PlayersCols, RoundsCols, SettingsRows
from addin.sheets.roundrobin.labels import LABELS
from addin.sheets.roundrobin.settings import SettingsSheet
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent

INPUT_SHEETS = ("sheet_settings", "sheet_players", "sheet_rounds")
#: the heading rows the reader checks (column -> label key): a column inserted, deleted or moved shows there
ROUNDS_HEADINGS = ((RoundsCols.ROUND, "round"), (RoundsCols.BOARD, "board"), (RoundsCols.WHITE_NO, "number"),
                   (RoundsCols.WHITE, "white"), (RoundsCols.RESULT, "result"), (RoundsCols.BLACK, "black"),
                   (RoundsCols.BLACK_NO, "number"), (RoundsCols.CHECK, "check"))
PLAYERS_HEADINGS = ((PlayersCols.NUMBER, "number"), (PlayersCols.NAME, "name"), (PlayersCols.RATING, "rating"),
                    (PlayersCols.CLUB, "club"), (PlayersCols.FEDERATION, "federation"),
                    (PlayersCols.WITHDRAWN, "withdrawn"))


def detect_lang(sheet_names: Sequence[str]) -> str | None:
    """The language whose Rounds and Players sheet names the workbook has, else None."""
    names = set(sheet_names)
    for lang, labels in LABELS.items():
        if labels["sheet_rounds"] in names and labels["sheet_players"] in names:
            return lang
    return None


def players_lang(sheet_names: Sequence[str]) -> str | None:
    """The language of a workbook that has at least a player sheet (a bare one, before the build)."""
    return detect_lang(sheet_names) or next(
        (lang for lang, labels in LABELS.items() if labels["sheet_players"] in sheet_names), None)


def is_event(sheet_names: Sequence[str]) -> bool:
    return detect_lang(sheet_names) is not None


def read_event(book: Book, read_players: bool = True, mend: tuple[int, int] | None = None) -> RoundRobinEvent:
    """The event ``book`` holds.

    ``read_players=False`` reads the event as it was built (schedule, results, settings)
    without the player sheet, which the organiser may be editing: ``players`` is then the
    numbers with empty names, and the number of players comes from Settings. ``mend``: the
    ``(round, board)`` whose result the running command overwrites; what its cell holds is
    not read (a mistyped result there is what the command mends).
    """
    lang = detect_lang(book.sheet_names())
    if lang is None:
        raise TournamentError(
            "{name} is not a round-robin event workbook: it has no sheets '{rounds}'/'{players}'.", name=book.name,
            rounds=LABELS[current_lang()]["sheet_rounds"], players=LABELS[current_lang()]["sheet_players"])
    L = LABELS[lang]
    source = book.name
    rounds_rows = book.known(L["sheet_rounds"])  # the Rounds sheet as written, if the file is unchanged since
    read_many(book, [L["sheet_settings"], L["sheet_players"], KEY_SHEETS[lang]] +
              ([L["sheet_rounds"]] if rounds_rows is None else []))
    settings = SettingsSheet(book.values(L["sheet_settings"]), lang, source)
    if rounds_rows is None:
        rounds_rows = book.values(L["sheet_rounds"]) or []
    if rounds_rows and settings.players() is None:
        # the event was built: its settings (tie-breaks, bye points, cycles…) must not fall back to defaults
        raise TournamentError(
            "{source}: the sheet {sheet} is missing or damaged (cell B{row} should hold the number of players): "
            "it must not be renamed, deleted or have columns removed; nothing was changed.",
            source=source, sheet=L["sheet_settings"], row=SettingsRows.PLAYERS)
    if read_players:
        players_rows = book.values(L["sheet_players"]) or []
        players, withdrawn = read_players_sheet(players_rows, lang, source)
        check_players(book, lang, players)
        count = len(players)
    else:
        given = settings.players()
        if given is None or given < 2:
            raise TournamentError(
                "{source}, sheet {sheet}, cell B{row}: the number of players of the event was changed; it "
                "must stay the number the event was built for.", source=source, sheet=L["sheet_settings"],
                row=SettingsRows.PLAYERS)
        count = given
        players, withdrawn = [Player(i, "") for i in range(1, count + 1)], {}
    schedule, results = read_rounds(rounds_rows, count, settings.cycles(), settings.system(), lang, source, mend)
    for number, rnd in withdrawn.items():
        if rnd is not None and not 1 <= rnd <= len(schedule.rounds):
            raise TournamentError(
                "{source}, sheet {sheet}, row {row}: player {number} withdraws from round {round}, but the "
                "rounds are numbered from 1 to {rounds}.", source=source, sheet=L["sheet_players"],
                row=PlayersCols.FIRST_ROW + number - 1, number=number, round=rnd, rounds=len(schedule.rounds))
    order = settings.order()
    swap_last = settings.yes(SettingsRows.SWAP_LAST, default=True)
    schedule = _with_table_rounds(schedule, order, swap_last)
    return RoundRobinEvent(
        schedule, tuple(players), results, withdrawn,
        withdrawn_rule=settings.yes(SettingsRows.WITHDRAWN_RULE, default=True),
        bye_points=settings.bye_points(),
        tiebreaks=settings.tiebreaks(),
        header=EventHeader(settings.text(SettingsRows.EVENT), settings.text(SettingsRows.PLACE),
                           settings.text(SettingsRows.DATES), settings.text(SettingsRows.ARBITER), lang),
        seed=whole_or_none(settings.value(SettingsRows.DRAW_SEED)),
        k_factor=settings.k_factor(),
        order=order,
        swap_last=swap_last)


def check_players(book: Book, lang: str, players: Sequence[Player]) -> None:
    """The Players sheet of a built event still stands as written: its headings in their columns,
    and its names beside their numbers (the key sheet, ``addin.sheets.keys``)."""
    sheet = LABELS[lang]["sheet_players"]
    where = Message("{source}, sheet {sheet}", source=book.name, sheet=sheet)
    check_headings(book.values(sheet) or [], 1, {col: labels_of(LABELS, key, lang) for col, key in PLAYERS_HEADINGS},
                   where)
    check_names(read_keys(book, "players"), {str(p.number): p.name for p in players}, where, Message(N_("player")))


def _with_table_rounds(schedule: Schedule, order: str, swap_last: bool) -> Schedule:
    """The schedule read, with each round's table round and cycle when it is the Berger table it was built as.

    The Rounds sheet holds the games, not which round of the table each one is; the TRF-2026
    type record (``addin.files.trf.type_code``) needs it.
    """
    if schedule.system != "berger" or schedule.players < 2:
        return schedule
    cycles = max((r.cycle for r in schedule.rounds), default=1)
    try:
        table = berger_schedule(schedule.players, cycles, swap_last, order)
    except TournamentError:
        return schedule
    if len(table.rounds) != len(schedule.rounds) or any(
            a.games != b.games or a.byes != b.byes for a, b in zip(table.rounds, schedule.rounds)):
        return schedule
    return table


def players_own_columns(rows: list[list[Any]], lang: str) -> int:
    """How many columns of the Players sheet are the event's: all of :class:`PlayersCols` when the
    title column is headed as the event heads it, else the six of a workbook made before the FIDE
    columns (title, FIDE id, birth) — the columns after them are then the organiser's."""
    header = rows[0] if rows else []
    title = header[PlayersCols.TITLE - 1] if len(header) >= PlayersCols.TITLE else None
    known = {labels["player_title"] for labels in LABELS.values()}
    return PlayersCols.LAST if isinstance(title, str) and title.strip() in known else PlayersCols.WITHDRAWN


def read_players_sheet(rows: list[list[Any]], lang: str, source: str,
                       numbering: str | None = None) -> tuple[list[Player], dict[int, int | None]]:
    """Players and withdrawals of a Players sheet.

    ``numbering``: ``"given"`` (column A), ``"listed"`` (the order of the rows), or None
    to take column A when every player has a number there and the order otherwise.
    """
    L = LABELS[lang]
    C = PlayersCols
    sheet = L["sheet_players"]
    own = players_own_columns(rows, lang)
    records: list[dict] = []
    marks: list[tuple[int, Any]] = []  # (row, mark) per non-empty row, in sheet order
    for index, row in enumerate(rows[C.FIRST_ROW - 1:], C.FIRST_ROW):
        cells = list(row)[:own] + [None] * C.LAST
        for col in range(1, own + 1):
            refuse_uncomputed(cells[col - 1], Message("{source}, sheet {sheet}, row {row}", source=source, sheet=sheet,
                                                               row=index))
        if all(is_blank(v) for v in cells[:own]):
            records.append({})  # keeps the row numbers of later rows in messages
            continue
        records.append({"number": cells[C.NUMBER - 1], "name": cells[C.NAME - 1],
                        "rating": cells[C.RATING - 1], "club": cells[C.CLUB - 1],
                        "federation": cells[C.FEDERATION - 1], "title": cells[C.TITLE - 1],
                        "fide id": cells[C.FIDE_ID - 1], "birth": cells[C.BIRTH - 1]})
        marks.append((index, cells[C.WITHDRAWN - 1]))
    while records and not records[-1]:
        records.pop()
    listed = [r for r in records if r]
    if numbering is None:
        numbering = "given" if listed and all(whole_or_none(r["number"]) is not None for r in listed) else "listed"
    players = players_from_rows(records, numbering, source=Message("{source}, sheet {sheet}", source=source, sheet=sheet),
                                first_line=C.FIRST_ROW, unit="row")
    if numbering == "given":
        numbers = [whole_or_none(r["number"]) for r in listed]
    else:
        numbers = list(range(1, len(listed) + 1))
    withdrawn: dict[int, int | None] = {}
    for number, (line, mark) in zip(numbers, marks):
        if is_blank(mark):
            continue
        assert number is not None  # players_from_rows checked every given number
        withdrawn[number] = _withdrawal_round(mark, Message("{source}, sheet {sheet}, cell {cell}", source=source, sheet=sheet,
                                                                     cell=f"{_col(C.WITHDRAWN)}{line}"))
    return players, withdrawn


def _withdrawal_round(mark: Any, where: str | Message) -> int | None:
    if isinstance(mark, bool):
        return None
    if isinstance(mark, (int, float)):
        rnd = whole_or_none(mark)
        if rnd is None or rnd < 1:
            raise TournamentError(
                "{where}: the withdrawal round {value} must be a whole number of at least 1 (or the word "
                "'oui' without a round).", where=where, value=mark)
        return rnd
    if whole_or_none(mark) is not None:
        raise TournamentError(
            "{where}: the round {value} is typed as text, which the sheet's formulas do not read as a "
            "round: type it as a number.", where=where, value=text(mark))
    return None


def read_rounds(rows: list[list[Any]], n: int, cycles: int, system: str, lang: str,
                source: str, mend: tuple[int, int] | None = None) -> tuple[Schedule, dict[tuple[int, int], str]]:
    """Games, byes and typed results of the Rounds sheet (rows with a round number).

    ``cycles`` and ``system``: the Settings sheet's (``SettingsSheet.cycles``, ``SettingsSheet.system``);
    when the sheet holds a whole number of cycles other than ``cycles`` (a number of cycles typed in
    Settings and not applied yet), its rounds are split into the cycles it holds.
    A result that is not a code is refused with its row and the command that mends it,
    unless it is the one at ``mend`` (the command running overwrites it)."""
    L = LABELS[lang]
    C = RoundsCols
    where_sheet = Message("{source}, sheet {sheet}", source=source, sheet=L["sheet_rounds"])
    check_headings(rows, C.HEADER_ROW, {col: labels_of(LABELS, key, lang) for col, key in ROUNDS_HEADINGS},
                   where_sheet)
    games: dict[int, list[Game]] = {}
    byes: dict[int, list[int]] = {}
    results: dict[tuple[int, int], str] = {}
    seen: dict[tuple[int, int], int] = {}  # (round, player) -> row
    boards: set[tuple[int, int]] = set()  # (round, board) of every game listed
    faults: dict[tuple[int, int], TournamentError] = {}
    for index, row in enumerate(rows[C.HEADER_ROW:], C.HEADER_ROW + 1):
        cells = list(row) + [None] * 8
        rnd = whole_or_none(cells[C.ROUND - 1]) if not isinstance(cells[C.ROUND - 1], str) else None
        if rnd is None:
            continue
        white, board = whole_or_none(cells[C.WHITE_NO - 1]), whole_or_none(cells[C.BOARD - 1])
        black = whole_or_none(cells[C.BLACK_NO - 1])
        if white is None or not 1 <= white <= n or (board is not None and (black is None or not 1 <= black <= n)):
            raise TournamentError(
                "{where}, row {row}: the player numbers of this game were changed; they must be numbers from "
                "1 to {count} (rebuild the event sheets to repair them).", where=where_sheet, row=index, count=n)
        for player in (white,) if board is None or black is None else (white, black):  # (black: with the board)
            if (rnd, player) in seen or (board is not None and (rnd, board) in boards):
                raise moved_row(where_sheet, index, Message("a game of round {round} not yet listed", round=rnd),
                                Message("round {round}, board {board}: {white}–{black}", round=rnd,
                                        board=board if board is not None else "—", white=white,
                                        black=black if black is not None else "—"))
            seen[(rnd, player)] = index
        if board is None:
            byes.setdefault(rnd, []).append(white)
            continue
        assert black is not None  # a game with a board has both players (checked above)
        games.setdefault(rnd, []).append(Game(board, white, black))
        boards.add((rnd, board))
        value = cells[C.RESULT - 1]
        if isinstance(value, Uncomputed):
            faults.setdefault((rnd, board), _uncomputed(value, Message("{where}, row {row}", where=where_sheet,
                                                                       row=index)))
            continue
        if is_blank(value):
            continue
        if value not in WORKBOOK_RESULT_CODES:
            faults.setdefault((rnd, board), TournamentError(
                "{where}, row {row} (round {round}, board {board}): the result '{value}' is not one of the codes "
                "{codes}; choose it from the drop-down list.", where=where_sheet, row=index, round=rnd,
                board=board, value=value, codes=", ".join(WORKBOOK_RESULT_CODES)))
            continue
        code = parse_result(value)
        assert code is not None  # one of the workbook's codes, not blank
        results[(rnd, board)] = code
    refuse_faults(faults, mend, lambda key: result_command(source, *key))
    numbers = sorted(set(games) | set(byes))
    if not numbers or numbers != list(range(1, len(numbers) + 1)):
        raise TournamentError("{where}: the rounds must be numbered 1, 2, 3… without a gap.", where=where_sheet)
    for rnd in numbers:
        absent = next((p for p in range(1, n + 1) if (rnd, p) not in seen), None)
        listed = sorted(g.board for g in games.get(rnd, ()))
        if absent is not None or listed != list(range(1, len(listed) + 1)):
            raise TournamentError(
                "{where}: round {round} no longer holds every game (player {number} has no game or bye, or a board "
                "is missing): a row was deleted, or cut and pasted elsewhere. Undo that change; nothing was "
                "changed.", where=where_sheet, round=rnd, number=absent if absent is not None else "—")
    one_cycle = n - 1 + n % 2  # rounds of one cycle (Berger and Rutsch alike)
    if len(numbers) != cycles * one_cycle and len(numbers) % one_cycle == 0:
        # the cycles typed in Settings are not those built yet (``update`` applies them): the rounds tell
        cycles = len(numbers) // one_cycle
    per_cycle = max(1, len(numbers) // cycles)
    schedule = Schedule(system, n, tuple(
        Round(r, tuple(games.get(r, ())), tuple(byes.get(r, ())), table_round=0,
              cycle=min(cycles, (r - 1) // per_cycle + 1))
        for r in numbers))
    return schedule, results


def _uncomputed(value: Uncomputed, where: Any) -> TournamentError:
    try:
        refuse_uncomputed(value, where)
    except TournamentError as error:
        return error
    raise AssertionError(value)  # refuse_uncomputed always refuses an Uncomputed


def _col(col: int) -> str:
    from addin.sheets.model import col_letter

    return col_letter(col)
