"""Solver for directed groups: disjoint sets of pairing numbers that meet early.

Structure (seed 000, "Appariements dirigés", read as a graph): two numbers
that meet only in the last ``n`` rounds are joined by an edge of the *late
graph*; it is the union of the ``n`` perfect matchings formed by the last
``n`` rounds of the Berger table, so every number has exactly ``n`` late
opponents. A valid group is an independent set of the late graph (a clique of
the "meets early" graph); a request is a list of sizes, answered by disjoint
independent sets of those sizes drawn from the numbers ``1 … players`` (an odd
field cannot use the bye number ``2k``).

The largest single group has ``⌊(2k − 1 − n + 3) / 2⌋`` numbers (``n ≥ 1``):
with ``L = 2k − 1 − n`` early rounds the pairwise sums of a group must fit in
``L`` residues, which an arithmetic run of ``⌊(L + 3)/2⌋`` numbers achieves;
the tests confirm the value exactly by exhaustive search for every field of
4–60 players.

Exact search in stages, deterministic (the same request gives the same
groups) except in the last, rare one:

0. a counting bound refuses at once requests too big for the late graph's
   cliques (:func:`late_cliques`: a group holds at most one number of each),
   the impossible requests that took CP-SAT longest to prove; a second bound
   (:func:`construct.fits_sides`) refuses those whose groups of three or more
   cannot split between the two sides' central bands (CP-SAT took 15–20 s on
   some at 65–70 players);
1. a depth-first search over the numbers in increasing order, each number
   going into one group (or left out while the spare budget allows it), with
   forward checking (every unfinished group must still have enough compatible
   numbers left) and symmetry breaking (a number opens only the first empty
   group of each size). It answers most requests within a few thousand nodes;
   past ``DFS_NODES`` nodes, a construction from the shape of the rules
   (:mod:`construct`: groups as blocks of "central" numbers plus two flanks on
   the circle of residues, checked before use) answers in milliseconds the
   large feasible requests of many mid-sized groups that took CP-SAT seconds;
   then ``RESTARTS`` short searches (``RESTART_NODES``
   nodes each) in seeded shuffled orders find most of the remaining feasible
   answers (many short searches find more of the large requests of many groups
   than a few long ones: measured in docs/benchmarks-directed.md); then the
   construction's later variants (sides split by subset sums to fit each
   side's usable band, the pivot in a group around a band), which build the
   requests of 62–100 players that went on to CP-SAT for 1.5–5 s;
2. then CP-SAT (OR-Tools) with one Boolean per (group, number), the late
   edges as clauses, an at-most-one per number and value-precedence symmetry
   breaking between groups of equal size (group ``g+1`` may only use a
   number once group ``g`` holds a smaller one); one worker, a fixed seed
   and a budget in deterministic time units keep it reproducible. Its clause
   learning proves the infeasible requests that defeat plain search. Only
   if that budget runs out (large fields, many mid-sized groups) does a
   multi-core CP-SAT run finish the job; its answer is valid but may differ
   between runs.

CP-SAT is reached only through :mod:`addin.core.cpsat`. Where OR-Tools is missing (xlwings
Lite), stage 1 goes on with up to ``NO_CP_SAT_RESTARTS`` seeded restarts (still
deterministic, about 600,000 nodes), which find the feasible requests the frontier walks
sent to CP-SAT; a request still unsettled (almost always an impossible one that plain search
cannot prove) is refused with a sentence that points to the desktop edition
(``docs/benchmarks-lite.md`` measures both).
"""

from __future__ import annotations

from addin.core.cpsat import available as cp_sat_available, cp_model as cp_sat, deterministic_solver

import os
import random
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Sequence

from addin.core.args import as_int_list
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.systems.directed.construct import SPLIT_VARIANTS, VARIANTS, construct, fits_sides
from addin.systems.directed.rules import Field, field, is_group, late_masks, meet_early

