"""The tests mirror the house (tests/README.md): one folder per layer of ``addin/``, helpers in ``support/``.

* every test file sits directly in a layer folder (``core``, ``systems``, … ``doors/cli``, ``tools``,
  ``house``): a test file at ``tests/`` top level or in a folder of its own fails here, with the folder
  it belongs in to choose from the list;
* no module of the tests imports a test module (``test_*``): what two test files share lives in
  ``tests/support/`` — read from every file's imports (``ast``), relative and nested ones included;
* the helpers are the ``support`` package's modules: no other Python file beside the tests
  (``tests/conftest.py`` apart, and the files of ``tests/data`` and ``tests/pyodide``);
* the test files' names are unique (pytest imports them by their name), each layer folder
  names a part of ``addin/`` and the tests run in Pyodide carry the ``pyodide`` marker.
"""

from __future__ import annotations

import ast
from collections import Counter

from support.paths import ROOT, TESTS

#: the folders a test file may sit in, as addin/ is layered (docs/developing.md), plus tools/ and house/
LAYERS = ("core", "systems", "report", "sheets", "render", "files", "publish", "events",
          "doors/cli", "doors/excel", "doors/lite", "doors/frames", "tools", "house")
#: folders of tests/ that hold no tests of their own
NOT_TESTS = ("data", "pyodide")


def python_files():
    return sorted(p for p in TESTS.rglob("*.py")
                  if p.relative_to(TESTS).parts[0] not in NOT_TESTS and "__pycache__" not in p.parts)


def all_test_files():
    return [p for p in python_files() if p.name.startswith("test_")]


def where(path):
    return path.parent.relative_to(TESTS).as_posix()


def test_every_test_file_sits_in_a_layer_folder():
    stray = [p.relative_to(TESTS).as_posix() for p in all_test_files() if where(p) not in LAYERS]
    assert not stray, f"test files outside the layer folders (move each to one of {', '.join(LAYERS)}): {stray}"


def imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            yield module
            if not node.module:  # from . import test_x
                yield from (alias.name for alias in node.names)


def test_no_module_of_the_tests_imports_a_test_module():
    found = [f"{p.relative_to(TESTS).as_posix()}: {module}" for p in python_files()
             for module in imported_modules(p)
             if any(part.startswith("test_") for part in module.strip(".").split("."))]
    assert not found, f"move what is shared to tests/support/: {found}"


def test_helpers_are_in_the_support_package():
    assert (TESTS / "support" / "__init__.py").is_file()
    helpers = [p.relative_to(TESTS).as_posix() for p in python_files()
               if not p.name.startswith("test_") and p != TESTS / "conftest.py" and where(p) != "support"]
    assert not helpers, f"helpers outside tests/support/: {helpers}"
    assert not list((TESTS / "support").glob("test_*.py")), "tests/support/ holds no tests"


def test_test_file_names_are_unique():
    twice = [name for name, count in Counter(p.name for p in all_test_files()).items() if count > 1]
    assert not twice


def test_layer_folders_name_parts_of_the_package():
    for layer in LAYERS:
        if layer in ("tools", "house"):
            continue
        name = layer.split("/")[-1]
        assert (ROOT / "addin" / name).is_dir() or (ROOT / "addin" / f"{name}.py").is_file(), layer
    assert (ROOT / "tools").is_dir()


def test_the_walk_finds_the_tests():
    found = Counter(where(p) for p in all_test_files())
    assert sum(found.values()) > 100 and all(found[layer] for layer in LAYERS), found


def test_the_pyodide_tests_carry_their_marker():
    unmarked = [p.relative_to(TESTS).as_posix() for p in all_test_files()
                if "support.pyodide_harness" in set(imported_modules(p))
                and "pytest.mark.pyodide" not in p.read_text(encoding="utf-8")]
    assert not unmarked, f"mark them @pytest.mark.pyodide (pytestmark): {unmarked}"
