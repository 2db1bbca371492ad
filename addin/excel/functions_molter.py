"""Excel functions for Molter team tournaments (seed 001, official tables or generated).

Thin wrappers over :mod:`addin.systems.molter.tables`: the table is chosen by
:func:`~addin.systems.molter.tables.molter_table` (official where the seed has one,
else generated), then read. Players are written like ``D4`` (team letter A–H,
J, K, …, no I, then the board number in the team); pairings like ``C2-B1``,
White first.
"""

from __future__ import annotations

import xlwings as xw

from addin.systems.molter.model import MAX_TEAMS
from addin.systems.molter.tables import find_player, molter_table, pairing_on, table_rows
from addin.excel.support import guard, pad

CATEGORY = "Appariements"

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
    return str(pairing_on(molter_table(teams, players, rounds, source), round, board))


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
    return find_player(molter_table(teams, players, rounds, source), round, player)[2]


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
    return find_player(molter_table(teams, players, rounds, source), round, player)[1]


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
    return find_player(molter_table(teams, players, rounds, source), round, player)[0]


@xw.func(category=CATEGORY)
@xw.arg("teams", doc=_TEAMS)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("rounds", doc=_ROUNDS)
@xw.arg("source", doc=_SOURCE)
@xw.arg("lang", doc='Optional: "en" (default) or "fr" for the header row.')
@guard
def MOLTER_TABLE(teams, players, rounds=None, source="auto", lang="en"):
    """Whole Molter table: header Board, Round 1, …, Autonomous; one row per board."""
    return pad(table_rows(molter_table(teams, players, rounds, source), lang))
