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
    python benchmarks/bench_directed.py --compare ../main ../baseline=../venvs/baseline/bin/python 120

``--compare`` times the same requests with other checkouts of the project (their
``addin`` package; their Python after ``=``, else this one): every request of this checkout's walks for the field
sizes given, each sent in turn to one worker process per checkout (this one first, then
each baseline: A B C A B C …), each worker timing its own call (CPU, collector on). It
prints per request the seconds and the ratios baseline / this checkout, and a summary:
worst, median, how many under 2 s, and the same-run ratios.
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


WORKER = r"""
import gc, importlib, json, sys, time
root = sys.argv[1]
sys.path.insert(0, root)
from ortools.sat.python import cp_model  # noqa: F401  (imported before the timings)
for package in ("addin.systems.directed", "addin.directed"):  # today's layout, then the older one
    try:
        solver = importlib.import_module(package + ".solver")
        rules = importlib.import_module(package + ".rules")
    except ImportError:
        continue
    if solver.__file__.startswith(root) and rules.__file__.startswith(root):
        break
else:
    raise SystemExit("no directed solver under " + root)
print(json.dumps(solver.__file__), flush=True)
for line in sys.stdin:
    players, n, sizes = json.loads(line)
    assert gc.isenabled()  # on, and not forced before each request (as timed() here)
    start = time.process_time()
    try:
        groups = solver.solve_groups(rules.Field(players, n), sizes)
    except Exception as error:  # e.g. a time limit: reported, not hidden
        groups = repr(error)
    elapsed = time.process_time() - start
    print(json.dumps([elapsed, groups]), flush=True)
"""


def walk_requests(players: int, rng: random.Random) -> list[tuple[int, list[int]]]:
    """Every request (n, sizes) the frontier walks of this field send, with this checkout."""
    sent: list[tuple[int, list[int]]] = []
    global timed
    plain = timed

    def recording(f: Field, sizes: list[int]) -> tuple[float, bool]:
        sent.append((f.last_rounds, list(sizes)))
        return plain(f, sizes)

    timed = recording
    try:
        bench(players, rng)
    finally:
        timed = plain
    return sent


def compare(checkouts: list[str], fields: list[int]) -> None:
    import json
    import subprocess

    roots = [HERE.parent] + [Path(c.split("=")[0]) for c in checkouts]
    pythons = [sys.executable] + [c.split("=")[1] if "=" in c else sys.executable for c in checkouts]
    workers = [subprocess.Popen([python, "-c", WORKER, str(root.resolve())], text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE)
               for root, python in zip(roots, pythons)]
    for root, python, worker in zip(roots, pythons, workers):
        print(f"- {root.resolve()}: solver {json.loads(worker.stdout.readline())}, Python {python}")
    rng = random.Random(2024)
    for players in fields:
        requests = walk_requests(players, rng)
        times: list[list[float]] = [[] for _ in roots]
        rows = []
        for n, sizes in requests:
            f = Field(players, n)
            answers = []
            for i, worker in enumerate(workers):
                worker.stdin.write(json.dumps([players, n, sizes]) + "\n")
                worker.stdin.flush()
                seconds, groups = json.loads(worker.stdout.readline())
                times[i].append(seconds)
                if isinstance(groups, str):  # an error (a time limit): counted as no answer
                    print(f"  {roots[i].name}: n={n}, {sizes}: {groups}", file=sys.stderr)
                    groups = None
                answers.append(groups is not None)
                if groups is not None:  # every checkout's answer re-checked here
                    assert [len(g) for g in groups] == sizes
                    assert len({v for g in groups for v in g}) == sum(sizes)
                    assert all(is_group(f, g) for g in groups)
            assert len(set(answers)) == 1, (n, sizes, answers)
            rows.append((n, sizes, answers[0], [t[-1] for t in times]))
        print()
        print(f"{players} players: {len(requests)} requests of the walks, CPU s ({GC_NOTE})")
        print()
        slow = [r for r in rows if max(r[3]) > 1.0]
        print("| n | groups | numbers | feasible | " + " | ".join(f"{r.name} s" for r in roots) + " |")
        print("|---:|---:|---:|---|" + "---:|" * len(roots))
        for n, sizes, ok, secs in slow:
            print(f"| {n} | {len(sizes)} | {sum(sizes)} | {'yes' if ok else 'no'} | "
                  + " | ".join(f"{s:.2f}" for s in secs) + " |")
        print()
        print("| checkout | worst s | median s, all | median s, the requests slower than 1 s anywhere "
              "| under 2 s | total s | total / this checkout |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for i, root in enumerate(roots):
            mine = times[i]
            print(f"| {root.name} | {max(mine):.2f} | {statistics.median(mine) * 1000:.1f} ms | "
                  f"{statistics.median([r[3][i] for r in slow]) if slow else 0:.2f} | "
                  f"{sum(t < 2.0 for t in mine)} of {len(mine)} | {sum(mine):.1f} | "
                  f"{sum(mine) / sum(times[0]):.1f} |", flush=True)
        for i, root in enumerate(roots[1:], 1):
            print(f"worst {root.name} / worst this checkout: {max(times[i]) / max(times[0]):.1f}")
    for worker in workers:
        worker.stdin.close()
        worker.wait()


def main(argv: list[str]) -> None:
    if argv and argv[0] == "--compare":
        checkouts = [a for a in argv[1:] if not a.isdigit()]
        compare(checkouts, [int(a) for a in argv[1:] if a.isdigit()] or [120])
        return
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
