"""Excel functions for Molter team tournaments (seed 001, official tables or generated).

Thin wrappers over :mod:`addin.systems.molter.tables`: the table is chosen by
:func:`~addin.systems.molter.tables.molter_table` (official where the seed has one,
else generated), then read. Players are written like ``D4`` (team letter A–H,
J, K, …, no I, then the board number in the team); pairings like ``C2-B1``,
White first.

Speed (issue 17): a sheet asks the same table for hundreds of cells. The
table and its :class:`~addin.systems.molter.tables.CellIndex` (every answer
of the per-cell functions) are built once per set of table arguments *as
given* and kept in :data:`_INDEXES`; a cell whose arguments are already in
canonical form (numbers, ``"a"``, a player like ``D4``) is then two dict
look-ups. Anything else — another spelling, a bad argument, TRUE/FALSE —
takes the checked path of :mod:`addin.systems.molter.tables`, which gives the
same answer or the same error sentence.
"""

from __future__ import annotations

import xlwings as xw

from addin.files import usercache
from addin.systems.molter import stored
from addin.systems.molter.model import MAX_TEAMS
from addin.systems.molter.tables import CellIndex, find_player, molter_table, pairing_on
from addin.excel.support import guard

CATEGORY = "Appariements"

stored.use_cache(usercache)  # generated tables beyond the library survive a restart of the UDF server

#: CellIndex by the table arguments exactly as Excel passed them
_INDEXES: dict[tuple, CellIndex] = {}
#: MOLTER_TABLE's rows by its arguments exactly as Excel passed them
_ROWS: dict[tuple, list[list]] = {}
#: most tables kept before :data:`_INDEXES` (or :data:`_ROWS`) is emptied
INDEX_LIMIT = 256


def _index(teams, players, rounds, source) -> CellIndex:
    """The CellIndex of :func:`molter_table` for these arguments (checked; kept when hashable)."""
    try:
        found = _INDEXES.get((teams, players, rounds, source)) if rounds is not True else None
    except TypeError:  # a range as argument: molter_table refuses it
        found = None
    if found is not None:
        return found
    index = CellIndex(molter_table(teams, players, rounds, source))
    if rounds is not True:  # TRUE would be looked up as 1
        try:
            if len(_INDEXES) >= INDEX_LIMIT:
                _INDEXES.clear()
            _INDEXES[(teams, players, rounds, source)] = index
        except TypeError:
            pass
    return index


_TEAMS = f"Number of teams (3 to {MAX_TEAMS})."
_PLAYERS = "Players per team: an even number (2 to 200)."
_ROUND = 'Round number (1, 2, …) or "a" for the autonomous round.'
_ROUNDS = ("Optional: rounds of the event. Omitted: the whole official table "
           "(every round and its autonomous round).")
_SOURCE = ('Optional: "auto" (default: the official table where one exists, else generated), '
           '"official" or "generated".')


@xw.func(category=CATEGORY)
@xw.arg("teams", doc=_TEAMS)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("round", doc=_ROUND)
@xw.arg("board", doc="Board number (1 to teams × players / 2).")
@xw.arg("rounds", doc=_ROUNDS)
@xw.arg("source", doc=_SOURCE)
@guard
def MOLTER_PAIR(teams, players, round, board, rounds=None, source="auto"):
    """Pairing on a board of a Molter round, White first, like C2-B1."""
    try:
        if round is not True and board is not True and rounds is not True:
            return _INDEXES[(teams, players, rounds, source)].pair[(round, board)]
    except (KeyError, TypeError):
        pass
    return str(pairing_on(_index(teams, players, rounds, source).filled().table, round, board))


@xw.func(category=CATEGORY)
@xw.arg("teams", doc=_TEAMS)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("round", doc=_ROUND)
@xw.arg("player", doc="The player, like D4 (team letter, board number in the team).")
@xw.arg("rounds", doc=_ROUNDS)
@xw.arg("source", doc=_SOURCE)
@guard
def MOLTER_OPPONENT(teams, players, round, player, rounds=None, source="auto"):
    """Opponent of a player in a Molter round, like B4."""
    try:
        if round is not True and rounds is not True:
            return _INDEXES[(teams, players, rounds, source)].player[(round, player)][2]
    except (KeyError, TypeError):
        pass
    return find_player(_index(teams, players, rounds, source).filled().table, round, player)[2]


@xw.func(category=CATEGORY)
@xw.arg("teams", doc=_TEAMS)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("round", doc=_ROUND)
@xw.arg("player", doc="The player, like D4 (team letter, board number in the team).")
@xw.arg("rounds", doc=_ROUNDS)
@xw.arg("source", doc=_SOURCE)
@guard
def MOLTER_COLOR(teams, players, round, player, rounds=None, source="auto"):
    """Colour of a player in a Molter round: W or B."""
    try:
        if round is not True and rounds is not True:
            return _INDEXES[(teams, players, rounds, source)].player[(round, player)][1]
    except (KeyError, TypeError):
        pass
    return find_player(_index(teams, players, rounds, source).filled().table, round, player)[1]


@xw.func(category=CATEGORY)
@xw.arg("teams", doc=_TEAMS)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("round", doc=_ROUND)
@xw.arg("player", doc="The player, like D4 (team letter, board number in the team).")
@xw.arg("rounds", doc=_ROUNDS)
@xw.arg("source", doc=_SOURCE)
@guard
def MOLTER_BOARD(teams, players, round, player, rounds=None, source="auto"):
    """Board number of a player in a Molter round."""
    try:
        if round is not True and rounds is not True:
            return _INDEXES[(teams, players, rounds, source)].player[(round, player)][0]
    except (KeyError, TypeError):
        pass
    return find_player(_index(teams, players, rounds, source).filled().table, round, player)[0]


@xw.func(category=CATEGORY)
@xw.arg("teams", doc=_TEAMS)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("rounds", doc=_ROUNDS)
@xw.arg("source", doc=_SOURCE)
@xw.arg("lang", doc='Optional: "en" (default) or "fr" for the header row.')
def MOLTER_TABLE(teams, players, rounds=None, source="auto", lang="en"):
    """Whole Molter table: header Board, Round 1, …, Autonomous; one row per board."""
    try:  # the rows already made for exactly these arguments (read-only for the caller)
        if rounds is not True:
            return _ROWS[(teams, players, rounds, source, lang)]
    except (KeyError, TypeError):
        pass
    return _guarded_rows(teams, players, rounds, source, lang)


def _table_rows(teams, players, rounds=None, source="auto", lang="en"):
    """MOLTER_TABLE's checked path: raises :class:`TournamentError` on a bad argument."""
    from addin.sheets.molter.labels import table_rows  # the header's words (the whole sheets package: at the first call)

    index = _index(teams, players, rounds, source)
    rows = table_rows(index.table, lang, index.body())
    if rounds is not True:
        try:
            if len(_ROWS) >= INDEX_LIMIT:
                _ROWS.clear()
            _ROWS[(teams, players, rounds, source, lang)] = rows
        except TypeError:
            pass
    return rows


_table_rows.__name__ = "MOLTER_TABLE"  # the name the guard's sentence shows
_guarded_rows = guard(_table_rows)
# The guard's contract (only a sentence reaches the cell): the look-up above cannot raise, and
# everything else goes through the guard; ``__wrapped__`` is the checked function, as for the others.
MOLTER_TABLE.__wrapped__ = _table_rows  # type: ignore[attr-defined]  # set on the xlwings-decorated function
