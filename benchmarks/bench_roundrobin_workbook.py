"""Benchmark of the round-robin event workbook (figures for docs/benchmarks-roundrobin-workbook.md).

    python benchmarks/bench_roundrobin_workbook.py

* time to build the layout and write a 30-player double round-robin (all sheets);
* LibreOffice headless recalculation time of that file (one soffice call, warm
  profile; the first call of a process also creates the profile);
* number of formulas against the number of players, and per game.

Layout and write times are the process's CPU time with the garbage collector ON
(``benchmarks/timing.py``); the recalculation runs in LibreOffice's own process,
so it is wall-clock time.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from timing import GC_NOTE, clock  # noqa: E402

from addin.sheets.roundrobin import event_layout  # noqa: E402
from addin.core.players import Player  # noqa: E402
from addin.render.recalc import recalculate_files  # noqa: E402
from addin.render.xlsx import write_xlsx  # noqa: E402
from addin.core.results import RESULT_CODES  # noqa: E402
from addin.systems.roundrobin.berger import berger_schedule  # noqa: E402


def build(n: int, cycles: int, path: Path, with_results: bool = True) -> tuple[float, float, int]:
    start = clock()
    schedule = berger_schedule(n, cycles)
    players = [Player(i, f"Player {i}", 2000 - i, "Club", "FRA") for i in range(1, n + 1)]
    results = {(r, b): RESULT_CODES[(r + b) % 6] for r, b, _, _ in schedule.games()} if with_results else {}
    layout = event_layout(schedule, players, results)
    built = clock()
    write_xlsx(layout, path)
    done = clock()
    return built - start, done - start, layout.formula_count()


def main() -> None:
    import gc

    assert gc.isenabled()
    print(f"({GC_NOTE}; recalculation: wall clock)")
    folder = Path(tempfile.mkdtemp(prefix="bench-rr-"))
    path = folder / "rr30x2.xlsx"
    writes = []
    for _ in range(3):
        layout_time, total, formulas = build(30, 2, path)
        writes.append(total)
    print(f"30 players, double round-robin: {formulas} formulas; layout {layout_time:.2f} s; "
          f"layout + write, median of 3: {statistics.median(writes):.2f} s (max {max(writes):.2f} s)")
    recalcs = []
    for k in range(4):
        start = time.perf_counter()
        recalculate_files([path], folder / f"out{k}")
        recalcs.append(time.perf_counter() - start)
    print(f"LibreOffice recalculation (one soffice call): first call {recalcs[0]:.2f} s (creates the profile), "
          f"then median {statistics.median(recalcs[1:]):.2f} s (max {max(recalcs[1:]):.2f} s)")
    print()
    print("| players | cycles | games | formulas | formulas / game | formulas / n² |")
    print("|---|---|---|---|---|---|")
    for n in (4, 8, 12, 16, 20, 24, 30):
        for cycles in (1, 2):
            _, _, formulas = build(n, cycles, folder / "x.xlsx", with_results=False)
            games = cycles * n * (n - 1) // 2
            print(f"| {n} | {cycles} | {games} | {formulas} | {formulas / games:.1f} | {formulas / n ** 2:.1f} |")


if __name__ == "__main__":
    main()
