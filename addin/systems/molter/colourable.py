"""Odd ``N``: floaters that let every two-round block be coloured in alternation.

Seed 001 (table 17): "au cours de chaque période (2 rondes consécutives)
chaque joueur a une fois les blancs et une fois les noirs". The colouring
step (:func:`addin.systems.molter.colours.orient`) gives every player one White and
one Black per block; it needs, for each block, signs of the block's
alternating cycles that keep every team within one White of balance (the
hard team rule). Whether such signs exist depends on the floater games of
both rounds. When a block has none, the generator used to re-pair the rounds
into other blocks, which keeps every hard rule but scatters the floaters'
block design (ideal I4: a team descends or ascends at most once per block).

:func:`repair_floaters` instead changes floater edges until every block is
colourable, keeping the floater ideals I2–I4 as good as it can from the
floaters it starts with (those of
:func:`~addin.systems.molter.construct.choose_floaters_exact`, optimal for I2–I4).
It is a deterministic large-neighbourhood search (``random.Random`` seeded
from the shape): the cost of a state is :data:`BLOCK_WEIGHT` per block
without a colouring plus one per miss of I2, I3 or I4 (definitions of
:func:`~addin.systems.molter.construct.choose_floaters_exact`). A move redraws every
floater of one block (an uncolourable one, else one missing I4), greedily on
I2–I4 with ties at random; a round that replays a cycle takes its first
use's edge reversed, so redrawing it moves that first use too. The draw is
kept when the cost does not grow. Within a level pair nobody descends or
ascends twice (hard). Random floaters that respect I4 give a colourable
block in about a third to three quarters of the draws (measured for 9–19
teams), so the search usually ends after a few dozen draws.
"""

from __future__ import annotations

import random

from addin.systems.molter.colours import block_balanceable
from addin.systems.molter.cycles import Game, cycle_edges, floater_bounds, pair_games, walecki


#: cost of one block that cannot be coloured, against one miss of I2, I3 or I4
BLOCK_WEIGHT = 3
#: moves without improvement before the search stops
STALL = 400


def block_games(teams: int, cycles_of_round: list[tuple[int, ...]], floaters: list[tuple[int, int]]) -> list[Game]:
    """One round's games: level pair ``j`` plays its cycle with its floater edge."""
    out: list[Game] = []
    for j, (cycle, (down, up)) in enumerate(zip(cycles_of_round, floaters)):
        for (x, lx), (y, ly) in pair_games(cycle, down, up):
            out.append(((x, 2 * j + lx), (y, 2 * j + ly)))
    return out


