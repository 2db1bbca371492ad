"""Excel functions for round-robins: Berger tables, Rutsch, Rutsch-Berger seating.

Thin wrappers: every rule lives in :mod:`addin.systems.roundrobin`. Arguments arrive as
Excel sends them (floats, empty cells, text); the core checks them and raises
:class:`~addin.core.errors.TournamentError` with a sentence shown in the cell.

Python names are the Excel names, upper case, so that every Excel front end
(classic xlwings, xlwings Server) registers exactly ``BERGER_OPPONENT`` …
"""

from __future__ import annotations

import xlwings as xw

from addin.systems.roundrobin.berger import query
from addin.systems.roundrobin.rutsch import rutsch_query
from addin.excel.roundrobin_arrays import berger_array, rutsch_array
from addin.systems.roundrobin.rutsch_berger import seats
from addin.excel.support import guard, pad

CATEGORY = "Appariements"

_PLAYERS = "Number of players (2 to 5000). An odd field plays with a bye."
_PLAYER = "The player's pairing number (1 to players)."
_ROUND = "Round number as played (1 to the number of rounds of all cycles)."
_CYCLES = "Optional: 1 for a single round-robin (default), 2 for a double one (up to 4)."
_SWAP = ("Optional, double round-robins: TRUE (default) swaps the last two rounds of each "
         "cycle that another follows (FIDE), FALSE keeps the printed order.")
_ORDER = ('Optional: "normal" (default), "gathering" (rounds 2,3,...,1) or '
          '"gathering-reverse" (rounds n-1,...,2,1) for team leagues.')


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("player", doc=_PLAYER)
@xw.arg("round", doc=_ROUND)
@xw.arg("cycles", doc=_CYCLES)
@xw.arg("swap_last", doc=_SWAP)
@xw.arg("order", doc=_ORDER)
@guard
def BERGER_OPPONENT(players, player, round, cycles=1, swap_last=True, order="normal"):
    """Opponent of a player in a round of the Berger table, or BYE."""
    return query(players, cycles, swap_last, order).opponent(player, round)


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("player_a", doc="First player's pairing number.")
@xw.arg("player_b", doc="Second player's pairing number (another player).")
@xw.arg("cycles", doc=_CYCLES)
@xw.arg("cycle", doc="Optional: which cycle's game (1 = first, default; 2 = return game).")
@xw.arg("swap_last", doc=_SWAP)
@xw.arg("order", doc=_ORDER)
@guard
def BERGER_ROUND(players, player_a, player_b, cycles=1, cycle=1, swap_last=True, order="normal"):
    """Round in which two players meet in the Berger table."""
    return query(players, cycles, swap_last, order).meeting_round(player_a, player_b, cycle)


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("player", doc=_PLAYER)
@xw.arg("round", doc=_ROUND)
@xw.arg("cycles", doc=_CYCLES)
@xw.arg("swap_last", doc=_SWAP)
@xw.arg("order", doc=_ORDER)
@guard
def BERGER_COLOR(players, player, round, cycles=1, swap_last=True, order="normal"):
    """Colour of a player in a round of the Berger table: W, B or BYE."""
    return query(players, cycles, swap_last, order).color(player, round)


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("player", doc=_PLAYER)
@xw.arg("round", doc=_ROUND)
@xw.arg("cycles", doc=_CYCLES)
@xw.arg("swap_last", doc=_SWAP)
@xw.arg("order", doc=_ORDER)
@guard
def BERGER_BOARD(players, player, round, cycles=1, swap_last=True, order="normal"):
    """Board of a player in a round (boards numbered over real games), or BYE."""
    return query(players, cycles, swap_last, order).board(player, round)


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("player_a", doc="First player's pairing number.")
@xw.arg("player_b", doc="Second player's pairing number (another player).")
@xw.arg("cycles", doc=_CYCLES)
@xw.arg("cycle", doc="Optional: which cycle's game (1 = first, default; 2 = return game).")
@guard
def BERGER_WHITE(players, player_a, player_b, cycles=1, cycle=1):
    """Which of two players has White when they meet (the pairing number)."""
    return query(players, cycles).white_of(player_a, player_b, cycle)


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("cycles", doc=_CYCLES)
@xw.arg("swap_last", doc=_SWAP)
@xw.arg("order", doc=_ORDER)
@guard
def BERGER_TABLE(players, cycles=1, swap_last=True, order="normal"):
    """Whole Berger schedule as one array: Round, Board, White, Black (byes as BYE)."""
    return berger_array(players, cycles, swap_last, order)


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@guard
def RUTSCH_TABLE(players):
    """Whole Rutsch ("taquin") schedule as one array: Round, Board, White, Black."""
    return rutsch_array(players)


_RUTSCH_PLAYERS = "Number of players (2 to 5000)."
_RUTSCH_ROUND = "Round number (1 to players-1, or 1 to players if odd)."


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_RUTSCH_PLAYERS)
@xw.arg("player", doc=_PLAYER)
@xw.arg("round", doc=_RUTSCH_ROUND)
@guard
def RUTSCH_OPPONENT(players, player, round):
    """Opponent of a player in a round of the Rutsch system, or BYE."""
    return rutsch_query(players).opponent(player, round)


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_RUTSCH_PLAYERS)
@xw.arg("player", doc=_PLAYER)
@xw.arg("round", doc=_RUTSCH_ROUND)
@guard
def RUTSCH_COLOR(players, player, round):
    """Colour of a player in a round of the Rutsch system: W, B or BYE."""
    return rutsch_query(players).color(player, round)


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_RUTSCH_PLAYERS)
@xw.arg("player", doc=_PLAYER)
@xw.arg("round", doc=_RUTSCH_ROUND)
@guard
def RUTSCH_BOARD(players, player, round):
    """Table of a player in a round of the Rutsch system (fixed tables), or BYE."""
    return rutsch_query(players).board(player, round)


@xw.func(category=CATEGORY)
@xw.arg("players", doc="Number of players (2 to 5000); an odd field adds a dummy player.")
@xw.arg("round", doc="Round number (1 to players-1, or players if odd).")
@guard
def RUTSCH_BERGER_SEATS(players, round):
    """Seats around the long table: top row then bottom row, one column per board."""
    top, bottom = seats(players, round)
    return pad([top, bottom])
