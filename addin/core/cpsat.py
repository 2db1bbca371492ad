"""One way to run OR-Tools CP-SAT in this project: reproducibly.

Pairings must be the same every time the same request is made, so every
model is solved by a single worker with a fixed seed and a budget in
*deterministic* time (work units, independent of the machine's load), with an
optional wall-clock cap as a safety net.
"""

from __future__ import annotations


def deterministic_solver(seed: int, work: float | None = None, seconds: float | None = None):
    """A ``CpSolver`` with one worker, ``seed``, at most ``work`` deterministic units and ``seconds``."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % (2 ** 31)
    if work is not None:
        solver.parameters.max_deterministic_time = work
    if seconds is not None:
        solver.parameters.max_time_in_seconds = seconds
    return solver
