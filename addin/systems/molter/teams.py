"""The teams of a Molter event and their players in board order.

Seed 001, "Organisation matérielle des tournois": "les capitaines d'équipe
remettent au secrétaire la liste de leurs joueurs, classés dans l'ordre
décroissant de force" and "l'ordre des joueurs ne doit pas être inversé":
player 1 of a team is its first board for the whole event.

Teams come either as a count (``addin.sheets.molter.labels.numbered_teams``,
named in the workbook's language, with player names left blank, to be typed
in the workbook) or from a team file (``read_teams``), a CSV or XLSX table with a header row:

* the first column is the team name (header ``team``, ``équipe`` or ``nom``…,
  any header is accepted);
* every further column is one player, in board order (headers free, e.g.
  ``1, 2, 3, 4`` or ``board 1, …``);
* one row per team; teams get the letters A, B, C, … (no I) in file order
  (the seed draws the envelopes by lot: shuffle the rows, or retype the
  names in the workbook, to draw).

Example (``--players 4``)::

    team,1,2,3,4
    Échiquier de Lyon,Anne Martin,Paul Roy,Léa Petit,Marc Blanc
    Cercle de Nîmes,…

Each row names at least the number of players a team fields (``--players``,
the boards per team); the players after them are the team's reserves, who
may play in later rounds in the list's order (``addin.systems.molter.lineup``).
Every problem raises one :class:`~addin.core.errors.TournamentError` naming the
file and line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.systems.molter.model import MAX_TEAMS

MIN_TEAMS = 3
MAX_PLAYERS = 16


@dataclass(frozen=True)
class Team:
    """One team: its letter (A, B, …, no I), its name and its list of players, strongest first.

    The first ``P`` players of the list (``P`` = the boards a team fields) are its regular
    players, on seats 1 to ``P``; the others are reserves.
    """

    letter: str
    name: str
    players: tuple[str, ...]


def check_shape(teams: Any, players: Any) -> tuple[int, int]:
    """Checked ``(teams, players)``: 3..25 teams, an even number of 2..16 players."""
    n = as_int(teams, "teams", MIN_TEAMS, MAX_TEAMS)
    p = as_int(players, "players", 2, MAX_PLAYERS)
    if p % 2:
        raise TournamentError("The argument 'players' is {players}: players per team must be even (2 to {most}).",
                              players=p, most=MAX_PLAYERS)
    return n, p

