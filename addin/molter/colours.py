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

from ortools.sat.python import cp_model

from .construct import Game


class ColourFailure(Exception):
    """No colouring of this construction keeps every team within one White of balance."""


def orient(teams: int, players: int, rounds: list[list[Game]], seed: int = 0,
           time_limit: float = 5.0) -> list[list[bool]]:
    """For every game, True when its first player has White."""
    out: list[list[bool]] = []
    for start in range(0, len(rounds), 2):
        if start + 1 < len(rounds):
            out.extend(_block(teams, players, rounds[start], rounds[start + 1], seed, time_limit))
        else:
            out.append(_single(players, rounds[start], seed, time_limit))
    return out


def _block(teams, players, first, second, seed, time_limit):
    """Colour two rounds: each player alternates; teams as balanced as possible."""
    partner_a = {}
    partner_b = {}
    for g, (x, y) in enumerate(first):
        partner_a[x], partner_a[y] = (y, g), (x, g)
    for g, (x, y) in enumerate(second):
        partner_b[x], partner_b[y] = (y, g), (x, g)
    side: dict = {}
    cycle_of: dict = {}
    cycles = []
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
    flips = _balance(teams, vectors, seed, time_limit)
    # side 0 of a cycle with flip False has White in round a
    def white_a(node):
        return (side[node] == 0) != flips[cycle_of[node]]
    col_a = [white_a(x) for x, _ in first]
    col_b = [not white_a(x) for x, _ in second]
    return [col_a, col_b]


def _balance(teams, vectors, seed, time_limit):
    """Signs for the cycle vectors: every team's sum within ±2, as many zeros as possible."""
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
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_time_in_seconds = time_limit
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise ColourFailure("no alternating colouring keeps every team within one White of balance")
    return [bool(solver.Value(f)) for f in flip]


def _single(players, games, seed, time_limit):
    """One round alone: every team exactly ``P/2`` Whites."""
    model = cp_model.CpModel()
    white = [model.NewBoolVar(f"w{g}") for g in range(len(games))]
    per_team: dict[int, list] = {}
    for g, (x, y) in enumerate(games):
        per_team.setdefault(x[0], []).append(white[g])
        per_team.setdefault(y[0], []).append(white[g].Not())
    for lits in per_team.values():
        model.Add(sum(lits) == players // 2)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_time_in_seconds = time_limit
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # pragma: no cover - Euler
        raise ColourFailure("no balanced colouring of the last round")
    return [bool(solver.Value(w)) for w in white]
