"""Berger tables: construction, closed formulas and multi-cycle schedules.

Construction (seed 000, "Les tables de Berger"): the players are numbered
``1..2k``; there are ``2k-1`` rounds of ``k`` tables. In round I, player ``i``
(``i <= k``) has White on table ``i`` against ``2k+1-i``. The pivot ``2k``
always plays on table 1 and alternates colours (Black in odd rounds). From
round II on, the pivot meets the last player of the previous round's row, and
the remaining numbers are cut into slices of two read backwards, the first of
each slice having White. With an odd number of players a fictitious player
takes the number ``2k`` (the highest) and whoever meets him has a bye; the
boards are then numbered over the real games only.

Closed formulas (seed 003, "Principe"; seed 000, "Propriétés des tables de
Berger"), with ``n = 2k`` (even) players:

* ``i`` and ``j`` (neither the pivot) meet in round ``i+j-1`` if ``i+j-1 < n``,
  else ``i+j-n``; if ``i+j`` is odd the lower number has White, if it is even
  the higher number has White;
* ``i`` meets the pivot ``n`` in round ``2i-1`` if ``2i <= n`` (the pivot has
  Black), else in round ``2i-n`` (the pivot has White).

Equivalently the pair sums of round ``r`` are all ``r+1`` modulo ``n-1``, which
gives every per-cell answer in O(1) without building a table.

Multi-cycle schedules (FIDE C.05 and ``docs/references.md``): cycle ``c`` repeats
the table with colours reversed when ``c`` is even. By default the last two
rounds of every cycle that is followed by another one are swapped (FIDE's
recommendation for double round-robins, so that nobody has three games in a
row with one colour); ``swap_last=False`` keeps the printed order.

Round orders for team leagues (seed 000, "Application des tables de Berger
aux compétitions par équipes"): ``order="gathering"`` plays the table's rounds
in the order ``2, 3, …, n-1, 1`` (round 1, where two teams of a club meet, is
the final gathering round); ``order="gathering-reverse"`` plays
``n-1, …, 2, 1``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat

from addin.core.args import as_bool, as_choice, as_int
from addin.core.errors import TournamentError
from addin.core.schedule import Game, Round, Schedule

MAX_PLAYERS = 5000
MAX_CYCLES = 4
ORDERS = ("normal", "gathering", "gathering-reverse")
BYE = "BYE"
WHITE = "W"
BLACK = "B"


# --------------------------------------------------------------------------
# Argument checks shared by every Berger entry point
# --------------------------------------------------------------------------

def check_players(players) -> int:
    return as_int(players, "players", 2, MAX_PLAYERS)


def table_size(players: int) -> int:
    """The even size of the table used for ``players`` (odd fields add a dummy)."""
    return players + (players & 1)


def rounds_per_cycle(players: int) -> int:
    return table_size(players) - 1


def check_cycles(cycles) -> int:
    if cycles is None or cycles == "":
        return 1
    return as_int(cycles, "cycles", 1, MAX_CYCLES)


def check_order(order) -> str:
    return as_choice(order, "order", ORDERS, default="normal")


def check_player(players: int, player, name: str = "player") -> int:
    return as_int(player, name, 1, players)


def check_round(players: int, cycles: int, rnd, name: str = "round") -> int:
    return as_int(rnd, name, 1, cycles * rounds_per_cycle(players))


# --------------------------------------------------------------------------
# Round order within a cycle: played position <-> table round, in O(1)
# --------------------------------------------------------------------------

def _base_table_round(position: int, rounds: int, order: str) -> int:
    if order == "gathering":
        return position + 1 if position < rounds else 1
    if order == "gathering-reverse":
        return rounds + 1 - position
    return position


def _base_position(table_round: int, rounds: int, order: str) -> int:
    if order == "gathering":
        return rounds if table_round == 1 else table_round - 1
    if order == "gathering-reverse":
        return rounds + 1 - table_round
    return table_round


def _swapped(cycle: int, cycles: int, swap_last: bool, rounds: int) -> bool:
    return swap_last and cycle < cycles and rounds >= 2


def played_to_table(players: int, played: int, cycles: int = 1, swap_last: bool = True,
                    order: str = "normal") -> tuple[int, int]:
    """Map a played round number to ``(cycle, table_round)``."""
    rounds = rounds_per_cycle(players)
    cycle, position = divmod(played - 1, rounds)
    cycle += 1
    position += 1
    if _swapped(cycle, cycles, swap_last, rounds) and position >= rounds - 1:
        position = 2 * rounds - 1 - position  # rounds-1 <-> rounds
    return cycle, _base_table_round(position, rounds, order)


def table_to_played(players: int, cycle: int, table_round: int, cycles: int = 1,
                    swap_last: bool = True, order: str = "normal") -> int:
    """Map ``(cycle, table_round)`` to the played round number."""
    rounds = rounds_per_cycle(players)
    position = _base_position(table_round, rounds, order)
    if _swapped(cycle, cycles, swap_last, rounds) and position >= rounds - 1:
        position = 2 * rounds - 1 - position
    return (cycle - 1) * rounds + position


# --------------------------------------------------------------------------
# Closed formulas on the even table (seed 003), all O(1)
# --------------------------------------------------------------------------

def table_opponent(n: int, player: int, table_round: int) -> int:
    """Opponent of ``player`` in round ``table_round`` of the even table of size ``n``."""
    m = n - 1
    target = table_round + 1  # pair sums are table_round + 1 modulo n - 1
    if player == n:
        # 2x = r + 1 (mod n-1): odd rounds (r+1)/2, even rounds r/2 + n/2
        return (target // 2) if target % 2 == 0 else (table_round // 2 + n // 2)
    other = (target - player) % m
    if other == 0:
        other = m
    if other == player:
        return n
    return other


def table_meeting_round(n: int, a: int, b: int) -> int:
    """Round of the even table of size ``n`` in which ``a`` meets ``b`` (seed 003)."""
    if a == n or b == n:
        i = b if a == n else a
        return 2 * i - 1 if 2 * i <= n else 2 * i - n
    s = a + b - 1
    return s if s < n else a + b - n


def table_white(n: int, a: int, b: int) -> int:
    """Which of ``a`` and ``b`` has White when they meet in the even table (seed 003)."""
    if a == n or b == n:
        i = b if a == n else a
        return n if 2 * i > n else i
    if (a + b) % 2 == 1:
        return min(a, b)
    return max(a, b)


def table_board(n: int, player: int, table_round: int) -> int:
    """Table (1..n/2) of ``player`` in ``table_round`` of the even table."""
    if player == n:
        return 1
    pivot_opponent = table_opponent(n, n, table_round)
    if player == pivot_opponent:
        return 1
    other = table_opponent(n, player, table_round)
    white = table_white(n, player, other)
    return (white - pivot_opponent) % (n - 1) + 1


def table_round_games(n: int, table_round: int) -> list[tuple[int, int]]:
    """The ``n/2`` pairs ``(white, black)`` of one round of the even table, table order."""
    m = n - 1
    o = table_opponent(n, n, table_round)
    pairs = [(o, n) if table_round % 2 == 1 else (n, o)]
    for t in range(1, n // 2):
        white = (o + t - 1) % m + 1
        black = (o - t - 1) % m + 1
        pairs.append((white, black))
    return pairs


# --------------------------------------------------------------------------
# Public per-cell answers for a field of ``players`` (odd fields: bye)
# --------------------------------------------------------------------------

def query(players, cycles=1, swap_last=True, order="normal") -> "BergerQuery":
    """A validated :class:`BergerQuery`, cached: a sheet asks thousands of cells of one table."""
    try:
        return _cached_query(players, cycles, swap_last, order)
    except TypeError:  # an unhashable argument (a whole range): validate it uncached
        return BergerQuery(players, cycles, swap_last, order)


@lru_cache(maxsize=256, typed=True)
def _cached_query(players, cycles, swap_last, order) -> "BergerQuery":
    return BergerQuery(players, cycles, swap_last, order)


class BergerQuery:
    """Validated parameters of a Berger schedule, answering per-cell questions in O(1).

    A sheet asks one of these questions in every cell of a grid, so each answer
    is a few integer operations on the closed formulas above, written out here
    rather than called (a call costs as much as the arithmetic): the checks of the
    two numbers, the played round's table round (the identity for one cycle in the
    normal order) and the formula itself.
    """

    __slots__ = ("players", "n", "cycles", "swap_last", "order", "total", "plain")

    def __init__(self, players, cycles=1, swap_last=True, order="normal"):
        self.players = check_players(players)
        self.n = table_size(self.players)
        self.cycles = check_cycles(cycles)
        self.swap_last = as_bool(swap_last, "swap_last", True)
        self.order = check_order(order)
        self.total = self.cycles * (self.n - 1)   # rounds as played
        self.plain = self.cycles == 1 and self.order == "normal"  # played round = table round

    def _table_round(self, played: int) -> tuple[int, int]:
        """``(cycle, table_round)`` of a checked played round (:func:`played_to_table`)."""
        return played_to_table(self.players, played, self.cycles, self.swap_last, self.order)

    def opponent(self, player, rnd) -> int | str:
        """Opponent's number, or ``"BYE"`` (:func:`table_opponent` written out)."""
        p = as_int(player, "player", 1, self.players)
        tr = as_int(rnd, "round", 1, self.total)
        if not self.plain:
            tr = self._table_round(tr)[1]
        n = self.n
        if p == n:
            other = (tr + 1) // 2 if tr % 2 == 1 else tr // 2 + n // 2
        else:
            other = (tr + 1 - p) % (n - 1) or n - 1
            if other == p:
                other = n
        return BYE if other > self.players else other

    def color(self, player, rnd) -> str:
        """``"W"``, ``"B"`` or ``"BYE"`` (:func:`table_opponent`, :func:`table_white` written out)."""
        p = as_int(player, "player", 1, self.players)
        tr = as_int(rnd, "round", 1, self.total)
        cycle = 1
        if not self.plain:
            cycle, tr = self._table_round(tr)
        n = self.n
        if p == n:
            other = (tr + 1) // 2 if tr % 2 == 1 else tr // 2 + n // 2
            has_white = 2 * other > n
        else:
            other = (tr + 1 - p) % (n - 1) or n - 1
            if other == p:
                other = n
                has_white = 2 * p <= n
            elif (p + other) % 2 == 1:
                has_white = p < other
            else:
                has_white = p > other
        if other > self.players:
            return BYE
        return WHITE if has_white != (cycle % 2 == 0) else BLACK

    def board(self, player, rnd) -> int | str:
        """Board number over the real games of the round, or ``"BYE"`` (:func:`table_board` written out)."""
        p = as_int(player, "player", 1, self.players)
        tr = as_int(rnd, "round", 1, self.total)
        if not self.plain:
            tr = self._table_round(tr)[1]
        n = self.n
        m = n - 1
        pivot_opponent = (tr + 1) // 2 if tr % 2 == 1 else tr // 2 + n // 2
        if p == n:
            other = pivot_opponent
        else:
            other = (tr + 1 - p) % m or m
            if other == p:
                other = n
        if other > self.players:
            return BYE
        if p == n or other == n:
            board = 1
        else:  # the White's distance from the pivot's opponent along the ring
            white = (p if p < other else other) if (p + other) % 2 == 1 else (p if p > other else other)
            board = (white - pivot_opponent) % m + 1
        return board - 1 if self.players < n else board

    def meeting_round(self, a, b, cycle=1) -> int:
        """Played round in which ``a`` and ``b`` meet in cycle ``cycle``."""
        pa = as_int(a, "player_a", 1, self.players)
        pb = as_int(b, "player_b", 1, self.players)
        if pa == pb:
            raise TournamentError("player_a and player_b are both {number}: give two different players.",
                                  number=pa)
        c = 1 if cycle is None or cycle == "" else as_int(cycle, "cycle", 1, self.cycles)
        tr = table_meeting_round(self.n, pa, pb)
        if self.plain:
            return tr
        return table_to_played(self.players, c, tr, self.cycles, self.swap_last, self.order)

    def white_of(self, a, b, cycle=1) -> int:
        """Which of the two players has White when they meet in cycle ``cycle``."""
        pa = as_int(a, "player_a", 1, self.players)
        pb = as_int(b, "player_b", 1, self.players)
        if pa == pb:
            raise TournamentError("player_a and player_b are both {number}: give two different players.",
                                  number=pa)
        c = 1 if cycle is None or cycle == "" else as_int(cycle, "cycle", 1, self.cycles)
        white = table_white(self.n, pa, pb)
        if c % 2 == 0:
            return pb if white == pa else pa
        return white


