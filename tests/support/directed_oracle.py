"""Independent oracles for the directed-pairing tests.

Nothing here imports :mod:`addin.systems.directed`: the meeting round comes from the
Berger closed formulas of :mod:`addin.systems.roundrobin.berger` (seed 003) or from
the seed's printed 16-player table, and group validity is recomputed from it.
"""

from __future__ import annotations

from itertools import combinations

from addin.systems.roundrobin.berger import table_meeting_round

# Seed 000, "Propriétés des tables de Berger": the printed table for 16 players
# (round -> pairs as printed, White first).
TABLE_16 = {
    1: "1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9",
    2: "16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2",
    3: "2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10",
    4: "16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3",
    5: "3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11",
    6: "16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4",
    7: "4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12",
    8: "16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5",
    9: "5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13",
    10: "16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6",
    11: "6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14",
    12: "16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7",
    13: "7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15",
    14: "16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8",
    15: "8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1",
}


def printed_rounds_16() -> dict[frozenset, int]:
    out = {}
    for rnd, text in TABLE_16.items():
        for pair in text.split():
            a, b = (int(v) for v in pair.split("-"))
            out[frozenset((a, b))] = rnd
    return out


def table(players: int) -> int:
    return players + (players & 1)


def meets_early(players: int, last_rounds: int, a: int, b: int) -> bool:
    n = table(players)
    return table_meeting_round(n, a, b) <= n - 1 - last_rounds


def valid_group(players: int, last_rounds: int, group) -> bool:
    return all(meets_early(players, last_rounds, a, b) for a, b in combinations(group, 2))


def valid_answer(players: int, last_rounds: int, sizes, groups) -> bool:
    """Right sizes, in order, disjoint, numbers 1..players, every group valid."""
    if [len(g) for g in groups] != list(sizes):
        return False
    flat = [v for g in groups for v in g]
    if len(set(flat)) != len(flat) or any(not 1 <= v <= players for v in flat):
        return False
    return all(valid_group(players, last_rounds, g) for g in groups)


def brute_force_feasible(players: int, last_rounds: int, sizes) -> bool:
    """Exhaustive search (small fields): pick each group among all valid subsets."""
    sizes = sorted(sizes, reverse=True)
    numbers = range(1, players + 1)
    cliques = {s: [frozenset(c) for c in combinations(numbers, s)
                   if valid_group(players, last_rounds, c)] for s in set(sizes)}

    def place(i: int, used: frozenset, floor: frozenset | None) -> bool:
        if i == len(sizes):
            return True
        for c in cliques[sizes[i]]:
            if c & used:
                continue
            # equal consecutive sizes: impose an order to avoid permutations
            if floor is not None and i and sizes[i] == sizes[i - 1] and min(c) < min(floor):
                continue
            if place(i + 1, used | c, c):
                return True
        return False

    return place(0, frozenset(), None)
