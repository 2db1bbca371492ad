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

from functools import lru_cache
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


def _ends(central: list[tuple[int, int]], count: int) -> list[tuple[int, int]]:
    """``count`` central numbers taken from the two ends of the band, top first, alternately."""
    picked: list[tuple[int, int]] = []
    low, high = 0, len(central) - 1
    while len(picked) < count and low <= high:
        if len(picked) % 2 == 0:
            picked.append(central[high])
            high -= 1
        else:
            picked.append(central[low])
            low += 1
    return picked


def _layout(members: list[tuple[int, int]], groups: list[int], wide: int, spares: str,
            pivot_group: int | None = None):
    """Blocks of central numbers plus flanks for ``groups`` (sizes) on one side, or None.

    ``wide = 2(L − 1)`` is ``4h``: two numbers of a side meet early when ``|T + T'| ≤ wide``.
    ``pivot_group`` (an index into ``groups``): that group holds the pivot (placed by the
    caller) and ``size − 1`` central numbers taken from the two ends of the band, no flank:
    central numbers and the pivot all meet early, and the ends are the numbers with the
    least room for flanks. Returns, per group, its numbers, and the side's numbers left unused.
    """
    half = wide // 2  # central: |T| <= half (|t| <= h/2)
    central = [p for p in members if -half <= p[0] <= half]
    around: list[tuple[int, int]] = []
    if pivot_group is not None:
        around = _ends(central, groups[pivot_group] - 1)
        if len(around) < groups[pivot_group] - 1:
            return None
        central = [p for p in central if p not in around]
        groups = [s for j, s in enumerate(groups) if j != pivot_group]
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
        used_numbers: set[int] = {x for _, x in around}
        for j in range(len(groups)):
            numbers = [x for _, x in blocks[j]]
            if j in taken_high:
                numbers.append(taken_high[j][1])
            if j in taken_low:
                numbers.append(taken_low[j][1])
            used_numbers.update(numbers)
            result.append(numbers)
        rest = [x for _, x in members if x not in used_numbers]
        if pivot_group is not None:
            result.insert(pivot_group, [x for _, x in around])
        return result, rest
    return None


def _room(central: list[tuple[int, int]], outside: list[tuple[int, int]], wide: int) -> int:
    """Central numbers a side can give to blocks: its central band minus each end that has
    no number beyond it within reach (``|T + T'| ≤ wide``), which no flanked block can end on."""
    if not central:
        return 0
    top, bottom = central[-1][0], central[0][0]
    no_high = not any(top < p[0] <= wide - top for p in outside)
    no_low = len(central) > 1 and not any(-wide - bottom <= p[0] < bottom for p in outside)
    return len(central) - int(no_high) - int(no_low)


def _split(loads: list[int], room: list[int]) -> list[int] | None:
    """Indices of ``loads`` for side 0 so that both sides' loads fit their room, the smallest
    slack as large as possible (subset sums; deterministic), or None."""
    total = sum(loads)
    reach: dict[int, tuple[int, ...]] = {0: ()}
    for i, load in enumerate(loads):
        for value, chosen in list(reach.items()):
            if value + load <= room[0] and value + load not in reach:
                reach[value + load] = chosen + (i,)
    fits = [v for v in reach if total - v <= room[1]]
    if not fits:
        return None
    best = max(fits, key=lambda v: (min(room[0] - v, room[1] - total + v), -v))
    return list(reach[best])


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
    pairs: list[list[int]] = []
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
    if variant >= VARIANTS:
        return _construct_split(f, sizes, taken, variant - VARIANTS)
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
    return _finish(f, sizes, result, rest)


