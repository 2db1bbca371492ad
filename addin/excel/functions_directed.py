"""Excel functions for directed pairings, Varma tables and team leagues.

Thin wrappers over :mod:`addin.systems.directed` (seed 000, "Appariements dirigés",
"Application des tables de Berger aux compétitions par équipes"; FIDE C.05
Annex 2). Arguments arrive as Excel sends them; the core checks them and
raises :class:`~addin.core.errors.TournamentError`, whose sentence Excel shows.
"""

from __future__ import annotations

import xlwings as xw

from addin.systems.directed.league import BYE, complementary, league_home, league_host
from addin.systems.directed.rules import directed_check, field
from addin.systems.directed.solver import MAX_SOLVER_PLAYERS, directed_groups, max_group_size
from addin.systems.directed.varma import varma_alternative, varma_sets, varma_warnings
from addin.core.args import as_bool
from addin.excel.support import guard, pad

CATEGORY = "Appariements"

_PLAYERS = "Number of players (3 or more). An odd field plays the even table with a bye."
_LAST = "The last rounds in which the group must NOT meet (n), 0 to rounds - 1."
_TEAMS = "Number of teams in the division (2 to 40); an odd number gets a bye."
_ORDER = 'Optional: "gathering" (rounds 2,3,...,1, default) or "gathering-reverse" (n-1,...,2,1).'


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS)
@xw.arg("last_rounds", doc=_LAST)
@xw.arg("numbers", doc="The pairing numbers of the group: a column or a row of cells.")
@guard
def DIRECTED_CHECK(players, last_rounds, numbers):
    """TRUE if every pair of these numbers meets before the last n rounds (seed Rules I, II, pivot)."""
    return directed_check(players, last_rounds, numbers)


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS + " At most 120.")
@xw.arg("last_rounds", doc=_LAST)
@xw.arg("sizes", doc="Sizes of the groups wanted: a column or a row of whole numbers.")
@guard
def DIRECTED_GROUPS(players, last_rounds, sizes):
    """Disjoint groups of pairing numbers meeting before the last n rounds: one row per size."""
    return pad(directed_groups(players, last_rounds, sizes))


@xw.func(category=CATEGORY)
@xw.arg("players", doc=_PLAYERS + " At most 120.")
@xw.arg("last_rounds", doc=_LAST)
@guard
def DIRECTED_LARGEST(players, last_rounds):
    """Largest group whose members can all meet before the last n rounds."""
    return max_group_size(field(players, last_rounds, MAX_SOLVER_PLAYERS))


@xw.func(category=CATEGORY)
@xw.arg("players", doc="Number of players, 9 to 24.")
@xw.arg("valid_only", doc="Optional: FALSE (default) gives the sets as published by FIDE; "
                          "TRUE the valid alternative (differs for 12 players).")
@guard
def VARMA_GROUPS(players, valid_only=False):
    """FIDE Varma sets A, B, C, D (one row each, padded with ""); the bye number is left out."""
    sets = varma_alternative(players) if as_bool(valid_only, "valid_only", False) else varma_sets(players)
    return pad([list(s) for s in sets])


@xw.func(category=CATEGORY)
@xw.arg("players", doc="Number of players, 9 to 24.")
@guard
def VARMA_WARNING(players):
    """The published table's fault for this field (12 players: 6 and 12 meet in round 11), or ""."""
    return " ".join(str(w) for w in varma_warnings(players))


@xw.func(category=CATEGORY)
@xw.arg("teams", doc=_TEAMS)
@xw.arg("team", doc="The team's number in the table (1 to teams).")
@xw.arg("round", doc="Round as played (1 to the number of rounds).")
@xw.arg("order", doc=_ORDER)
@guard
def LEAGUE_HOME(teams, team, round, order="gathering"):
    """H (home), A (away), N (gathering round, neutral ground) or BYE for a team in a round."""
    code = league_home(teams, team, round, order)
    return "BYE" if code == BYE else code


@xw.func(category=CATEGORY)
@xw.arg("teams", doc=_TEAMS)
@xw.arg("team_a", doc="First team's number.")
@xw.arg("team_b", doc="Second team's number (another team).")
@guard
def LEAGUE_HOST(teams, team_a, team_b):
    """Number of the team that receives when the two teams meet (named first)."""
    return league_host(teams, team_a, team_b)


@xw.func(category=CATEGORY)
@xw.arg("teams", doc=_TEAMS)
@xw.arg("team", doc="A team number (1 to the even table size).")
@guard
def LEAGUE_COMPLEMENT(teams, team):
    """The complementary number (x + k or x - k): never at home on the same weekend as team."""
    return complementary(teams, team)
