"""Formule Combinée benchmarks (figures quoted in docs/benchmarks-combinee.md).

    python benchmarks/bench_combinee.py

1. Pairing 1,000 players with 20 rounds of history (random earlier rounds, and
   a "king of the hill" history where every earlier round was itself paired top
   down, so rematch candidates crowd the top of the list): target < 1 s.
2. Writing a 200-player, 24-round event workbook (layout + openpyxl): < 5 s.

Times are the process's CPU time with the garbage collector ON
(``benchmarks/timing.py``), as the CLI and the buttons run.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from timing import GC_NOTE, samples  # noqa: E402

from addin.systems.combinee.event import create_event  # noqa: E402
from addin.systems.combinee.pairing import pair_players  # noqa: E402
from addin.sheets.combinee import event_layout  # noqa: E402
from addin.render.xlsx import write_xlsx  # noqa: E402


def timed(func, repeat=5):
    times = samples(func, repeat)
    return min(times), statistics.median(times), max(times)


def random_history(n, rounds, seed):
    rng = random.Random(seed)
    players = list(range(n))
    history = []
    for _ in range(rounds):
        rng.shuffle(players)
        history += list(zip(players[::2], players[1::2]))
    return history


def king_of_the_hill_history(n, rounds, seed):
    rng = random.Random(seed)
    order = list(range(n))
    history = []
    for _ in range(rounds):
        history += [p for p in pair_players(order, history) if None not in p]
        # standings move a little between rounds
        order = sorted(order, key=lambda p: order.index(p) + rng.uniform(-30, 30))
    return order, history


def main():
    print(f"({GC_NOTE})")
    print("pairing, 1,000 players, 20 rounds of history (min / median / max over 5 runs):")
    order = list(range(1000))
    history = random_history(1000, 20, 1)
    print("  random history:        %.4f / %.4f / %.4f s" % timed(lambda: pair_players(order, history)))
    order_k, history_k = king_of_the_hill_history(1000, 20, 2)
    print("  king-of-the-hill:      %.4f / %.4f / %.4f s" % timed(lambda: pair_players(order_k, history_k)))
    odd = order[:999]
    byes = {p: 1 for p in range(0, 999, 50)}
    print("  999 players, 20 byes:  %.4f / %.4f / %.4f s" % timed(lambda: pair_players(odd, history, byes)))
    dense = random_history(60, 40, 3)
    print("  60 players, 40 rounds (dense tail search): %.4f / %.4f / %.4f s"
          % timed(lambda: pair_players(list(range(60)), dense)))

    print("workbook, 200 players, 9 + 8 + 7 = 24 rounds:")
    rng = random.Random(4)
    entries = [(f"Player {i}", rng.randint(800, 2100), "Club") for i in range(200)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.xlsx"

        def build():
            event = create_event(entries, 9, 8, 7, seed=1)
            write_xlsx(event_layout(event), path)

        best, median, worst = timed(build, repeat=3)
        layout = event_layout(create_event(entries, 9, 8, 7, seed=1))
        print("  layout + write:        %.2f / %.2f / %.2f s  (%d formulas, %.1f MB)"
              % (best, median, worst, layout.formula_count(), path.stat().st_size / 1e6))


if __name__ == "__main__":
    main()
