"""Uncoloured Molter pairings built from one round-robin 1-factorisation.

Seed 001 ("Comment utiliser les tableaux ?") and ``references.md`` ("Molter
tables: what a peer checks"). A *level* is the set of the ``N`` players with
the same board number in their team. The construction works on teams only:

``GK factorisation``  For ``M`` even, the vertices ``Z_(M-1) ∪ {∞}`` and the
    factor ``F_s = {(s, ∞)} ∪ {(s+i, s-i)}`` (``i = 1 … (M-2)/2``): the ``M-1``
    factors are perfect matchings partitioning every pair exactly once (the
    circle method behind Berger tables).

Even ``N`` (``M = N``): level ``k`` plays factor ``d_k + r`` in round ``r``.
    A level never uses a factor twice, so no player meets a team twice; with
    the offsets ``d_k = ⌊k·(N−1)/P⌋`` spread evenly, a round's levels use
    distinct factors (a team's boards face distinct teams), every team meets
    as many distinct teams as arithmetic allows after each round, and the
    number of games between two teams differs by at most one (I1, I5).

Odd ``N`` (``M = N + 1``, ``∞`` is a bye): levels are taken in pairs
    ``{2j−1, 2j}`` (seed: floaters only between boards ``i`` and ``i+1`` with
    ``i`` odd). The upper level plays factor ``u_j(r)``, the lower level
    factor ``l_j(r)``; the two players that the factors leave without an
    opponent (the upper player of team ``u_j(r)`` and the lower player of
    team ``l_j(r)``) play each other: the *floater* game, a descent for the
    upper player, an ascent for the lower one. That game pairs two teams
    that meet in factor ``μ = (u + l)/2``; a player never meets a team twice
    as long as ``μ`` is none of the factors of his own level. A *lane*
    describes such a pair of levels: ``u(r) = d + r`` and ``l(r) = d + δ ±
    r``; :func:`valid_lanes` lists the ``(δ, ±)`` that respect that rule for
    ``R`` rounds, and :func:`odd_plan` chooses the lanes of the ``P/2`` level
    pairs by a small deterministic search on the quality ideals.

The factors, cycles and floater edges themselves are in :mod:`addin.systems.molter.cycles`.
Colours are not decided here (see :mod:`addin.systems.molter.colours`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from addin.core.cpsat import cp_model as _cp_model, deterministic_solver
from addin.systems.molter.colourable import repair_floaters
from addin.systems.molter.cycles import (Game, circulant_cycles, cycle_edges, floater_bounds, gk_factor,
                                          pair_games, rainbow_floater, walecki)
from addin.systems.molter.verify import IDEALS, grade_metrics

@dataclass(frozen=True)
class Plan:
    """The parameters of a construction (enough to rebuild it)."""

    teams: int
    players: int
    rounds: int
    #: even N: one factor offset per level; odd N: one (cycle start, floaters) per level pair
    lanes: tuple
    #: ``"spread"`` (the best ideals) or ``"paired"`` (colours exact by construction)
    kind: str = "spread"
    #: even N, offline variants: the factor of every (round, level), overriding ``lanes``
    schedule: tuple = ()
    #: offline variants: the plan's own decomposition of the teams' pairs — odd N, Hamiltonian
    #: cycles instead of Walecki's (:func:`circulant_cycles`); even N, perfect matchings instead
    #: of the circle 1-factorisation (:func:`random_factorisation`); empty: the usual one
    decomposition: tuple = ()


def even_plan(teams: int, players: int, rounds: int, variant: int = 0) -> Plan:
    """Offsets ``d_k = ⌊k·(N−1)/P⌋``: evenly spread starting factors.

    ``variant`` > 0 (the offline search of ``tools/build_molter_library.py``)
    draws another factor schedule instead (:func:`random_schedule`), which
    keeps the same guarantees but makes other cycles in each block: some
    admit exactly balanced colours where the offsets do not.
    """
    m = teams - 1
    schedule = random_schedule(teams, players, rounds, variant) if variant else None
    return Plan(teams, players, rounds, tuple((k * m) // players for k in range(players)),
                schedule=schedule or ())


def random_schedule(teams: int, players: int, rounds: int, variant: int, tries: int = 50) -> tuple | None:
    """Even ``N``: a factor for every (round, level), drawn with ``random.Random(variant)``; None if none found.

    Each round takes the ``P`` least used factors so far (ties at random; a
    factor twice only when ``P > N − 1``), so after every round the teams
    have met as many distinct teams as arithmetic allows and two teams meet a
    number of times that differs by at most one (I1, as the offsets); the
    factors go to the levels by a bipartite matching in which no level plays
    a factor twice (nobody meets a team twice) — a round's levels use
    distinct factors when ``P ≤ N − 1`` (I5).
    """
    m = teams - 1
    rng = random.Random(variant)
    for _ in range(tries):
        use = [0] * m
        seen: list[set[int]] = [set() for _ in range(players)]
        rows = []
        for _r in range(rounds):
            pool: list[int] = []
            while len(pool) < players:
                extra = Counter(pool)
                order = sorted(range(m), key=lambda f: (use[f] + extra[f], rng.random()))
                pool += order[:min(players - len(pool), m)]
            owner: list[int | None] = [None] * len(pool)

            def place(k: int, visited: set[int]) -> bool:
                slots = list(range(len(pool)))
                rng.shuffle(slots)
                for slot in slots:
                    if pool[slot] in seen[k] or slot in visited:
                        continue
                    visited.add(slot)
                    holder = owner[slot]
                    if holder is None or place(holder, visited):
                        owner[slot] = k
                        return True
                return False

            levels = list(range(players))
            rng.shuffle(levels)
            if not all(place(k, set()) for k in levels):
                break
            row = [0] * players
            for slot, k in enumerate(owner):
                assert k is not None  # every level found a slot, and there are as many slots as levels
                row[k] = pool[slot]
            for k, f in enumerate(row):
                seen[k].add(f)
                use[f] += 1
            rows.append(tuple(row))
        else:
            return tuple(rows)
    return None


def random_factorisation(teams: int, variant: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Even ``N``: a 1-factorisation of the complete graph on ``teams`` drawn with ``random.Random(variant)``.

    ``N − 1`` perfect matchings partitioning the pairs of teams, found by a
    randomised depth-first search (matching by matching, each completed
    team by team; restarts when a matching cannot be completed). For ``N ≥ 8``
    the circle factorisation is one of several non-isomorphic ones, and a
    schedule's two rounds of a block then form other cycles: the offline
    search (``generator.OWN_DECOMPOSITION``) tries them where no schedule of the
    circle factorisation tried reached exact per-round colours (8 × 6 × 6:
    the offsets' pairings provably admit none; factorisation 1 does).
    """
    rng = random.Random(variant)
    n = teams
    for _ in range(10000):
        left = {frozenset((a, b)) for a in range(n) for b in range(a + 1, n)}
        factors = []
        for _f in range(n - 1):
            matching = _random_matching(n, left, rng)
            if matching is None:
                break
            left -= {frozenset(e) for e in matching}
            factors.append(tuple(matching))
        else:
            return tuple(factors)
    raise RuntimeError(f"no 1-factorisation found for {teams} teams")  # pragma: no cover


