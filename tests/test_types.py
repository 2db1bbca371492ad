"""The package's types hold: mypy, at the strictness set in ``pyproject.toml`` ([tool.mypy]), finds no error.

The settings are the project's own (``python -m mypy`` from the repository's root reads them):
Python 3.11, mypy's default checks plus the bodies of unannotated functions
(``check_untyped_defs``), unused ``# type: ignore`` and redundant casts reported; a missing
import is an error except for the libraries that ship no types (xlwings, xlsxwriter, uno),
and openpyxl, pandas and networkx are checked through their stub packages (the ``test`` extra).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_ERROR = re.compile(r"^addin/[^:]+\.py:\d+: error: .*$", re.M)


def test_mypy_finds_no_error(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache")],
                         cwd=ROOT, capture_output=True, text=True, timeout=900)
    errors = _ERROR.findall(run.stdout)
    assert not errors, f"{len(errors)} mypy errors in addin/:\n" + run.stdout
    assert run.returncode == 0, run.stderr or run.stdout  # mypy itself failed (its settings, a crash)
    assert "Success: no issues found" in run.stdout, run.stdout
