"""Result grids per team (seed 001, "Exemple de grilles de prise de résultats").

The seed prints one grid per team: a row per player (1..P, board order),
for every round three columns "Cou" (colour: ``b`` = blancs, ``n`` = noirs),
"Adv" (the opponent's symbol, e.g. ``B1``) and "Rés" (the player's result),
a "TOTAL" column, and a last row "Départage … Place … Total". Everything but
the results follows from the table: the player's colour is White when he is
named first ("le premier nommé a les blancs", "Comment utiliser les
tableaux ?").

:func:`team_grids` builds these grids from the played rounds and, optionally,
results: "Rés" holds the player's points, "TOTAL" their sum, "Départage" the
Berlin tie-break and "Place" the team's place of :mod:`addin.systems.molter.ranking`.
A cell holds the colour as data (``white``); the letters a language prints
(``b``/``n``, ``W``/``B``) and the grid as the seed's forms read
(``grid_text``) are the sheets' (``addin.sheets.molter.labels``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from addin.core.errors import TournamentError
from addin.systems.molter.event import Results, Round, player_points
from addin.systems.molter.model import Seat, team_letters
from addin.systems.molter.ranking import team_standings

@dataclass(frozen=True)
class GridCell:
    """One player in one round: colour, opponent and points (``None`` = not played yet)."""

    white: bool
    opponent: Seat
    board: int
    points: float | None = None


@dataclass(frozen=True)
class GridRow:
    """A player's row: his board number in the team, one cell per round, his total."""

    player: int
    cells: tuple[GridCell, ...]
    total: float


@dataclass(frozen=True)
class TeamGrid:
    """A team's grid with the bottom line: tie-break (Berlin), place and total."""

    team: str
    rows: tuple[GridRow, ...]
    tiebreak: float
    place: int
    total: float


def player_cells(teams: int, players: int, rounds: Sequence[Round]) -> dict[Seat, list[GridCell]]:
    """Every player's (colour, opponent, board) per round; refuses a table that is not one.

    A player missing from a round, or playing twice in it, makes the grid
    impossible: that is refused with a sentence naming the round and player.
    """
    letters = team_letters(teams)
    cells: dict[Seat, list[GridCell | None]] = {
        Seat(t, p): [None] * len(rounds) for t in letters for p in range(1, players + 1)}
    for r, rnd in enumerate(rounds, 1):
        for b, pairing in enumerate(rnd, 1):
            for seat, opp, white in ((pairing.white, pairing.black, True), (pairing.black, pairing.white, False)):
                if seat not in cells:
                    raise TournamentError(
                        "Round {r}, board {b}: {seat} is not a player of {teams} teams of {players} "
                        "players.",
                        r=r, b=b, seat=seat, teams=teams, players=players)
                taken = cells[seat][r - 1]
                if taken is not None:
                    raise TournamentError(
                        "Round {r}: {seat} plays twice (boards {board} and {b}).",
                        r=r, seat=seat, board=taken.board, b=b)
                cells[seat][r - 1] = GridCell(white, opp, b)
    full: dict[Seat, list[GridCell]] = {}
    for seat, row in cells.items():
        full[seat] = []
        for r, cell in enumerate(row, 1):
            if cell is None:
                raise TournamentError("Round {r}: {seat} has no board.", r=r, seat=seat)
            full[seat].append(cell)
    return full


def team_grids(teams: int, players: int, rounds: Sequence[Round],
               results: Results | None = None) -> list[TeamGrid]:
    """One :class:`TeamGrid` per team, in letter order."""
    cells = player_cells(teams, players, rounds)
    points = player_points(teams, players, rounds, results)
    standing = {s.team: s for s in team_standings(teams, players, rounds, results)}
    grids = []
    for t in team_letters(teams):
        rows = []
        for p in range(1, players + 1):
            seat = Seat(t, p)
            row = tuple(GridCell(c.white, c.opponent, c.board, pts) for c, pts in zip(cells[seat], points[seat]))
            rows.append(GridRow(p, row, sum(x for x in points[seat] if x is not None)))
        s = standing[t]
        grids.append(TeamGrid(t, tuple(rows), s.berlin, s.place, s.points))
    return grids

