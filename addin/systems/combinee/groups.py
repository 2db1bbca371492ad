"""Phase 1 of the Formule Combinée: how many groups, of which size, and who goes where.

Seed 002, sections 2-1 to 2-4.

Group sizes (2-1): with ``NbR`` phase-1 rounds (5, 7 or 9) a group has either
``NbR+1`` players (everyone meets everyone) or ``NbR+3`` players (``NbR`` rounds
chosen from the full round-robin, see :mod:`addin.systems.combinee.phase1`).

Group counts (2-2): ``N`` is the number of players, made even by adding a
fictitious player X who ranks last (a game against X is a bye). With
``N = q·(NbR+1) + r``: ``N_T = q`` groups in all, ``N_2 = r/2`` groups of
``NbR+3`` and ``N_1 = N_T − N_2`` groups of ``NbR+1``. (``r`` is even because
``N`` and ``NbR+1`` are.) The formula fails when ``N_T < 2`` (the event needs
at least two groups, 2-3) or ``N_1 < 0`` (22 players in 7 rounds; 26, 28, 38
players in 9 rounds …); :func:`group_counts` then raises a
:class:`TournamentError` proposing the other phase-1 lengths that work, with
their groups and the rounds to move to or from phases 2 and 3 (the seed's
22-player example).

Distribution (2-4): players are ranked by decreasing rating (seed ranks
1..N); the groups G1..G_T are numbered with the ``N_2`` large groups first.
Plain snake: the first ``NbR+1`` rows are dealt to all groups, left to right
on odd rows and right to left on even rows; the last two rows (``2·N_2``
players, the "tail") go to the large groups only, in the same snake.

Improved snake (our general rule for the seed's single 64-player example,
documented in docs/combinee.md): let ``k = min(2·N_2, N_1)``. Take the first
``k`` tail players (seed order) and the first ``k`` players, in seed order,
who sit in a group of ``NbR+1`` and rank below the middle of the base rows
(ranks ``> N_T·(NbR+1)/2``); exchange the i-th of one list with the i-th of the
other, each taking the other's place. With 64 players in 9 rounds this
exchanges 61–64 with 31–34 exactly as printed. No small group receives more
than one tail player. On seed ranks this never makes the groups' average
ranks less balanced (test_combinee_groups); with actual ratings the event
keeps the improvement only when the ratings confirm it (:func:`distribute`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.core.messages import Message, N_

PHASE1_ROUNDS = (5, 7, 9)
MAX_PLAYERS = 10000


def check_phase1_rounds(value) -> int:
    rounds = as_int(value, "phase1_rounds", 5, 9)
    if rounds not in PHASE1_ROUNDS:
        raise TournamentError(
            "The argument 'phase1_rounds' is {rounds}: phase 1 has 5, 7 or 9 rounds.",
            rounds=rounds)
    return rounds


def check_players(value) -> int:
    return as_int(value, "players", 2, MAX_PLAYERS)


@dataclass(frozen=True)
class GroupPlan:
    """The outcome of seed 2-2 for ``players`` (made even) and ``rounds``."""

    players: int          # N, made even
    rounds: int           # NbR
    small: int            # N_1, groups of NbR+1
    large: int            # N_2, groups of NbR+3

    @property
    def small_size(self) -> int:
        return self.rounds + 1

    @property
    def large_size(self) -> int:
        return self.rounds + 3

    @property
    def total(self) -> int:
        return self.small + self.large

    def sizes(self) -> list[int]:
        """Group sizes in group order G1..G_T (large groups first)."""
        return [self.large_size] * self.large + [self.small_size] * self.small

    def describe(self) -> Message:
        """``5 groups of 8``, ``2 groups of 8 and 1 group of 6``, in the organiser's language."""
        parts = [_count(count, size) for count, size in ((self.large, self.large_size), (self.small, self.small_size))
                 if count]
        if len(parts) == 2:
            return Message("{first} and {second}", first=parts[0], second=parts[1])
        return parts[0] if parts else Message("no group")


def _count(number: int, size: int) -> Message:
    if number == 1:
        return Message("1 group of {size}", size=size)
    return Message("{count} groups of {size}", count=number, size=size)


def raw_counts(players: int, rounds: int) -> tuple[int, int, int, int]:
    """``(N, N_T, N_1, N_2)`` by the formula of 2-2, without any check."""
    n = players + players % 2
    total, rest = divmod(n, rounds + 1)
    large = rest // 2
    return n, total, total - large, large


def _workable(players: int, rounds: int) -> GroupPlan | None:
    n, total, small, large = raw_counts(players, rounds)
    if total < 2 or small < 0:
        return None
    return GroupPlan(n, rounds, small, large)


