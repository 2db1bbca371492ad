"""The Molter table object shared by the official tables, the generator, the
verifier, the Excel functions and the workbooks.

Seed 001, "Tableaux d'appariements": ``N`` teams of ``P`` players each meet in
``R`` rounds; every player of every team plays every round. A player is a
:class:`Seat`: the team's letter and his board number in the team (``D4`` is
the 4th player of team D). Team letters skip ``I`` as in the official tables:
A–H, J, K, L, M, N, … (see :data:`TEAM_LETTERS`).

A round is a tuple of :class:`Pairing` in the order of the official table's
board column (board 1 first). The autonomous round (``Na`` in the seed) is
kept apart from the numbered rounds because the seed only allows it as a
one-round event or a final round in some shapes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator

from addin.core.errors import TournamentError

# No I (the official tables skip it): A–H, J–Z are 25 teams; past Z: AA, AB, … (see team_letters).
TEAM_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

#: Most teams the add-in handles (the generator's range; official tables stop at 14).
MAX_TEAMS = 30

_SEAT = re.compile(r"^\s*([A-HJ-Z]{1,2})\s*(\d{1,2})\s*$")


def team_letters(teams: int) -> tuple[str, ...]:
    """The names of ``teams`` teams in order: A–H, J, …, Z, then AA, AB, … (never I)."""
    if teams > MAX_TEAMS:
        raise TournamentError(
            "At most {max_teams} teams are supported, not {teams}.",
            max_teams=MAX_TEAMS, teams=teams)
    names = list(TEAM_LETTERS[:teams])
    names += ["A" + TEAM_LETTERS[i] for i in range(teams - len(names))]
    return tuple(names)


#: Every team name, in order (index = team number - 1).
TEAM_NAMES = team_letters(MAX_TEAMS)


@dataclass(frozen=True, order=True)
class Seat:
    """A player: team letter and board number within the team (1-based)."""

    team: str
    board: int

    def __str__(self) -> str:
        return f"{self.team}{self.board}"

    @property
    def team_index(self) -> int:
        return TEAM_NAMES.index(self.team)

    @classmethod
    def parse(cls, text: str) -> "Seat":
        """Parse ``"D4"``; raise :class:`TournamentError` on anything else."""
        match = _SEAT.match(str(text).upper())
        if not match or match.group(1) not in TEAM_NAMES:
            raise TournamentError(
                "\"{text}\" is not a player: write the team letter then the board number, like D4 "
                "(letters A–H, J–Z, then AA…, no I).",
                text=text)
        return cls(match.group(1), int(match.group(2)))


@dataclass(frozen=True)
class Pairing:
    """One game: White first."""

    white: Seat
    black: Seat

    def __str__(self) -> str:
        return f"{self.white}-{self.black}"

    @classmethod
    def parse(cls, text: str) -> "Pairing":
        parts = re.split(r"\s*[-–]\s*", str(text).strip())
        if len(parts) != 2:
            raise TournamentError("\"{text}\" is not a pairing like C2-B1.", text=text)
        return cls(Seat.parse(parts[0]), Seat.parse(parts[1]))


@dataclass(frozen=True)
class MolterTable:
    """A complete table: ``rounds[r][b]`` is the pairing on board ``b+1`` of round ``r+1``.

    ``source`` is ``"official"`` (seed 001, table ``number``) or ``"generated"``.
    ``notes`` lists the corrections applied or the verifier's remarks.
    """

    teams: int
    players: int
    rounds: tuple[tuple[Pairing, ...], ...]
    autonomous: tuple[Pairing, ...] | None = None
    source: str = "generated"
    number: int | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def boards(self) -> int:
        """Games per round: ``teams * players / 2``."""
        return self.teams * self.players // 2

    def round(self, number: int | str) -> tuple[Pairing, ...]:
        """Round ``1..R`` or ``"a"`` for the autonomous round."""
        if isinstance(number, str) and number.strip().lower() == "a":
            if self.autonomous is None:
                raise TournamentError("This table has no autonomous round.")
            return self.autonomous
        return self.rounds[int(number) - 1]

    def all_rounds(self) -> Iterator[tuple[str, tuple[Pairing, ...]]]:
        """Yield ``("1", round), …, ("a", autonomous)``."""
        for i, rnd in enumerate(self.rounds, 1):
            yield str(i), rnd
        if self.autonomous is not None:
            yield "a", self.autonomous
