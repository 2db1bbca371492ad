"""Benchmark of the round-robin engine (issue 2 targets).

* per-cell Excel functions (BERGER_OPPONENT, BERGER_ROUND, BERGER_COLOR,
  BERGER_BOARD) called as Excel calls them (floats): target < 5 µs per call;
* BERGER_TABLE(1000) — 499,500 games as one 2D array: target < 1 s.

Run: ``python benchmarks/bench_roundrobin.py``. Prints one line per figure.
"""

from __future__ import annotations

import random
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from addin.systems.roundrobin.berger import berger_schedule  # noqa: E402
from addin.excel.functions_roundrobin import (  # noqa: E402
    BERGER_BOARD, BERGER_COLOR, BERGER_OPPONENT, BERGER_ROUND, BERGER_TABLE,
)


def per_call(func, argsets, repeat=5):
    calls = len(argsets)

    def run():
        for args in argsets:
            func(*args)

    best = min(timeit.repeat(run, number=1, repeat=repeat))
    return best / calls * 1e6


def main() -> None:
    rng = random.Random(1)
    players = 1000.0
    cells = [(players, float(rng.randint(1, 1000)), float(rng.randint(1, 999))) for _ in range(20000)]
    pairs = []
    while len(pairs) < 20000:
        a, b = rng.randint(1, 1000), rng.randint(1, 1000)
        if a != b:
            pairs.append((players, float(a), float(b)))
    for name, func, argsets in (
        ("BERGER_OPPONENT", BERGER_OPPONENT, cells),
        ("BERGER_COLOR", BERGER_COLOR, cells),
        ("BERGER_BOARD", BERGER_BOARD, cells),
        ("BERGER_ROUND", BERGER_ROUND, pairs),
    ):
        print(f"{name:<16} {per_call(func, argsets):6.2f} µs per call (target < 5 µs)")
    for label, func in (
        ("berger_schedule(1000)", lambda: berger_schedule(1000)),
        ("BERGER_TABLE(1000)", lambda: BERGER_TABLE(1000.0)),
        ("BERGER_TABLE(1000, 2)", lambda: BERGER_TABLE(1000.0, 2.0)),
    ):
        best = min(timeit.repeat(func, number=1, repeat=3))
        print(f"{label:<22} {best:6.3f} s (target for BERGER_TABLE(1000): < 1 s)")


if __name__ == "__main__":
    main()