# --------------------------------------------------------------------------
# Whole schedules
# --------------------------------------------------------------------------
#
# One round of the even table of size n = 2k, read off the closed formulas: the
# pivot n meets o on table 1 (o White in odd table rounds), and table t = 2..k
# pairs o + (t-1) (White) with o - (t-1), modulo n-1 on the numbers 1..n-1
# (``table_round_games``). Stepping along a ring of the numbers twice over, the
# Whites of tables 2..k are a forward slice of the ring and the Blacks a backward
# slice, so a whole round is built by C-level slicing and zipping, with the same
# int objects shared by every row, and no Python statement per game.


def _round_sides(n: int, table_round: int, ring: list[int]) -> tuple[int, list[int], list[int]]:
    """``(o, whites, blacks)`` of tables 2..k of one table round; ``ring`` is ``1..n-1`` twice."""
    m = n - 1
    k = n // 2
    o = table_opponent(n, n, table_round)
    whites = ring[o:o + k - 1]                   # (o + t - 2) % m + 1 for t = 2..k
    blacks = ring[o - 2 + m:o - k + m - 1:-1]    # (o - t) % m + 1 for t = 2..k
    return o, whites, blacks


def _played_rounds(q: "BergerQuery"):
    """``(played, cycle, table_round)`` for every played round of the schedule."""
    for played in range(1, q.cycles * (q.n - 1) + 1):
        cycle, tr = played_to_table(q.players, played, q.cycles, q.swap_last, q.order)
        yield played, cycle, tr