def group_counts(players, phase1_rounds) -> GroupPlan:
    """Seed 2-2/2-3: the groups for ``players`` and ``phase1_rounds``, or a helpful error."""
    n_players = check_players(players)
    rounds = check_phase1_rounds(phase1_rounds)
    plan = _workable(n_players, rounds)
    if plan is not None:
        return plan
    n, total, small, large = raw_counts(n_players, rounds)
    if total < 2:
        problem = Message("{players} players are too few for {rounds} phase-1 rounds "
                          "(at least {minimum} are needed for two groups)",
                          players=n_players, rounds=rounds, minimum=2 * (rounds + 1))
    else:
        problem = Message("{players} players cannot be split into groups of {small} and {large} "
                          "for {rounds} phase-1 rounds",
                          players=n_players, small=rounds + 1, large=rounds + 3, rounds=rounds)
    options = []
    for other in PHASE1_ROUNDS:
        if other == rounds:
            continue
        alt = _workable(n_players, other)
        if alt is None:
            continue
        diff = abs(other - rounds)
        template = (N_("{other} phase-1 rounds ({plan}; add the {diff} rounds to phases 2 and/or 3)") if other < rounds
                    else N_("{other} phase-1 rounds ({plan}; take the {diff} rounds from phases 2 and/or 3)"))
        options.append(Message(template, other=other, plan=alt.describe(), diff=diff))
    if not options:
        raise TournamentError(
            "{problem}, and no other phase-1 length (5, 7 or 9 rounds) works either: the "
            "Formule Combinée needs at least 12 players.",
            problem=problem)
    choice = options[0] if len(options) == 1 else Message("{first} or {second}", first=options[0], second=options[1])
    raise TournamentError("{problem}: play {choice}.", problem=problem, choice=choice)


# --------------------------------------------------------------------------
# Snake distribution (2-4)
# --------------------------------------------------------------------------

def plain_snake(plan: GroupPlan) -> list[list[int]]:
    """Seed ranks of each group G1..G_T (rows in order), by the plain snake."""
    total = plan.total
    groups: list[list[int]] = [[] for _ in range(total)]
    rank = 1
    for row in range(plan.rounds + 1):
        order = range(total) if row % 2 == 0 else range(total - 1, -1, -1)
        for g in order:
            groups[g].append(rank)
            rank += 1
    for row in range(2):
        order = range(plan.large) if row % 2 == 0 else range(plan.large - 1, -1, -1)
        for g in order:
            groups[g].append(rank)
            rank += 1
    return groups


def improvement_swaps(plan: GroupPlan) -> list[tuple[int, int]]:
    """The exchanges of the improved snake: ``(tail rank, middle rank)`` pairs."""
    base = plan.total * (plan.rounds + 1)
    k = min(2 * plan.large, plan.small)
    if k == 0:
        return []
    groups = plain_snake(plan)
    in_small = {rank for g in groups[plan.large:] for rank in g}
    middle = [r for r in range(base // 2 + 1, base + 1) if r in in_small][:k]
    tail = list(range(base + 1, base + k + 1))
    return list(zip(tail, middle))


def improved_snake(plan: GroupPlan) -> list[list[int]]:
    """Seed ranks of each group by the improved snake (see the module docstring)."""
    groups = plain_snake(plan)
    swap = {}
    for tail, middle in improvement_swaps(plan):
        swap[tail] = middle
        swap[middle] = tail
    return [[swap.get(rank, rank) for rank in g] for g in groups]


def snake(players, phase1_rounds, improved=True) -> list[list[int]]:
    """Groups (lists of seed ranks, G1 first) for the given field."""
    plan = group_counts(players, phase1_rounds)
    return improved_snake(plan) if improved else plain_snake(plan)


def group_of_rank(groups: Sequence[Sequence[int]]) -> list[int]:
    """Group number (1-based) of seed ranks 1..N."""
    out = [0] * sum(len(g) for g in groups)
    for number, members in enumerate(groups, 1):
        for rank in members:
            out[rank - 1] = number
    return out


def spread(groups: Sequence[Sequence[int]], ratings: Sequence[float | None]) -> float:
    """Balance measure: highest minus lowest group average of ``ratings[rank-1]``.

    Smaller is better balanced; 0 means every group has the same average. A
    rating of ``None`` (the fictitious player X) is left out of its group's
    average.
    """
    averages = []
    for g in groups:
        values = [rating for r in g if (rating := ratings[r - 1]) is not None]
        averages.append(sum(values) / len(values))
    return max(averages) - min(averages)


def distribute(plan: GroupPlan, ratings: Sequence[float | None] | None = None,
               improved: bool = True) -> list[list[int]]:
    """The groups used by an event.

    ``ratings`` (by seed rank, decreasing) decide whether the improvement is
    kept: it is applied unless it would make :func:`spread` of the actual
    ratings worse than the plain snake. Unusual rating profiles can make a
    rank-based exchange overshoot (docs/combinee.md gives an example).
    """
    plain = plain_snake(plan)
    if not improved:
        return plain
    better = improved_snake(plan)
    if ratings is None:
        return better
    if spread(better, ratings) <= spread(plain, ratings) + 1e-9:
        return better
    return plain
