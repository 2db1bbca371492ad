"""Benchmark of the Molter table generator: time and verifier grade of every shape.

Every shape of 3 to 20 teams, 2 to 12 players (even) and 1 to N−1 rounds is
generated cold (cache cleared) and checked by :func:`addin.systems.molter.verify.verify`.
Prints the time distribution and the grade distribution (whole sweep, and
the peer's domain: at most 13 rounds), and writes them to
``docs/benchmarks-molter-generator.md`` with ``--write``.

    python benchmarks/bench_molter_generator.py [--write] [--max-teams 20] [--max-players 12]
        [--max-rounds R] [--odd-only] [--jobs J] [--csv rows.csv]

``--jobs`` runs shapes in parallel (one CP-SAT worker each); use at most one
job per core, the report says how many ran.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from addin.systems.molter import generator  # noqa: E402
from addin.systems.molter.verify import verify  # noqa: E402


def one_shape(shape):
    """Generate one shape cold and verify it: the row of the report."""
    n, p, r = shape
    generator._cached.cache_clear()
    start = time.perf_counter()
    table = generator.generate(n, p, r)
    elapsed = time.perf_counter() - start
    report = verify(table)
    construction = table.notes[0].split("(")[1].split(" ")[0]
    return (n, p, r, elapsed, report.grade, report.missed_ideals(), construction, report.ok)


def sweep(max_teams: int, max_players: int, odd_only: bool = False, max_rounds: int | None = None,
          jobs: int = 1):
    shapes = [(n, p, r) for n in range(3, max_teams + 1) if not (odd_only and n % 2 == 0)
              for p in range(2, max_players + 1, 2) for r in range(1, n) if max_rounds is None or r <= max_rounds]
    if jobs == 1:
        return [one_shape(s) for s in shapes]
    from multiprocessing import Pool

    with Pool(jobs) as pool:
        return pool.map(one_shape, shapes, chunksize=1)


def distribution(grades):
    counts = Counter(grades)
    total = len(grades)
    return ", ".join(f"{g} {counts[g]} ({100 * counts[g] / total:.1f} %)" for g in "ABCDF" if counts[g])


def report(rows, jobs: int = 1) -> str:
    times = sorted(r[3] for r in rows)
    q = statistics.quantiles(times, n=100)
    worst = max(rows, key=lambda r: r[3])
    peer = [r for r in rows if r[2] <= 13]
    missed = Counter(m for r in rows for m in r[5])
    lines = [
        "# Molter generator benchmark",
        "",
        f"Produced by `python benchmarks/bench_molter_generator.py --write --jobs {jobs}` (cold cache,",
        "every shape generated then checked by `addin.systems.molter.verify.verify`; "
        + ("one shape at a time)." if jobs == 1 else
           f"{jobs} shapes at a time, one per core, so a shape's time includes sharing the machine)."),
        "",
        f"Shapes: {len(rows)} (3–{max(r[0] for r in rows)} teams × 2–{max(r[1] for r in rows)} players"
        " × 1 to N−1 rounds).",
        f"Hard rules broken: {sum(1 for r in rows if not r[7])} shapes.",
        "",
        "## Time per shape",
        "",
        "| median | 90th pct | 99th pct | max | total |",
        "|---|---|---|---|---|",
        f"| {q[49]:.3f} s | {q[89]:.3f} s | {q[98]:.3f} s | {worst[3]:.2f} s ({worst[0]}×{worst[1]}×{worst[2]}) "
        f"| {sum(times):.0f} s |",
        "",
        f"Shapes over 10 s: {sum(1 for t in times if t > 10)}; over 1 s: {sum(1 for t in times if t > 1)}.",
        "",
        "## Grades (verifier)",
        "",
        f"- every shape: {distribution([r[4] for r in rows])}",
        f"- the peer's domain (at most 13 rounds, {len(peer)} shapes): {distribution([r[4] for r in peer])}",
        "  (the peer's own grading of its 1,398 shapes: A 360, B 902, C 33, D 103, i.e. 9.7 % C or D)",
        f"- even numbers of teams: {distribution([r[4] for r in rows if r[0] % 2 == 0])}",
        f"- odd numbers of teams: {distribution([r[4] for r in rows if r[0] % 2 == 1])}",
        f"- paired (fallback) construction used: {sum(1 for r in rows if r[6] == 'paired')} shapes",
        "",
        "Ideals missed (number of shapes):",
        "",
    ]
    lines += [f"- `{name}`: {count}" for name, count in missed.most_common()]
    bad = [r for r in rows if r[4] in "CDF"]
    if bad:
        lines += ["", "Shapes graded C or D (teams × players × rounds: missed ideals):", ""]
        lines += [f"- {n}×{p}×{r}: {', '.join(m)}" for n, p, r, _, g, m, _, _ in bad[:80]]
        if len(bad) > 80:
            lines.append(f"- … and {len(bad) - 80} more")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--max-teams", type=int, default=20)
    parser.add_argument("--max-players", type=int, default=12)
    parser.add_argument("--max-rounds", type=int, default=None, help="only shapes with at most this many rounds")
    parser.add_argument("--odd-only", action="store_true", help="only odd numbers of teams")
    parser.add_argument("--jobs", type=int, default=1, help="shapes generated in parallel (times then overlap)")
    parser.add_argument("--csv", type=Path, help="also write one row per shape to this file")
    args = parser.parse_args()
    rows = sweep(args.max_teams, args.max_players, args.odd_only, args.max_rounds, args.jobs)
    if args.csv:
        with args.csv.open("w", encoding="utf-8") as out:
            out.write("teams,players,rounds,seconds,grade,missed,construction\n")
            for n, p, r, sec, g, missed, kind, _ in rows:
                out.write(f"{n},{p},{r},{sec:.3f},{g},{' '.join(missed)},{kind}\n")
    text = report(rows, args.jobs)
    print(text)
    if args.write:
        (ROOT / "docs" / "benchmarks-molter-generator.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
