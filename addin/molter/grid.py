"""The per-team result grid of seed 001 ("Exemple de grilles de prise de résultats").

For every team the seed prints one grid: a row per player (board order) and,
per round, the player's colour (``b`` blanc / ``n`` noir), his opponent
(``B1``) and a result cell left blank. :func:`team_grid` gives the part that
comes from the table — colour and opponent — for the rounds as played
(numbered rounds, then the autonomous round); the workbook adds the result
cells, totals, tie-break and place.
"""

from __future__ import annotations

from .model import MolterTable, Seat, team_letters

#: colour letters of the seed's grids (French): blancs / noirs
COLOURS = {"fr": ("b", "n"), "en": ("W", "B")}


def team_grid(table: MolterTable, team: str, lang: str = "fr") -> list[list[tuple[str, str]]]:
    """``grid[player − 1][round index] = (colour, opponent)`` for ``team`` (a letter)."""
    white, black = COLOURS[lang]
    seats = {Seat(team, b): b - 1 for b in range(1, table.players + 1)}
    rounds = list(table.all_rounds())
    grid: list[list[tuple[str, str]]] = [[("", "")] * len(rounds) for _ in range(table.players)]
    for r, (_, pairings) in enumerate(rounds):
        for pairing in pairings:
            if pairing.white in seats:
                grid[seats[pairing.white]][r] = (white, str(pairing.black))
            if pairing.black in seats:
                grid[seats[pairing.black]][r] = (black, str(pairing.white))
    return grid


def all_grids(table: MolterTable, lang: str = "fr") -> dict[str, list[list[tuple[str, str]]]]:
    """:func:`team_grid` for every team, by letter."""
    return {letter: team_grid(table, letter, lang) for letter in team_letters(table.teams)}