def berger_rows(players, cycles=1, swap_last=True, order="normal", bye_label: str = BYE) -> list[list]:
    """The schedule as ``BERGER_TABLE`` returns it, built directly (no :class:`Schedule`).

    Equal to ``berger_schedule(...).rows(bye_label)``: header, then per played round
    its games ``[round, board, white, black]`` in table order and its bye row
    ``[round, "", player, bye_label]``. A spreadsheet asks for up to 5000 players
    (12.5 million games), so the rows are made without a Python statement per game
    (see the note above ``_round_sides``).
    """
    q = BergerQuery(players, cycles, swap_last, order)
    n, real = q.n, q.players
    odd = real < n
    ring = list(range(1, n)) * 2
    boards = list(range(1, n // 2 + 1))
    rest_boards = boards if odd else boards[1:]   # boards of tables 2..k
    out: list[list] = [list(Schedule.HEADER)]
    extend = out.extend
    for played, cycle, tr in _played_rounds(q):
        o, whites, blacks = _round_sides(n, tr, ring)
        if cycle % 2 == 0:
            whites, blacks = blacks, whites
        if not odd:
            first = [played, 1, o, n] if (tr % 2 == 1) == (cycle % 2 == 1) else [played, 1, n, o]
            out.append(first)
        extend(map(list, zip(repeat(played), rest_boards, whites, blacks)))
        if odd:
            out.append([played, "", o, bye_label])
    return out


def berger_schedule(players, cycles=1, swap_last=True, order="normal") -> Schedule:
    """The complete Berger schedule for ``players`` (2..5000), ``cycles`` (1..4)."""
    q = BergerQuery(players, cycles, swap_last, order)
    n, real = q.n, q.players
    odd = real < n
    ring = list(range(1, n)) * 2
    boards = list(range(1, n // 2 + 1))
    rest_boards = boards if odd else boards[1:]
    base: dict[tuple[int, int], tuple[tuple[Game, ...], tuple[int, ...]]] = {}
    rounds: list[Round] = []
    for played, cycle, tr in _played_rounds(q):
        parity = cycle % 2
        if (tr, parity) not in base:
            o, whites, blacks = _round_sides(n, tr, ring)
            if parity == 0:
                whites, blacks = blacks, whites
            games = list(map(Game, rest_boards, whites, blacks))
            if odd:
                byes: tuple[int, ...] = (o,)
            else:
                pivot_white = (tr % 2 == 0) == (parity == 1)
                games.insert(0, Game(1, n, o) if pivot_white else Game(1, o, n))
                byes = ()
            base[(tr, parity)] = (tuple(games), byes)
        round_games, byes = base[(tr, parity)]
        rounds.append(Round(played, round_games, byes, tr, cycle))
    return Schedule("berger", real, tuple(rounds))
