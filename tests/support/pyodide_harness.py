"""Run the xlwings Lite edition in a real Pyodide, and the same calls in CPython.

What runs is what an organiser installs (README, "xlwings Lite"):

* ``lite/main.py`` as the workbook's ``main.py``;
* the project's ``addin`` folder, or its wheel built here with pip, placed under ``/data``
  as Lite's *Menu > Files > Import/Export* places what is dropped on it (``main.py`` puts
  it on ``sys.path``);
* the packages of ``lite/requirements.txt``, as pure-Python wheels fetched with
  ``pip download --only-binary=:all: --platform any`` (at the versions installed here, so
  that both interpreters run the same code) and unpacked into Pyodide's site-packages:
  Pyodide's own package CDN is out of reach, and the Lite edition needs none of its packages.

Pyodide is the npm package pinned in ``tests/pyodide/package.json`` (``npm ci`` there); it
runs under Node. The CPython baseline runs the same driver (``tests/pyodide/lite_driver.py``)
in a fresh interpreter, with the same calls in the same order, so the times compare.

Payloads are built as Excel's Office.js client sends them (``tests/support/xlwings_server.py``,
``tests/support/xlwings_replay.py``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from support.paths import ROOT

HERE = ROOT / "tests" / "pyodide"
NODE_MODULES = HERE / "node_modules"
WHEELS = HERE / "wheels"  # cache (ignored by git)
LITE = ROOT / "lite"
PYODIDE_PYTHON = "3.14"  # the Python of the pinned Pyodide (314.x); pure wheels must accept it
ENV = {"XLWINGS_LICENSE_KEY": "noncommercial"}  # the tests' xlwings licence (see docs/excel-addin.md)


def missing() -> str | None:
    """Why Pyodide cannot run here, or None."""
    if shutil.which("node") is None:
        return "Node.js is not installed (apt-get install nodejs npm)"
    if not (NODE_MODULES / "pyodide" / "pyodide.mjs").is_file():
        return "the npm package pyodide is not installed (run `npm ci` in tests/pyodide)"
    return None


def _source_key() -> str:
    digest = hashlib.sha256()
    for path in sorted([ROOT / "pyproject.toml", *(ROOT / "addin").rglob("*"), *(ROOT / "vba_stub").glob("*")]):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def project_wheel() -> Path:
    """The project's wheel, built by pip from the working tree (cached by the sources' hash)."""
    folder = WHEELS / f"appariements-{_source_key()}"
    found = sorted(folder.glob("appariements-*.whl"))
    if found:
        return found[0]
    with tempfile.TemporaryDirectory() as tmp:
        # from a clean copy: setuptools' build/ folder in the work tree could hold stale modules
        source = Path(tmp) / "src"
        shutil.copytree(ROOT / "addin", source / "addin", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(ROOT / "vba_stub", source / "vba_stub")
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, source / name)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp, str(source)],
                       check=True, capture_output=True)
        folder.mkdir(parents=True, exist_ok=True)
        for wheel in Path(tmp).glob("*.whl"):
            shutil.copy(wheel, folder / wheel.name)
    return sorted(folder.glob("appariements-*.whl"))[0]


def requirements() -> list[str]:
    """The distributions named in ``lite/requirements.txt``."""
    names = []
    for line in (LITE / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            names.append(re.split(r"[<>=!~;\[ @]", line)[0])
    return names


def dependency_wheels() -> list[Path]:
    """Pure-Python wheels of ``lite/requirements.txt``, at the versions installed in this Python."""
    out = []
    for name in requirements():
        version = metadata.version(name)
        pattern = f"{name.replace('-', '_')}-{version}-*.whl"
        found = sorted(WHEELS.glob(pattern))
        if not found:
            subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                            "--platform", "any", "--implementation", "py", "--python-version", PYODIDE_PYTHON,
                            "-d", str(WHEELS), f"{name}=={version}"], check=True, capture_output=True)
            found = sorted(WHEELS.glob(pattern))
        out.append(found[0])
    return out


def _config(calls: list[dict], scripts: list[dict], repeat: int, main_py: str) -> dict:
    return {"env": dict(ENV), "main_py": main_py, "calls": calls, "scripts": scripts, "repeat": repeat,
            "driver": str(HERE / "lite_driver.py")}


def package_files(route: str) -> dict[str, str]:
    """What the organiser drops into Lite's Files: the ``addin`` folder, or the project's wheel."""
    if route == "wheel":
        wheel = project_wheel()
        return {f"/data/{wheel.name}": str(wheel)}
    return {f"/data/{path.relative_to(ROOT).as_posix()}": str(path)
            for path in sorted((ROOT / "addin").rglob("*")) if path.is_file() and "__pycache__" not in path.parts}


def run_pyodide(calls: list[dict], scripts: list[dict] = (), repeat: int = 1, timeout: float = 300,
                route: str = "folder", main_py: str | None = None) -> dict:
    """The driver's report from inside Pyodide (Node), with the Lite edition installed as an organiser would.

    ``route``: ``"folder"`` drops the ``addin`` folder under ``/data`` (README, step 2),
    ``"wheel"`` the project's wheel built by pip; ``"workbook"`` runs ``main_py``, the text of
    the ``main.py`` a workbook carries (the package inside it), with nothing under ``/data``.
    """
    config = _config(list(calls), list(scripts), repeat, "/home/pyodide/main.py")
    config["site_wheels"] = [str(w) for w in dependency_wheels()]
    with tempfile.TemporaryDirectory() as tmp:
        if route == "workbook":
            carried = Path(tmp) / "main.py"
            carried.write_text(main_py, encoding="utf-8")
            config["files"] = {"/home/pyodide/main.py": str(carried)}
        else:
            config["files"] = {"/home/pyodide/main.py": str(LITE / "main.py"), **package_files(route)}
        return _run(["node", str(HERE / "run_lite.mjs")], config, timeout, cwd=HERE)


def run_cpython(calls: list[dict], scripts: list[dict] = (), repeat: int = 1, timeout: float = 300) -> dict:
    """The same driver's report from a fresh CPython with the installed package (the desktop path)."""
    config = _config(list(calls), list(scripts), repeat, str(LITE / "main.py"))
    return _run([sys.executable, str(HERE / "lite_driver.py")], config, timeout, cwd=ROOT)


def _run(command: list[str], config: dict, timeout: float, cwd: Path) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "config.json"
        path.write_text(json.dumps(config), encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XLWINGS_", "APPARIEMENTS_"))}
        done = subprocess.run(command + [str(path)], cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"{command[0]} failed ({done.returncode}):\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])
