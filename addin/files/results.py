"""Read a results file: one game per line, ``round,board,result``.

The header names the columns ``round``, ``board`` and ``result`` (French
``ronde``, ``table``/``échiquier``, ``résultat`` also understood; other
columns are ignored). ``round`` is the round as played, ``board`` the board
number of that round in the schedule. Results use the codes of
:mod:`addin.core.results` in any accepted spelling; an empty result means "not
played yet" and is skipped. CSV or XLSX, decoded like the player list
(UTF-8, else Windows-1252).

Errors name the file and line: a missing column, an empty or non-whole round
or board, a round or board that does not exist in the schedule, an unknown
result code, a game given twice.
"""

from __future__ import annotations

from typing import Any

from addin.core.errors import TournamentError
from addin.core.messages import Message, N_
from addin.files.read_table import column_map, read_table
from addin.core.results import parse_result, shown_code
from addin.core.schedule import Schedule
from addin.core.table import row_cells

#: the columns, named in a sentence in the organiser's language (French headers are read too)
COLUMN_WORDS = {"round": N_("round"), "board": N_("board"), "result": N_("result")}
ALIASES: dict[str, tuple[str, ...]] = {
    "round": ("round", "ronde", "rd", "r", "tour"),
    "board": ("board", "table", "echiquier", "bd", "tab", "ech"),
    "result": ("result", "resultat", "res", "score"),
}


def read_results(path: Any, schedule: Schedule) -> dict[tuple[int, int], str]:
    """``{(round, board): canonical code}`` from a results file checked against ``schedule``.

    The file may also be a round-robin event workbook: its typed results are taken, each
    only if its round and board hold the same two players in ``schedule``.
    """
    from pathlib import Path

    if Path(path).suffix.lower() in (".xlsx", ".xlsm") and Path(path).is_file():
        from_event = _event_results(Path(path), schedule)
        if from_event is not None:
            return from_event
    table = read_table(path, "results", frozenset(ALIASES["round"]))  # title lines above the header skipped
    columns = column_map(table.header, ALIASES, table.source, table.header_line)
    for field in ("round", "board", "result"):
        if field not in columns:
            raise TournamentError(
                "{source}, line {header_line}: there is no '{field}' column; the header must "
                "name the columns round, board, result.",
                source=table.source, header_line=table.header_line, field=Message(COLUMN_WORDS[field]))
    boards = {rnd.number: {g.board for g in rnd.games} for rnd in schedule.rounds}
    rounds = len(schedule.rounds)
    seen: dict[tuple[int, int], int] = {}
    out: dict[tuple[int, int], str] = {}
    for line, cells in table.rows:
        where = Message("{source}, line {line}", source=table.source, line=line)

        cell = row_cells(columns, cells)

        code = parse_result(cell("result"), where)
        rnd = _whole(cell("round"), "round", where)
        board = _whole(cell("board"), "board", where)
        if not 1 <= rnd <= rounds:
            raise TournamentError(
                "{where}: round {round} does not exist; the rounds are numbered 1 to {rounds}.",
                where=where, round=rnd, rounds=rounds)
        if board not in boards[rnd]:
            raise TournamentError(
                "{where}: round {round} has no board {board}; its boards are numbered 1 to {count}.",
                where=where, round=rnd, board=board, count=len(boards[rnd]))
        if code is None:
            continue
        if (rnd, board) in seen:
            raise TournamentError(
                "{where}: round {round}, board {board} already has a result on line {other}; give "
                "each game once.",
                where=where, round=rnd, board=board, other=seen[(rnd, board)])
        seen[(rnd, board)] = line
        out[(rnd, board)] = code
    return out


def _whole(value: Any, field: str, where: Any) -> int:
    """``value`` as a whole number; ``field`` is ``"round"`` or ``"board"`` (one sentence each, to translate)."""
    if value is None or (isinstance(value, str) and value.strip() == ""):
        if field == "round":
            raise TournamentError("{where}: the round is empty; give the round number of the game.", where=where)
        raise TournamentError("{where}: the board is empty; give the board number of the game.", where=where)
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    else:
        try:
            as_float = float(str(value).strip().replace(",", "."))
            number = int(as_float) if as_float.is_integer() else None
        except (ValueError, OverflowError):
            number = None
    if number is None:
        if field == "round":
            raise TournamentError("{where}: the round {value!r} is not a whole number.", where=where, value=value)
        raise TournamentError("{where}: the board {value!r} is not a whole number.", where=where, value=value)
    return number


def _event_results(path, schedule: Schedule) -> dict[tuple[int, int], str] | None:
    """The typed results of an event workbook, checked against ``schedule``; None if not an event."""
    from addin.render.file_book import FileBook
    from addin.sheets.roundrobin.reader import is_event, read_event

    book = FileBook(path)
    if not is_event(book.sheet_names()):
        return None
    event = read_event(book, read_players=False)
    old = event.games()
    new = {(r, b): (w, k) for r, b, w, k in schedule.games()}
    for key, code in sorted(event.results.items()):
        if new.get(key) != old[key]:
            raise TournamentError(
                "{file}: round {round}, board {board} ({white} – {black}) has the result {code}, but that game "
                "is not at that place in the new schedule; the results of an event can only be carried to the "
                "same pairings.", file=path.name, round=key[0], board=key[1], white=old[key][0],
                black=old[key][1], code=shown_code(code))
    return dict(event.results)
