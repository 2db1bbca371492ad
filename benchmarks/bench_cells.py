"""Benchmark of the per-cell Excel functions against a bare Python call.

Figures in ``docs/benchmarks-cells.md``. A sheet asks one of these functions in
every cell of a grid, so each call must cost little more than the call itself.
Every function is called through its UDF wrapper exactly as Excel calls it
(numbers as floats, a range as a list), 2,000 times over random valid
arguments; a bare Python function of the same arity is called over the same
arguments through the same loop, in turn with it (A B A B …), with the garbage
collector ON (``benchmarks/timing.py``). The figure is the median ratio.

Goal (issue 17): every per-cell function within 30× a bare Python call.

    python benchmarks/bench_cells.py [--repeat 31] [--calls 2000]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from timing import GC_NOTE, per_call_paired  # noqa: E402

from addin.excel.functions_directed import (  # noqa: E402
    DIRECTED_CHECK, DIRECTED_LARGEST, LEAGUE_COMPLEMENT, LEAGUE_HOME, LEAGUE_HOST,
)
from addin.excel.functions_roundrobin import (  # noqa: E402
    BERGER_BOARD, BERGER_COLOR, BERGER_OPPONENT, BERGER_ROUND, BERGER_WHITE,
    RUTSCH_BOARD, RUTSCH_COLOR, RUTSCH_OPPONENT,
)


def cells(rng: random.Random, calls: int, players: int, rounds: int) -> list[tuple]:
    """(players, player, round) as Excel sends them."""
    return [(float(players), float(rng.randint(1, players)), float(rng.randint(1, rounds)))
            for _ in range(calls)]


def pairs(rng: random.Random, calls: int, players: int) -> list[tuple]:
    """(players, a, b) with a ≠ b."""
    out = []
    while len(out) < calls:
        a, b = rng.randint(1, players), rng.randint(1, players)
        if a != b:
            out.append((float(players), float(a), float(b)))
    return out


def groups(rng: random.Random, calls: int, players: int, last_rounds: int, size: int) -> list[tuple]:
    """(players, last_rounds, a column of ``size`` distinct numbers as xlwings sends it)."""
    return [(float(players), float(last_rounds),
             [float(v) for v in rng.sample(range(1, players + 1), size)]) for _ in range(calls)]


def cases(calls: int):
    rng = random.Random(1)
    berger = cells(rng, calls, 1000, 999)
    return (
        ("Berger", "BERGER_OPPONENT(1000, p, r)", BERGER_OPPONENT, berger),
        ("Berger", "BERGER_COLOR(1000, p, r)", BERGER_COLOR, berger),
        ("Berger", "BERGER_BOARD(1000, p, r)", BERGER_BOARD, berger),
        ("Berger", "BERGER_ROUND(1000, a, b)", BERGER_ROUND, pairs(rng, calls, 1000)),
        ("Berger", "BERGER_WHITE(1000, a, b)", BERGER_WHITE, pairs(rng, calls, 1000)),
        ("Rutsch", "RUTSCH_OPPONENT(999, p, r)", RUTSCH_OPPONENT, cells(rng, calls, 999, 999)),
        ("Rutsch", "RUTSCH_COLOR(999, p, r)", RUTSCH_COLOR, cells(rng, calls, 999, 999)),
        ("Rutsch", "RUTSCH_BOARD(999, p, r)", RUTSCH_BOARD, cells(rng, calls, 999, 999)),
        ("league", "LEAGUE_HOME(12, team, r)", LEAGUE_HOME, cells(rng, calls, 12, 11)),
        ("league", "LEAGUE_HOST(12, a, b)", LEAGUE_HOST, pairs(rng, calls, 12)),
        ("league", "LEAGUE_COMPLEMENT(12, team)", LEAGUE_COMPLEMENT,
         [(12.0, float(rng.randint(1, 12))) for _ in range(calls)]),
        ("directed", "DIRECTED_CHECK(30, 5, 4 numbers)", DIRECTED_CHECK, groups(rng, calls, 30, 5, 4)),
        ("directed", "DIRECTED_CHECK(120, 20, 8 numbers)", DIRECTED_CHECK, groups(rng, calls, 120, 20, 8)),
        ("directed", "DIRECTED_LARGEST(p, n)", DIRECTED_LARGEST,
         [(float(p), float(rng.randint(0, p + p % 2 - 2))) for p in (rng.randint(3, 120) for _ in range(calls))]),
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=31)
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args(argv)
    print(f"Per-cell functions against a bare Python call of the same arity ({GC_NOTE}, "
          f"{args.repeat} pairs of {args.calls} calls)")
    print()
    print("| system | call | µs per call | bare call µs | ratio |")
    print("|---|---|---:|---:|---:|")
    for system, label, func, argsets in cases(args.calls):
        pair = per_call_paired(func, argsets, args.repeat)
        print(f"| {system} | {label} | {pair.subject_median * 1e6:.2f} | {pair.baseline_median * 1e6:.3f} | "
              f"{pair.ratio:.0f} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
