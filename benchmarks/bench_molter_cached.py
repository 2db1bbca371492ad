"""What storing the formulas' values costs the Molter event workbook (issue 11).

Since issue 11 the layout computes, in Python, the value of every visible formula (names
of who plays, points, derived forfeits, grids, sorted standings) and the writer stores it
with the formula. This script times building the layout and writing the .xlsx of an
event in play — 10 teams × 8 players × 7 rounds, random results in the first 5 rounds, a
team withdrawn from round 4, a substitute and an absence — in the source tree given
(default: this one), best of 7, the collector on (as the program runs).

To compare two versions, run it alternately in each tree in the same session:

    python benchmarks/bench_molter_cached.py --tree /path/to/old/tree
    python benchmarks/bench_molter_cached.py

Figures: ``docs/benchmarks-molter-event.md``.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree))

    from addin.render.xlsx import write_xlsx
    from addin.sheets.molter.layout import event_workbook
    from addin.systems.molter import live as rules
    from addin.systems.molter.event import played_rounds
    from addin.systems.molter.tables import molter_table
    from addin.systems.molter.teams import numbered_teams

    teams, players, rounds = 10, 8, 7
    played = tuple(tuple(r) for r in played_rounds(molter_table(teams, players, rounds)))
    event = rules.MolterEvent(tuple(numbered_teams(teams, players)), players, played)
    rng = random.Random(11)
    event = rules.withdraw(event, "D", 4)
    event = rules.substitute(event, "A", 3, "Remplaçant", 2, 5)
    for (r, b), pairing in sorted(event.games().items()):
        if r <= 5 and not (r >= 4 and "D" in (pairing.white.team, pairing.black.team)):
            event = rules.set_result(event, r, b, rng.choice(("1-0", "0-1", "1/2-1/2", "1-0", "0-1")))
    folder = Path(tempfile.mkdtemp(prefix="bench-molter-cached-"))
    build, write = [], []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        layout = event_workbook(event)
        t1 = time.perf_counter()
        write_xlsx(layout, folder / "event.xlsx")
        t2 = time.perf_counter()
        build.append(t1 - t0)
        write.append(t2 - t1)
    size = (folder / "event.xlsx").stat().st_size
    print(f"tree {args.tree}: {len(event.results)} results; layout build {min(build):.3f} s; "
          f"xlsx write {min(write):.3f} s; file {size / 1024:.0f} KiB; {layout.formula_count()} formulas")


if __name__ == "__main__":
    main()
