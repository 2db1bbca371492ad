"""Choose the Molter table for an event: the official one, or a generated one.

:func:`molter_table` is the single entry point the Excel functions, the CLI
and the event workbook use. ``source``:

* ``"official"`` — the table of seed 001 for that shape (tables 1–43, table 1
  repeated for 3 teams of more than 12, the Peyrin table for 3 teams of 4 in
  3 rounds), or a :class:`TournamentError` if the seed has none;
* ``"generated"`` — ``addin.systems.molter.generator.generate(teams, players, rounds)``;
* ``"auto"`` (default) — the official table where one exists for the shape
  and the number of rounds, else a generated one.

With ``rounds`` omitted an official table comes whole (every numbered round
and its autonomous round); with ``rounds`` it comes cut to the rounds to
play (:func:`addin.systems.molter.official.select_rounds`: the numbered rounds by
pairs, the autonomous round alone or as the last round of an odd event).
"""

from __future__ import annotations

from typing import Any, Callable

from addin.core.args import as_choice, as_int
from addin.core.errors import TournamentError
from addin.systems.molter.model import MAX_TEAMS, TEAM_NAMES, MolterTable
from addin.systems.molter.official import label, official_table, playable_rounds, select_rounds

MIN_TEAMS = 3
MAX_PLAYERS = 200
SOURCES = ("auto", "official", "generated")
#: rounds of a generated table when the caller gives none (the seed's 2-round block)
DEFAULT_GENERATED_ROUNDS = 2


def check_shape(teams: Any, players: Any) -> tuple[int, int]:
    """Read ``teams`` (3 to :data:`MAX_TEAMS`) and an even ``players`` (2 to 200) or raise a plain error."""
    n = as_int(teams, "teams", MIN_TEAMS, MAX_TEAMS)
    p = as_int(players, "players", 2, MAX_PLAYERS)
    if p % 2:
        raise TournamentError(
            f"The argument 'players' is {p}: players per team must be even (2, 4, 6, … up to {MAX_PLAYERS}).")
    return n, p


def read_rounds(rounds: Any) -> int | None:
    """An optional number of rounds (1 to 24); empty gives None."""
    if rounds is None or (isinstance(rounds, str) and rounds.strip() == ""):
        return None
    return as_int(rounds, "rounds", 1, MAX_TEAMS)


def molter_table(teams: Any, players: Any, rounds: Any = None, source: Any = "auto") -> MolterTable:
    """The table to play for ``teams`` teams of ``players`` in ``rounds`` rounds (see module doc)."""
    n, p = check_shape(teams, players)
    r = read_rounds(rounds)
    where = as_choice(source, "source", SOURCES, "auto")
    if where in ("auto", "official"):
        table = official_table(n, p, r)
        if table is not None:
            if r is None:
                return table
            chosen = select_rounds(table, r)
            if chosen is not None:
                return chosen
            if where == "official":
                allowed = ", ".join(str(x) for x in playable_rounds(table))
                raise TournamentError(
                    f"The argument 'rounds' is {r}: the official {label(table).lower()} for {n} teams of "
                    f"{p} players plays {allowed} rounds.")
        elif where == "official":
            raise TournamentError(
                f"There is no official Molter table for {n} teams of {p} players: "
                'use source "generated" or "auto".')
    generate = _generator()
    if generate is None:
        raise TournamentError(
            f"There is no official Molter table for {n} teams of {p} players"
            + (f" in {r} rounds" if r is not None else "")
            + " and this version has no table generator.")
    count = r if r is not None else min(DEFAULT_GENERATED_ROUNDS, n - 1)
    if count >= n + 1:
        raise TournamentError(
            f"The argument 'rounds' is {count}: with {n} teams a Molter event has at most {n} rounds.")
    return generate(n, p, count)


def _generator() -> Callable[[int, int, int], MolterTable] | None:
    """``addin.systems.molter.generator.generate`` when that module is installed."""
    try:
        from addin.systems.molter import generator  # type: ignore[attr-defined]
    except ImportError:
        return None
    return getattr(generator, "generate", None)


# -- queries used by the Excel functions -------------------------------------------
HEADERS = {
    "en": ("Board", "Round {n}", "Autonomous"),
    "fr": ("Échiquier", "Ronde {n}", "Ronde autonome"),
}


def played_rounds(table: MolterTable) -> list[tuple[str, tuple]]:
    """``[("1", round), …, ("a", autonomous)]`` in playing order."""
    return list(table.all_rounds())


def round_of(table: MolterTable, round_arg: Any) -> tuple[str, tuple]:
    """The round ``round_arg`` (a number, or ``a`` for the autonomous round) of ``table``.

    A number beyond the numbered rounds means the autonomous round played
    last, where the seed allows it (an event of that many rounds).
    """
    if isinstance(round_arg, str) and round_arg.strip().lower() in ("a", "autonomous", "autonome"):
        if table.autonomous is None:
            raise TournamentError(f"The argument 'round' is \"{round_arg.strip()}\": this table has no "
                                  "autonomous round.")
        return "a", table.autonomous
    numbered = len(table.rounds)
    top = numbered + (1 if table.autonomous is not None else 0)
    if top == 0:
        raise TournamentError("This table has no round.")
    k = as_int(round_arg, "round", 1, top)
    if k <= numbered:
        return str(k), table.rounds[k - 1]
    if table.source == "official" and numbered > 0 and select_rounds(table, k) is None:
        raise TournamentError(
            f"The argument 'round' is {k}: the autonomous round of this table cannot follow its "
            f"{numbered} rounds (a team would be met twice); ask for round \"a\" for a one-round event.")
    return "a", table.autonomous  # type: ignore[return-value]


def pairing_on(table: MolterTable, round_arg: Any, board: Any):
    """The pairing on ``board`` (1 to N·P/2) of a round."""
    _, pairings = round_of(table, round_arg)
    b = as_int(board, "board", 1, len(pairings))
    return pairings[b - 1]


def find_player(table: MolterTable, round_arg: Any, player: Any) -> tuple[int, str, str]:
    """``(board, colour "W"/"B", opponent)`` of ``player`` (like ``D4``) in a round."""
    from addin.systems.molter.model import Seat

    seat = Seat.parse(str(player))
    letters = TEAM_NAMES[:table.teams]
    if seat.team not in letters or not 1 <= seat.board <= table.players:
        raise TournamentError(
            f"The argument 'player' is {seat}: with {table.teams} teams of {table.players} the players "
            f"are {letters[0]}1 to {letters[-1]}{table.players} (no I).")
    _, pairings = round_of(table, round_arg)
    for board, pairing in enumerate(pairings, 1):
        if pairing.white == seat:
            return board, "W", str(pairing.black)
        if pairing.black == seat:
            return board, "B", str(pairing.white)
    raise TournamentError(f"{seat} has no game in this round of the table.")


def table_rows(table: MolterTable, lang: Any = "en") -> list[list]:
    """Header ``Board, Round 1, …, Autonomous`` then one row per board, cells like ``C2-B1``."""
    language = as_choice(lang, "lang", tuple(HEADERS), "en")
    board_label, round_label, auto_label = HEADERS[language]
    columns = played_rounds(table)
    header = [board_label] + [auto_label if lab == "a" else round_label.format(n=lab) for lab, _ in columns]
    rows = [header]
    for b in range(table.boards):
        rows.append([b + 1] + [str(rnd[b]) if b < len(rnd) else "" for _, rnd in columns])
    return rows
