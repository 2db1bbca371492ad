"""The schedule object every round-robin system produces.

A :class:`Schedule` is rounds → boards → (white, black). It is the one source
of truth that the UDFs, the sheets, the CLI, the cards and the exports read.
Players are pairing numbers ``1..players``; a player without a game in a
round (odd field) is listed in that round's ``byes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, NamedTuple


class Game(NamedTuple):
    """One game: board number (1.. over real games, in table order) and players."""

    board: int
    white: int
    black: int


@dataclass(frozen=True)
class Round:
    """A round as played.

    ``number`` is the round as played (1..); ``table_round`` is the round of
    the underlying table it was taken from (they differ when the organiser
    reorders rounds, e.g. the gathering round of a team league, or swaps the
    last two rounds of a cycle); ``cycle`` is 1 for a single round-robin, 2 for
    the return games of a double one (colours reversed).
    """

    number: int
    games: tuple[Game, ...]
    byes: tuple[int, ...] = ()
    table_round: int = 0
    cycle: int = 1


@dataclass(frozen=True)
class Schedule:
    """A complete schedule: ``system`` names the pairing system that built it."""

    system: str
    players: int
    rounds: tuple[Round, ...]

    HEADER = ("Round", "Board", "White", "Black")

    def games(self) -> Iterator[tuple[int, int, int, int]]:
        """Yield ``(round, board, white, black)`` for every game, in order."""
        for rnd in self.rounds:
            number = rnd.number
            for game in rnd.games:
                yield (number, game.board, game.white, game.black)

    def rows(self, bye_label: str = "BYE") -> list[list]:
        """The schedule as a table: header, then per round its games and its byes.

        A bye is the row ``[round, "", player, bye_label]`` after that round's
        games. This is the shape of ``BERGER_TABLE`` and ``RUTSCH_TABLE``.
        """
        out: list[list] = [list(self.HEADER)]
        append = out.append
        for rnd in self.rounds:
            number = rnd.number
            for board, white, black in rnd.games:
                append([number, board, white, black])
            for player in rnd.byes:
                append([number, "", player, bye_label])
        return out

    def round(self, number: int) -> Round:
        """The round played as ``number`` (1-based)."""
        return self.rounds[number - 1]
