"""What each desktop front end can run, decided by xlwings' own code (docs/excel-addin.md).

macOS desktop with a local Python: classic xlwings registers Excel functions only on Windows
with pywin32 (``xlwings/__init__.py``: ``elif sys.platform.startswith("win") and has_pywin32``);
elsewhere its ``func``/``arg`` decorators return the function untouched, so *Import Functions*
finds nothing. The buttons are ``RunPython`` calls, which xlwings' add-in provides on macOS
as on Windows. Both facts are checked here by running xlwings' import under the platform
names it tests (``sys.platform``), in a fresh interpreter without xlwings Server's variable.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT

PROBE = """
import json, sys
sys.platform = {platform!r}
import xlwings as xw
import addin.excel.udfs as udfs
functions = [n for n in dir(udfs) if n.isupper() and hasattr(getattr(udfs, n), "__xlfunc__")]
print(json.dumps({{"decorator": xw.func.__module__, "registered": functions}}))
"""


def probe(platform: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "XLWINGS_ON_SERVER"}
    done = subprocess.run([sys.executable, "-c", PROBE.format(platform=platform)], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_macos_classic_xlwings_registers_no_function():
    mac = probe("darwin")
    assert mac == {"decorator": "xlwings", "registered": []}  # xlwings' own no-op decorators


def test_behind_xlwings_server_or_lite_every_function_is_registered():
    import addin.excel.udfs as udfs  # conftest sets XLWINGS_ON_SERVER, as Lite's runtime does

    registered = [n for n in dir(udfs) if n.isupper() and hasattr(getattr(udfs, n), "__xlfunc__")]
    assert len(registered) == 31


STUBS = sorted((ROOT / "vba_stub").glob("*.bas"))
#: what Excel for Mac lacks (Windows API declarations, COM objects, shells, Windows-only dialogs and branches)
WINDOWS_ONLY = re.compile(r"\b(Declare|CreateObject|GetObject|Shell|FileDialog|SendKeys|DoEvents)\b|#If\s+Win|"
                          r"\bWScript\b|\bScripting\.", re.I)


@pytest.mark.parametrize("stub", STUBS, ids=[s.name for s in STUBS])
def test_button_stubs_use_nothing_windows_only(stub):
    """The buttons run on macOS too: their VBA is ``RunPython`` calls and questions (``Application.InputBox``,
    ``GetOpenFilename``, ``GetSaveAsFilename``, which Excel for Mac has), nothing Windows-only."""
    code = [line.strip() for line in stub.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.strip().startswith("'")]
    assert [line for line in code if WINDOWS_ONLY.search(line)] == []


def test_the_windows_only_check_finds_what_it_looks_for():
    for line in ('Private Declare PtrSafe Function GetTickCount Lib "kernel32" () As Long',
                 'Set fso = CreateObject("Scripting.FileSystemObject")', "#If Win64 Then",
                 "With Application.FileDialog(msoFileDialogFilePicker)", 'Shell "cmd /c dir"'):
        assert WINDOWS_ONLY.search(line), line
