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

TYPE_CHECKING = False  # typing stays off the import path of a Molter library lookup (annotations only)
if TYPE_CHECKING:
    from typing import Any

from addin.core.args import as_choice, as_int
from addin.core.errors import TournamentError
from addin.systems.molter import library
from addin.systems.molter.model import MAX_TEAMS, TEAM_NAMES, MolterTable

MIN_TEAMS = 3
#: Most teams of an official table of seed 001 (13; 3 teams of more than 12 repeat table 1):
#: past it, "auto" goes straight to the library without importing the official tables
#: (a test checks the official catalogue against it).
OFFICIAL_MAX_TEAMS = 13
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
            "The argument 'players' is {players}: players per team must be even (2, 4, 6, … up to {most}).",
            players=p, most=MAX_PLAYERS)
    return n, p


def read_rounds(rounds: Any) -> int | None:
    """An optional number of rounds (1 to 24); empty gives None."""
    if rounds is None or (isinstance(rounds, str) and rounds.strip() == ""):
        return None
    return as_int(rounds, "rounds", 1, MAX_TEAMS)


#: tables already chosen, by the caller's own arguments (a sheet asks the same table for every cell)
_CHOSEN: dict[tuple, MolterTable] = {}
#: most entries of :data:`_CHOSEN` before it is emptied (tables are shared, so this stays small)
CHOSEN_LIMIT = 1024


def molter_table(teams: Any, players: Any, rounds: Any = None, source: Any = "auto") -> MolterTable:
    """The table to play for ``teams`` teams of ``players`` in ``rounds`` rounds (see module doc).

    Generated tables come from :func:`addin.systems.molter.stored.generated_table`
    (the shipped library, the user's cache, then the generator). The answer
    is remembered by the arguments as given, so the cells of a sheet share
    one table.
    """
    try:
        key = (teams, players, rounds, source)
        found = _CHOSEN.get(key)
    except TypeError:  # an unhashable argument (a range): the checks below refuse it
        key, found = None, None
    if found is not None and bool not in (type(teams), type(players), type(rounds)):
        return found
    table = _choose(teams, players, rounds, source)
    if key is not None:
        if len(_CHOSEN) >= CHOSEN_LIMIT:
            _CHOSEN.clear()
        _CHOSEN[key] = table
    return table


def _choose(teams: Any, players: Any, rounds: Any, source: Any) -> MolterTable:
    n, p = check_shape(teams, players)
    r = read_rounds(rounds)
    where = as_choice(source, "source", SOURCES, "auto")
    if where == "official" or (where == "auto" and n <= OFFICIAL_MAX_TEAMS):
        from addin.systems.molter.official import label, official_table, playable_rounds, select_rounds

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
                    "The argument '{name}' is {rounds}: the official {table} for {teams} teams of "
                    "{players} players plays {allowed} rounds.",
                    name="rounds", rounds=r, table=label(table).lower(), teams=n, players=p, allowed=allowed)
        elif where == "official":
            raise TournamentError(
                "There is no official Molter table for {teams} teams of {players} players: "
                'use source "generated" or "auto".', teams=n, players=p)
    count = r if r is not None else min(DEFAULT_GENERATED_ROUNDS, n - 1)
    if count >= n + 1:
        raise TournamentError(
            "The argument '{name}' is {rounds}: with {teams} teams a Molter event has at most {teams} rounds.",
            name="rounds", rounds=count, teams=n)
    if count < n and p <= library.MAX_LIBRARY_PLAYERS:
        table = library.lookup(n, p, count)
        if table is not None:
            return table
    from addin.systems.molter.generator import check_generator_args
    from addin.systems.molter.stored import generated_table

    check_generator_args(n, p, count)
    return generated_table(n, p, count)


# -- queries used by the Excel functions -------------------------------------------
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
            raise TournamentError(
                "The argument 'round' is \"{round_text}\": this table has no autonomous round.",
                round_text=round_arg.strip())
        return "a", table.autonomous
    numbered = len(table.rounds)
    top = numbered + (1 if table.autonomous is not None else 0)
    if top == 0:
        raise TournamentError("This table has no round.")
    k = as_int(round_arg, "round", 1, top)
    if k <= numbered:
        return str(k), table.rounds[k - 1]
    if table.source == "official" and numbered > 0 and _select_rounds(table, k) is None:
        raise TournamentError(
            "The argument 'round' is {k}: the autonomous round of this table cannot follow "
            "its {numbered} rounds (a team would be met twice); ask for round \"a\" for a "
            "one-round event.",
            k=k, numbered=numbered)
    assert table.autonomous is not None  # k is past the numbered rounds: the autonomous round is the last (top)
    return "a", table.autonomous


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
            "The argument 'player' is {seat}: with {teams} teams of {players} the players "
            "are {letters}1 to {letters2}{players} (no I).",
            seat=seat, teams=table.teams, players=table.players, letters=letters[0], letters2=letters[-1])
    _, pairings = round_of(table, round_arg)
    for board, pairing in enumerate(pairings, 1):
        if pairing.white == seat:
            return board, "W", str(pairing.black)
        if pairing.black == seat:
            return board, "B", str(pairing.white)
    raise TournamentError("{seat} has no game in this round of the table.", seat=seat)


def table_body(table: MolterTable) -> list[list]:
    """One row per board: its number, then its pairing in each played round (cells like ``C2-B1``,
    empty where the round has fewer boards); the header's words are the sheets' (``addin.sheets.molter.labels.table_rows``)."""
    columns = played_rounds(table)
    return [[b + 1] + [str(rnd[b]) if b < len(rnd) else "" for _, rnd in columns] for b in range(table.boards)]


class CellIndex:
    """Every answer of the per-cell Excel functions for one table, computed once (issue 17).

    ``pair[(round, board)]`` is the pairing text on a board (like ``C2-B1``),
    ``player[(round, "D4")]`` is ``(board, colour, opponent)``; ``round`` is
    every key :func:`round_of` accepts in canonical form: ``1 … R``, ``R + 1``
    when the autonomous round may follow, and ``"a"``. Built with
    :func:`round_of`, :func:`pairing_on` and :func:`find_player` themselves,
    so an answer read here is the answer they give; any other spelling of an
    argument goes through them (and their error sentences).
    """

    __slots__ = ("table", "pair", "player", "_body")

    def __init__(self, table: MolterTable):
        self.table = table
        self.pair: dict[tuple, str] = {}
        self.player: dict[tuple, tuple[int, str, str]] = {}
        self._body: list[list] | None = None

    def filled(self) -> "CellIndex":
        """This index with :attr:`pair` and :attr:`player` filled (once; MOLTER_TABLE alone never needs them)."""
        if self.pair:
            return self
        table = self.table
        keys: list = list(range(1, len(table.rounds) + 1))
        if table.autonomous is not None:
            keys.append("a")
            try:
                round_of(table, len(table.rounds) + 1)
                keys.append(len(table.rounds) + 1)
            except TournamentError:
                pass
        for key in keys:
            _, pairings = round_of(table, key)
            for board, pairing in enumerate(pairings, 1):
                white, black = str(pairing.white), str(pairing.black)
                self.pair[(key, board)] = f"{white}-{black}"
                self.player[(key, white)] = (board, "W", black)
                self.player[(key, black)] = (board, "B", white)
        return self

    def body(self) -> list[list]:
        """:func:`table_body`, made once (callers must not change it)."""
        if self._body is None:
            self._body = table_body(self.table)
        return self._body


def _select_rounds(table: MolterTable, rounds: int) -> MolterTable | None:
    from addin.systems.molter.official import select_rounds

    return select_rounds(table, rounds)
