"""The Excel-function calls of the desktop UDF tests, to replay on another front end.

Every ``call_udf("NAME", …)`` and ``cell_refusal("NAME", …)`` whose arguments are literals,
and every ``("NAME", (args…), …)`` row of a ``parametrize`` list, is read from the desktop
tests' source (so a new desktop case is replayed without being listed twice); ``EXTRA``
adds calls the desktop tests make in loops, so that every function is called at least once.
"""

from __future__ import annotations

import ast
from pathlib import Path

from support.paths import TESTS

DESKTOP_TESTS = ("doors/excel/test_udfs_roundrobin.py", "doors/excel/test_udfs_directed.py",
                 "doors/excel/test_udfs_combinee.py", "doors/excel/test_molter_udf.py", "systems/test_rutsch.py",
                 "doors/excel/test_cell_errors.py", "core/test_sheet_size.py", "systems/test_no_cpsat.py")
CALLERS = {"call_udf", "cell_refusal"}

#: calls the desktop tests make with computed arguments (loops over seed tables, properties)
EXTRA: list[tuple[str, tuple]] = [
    ("BERGER_OPPONENT", (12, 1, 1)), ("BERGER_OPPONENT", (12, 5, 7, 2)),
    ("BERGER_COLOR", (12, 6, 3)), ("BERGER_BOARD", (12, 6, 3)), ("BERGER_ROUND", (12, 2, 9)),
    ("BERGER_OPPONENT", ("douze", 1, 1)), ("BERGER_OPPONENT", (12, 13, 1)), ("BERGER_OPPONENT", (None, 1, 1)),
    ("RUTSCH_OPPONENT", (9, 2, 3)), ("RUTSCH_COLOR", (9, 2, 3)), ("RUTSCH_BOARD", (9, 2, 3)),
    ("RUTSCH_TABLE", (9,)), ("RUTSCH_TABLE", (12,)),
    ("MOLTER_TABLE", (5, 4)), ("MOLTER_TABLE", (8, 12)), ("MOLTER_PAIR", (8, 12, 3, 17)),
    ("MOLTER_COLOR", (8, 12, "a", "C4")), ("MOLTER_TABLE", (4, 11)),
    ("DIRECTED_GROUPS", (24, 5, [[6], [6], [6]])), ("DIRECTED_LARGEST", (30, 10)),
    ("LEAGUE_HOME", (16, 3, 9, "gathering-reverse")),
    ("COMBINEE_SNAKE", (64, 9)), ("COMBINEE_PHASE1", (12, 9, 4)),
    ("SCHEVENINGEN_TABLE", (4,)), ("SCHEVENINGEN_PAIR", (4, 2, 3)), ("SCHEVENINGEN_PAIR", (4, 5, 1)),
    ("LEAGUE_BOARD_COLOR", (8, 3)), ("LEAGUE_BOARD_COLOR", (8, 3, "even")), ("LEAGUE_BOARD_COLOR", (4, 1, "left")),
]


#: calls that only CP-SAT settles (docs/benchmarks-directed.md): answered on the desktop,
#: refused with the CP-SAT gate's sentence where OR-Tools is missing (xlwings Lite)
NEEDS_CP_SAT: list[tuple[str, tuple]] = [
    ("DIRECTED_GROUPS", (28, 11, [[6], [6], [6], [2]])),  # impossible; neither the counting nor the side bound tells
]


def _literal_call(node: ast.Call) -> tuple[str, tuple] | None:
    if not (isinstance(node.func, ast.Name) and node.func.id in CALLERS and node.args):
        return None
    try:
        values = [ast.literal_eval(arg) for arg in node.args]
    except ValueError:
        return None
    if node.keywords or not isinstance(values[0], str):
        return None
    return values[0], tuple(values[1:])


def _parametrized(node: ast.Tuple) -> tuple[str, tuple] | None:
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return None
    if (len(value) >= 2 and isinstance(value[0], str) and value[0].isupper() and "_" in value[0]
            and isinstance(value[1], tuple)):
        return value[0], value[1]
    return None


def desktop_cases() -> list[tuple[str, tuple]]:
    """``(function, arguments)`` of the desktop tests, in order, without repeats; then ``EXTRA``."""
    seen: dict[tuple[str, str], tuple[str, tuple]] = {}
    for name in DESKTOP_TESTS:
        tree = ast.parse((TESTS / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            case = (_literal_call(node) if isinstance(node, ast.Call)
                    else _parametrized(node) if isinstance(node, ast.Tuple) else None)
            if case is not None:
                seen.setdefault((case[0], repr(case[1])), case)
    for case in EXTRA:
        seen.setdefault((case[0], repr(case[1])), case)
    return list(seen.values())
