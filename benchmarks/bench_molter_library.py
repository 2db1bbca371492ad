"""Benchmark of the shipped Molter library (issue 13) and of the per-cell Molter functions (issue 17).

Three parts, each timed with the garbage collector ON (as in the UDF server
and the CLI; ``timeit`` would switch it off), medians of interleaved samples:

1. **the whole library** checked by the independent validator
   (:func:`addin.systems.molter.verify.verify`): hard rules, grade per shape
   family (number of teams), and the same for the peer's domain (≤ 13 rounds);
2. **cold lookup**: every library shape (or ``--sample K`` of them) in a fresh
   interpreter started with ``-S`` (no ``site``: an editable install's import
   hook would otherwise load ``pathlib`` & co. before the clock starts):
   ``import addin.systems.molter.tables``, ``molter_table(N, P, R,
   "generated")``, the cell index filled and one pairing read, timed inside;
   each run follows a bare interpreter start (``python -S -c pass``) timed
   from outside, and the same whole-process time of the lookup, so the cost
   beyond the bare start is measured in the same moment. A few shapes also go
   through the Excel function itself: ``import addin.excel.functions_molter``
   and one ``MOLTER_PAIR``, after ``import xlwings`` (the UDF server has it
   loaded before any function module). Bytecode is compiled first and kept
   (``PYTHONDONTWRITEBYTECODE`` removed for the children), as an installed
   add-in has it; ``--against REV`` times the same lookup in a copy of
   ``addin/`` at git revision ``REV`` interleaved (the baseline of the change);
3. **per cell**: ``MOLTER_PAIR``/``OPPONENT``/``COLOR``/``BOARD`` against a bare
   Python call of the same arity in the same loop, and ``MOLTER_TABLE``
   against a minimal reference written here (a dict of the rows, built from the
   same table), in time and in bytes allocated per call (``tracemalloc``).

    python benchmarks/bench_molter_library.py [--sample K] [--write]
    python benchmarks/bench_molter_library.py --cold-only [--sample K]   # part 2 only, printed

``--write`` writes ``docs/benchmarks-molter-library.md`` (the peer's figures in
that document come from a separate run outside the repo; see its last section).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("XLWINGS_ON_SERVER", "true")
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

from addin.sheets.molter import labels  # noqa: E402
from addin.systems.molter import library, official, stored, tables  # noqa: E402
from addin.systems.molter.verify import verify  # noqa: E402

LOAD = "?"
GC_NOTE = "garbage collector ON (as in the UDF server), medians of interleaved samples"

COLD = """
import time
start = time.perf_counter()
from addin.systems.molter.tables import molter_table, CellIndex
table = molter_table({n}, {p}, {r}, "generated")
index = CellIndex(table).filled()
answer = index.pair[(1, 1)]
import sys
print(time.perf_counter() - start, "ortools" in sys.modules)
"""


def grades():
    """``[(n, p, r, grade, missed, ok)]`` for every library shape."""
    rows = []
    for n, p, r in library.shapes():
        report = verify(library.lookup(n, p, r))
        rows.append((n, p, r, report.grade, report.missed_ideals(), report.ok))
        library.lookup.cache_clear()
    return rows


EXCEL = """
import time
import xlwings
start = time.perf_counter()
from addin.excel.functions_molter import MOLTER_PAIR
answer = MOLTER_PAIR({n}, {p}, 1, 1, {r}, "generated")
print(time.perf_counter() - start, answer)
"""


def _env(**extra) -> dict:
    """The children's environment: bytecode written and reused (as installed), no disk cache."""
    env = dict(os.environ, APPARIEMENTS_CACHE_DIR="", **extra)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _compile(root: Path) -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "addin")], env=_env(),
                   capture_output=True, check=True)


