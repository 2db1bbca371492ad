"""Colours of a Molter table: who has White on every board.

Hard rules (``references.md``, "Molter tables: what a peer checks"), ``P``
players per team, ``R`` rounds:

- player: never three equal colours in a row; cumulative Whites − Blacks
  within ±2; at the end 0 (±1 when ``R`` is odd);
- team: cumulative Whites − Blacks within ±2 after every round, 0 after every
  two-round block and at the end.

Construction (seed 001, table 17: "au cours de chaque période (2 rondes
consécutives) chaque joueur a une fois les blancs et une fois les noirs"):
rounds are taken in blocks of two and every player has one White and one
Black in each block. That settles every player rule and makes every team
balanced after each block. The two rounds' games of a block form even
cycles of players (each player has one game in each round); colouring a
cycle alternately leaves one free bit per cycle (which side has White in
the block's first round). A small CP-SAT model (OR-Tools) chooses the bits:
hard, every team has ``P/2 ± 1`` Whites in the first round (so the team
rule holds); ideal, exactly ``P/2`` (seed 001, table 17: "chaque équipe
disposant ainsi des blancs et des noirs sur un nombre égal d'échiquiers").

An odd last round is coloured alone: every team has exactly ``P/2`` Whites
(its games form a ``P``-regular multigraph of teams, which always has such
an orientation, Euler).
"""

from __future__ import annotations

from addin.core.cpsat import cp_model as _cp_model, deterministic_solver
from addin.systems.molter.cycles import Game


def _cp():
    """The CP-SAT module through the one gate (:mod:`addin.core.cpsat`): a sentence when it is missing."""
    return _cp_model("colours of a generated Molter table")


class ColourFailure(Exception):
    """No colouring of this construction keeps every team within one White of balance."""


def orient(teams: int, players: int, rounds: list[list[Game]], seed: int = 0,
           time_limit: float = 2.0) -> list[list[bool]]:
    """For every game, True when its first player has White."""
    out: list[list[bool]] = []
    for start in range(0, len(rounds), 2):
        if start + 1 < len(rounds):
            out.extend(_block(teams, players, rounds[start], rounds[start + 1], seed, time_limit))
        else:
            out.append(_single(players, rounds[start], seed, time_limit))
    return out


