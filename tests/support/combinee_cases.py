"""Formule Combinée oracles and the seed's printed tables (seed 002), shared by the systems and door tests."""

from __future__ import annotations

import functools
import re


def brute_force(order, rematches, byes):
    """The issue's definition, literally, by enumerating perfect matchings."""
    players = list(order)
    if len(players) % 2:
        players.append("X")
        counts = {p: byes.get(p, 0) for p in order}
        fewest = min(counts.values())
        eligible = {p for p in order if counts[p] == fewest}
    else:
        eligible = set()
    rem = {frozenset(g) for g in rematches}

    def allowed(a, b):
        if "X" in (a, b):
            other = b if a == "X" else a
            return other in eligible
        return True

    def cost(a, b):
        return 0 if "X" in (a, b) else int(frozenset((a, b)) in rem)

    @functools.lru_cache(maxsize=None)
    def best(rest):
        """Fewest rematches to pair the tuple ``rest`` (None if impossible)."""
        if not rest:
            return 0
        a = rest[0]
        out = None
        for i in range(1, len(rest)):
            b = rest[i]
            if not allowed(a, b):
                continue
            sub = best(rest[1:i] + rest[i + 1:])
            if sub is not None and (out is None or cost(a, b) + sub < out):
                out = cost(a, b) + sub
        return out

    rest = tuple(players)
    budget = best(rest)
    pairs = []
    while rest:
        p = rest[0]
        choice = None
        for want in (0, 1):
            for q in rest[1:]:
                if not allowed(p, q) or cost(p, q) != want:
                    continue
                left = tuple(v for v in rest if v not in (p, q))
                sub = best(left)
                if sub is not None and want + sub <= budget:
                    choice = q
                    break
            if choice is not None:
                break
        budget -= cost(p, choice)
        pairs.append((p, choice))
        rest = tuple(v for v in rest if v not in (p, choice))
    return [(a if a != "X" else None, b if b != "X" else None) for a, b in pairs]


# -- the printed groups of seed 002 (systems/test_combinee_groups.py) ----------

# Seed 002, 2-4, the two printed distributions of 64 players (rows; columns G1..G6).
PLAIN_64 = """
1 2 3 4 5 6
12 11 10 9 8 7
13 14 15 16 17 18
24 23 22 21 20 19
25 26 27 28 29 30
36 35 34 33 32 31
37 38 39 40 41 42
48 47 46 45 44 43
49 50 51 52 53 54
60 59 58 57 56 55
61 62
64 63
"""


IMPROVED_64 = """
1 2 3 4 5 6
12 11 10 9 8 7
13 14 15 16 17 18
24 23 22 21 20 19
25 26 27 28 29 30
36 35 64 63 62 61
37 38 39 40 41 42
48 47 46 45 44 43
49 50 51 52 53 54
60 59 58 57 56 55
31 32
34 33
"""


def columns(text):
    rows = [[int(x) for x in line.split()] for line in text.strip().splitlines()]
    groups = [[] for _ in range(len(rows[0]))]
    for row in rows:
        for g, rank in enumerate(row):
            groups[g].append(rank)
    return groups


# -- the printed phase-1 tables of seed 002 (systems/test_combinee_phase1.py) ----------

# Seed 002, 2-5, copied verbatim (typo included: "A7vsA7" in round 9 of the group of 10).
SEED_10 = """
Ronde 1 : A1vsA10, A2vsA9, A3vsA8, A4vsA7 et A5vsA6
Ronde 2 : A2vsA10, A1vsA3, A4vsA9, A5vsA8 et A6vsA7
Ronde 3 : A3vsA10, A2vsA4, A1vsA5, A6vsA9 et A7vsA8
Ronde 4 : A4vsA10, A3vsA5, A2vsA6, A1vsA7 et A8vsA9
Ronde 5 : A5vsA10, A4vsA6, A3vsA7, A2vsA8 et A9vsA1
Ronde 6 : A6vsA10, A5vsA7, A4vsA8, A3vsA9 et A1vsA2
Ronde 7 : A7vsA10, A6vsA8, A5vsA9, A1vsA4 et A2vsA3
Ronde 8 : A8vsA10, A7vsA9, A1vsA6, A2vsA5 et A3vsA4
Ronde 9 : A9vsA10, A1vsA8, A7vsA7, A3vsA6 et A4vsA5
"""


SEED_12 = """
Ronde 1 : A1vsA12, A2vsA11, A3vsA10, A4vsA9, A5vsA8 et A6vsA7
Ronde 2 : A3vsA12, A2vsA4, A1vsA5, A6vsA11, A7vsA10 et A8vsA9
Ronde 3 : A4vsA12, A3vsA5, A2vsA6, A1vsA7, A8vsA11 et A9vsA10
Ronde 4 : A5vsA12, A4vsA6, A3vsA7, A2vsA8, A1vsA9 et A10vsA11
Ronde 5 : A6vsA12, A5vsA7, A4vsA8, A3vsA9, A2vsA10 et A1vsA11
Ronde 6 : A7vsA12, A6vsA8, A5vsA9, A4vsA10, A3vsA11 et A1vsA2
Ronde 7 : A8vsA12, A7vsA9, A6vsA10, A5vsA11, A1vsA4 et A2vsA3
Ronde 8 : A9vsA12, A8vsA10, A7vsA11, A1vsA6, A2vsA5 et A3vsA4
Ronde 9 : A11vsA12, A1vsA10, A2vsA9, A3vsA8, A4vsA7 et A5vsA6
"""


# docs/corrections-combinee.md: round 9 of the group of 10, third game.
CORRECTIONS_10 = {(9, 2): (2, 7)}


def parse(text):
    rounds = []
    for line in text.strip().splitlines():
        games = re.findall(r"A(\d+)vsA(\d+)", line)
        rounds.append([(int(a), int(b)) for a, b in games])
    return rounds


def apply(rounds, corrections):
    out = [list(r) for r in rounds]
    for (rnd, index), game in corrections.items():
        out[rnd - 1][index] = game
    return out
