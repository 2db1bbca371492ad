"""Excel functions of the Scrabble Formule Combinée (seed 002).

Thin wrappers over :mod:`addin.systems.combinee`; every check and rule lives there.
"""

from __future__ import annotations

import xlwings as xw

from addin.core.args import as_bool
from addin.systems.combinee.groups import group_counts, group_of_rank, snake
from addin.systems.combinee.pairing import pairing_rows
from addin.systems.combinee.phase1 import phase1_round
from addin.excel.support import guard

CATEGORY = "Appariements"

_PLAYERS = "Number of players (an odd field gets a fictitious player X, ranked last)."
_ROUNDS = "Number of phase-1 rounds: 5, 7 or 9."


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("phase1_rounds", doc=_ROUNDS)
@guard
def COMBINEE_GROUPS(players, phase1_rounds):
    """Phase-1 groups: [count, size] for groups of NbR+1, then for groups of NbR+3."""
    plan = group_counts(players, phase1_rounds)
    return [[plan.small, plan.small_size], [plan.large, plan.large_size]]


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("phase1_rounds", doc=_ROUNDS)
@xw.arg("improved", doc="Optional: TRUE (default) for the improved snake, FALSE for the plain one.")
@guard
def COMBINEE_SNAKE(players, phase1_rounds, improved=True):
    """Group number (G1 = first group of NbR+3) of seed ranks 1..N, as one column."""
    groups = snake(players, phase1_rounds, as_bool(improved, "improved", True))
    return [[g] for g in group_of_rank(groups)]


@xw.func(category=CATEGORY)
@xw.arg("group_size", doc="Players in the group: phase1_rounds+1 or phase1_rounds+3.")
@xw.arg("phase1_rounds", doc=_ROUNDS)
@xw.arg("round", doc="Phase-1 round (1 to phase1_rounds).")
@guard
def COMBINEE_PHASE1(group_size, phase1_rounds, round):
    """Games of one phase-1 round in a group: rows [a, b] of positions (A1 = 1)."""
    return [[a, b] for a, b in phase1_round(group_size, phase1_rounds, round)]


@xw.func(category=CATEGORY)
@xw.arg("ranking", doc="Column of player ids in standings order (best first).")
@xw.arg("history", doc="Two-column range of games that count as rematches; BYE marks a bye.")
@guard
def COMBINEE_PAIRING(ranking, history=None):
    """Phases 2-3 pairing "de proche en proche": rows [player, opponent], the bye as BYE."""
    return pairing_rows(ranking, history)
