"""Benchmark of what a safe write costs: ``result`` on an event, this checkout against a baseline
checkout (figures for docs/benchmarks-writer.md, "The writer's guards").

    python benchmarks/bench_write_guards.py --baseline /work/main [--baseline-python PY] [--runs 5]
                                            [--players 60 --players 200]

Each run is one ``appariements result event.xlsx R B 1-0`` as an organiser types it, in a fresh
process, on a copy of the same event (made once by this checkout, ``berger N --names``), once with
this checkout and once with the baseline (another commit of the project, e.g. ``main`` before the
writer's guards), in turns (A B A B …). This checkout's command also takes the file's lock, hashes
the file when it opens it and twice before installing the new one (``addin/render/sharing.py``),
copies the old file to its set of previous versions with an ``fsync`` and prunes that set
(``addin/render/backups.py``); the baseline copies it with ``shutil.copy2`` beside it.

Figures are the child process's own accounting (``os.wait4``): CPU seconds (user + system, start-up
and imports included; the machine's cores are shared, so wall time mostly measures waiting), the
garbage collector on, as the command runs. Both trees' modules are compiled to bytecode first.
The speed is the median of the ratios baseline / this checkout (below 1: this checkout is slower).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from timing import command_cpu  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="checkout of the baseline commit")
    parser.add_argument("--baseline-python", default=sys.executable)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, action="append")
    options = parser.parse_args()
    for python, tree in ((options.python, ROOT), (options.baseline_python, options.baseline.resolve())):
        subprocess.run([python, "-m", "compileall", "-q", str(tree / "addin")], check=True, stdout=subprocess.DEVNULL)
    print(f"CPU seconds (user + system) of the whole `result` command; garbage collector on; medians of "
          f"{options.runs} interleaved runs\n")
    print("| players | file MB | this checkout: CPU s | baseline: CPU s | speed (baseline / this) |")
    print("|---|---|---|---|---|")
    for players in options.players or [60, 200]:
        with tempfile.TemporaryDirectory(prefix="bench-guards-") as scratch:
            folder = Path(scratch)
            (folder / "p.csv").write_text("name\n" + "".join(f"P{i}\n" for i in range(1, players + 1)))
            command_cpu(options.python, ROOT, ["berger", str(players), "--names", "p.csv", "-o", "base.xlsx"], folder)
            size = (folder / "base.xlsx").stat().st_size / 1e6
            ours, theirs, ratios = [], [], []
            for run in range(options.runs):
                pair = []
                for python, tree in ((options.python, ROOT), (options.baseline_python, options.baseline.resolve())):
                    work = folder / f"run{run}-{len(pair)}"
                    work.mkdir()
                    shutil.copyfile(folder / "base.xlsx", work / "ev.xlsx")
                    pair.append(command_cpu(python, tree, ["result", "ev.xlsx", "1", "1", "1-0"], work))
                    shutil.rmtree(work)
                ours.append(pair[0])
                theirs.append(pair[1])
                ratios.append(pair[1] / pair[0])
            print(f"| {players} | {size:.1f} | {statistics.median(ours):.2f} | {statistics.median(theirs):.2f} | "
                  f"{statistics.median(ratios):.2f} |")


if __name__ == "__main__":
    main()