def _construct_split(f: Field, sizes: Sequence[int], taken: frozenset[int],
                     variant: int) -> list[list[int]] | None:
    """The later variants: sides chosen by subset sums to fit each side's usable central
    room exactly (``_room``), and, every second variant, the pivot in a group built on the
    ends of the band of the side whose ends have no room for a flank (the shape CP-SAT's
    answers take at 100 players, ``n = 66``: docs/benchmarks-directed.md)."""
    free = [x for x in range(1, f.players + 1) if x not in taken]
    sides, off = _positions(f, free)
    wide = 2 * (f.early_rounds - 1)
    half = wide // 2
    use_pivot = variant % 2 == 0
    order = _ORDERS[(variant // 2) % len(_ORDERS)]
    spares = _SPARES[(variant // (2 * len(_ORDERS))) % len(_SPARES)]
    big = sorted((g for g, s in enumerate(sizes) if s >= 3), key=lambda g: (-sizes[g], g))
    central = [[p for p in side if -half <= p[0] <= half] for side in sides]
    outside = [[p for p in side if abs(p[0]) > half] for side in sides]
    room = [_room(central[s], outside[s], wide) for s in (0, 1)]
    pivot_group = pivot_side = None
    rest: list[int] = list(off)
    if use_pivot:
        pivots = [x for x in off if x == f.rounds + 1]
        if not pivots or not big:
            return None
        lacking = [len(central[s]) - room[s] for s in (0, 1)]
        pivot_side = 0 if lacking[0] >= lacking[1] else 1
        pivot_group = big[-1]  # the smallest group of three or more
        kept = [p for p in central[pivot_side]
                if p not in _ends(central[pivot_side], sizes[pivot_group] - 1)]
        room[pivot_side] = _room(kept, outside[pivot_side], wide)
        big = big[:-1]
        rest = [x for x in off if x not in pivots]
    chosen = _split([max(1, sizes[g] - 2) for g in big], room)
    if chosen is None:
        return None
    on_side = [[big[i] for i in chosen], [g for i, g in enumerate(big) if i not in chosen]]
    result: list[list[int]] = [[] for _ in sizes]
    for side in (0, 1):
        groups = _ordered(on_side[side], sizes, order)
        wanted = [sizes[g] for g in groups]
        index = None
        if side == pivot_side and pivot_group is not None:  # (set together with pivot_side)
            groups.append(pivot_group)
            wanted.append(sizes[pivot_group])
            index = len(wanted) - 1
        laid = _layout(sides[side], wanted, wide, spares, index)
        if laid is None:
            return None
        for g, numbers in zip(groups, laid[0]):
            result[g] = numbers
        rest.extend(laid[1])
    if pivot_group is not None:
        result[pivot_group] = result[pivot_group] + [f.rounds + 1]
    for g in range(len(sizes)):
        result[g] = sorted(result[g])
    return _finish(f, sizes, result, rest)


def _finish(f: Field, sizes: Sequence[int], result: list[list[int]],
            rest: list[int]) -> list[list[int]] | None:
    """Pairs and single numbers among ``rest``, then the check against the late masks."""
    rest = sorted(rest)
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


VARIANTS = len(_ORDERS) * len(_SPARES) * 2  # the first construction's variants
SPLIT_VARIANTS = 2 * len(_ORDERS) * len(_SPARES)  # then _construct_split's, numbered after them


@lru_cache(maxsize=256)
def _circle_holds(f: Field) -> bool:
    """Whether this field obeys, number by number, the two facts :func:`fits_sides` rests on:
    on each side two numbers meet early exactly when ``|T + T'| ≤ 2(L − 1)``, and no three
    numbers meeting early pairwise include numbers of both sides (checked on the late
    masks, so the bound never relies on the derivation alone)."""
    late = late_masks(f)
    sides, _ = _positions(f, range(1, f.players + 1))
    wide = 2 * (f.early_rounds - 1)
    for side in sides:
        for i, (t, x) in enumerate(side):
            for u, y in side[i + 1:]:
                if (abs(t + u) <= wide) == bool((late[x] >> y) & 1):
                    return False
    everyone = sum(1 << v for v in range(1, f.players + 1))
    early = [0] + [everyone & ~late[v] & ~(1 << v) for v in range(1, f.players + 1)]
    one = sum(1 << x for _, x in sides[1])
    for _, a in sides[0]:
        for b in range(1, f.players + 1):
            if (one >> b) & 1 and (early[a] >> b) & 1 and early[a] & early[b]:
                return False
    return True


def fits_sides(f: Field, sizes: Sequence[int], taken: frozenset[int] = frozenset()) -> bool:
    """A necessary condition from the circle: the groups of three or more split between the
    two sides so that each side's central band holds their cores.

    A group of three or more lies on one side (no early triangle crosses the sides) with the
    pivot perhaps; it holds at most one number beyond each end of the central band (two such
    numbers add up past ``wide``), so at least ``size − 2`` central numbers. An end of the
    band with no free number beyond it within reach holds no flank: a group holding it has
    one central number more, or it stays unused. The pivot meets early only central numbers:
    a group holding it has ``size − 1`` central numbers, and so gains one only when it holds
    both ends of its side's band and neither has room. Hence, for some split, each side's
    ``Σ (size − 2)`` is at most its central count minus its ends without room, plus one on
    a side whose two ends have no room if the pivot is free. False proves the request
    impossible; True proves nothing.
    """
    big = [s - 2 for s in sizes if s >= 3]
    if not big or f.last_rounds == 0 or not _circle_holds(f):
        return True
    free = [x for x in range(1, f.players + 1) if x not in taken]
    sides, off = _positions(f, free)
    wide = 2 * (f.early_rounds - 1)
    half = wide // 2
    room, lacking = [], []
    for side in sides:
        central = [p for p in side if -half <= p[0] <= half]
        room.append(_room(central, [p for p in side if abs(p[0]) > half], wide))
        lacking.append(len(central) - room[-1])
    late = late_masks(f)
    pivot = f.rounds + 1
    bonus = [(0, 0)]
    if pivot in off:
        central_all = {x for side in sides for t, x in side if -half <= t <= half}
        if any(not (late[pivot] >> x) & 1 for x in free if x != pivot and x not in central_all):
            return True  # the pivot meets early a number beyond a band: no bound here
        bonus += [(1, 0)] * (lacking[0] == 2) + [(0, 1)] * (lacking[1] == 2)
    total = sum(big)
    sums = {0}
    for load in big:
        sums |= {v + load for v in sums}
    return any(v <= room[0] + b0 and total - v <= room[1] + b1 for v in sums for b0, b1 in bonus)
