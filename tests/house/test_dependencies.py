"""Every third-party module the package imports is a declared dependency.

A clean CI machine only has what pyproject.toml declares: an import that works
here because a package happens to be installed would fail there.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from pathlib import Path
from support.paths import ROOT

#: import name -> distribution name, where they differ
DISTRIBUTION = {"yaml": "pyyaml", "python_calamine": "python-calamine"}


def imported_top_level_modules() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "addin").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found


def declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = set()
    for requirement in project["dependencies"]:
        name = requirement.split(";")[0]
        for sep in "<>=!~[ ":
            name = name.split(sep)[0]
        names.add(name.strip().lower())
    return names


def test_every_third_party_import_is_declared():
    third_party = {m for m in imported_top_level_modules()
                   if m != "addin" and m not in sys.stdlib_module_names}
    missing = {DISTRIBUTION.get(m, m) for m in third_party} - declared()
    assert not missing, f"imported but not in pyproject dependencies: {sorted(missing)}"
