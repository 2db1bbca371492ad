"""Benchmark of the xlwings Lite edition: Pyodide against CPython, same calls, same run.

Figures in docs/benchmarks-lite.md. Needs Node and ``npm ci`` in tests/pyodide.

1. Excel functions: every call of the desktop UDF tests (tests/support/udf_cases.py), then a few
   large ones, through xlwings' Office.js call path, in Pyodide (Node) and in a fresh
   CPython (tests/support/pyodide_harness.py), the garbage collector on, as the program runs. The
   small calls are repeated 5 times and the best time of each interpreter kept; the large
   ones are timed at their first call in a fresh interpreter (no table cached yet), the two
   interpreters started in turn 3 times and the best time of each kept.
2. Directed groups without CP-SAT: the frontier walks of bench_directed.py (a request grows
   one number at a time until it is impossible), with OR-Tools made unimportable; how many
   walks end on a refusal (a request only CP-SAT settles) instead of an answer. The search
   is bounded by node counts, not time, so Pyodide refuses exactly these requests.

    python benchmarks/bench_lite.py            # both parts
    python benchmarks/bench_lite.py calls      # part 1 only
    python benchmarks/bench_lite.py large      # part 1, large calls only
    python benchmarks/bench_lite.py directed   # part 2 only
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("XLWINGS_ON_SERVER", "true")
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

LARGE = [("BERGER_TABLE", (300,)), ("BERGER_TABLE", (100, 4)), ("RUTSCH_TABLE", (300,)),
         ("MOLTER_TABLE", (8, 12)), ("COMBINEE_SNAKE", (10000, 9)),
         ("DIRECTED_GROUPS", (40, 12, [[10], [5], [5]])), ("COMBINEE_PAIRING", ([[i] for i in range(1, 201)], None))]
HUGE = [("BERGER_TABLE", (1448,))]  # the largest single round-robin that fits in a sheet


def best_times(report: dict, count: int, repeat: int) -> list[float]:
    calls = report["calls"]
    return [min(calls[r * count + i]["seconds"] for r in range(repeat)) for i in range(count)]


def compare(cases, repeat: int) -> list[tuple[str, tuple, float, float]]:
    from support.pyodide_harness import run_cpython, run_pyodide
    from support.xlwings_server import payload

    calls = [payload(name, *args) for name, args in cases]
    lite = run_pyodide(calls, repeat=repeat, timeout=1800)
    desktop = run_cpython(calls, repeat=repeat, timeout=1800)
    for i, (m, t) in enumerate(zip(lite["calls"][:len(cases)], desktop["calls"][:len(cases)])):
        assert m["result"] == t["result"], cases[i]
    return [(name, args, m, t) for (name, args), m, t in
            zip(cases, best_times(lite, len(cases), repeat), best_times(desktop, len(cases), repeat))]


def compare_cold(cases, rounds: int = 3) -> list[tuple[str, tuple, float, float]]:
    """First-call times, each interpreter started afresh ``rounds`` times in turn; the best kept."""
    from support.pyodide_harness import run_cpython, run_pyodide
    from support.xlwings_server import payload

    calls = [payload(name, *args) for name, args in cases]
    best_lite = [float("inf")] * len(cases)
    best_desktop = [float("inf")] * len(cases)
    for _ in range(rounds):  # alternating, so that a burst of load on the machine hits both
        lite = run_pyodide(calls, timeout=1800)
        desktop = run_cpython(calls, timeout=1800)
        for i, (m, t) in enumerate(zip(lite["calls"], desktop["calls"])):
            assert m["result"] == t["result"], cases[i]
            best_lite[i] = min(best_lite[i], m["seconds"])
            best_desktop[i] = min(best_desktop[i], t["seconds"])
    return [(name, args, m, t) for (name, args), m, t in zip(cases, best_lite, best_desktop)]


def part_calls(small: bool = True) -> None:
    if small:
        part_small()
    print("## Large calls (first call in a fresh interpreter, best of 3 alternating starts)\n")
    print("| call | Pyodide s | CPython s | ratio |")
    print("|---|---:|---:|---:|")
    for name, args, m, t in compare_cold(LARGE + HUGE):
        shown = ", ".join(str(a) if not isinstance(a, list) else f"[{len(a)} cells]" for a in args)
        print(f"| {name}({shown}) | {m:.3f} | {t:.3f} | {m / t:.2f} |", flush=True)


def part_small() -> None:
    from support.udf_cases import desktop_cases

    small = compare(desktop_cases(), repeat=5)
    by_function = defaultdict(lambda: [0.0, 0.0, 0])
    for name, _, m, t in small:
        entry = by_function[name]
        entry[0] += m
        entry[1] += t
        entry[2] += 1
    print(f"## Every call of the desktop UDF tests ({len(small)} calls, best of 5 each)\n")
    print("| function | calls | Pyodide ms/call | CPython ms/call | ratio |")
    print("|---|---:|---:|---:|---:|")
    for name in sorted(by_function):
        m, t, n = by_function[name]
        print(f"| {name} | {n} | {m / n * 1e3:.3f} | {t / n * 1e3:.3f} | {m / t:.2f} |")
    ratios = [m / t for *_, m, t in small if t > 0]
    print(f"\nAll {len(small)} calls: median ratio {statistics.median(ratios):.2f}, "
          f"total {sum(m for *_, m, _ in small) * 1e3:.1f} ms against {sum(t for *_, t in small) * 1e3:.1f} ms.\n")


def part_directed() -> None:
    for name in [m for m in sys.modules if m.startswith("ortools")] + ["ortools"]:
        sys.modules[name] = None
    from addin.core import cpsat
    from addin.core.errors import TournamentError
    from addin.systems.directed.rules import Field
    from addin.systems.directed.solver import solve_groups
    from bench_directed import last_rounds_values

    cpsat.available.cache_clear()
    assert not cpsat.available()
    print("## Directed groups without CP-SAT (frontier walks of bench_directed.py)\n")
    print("| players | walks | requests | refused (need CP-SAT) | share of walks | share of requests "
          "| slowest answer or refusal, s |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    rng = random.Random(2024)
    for players in (10, 16, 20, 24, 30, 40, 50, 60):
        total = refused = walks = 0
        slowest = 0.0
        for n in last_rounds_values(players):
            f = Field(players, n)
            for _ in range(3 if players > 30 else 6):
                walks += 1
                sizes: list[int] = []
                while True:
                    trial = list(sizes)
                    if not trial or rng.random() < 0.3:
                        trial.append(2)
                    else:
                        trial[rng.randrange(len(trial))] += 1
                    if sum(trial) > players:
                        break
                    start = time.perf_counter()
                    total += 1
                    try:
                        ok = solve_groups(f, trial) is not None
                    except TournamentError:
                        refused += 1
                        ok = False
                    slowest = max(slowest, time.perf_counter() - start)
                    if not ok:
                        break
                    sizes = trial
        print(f"| {players} | {walks} | {total} | {refused} | {refused / walks:.1%} | {refused / total:.1%} "
              f"| {slowest:.2f} |", flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "benchmarks"))
    parts = sys.argv[1:] or ["calls", "directed"]
    if "calls" in parts or "large" in parts:
        part_calls(small="calls" in parts)
    if "directed" in parts:
        part_directed()
