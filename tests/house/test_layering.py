"""The house keeps its data flow: each layer imports only the layers below it.

core → systems → report → sheets → render → files → publish → events → doors (cli, excel, lite, frames)

* ``core``: the shared vocabulary (errors, messages, cells, arguments, schedule, results, players);
* ``systems``: the pairing rules and standings, pure;
* ``report``: what an event shows (players, pairings, results, standings, crosstables), typed, pure;
* ``sheets``: each event's workbook as data (positions, labels, layout, reader of values);
* ``render``: the only rooms that touch openpyxl, xlwings or LibreOffice;
* ``files``: organisers' lists in, reports out;
* ``publish``: the report's sinks that write a site and posters (Jinja2, segno);
* ``events``: the use cases;
* doors: parse, call a use case or a system, show the outcome.

Every import of every module of the package is read from its source (imports inside
functions too), so a lazy import cannot hide a back-edge.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from support.paths import ROOT

PACKAGE = ROOT / "addin"

LAYERS = ["core", "systems", "report", "sheets", "render", "files", "publish", "events", "door"]
DOORS = ("cli", "excel", "lite", "frames", )

#: Third-party packages and the layers allowed to import them.
THIRD_PARTY = {
    "openpyxl": {"render"},
    "xlsxwriter": {"render"},
    "xlwings": {"render", "door:excel", "door:lite"},
    "click": {"door:cli"},
    "pandas": {"door:frames"},
    "ortools": {"core"},
    "networkx": {"systems"},
    "jinja2": {"publish"},
    "segno": {"publish"},
}

#: Known back-edges still to remove: (module, imported module). Each entry must still exist
#: (a fixed one is deleted from here), and no new one may appear.
KNOWN: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "addin" or len(parts) == 1:
        return None
    if parts[1] == "__main__":
        return "door:cli"
    if parts[1] in DOORS:
        return f"door:{parts[1]}"
    return parts[1] if parts[1] in LAYERS else None


def rank(layer: str) -> int:
    return LAYERS.index("door" if layer.startswith("door:") else layer)


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            for alias in node.names:  # "from addin.x import module" imports a module too
                found.add(f"{target}.{alias.name}")
    return found


def violations() -> set[tuple[str, str]]:
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    out = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        me = module_name(path)
        mine = layer_of(me)
        if mine is None:
            continue
        for target in imports_of(path):
            top = target.split(".")[0]
            if top in THIRD_PARTY:
                if mine not in THIRD_PARTY[top] and mine.split(":")[0] not in THIRD_PARTY[top]:
                    out.add((me, top))
                continue
            if top != "addin" or target not in modules and target.rsplit(".", 1)[0] not in modules:
                continue
            theirs = layer_of(target)
            if theirs is None:
                continue
            if rank(theirs) > rank(mine):
                out.add((me, target if target in modules else target.rsplit(".", 1)[0]))
            elif mine.startswith("door:") and theirs.startswith("door:") and theirs != mine:
                out.add((me, target if target in modules else target.rsplit(".", 1)[0]))
    return out


def test_every_module_belongs_to_a_layer():
    stray = [module_name(p) for p in PACKAGE.rglob("*.py")
             if layer_of(module_name(p)) is None and module_name(p) != "addin"]
    assert stray == []


def test_no_import_runs_up_the_layers():
    found = violations()
    new = sorted(found - KNOWN)
    assert new == [], f"imports that run up the layers (or into another door): {new}"


def test_the_known_back_edges_are_still_there():
    """A fixed back-edge is removed from KNOWN, so the list only ever shrinks."""
    gone = sorted(KNOWN - violations())
    assert gone == [], f"fixed: delete these from KNOWN: {gone}"


@pytest.mark.parametrize("source, expected", [
    ("from addin.cli import main\n", {"addin.cli", "addin.cli.main"}),
    ("def f():\n    import openpyxl\n", {"openpyxl"}),
])
def test_imports_are_read_inside_functions_too(tmp_path, source, expected):
    path = PACKAGE / "core" / "_probe_for_test.py"
    try:
        path.write_text(source)
        assert imports_of(path) == expected
    finally:
        path.unlink()


def refusals_in_doors() -> list[str]:
    """``raise TournamentError(...)`` written in a door (a rule or a check that belongs below it)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        layer = layer_of(module_name(path))
        if layer is None or not layer.startswith("door:"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) \
                    and getattr(node.exc.func, "id", getattr(node.exc.func, "attr", "")) == "TournamentError":
                found.append(f"{module_name(path)}:{node.lineno}")
    return found


