"""Directed pairings: which pairing numbers meet before the last ``n`` rounds.

Seed 000, "Appariements dirigés": the organiser wants some players to meet
each other in rounds ``1 … 2k−1−n`` of a Berger table of ``2k`` numbers, not
in the last ``n`` rounds. With ``S = x + y`` (neither number the pivot ``2k``):

* **Rule I**: ``2 ≤ S ≤ 2k − n`` (then they meet in round ``S − 1``);
* **Rule II**: ``2k + 1 ≤ S ≤ 4k − (n + 1)`` (then they meet in round ``S − 2k``).

**Pivot rule**: the pivot ``2k`` meets ``x`` in round ``2x − 1`` or ``2x − 2k``,
so a pair ``(x, 2k)`` obeys the rule when ``S = 2x`` satisfies Rule I or II.

An odd field of ``2k − 1`` players plays the table of ``2k`` numbers (the
number ``2k`` is the bye), so it has the same ``2k − 1`` rounds and the same
rules; only the numbers ``1 … 2k − 1`` can be given to players.

The rules are written here from the seed's inequalities, not from the closed
formulas of :mod:`addin.systems.roundrobin.berger`; the tests check that both agree on
every pair for 4–60 players.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import floor
from typing import Iterable, NamedTuple

from addin.core.args import as_int, as_int_list
from addin.core.errors import TournamentError

MIN_PLAYERS = 3
MAX_PLAYERS = 500


class Field(NamedTuple):
    """A field of ``players`` who must not meet in the last ``last_rounds`` rounds."""

    players: int
    last_rounds: int

    @property
    def size(self) -> int:
        """``2k``: the even table size (odd fields add the bye number ``2k``)."""
        return self.players + (self.players & 1)

    @property
    def k(self) -> int:
        return self.size // 2

    @property
    def rounds(self) -> int:
        """``2k − 1``: the rounds of the table."""
        return self.size - 1

    @property
    def early_rounds(self) -> int:
        """``2k − 1 − n``: the rounds in which the group must have met."""
        return self.rounds - self.last_rounds

    @property
    def pivot(self) -> int:
        return self.size


def field(players, last_rounds, max_players: int = MAX_PLAYERS) -> Field:
    """Check ``players`` (3…max) and ``last_rounds`` (0 … rounds − 1); cached (a sheet asks per cell)."""
    try:
        return _cached_field(players, last_rounds, max_players)
    except TypeError:  # an unhashable argument (a whole range): check it uncached
        return _field(players, last_rounds, max_players)


@lru_cache(maxsize=4096, typed=True)
def _cached_field(players, last_rounds, max_players: int) -> Field:
    return _field(players, last_rounds, max_players)


def _field(players, last_rounds, max_players: int) -> Field:
    p = as_int(players, "players", MIN_PLAYERS, max_players)
    rounds = p + (p & 1) - 1
    n = as_int(last_rounds, "last_rounds", 0, rounds - 1)
    return Field(p, n)


def rule_sum(f: Field, x: int, y: int) -> int:
    """``S`` of the seed: ``x + y``, or ``2x`` when ``y`` (or ``x``) is the pivot."""
    if y == f.pivot:
        return 2 * x
    if x == f.pivot:
        return 2 * y
    return x + y


def rule_one(f: Field, s: int) -> bool:
    """Rule I: ``2 ≤ S ≤ 2k − n``."""
    return 2 <= s <= f.size - f.last_rounds


def rule_two(f: Field, s: int) -> bool:
    """Rule II: ``2k + 1 ≤ S ≤ 4k − (n + 1)``."""
    return f.size + 1 <= s <= 2 * f.size - (f.last_rounds + 1)


def meet_early(f: Field, x: int, y: int) -> bool:
    """True when ``x`` and ``y`` meet in rounds ``1 … 2k − 1 − n`` (Rules I, II, pivot)."""
    s = rule_sum(f, x, y)
    return rule_one(f, s) or rule_two(f, s)


def meeting_round(f: Field, x: int, y: int) -> int:
    """The round of the seed's derivation: ``S − 1`` if ``S ≤ 2k``, else ``S − 2k``."""
    s = rule_sum(f, x, y)
    return s - 1 if s <= f.size else s - f.size


