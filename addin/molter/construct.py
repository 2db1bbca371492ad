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

Colours are not decided here (see :mod:`addin.molter.colours`).
"""

from __future__ import annotations

from ..cpsat import deterministic_solver

import math
import random
from dataclasses import dataclass
from functools import lru_cache

#: A game between two players, each ``(team index, level index)`` (0-based), not oriented.
Game = tuple[tuple[int, int], tuple[int, int]]


def gk_factor(m: int, s: int) -> list[tuple[int, int]]:
    """Factor ``F_s`` of the circle 1-factorisation of ``Z_m ∪ {∞}`` (``m`` odd, ``∞ = m``)."""
    s %= m
    pairs = [(s, m)]
    for i in range(1, (m - 1) // 2 + 1):
        pairs.append(((s + i) % m, (s - i) % m))
    return pairs


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


def even_plan(teams: int, players: int, rounds: int) -> Plan:
    """Offsets ``d_k = ⌊k·(N−1)/P⌋``: evenly spread starting factors."""
    m = teams - 1
    return Plan(teams, players, rounds, tuple((k * m) // players for k in range(players)))


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


def odd_paired_plan(teams: int, players: int, rounds: int) -> Plan:
    """Fallback: each level pair plays one Walecki cycle in both rounds of a block.

    The second time the floater edge is reversed and every player meets his
    other neighbour; colouring the teams alternately around the cycle (the
    floater edge excepted), the upper player takes that colour and the lower
    player the other one, so every team has exactly ``P/2`` Whites in every
    round. Floaters: the rainbow matching rotated per level pair.
    """
    n, pairs = teams, players // 2
    half = (n - 1) // 2
    base = rainbow_matching(n)
    lanes = []
    for j in range(pairs):
        t = (j * (n - 1)) // pairs
        start = (j * half) // pairs
        floaters = []
        for c in range(half):
            a, b = base[(c - t) % half]
            floaters.append((_shift(a, t, n), _shift(b, t, n)))
        lanes.append((start, tuple(floaters)))
    return Plan(teams, players, rounds, tuple(lanes), "paired")


@lru_cache(maxsize=None)
def walecki(teams: int) -> tuple[tuple[int, ...], ...]:
    """Walecki's decomposition of the complete graph on ``teams`` (odd) vertices.

    Vertices ``Z_(N-1) ∪ {∞}`` with ``∞ = N − 1``; cycle ``H_i`` is the zigzag
    ``∞, i, i+1, i−1, i+2, i−2, …, i+n, ∞`` (``n = (N−1)/2``, ``i = 0 … n−1``).
    The ``n`` Hamiltonian cycles partition the pairs of teams.
    """
    n = (teams - 1) // 2
    m = 2 * n
    cycles = []
    for i in range(n):
        seq = [m, i % m]
        for k in range(1, n + 1):
            seq.append((i + k) % m)
            if k < n:
                seq.append((i - k) % m)
        cycles.append(tuple(seq))
    return tuple(cycles)


@lru_cache(maxsize=None)
def cycle_edges(teams: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every directed edge ``(descends, ascends)`` of each Walecki cycle: a level pair's floater options."""
    out = []
    for cyc in walecki(teams):
        opts = []
        for q in range(teams):
            a, b = cyc[q], cyc[(q + 1) % teams]
            opts.extend(((a, b), (b, a)))
        out.append(tuple(opts))
    return tuple(out)


