"""A constructive start for the directed-groups solver, from the circle the rules draw.

Seed 000, "Appariements dirigés" (Rules I and II, read on residues): with ``m = 2k − 1``
rounds, ``L = m − n`` early rounds and ``u = x − 1``, two numbers meet early exactly when
``(u + v) mod m`` falls in ``0 … L − 1``. Place every number at ``t = u − (L − 1)/4`` on the
circle of length ``m`` and fold the circle in two halves ("sides") around the two points
whose double is the middle of the early band: on one side, two numbers meet early exactly
when ``|t_u + t_v| ≤ h`` with ``h = (L − 1)/2`` (``t`` of the second side measured from its
own centre). A set of one side is then a valid group exactly when its two largest ``t`` add
up to at most ``h`` and its two smallest to at least ``−h``: every member but the top and
the bottom one lies in the *central* band ``|t| ≤ h/2``, the top one ("high flank") may reach
``h − (the next one)`` and the bottom one symmetrically.

The construction follows that shape: groups of three or more go to a side, each as a
contiguous block of central numbers plus up to two flanks (a flank that finds no room
joins the block instead); groups of two are early pairs among the numbers left (a greedy
matching, most constrained number first); single numbers take what remains. It is a
heuristic: every answer is checked against the late masks before it is returned, and a
request it cannot build goes on to the exact search (``solver.py``). It answers in
milliseconds the large feasible requests of many mid-sized groups that plain search and
CP-SAT needed seconds for (``docs/benchmarks-directed.md``). Deterministic: the same
request and variant always give the same groups.
"""

from __future__ import annotations

from typing import Sequence

from addin.systems.directed.rules import Field, late_masks

# (side balance, block order, spare central numbers) tried in turn
_ORDERS = ("descending", "ascending", "middle")
_SPARES = ("ends", "left", "right")


def _positions(f: Field, free: Sequence[int]) -> tuple[list[list[tuple[int, int]]], list[int]]:
    """Per side, the free numbers as ``(T, x)`` sorted by ``T = 4t``; and the numbers off the circle.

    ``4t = 4u − (L − 1)`` reduced into ``[−2m, 2m)``; side 0 holds ``|4t| < m``
    (``−m ≤ 4t < m``), side 1 the rest, measured from its own centre (``4t ∓ 2m``).
    The pivot ``2k`` is off the circle (it meets early exactly the central numbers).
    """
    m, early = f.rounds, f.early_rounds
    sides: list[list[tuple[int, int]]] = [[], []]
    off: list[int] = []
    for x in free:
        if x > m:  # the pivot
            off.append(x)
            continue
        big_t = (4 * (x - 1) - (early - 1) + 2 * m) % (4 * m) - 2 * m
        if -m <= big_t < m:
            sides[0].append((big_t, x))
        else:
            sides[1].append((big_t - 2 * m if big_t >= 0 else big_t + 2 * m, x))
    for side in sides:
        side.sort()
    return sides, off


