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

TYPE_CHECKING = False  # typing stays off the import path of a Molter library lookup (annotations only)
if TYPE_CHECKING:
    from typing import Iterator

from addin.core.errors import TournamentError

# No I (the official tables skip it): A–H, J–Z are 25 teams; past Z: AA, AB, … (see team_letters).
TEAM_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

#: Most teams the add-in handles (the generator's range; official tables stop at 14).
MAX_TEAMS = 30

_SEAT = r"^\s*([A-HJ-Z]{1,2})\s*(\d{1,2})\s*$"


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


class _Value:
    """An immutable value compared, hashed and shown by its fields, in order.

    What ``@dataclass(frozen=True)`` gave these classes, written out: importing
    :mod:`dataclasses` (and the :mod:`inspect` it imports) was the largest part of
    a cold library lookup (``docs/benchmarks-molter-library.md``), in CPython and
    more so in Pyodide. Subclasses list ``__slots__`` (the fields, each also
    annotated in the class body for the type checker) and ``_key``.
    """

    __slots__: tuple[str, ...] = ()

    def _key(self) -> tuple:
        raise NotImplementedError

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __eq__(self, other):
        return self._key() == other._key() if other.__class__ is self.__class__ else NotImplemented

    def __ne__(self, other):
        return self._key() != other._key() if other.__class__ is self.__class__ else NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self.__slots__, self._key()))
        return f"{type(self).__qualname__}({fields})"

    def __reduce__(self):
        return (type(self), self._key())


class Seat(_Value):
    """A player: team letter and board number within the team (1-based); ordered by (team, board)."""

    __slots__ = ("team", "board")
    team: str
    board: int

    def __init__(self, team: str, board: int):
        object.__setattr__(self, "team", team)
        object.__setattr__(self, "board", board)

    def _key(self) -> tuple:
        return (self.team, self.board)

    def __lt__(self, other):
        return self._key() < other._key() if other.__class__ is self.__class__ else NotImplemented

    def __le__(self, other):
        return self._key() <= other._key() if other.__class__ is self.__class__ else NotImplemented

    def __gt__(self, other):
        return self._key() > other._key() if other.__class__ is self.__class__ else NotImplemented

    def __ge__(self, other):
        return self._key() >= other._key() if other.__class__ is self.__class__ else NotImplemented

    def __str__(self) -> str:
        return f"{self.team}{self.board}"

    @property
    def team_index(self) -> int:
        return TEAM_NAMES.index(self.team)

    @classmethod
    def parse(cls, text: str) -> "Seat":
        """Parse ``"D4"``; raise :class:`TournamentError` on anything else."""
        import re

        match = re.match(_SEAT, str(text).upper())
        if not match or match.group(1) not in TEAM_NAMES:
            raise TournamentError(
                "\"{text}\" is not a player: write the team letter then the board number, like D4 "
                "(letters A–H, J–Z, then AA…, no I).",
                text=text)
        return cls(match.group(1), int(match.group(2)))


class Pairing(_Value):
    """One game: White first."""

    __slots__ = ("white", "black")
    white: Seat
    black: Seat

    def __init__(self, white: Seat, black: Seat):
        object.__setattr__(self, "white", white)
        object.__setattr__(self, "black", black)

    def _key(self) -> tuple:
        return (self.white, self.black)

    def __str__(self) -> str:
        return f"{self.white}-{self.black}"

    @classmethod
    def parse(cls, text: str) -> "Pairing":
        import re

        parts = re.split(r"\s*[-–]\s*", str(text).strip())
        if len(parts) != 2:
            raise TournamentError("\"{text}\" is not a pairing like C2-B1.", text=text)
        return cls(Seat.parse(parts[0]), Seat.parse(parts[1]))


class MolterTable(_Value):
    """A complete table: ``rounds[r][b]`` is the pairing on board ``b+1`` of round ``r+1``.

    ``source`` is ``"official"`` (seed 001, table ``number``) or ``"generated"``.
    ``notes`` lists the corrections applied or the verifier's remarks.
    """

    __slots__ = ("teams", "players", "rounds", "autonomous", "source", "number", "notes")
    teams: int
    players: int
    rounds: tuple[tuple[Pairing, ...], ...]
    autonomous: tuple[Pairing, ...] | None
    source: str
    number: int | None
    notes: tuple[str, ...]

    def __init__(self, teams: int, players: int, rounds: tuple[tuple[Pairing, ...], ...],
                 autonomous: tuple[Pairing, ...] | None = None, source: str = "generated",
                 number: int | None = None, notes: tuple[str, ...] = ()):
        for name, value in zip(self.__slots__, (teams, players, rounds, autonomous, source, number, notes)):
            object.__setattr__(self, name, value)

    def _key(self) -> tuple:
        return (self.teams, self.players, self.rounds, self.autonomous, self.source, self.number, self.notes)

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