def _run(code: str, env: dict, site: bool = False, cwd: Path = ROOT) -> tuple[float, str]:
    """Whole-process seconds (timed from outside) and the output of ``python [-S] -c code``."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable] + ([] if site else ["-S"]) + ["-c", code], cwd=cwd, env=env,
                          capture_output=True, text=True, check=True)
    return time.perf_counter() - start, done.stdout


def baseline_copy(rev: str) -> Path:
    """``addin/`` as it was at git revision ``rev``, in a temporary folder (for ``--against``)."""
    import tarfile
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="molter-baseline-"))
    archive = subprocess.run(["git", "archive", rev, "addin"], cwd=ROOT, capture_output=True, check=True).stdout
    import io

    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder)
    return folder


def cold(shapes, baseline: Path | None = None):
    """``{shape: (seconds inside, seconds of the whole process, ortools imported, bare start seconds,
    seconds inside at the baseline or None)}``.

    Each lookup runs right after a bare interpreter start (``-S -c pass``), both
    timed from outside, so "whole − bare" is what the lookup adds in that moment;
    with a ``baseline`` copy, the same lookup there follows at once.
    """
    out = {}
    env = _env()
    _compile(ROOT)
    if baseline is not None:
        _compile(baseline)
    for n, p, r in shapes:
        bare, _ = _run("pass", env)
        whole, text = _run(COLD.format(n=n, p=p, r=r), env)
        inside, ortools = text.split()
        base = None
        if baseline is not None:
            base = float(_run(COLD.format(n=n, p=p, r=r), env, cwd=baseline)[1].split()[0])
        out[(n, p, r)] = (float(inside), whole, ortools == "True", bare, base)
    return out


def cold_excel(shapes):
    """``[(shape, seconds inside: import of the Molter functions + one MOLTER_PAIR, after xlwings)]``."""
    env = _env(XLWINGS_ON_SERVER="true")
    out = []
    for n, p, r in shapes:
        _, text = _run(EXCEL.format(n=n, p=p, r=r), env, site=True)
        out.append(((n, p, r), float(text.split()[0])))
    return out


def cold_lines(timing, excel=()) -> list[str]:
    """The cold-lookup table: distribution inside, whole process, bare start, and beyond it."""
    inside = sorted(v[0] * 1000 for v in timing.values())
    whole = [v[1] * 1000 for v in timing.values()]
    bare = [v[3] * 1000 for v in timing.values()]
    beyond = sorted(w - b for w, b in zip(whole, bare))

    def dist(values):
        values = sorted(values)
        q = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
        return f"{statistics.median(values):.1f} / {q[8]:.1f} / {max(values):.1f} ms"

    worst = max(timing.items(), key=lambda kv: kv[1][0])
    lines = [
        "| measured (median / 90th pct / max) | figure |",
        "|---|---|",
        f"| bare interpreter start, `python -S -c pass`, whole process | {dist(bare)} |",
        f"| lookup process, whole (start + import + lookup) | {dist(whole)} |",
        f"| lookup process − the bare start just before it | {dist(beyond)} |",
        f"| import + lookup timed inside the process | {dist(inside)} |",
    ]
    based = [v for v in timing.values() if v[4] is not None]
    if based:
        ratios = sorted(v[0] / v[4] for v in based)
        lines += [f"| the same inside, at the baseline revision (interleaved) | {dist([v[4] * 1000 for v in based])} |",
                  f"| ratio ours / baseline, median (per shape) | {statistics.median(ratios):.2f} |"]
    lines += [
        "",
        f"Slowest inside: {worst[1][0] * 1000:.1f} ms ({worst[0][0]}×{worst[0][1]}×{worst[0][2]}); "
        f"over 50 ms inside: {sum(1 for t in inside if t > 50)} of {len(inside)}; "
        f"OR-Tools imported: {sum(1 for v in timing.values() if v[2])} shapes.",
    ]
    if excel:
        values = [t * 1000 for _, t in excel]
        lines += ["", f"The Excel function itself ({len(values)} shapes: `import addin.excel.functions_molter` "
                  f"and one `MOLTER_PAIR`, after `import xlwings`, timed inside): {dist(values)}."]
    return lines


def interleaved(funcs, number: int = 20000, repeat: int = 9):
    """Median seconds per call of each function, sampled A B A B … with the collector on."""
    assert gc.isenabled()
    times = [[] for _ in funcs]
    for _ in range(repeat):
        for k, func in enumerate(funcs):
            start = time.perf_counter()
            for _ in range(number):
                func()
            times[k].append((time.perf_counter() - start) / number)
    return [statistics.median(t) for t in times]


def allocated(func) -> int:
    """Peak bytes allocated during one call (warm)."""
    func()
    tracemalloc.start()
    func()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def deep_size(rows) -> int:
    """Bytes of a list of rows of strings and numbers (the reference keeps nothing else)."""
    return sys.getsizeof(rows) + sum(sys.getsizeof(row) + sum(sys.getsizeof(c) for c in row) for row in rows)


def retained(build) -> int:
    """Bytes still allocated after ``build()`` (what a cache keeps)."""
    gc.collect()
    tracemalloc.start()
    kept = build()
    gc.collect()
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return size


def per_cell():
    from addin.excel import functions_molter as f

    def bare4(a, b, c, d, e=None, g="auto"):
        return a

    def bare5(a, b, c=None, d="auto", e="en"):
        return a

    cases = [
        ("official table (10 teams × 8, auto)", (10.0, 8.0, None, "auto"), 3.0, 17.0, "D4"),
        ("generated table from the library (19 × 12 × 13)", (19.0, 12.0, 13.0, "generated"), 7.0, 100.0, "K9"),
        ("3 teams × 24, table 1 repeated end to end", (3.0, 24.0, None, "auto"), 2.0, 30.0, "B20"),
    ]
    rows = []
    for label, (n, p, r, src), rnd, board, player in cases:
        f.MOLTER_PAIR(n, p, rnd, board, r, src)
        f.MOLTER_OPPONENT(n, p, rnd, player, r, src)
        timed = interleaved([
            lambda: bare4(n, p, rnd, board, r, src),
            lambda: f.MOLTER_PAIR(n, p, rnd, board, r, src),
            lambda: f.MOLTER_OPPONENT(n, p, rnd, player, r, src),
            lambda: f.MOLTER_COLOR(n, p, rnd, player, r, src),
            lambda: f.MOLTER_BOARD(n, p, rnd, player, r, src),
        ])
        rows.append((label, timed))
    # MOLTER_TABLE against a plain lookup of the same rows
    table_cases = [((10.0, 8.0, None, "auto", "en")), ((19.0, 12.0, 13.0, "generated", "en"))]
    table_rows = []
    for args in table_cases:
        n, p, r, src, lang = args
        reference = {}

        def build_reference():
            rows_ = labels.table_rows(tables.molter_table(n, p, r, src), lang)
            width = max(len(x) for x in rows_)
            reference[args] = [list(x) + [""] * (width - len(x)) for x in rows_]
            return reference

        def ref(teams, players, rounds=None, source="auto", lang="en"):
            return reference[(teams, players, rounds, source, lang)]

        def ours_cold():
            f._INDEXES.clear()
            f._ROWS.clear()
            tables._CHOSEN.clear()
            library.lookup.cache_clear()
            stored._beyond.cache_clear()
            for name in ("full_table", "printed"):
                cached = getattr(official, name, None)
                if hasattr(cached, "cache_clear"):
                    cached.cache_clear()
            return f.MOLTER_TABLE(n, p, r, src, lang)

        build_reference()
        ref_kept = deep_size(reference[args])
        library._load()  # the file's bytes are read once for every shape: not counted
        ours_kept = retained(ours_cold)
        assert f.MOLTER_TABLE(n, p, r, src, lang) == ref(n, p, r, src, lang)
        t_ref, t_ours = interleaved([lambda: ref(n, p, r, src, lang), lambda: f.MOLTER_TABLE(n, p, r, src, lang)])
        a_ref, a_ours = allocated(lambda: ref(n, p, r, src, lang)), allocated(lambda: f.MOLTER_TABLE(n, p, r, src, lang))
        bare = interleaved([lambda: bare5(n, p, r, src, lang)])[0]
        table_rows.append((f"{int(n)} × {int(p)}" + (f" × {int(r)}" if r else "") + f" ({src})",
                           bare, t_ref, t_ours, a_ref, a_ours, ref_kept, ours_kept))
    return rows, table_rows


def family_table(rows, timing):
    by_n = defaultdict(list)
    for row in rows:
        by_n[row[0]].append(row)
    lines = ["| teams | shapes | A | B | C | D | hard rules broken | cold lookup median | cold max |",
             "|---|---|---|---|---|---|---|---|---|"]
    for n in sorted(by_n):
        group = by_n[n]
        counts = Counter(g for _, _, _, g, _, _ in group)
        times = [timing[s[:3]][0] * 1000 for s in group if s[:3] in timing]
        med = f"{statistics.median(times):.1f} ms" if times else "–"
        top = f"{max(times):.1f} ms" if times else "–"
        lines.append(f"| {n} | {len(group)} | {counts['A']} | {counts['B']} | {counts['C']} | {counts['D']} | "
                     f"{sum(1 for g in group if not g[5])} | {med} | {top} |")
    return lines


WHY = {
    "round_colour": "exactly P/2 Whites per team and round. Odd N with an even number of rounds and P < N − 1: "
                    "the spread construction cannot give it with every player alternating in each block (a "
                    "block's two Walecki cycles never have complementary near-2-colourings, checked for N ≤ 31) "
                    "and the paired construction, which gives it by design, would cost I1 (a team meets the "
                    "teams of round 1 again in round 2), a worse grade; the whole-event exact search (players "
                    "may play W W B B) finds it for some of these shapes (11 × 6 × 4, variant 4000) and proves "
                    "or gives up on others (13 × 6 × 10: none in 300 units); elsewhere measured: no attempt found "
                    "it (even N: the offsets and the factor "
                    "schedules tried, with the exact colour search at 1.5 and, where tried, 30 deterministic "
                    "units; the solver proves it impossible for some pairings, e.g. the offsets of 8 × 6 × 6, which "
                    "reaches it on another 1-factorisation of K8, variant 3001)",
    "i4_block_floats": "one descent and one ascent per team and block: measured, the floater repair could not "
                       "keep it together with colourable blocks in the attempts tried (paired: the CP-SAT floater "
                       "model found no such floaters on Walecki's cycles within its budget; on the circulant "
                       "cycles it did for 13 × 12 × 11 and 13 × 12 × 12, variant 3000, the only odd prime shapes "
                       "tried so far; spread with the CP-SAT floaters unrepaired, variant 4000, the exact colour "
                       "search colours 15 × 12 × 9 and keeps it)",
    "i3_float_spread": "descents per team within one: measured, not reached together with colourable blocks",
    "i2_float_balance": "descents − ascents within one per team: measured, not reached",
    "i1_distinct_short": "as many distinct opposing teams as arithmetic allows after each round: measured, "
                         "the re-paired blocks of these shapes lose it",
    "i1_pair_spread": "two teams meet a number of times within one: measured, not reached",
    "i5_round_spread": "a team's boards spread over the opposing teams in a round: measured, not reached",
}


def why_not_a(rows):
    """Shapes not graded A, by the ideals they miss, and why (proven or measured)."""
    sets = Counter(tuple(x[4]) for x in rows if x[3] != "A")
    lines = ["", "## Why a shape is not A", "",
             "Shapes not graded A, by the ideals they miss. Unless its sentence below says otherwise, an "
             "ideal is not proven impossible for these shapes: it is *measured*, i.e. not reached by any attempt of the build (the attempts "
             "of every shape are in `tools/molter_library/journal.jsonl`; `tools/build_molter_library.py "
             "improve` goes on searching).", "",
             "| ideals missed | shapes |", "|---|---|"]
    lines += [f"| {', '.join(k) or '–'} | {v} |" for k, v in sets.most_common()]
    lines += [""] + [f"- `{k}`: {v}" for k, v in WHY.items() if any(k in x[4] for x in rows)]
    return lines


def report(rows, timing, cells, table_cells, sample, excel=(), against=None) -> str:
    size = (ROOT / "addin" / "data" / "molter" / "library.bin").stat().st_size
    counts = Counter(g for _, _, _, g, _, _ in rows)
    peer_dom = [x for x in rows if x[2] <= 13]
    pc = Counter(g for _, _, _, g, _, _ in peer_dom)
    missed = Counter(m for x in rows for m in x[4])
    lines = [
        "# Molter library benchmark",
        "",
        f"Produced by `python benchmarks/bench_molter_library.py --write{f' --sample {sample}' if sample else ''}"
        f"{f' --against {against}' if against else ''}` "
        f"on the 2-core machine shared with other work (load average {LOAD} when the cold lookups "
        f"started); {GC_NOTE}.",
        "",
        "## The library",
        "",
        f"`addin/data/molter/library.bin`: {len(rows)} shapes (3–20 teams × 2–12 players × every round count "
        f"1…N−1), {size:,} bytes ({size / 1024:.0f} KiB), read lazily on the first lookup (standard library only: "
        "`struct`, `zlib`). Built by `tools/build_molter_library.py` (search recorded in "
        "`tools/molter_library/journal.jsonl`).",
        "",
        f"Every table checked by the independent validator: hard rules broken in "
        f"{sum(1 for x in rows if not x[5])} shapes.",
        "",
        "## Grades (our verifier) and cold lookup, per number of teams",
        "",
        f"- every shape: A {counts['A']}, B {counts['B']}, C {counts['C']}, D {counts['D']}",
        f"- the peer's domain (at most 13 rounds, {len(peer_dom)} shapes): A {pc['A']}, B {pc['B']}, C {pc['C']}, "
        f"D {pc['D']}",
        "- ideals missed (shapes): " + ", ".join(f"`{k}` {v}" for k, v in missed.most_common()),
        "",
    ]
    lines += family_table(rows, timing)
    lines += why_not_a(rows)
    lines += [
        "",
        "## Cold lookup",
        "",
        f"{len(timing)} shapes{' (a random sample)' if sample else ' (every shape)'}, each in a fresh interpreter "
        "(`python -S`): import of `addin.systems.molter.tables`, `molter_table(N, P, R, \"generated\")`, the cell "
        "index filled, one pairing read; each right after a bare interpreter start timed the same way.",
        "",
        *cold_lines(timing, excel),
        "",
        "## Per cell (warm: the table already asked once)",
        "",
        "Ratio to a bare Python call of the same arity through the same loop (goal: 30× at most).",
        "",
        "| table | bare call | MOLTER_PAIR | MOLTER_OPPONENT | MOLTER_COLOR | MOLTER_BOARD |",
        "|---|---|---|---|---|---|",
    ]
    for label, (bare, *funcs) in cells:
        lines.append(f"| {label} | {bare * 1e9:.0f} ns | "
                     + " | ".join(f"{t * 1e9:.0f} ns ({t / bare:.1f}×)" for t in funcs) + " |")
    lines += [
        "",
        "`MOLTER_TABLE` against a minimal reference (a dict of the padded rows, built in the benchmark from "
        "the same table; goal: within 1.2× in time and memory). *Allocated* is the peak of Python allocations "
        "during one warm call; *kept* is what stays in memory after the first call (ours keeps the table, its "
        "index and the rows; the reference only the rows).",
        "",
        "| table | bare call | reference | MOLTER_TABLE | ratio | allocated ref / ours | kept ref / ours |",
        "|---|---|---|---|---|---|---|",
    ]
    for label, bare, t_ref, t_ours, a_ref, a_ours, k_ref, k_ours in table_cells:
        lines.append(f"| {label} | {bare * 1e9:.0f} ns | {t_ref * 1e9:.0f} ns | {t_ours * 1e9:.0f} ns | "
                     f"{t_ours / t_ref:.2f}× | {a_ref} B / {a_ours} B | {k_ref / 1024:.0f} KiB / {k_ours / 1024:.0f} KiB |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sample", type=int, default=0, help="cold-time only this many random shapes")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--cold-only", action="store_true", help="only the cold lookups, printed")
    parser.add_argument("--against", help="git revision whose addin/ is timed interleaved as the baseline")
    args = parser.parse_args()
    shapes = sorted(library.shapes())
    if args.sample:
        shapes = random.Random(1).sample(shapes, args.sample)
    excel_shapes = random.Random(2).sample(shapes, min(20, len(shapes)))
    global LOAD
    LOAD = f"{os.getloadavg()[0]:.1f}"
    timing = cold(shapes, baseline_copy(args.against) if args.against else None)
    excel = cold_excel(excel_shapes)
    if args.cold_only:
        print(f"load average {LOAD} → {os.getloadavg()[0]:.1f}; {len(timing)} shapes")
        print("\n".join(cold_lines(timing, excel)))
        return
    rows = grades()
    cells, table_cells = per_cell()
    text = report(rows, timing, cells, table_cells, args.sample, excel, args.against)
    print(text)
    if args.write:
        path = ROOT / "docs" / "benchmarks-molter-library.md"
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        keep = old[old.index("## Against the peer"):] if "## Against the peer" in old else ""
        path.write_text(text + ("\n" + keep if keep else ""), encoding="utf-8")


if __name__ == "__main__":
    main()