def block_order(teams: int, players: int, rounds: list[list[Game]], coverage: int, seed: int = 0,
                time_limit: float = 2.0) -> tuple[list[int], list[list[bool]]]:
    """Re-pair the rounds into balanceable blocks: ``(order of the rounds, their colours)``.

    When consecutive rounds cannot be coloured by :func:`orient`, other pairs
    of rounds often can. In the constructions of :mod:`addin.systems.molter.construct`
    any ``coverage`` consecutive rounds meet every team that can be met, so
    they are played first (I1: as many distinct teams as arithmetic allows
    after each round); the other rounds may follow in any order without
    changing the pairings' quality. Every pair of rounds is tried as a
    block; for every window of ``coverage`` consecutive rounds a
    maximum-weight matching (networkx) picks the blocks: as many as
    possible, then fewest blocks mixing the window with other rounds (I1),
    fewest floater clashes (I4), fewest imbalanced teams. An odd round out is
    played last, alone. Raises :class:`ColourFailure` if no perfect pairing
    exists.
    """
    import networkx as nx

    total = len(rounds)
    cap = max(1, -(-players // teams))
    base: dict[tuple[int, int], int] = {}
    solved: dict[tuple[int, int], list[list[bool]]] = {}
    for i in range(total):
        for j in range(i + 1, total):
            try:
                cols, misses = _block_with_misses(teams, players, rounds[i], rounds[j], seed, time_limit)
            except ColourFailure:
                continue
            solved[(i, j)] = cols
            base[(i, j)] = 10 ** 7 - 1000 * _float_clashes(rounds[i] + rounds[j], cap) - misses
    best = None
    for start in range(0, total - coverage + 1):
        window = set(range(start, start + coverage))
        graph: nx.Graph[int] = nx.Graph()
        for (i, j), weight in base.items():
            graph.add_edge(i, j, weight=weight - 10 ** 5 * ((i in window) != (j in window)))
        if total % 2:
            for k in [k for k in range(total) if k not in window] or list(range(total)):
                graph.add_edge(k, -1, weight=10 ** 7)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        value = sum(graph.edges[e]["weight"] for e in matching)
        key = (len(matching), value)
        if best is None or key > best[0]:
            best = (key, matching, window)
    if best is None or 2 * len(best[1]) < total + total % 2:
        raise ColourFailure("the rounds cannot be paired into balanceable blocks")
    _, matching, window = best
    blocks = []
    for edge in matching:
        if -1 in edge:
            continue
        i, j = sorted(edge)
        inside = (i in window) + (j in window)
        cols = solved[(i, j)]
        if inside == 1 and j in window:  # the window's round first
            i, j, cols = j, i, [cols[1], cols[0]]
        blocks.append((2 - inside, min(i, j), i, j, cols))
    order: list[int] = []
    colours: list[list[bool]] = []
    for _, _, i, j, cols in sorted(blocks, key=lambda b: b[:2]):
        order += [i, j]
        colours += cols
    for edge in matching:
        if -1 in edge:
            k = max(edge)
            order.append(k)
            colours.append(_single(players, rounds[k], seed, time_limit))
    return order, colours


def _float_clashes(games: list[Game], cap: int) -> int:
    """(team, direction) floating more than ``cap`` times in these games (ideal I4)."""
    moves: dict[tuple[int, int], int] = {}
    for (ta, la), (tb, lb) in games:
        if la != lb:
            (high, _), (low, _) = sorted(((ta, la), (tb, lb)), key=lambda s: s[1])
            moves[(high, 0)] = moves.get((high, 0), 0) + 1
            moves[(low, 1)] = moves.get((low, 1), 0) + 1
    return sum(1 for c in moves.values() if c > cap)


def _block_with_misses(teams, players, first, second, seed, time_limit):
    cols = _block(teams, players, first, second, seed, time_limit)
    return cols, round_colour_misses(players, [first, second], cols)


def round_colour_misses(players: int, rounds: list[list[Game]], colours: list[list[bool]]) -> int:
    """(round, team) pairs where the team lacks exactly ``P/2`` Whites (the per-round ideal)."""
    misses = 0
    for games, row in zip(rounds, colours):
        whites: dict[int, int] = {}
        for ((ta, _), (tb, _)), w in zip(games, row):
            whites.setdefault(ta, 0)
            whites.setdefault(tb, 0)
            whites[ta if w else tb] += 1
        misses += sum(1 for v in whites.values() if v != players // 2)
    return misses


def block_balanceable(teams: int, players: int, first: list[Game], second: list[Game]) -> bool:
    """True when the block ``first``, ``second`` can be coloured by :func:`orient`.

    Every player alternating, every team within one White of balance: the
    signs of the block's alternating cycles exist (CP-SAT, feasibility only).
    """
    cp_model = _cp()
    vectors = [v for v in _cycle_vectors(first, second)[2] if v]
    found = _signs_exist(vectors)
    if found is not None:
        return found
    model = cp_model.CpModel()
    flip = [model.NewBoolVar(f"f{c}") for c in range(len(vectors))]
    per_team: dict[int, list] = {}
    for c, vec in enumerate(vectors):
        for t, v in vec.items():
            per_team.setdefault(t, []).append((c, v))
    for terms in per_team.values():
        model.AddLinearConstraint(sum(v - 2 * v * flip[c] for c, v in terms), -2, 2)
    solver = deterministic_solver(0, 1.0)
    return solver.Solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


#: search nodes after which :func:`_signs_exist` hands over to CP-SAT
SIGN_NODES = 20000


def _signs_exist(vectors: list[dict[int, int]]) -> bool | None:
    """Signs ``±1`` for ``vectors`` keeping every team's sum within ±2 (None: gave up).

    Depth-first search, cycles taken in an order where each one shares a
    team with those before it when possible; a partial sum is hopeless when
    it exceeds 2 by more than the team's remaining absolute values.
    """
    remaining: dict[int, int] = {}
    for vec in vectors:
        for t, v in vec.items():
            remaining[t] = remaining.get(t, 0) + abs(v)
    # order: breadth-first over shared teams
    by_team: dict[int, list[int]] = {}
    for c, vec in enumerate(vectors):
        for t in vec:
            by_team.setdefault(t, []).append(c)
    order: list[int] = []
    seen: set[int] = set()
    for root in range(len(vectors)):
        if root in seen:
            continue
        seen.add(root)
        queue = [root]
        while queue:
            c = queue.pop(0)
            order.append(c)
            for t in vectors[c]:
                for other in by_team[t]:
                    if other not in seen:
                        seen.add(other)
                        queue.append(other)
    total = dict.fromkeys(remaining, 0)
    nodes = 0

    def place(k: int) -> bool | None:
        nonlocal nodes
        if k == len(order):
            return True
        nodes += 1
        if nodes > SIGN_NODES:
            return None
        vec = vectors[order[k]]
        for sign in (1, -1):
            ok = True
            for t, v in vec.items():
                total[t] += sign * v
                remaining[t] -= abs(v)
            for t in vec:
                if abs(total[t]) > 2 + remaining[t]:
                    ok = False
            if ok:
                found = place(k + 1)
                if found is not False:
                    for t, v in vec.items():
                        total[t] -= sign * v
                        remaining[t] += abs(v)
                    return found
            for t, v in vec.items():
                total[t] -= sign * v
                remaining[t] += abs(v)
        return False

    return place(0)


def _cycle_vectors(first, second):
    """The alternating cycles of a block: ``(side, cycle_of, vectors)``.

    ``side[player]`` is 0 or 1 (players on side 0 of a cycle share one
    colour in the first round), ``cycle_of[player]`` the cycle index, and
    ``vectors[c]`` per team the players on side 0 minus those on side 1.
    """
    partner_a = {}
    partner_b = {}
    for g, (x, y) in enumerate(first):
        partner_a[x], partner_a[y] = (y, g), (x, g)
    for g, (x, y) in enumerate(second):
        partner_b[x], partner_b[y] = (y, g), (x, g)
    side: dict = {}
    cycle_of: dict = {}
    cycles: list[list] = []
    for start in partner_a:
        if start in side:
            continue
        index = len(cycles)
        members = []
        node, colour = start, 0
        while node not in side:
            side[node] = colour
            cycle_of[node] = index
            members.append(node)
            mate = partner_a[node][0]
            side[mate] = 1 - colour
            cycle_of[mate] = index
            members.append(mate)
            node = partner_b[mate][0]
            # node plays mate in round b: opposite colour to mate there, so same side as start
        cycles.append(members)
    # vector of a cycle: per team, players on side 0 minus players on side 1
    vectors = []
    for members in cycles:
        vec: dict[int, int] = {}
        for node in members:
            vec[node[0]] = vec.get(node[0], 0) + (1 if side[node] == 0 else -1)
        vectors.append({t: v for t, v in vec.items() if v})
    return side, cycle_of, vectors


def _block(teams, players, first, second, seed, time_limit):
    """Colour two rounds: each player alternates; teams as balanced as possible."""
    side, cycle_of, vectors = _cycle_vectors(first, second)
    flips = _balance(teams, vectors, seed, time_limit)
    # side 0 of a cycle with flip False has White in round a
    def white_a(node):
        return (side[node] == 0) != flips[cycle_of[node]]
    col_a = [white_a(x) for x, _ in first]
    col_b = [not white_a(x) for x, _ in second]
    return [col_a, col_b]


def _balance(teams, vectors, seed, time_limit):
    """Signs for the cycle vectors: every team's sum within ±2, as many zeros as possible."""
    cp_model = _cp()
    model = cp_model.CpModel()
    flip = [model.NewBoolVar(f"f{c}") for c in range(len(vectors))]
    if flip:
        model.Add(flip[0] == 0)
    per_team: dict[int, list] = {}
    for c, vec in enumerate(vectors):
        for t, v in vec.items():
            per_team.setdefault(t, []).append((c, v))
    misses = []
    for t, terms in per_team.items():
        # sum of v·(1 − 2·flip)
        expr = sum(v - 2 * v * flip[c] for c, v in terms)
        model.AddLinearConstraint(expr, -2, 2)
        ok = model.NewBoolVar(f"ok{t}")
        model.Add(expr == 0).OnlyEnforceIf(ok)
        misses.append(ok.Not())
    model.Minimize(sum(misses))
    solver = deterministic_solver(seed, time_limit)
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise ColourFailure("no alternating colouring keeps every team within one White of balance")
    return [bool(solver.Value(f)) for f in flip]


def _single(players, games, seed, time_limit):
    """One round alone: every team exactly ``P/2`` Whites."""
    cp_model = _cp()
    model = cp_model.CpModel()
    white = [model.NewBoolVar(f"w{g}") for g in range(len(games))]
    per_team: dict[int, list] = {}
    for g, (x, y) in enumerate(games):
        per_team.setdefault(x[0], []).append(white[g])
        per_team.setdefault(y[0], []).append(white[g].Not())
    for lits in per_team.values():
        model.Add(sum(lits) == players // 2)
    solver = deterministic_solver(seed, time_limit)
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # pragma: no cover - Euler
        raise ColourFailure("no balanced colouring of the last round")
    return [bool(solver.Value(w)) for w in white]


def exact_orient(teams: int, players: int, rounds: list[list[Game]], hint: list[list[bool]] | None = None,
                 seed: int = 0, work: float = 1.5, balanced_after: tuple[int, ...] = ()) -> list[list[bool]] | None:
    """Colours with exactly ``P/2`` Whites per team and round, or None if not found.

    A CP-SAT model over every game of the event, without the block
    alternation of :func:`orient` (a player may play W W B B, which the
    rules allow): per player no three equal colours in a row, Whites −
    Blacks within ±2 after every even round and 0 at the end (±1 for an odd
    number of rounds), and 0 after each round count in ``balanced_after`` (a
    table whose autonomous round may be left out); per team exactly ``P/2``
    Whites in every round (which implies the team rules). ``work`` bounds the solver's deterministic time
    (same answer on every machine); ``hint`` is a starting colouring.
    """
    cp_model = _cp()
    model = cp_model.CpModel()
    white: list[list] = []
    lits: dict = {}
    per_round_team: list[dict] = []
    for r, games in enumerate(rounds):
        row = []
        per_team: dict[int, list] = {}
        for g, (a, b) in enumerate(games):
            v = model.NewBoolVar(f"w{r}_{g}")
            if hint is not None:
                model.AddHint(v, hint[r][g])
            row.append(v)
            lits.setdefault(a, []).append(v)
            lits.setdefault(b, []).append(v.Not())
            per_team.setdefault(a[0], []).append(v)
            per_team.setdefault(b[0], []).append(v.Not())
        white.append(row)
        per_round_team.append(per_team)
    for seq in lits.values():
        for t in range(len(seq) - 2):
            model.AddBoolOr(seq[t:t + 3])
            model.AddBoolOr([x.Not() for x in seq[t:t + 3]])
        for t in range(1, len(seq) + 1):
            # Whites − Blacks = 2·W − t within ±2; at the end 0 (±1 after an odd number of rounds)
            reach = (1 if t % 2 else 0) if t == len(seq) else 0 if t in balanced_after else 2
            model.AddLinearConstraint(sum(seq[:t]), max(0, -(-(t - reach) // 2)), min(t, (t + reach) // 2))
    for per_team in per_round_team:
        for team_lits in per_team.values():
            model.Add(sum(team_lits) == players // 2)
    solver = deterministic_solver(seed, work)
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[bool(solver.Value(v)) for v in row] for row in white]