def _layout(members: list[tuple[int, int]], groups: list[int], wide: int, spares: str):
    """Blocks of central numbers plus flanks for ``groups`` (sizes) on one side, or None.

    ``wide = 2(L − 1)`` is ``4h``: two numbers of a side meet early when ``|T + T'| ≤ wide``.
    Returns, per group, its numbers, and the side's numbers left unused.
    """
    half = wide // 2  # central: |T| <= half (|t| <= h/2)
    central = [p for p in members if -half <= p[0] <= half]
    high = [p for p in members if p[0] > half]            # nearest first
    low = sorted((p for p in members if p[0] < -half), reverse=True)  # nearest first
    want_high = [True] * len(groups)
    want_low = [True] * len(groups)
    for _ in range(2 * len(groups) + 1):
        cores = [s - want_high[j] - want_low[j] for j, s in enumerate(groups)]
        spare = len(central) - sum(cores)
        if spare < 0 or min(cores, default=1) < 1:
            return None
        start = {"ends": spare // 2, "left": spare, "right": 0}[spares]
        blocks = []
        for size in cores:
            blocks.append(central[start:start + size])
            start += size
        changed = False
        taken_high: dict[int, tuple[int, int]] = {}
        taken_low: dict[int, tuple[int, int]] = {}
        for flank, wants, pool, chosen in ((1, want_high, high, taken_high),
                                           (-1, want_low, low, taken_low)):
            # a high flank P needs P + (block's largest T) <= wide; a low one symmetrically
            bound = {j: wide - flank * (blocks[j][-1][0] if flank == 1 else blocks[j][0][0])
                     for j in range(len(groups)) if wants[j]}
            used: set[int] = set()
            for j in sorted(bound, key=lambda j: (bound[j], j)):
                pick = next((i for i, p in enumerate(pool)
                             if i not in used and flank * p[0] <= bound[j]), None)
                if pick is None:
                    wants[j] = False
                    changed = True
                    break
                used.add(pick)
                chosen[j] = pool[pick]
            if changed:
                break
        if changed:
            continue
        result = []
        used_numbers: set[int] = set()
        for j in range(len(groups)):
            numbers = [x for _, x in blocks[j]]
            if j in taken_high:
                numbers.append(taken_high[j][1])
            if j in taken_low:
                numbers.append(taken_low[j][1])
            used_numbers.update(numbers)
            result.append(numbers)
        rest = [x for _, x in members if x not in used_numbers]
        return result, rest
    return None


def _ordered(indices: list[int], sizes: Sequence[int], order: str) -> list[int]:
    ranked = sorted(indices, key=lambda g: (-sizes[g], g))
    if order == "ascending":
        return ranked[::-1]
    if order == "middle":  # the largest in the middle of the side
        left, right = ranked[0::2], ranked[1::2]
        return left[::-1] + right
    return ranked


def _pairs(f: Field, numbers: list[int], count: int) -> list[list[int]] | None:
    """``count`` disjoint early pairs among ``numbers`` (greedy, fewest partners first)."""
    late = late_masks(f)
    pool = 0
    for x in numbers:
        pool |= 1 << x
    pairs = []
    while len(pairs) < count:
        best = None
        for x in numbers:
            if not (pool >> x) & 1:
                continue
            degree = (pool & ~late[x] & ~(1 << x)).bit_count()
            if degree and (best is None or degree < best[0]):
                best = (degree, x)
        if best is None:
            return None
        x = best[1]
        partners = pool & ~late[x] & ~(1 << x)
        y = min((v for v in numbers if (partners >> v) & 1),
                key=lambda v: ((pool & ~late[v] & ~(1 << v)).bit_count(), v))
        pool &= ~((1 << x) | (1 << y))
        pairs.append(sorted((x, y)))
    return pairs


def construct(f: Field, sizes: Sequence[int], taken: frozenset[int] = frozenset(),
              variant: int = 0) -> list[list[int]] | None:
    """Groups of the requested sizes built from the circle's shape, or None (not found).

    ``variant`` picks the side balance, the order of the blocks on a side and where
    the spare central numbers stay; callers try several. None proves nothing.
    """
    free = [x for x in range(1, f.players + 1) if x not in taken]
    sides, off = _positions(f, free)
    wide = 2 * (f.early_rounds - 1)
    big = [g for g, s in enumerate(sizes) if s >= 3]
    order = _ORDERS[variant % len(_ORDERS)]
    spares = _SPARES[(variant // len(_ORDERS)) % len(_SPARES)]
    alternate = (variant // (len(_ORDERS) * len(_SPARES))) % 2
    capacity = [sum(1 for p in side if abs(p[0]) <= wide // 2) for side in sides]
    load = [0, 0]
    on_side: list[list[int]] = [[], []]
    for i, g in enumerate(sorted(big, key=lambda g: (-sizes[g], g))):
        if alternate:
            side = i % 2
        else:  # the side with more central room left (a flank or two spares a central number)
            side = 0 if capacity[0] - load[0] >= capacity[1] - load[1] else 1
        on_side[side].append(g)
        load[side] += max(1, sizes[g] - 2)
    result: list[list[int]] = [[] for _ in sizes]
    rest: list[int] = list(off)
    for side in (0, 1):
        groups = _ordered(on_side[side], sizes, order)
        laid = _layout(sides[side], [sizes[g] for g in groups], wide, spares)
        if laid is None:
            return None
        for g, numbers in zip(groups, laid[0]):
            result[g] = sorted(numbers)
        rest.extend(laid[1])
    rest.sort()
    two = [g for g, s in enumerate(sizes) if s == 2]
    pairs = _pairs(f, rest, len(two))
    if pairs is None:
        return None
    paired = {v for pair in pairs for v in pair}
    for g, pair in zip(two, pairs):
        result[g] = pair
    left = iter([v for v in rest if v not in paired])
    for g, s in enumerate(sizes):
        if s == 1:
            value = next(left, None)
            if value is None:
                return None
            result[g] = [value]
    late = late_masks(f)
    for group in result:  # the check that makes this heuristic safe
        members = 0
        for v in group:
            members |= 1 << v
        if any(late[v] & members for v in group):
            return None
    return result


VARIANTS = len(_ORDERS) * len(_SPARES) * 2
