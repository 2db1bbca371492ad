"""The Rutsch system ("taquin"): players slide one seat each round.

Seed 000, "LE SYSTEME RUTSCH".

Odd field, ``2m+1`` players (the 7-player diagram, players A..G = 1..7): ``m``
tables in a column, each with a left and a right seat, plus one bye seat at
the bottom. In round 1 the left seats hold, top to bottom, players ``m+2 …
2m+1``, the bye seat player 1, the right seats, bottom to top, players
``2 … m+1``. After each round everybody slides one seat along the arrows: down
the left seats, through the bye seat, up the right seats, across the top.
Colours are fixed by seat: the seats that E, C and G hold in round 1 (left on
odd tables, right on even tables) always have White.

Even field, ``2k`` players (the 8-player diagram): player ``2k`` never leaves
table 1 and changes side every round (right in odd rounds, left in even
rounds); the others hold, in round 1, the left seats ``1 … k`` top to bottom and
the right seats ``k+1 … 2k-1`` bottom to top, and slide one seat each round
along the same circuit (the free seat of table 1, down the left, up the right).
The seed's marking of the Black seats was lost in the copy; we keep the
seat-colour rule of the odd diagram (left seat White on odd tables, right seat
White on even tables), which gives every sliding player alternating colours
and the fixed player alternating colours too.
"""

from __future__ import annotations

from addin.core.args import as_int
from addin.core.schedule import Game, Round, Schedule

MAX_PLAYERS = 5000


def check_players(players) -> int:
    return as_int(players, "players", 2, MAX_PLAYERS)


def layout(players: int, rnd: int) -> tuple[list[tuple[int, int]], int | None]:
    """Seats of round ``rnd``: ``[(left, right) per table, top to bottom]`` and the bye."""
    if players % 2:
        m = players // 2
        shift = rnd - 1

        def at(index: int) -> int:
            return (index - shift) % players + 1

        tables = [(at(m + j), at(m + 1 - j)) for j in range(1, m + 1)]
        return tables, at(0)
    k = players // 2
    ring = players - 1
    shift = rnd - 1

    def held(index: int) -> int:
        return (index - shift) % ring + 1

    free = held(0)
    first = (players, free) if rnd % 2 == 0 else (free, players)
    tables = [first] + [(held(j - 1), held(2 * k - j)) for j in range(2, k + 1)]
    return tables, None


def white_on_left(table: int) -> bool:
    """Seat colour rule: the left seat has White on odd tables, the right on even ones."""
    return table % 2 == 1


def rutsch_round(players: int, rnd: int) -> Round:
    tables, bye = layout(players, rnd)
    games = tuple(
        Game(t, left, right) if white_on_left(t) else Game(t, right, left)
        for t, (left, right) in enumerate(tables, 1)
    )
    return Round(rnd, games, (bye,) if bye is not None else (), rnd, 1)


def rutsch_schedule(players) -> Schedule:
    """The Rutsch schedule: ``players`` rounds if odd (one bye each), ``players-1`` if even."""
    n = check_players(players)
    rounds = n if n % 2 else n - 1
    return Schedule("rutsch", n, tuple(rutsch_round(n, r) for r in range(1, rounds + 1)))


def seat_of(players: int, player: int, rnd: int) -> tuple[int, str] | None:
    """``(table, "left"|"right")`` of ``player`` in round ``rnd``, or None for the bye. O(1)."""
    shift = rnd - 1
    if players % 2:
        m = players // 2
        index = (player - 1 + shift) % players
        if index == 0:
            return None
        if index <= m:
            return m + 1 - index, "right"
        return index - m, "left"
    k = players // 2
    if player == players:
        return 1, ("right" if rnd % 2 == 1 else "left")
    index = (player - 1 + shift) % (players - 1)
    if index == 0:
        return 1, ("left" if rnd % 2 == 1 else "right")
    if index <= k - 1:
        return index + 1, "left"
    return 2 * k - index, "right"


def occupant(players: int, table: int, side: str, rnd: int) -> int:
    """Player on seat ``(table, side)`` in round ``rnd``. O(1)."""
    shift = rnd - 1
    if players % 2:
        m = players // 2
        index = m + table if side == "left" else m + 1 - table
        return (index - shift) % players + 1
    k = players // 2
    if table == 1:
        pivot_side = "right" if rnd % 2 == 1 else "left"
        if side == pivot_side:
            return players
        index = 0
    else:
        index = table - 1 if side == "left" else 2 * k - table
    return (index - shift) % (players - 1) + 1


class RutschQuery:
    """Per-cell answers for a Rutsch schedule, O(1) each."""

    __slots__ = ("players", "rounds")

    def __init__(self, players):
        self.players = check_players(players)
        self.rounds = self.players if self.players % 2 else self.players - 1

    def _seat(self, player, rnd):
        p = as_int(player, "player", 1, self.players)
        r = as_int(rnd, "round", 1, self.rounds)
        return seat_of(self.players, p, r), r

    def opponent(self, player, rnd):
        seat, r = self._seat(player, rnd)
        if seat is None:
            return "BYE"
        table, side = seat
        return occupant(self.players, table, "right" if side == "left" else "left", r)

    def color(self, player, rnd):
        seat, _ = self._seat(player, rnd)
        if seat is None:
            return "BYE"
        table, side = seat
        return "W" if (side == "left") == white_on_left(table) else "B"

    def board(self, player, rnd):
        seat, _ = self._seat(player, rnd)
        return "BYE" if seat is None else seat[0]
