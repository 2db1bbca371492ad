"""The one door to OR-Tools CP-SAT in this project: optional, and reproducible.

CP-SAT is not available everywhere the add-in runs (xlwings Lite runs Python in Pyodide,
where ``ortools`` has no build). Every model therefore reaches it through :func:`cp_model`,
which returns the ``ortools.sat.python.cp_model`` module or refuses with a sentence saying
what to do instead; :func:`available` tells a caller whether to try another search first.

Pairings must be the same every time the same request is made, so every model is solved
by a single worker with a fixed seed and a budget in *deterministic* time (work units,
independent of the machine's load), with an optional wall-clock cap as a safety net.
"""

from __future__ import annotations

import functools
from typing import Any, TYPE_CHECKING

if TYPE_CHECKING:
    from addin.core.messages import Message

from addin.core.errors import TournamentError


@functools.lru_cache(maxsize=None)
def available() -> bool:
    """True when OR-Tools CP-SAT can be imported here."""
    try:
        import ortools.sat.python.cp_model  # noqa: F401
    except Exception:  # ImportError, or a broken native library
        return False
    return True


def cp_model(purpose: str | Message) -> Any:
    """The CP-SAT module; ``purpose`` says in a few words what needed it, for the refusal."""
    if not available():
        raise TournamentError(
            "This request needs the CP-SAT solver ({purpose}), which this edition does not have "
            "(OR-Tools is not installed here, as in xlwings Lite): use the desktop edition or the "
            "command line for it.", purpose=purpose)
    from ortools.sat.python import cp_model as module

    return module


def deterministic_solver(seed: int, work: float | None = None, seconds: float | None = None):
    """A ``CpSolver`` with one worker, ``seed``, at most ``work`` deterministic units and ``seconds``."""
    solver = cp_model("solver").CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % (2 ** 31)
    if work is not None:
        solver.parameters.max_deterministic_time = work
    if seconds is not None:
        solver.parameters.max_time_in_seconds = seconds
    return solver
