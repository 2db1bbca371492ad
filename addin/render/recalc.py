"""Recalculate workbooks with LibreOffice headless and read the computed values.

The recipe (``docs/excel-engines.md``, observed with LibreOffice 7.4):

* a private user profile whose ``registrymodifications.xcu`` sets
  ``/org.openoffice.Office.Calc/Formula/Load/OOXMLRecalcMode`` to 0 (always
  recalculate), so no cached value in a file is trusted;
* ``soffice --headless --convert-to "xlsx:Calc MS Excel 2007 XML" --outdir OUT``
  with OUT different from the input folder;
* soffice may exit 0 without writing anything: every output is checked;
* one soffice call for several files (about 1 s per call saved per file).

The re-saved files are for reading values only (``openpyxl`` ``data_only``),
never for shipping. :class:`LibreOfficeMissing` says plainly when ``soffice``
cannot be found (set ``APPARIEMENTS_SOFFICE`` to its path if it is not on PATH).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Sequence

PROFILE_XCU = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" \
xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" \
oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" \
oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""

FILTER = "xlsx:Calc MS Excel 2007 XML"

_lock = threading.Lock()
_profile: Path | None = None


class LibreOfficeMissing(RuntimeError):
    """``soffice`` is not installed or not on PATH."""


class RecalcFailed(RuntimeError):
    """LibreOffice ran but did not produce every recalculated file."""


def soffice_path() -> str | None:
    """The ``soffice`` executable (``$APPARIEMENTS_SOFFICE`` first, then PATH), or None."""
    override = os.environ.get("APPARIEMENTS_SOFFICE")
    if override:
        return override if Path(override).exists() else None
    return shutil.which("soffice") or shutil.which("libreoffice")


def _private_profile() -> Path:
    """A per-process LibreOffice profile with OOXMLRecalcMode = 0 (created once)."""
    global _profile
    if _profile is None or not _profile.exists():
        base = Path(tempfile.mkdtemp(prefix="appariements-lo-profile-"))
        (base / "user").mkdir()
        (base / "user" / "registrymodifications.xcu").write_text(PROFILE_XCU, encoding="utf-8")
        _profile = base
    return _profile


def recalculate_files(paths: Sequence[Path | str], outdir: Path | str, timeout: float = 600,
                      convert_to: str = FILTER) -> list[Path]:
    """Recalculate every file of ``paths`` in ONE soffice call; return the new files.

    The outputs are written to ``outdir`` (created; it must not be the folder
    of an input) under the index-prefixed names ``0000-<name>.xlsx`` so that
    inputs with equal names do not collide. ``convert_to="pdf"`` prints them to PDF
    instead (every visible sheet, as its print set-up says). Raises
    :class:`LibreOfficeMissing` or :class:`RecalcFailed`.
    """
    exe = soffice_path()
    if exe is None:
        raise LibreOfficeMissing(
            "LibreOffice (soffice) was not found: install it (e.g. apt-get install "
            "libreoffice-calc-nogui) or set APPARIEMENTS_SOFFICE to its path.")
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="appariements-recalc-in-"))
    try:
        staged = []
        for index, path in enumerate(paths):
            path = Path(path)
            if not path.exists():
                raise FileNotFoundError(path)
            target = staging / f"{index:04d}-{path.stem}.xlsx"
            shutil.copyfile(path, target)
            staged.append(target)
        if not staged:
            return []
        with _lock:
            profile = _private_profile()
            cmd = [exe, "--headless", "--norestore", "--nologo", "--nodefault", "--nolockcheck",
                   f"-env:UserInstallation={profile.as_uri()}",
                   "--convert-to", convert_to, "--outdir", str(outdir), *map(str, staged)]
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                                  stdin=subprocess.DEVNULL)
        suffix = "." + convert_to.split(":")[0]
        outputs = [outdir / (p.stem + suffix) for p in staged]
        missing = [p.name for p in outputs if not p.exists()]
        if missing:
            raise RecalcFailed(
                f"LibreOffice did not write {', '.join(missing)} (exit {proc.returncode}): "
                f"{(proc.stderr or proc.stdout).strip()[:500]}")
        return outputs
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def recalculated_books(paths: Sequence[Path | str], outdir: Path | str | None = None):
    """Recalculate ``paths`` (one soffice call) and return openpyxl books of computed values."""
    from openpyxl import load_workbook

    own = outdir is None
    folder = Path(tempfile.mkdtemp(prefix="appariements-recalc-out-")) if outdir is None else Path(outdir)
    try:
        outputs = recalculate_files(paths, folder)
        return [load_workbook(p, data_only=True) for p in outputs]
    finally:
        if own:
            shutil.rmtree(folder, ignore_errors=True)


def recalculated_book(path: Path | str, outdir: Path | str | None = None):
    """Recalculate one file and return its openpyxl book of computed values."""
    return recalculated_books([path], outdir)[0]


def sheet_values(book, sheet: str) -> list[list]:
    """All values of one sheet of a computed book, as rows."""
    return [list(row) for row in book[sheet].iter_rows(values_only=True)]
