"""Scheveningen system: two teams of ``n`` players, every player meets every player of the other team.

A match of teams A and B (``n`` players each, 2 ≤ n ≤ 12) is played over ``n`` rounds of
``n`` boards. Player ``A_i`` keeps board ``i`` all match long; the players of team B move
from board to board, so that each meets every player of team A exactly once and sits at
every board once. The published tables (the English Chess Federation's and the US Chess
Federation's Official Rules of Chess, chapter 12, as reprinted by Wikipedia's "Scheveningen
system" and by SwissSys' "Team Match Tournaments" page; 8 boards also on rimassoft.eu)
share three facts that this module keeps for every ``n``:

* round 1 pairs ``A_i`` with ``B_i``; in round ``r`` player ``A_1`` meets ``B_r``;
* ``A_1`` changes colour every round and has White in round 1;
* each player's colours are balanced (as many Whites as Blacks, one more of one colour
  when ``n`` is odd) and nobody has the same colour three rounds running.

The construction (``docs/scheveningen.md`` gives the tables it produces):

* ``n`` odd: ``A_i`` meets ``B_(i + r − 1 mod n)``; team A has White on a cyclic block of
  boards that starts at board ``1 + (r − 1)(n − 1)/2`` and holds ``(n + 1)/2`` boards in odd
  rounds, ``(n − 1)/2`` in even rounds. This reproduces the printed tables for 3, 5 and 7
  boards exactly (``tests/test_scheveningen.py``).
* ``n`` multiple of 4: the two halves of each team play each other first
  (``A_1..A_m`` against ``B_1..B_m`` and ``A_(m+1)..A_n`` against ``B_(m+1)..B_n``,
  ``m = n/2``, shifted one board a round), then crosswise; in odd rounds the top half of
  team A has White and the bottom half Black, in even rounds the reverse. This
  reproduces the printed tables for 4 and 8 boards exactly.
* ``n`` = 2: the printed table (each team has White on both boards in one of the two
  rounds: with two boards, balanced rounds and balanced players cannot go together).
* ``n`` = 6 or 10: ``A_i`` meets ``B_(i + r − 1 mod n)``; the colours are the first
  assignment, in a fixed search order, that keeps the three facts above with ``n/2`` or
  ``n/2 ± 1`` Whites for team A in each round (with this rotation no assignment gives
  exactly ``n/2`` in every round). The printed 6-board tables use another rotation; the
  two editions of Wikipedia's page do not even agree on it.

Players are written ``A1``…``An`` and ``B1``…``Bn``; a pairing is written White first,
``"A3-B5"`` or ``"B5-A3"``, as in the printed tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from addin.core.args import as_int

MIN_PLAYERS = 2
MAX_PLAYERS = 12


@dataclass(frozen=True)
class SchevBoard:
    """One game: the board (= the number of team A's player), both players, and who has White."""

    board: int
    a: int
    b: int
    a_white: bool

    @property
    def text(self) -> str:
        """White first: ``"A3-B5"`` or ``"B5-A3"``."""
        return f"A{self.a}-B{self.b}" if self.a_white else f"B{self.b}-A{self.a}"


def check_players(players) -> int:
    return as_int(players, "players", MIN_PLAYERS, MAX_PLAYERS)


@lru_cache(maxsize=None)
def scheveningen_rounds(n: int) -> tuple[tuple[SchevBoard, ...], ...]:
    """The ``n`` rounds of a match of two teams of ``n`` players (see the module doc)."""
    n = check_players(n)
    rounds = []
    for r in range(1, n + 1):
        boards = []
        for i in range(n):
            if n % 2 == 1:
                half = (n - 1) // 2
                start = ((r - 1) * half) % n
                length = half + 1 if r % 2 == 1 else half
                j = (i + r - 1) % n
                white = (i - start) % n < length
            elif n % 4 == 0:
                m = n // 2
                phase, shift = divmod(r - 1, m)
                half = i // m
                j = (half ^ phase) * m + (i % m + shift) % m
                white = (r % 2 == 1) == (half == 0)
            elif n == 2:
                j = (i + r - 1) % n
                white = r == 1
            else:
                j = (i + r - 1) % n
                white = bool(_searched_colours(n)[r - 1][i])
            boards.append(SchevBoard(i + 1, i + 1, j + 1, white))
        rounds.append(tuple(boards))
    return tuple(rounds)


@lru_cache(maxsize=None)
def _searched_colours(n: int) -> tuple[tuple[int, ...], ...]:
    """``x[r][i]`` = 1 when ``A_(i+1)`` has White in round ``r + 1``, for n = 6 or 10 (see the module doc).

    Depth-first, round by round and board by board: ``A_1`` alternates (White first); any
    other player tries first the colour that alternates along the board, ``(i + r)`` even
    meaning White. A branch dies as soon as a player's balance, a run of three, or the
    round's count of Whites (``n/2 ± 1``) can no longer be kept. It takes a few thousand
    steps for 6 boards and about fifty thousand for 10.
    """
    low, high = n // 2, (n + 1) // 2
    round_low, round_high = n // 2 - 1, n // 2 + 1
    x = [[0] * n for _ in range(n)]
    a_whites, b_whites = [0] * n, [0] * n
    a_seq: list[list[int]] = [[] for _ in range(n)]
    b_seq: list[list[int]] = [[] for _ in range(n)]

    def place(r: int, i: int, whites: int) -> bool:
        if i == n:
            if not round_low <= whites <= round_high:
                return False
            return r + 1 == n or place(r + 1, 0, 0)
        j = (i + r) % n
        options = [1 - r % 2] if i == 0 else ([1, 0] if (i + r) % 2 == 0 else [0, 1])
        for v in options:
            if not (whites + v <= round_high and whites + v + n - i - 1 >= round_low):
                continue
            if not (a_whites[i] + v <= high and a_whites[i] + v + n - r - 1 >= low):
                continue
            w = 1 - v
            if not (b_whites[j] + w <= high and b_whites[j] + w + n - r - 1 >= low):
                continue
            if a_seq[i][-2:] == [v, v] or b_seq[j][-2:] == [w, w]:
                continue
            a_seq[i].append(v)
            b_seq[j].append(w)
            a_whites[i] += v
            b_whites[j] += w
            x[r][i] = v
            if place(r, i + 1, whites + v):
                return True
            a_seq[i].pop()
            b_seq[j].pop()
            a_whites[i] -= v
            b_whites[j] -= w
        return False

    if not place(0, 0, 0):  # pragma: no cover - the test suite runs every size
        raise ValueError(f"no Scheveningen colouring for {n} boards")
    return tuple(tuple(row) for row in x)


def scheveningen_pair(players, round, board) -> str:
    """The pairing of ``board`` in ``round``, White first (``"A3-B5"``): ``SCHEVENINGEN_PAIR``."""
    n = check_players(players)
    r = as_int(round, "round", 1, n)
    b = as_int(board, "board", 1, n)
    return scheveningen_rounds(n)[r - 1][b - 1].text


def scheveningen_table(players) -> list[list[str]]:
    """The whole table: one row per round, one pairing per board (``SCHEVENINGEN_TABLE``)."""
    n = check_players(players)
    return [[board.text for board in rnd] for rnd in scheveningen_rounds(n)]


def opponent(players, team: str, player: int, round: int) -> int:
    """The number of the player of the other team whom ``team``'s ``player`` meets in ``round``."""
    n = check_players(players)
    for board in scheveningen_rounds(n)[round - 1]:
        if team == "A" and board.a == player:
            return board.b
        if team == "B" and board.b == player:
            return board.a
    raise ValueError(f"no player {team}{player}")
