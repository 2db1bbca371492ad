"""Hand-worked Molter ranking scenarios of seed 001 (the arithmetic is in the comments of systems/test_molter_ranking.py)."""

from __future__ import annotations

from addin.systems.molter.model import Pairing, Seat


def rnd(*pairs):
    return tuple(Pairing.parse(p) for p in pairs)


# 4 teams x 2 players x 3 rounds, hand-made (equal board levels, nobody meets a team twice)
SMALL = [
    rnd("A1-B1", "C1-D1", "B2-A2", "D2-C2"),
    rnd("C1-A1", "B1-D1", "A2-C2", "D2-B2"),
    rnd("A1-D1", "C1-B1", "D2-A2", "B2-C2"),
]


WINS_DECIDE = {(1, 1): "1-0", (1, 2): "1/2-1/2", (1, 3): "0-1", (1, 4): "1/2-1/2",
               (2, 1): "1-0", (2, 2): "1/2-1/2", (2, 3): "0-1", (2, 4): "1/2-1/2"}


H2H_DECIDES = {(1, 1): "0-1", (1, 2): "0-1", (1, 3): "1/2-1/2", (1, 4): "1/2-1/2",
               (3, 1): "1-0", (3, 2): "1/2-1/2", (3, 3): "1/2-1/2", (3, 4): "1/2-1/2"}


# 4 teams x 4 players, one round where A meets only B and C only D
BOARDS_TABLE = [rnd("A1-B1", "C1-D1", "B2-A2", "D2-C2", "A3-B3", "C3-D3", "B4-A4", "D4-C4")]


BOARDS_DECIDE = {(1, 1): "1-0", (1, 3): "1-0", (1, 5): "0-1", (1, 7): "0-1",
                 (1, 2): "=", (1, 4): "=", (1, 6): "=", (1, 8): "="}