def numbers_arg(f: Field, numbers, name: str = "numbers") -> list[int]:
    """Read a range of distinct pairing numbers ``1 … players``."""
    values = as_int_list(numbers, name, 1, f.players)
    if len(set(values)) == len(values):
        return values
    seen: set[int] = set()
    for value in values:
        if value in seen:
            raise TournamentError(
                "The argument '{name}' holds the number {value} twice: give distinct pairing "
                "numbers.",
                name=name, value=value)
        seen.add(value)
    return values


def late_pairs(f: Field, numbers: Iterable[int]) -> list[tuple[int, int, int]]:
    """The pairs of ``numbers`` that meet only in the last ``n`` rounds, with the round."""
    return [
        (x, y, meeting_round(f, x, y))
        for x, y in combinations(sorted(numbers), 2)
        if not meet_early(f, x, y)
    ]


@lru_cache(maxsize=64)
def late_masks(f: Field) -> tuple[int, ...]:
    """Per number ``x`` (index ``x``; index 0 unused), the bit mask of the numbers
    ``y`` of ``1 … players``, ``y ≠ x``, that meet ``x`` only in the last ``n`` rounds.

    Read off Rules I and II as intervals of ``y`` (tests compare every pair with
    :func:`meet_early` for fields of 3–60 players): with ``S = x + y`` the pair is
    late when ``2k − n < S ≤ 2k`` or ``S > 4k − (n + 1)``; a pair with the pivot
    ``2k`` has ``S = 2x`` instead.
    """
    players, size, n = f.players, f.size, f.last_rounds
    everyone = ((1 << players) - 1) << 1  # bits 1 … players

    def between(low: int, high: int) -> int:  # bits low … high, within 1 … players
        low, high = max(low, 1), min(high, players)
        return ((1 << (high - low + 1)) - 1) << low if low <= high else 0

    masks = [0] * (players + 1)
    pivot = size if size == players else 0
    for x in range(1, players + 1):
        if x == pivot:
            late = 0
            for y in range(1, players):  # S = 2y
                if not (rule_one(f, 2 * y) or rule_two(f, 2 * y)):
                    late |= 1 << y
        else:
            late = between(size - n + 1 - x, size - x) | between(2 * size - n - x, players)
            if pivot:
                late &= ~(1 << pivot)
                if not (rule_one(f, 2 * x) or rule_two(f, 2 * x)):
                    late |= 1 << pivot
        masks[x] = late & everyone & ~(1 << x)
    return tuple(masks)


def is_group(f: Field, numbers: Iterable[int]) -> bool:
    """True when every pair of ``numbers`` meets in rounds ``1 … 2k − 1 − n``."""
    values = sorted(numbers)
    if values and 1 <= values[0] and values[-1] <= f.players and len(set(values)) == len(values):
        return _distinct_group(f, values)
    return all(meet_early(f, x, y) for x, y in combinations(values, 2))


def _distinct_group(f: Field, values: list[int]) -> bool:
    """:func:`is_group` for distinct numbers of the field: no number's late mask holds another."""
    late = late_masks(f)
    members = late_union = 0
    for v in values:
        members |= 1 << v
        late_union |= late[v]
    return not late_union & members


def directed_check(players, last_rounds, numbers) -> bool:
    """Checker of seed 000, "Appariements dirigés", on raw (Excel/CLI) arguments.

    A sheet calls it cell by cell, so the usual range (a column of distinct whole
    numbers of the field, as floats) is read and checked in one pass; anything
    else goes through :func:`numbers_arg`, which names what is wrong.
    """
    f = field(players, last_rounds)
    if type(numbers) is list and numbers:
        late = late_masks(f)
        top = f.players
        members = late_union = 0
        for cell in numbers:
            if type(cell) is not float or not 1 <= cell <= top:  # NaN and infinities fail too
                break
            v = floor(cell)
            if v != cell:
                break  # a fraction
            bit = 1 << v
            if members & bit:
                break  # a number twice: numbers_arg says so
            members |= bit
            late_union |= late[v]
        else:
            return not late_union & members
    return _distinct_group(f, numbers_arg(f, numbers))