MAX_SOLVER_PLAYERS = 120
TIME_LIMIT = 60.0
DFS_NODES = 20_000
RESTARTS = 300
RESTART_NODES = 300
# Without OR-Tools: restarts before refusing; the node budget of the 300 restarts of 2,000
# nodes measured in docs/benchmarks-lite.md.
NO_CP_SAT_RESTARTS = 2_000
DETERMINISTIC_WORK = 1.0  # CP-SAT deterministic time units for the reproducible single worker


def max_group_size(f: Field) -> int:
    """The largest group any field of this size allows (closed form, see module doc)."""
    players, n = f.players, f.last_rounds
    if n == 0:
        return players
    early_rounds = players + (players & 1) - 1 - n
    return min(players, (early_rounds + 3) // 2)


@lru_cache(maxsize=256)
def late_edges(f: Field) -> tuple[tuple[int, int], ...]:
    """Pairs of usable numbers that meet only in the last ``n`` rounds."""
    p = f.players
    return tuple((x, y) for x in range(1, p + 1) for y in range(x + 1, p + 1)
                 if not meet_early(f, x, y))


def sizes_arg(f: Field, sizes, name: str = "sizes") -> list[int]:
    """Read the requested group sizes (each 1 … players, total at most players)."""
    values = as_int_list(sizes, name, 1, f.players)
    total = sum(values)
    if total > f.players:
        raise TournamentError(
            "The argument '{name}' asks for {total} numbers in all, but there are only "
            "{players} players: the sizes must add up to at most {players}.",
            name=name, total=total, players=f.players)
    return values


def solve_groups(f: Field, sizes: Sequence[int], time_limit: float = TIME_LIMIT,
                 exclude: Iterable[int] = (), seed: int | None = None) -> list[list[int]] | None:
    """Disjoint valid groups of the requested sizes (in the order given), or None.

    ``exclude`` lists numbers already taken (they are left out of every group).
    ``seed`` (a draw) shuffles the search order so that different seeds give
    different valid groups, each seed always the same ones; ``None`` gives the
    canonical answer.

    Raises :class:`TournamentError` if the search hits its time limit without
    an answer (never observed below 60 players, see docs/benchmarks-directed.md).
    """
    if not sizes:
        return []
    taken = frozenset(v for v in exclude if 1 <= v <= f.players)
    omega = max_group_size(f)
    if max(sizes) > omega or sum(sizes) > f.players - len(taken):
        return None
    if not _fits_late_cliques(f, sizes, taken) or not fits_sides(f, sizes, taken):
        return None
    rng = None if seed is None else random.Random(seed)
    if f.last_rounds == 0 or all(s == 1 for s in sizes):
        free = [v for v in range(1, f.players + 1) if v not in taken]
        if rng is not None:
            rng.shuffle(free)
        it = iter(free)
        return [sorted(next(it) for _ in range(s)) for s in sizes]
    found = _dfs(f, tuple(sizes), DFS_NODES, taken, rng)
    if found is not _GAVE_UP:
        return found
    base = 0 if seed is None else seed
    for variant in range(VARIANTS):  # the circle's shape (construct.py); a seed starts elsewhere
        found = construct(f, sizes, taken, (base + variant) % VARIANTS)
        if found is not None:
            return found
    for restart in range(1, RESTARTS + 1):  # seeded restarts: still deterministic
        found = _dfs(f, tuple(sizes), RESTART_NODES, taken, random.Random(base * 10_000 + restart))
        if found is not _GAVE_UP:
            return found
    # the sides split by subset sums, the pivot around a band (construct.py): after the restarts,
    # so that only requests that went on to CP-SAT (or Lite's further restarts) get new answers
    for variant in range(SPLIT_VARIANTS):
        found = construct(f, sizes, taken, VARIANTS + (base + variant) % SPLIT_VARIANTS)
        if found is not None:
            return found
    if not cp_sat_available():  # xlwings Lite: more seeded restarts before the gate refuses
        for restart in range(RESTARTS + 1, NO_CP_SAT_RESTARTS + 1):
            found = _dfs(f, tuple(sizes), RESTART_NODES, taken, random.Random(base * 10_000 + restart))
            if found is not _GAVE_UP:
                return found
    return _cp_sat(f, tuple(sizes), time_limit, taken, 1 if seed is None else seed)


_GAVE_UP = object()


@lru_cache(maxsize=256)
def late_cliques(f: Field) -> tuple[frozenset[int], ...]:
    """Disjoint sets of numbers that pairwise meet late (cliques of the late graph).

    Two numbers meet late when their sum falls in a band of ``n`` residues
    (Rules I and II), so runs of consecutive numbers (cyclically, on ``1 …
    2k − 1``) whose pairwise sums all fall in that band are late cliques; the
    longest runs are taken first, then the pivot joins one it is late with.
    A group holds at most one number of each (tested against the late masks).
    """
    late = late_masks(f)
    p = f.players
    ring = list(range(1, min(p, f.size - 1) + 1))
    k = len(ring)
    runs = []
    for i in range(k):
        run = [ring[i]]
        together = late[ring[i]]  # numbers late with every member of the run
        for j in range(1, k):
            v = ring[(i + j) % k]
            if not (together >> v) & 1:
                break
            run.append(v)
            together &= late[v]
        if len(run) >= 2:
            runs.append(run)
    runs.sort(key=lambda r: (-len(r), r[0]))
    used: set[int] = set()
    cliques: list[frozenset[int]] = []
    for run in runs:
        if used.isdisjoint(run):
            cliques.append(frozenset(run))
            used.update(run)
    if p == f.size:  # the pivot: into the first clique it is late with entirely
        for i, c in enumerate(cliques):
            if all((late[p] >> v) & 1 for v in c):
                cliques[i] = c | {p}
                break
    return tuple(cliques)


def _fits_late_cliques(f: Field, sizes: Sequence[int], taken: frozenset[int] = frozenset()) -> bool:
    """A necessary condition: groups can take their sizes one number per late clique.

    Each group holds at most one number of each late clique (:func:`late_cliques`;
    a number in none is a clique of its own). Giving the groups their sizes then
    asks for a 0/1 matrix groups × cliques with row sums ``sizes`` and column sums
    at most the cliques' sizes, which exists exactly when, for every ``j``, the ``j``
    largest sizes add up to at most ``Σ min(|clique|, j)`` (Gale–Ryser). False
    proves the request impossible; True proves nothing.
    """
    free = set(range(1, f.players + 1)) - taken
    counts = [len(c & free) for c in late_cliques(f)]
    counts = [c for c in counts if c]
    singles = len(free) - sum(counts)
    total = 0
    for j, size in enumerate(sorted(sizes, reverse=True), 1):
        total += size
        if total > singles + sum(min(c, j) for c in counts):
            return False
    return True


class _NodeLimit(Exception):
    pass


def _dfs(f: Field, sizes: tuple[int, ...], node_limit: int, taken: frozenset[int] = frozenset(),
         rng: random.Random | None = None):
    """Stage 1: plain search; returns groups, None (proved impossible) or _GAVE_UP.

    Numbers are tried in increasing order, or in an order shuffled by ``rng``
    (a seeded draw); within a group they are returned sorted.
    """
    p = f.players
    late = late_masks(f)
    order = sorted(range(len(sizes)), key=lambda g: (-sizes[g], g))
    need = [sizes[g] for g in order]
    count = len(need)
    forbidden = [0] * count
    members: list[list[int]] = [[] for _ in range(count)]
    numbers = [v for v in range(1, p + 1) if v not in taken]
    if rng is not None:
        rng.shuffle(numbers)
    suffix = [0] * (len(numbers) + 1)  # suffix[i]: mask of numbers[i:]
    for i in range(len(numbers) - 1, -1, -1):
        suffix[i] = suffix[i + 1] | (1 << numbers[i])
    groups_order = list(range(count))
    nodes = 0

    def search(i: int, spare: int) -> bool:
        nonlocal nodes
        if not any(need):
            return True
        if i == len(numbers):
            return False
        nodes += 1
        if nodes > node_limit:
            raise _NodeLimit
        left = suffix[i]
        for g in groups_order:
            if need[g] and (left & ~forbidden[g]).bit_count() < need[g]:
                return False
        v = numbers[i]
        opened: set[int] = set()
        for g in groups_order:
            if not need[g] or (forbidden[g] >> v) & 1:
                continue
            if not members[g]:
                if need[g] in opened:
                    continue
                opened.add(need[g])
            saved = forbidden[g]
            members[g].append(v)
            need[g] -= 1
            forbidden[g] |= late[v]
            if search(i + 1, spare):
                return True
            forbidden[g] = saved
            members[g].pop()
            need[g] += 1
        return spare > 0 and search(i + 1, spare - 1)

    try:
        if not search(0, len(numbers) - sum(need)):
            return None
    except _NodeLimit:
        return _GAVE_UP
    result: list[list[int]] = [[] for _ in sizes]
    for slot, g in enumerate(order):
        result[g] = sorted(members[slot])
    return result


def _cp_sat(f: Field, sizes: tuple[int, ...], time_limit: float,
            taken: frozenset[int] = frozenset(), seed: int = 1) -> list[list[int]] | None:
    # Without OR-Tools (xlwings Lite) the request is refused here with the gate's sentence.
    cp_model = cp_sat(Message("directed groups that the quick search could not settle"))

    p = f.players
    order = sorted(range(len(sizes)), key=lambda g: (-sizes[g], g))  # big groups first
    ordered = [sizes[g] for g in order]
    model = cp_model.CpModel()
    x = [[model.NewBoolVar(f"g{g}_{v}") for v in range(1, p + 1)] for g in range(len(ordered))]
    edges = late_edges(f)
    for g, size in enumerate(ordered):
        row = x[g]
        model.Add(sum(row) == size)
        for a, b in edges:
            model.AddBoolOr([row[a - 1].Not(), row[b - 1].Not()])
    for v in range(p):
        if v + 1 in taken:
            for g in range(len(ordered)):
                model.Add(x[g][v] == 0)
        else:
            model.AddAtMostOne([x[g][v] for g in range(len(ordered))])
    # Value precedence between interchangeable groups (equal sizes): group g may
    # hold v only if group g-1 holds a smaller number.
    for g in range(1, len(ordered)):
        if ordered[g] == ordered[g - 1]:
            for v in range(p):
                model.AddBoolOr(x[g - 1][:v] + [x[g][v].Not()])
    solver = deterministic_solver(seed, DETERMINISTIC_WORK, time_limit)
    status = solver.Solve(model)
    if status == cp_model.UNKNOWN:  # rare and hard: use every core (answer may vary by run)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = max(2, os.cpu_count() or 2)
        solver.parameters.random_seed = seed % (2 ** 31)
        solver.parameters.max_time_in_seconds = time_limit
        status = solver.Solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise TournamentError(
            "The search for groups of {sizes} among {p} players gave no answer "
            "within {time_limit:g} seconds: ask for fewer or smaller groups.",
            sizes=_sizes_text(sizes), p=p, time_limit=time_limit)
    found = [[v + 1 for v in range(p) if solver.Value(x[g][v])] for g in range(len(ordered))]
    result: list[list[int]] = [[] for _ in sizes]
    for slot, g in enumerate(order):
        result[g] = found[slot]
    return result


def _sizes_text(sizes: Sequence[int]) -> str | Message:
    """``5, 5, 4 and 2`` in the language of the message that shows it."""
    values = [str(s) for s in sizes]
    if len(values) == 1:
        return values[0]
    return Message("{head} and {last}", head=", ".join(values[:-1]), last=values[-1])


def largest_next(f: Field, sizes: Sequence[int]) -> int:
    """The largest group that still fits next to the groups ``sizes`` (0 if none)."""
    if solve_groups(f, list(sizes)) is None:
        return 0
    low, high = 0, min(max_group_size(f), f.players - sum(sizes))
    while low < high:  # feasibility is monotone in the new group's size
        mid = (low + high + 1) // 2
        if solve_groups(f, list(sizes) + [mid]) is not None:
            low = mid
        else:
            high = mid - 1
    return low


def directed_groups(players, last_rounds, sizes) -> list[list[int]]:
    """Groups for raw (Excel/CLI) arguments, or a TournamentError explaining why not.

    When the request is impossible the sentence gives the largest single
    group of this field and, when every size fits alone, the largest group
    that still fits next to the others (the last requested group shrunk).
    """
    f = field(players, last_rounds, MAX_SOLVER_PLAYERS)
    wanted = sizes_arg(f, sizes)
    groups = solve_groups(f, wanted)
    if groups is not None:
        return groups
    raise TournamentError(impossible_message(f, wanted))


def impossible_message(f: Field, wanted: Sequence[int], subject: Message | None = None) -> Message:
    """The sentence explaining why groups of ``wanted`` sizes cannot all be formed (a catalogue message)."""
    omega = max_group_size(f)
    where = (Message("With {players} players and the last {last} rounds kept free", players=f.players,
                     last=f.last_rounds) if f.last_rounds != 1 else
             Message("With {players} players and the last round kept free", players=f.players))
    too_big = [s for s in wanted if s > omega]
    if too_big:
        if subject:
            return Message("{where}, {subject} cannot all be formed: a group of {size} is impossible; the largest "
                           "group that fits has {omega} numbers (they must all meet by round {early}).",
                           where=where, subject=subject, size=max(too_big), omega=omega, early=f.early_rounds)
        return Message("{where}, a group of {size} is impossible; the largest group that fits has {omega} numbers "
                       "(they must all meet by round {early}).", where=where, size=max(too_big), omega=omega,
                       early=f.early_rounds)
    others = list(wanted[:-1])
    best = largest_next(f, others)
    subject = subject or Message("groups of {sizes}", sizes=_sizes_text(wanted))
    if not others:  # pragma: no cover - a single size <= omega always fits
        return Message("{where}, {subject} cannot all be formed: the largest group has {omega} numbers.",
                       where=where, subject=subject, omega=omega)
    if best:
        return Message("{where}, {subject} cannot all be formed: next to groups of {others} the largest further "
                       "group has {best} number(s) (the largest single group has {omega}).", where=where,
                       subject=subject, others=_sizes_text(others), best=best, omega=omega)
    return Message("{where}, {subject} cannot all be formed: even the groups of {others} do not fit together (the "
                   "largest single group has {omega}).", where=where, subject=subject, others=_sizes_text(others),
                   omega=omega)

def closest_valid(f: Field, groups: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Valid groups as close to ``groups`` (e.g. a printed row) as the solver can make them.

    Valid groups are kept and the broken ones re-solved with their sizes
    among the numbers left, keeping as many valid groups as possible (all if
    they leave room, else the largest subsets first, earlier groups
    preferred). A group breaks when it has a late pair, a number outside
    ``1 … players`` or a number already in an earlier group. If the sizes
    cannot fit at all (a number given twice), the repeated numbers are
    dropped from their later group and the search runs again.
    """
    seen: set[int] = set()
    bad: set[int] = set()
    trimmed: list[int] = []
    for i, group in enumerate(groups):
        kept = [v for v in group if v not in seen and 1 <= v <= f.players]
        if len(kept) != len(group) or not is_group(f, kept):
            bad.add(i)
        seen.update(kept)
        trimmed.append(len(kept))
    if not bad:
        return [tuple(g) for g in groups]
    sizes_given = [len(g) for g in groups]
    good = [i for i in range(len(groups)) if i not in bad]
    for sizes in ([sizes_given] if trimmed == sizes_given else [sizes_given, trimmed]):
        for count in range(len(good), -1, -1):
            for keep in combinations(good, count):
                redo = [i for i in range(len(groups)) if i not in keep and sizes[i]]
                used = {v for i in keep for v in groups[i]}
                solved = solve_groups(f, [sizes[i] for i in redo], exclude=used)
                if solved is None:
                    continue
                out = {i: tuple(groups[i]) for i in keep}
                out.update({i: tuple(g) for i, g in zip(redo, solved)})
                return [out.get(i, ()) for i in range(len(groups))]
    raise TournamentError(
        "No valid groups close to {groups} exist for {players} players and {last_rounds} "
        "last rounds.",
        groups=groups, players=f.players, last_rounds=f.last_rounds)
