"""Benchmark of the round-robin table functions against minimal reference generators.

Figures in ``docs/benchmarks-roundrobin.md``. Every time is taken with the
garbage collector ON (``benchmarks/timing.py``), as Excel's UDF server runs.

Each table function (``BERGER_TABLE``, ``RUTSCH_TABLE``) is timed against a
minimal generator written below from the seed's rule, the simplest correct code
that returns the same rows; the two are timed in turn (A B A B …) and the
figure is the median ratio. Memory is the peak of Python allocations during one
call (the returned rows included). Before timing, the script asserts that the
reference and the function return exactly the same rows.

Goal (issue 17): every table function within 1.2× of its reference in time and
in memory. The per-cell functions are in ``bench_cells.py``.

    python benchmarks/bench_roundrobin.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from timing import GC_NOTE, median, mib, paired, peak_bytes  # noqa: E402

from addin.excel.functions_roundrobin import BERGER_TABLE, RUTSCH_TABLE  # noqa: E402
from addin.systems.roundrobin.berger import berger_schedule  # noqa: E402

HEADER = ["Round", "Board", "White", "Black"]


def reference_berger(players: int, cycles: int = 1, swap_last: bool = True) -> list[list]:
    """Berger table by the circle method (seed 000, "Les tables de Berger").

    ``n`` = players rounded up to even (an odd field adds the dummy ``n``), ``k =
    n/2``. Round 1: table ``t`` pairs ``t`` (White) with ``n+1−t``. From one round
    to the next every number but the pivot ``n`` moves on by ``k`` (mod ``n−1``) on
    its seat, and the pivot, always on table 1, changes side (Black in odd rounds).
    Cycle ``c`` replays the table, colours reversed when ``c`` is even; the last
    two rounds of a cycle followed by another are swapped (FIDE). The dummy's
    opponent has a bye (row ``[round, "", player, "BYE"]`` after the games); boards
    are numbered over the real games.
    """
    n = players + players % 2
    m, k = n - 1, n // 2
    table = []
    for r in range(1, n):
        shift = (r - 1) * k
        games = []
        for t in range(1, k + 1):
            a = (t - 1 + shift) % m + 1
            if t == 1:
                games.append((n, a) if r % 2 == 0 else (a, n))
            else:
                games.append((a, (n - t + shift) % m + 1))
        table.append(games)
    rows = [list(HEADER)]
    played = 0
    for c in range(1, cycles + 1):
        order = list(range(m))
        if swap_last and c < cycles and m >= 2:
            order[-2], order[-1] = order[-1], order[-2]
        for tr in order:
            played += 1
            board = 0
            bye = None
            for w, b in table[tr]:
                if c % 2 == 0:
                    w, b = b, w
                if w > players:
                    bye = b
                elif b > players:
                    bye = w
                else:
                    board += 1
                    rows.append([played, board, w, b])
            if bye is not None:
                rows.append([played, "", bye, "BYE"])
    return rows


def reference_rutsch(players: int) -> list[list]:
    """Rutsch ("taquin") table from the seed's sliding rule (seed 000, "LE SYSTEME RUTSCH").

    The seats form one circuit; in round 1 its positions hold, in the order
    players move along it: odd field ``2m+1``: the left seats top to bottom
    (``m+2 … 2m+1``), the bye seat (1), the right seats bottom to top (``2 …
    m+1``); even field ``2k``: the free seat of table 1, the left seats of tables
    ``2 … k``, the right seats of tables ``k … 2``, holding ``1 … 2k−1``, while
    ``2k`` stays at table 1 (right in odd rounds, left in even ones). Every round
    everybody moves one position on. The left seat has White on odd tables.
    """
    rows = [list(HEADER)]
    if players % 2:
        m = players // 2
        start = list(range(m + 2, players + 1)) + list(range(1, m + 2))
        for r in range(1, players + 1):
            at = [start[(q - (r - 1)) % players] for q in range(players)]
            for t in range(1, m + 1):
                left, right = at[t - 1], at[players - t]
                rows.append([r, t, left, right] if t % 2 else [r, t, right, left])
            rows.append([r, "", at[m], "BYE"])
        return rows
    k = players // 2
    ring = players - 1
    for r in range(1, players):
        at = [(q - (r - 1)) % ring + 1 for q in range(ring)]
        left, right = (at[0], players) if r % 2 else (players, at[0])
        rows.append([r, 1, left, right])
        for t in range(2, k + 1):
            left, right = at[t - 1], at[players - t]
            rows.append([r, t, left, right] if t % 2 else [r, t, right, left])
    return rows


CASES = (
    ("BERGER_TABLE(1000)", lambda: BERGER_TABLE(1000.0), lambda: reference_berger(1000)),
    ("BERGER_TABLE(1000, 2)", lambda: BERGER_TABLE(1000.0, 2.0), lambda: reference_berger(1000, 2)),
    ("BERGER_TABLE(999)", lambda: BERGER_TABLE(999.0), lambda: reference_berger(999)),
    ("RUTSCH_TABLE(1000)", lambda: RUTSCH_TABLE(1000.0), lambda: reference_rutsch(1000)),
    ("RUTSCH_TABLE(999)", lambda: RUTSCH_TABLE(999.0), lambda: reference_rutsch(999)),
)


def check_references() -> None:
    """The references and the functions agree on every size 2–60 and on the benchmarked ones."""
    for players in range(2, 61):
        for cycles in (1, 2, 3):
            assert BERGER_TABLE(float(players), float(cycles)) == reference_berger(players, cycles), players
        assert RUTSCH_TABLE(float(players)) == reference_rutsch(players), players
    for label, function, reference in CASES:
        assert function() == reference(), label


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    check_references()
    print(f"Table functions against a minimal reference generator ({GC_NOTE}, {args.repeat} pairs)")
    print()
    print("| function | function s | reference s | time ratio | function peak | reference peak | memory ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, function, reference in CASES:
        pair = paired(function, reference, args.repeat)
        mem_f, mem_r = peak_bytes(function), peak_bytes(reference)
        print(f"| {label} | {pair.subject_median:.3f} | {pair.baseline_median:.3f} | {pair.ratio:.2f} | "
              f"{mib(mem_f)} | {mib(mem_r)} | {mem_f / mem_r:.2f} |", flush=True)
    print()
    t = median(lambda: berger_schedule(1000), args.repeat)
    print(f"berger_schedule(1000) (the Schedule object the workbooks use): {t:.3f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
