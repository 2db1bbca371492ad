"""Benchmark of the round-robin event model (issue 3).

The workbook engineer compares these standings with LibreOffice's for every
test event, and ``export-trf`` computes them once per export, so they must be
instant for real events (≤ 30 players, double round-robin) and stay
reasonable far beyond. Figures: best of 5 runs, complete random results
(draw-heavy, so DE and SB groups are large), all seven tie-breaks.

Run: ``python benchmarks/bench_standings.py``. Prints one line per figure.
"""

from __future__ import annotations

import random
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from addin.files.trf import trf16  # noqa: E402
from addin.core.players import Player  # noqa: E402
from addin.systems.roundrobin.berger import berger_schedule  # noqa: E402
from addin.systems.standings.roundrobin import TIEBREAKS, compute_standings  # noqa: E402


def event(players: int, cycles: int, seed: int = 1):
    rng = random.Random(seed)
    sched = berger_schedule(players, cycles=cycles)
    codes = ["1-0", "0-1", "1/2-1/2", "1/2-1/2", "+-"]
    results = {(r, b): rng.choice(codes) for r, b, _, _ in sched.games()}
    return sched, results


def best(func, repeat: int = 5) -> float:
    return min(timeit.repeat(func, number=1, repeat=repeat))


def main() -> None:
    for players, cycles in ((30, 2), (100, 1), (300, 1)):
        sched, results = event(players, cycles)
        games = sum(1 for _ in sched.games())
        t = best(lambda: compute_standings(sched, results, TIEBREAKS, withdrawn={1}))
        print(f"compute_standings {players} players x{cycles} ({games} games)  {t * 1000:8.1f} ms")
    sched, results = event(30, 2)
    table = compute_standings(sched, results)
    people = [Player(i, f"Player {i}", 1500 + i) for i in range(1, 31)]
    t = best(lambda: trf16(people, sched, results, table, {"name": "Bench"}))
    print(f"trf16 30 players x2 (870 games)                {t * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