def floater_bounds(teams: int, players: int, rounds: int) -> tuple[int, int, int]:
    """``(⌊D/N⌋, ⌈D/N⌉, max(1, ⌈P/N⌉))`` with ``D = R·P/2``: descents per team (I3), cap per block (I4)."""
    total = rounds * (players // 2)
    return total // teams, -(-total // teams), max(1, -(-players // teams))


@lru_cache(maxsize=None)
def rainbow_matching(teams: int) -> tuple[tuple[int, int], ...]:
    """One edge of every Walecki cycle, no two sharing a team (deterministic search).

    Entry ``i`` is an edge of cycle ``H_i``; such floaters are always allowed
    (no team floats twice in a level pair), a safe start for the search.
    """
    cycles = walecki(teams)
    rng = random.Random(teams)
    edges = [[(c[q], c[(q + 1) % len(c)]) for q in range(len(c))] for c in cycles]
    for _ in range(100000):
        used: set[int] = set()
        out = []
        for options in edges:
            free = [e for e in options if e[0] not in used and e[1] not in used]
            if not free:
                break
            edge = rng.choice(free)
            out.append(edge)
            used.update(edge)
        else:
            return tuple(out)
    raise RuntimeError(f"no rainbow matching found for {teams} teams")  # pragma: no cover


def _shift(team: int, t: int, teams: int) -> int:
    """Rotate ``Z_(N-1)`` by ``t``, ``∞`` fixed (maps ``H_i`` onto ``H_(i+t)``)."""
    m = teams - 1
    return team if team == m else (team + t) % m


def cycle_games(cycle: tuple[int, ...], down: int, up: int) -> tuple[list, list, tuple]:
    """Split a Hamiltonian cycle into upper games, lower games and the floater.

    ``down``–``up`` must be an edge of the cycle: the upper player of ``down``
    descends to meet the lower player of ``up``. Walking from ``down`` away
    from ``up``, the edges alternate lower, upper, lower, …, upper.
    """
    size = len(cycle)
    at = cycle.index(down)
    step = -1 if cycle[(at + 1) % size] == up else 1
    path = [cycle[(at + step * q) % size] for q in range(size)]
    assert path[-1] == up
    lower = [(path[q], path[q + 1]) for q in range(0, size - 1, 2)]
    upper = [(path[q], path[q + 1]) for q in range(1, size - 1, 2)]
    return upper, lower, (down, up)


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
                for a, b in gk_factor(m, f):
                    games.append(((a, k), (b, k)))
            out.append(games)
        return out
    cycles = walecki(n)
    half = len(cycles)
    for r in range(rounds):
        games = []
        for j, (d, floaters) in enumerate(plan.lanes):
            up, low = 2 * j, 2 * j + 1
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
            upper, lower, (down, rise) = cycle_games(cycles[c], a, b)
            games.extend(((x, up), (y, up)) for x, y in upper)
            games.append(((down, up), (rise, low)))
            games.extend(((x, low), (y, low)) for x, y in lower)
        out.append(games)
    return out


# -- quality of the uncoloured pairings (same definitions as the verifier) ----------


def pairing_metrics(teams: int, players: int, rounds: list[list[Game]]) -> dict[str, int]:
    """The quality ideals that do not depend on colours (``references.md`` I1–I5).

    Same definitions as :mod:`addin.molter.verify` (``i1_pair_spread``,
    ``i1_distinct_short``, ``i2_float_balance``, ``i3_float_spread``,
    ``i4_block_floats``, ``i5_round_spread``), computed on team indices.
    """
    n, p = teams, players
    pair = [[0] * n for _ in range(n)]
    met = [set() for _ in range(n)]
    distinct_short = 0
    round_spread = 0
    cap = math.ceil(p / (n - 1))
    desc = [0] * n
    asc = [0] * n
    block_moves: dict[tuple[str, int, int], int] = {}
    for r, games in enumerate(rounds):
        per_round = [dict() for _ in range(n)]
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


#: ideal upper bound of each metric (as in the verifier)
IDEALS = {
    "i1_pair_spread": 1,
    "i1_distinct_short": 0,
    "i2_float_balance": 1,
    "i3_float_spread": 1,
    "i4_block_floats": 0,
    "i5_round_spread": 0,
    "round_colour": 0,
}


def grade(metrics: dict[str, int]) -> str:
    """``A`` every ideal met; ``B`` one missed, not I1; ``C`` I1 or two missed; ``D`` beyond."""
    missed = [k for k, bound in IDEALS.items() if metrics.get(k, 0) > bound]
    if not missed:
        return "A"
    if len(missed) == 1 and not missed[0].startswith("i1_"):
        return "B"
    if len(missed) <= 2:
        return "C"
    return "D"


def score(metrics: dict[str, int]) -> tuple:
    """Sort key: grade first, then the ideals in priority order, then the raw excesses."""
    excess = [max(0, metrics.get(k, 0) - bound) for k, bound in IDEALS.items()]
    missed = [int(e > 0) for e in excess]
    return ("ABCD".index(grade(metrics)), missed, excess)


# -- odd N: choosing the lanes -------------------------------------------------------


def odd_plan(teams: int, players: int, rounds: int, seed: int = 0, budget: int = 4000,
             exact: bool = False, attempt: int = 0) -> Plan:
    """Choose the cycles and floaters of every level pair (odd ``N``).

    Level pair ``j`` plays Walecki cycle ``d_j + r`` in round ``r``, with the
    starts ``d_j = ⌊j·n/(P/2)⌋`` spread evenly: the cycles partition the pairs
    of teams, so this spreads the opponents as the offsets do for even ``N``
    (I1, I5). A cycle is played at most twice by a level pair (``R ≤ 2n``);
    the second time its floater edge is the first one reversed, so that every
    player meets the other neighbour. The floater edges of the first uses are
    chosen by :func:`choose_floaters` (local search, colour-aware) or, with
    ``exact``, by :func:`choose_floaters_exact` (CP-SAT on I2–I4) then
    :func:`addin.molter.colourable.repair_floaters` (every block colourable
    in alternation, I2–I4 kept as far as possible; ``attempt`` picks its
    random path).
    """
    n, pairs = teams, players // 2
    half = (n - 1) // 2
    starts = [(j * half) // pairs for j in range(pairs)]
    if exact:
        from .colourable import repair_floaters

        floaters = _exact_floaters(teams, players, rounds, tuple(starts), seed)
        floaters = repair_floaters(teams, players, rounds, tuple(starts), list(floaters), seed, attempt=attempt)
    else:
        floaters = choose_floaters(teams, players, rounds, tuple(starts), seed, min(budget, 40000 // n))
    return Plan(teams, players, rounds, tuple(zip(starts, floaters)))


@lru_cache(maxsize=64)
def _exact_floaters(teams: int, players: int, rounds: int, starts: tuple[int, ...], seed: int):
    """:func:`choose_floaters_exact`, kept for the repair's further attempts."""
    return tuple(choose_floaters_exact(teams, players, rounds, starts, seed))


def unsettled_teams(first: list[Game], second: list[Game]) -> frozenset[int]:
    """Teams whose two players do not cancel in one level pair's block.

    ``first`` and ``second`` are one level pair's games in the two rounds of a
    block. When every player alternates colours inside the block, each cycle
    of the union of the two rounds is coloured alternately and one bit per
    cycle is free (:mod:`addin.molter.colours`). A team whose upper and lower
    players sit on opposite sides of the same cycle gets exactly one White
    from this level pair whatever the bit; any other team is *unsettled*. If
    no team is unsettled in two level pairs of a block, every choice of bits
    keeps every team within one White of balance (the hard team rule).
    """
    mate_a = {}
    mate_b = {}
    for x, y in first:
        mate_a[x], mate_a[y] = y, x
    for x, y in second:
        mate_b[x], mate_b[y] = y, x
    side: dict = {}
    cycle: dict = {}
    count = 0
    for start in mate_a:
        if start in side:
            continue
        node = start
        while node not in side:
            side[node], cycle[node] = 0, count
            mate = mate_a[node]
            side[mate], cycle[mate] = 1, count
            node = mate_b[mate]
        count += 1
    out = set()
    for (team, level) in mate_a:
        if level == 0:
            low = (team, 1)
            if cycle[(team, 0)] != cycle[low] or side[(team, 0)] == side[low]:
                out.add(team)
    return frozenset(out)


def pair_games(cycle: tuple[int, ...], down: int, up: int) -> list[Game]:
    """One level pair's games in one round (upper level 0, lower level 1)."""
    upper, lower, (d, u) = cycle_games(cycle, down, up)
    return ([((x, 0), (y, 0)) for x, y in upper] + [((d, 0), (u, 1))]
            + [((x, 1), (y, 1)) for x, y in lower])


#: the floater search stops after this many steps without a strict improvement
STALL_STEPS = 500


def choose_floaters(teams: int, players: int, rounds: int, starts: tuple[int, ...],
                    seed: int = 0, budget: int = 4000) -> list[tuple[tuple[int, int], ...]]:
    """Floater edge ``(descends, ascends)`` of each level pair in each first use of a cycle.

    Hard: within a level pair no team descends twice and none ascends twice
    (so no player does). Soft, the ideals I2–I4 of ``references.md``: per
    team ``|descents − ascents| ≤ 1``, descents ``⌊D/N⌋`` or ``⌈D/N⌉`` with
    ``D = R·P/2``, and per team and two-round block at most
    ``max(1, ⌈P/N⌉)`` descents and as many ascents; and, weighted higher,
    :func:`block_twins` of every level pair and block (what makes colours
    balanceable). Start: a rainbow matching (always allowed); then a
    deterministic local search (``random.Random(seed)``) moving one choice at
    a time to its best allowed option while the penalty does not grow, and stops
    after :data:`STALL_STEPS` steps without a strict improvement.
    """
    n, pairs = teams, players // 2
    cycles = walecki(n)
    half = len(cycles)
    first = min(rounds, half)
    low_d, high_d, cap = floater_bounds(teams, players, rounds)
    twin_weight = 1
    options = cycle_edges(n)

    def rounds_of(r):
        return [r] + ([r + half] if r + half < rounds else [])

    def events(r, a, b):
        out = [(r, a, b)]
        if r + half < rounds:
            out.append((r + half, b, a))
        return out

    desc = [0] * n
    asc = [0] * n
    bdesc: dict[tuple[int, int], int] = {}
    basc: dict[tuple[int, int], int] = {}
    pdesc = [[0] * n for _ in range(pairs)]
    pasc = [[0] * n for _ in range(pairs)]
    choice: list[list[tuple[int, int]]] = [[None] * first for _ in range(pairs)]

    def floater(j, rr):
        a, b = choice[j][rr % half]
        return (b, a) if rr >= half else (a, b)

    unsettled: dict[tuple[int, int], frozenset] = {}
    clash: dict[tuple[int, int], int] = {}  # (block, team) -> level pairs where unsettled

    def compute_unsettled(j, blk):
        ra, rb = 2 * blk, 2 * blk + 1
        if rb >= rounds:
            return frozenset()
        ga = pair_games(cycles[(starts[j] + ra) % half], *floater(j, ra))
        gb = pair_games(cycles[(starts[j] + rb) % half], *floater(j, rb))
        return unsettled_teams(ga, gb)

    def set_unsettled(j, blk):
        for x in unsettled.get((j, blk), ()):
            clash[(blk, x)] -= 1
        new = compute_unsettled(j, blk)
        unsettled[(j, blk)] = new
        for x in new:
            clash[(blk, x)] = clash.get((blk, x), 0) + 1

    def colour_cost(blk, xs):
        return sum(max(0, clash.get((blk, x), 0) - 1) for x in xs)

    def team_cost(x):
        return max(0, abs(desc[x] - asc[x]) - 1) + max(0, desc[x] - high_d) + max(0, low_d - desc[x])

    def block_cost(x, blk):
        return max(0, bdesc.get((x, blk), 0) - cap) + max(0, basc.get((x, blk), 0) - cap)

    def apply(j, r, a, b, sign):
        for rr, da, ab in events(r, a, b):
            desc[da] += sign
            asc[ab] += sign
            bdesc[(da, rr // 2)] = bdesc.get((da, rr // 2), 0) + sign
            basc[(ab, rr // 2)] = basc.get((ab, rr // 2), 0) + sign
            pdesc[j][da] += sign
            pasc[j][ab] += sign

    def touched(r, a, b):
        out = set()
        for rr, da, ab in events(r, a, b):
            out.add((da, rr // 2))
            out.add((ab, rr // 2))
        return out

    def float_cost(keys):
        xs = {x for x, _ in keys}
        return sum(team_cost(x) for x in xs) + sum(block_cost(x, b) for x, b in keys)

    def allowed(j, r, a, b):
        for _, da, ab in events(r, a, b):
            if pdesc[j][da] > 0 or pasc[j][ab] > 0:
                return False
        return True

    rng = random.Random(seed * 7919 + teams * 131 + players * 17 + rounds)
    # start: the rainbow matching, rotated differently for each level pair (always allowed)
    base = rainbow_matching(n)
    for j in range(pairs):
        t = (j * (n - 1)) // pairs
        for r in range(first):
            cyc = (starts[j] + r) % half
            a, b = base[(cyc - t) % half]
            choice[j][r] = (_shift(a, t, n), _shift(b, t, n))
            apply(j, r, *choice[j][r], +1)

    blocks = range(rounds // 2)
    for j in range(pairs):
        for blk in blocks:
            set_unsettled(j, blk)

    def total_cost():
        keys = set(bdesc) | set(basc)
        out = sum(team_cost(x) for x in range(n)) + sum(block_cost(x, b) for x, b in keys)
        return out + twin_weight * sum(colour_cost(blk, range(n)) for blk in blocks)

    cost = total_cost()
    cells = [(j, r) for j in range(pairs) for r in range(first)]
    sample = 16
    stall = 0
    for _ in range(budget):
        if cost <= 0 or stall > STALL_STEPS:
            break
        stall += 1
        j, r = cells[rng.randrange(len(cells))]
        old = choice[j][r]
        blks = {rr // 2 for rr in rounds_of(r) if rr // 2 < len(blocks)}
        apply(j, r, *old, -1)

        def config_cost(option, keys, xs):
            choice[j][r] = option
            apply(j, r, *option, +1)
            for blk in blks:
                set_unsettled(j, blk)
            value = float_cost(keys) + twin_weight * sum(colour_cost(blk, xs[blk]) for blk in blks)
            apply(j, r, *option, -1)
            return value

        best = None
        opts = options[(starts[j] + r) % half]
        for option in rng.sample(opts, min(sample, len(opts))):
            if option == old or not allowed(j, r, *option):
                continue
            choice[j][r] = option
            fresh = {blk: compute_unsettled(j, blk) for blk in blks}
            choice[j][r] = old
            xs = {blk: fresh[blk] | compute_unsettled(j, blk) for blk in blks}
            keys = touched(r, *old) | touched(r, *option)
            delta = config_cost(option, keys, xs) - config_cost(old, keys, xs)
            if best is None or delta < best[0]:
                best = (delta, option)
        chosen = best[1] if best is not None and best[0] <= 0 else old
        if chosen != old:
            cost += best[0]
            if best[0] < 0:
                stall = 0
        choice[j][r] = chosen
        apply(j, r, *chosen, +1)
        for blk in blks:
            set_unsettled(j, blk)
    return [tuple(row) for row in choice]


def choose_floaters_exact(teams: int, players: int, rounds: int, starts: tuple[int, ...],
                          seed: int = 0, work: float = 2.0) -> list[tuple[tuple[int, int], ...]]:
    """Floater edges chosen by CP-SAT on the ideals I2–I4 (same rules as :func:`choose_floaters`).

    One Boolean per (level pair, first use of a cycle, directed cycle edge).
    Hard: within a level pair nobody descends or ascends twice. Minimised:
    teams with ``|descents − ascents| > 1`` (I2), descents outside
    ``[⌊D/N⌋, ⌈D/N⌉]`` (I3), and (team, block) with more than
    ``max(1, ⌈P/N⌉)`` descents or ascents (I4), the blocks being consecutive
    rounds. Colour-friendliness is left to the colouring step. Bounded by
    deterministic solver time; falls back to :func:`choose_floaters` if no
    solution is found.
    """
    from ortools.sat.python import cp_model

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
    model.Minimize(sum(penalties))
    solver = deterministic_solver(seed, work)
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return choose_floaters(teams, players, rounds, starts, seed)
    out = []
    for j in range(pairs):
        row = []
        for r in range(first):
            row.append(next((a, b) for (jj, rr, a, b), v in pick.items()
                            if jj == j and rr == r and solver.Value(v)))
        out.append(tuple(row))
    return out