def test_no_door_refuses_on_its_own():
    """A door parses and displays: every refusal is decided in the layers below (docs/architecture.md)."""
    assert refusals_in_doors() == []


def test_the_door_refusal_scan_finds_one(tmp_path):
    path = PACKAGE / "cli" / "_probe_for_test.py"
    try:
        path.write_text("from addin.core.errors import TournamentError\n\ndef f():\n    raise TournamentError('x')\n")
        assert refusals_in_doors() == ["addin.cli._probe_for_test:4"]
    finally:
        path.unlink()


# -- use cases never see a cell position --------------------------------------------------

def cell_positions_imported(imports: dict[str, set[str]], from_cells: dict[str, set[str]]) -> list[tuple[str, str]]:
    """``(module, import)`` where a module of ``addin.events`` reaches a cell-position module.

    ``imports``: each module's imports (:func:`imports_of`); ``from_cells``: each package of
    ``addin.sheets`` and the names its ``__init__`` takes from its ``cells`` module (they name
    positions too, through the package). A use case talks to its kind's facade
    (``addin.sheets.<kind>.workbook``), which keeps the positions to itself.
    """
    found = []
    for module, targets in imports.items():
        if module != "addin.events" and not module.startswith("addin.events."):
            continue
        for target in sorted(targets):
            parts = target.split(".")
            if parts[:2] != ["addin", "sheets"]:
                continue
            if "cells" in parts[2:] or parts[-1] in from_cells.get(".".join(parts[:-1]), set()):
                found.append((module, target))
    return found


def names_from_cells() -> dict[str, set[str]]:
    """Each package of ``addin.sheets`` and the names its ``__init__`` imports from its ``cells`` module."""
    out: dict[str, set[str]] = {}
    for init in (PACKAGE / "sheets").glob("*/__init__.py"):
        for node in ast.walk(ast.parse(init.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "cells":
                out.setdefault(module_name(init), set()).update(a.asname or a.name for a in node.names)
    return out


def test_use_cases_never_import_cell_positions():
    """``addin.events`` reads and writes a workbook through its kind's facade, never through ``cells``."""
    imports = {module_name(p): imports_of(p) for p in PACKAGE.rglob("*.py")}
    assert cell_positions_imported(imports, names_from_cells()) == []


@pytest.mark.parametrize("module, targets, expected", [
    ("addin.events.molter", {"addin.sheets.molter.cells"}, ["addin.sheets.molter.cells"]),
    ("addin.events.roundrobin", {"addin.sheets.roundrobin", "addin.sheets.roundrobin.cells",
                                 "addin.sheets.roundrobin.cells.PlayersCols"},  # from ...cells import PlayersCols
     ["addin.sheets.roundrobin.cells", "addin.sheets.roundrobin.cells.PlayersCols"]),
    ("addin.events.league", {"addin.sheets.league", "addin.sheets.league.cells"},  # from ...league import cells
     ["addin.sheets.league.cells"]),
    ("addin.events.roundrobin", {"addin.sheets.roundrobin", "addin.sheets.roundrobin.SettingsRows"},  # via __init__
     ["addin.sheets.roundrobin.SettingsRows"]),
    ("addin.events.roundrobin", {"addin.sheets.roundrobin.workbook", "addin.sheets.roundrobin.workbook.write_event",
                                 "addin.sheets.book", "addin.sheets.roundrobin.event_layout"}, []),
    ("addin.sheets.roundrobin.workbook", {"addin.sheets.roundrobin.cells"}, []),  # the facade keeps them
    ("addin.render.xlsx", {"addin.sheets.molter.cells"}, []),
])
def test_the_cell_position_rule_finds_them(module, targets, expected):
    from_cells = {"addin.sheets.roundrobin": {"SettingsRows", "PlayersCols"}}
    assert cell_positions_imported({module: targets}, from_cells) == [(module, t) for t in expected]
