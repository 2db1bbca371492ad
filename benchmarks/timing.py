"""Timing as the program runs: the garbage collector stays ON.

``timeit`` switches Python's garbage collector off while it times; the Excel UDF
server, the command line and the buttons run with it on, and a function that
allocates many containers (a 500,000-row table) pays for the collections it
triggers. Every benchmark in this folder therefore times with this module,
which keeps the collector on (it refuses to run if something switched it off)
and says so in the figures it prints (:data:`GC_NOTE`).

The clock is the process's CPU time (user + system, ``time.process_time``), not
the wall clock: the development machine has 2 cores shared by several engineers'
jobs, and wall time there mostly measures how long the process waited for a core.
CPU time still counts everything the call does: the collections it triggers,
page faults, freeing memory.

Figures are medians, and every speed is given as a ratio to a baseline timed in
the same run, interleaved with it (A B A B …) so that what load remains (caches
shared with other jobs, frequency changes) weighs on both alike:

* per-cell functions against a bare Python call of the same arity through the
  same loop (:func:`bare_call`);
* table functions against a minimal reference generator written in the
  benchmark from the rule.

Memory is the peak of Python allocations during one call (``tracemalloc``), in
a separate untimed run.

Usage from a benchmark::

    from timing import GC_NOTE, paired, per_call_paired, peak_bytes
"""

from __future__ import annotations

import gc
import os
import subprocess
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable, Sequence

GC_NOTE = "garbage collector ON, as in the UDF server and the CLI; CPU time of the process; medians"
clock = time.process_time


def _check_gc() -> None:
    if not gc.isenabled():
        raise RuntimeError("the garbage collector is off: these benchmarks time with it on")


def once(func: Callable[[], Any]) -> float:
    """Seconds of one call of ``func()``, collector on.

    The heap is collected first, so every sample starts alike; the result is
    kept alive until the clock stops (its freeing is not the function's time).
    """
    _check_gc()
    gc.collect()
    start = clock()
    result = func()
    elapsed = clock() - start
    del result
    return elapsed


def samples(func: Callable[[], Any], repeat: int = 5) -> list[float]:
    """``repeat`` timings of one call each (seconds)."""
    return [once(func) for _ in range(repeat)]


def median(func: Callable[[], Any], repeat: int = 5) -> float:
    """Median seconds of one call of ``func()``, collector on."""
    return statistics.median(samples(func, repeat))


class Pair:
    """Interleaved timings of a subject and its baseline, and their ratio."""

    def __init__(self, subject: list[float], baseline: list[float]):
        self.subject = subject
        self.baseline = baseline

    @property
    def subject_median(self) -> float:
        return statistics.median(self.subject)

    @property
    def baseline_median(self) -> float:
        return statistics.median(self.baseline)

    @property
    def ratio(self) -> float:
        """Median of the pairwise ratios subject / baseline (each pair timed back to back)."""
        return statistics.median(s / b for s, b in zip(self.subject, self.baseline))


def paired(subject: Callable[[], Any], baseline: Callable[[], Any], repeat: int = 5) -> Pair:
    """Time ``subject()`` and ``baseline()`` in turn, ``repeat`` times each."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(repeat):
        a.append(once(subject))
        b.append(once(baseline))
    return Pair(a, b)


def _loop(func: Callable, argsets: Sequence[tuple]) -> Callable[[], None]:
    def run() -> None:
        for args in argsets:
            func(*args)
    return run


def bare_call(arity: int) -> Callable:
    """A bare Python function of ``arity`` positional arguments that returns its first one."""
    names = ", ".join(f"a{i}" for i in range(arity))
    namespace: dict[str, Any] = {}
    exec(f"def bare({names}):\n    return a0\n", namespace)  # noqa: S102 - a fixed, local template
    return namespace["bare"]


def per_call_paired(func: Callable, argsets: Sequence[tuple], repeat: int = 31) -> Pair:
    """Seconds per call of ``func(*args)`` over ``argsets`` and of a bare call, interleaved.

    Both go through the same loop (``for args in argsets: f(*args)``), so the
    ratio is the function's cost in units of the cheapest call Python makes.
    """
    arity = len(argsets[0])
    calls = len(argsets)
    pair = paired(_loop(func, argsets), _loop(bare_call(arity), argsets), repeat)
    return Pair([t / calls for t in pair.subject], [t / calls for t in pair.baseline])


def peak_bytes(func: Callable[[], Any]) -> int:
    """Peak of Python allocations (bytes) during one call of ``func()``, the result included."""
    gc.collect()
    tracemalloc.start()
    try:
        result = func()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    del result
    return peak


def mib(nbytes: float) -> str:
    return f"{nbytes / 2 ** 20:.1f} MiB"


def micro(seconds: float) -> str:
    return f"{seconds * 1e6:.2f} µs"


#: the command line as the installed ``appariements`` runs it, from the checkout on ``PYTHONPATH``
LAUNCH = "import sys; sys.argv = ['appariements'] + sys.argv[1:]; from addin.cli import main; sys.exit(main())"


def command_cpu(python: str, tree: Path, args: list[str], cwd: Path) -> float:
    """CPU seconds (user + system, the child's own accounting) of one ``appariements`` command run by
    ``python`` from the checkout ``tree`` in ``cwd``; a failed command stops the benchmark with its error."""
    env = dict(os.environ, PYTHONPATH=str(tree), APPARIEMENTS_LANG="en")
    child = subprocess.Popen([python, "-c", LAUNCH, *args], cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    error = child.stderr.read().decode(errors="replace")
    child.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{tree}: {' '.join(args)} failed: {error.strip()}")
    return usage.ru_utime + usage.ru_stime
