"""Excel functions for team matches: Scheveningen pairings and the colours of a league match's boards.

Thin wrappers over :mod:`addin.systems.scheveningen` (every player of one team meets every
player of the other, the published tables for 2, 3, 4, 5, 7 and 8 boards) and
:func:`addin.systems.league.model.board_colours` (FIDE's rule for team matches: the team
named first has White on the odd boards; ``even``: on the even boards). The core checks the
arguments; a refusal shows one sentence in the cell.
"""

from __future__ import annotations

import xlwings as xw

from addin.core.args import as_choice, as_int
from addin.excel.support import guard
from addin.systems.league.model import COLOUR_RULES, MAX_BOARDS, MIN_BOARDS, board_colours
from addin.systems.scheveningen import MAX_PLAYERS, MIN_PLAYERS, scheveningen_pair, scheveningen_table

CATEGORY = "Appariements"

_PLAYERS = f"Players per team ({MIN_PLAYERS} to {MAX_PLAYERS}): as many rounds as players."
_RULE = 'Optional: "odd" (FIDE: the team named first has White on boards 1, 3, 5…, default) or "even".'


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("round", doc="The round, 1 to players.")
@xw.arg("board", doc="The board, 1 to players (board b: player b of team A).")
@guard
def SCHEVENINGEN_PAIR(players, round, board):
    """The game on this board in this round, White first: "A3-B5" or "B5-A3"."""
    return scheveningen_pair(players, round, board)


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@guard
def SCHEVENINGEN_TABLE(players):
    """The whole Scheveningen table: one row per round, one game per board (White first)."""
    return scheveningen_table(players)


@xw.func(category=CATEGORY)
@xw.arg("boards", doc=f"Boards per match ({MIN_BOARDS} to {MAX_BOARDS}).")
@xw.arg("board", doc="The board, 1 to boards.")
@xw.arg("rule", doc=_RULE)
@guard
def LEAGUE_BOARD_COLOR(boards, board, rule="odd"):
    """Colour of the team named first (home) on this board of a league match: "W" or "B"."""
    n = as_int(boards, "boards", MIN_BOARDS, MAX_BOARDS)
    b = as_int(board, "board", 1, n)
    return board_colours(n, as_choice(rule, "rule", COLOUR_RULES, default="odd"))[b - 1]
