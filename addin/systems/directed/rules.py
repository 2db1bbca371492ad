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

from itertools import combinations
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
    """Check ``players`` (3…max) and ``last_rounds`` (0 … rounds − 1)."""
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
    seen: set[int] = set()
    for value in values:
        if value in seen:
            raise TournamentError(
                f"The argument '{name}' holds the number {value} twice: give distinct pairing numbers.")
        seen.add(value)
    return values


def late_pairs(f: Field, numbers: Iterable[int]) -> list[tuple[int, int, int]]:
    """The pairs of ``numbers`` that meet only in the last ``n`` rounds, with the round."""
    return [
        (x, y, meeting_round(f, x, y))
        for x, y in combinations(sorted(numbers), 2)
        if not meet_early(f, x, y)
    ]


def is_group(f: Field, numbers: Iterable[int]) -> bool:
    """True when every pair of ``numbers`` meets in rounds ``1 … 2k − 1 − n``."""
    values = sorted(numbers)
    return all(meet_early(f, x, y) for x, y in combinations(values, 2))


def directed_check(players, last_rounds, numbers) -> bool:
    """Checker of seed 000, "Appariements dirigés", on raw (Excel/CLI) arguments."""
    f = field(players, last_rounds)
    return is_group(f, numbers_arg(f, numbers))
