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

from functools import lru_cache
from itertools import repeat

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
    """One round from the seat layout (the definition; :func:`rutsch_schedule` builds faster)."""
    tables, bye = layout(players, rnd)
    games = tuple(
        Game(t, left, right) if white_on_left(t) else Game(t, right, left)
        for t, (left, right) in enumerate(tables, 1)
    )
    return Round(rnd, games, (bye,) if bye is not None else (), rnd, 1)


def _round_sides(players: int, rnd: int, ring: list[int]) -> tuple[list[int], list[int], int | None]:
    """``(whites, blacks, bye)`` of round ``rnd``, table order, equal to :func:`layout`'s.

    ``ring`` is the circuit's numbers twice over (``1..players`` odd,
    ``1..players-1`` even). The seats of the left column are a forward run of the
    circuit and those of the right column a backward run, so both are slices;
    the colour rule then swaps the two on even tables (every other entry).
    """
    shift = rnd - 1
    if players % 2:
        size = players
        m = players // 2
        start = (m + 1 - shift) % size          # left seat of table j: index m + j
        lefts = ring[start:start + m]
        end = (m - shift) % size + size         # right seat of table j: index m + 1 - j
        rights = ring[end:end - m:-1]
        bye: int | None = ring[(-shift) % size]
    else:
        size = players - 1
        k = players // 2
        free = ring[(-shift) % size]
        first, first_right = ([free], [players]) if rnd % 2 else ([players], [free])
        start = (1 - shift) % size              # left seat of table j = 2..k: index j - 1
        lefts = first + ring[start:start + k - 1]
        end = (2 * k - 2 - shift) % size + size  # right seat of table j: index 2k - j
        rights = first_right + ring[end:end - (k - 1):-1]
        bye = None
    whites = lefts[:]
    whites[1::2] = rights[1::2]                 # even tables: White on the right
    rights[1::2] = lefts[1::2]
    return whites, rights, bye


def _ring(players: int) -> list[int]:
    size = players if players % 2 else players - 1
    return list(range(1, size + 1)) * 2


def rutsch_schedule(players) -> Schedule:
    """The Rutsch schedule: ``players`` rounds if odd (one bye each), ``players-1`` if even."""
    n = check_players(players)
    rounds = n if n % 2 else n - 1
    ring = _ring(n)
    tables = list(range(1, n // 2 + 1))
    out = []
    for r in range(1, rounds + 1):
        whites, blacks, bye = _round_sides(n, r, ring)
        out.append(Round(r, tuple(map(Game, tables, whites, blacks)), () if bye is None else (bye,), r, 1))
    return Schedule("rutsch", n, tuple(out))


def rutsch_rows(players, bye_label: str = "BYE") -> list[list]:
    """The schedule as ``RUTSCH_TABLE`` returns it (``rutsch_schedule(players).rows()``), built directly."""
    n = check_players(players)
    rounds = n if n % 2 else n - 1
    ring = _ring(n)
    tables = list(range(1, n // 2 + 1))
    out: list[list] = [list(Schedule.HEADER)]
    extend = out.extend
    for r in range(1, rounds + 1):
        whites, blacks, bye = _round_sides(n, r, ring)
        extend(map(list, zip(repeat(r), tables, whites, blacks)))
        if bye is not None:
            out.append([r, "", bye, bye_label])
    return out


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


def rutsch_query(players) -> "RutschQuery":
    """A validated :class:`RutschQuery`, cached: a sheet asks thousands of cells of one table."""
    try:
        return _cached_query(players)
    except TypeError:  # an unhashable argument (a whole range): validate it uncached
        return RutschQuery(players)


@lru_cache(maxsize=256, typed=True)
def _cached_query(players) -> "RutschQuery":
    return RutschQuery(players)


class RutschQuery:
    """Per-cell answers for a Rutsch schedule, O(1) each.

    Written out from :func:`seat_of` and :func:`occupant` (tests compare the answers
    with the schedule on every seat of many fields): a player at circuit index ``i`` (``0`` the bye seat of an odd
    field, the free seat of table 1 of an even one) faces index ``size − i`` on
    the same table, ``size`` being the circuit's length.
    """

    __slots__ = ("players", "rounds")

    def __init__(self, players):
        self.players = check_players(players)
        self.rounds = self.players if self.players % 2 else self.players - 1

    def _where(self, player, rnd) -> tuple[int, bool, int] | None:
        """``(table, White?, opponent)`` of ``player`` in round ``rnd``, or None for the bye."""
        players = self.players
        p = as_int(player, "player", 1, players)
        shift = as_int(rnd, "round", 1, self.rounds) - 1
        if players % 2:
            m = players // 2
            index = (p - 1 + shift) % players
            if index == 0:
                return None
            opponent = (players - index - shift) % players + 1
            if index <= m:  # right seat of table m + 1 - index: White on even tables
                table = m + 1 - index
                return table, table % 2 == 0, opponent
            table = index - m  # left seat: White on odd tables
            return table, table % 2 == 1, opponent
        size = players - 1
        odd_round = shift % 2 == 0
        if p == players:  # right in odd rounds, left (White, table 1) in even ones
            return 1, not odd_round, (size - shift) % size + 1
        index = (p - 1 + shift) % size
        if index == 0:  # the free seat of table 1: left in odd rounds
            return 1, odd_round, players
        opponent = (size - index - shift) % size + 1
        if index < players // 2:
            table = index + 1
            return table, table % 2 == 1, opponent
        table = players - index
        return table, table % 2 == 0, opponent

    def opponent(self, player, rnd):
        seat = self._where(player, rnd)
        return "BYE" if seat is None else seat[2]

    def color(self, player, rnd):
        seat = self._where(player, rnd)
        if seat is None:
            return "BYE"
        return "W" if seat[1] else "B"

    def board(self, player, rnd):
        seat = self._where(player, rnd)
        return "BYE" if seat is None else seat[0]
