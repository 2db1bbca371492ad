"""Benchmark of the workbook writer, whole commands against a baseline checkout (figures for
docs/benchmarks-writer.md).

    python benchmarks/bench_writer.py --baseline ../baseline [--baseline-python PY] [--runs 3]
                                      [--case table --case event200 --case event1000]

Each case is one ``appariements`` command run as an organiser runs it, in a fresh process,
once with this checkout and once with the baseline checkout (another commit of the project,
e.g. ``git worktree add ../baseline 2bdca2d``, with its own environment), in turns
(A B A B …) so that the machine's load weighs on both alike:

* ``table``: ``berger 1000 -o b.xlsx`` (a 499,501-row schedule table);
* ``event200``: ``berger 200 --event -o e.xlsx`` (the whole event workbook, 19,900 games);
* ``event1000``: ``berger 1000 --event -o e.xlsx`` (499,500 games; the baseline needs about
  ten minutes and 10 GB, so it runs once whatever ``--runs`` says).

Figures are the child process's own accounting (``os.wait4``): CPU seconds (user + system,
start-up and imports included; the machine has 2 cores shared with other jobs, so wall time
mostly measures waiting) and peak resident memory. The garbage collector is on, as the
command runs. Both trees' modules are compiled to bytecode first, as an installed add-in has
them. Speeds are given as the median of the ratios baseline / this checkout.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

CASES = {
    "table": ["berger", "1000", "-o", "out.xlsx"],
    "event200": ["berger", "200", "--event", "-o", "out.xlsx"],
    "event1000": ["berger", "1000", "--event", "-o", "out.xlsx"],
}
ONCE_FOR_BASELINE = {"event1000"}
LAUNCH = "import sys; sys.argv = ['appariements'] + sys.argv[1:]; from addin.cli import main; sys.exit(main())"


def run(python: str, tree: Path, args: list[str]) -> tuple[float, float, int]:
    """CPU seconds, peak MiB and the output's size of one command, in a scratch folder."""
    with tempfile.TemporaryDirectory(prefix="bench-writer-") as scratch:
        env = dict(os.environ, PYTHONPATH=str(tree))
        child = subprocess.Popen([python, "-c", LAUNCH, *args], cwd=scratch, env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        error = child.stderr.read().decode(errors="replace")
        child.stderr.close()
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            raise SystemExit(f"{tree}: {' '.join(args)} failed ({child.returncode}): {error.strip()}")
        size = (Path(scratch) / "out.xlsx").stat().st_size
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="checkout of the baseline commit")
    parser.add_argument("--baseline-python", default=sys.executable,
                        help="Python of the baseline's environment (default: this one)")
    parser.add_argument("--python", default=sys.executable, help="Python of this checkout's environment")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--case", action="append", choices=sorted(CASES))
    options = parser.parse_args()
    # an installed add-in keeps its modules' bytecode (pip compiles them); so do both trees here,
    # whatever PYTHONDONTWRITEBYTECODE says, so that no run spends its time compiling
    for python, tree in ((options.python, ROOT), (options.baseline_python, options.baseline.resolve())):
        subprocess.run([python, "-m", "compileall", "-q", str(tree / "addin")], check=True,
                       stdout=subprocess.DEVNULL)
    print(f"CPU seconds (user + system) and peak resident memory of the whole command; "
          f"garbage collector on; medians of {options.runs} interleaved runs\n")
    print("| case | this checkout: CPU s | baseline: CPU s | speed-up | this: peak MiB | baseline: peak MiB "
          "| memory ratio | file MB |")
    print("|---|---|---|---|---|---|---|---|")
    for name in options.case or list(CASES):
        args = CASES[name]
        ours, theirs = [], []
        for i in range(options.runs):
            ours.append(run(options.python, ROOT, args))
            if i == 0 or name not in ONCE_FOR_BASELINE:
                theirs.append(run(options.baseline_python, options.baseline.resolve(), args))
        if len(theirs) == len(ours):  # paired runs: the median of the pairs' ratios
            cpu_ratio = statistics.median(t[0] / o[0] for o, t in zip(ours, theirs))
            mem_ratio = statistics.median(t[1] / o[1] for o, t in zip(ours, theirs))
        else:  # the baseline ran once: against the median of this checkout's runs
            cpu_ratio = theirs[0][0] / statistics.median(o[0] for o in ours)
            mem_ratio = theirs[0][1] / statistics.median(o[1] for o in ours)
        med = lambda runs, k: statistics.median(r[k] for r in runs)  # noqa: E731
        print(f"| {' '.join(['appariements', *args])} | {med(ours, 0):.2f} | {med(theirs, 0):.2f} | "
              f"{cpu_ratio:.1f}× | {med(ours, 1):.0f} | {med(theirs, 1):.0f} | {mem_ratio:.1f}× | "
              f"{med(ours, 2) / 1e6:.1f} |", flush=True)


if __name__ == "__main__":
    main()