def repair_floaters(teams: int, players: int, rounds: int, starts: tuple[int, ...],
                    floaters: list[tuple[tuple[int, int], ...]], seed: int = 0,
                    steps: int = 1500, attempt: int = 0) -> list[tuple[tuple[int, int], ...]]:
    """Floater edges (same layout as ``floaters``) with every block colourable if found.

    Returns the best state met (fewest uncolourable blocks, then fewest
    floater-ideal misses); ``steps`` bounds the number of moves; another
    ``attempt`` number follows another (equally reproducible) random path.
    """
    n, pairs = teams, players // 2
    cycles = walecki(n)
    half = len(cycles)
    first = min(rounds, half)
    blocks = rounds // 2
    if blocks == 0:
        return floaters
    low_d, high_d, cap = floater_bounds(teams, players, rounds)
    choice = [list(row) for row in floaters]
    options = cycle_edges(n)

    def edge(j: int, r: int) -> tuple[int, int]:
        a, b = choice[j][r % half]
        return (b, a) if r >= half else (a, b)

    def rounds_of(r: int) -> list[int]:
        return [r] + ([r + half] if r + half < rounds else [])

    cache: dict = {}

    def colourable(blk: int) -> bool:
        ra, rb = 2 * blk, 2 * blk + 1
        key = (blk, tuple(edge(j, ra) for j in range(pairs)), tuple(edge(j, rb) for j in range(pairs)))
        if key not in cache:
            first_games = block_games(n, [cycles[(starts[j] + ra) % half] for j in range(pairs)], list(key[1]))
            second_games = block_games(n, [cycles[(starts[j] + rb) % half] for j in range(pairs)], list(key[2]))
            cache[key] = block_balanceable(n, players, first_games, second_games)
        return cache[key]

    def events(j: int, r: int, option: tuple[int, int]) -> list[tuple[int, int, int]]:
        """``(round, descends, ascends)`` of the floater ``option`` of cell ``(j, r)`` (first use)."""
        a, b = option
        return [(r, a, b)] + ([(r + half, b, a)] if r + half < rounds else [])

    desc = [0] * n
    asc = [0] * n
    bdesc: dict[tuple[int, int], int] = {}
    basc: dict[tuple[int, int], int] = {}
    pdesc = [[0] * n for _ in range(pairs)]
    pasc = [[0] * n for _ in range(pairs)]

    def apply(j: int, r: int, option: tuple[int, int], sign: int) -> None:
        for rr, d, u in events(j, r, option):
            desc[d] += sign
            asc[u] += sign
            bdesc[(d, rr // 2)] = bdesc.get((d, rr // 2), 0) + sign
            basc[(u, rr // 2)] = basc.get((u, rr // 2), 0) + sign
            pdesc[j][d] += sign
            pasc[j][u] += sign

    def float_cost() -> int:
        """Misses of I2, I3 and I4 (same definitions as the CP-SAT floater model)."""
        cost = sum(1 for t in range(n) if not low_d <= desc[t] <= high_d)
        cost += sum(1 for t in range(n) if abs(desc[t] - asc[t]) > 1)
        return cost + sum(1 for counts in (bdesc, basc) for c in counts.values() if c > cap)

    def penalty(j: int, r: int, option: tuple[int, int]) -> int | None:
        """What adding ``option`` costs in I2–I4 (None: somebody would float twice)."""
        out = 0
        for rr, d, u in events(j, r, option):
            if pdesc[j][d] or pasc[j][u]:
                return None
            out += (bdesc.get((d, rr // 2), 0) >= cap) + (basc.get((u, rr // 2), 0) >= cap)
            out += (desc[d] >= high_d) + (desc[d] - asc[d] >= 1) + (asc[u] - desc[u] >= 1)
        return out

    def rebuild() -> None:
        """Recount every floater of ``choice``."""
        for counts in (desc, asc, *pdesc, *pasc):
            counts[:] = [0] * n
        bdesc.clear()
        basc.clear()
        for j in range(pairs):
            for r in range(first):
                apply(j, r, choice[j][r], +1)

    rebuild()

    def resample(blk: int) -> bool:
        """Draw new floaters for the cells of block ``blk``, greedily on I2–I4, ties at random."""
        cells = sorted({(j, rr % half) for j in range(pairs) for rr in (2 * blk, 2 * blk + 1) if rr < rounds})
        for j, r in cells:
            apply(j, r, choice[j][r], -1)
        rng.shuffle(cells)
        for j, r in cells:
            scored = []
            for option in options[(starts[j] + r) % half]:
                value = penalty(j, r, option)
                if value is not None:
                    # then the team that has descended least (I3), then at random
                    scored.append((value, desc[option[0]], rng.random(), option))
            if not scored:
                return False
            choice[j][r] = min(scored)[-1]
            apply(j, r, choice[j][r], +1)
        return True

    def crowded_blocks() -> list[int]:
        """Blocks where some team descends or ascends more than ``cap`` times (I4 missed)."""
        return sorted({blk for counts in (bdesc, basc) for (_, blk), c in counts.items()
                       if c > cap and blk < blocks})

    def blocks_of(blk: int) -> set[int]:
        return {rr // 2 for r0 in (2 * blk, 2 * blk + 1) if r0 < rounds
                for rr in rounds_of(r0 % half) if rr // 2 < blocks}

    status = [colourable(b) for b in range(blocks)]
    cost = BLOCK_WEIGHT * status.count(False) + float_cost()
    best = (cost, [tuple(row) for row in choice])
    rng = random.Random(seed * 1_000_003 + n * 1009 + players * 101 + rounds + attempt * 7_919_007)
    stall = 0
    for _ in range(steps):
        bad = [b for b in range(blocks) if not status[b]]
        if (not bad and cost == 0) or stall > STALL:
            break
        stall += 1
        blk = rng.choice(bad or crowded_blocks() or range(blocks))
        saved = [list(row) for row in choice]
        complete = resample(blk)
        if complete:
            touched = blocks_of(blk)
            trial = {b: colourable(b) for b in touched}
            value = BLOCK_WEIGHT * sum(1 for b in range(blocks) if not trial.get(b, status[b])) + float_cost()
        if complete and value <= cost:
            cost = value
            for b, ok in trial.items():
                status[b] = ok
            if cost < best[0]:
                best = (cost, [tuple(row) for row in choice])
                stall = 0
        else:
            choice[:] = saved
            rebuild()
    return best[1]
