"""Benchmark of the directed-groups solver (figures in docs/benchmarks-directed.md).

For every field size and every number of kept-free last rounds (beyond 30
players: a spread of 11 values of n, 3 walks each), random walks
build requests right at the feasibility frontier (the hardest ones): a request
grows one number at a time (a group gets one more member, or a new group of 2
opens) until it becomes impossible; both the last feasible request and the
first impossible one are timed. Each answer is re-checked with the rule
checker.

Times are the process's CPU seconds of each request with the garbage collector
ON (``benchmarks/timing.py``), as the UDF server and the CLI run; the multi-core
CP-SAT fallback, when it runs, counts the CPU of all its workers.

    python benchmarks/bench_directed.py               # 4-30 players, then 40, 50, 60
    python benchmarks/bench_directed.py 30 60 80      # chosen field sizes
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from timing import GC_NOTE, clock  # noqa: E402

from addin.systems.directed.rules import Field, is_group  # noqa: E402
from addin.systems.directed.solver import solve_groups  # noqa: E402

WALKS = 6
SLOWEST = [0.0, None]  # over every timed request of the walks, not only the frontier ones


def timed(f: Field, sizes: list[int]) -> tuple[float, bool]:
    assert gc.isenabled()
    start = clock()
    groups = solve_groups(f, sizes)
    elapsed = clock() - start
    if elapsed > SLOWEST[0]:
        SLOWEST[:] = [elapsed, (f.last_rounds, list(sizes), groups is not None)]
    if elapsed > 1.0:
        print(f"  slow: {f.players} players, n={f.last_rounds}, {sizes}: {elapsed:.2f} s",
              file=sys.stderr, flush=True)
    if groups is not None:
        assert [len(g) for g in groups] == sizes
        assert len({v for g in groups for v in g}) == sum(sizes)
        assert all(is_group(f, g) for g in groups)
    return elapsed, groups is not None


def frontier(f: Field, rng: random.Random):
    """Yield (sizes, seconds, feasible) for the last feasible and first infeasible request."""
    sizes: list[int] = []
    last = None
    while True:
        trial = list(sizes)
        if not trial or rng.random() < 0.3:
            trial.append(2)
        else:
            trial[rng.randrange(len(trial))] += 1
        if sum(trial) > f.players:
            if last:
                yield last
            return
        seconds, ok = timed(f, trial)
        if not ok:
            if last:
                yield last
            yield (trial, seconds, False)
            return
        sizes, last = trial, (trial, seconds, True)


def last_rounds_values(players: int) -> list[int]:
    """Every n up to 30 players; beyond, a spread of n (small, middle, large)."""
    rounds = players + (players & 1) - 1
    if players <= 30:
        return list(range(1, rounds))
    return sorted({1, 2, 3, 4, 5, 8, 12, rounds // 3, rounds // 2, 2 * rounds // 3, rounds - 3} - {0})


def bench(players: int, rng: random.Random) -> dict:
    SLOWEST[:] = [0.0, None]
    times = []
    worst = (0.0, None)
    walks = WALKS if players <= 30 else 3
    for n in last_rounds_values(players):
        f = Field(players, n)
        for _ in range(walks):
            for sizes, seconds, ok in frontier(f, rng):
                times.append(seconds)
                if seconds > worst[0]:
                    worst = (seconds, (n, sizes, ok))
    return {"players": players, "requests": len(times), "median": statistics.median(times),
            "max": worst[0], "worst": worst[1], "all_max": SLOWEST[0], "all_worst": SLOWEST[1]}


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or list(range(4, 31)) + [40, 50, 60]
    rng = random.Random(2024)
    from ortools.sat.python import cp_model  # noqa: F401  (imported once, outside the timings)

    print(f"Directed-groups solver at the feasibility frontier ({GC_NOTE})")
    print()
    print("| players | frontier requests | median ms | max ms | slowest frontier request (n, sizes, feasible) "
          "| max ms, any request of the walks |")
    print("|---:|---:|---:|---:|---|---:|")
    for players in sizes:
        r = bench(players, rng)
        print(f"| {r['players']} | {r['requests']} | {r['median'] * 1000:.1f} | {r['max'] * 1000:.0f} | "
              f"{r['worst']} | {r['all_max'] * 1000:.0f} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