def _random_matching(n: int, left: set, rng: random.Random, budget: int = 2000):
    """A perfect matching of the pairs ``left`` (random order, bounded backtracking), or None."""
    steps = [0]

    def extend(free: list[int]):
        if not free:
            return []
        steps[0] += 1
        if steps[0] > budget:
            return None
        a = free[0]
        options = [b for b in free[1:] if frozenset((a, b)) in left]
        rng.shuffle(options)
        for b in options:
            rest = extend([t for t in free if t not in (a, b)])
            if rest is not None:
                return [(a, b)] + rest
        return None

    return extend(list(range(n)))


def even_paired_plan(teams: int, players: int, rounds: int) -> Plan:
    """Fallback: levels ``k`` and ``k + P/2`` share their factors, swapped inside each block.

    Both levels of a couple play the same Hamiltonian cycle ``F_s ∪ F_(s+1)``
    in a block, so opposite colourings give every team exactly ``P/2``
    Whites; a team meets fewer distinct teams early (I1).
    """
    m = teams - 1
    half = players // 2
    offsets = [(k * m) // half for k in range(half)]
    return Plan(teams, players, rounds, tuple(offsets + offsets), "paired")


def odd_paired_plan(teams: int, players: int, rounds: int, seed: int | None = None,
                    cycles: tuple = (), work: float = 10.0) -> Plan | None:
    """Each level pair plays one Walecki cycle in both rounds of a block.

    The second time the floater edge is reversed and every player meets his
    other neighbour; colouring the teams alternately around the cycle (the
    floater edge excepted), the upper player takes that colour and the lower
    player the other one, so every team has exactly ``P/2`` Whites in every
    round. Floaters: the rainbow matching rotated per level pair; with a
    ``seed`` (the offline search, generator variant 2) chosen by CP-SAT
    instead (:func:`choose_paired_floaters`, ``work`` deterministic units).
    ``cycles``: another Hamiltonian decomposition than Walecki's (offline,
    ``generator.OWN_DECOMPOSITION``; needs a ``seed``), None if CP-SAT finds
    no floaters on it.

    A team meets in a block only the teams of its round-1 cycles, so after
    round 2 it has met at most ``P`` teams: I1 ("as many distinct teams as
    arithmetic allows") holds only when ``P ≥ N − 1`` — then, with ``P/2``
    a multiple of ``(N−1)/2``, every round uses every cycle equally often
    and two teams meet equally often after every round.
    """
    n, pairs = teams, players // 2
    half = (n - 1) // 2
    starts = tuple((j * half) // pairs for j in range(pairs))
    if seed is not None:
        chosen = choose_paired_floaters(teams, players, rounds, starts, seed, work, cycles=cycles)
        if chosen is not None:
            return Plan(teams, players, rounds, tuple(zip(starts, chosen)), "paired", decomposition=cycles)
    if cycles:
        return None
    lanes = []
    for j in range(pairs):
        lanes.append((starts[j], tuple(rainbow_floater(n, pairs, j, c) for c in range(half))))
    return Plan(teams, players, rounds, tuple(lanes), "paired")


def choose_paired_floaters(teams: int, players: int, rounds: int, starts: tuple[int, ...], seed: int = 0,
                           work: float = 10.0, cycles: tuple = ()) -> list[tuple[tuple[int, int], ...]] | None:
    """:func:`paired_floaters` with I2–I4 as hard constraints, else (no solution within
    ``work``) as penalties: the hard model finds far more often a table missing no ideal."""
    return (paired_floaters(teams, players, rounds, starts, seed, work, hard=True, cycles=cycles)
            or paired_floaters(teams, players, rounds, starts, seed, work, cycles=cycles))


def paired_floaters(teams: int, players: int, rounds: int, starts: tuple[int, ...], seed: int = 0,
                    work: float = 10.0, hard: bool = False,
                    cycles: tuple = ()) -> list[tuple[tuple[int, int], ...]] | None:
    """Floater edges of the paired odd construction, by CP-SAT (offline search).

    Level pair ``j`` plays cycle ``c = d_j + b`` in both rounds of block ``b``
    with the floater edge ``a→b`` then ``b→a``: ``a`` and ``b`` each descend
    once and ascend once in the block, so I2 holds by design (but for an odd
    last round, played alone). One Boolean per (level pair, block, directed
    edge of its cycle). Hard: within a level pair nobody descends or ascends
    twice (the seed: a player floats at most once each way). Minimised, in
    this order: (team, block) with more than ``max(1, ⌈k·(P/2)/N⌉)`` descents
    or ascents (I4, ``k`` rounds in the block), teams whose descents leave
    ``[⌊D/N⌋, ⌈D/N⌉]`` (I3) or differ from their ascents by more than one
    (I2), then the sum over teams of ``|descents − ascents|``. Returns, per
    level pair, one edge per cycle (``None`` if the solver finds nothing).
    ``hard``: the I2–I4 misses are forbidden instead of minimised. ``cycles``: another
    Hamiltonian decomposition than Walecki's (e.g. :func:`circulant_cycles`).
    """
    cp_model = _cp_model("floaters of a generated Molter table")
    n, pairs = teams, players // 2
    own = bool(cycles)
    cycles = cycles or walecki(n)
    half = len(cycles)
    blocks = -(-rounds // 2)
    low_d, high_d, _ = floater_bounds(teams, players, rounds)
    model = cp_model.CpModel()
    pick: dict = {}
    desc: dict[int, list] = {t: [] for t in range(n)}
    asc: dict[int, list] = {t: [] for t in range(n)}
    bdesc: dict = {}
    basc: dict = {}
    for j in range(pairs):
        pdesc: dict[int, list] = {}
        pasc: dict[int, list] = {}
        for b in range(blocks):
            cyc = cycles[(starts[j] + b) % half]
            played = [2 * b] + ([2 * b + 1] if 2 * b + 1 < rounds else [])
            row = []
            for q in range(n):
                for a, c in ((cyc[q], cyc[(q + 1) % n]), (cyc[(q + 1) % n], cyc[q])):
                    v = model.NewBoolVar("")
                    pick[(j, b, a, c)] = v
                    row.append(v)
                    for k, rr in enumerate(played):
                        d, u = (a, c) if k == 0 else (c, a)
                        desc[d].append(v)
                        asc[u].append(v)
                        bdesc.setdefault((d, b), []).append(v)
                        basc.setdefault((u, b), []).append(v)
                        pdesc.setdefault(d, []).append(v)
                        pasc.setdefault(u, []).append(v)
            model.AddExactlyOne(row)
        for lits in list(pdesc.values()) + list(pasc.values()):
            model.Add(sum(lits) <= 1)
    i4, i23 = [], []
    for (t, b), lits in list(bdesc.items()) + list(basc.items()):
        size = 2 if 2 * b + 1 < rounds else 1
        cap = max(1, -(-size * pairs // n))
        if len(lits) > cap:
            ok = model.NewBoolVar("")
            model.Add(sum(lits) <= cap).OnlyEnforceIf(ok)
            i4.append(ok.Not())
            if hard:
                model.Add(ok == 1)
    spread = []
    for t in range(n):
        d, a = sum(desc[t]), sum(asc[t])
        for expr, bound_low, bound_high in ((d, low_d, high_d), (d - a, -1, 1)):
            ok = model.NewBoolVar("")
            model.AddLinearConstraint(expr, bound_low, bound_high).OnlyEnforceIf(ok)
            i23.append(ok.Not())
            if hard:
                model.Add(ok == 1)
        gap = model.NewIntVar(0, len(desc[t]) + len(asc[t]), "")
        model.Add(gap >= d - a)
        model.Add(gap >= a - d)
        spread.append(gap)
    weight = 4 * rounds * players + 1
    model.Minimize(weight * weight * sum(i4) + weight * sum(i23) + sum(spread))
    solver = deterministic_solver(seed, work)
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    out = []
    for j in range(pairs):
        # cycles a level pair never plays keep a placeholder edge (Walecki's: the rotated rainbow matching)
        edges = [(cycles[c][0], cycles[c][1]) if own else rainbow_floater(n, pairs, j, c) for c in range(half)]
        for b in range(blocks):
            c = (starts[j] + b) % half
            edges[c] = next((a, u) for (jj, bb, a, u), v in pick.items() if jj == j and bb == b and solver.Value(v))
        out.append(tuple(edges))
    return out


def build(plan: Plan) -> list[list[Game]]:
    """The games of every round, level by level (board order), not oriented."""
    n, p, rounds = plan.teams, plan.players, plan.rounds
    out: list[list[Game]] = []
    if n % 2 == 0:
        m = n - 1
        for r in range(rounds):
            games: list[Game] = []
            for k, d in enumerate(plan.lanes):
                f = d + r
                if plan.kind == "paired" and k >= p // 2:
                    # the couple's second level swaps the two factors of each block
                    f = d + (r ^ 1) if (r ^ 1) < m else d + r
                if plan.schedule:
                    f = plan.schedule[r][k]
                for a, b in (plan.decomposition[f % m] if plan.decomposition else gk_factor(m, f)):
                    games.append(((a, k), (b, k)))
            out.append(games)
        return out
    cycles = plan.decomposition or walecki(n)
    half = len(cycles)
    for r in range(rounds):
        games = []
        for j, (d, floaters) in enumerate(plan.lanes):
            if plan.kind == "paired":
                # the block's two rounds play the same cycle, the second time reversed
                c = (d + r // 2) % half
                a, b = floaters[c]
                reverse = r % 2 == 1
            else:
                c = (d + r) % half
                a, b = floaters[r % half]
                reverse = r >= half  # second use of the cycle: the same floater edge, reversed
            if reverse:
                a, b = b, a
            games.extend(((x, 2 * j + lx), (y, 2 * j + ly)) for (x, lx), (y, ly) in pair_games(cycles[c], a, b))
        out.append(games)
    return out


# -- quality of the uncoloured pairings (same definitions as the verifier) ----------


def pairing_metrics(teams: int, players: int, rounds: list[list[Game]]) -> dict[str, int]:
    """The quality ideals that do not depend on colours (``references.md`` I1–I5).

    Same definitions as :mod:`addin.systems.molter.verify` (``i1_pair_spread``,
    ``i1_distinct_short``, ``i2_float_balance``, ``i3_float_spread``,
    ``i4_block_floats``, ``i5_round_spread``), computed on team indices.
    """
    n, p = teams, players
    pair = [[0] * n for _ in range(n)]
    met: list[set[int]] = [set() for _ in range(n)]
    distinct_short = 0
    round_spread = 0
    cap = math.ceil(p / (n - 1))
    desc = [0] * n
    asc = [0] * n
    block_moves: dict[tuple[str, int, int], int] = {}
    for r, games in enumerate(rounds):
        per_round: list[dict[int, int]] = [dict() for _ in range(n)]
        for (ta, la), (tb, lb) in games:
            pair[ta][tb] += 1
            pair[tb][ta] += 1
            met[ta].add(tb)
            met[tb].add(ta)
            per_round[ta][tb] = per_round[ta].get(tb, 0) + 1
            per_round[tb][ta] = per_round[tb].get(ta, 0) + 1
            if la != lb:
                (th, _), (tl, _) = sorted(((ta, la), (tb, lb)), key=lambda s: s[1])
                desc[th] += 1
                asc[tl] += 1
                for kind, t in (("d", th), ("a", tl)):
                    key = (kind, t, r // 2)
                    block_moves[key] = block_moves.get(key, 0) + 1
        target = min(n - 1, (r + 1) * p)
        for t in range(n):
            distinct_short += max(0, target - len(met[t]))
            worst = max(per_round[t].values(), default=0)
            round_spread += max(0, worst - cap)
    values = [pair[a][b] for a in range(n) for b in range(a + 1, n)]
    odd = n % 2 == 1
    block_sizes: dict[int, int] = {}
    for r in range(len(rounds)):
        block_sizes[r // 2] = block_sizes.get(r // 2, 0) + 1
    block_excess = sum(1 for (_, _, blk), c in block_moves.items()
                       if c > max(1, math.ceil(block_sizes[blk] * (p // 2) / n)))
    return {
        "i1_pair_spread": max(values) - min(values),
        "i1_distinct_short": distinct_short,
        "i2_float_balance": max(abs(desc[t] - asc[t]) for t in range(n)) if odd else 0,
        "i3_float_spread": max(desc) - min(desc) if odd else 0,
        "i4_block_floats": block_excess,
        "i5_round_spread": round_spread,
    }


def score(metrics: dict[str, int]) -> tuple:
    """Sort key: grade first, then the ideals in priority order, then the raw excesses."""

    excess = [max(0, metrics.get(k, 0) - bound) for k, bound in IDEALS.items()]
    missed = [int(e > 0) for e in excess]
    return ("ABCD".index(grade_metrics(metrics)), missed, excess)


# -- odd N: choosing the lanes -------------------------------------------------------


def odd_plan(teams: int, players: int, rounds: int, seed: int = 0, attempt: int = 0, variant: int = 0,
             repair: bool = True) -> Plan:
    """Choose the cycles and floaters of every level pair (odd ``N``).

    Level pair ``j`` plays Walecki cycle ``d_j + r`` in round ``r``, with the
    starts ``d_j = ⌊j·n/(P/2)⌋`` spread evenly: the cycles partition the pairs
    of teams, so this spreads the opponents as the offsets do for even ``N``
    (I1, I5). A cycle is played at most twice by a level pair (``R ≤ 2n``);
    the second time its floater edge is the first one reversed, so that every
    player meets the other neighbour. The floater edges of the first uses are
    chosen by :func:`choose_floaters_exact` (CP-SAT on I2–I4) then
    :func:`addin.systems.molter.colourable.repair_floaters` (every block colourable
    in alternation, I2–I4 kept as far as possible; ``attempt`` picks its
    random path). ``repair=False`` (offline, ``generator.SPREAD_EXACT``) keeps the
    CP-SAT floaters as they are: their blocks may admit no colouring in
    alternation, and the whole-event exact colour search colours them instead.
    """
    n, pairs = teams, players // 2
    half = (n - 1) // 2
    starts = tuple((j * half) // pairs for j in range(pairs))
    floaters = _exact_floaters(teams, players, rounds, starts, seed, bool(variant))
    if repair:
        floaters = repair_floaters(teams, players, rounds, starts, list(floaters), seed, attempt=attempt)
    return Plan(teams, players, rounds, tuple(zip(starts, floaters)))


@lru_cache(maxsize=64)
def _exact_floaters(teams: int, players: int, rounds: int, starts: tuple[int, ...], seed: int, l1: bool = False):
    """:func:`choose_floaters_exact`, kept for the repair's further attempts."""
    return tuple(choose_floaters_exact(teams, players, rounds, starts, seed, l1=l1))


def choose_floaters_exact(teams: int, players: int, rounds: int, starts: tuple[int, ...],
                          seed: int = 0, work: float = 2.0, l1: bool = False) -> list[tuple[tuple[int, int], ...]]:
    """Floater edges ``(descends, ascends)`` of each level pair in each first use of a cycle, by CP-SAT.

    One Boolean per (level pair, first use of a cycle, directed cycle edge).
    Hard: within a level pair nobody descends or ascends twice. Minimised:
    teams with ``|descents − ascents| > 1`` (I2), descents outside
    ``[⌊D/N⌋, ⌈D/N⌉]`` (I3), and (team, block) with more than
    ``max(1, ⌈P/N⌉)`` descents or ascents (I4), the blocks being consecutive
    rounds. Colour-friendliness is left to :mod:`addin.systems.molter.colourable`.
    Bounded by deterministic solver time; if no solution is found, the
    rotated rainbow matching (:func:`rainbow_floater`, always allowed).
    ``l1`` (offline variants) also minimises, after those misses, the sum over
    teams of ``|descents − ascents|``.
    """
    cp_model = _cp_model("floaters of a generated Molter table")
    n, pairs = teams, players // 2
    cycles = walecki(n)
    half = len(cycles)
    first = min(rounds, half)
    low_d, high_d, cap = floater_bounds(teams, players, rounds)
    model = cp_model.CpModel()
    pick: dict = {}
    desc: dict[int, list] = {t: [] for t in range(n)}
    asc: dict[int, list] = {t: [] for t in range(n)}
    bdesc: dict = {}
    basc: dict = {}
    for j in range(pairs):
        pdesc: dict[int, list] = {}
        pasc: dict[int, list] = {}
        for r in range(first):
            cyc = cycles[(starts[j] + r) % half]
            row = []
            for q in range(n):
                for a, b in ((cyc[q], cyc[(q + 1) % n]), (cyc[(q + 1) % n], cyc[q])):
                    v = model.NewBoolVar(f"x{j}_{r}_{a}_{b}")
                    pick[(j, r, a, b)] = v
                    row.append(v)
                    events = [(r, a, b)] + ([(r + half, b, a)] if r + half < rounds else [])
                    for rr, d, u in events:
                        for store, key in ((desc, d), (asc, u)):
                            store[key].append(v)
                        bdesc.setdefault((d, rr // 2), []).append(v)
                        basc.setdefault((u, rr // 2), []).append(v)
                        pdesc.setdefault(d, []).append(v)
                        pasc.setdefault(u, []).append(v)
            model.AddExactlyOne(row)
        for lits in list(pdesc.values()) + list(pasc.values()):
            model.Add(sum(lits) <= 1)
    penalties = []
    for t in range(n):
        d, a = sum(desc[t]), sum(asc[t])
        for expr, bound_low, bound_high in ((d, low_d, high_d), (d - a, -1, 1)):
            ok = model.NewBoolVar("")
            model.AddLinearConstraint(expr, bound_low, bound_high).OnlyEnforceIf(ok)
            penalties.append(ok.Not())
    for lits in list(bdesc.values()) + list(basc.values()):
        if len(lits) > cap:
            ok = model.NewBoolVar("")
            model.Add(sum(lits) <= cap).OnlyEnforceIf(ok)
            penalties.append(ok.Not())
    if l1:
        # offline variant: then the sum over teams of |descents − ascents| (0: every team as often up as down)
        spread = []
        for t in range(n):
            gap = model.NewIntVar(0, 2 * len(desc[t]) + 2 * len(asc[t]), "")
            model.Add(gap >= sum(desc[t]) - sum(asc[t]))
            model.Add(gap >= sum(asc[t]) - sum(desc[t]))
            spread.append(gap)
        model.Minimize((4 * rounds * players + 1) * sum(penalties) + sum(spread))
    else:
        model.Minimize(sum(penalties))
    solver = deterministic_solver(seed, work)
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return [tuple(rainbow_floater(n, pairs, j, (starts[j] + r) % half) for r in range(first))
                for j in range(pairs)]
    out = []
    for j in range(pairs):
        row = []
        for r in range(first):
            row.append(next((a, b) for (jj, rr, a, b), v in pick.items()
                            if jj == j and rr == r and solver.Value(v)))
        out.append(tuple(row))
    return out
