"""Benchmark of the round-robin standings and the TRF export (figures in docs/benchmarks-standings.md).

The workbook tests compare these standings with LibreOffice's for every test
event, and ``export-trf`` computes them once per export, so they must be
instant for real events (≤ 30 players, double round-robin) and grow linearly
with the number of games far beyond. Events: complete random results
(draw-heavy, so DE and SB groups are large), all seven tie-breaks, one
withdrawn player.

Every time is the process's CPU time with the garbage collector ON
(``benchmarks/timing.py``), median of ``--repeat`` runs, and is given against
a baseline timed in turn with it: one pass over the games that adds up the
points from the results (the least any standings must do). The growth
exponent is the least-squares slope of log(time) against log(games) from 30 to
300 players; 1.0 is linear.

    python benchmarks/bench_standings.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from timing import GC_NOTE, median, paired  # noqa: E402

from addin.core.players import Player  # noqa: E402
from addin.files.trf import trf16  # noqa: E402
from addin.systems.roundrobin.berger import berger_schedule  # noqa: E402
from addin.systems.standings.roundrobin import TIEBREAKS, compute_standings  # noqa: E402

FIELDS = (30, 60, 100, 150, 200, 300)
CODES = ["1-0", "0-1", "1/2-1/2", "1/2-1/2", "+-"]
POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5), "+-": (1.0, 0.0)}


def event(players: int, cycles: int, seed: int = 1):
    rng = random.Random(seed)
    sched = berger_schedule(players, cycles=cycles)
    results = {(r, b): rng.choice(CODES) for r, b, _, _ in sched.games()}
    return sched, results


def points_only(sched, results) -> dict[int, float]:
    """The baseline: every game's points added to its two players, nothing else."""
    points = dict.fromkeys(range(1, sched.players + 1), 0.0)
    for r, b, white, black in sched.games():
        w, k = POINTS[results[(r, b)]]
        points[white] += w
        points[black] += k
    return points


def slope(xs: list[float], ys: list[float]) -> float:
    lx = [math.log(x) for x in xs]
    ly = [math.log(y) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sum((a - mx) ** 2 for a in lx)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"compute_standings, all seven tie-breaks, one withdrawn player ({GC_NOTE})")
    print()
    print("| players | games | standings ms | µs per game | baseline ms | ratio to baseline |")
    print("|---:|---:|---:|---:|---:|---:|")
    games_list, times, bases = [], [], []
    for players in FIELDS:
        sched, results = event(players, 1)
        games = len(results)
        pair = paired(lambda: compute_standings(sched, results, TIEBREAKS, withdrawn={1}),
                      lambda: points_only(sched, results), args.repeat)
        games_list.append(games)
        times.append(pair.subject_median)
        bases.append(pair.baseline_median)
        print(f"| {players} | {games} | {pair.subject_median * 1000:.1f} | "
              f"{pair.subject_median / games * 1e6:.2f} | {pair.baseline_median * 1000:.2f} | {pair.ratio:.1f} |",
              flush=True)
    print()
    print(f"growth exponent, 30 to 300 players: standings {slope(games_list, times):.2f}, "
          f"baseline {slope(games_list, bases):.2f} (1.00 = linear in games)")
    print()
    sched, results = event(30, 2)
    t = median(lambda: compute_standings(sched, results, TIEBREAKS, withdrawn={1}), args.repeat)
    print(f"compute_standings 30 players x2 (870 games): {t * 1000:.1f} ms")
    table = compute_standings(sched, results)
    people = [Player(i, f"Player {i}", 1500 + i) for i in range(1, 31)]
    t = median(lambda: trf16(people, sched, results, table, {"name": "Bench"}), args.repeat)
    print(f"trf16 30 players x2 (870 games): {t * 1000:.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
