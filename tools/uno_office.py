"""LibreOffice as a person at the keyboard, for tests and benchmarks (UNO, headless).

    from uno_office import Office, available

    with Office() as office:                      # starts soffice, stops it by its pid
        book = office.open("event.xlsx")          # leaves LibreOffice's lock file beside it
        book.type("Rondes", "E5", "1-0")          # as typed on the input line
        book.insert_rows("Rondes", 7)             # a new empty row 7, what was there moves down
        book.sort("Joueurs", "B2:B11", key="B")
        seconds = book.calculate()                # dependents only; calculate_all(): everything
        book.save()                               # or book.save("copy.xlsm", fmt="xlsm")
        book.close()

One ``soffice --headless --accept=pipe,…`` is started per :class:`Office`, with a private
user profile that recalculates every formula on load (as ``addin.render.recalc`` does, so a
cached value in a file is never trusted) and is deleted at the end. The UNO calls run in a
child process (``uno_office_server.py``) under the Python that has LibreOffice's ``uno``
module (``$APPARIEMENTS_UNO_PYTHON``, else ``/usr/bin/python3``), so any Python can drive it.
Rows and columns are 1-based as on the screen; a column is a letter or a number.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from addin.render.recalc import PROFILE_XCU, soffice_path

SERVER = Path(__file__).resolve().with_name("uno_office_server.py")


def uno_python() -> str | None:
    """The Python that can ``import uno`` (checked once), or None."""
    global _uno_python
    if _uno_python is None:
        candidate = os.environ.get("APPARIEMENTS_UNO_PYTHON", "/usr/bin/python3")
        try:
            ok = subprocess.run([candidate, "-c", "import uno"], capture_output=True, timeout=60).returncode == 0
        except (OSError, subprocess.SubprocessError):
            ok = False
        _uno_python = candidate if ok else ""
    return _uno_python or None


_uno_python: str | None = None


def available() -> bool:
    """LibreOffice and a Python with ``uno`` are both here."""
    return soffice_path() is not None and uno_python() is not None


class OfficeError(RuntimeError):
    """LibreOffice refused an operation (its own words)."""


class Office:
    """One headless LibreOffice driven through UNO; use as a context manager."""

    def __init__(self, timeout: float = 120.0):
        self.timeout = timeout
        self._soffice: subprocess.Popen | None = None
        self._server: subprocess.Popen | None = None
        self._profile: Path | None = None

    @property
    def pid(self) -> int | None:
        """The pid of soffice (its process group is stopped at the end)."""
        return self._soffice.pid if self._soffice else None

    def __enter__(self) -> "Office":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        exe, python = soffice_path(), uno_python()
        if exe is None or python is None:
            raise OfficeError("LibreOffice (soffice) or a Python with its uno module is missing")
        self._profile = Path(tempfile.mkdtemp(prefix="appariements-uno-profile-"))
        (self._profile / "user").mkdir()
        (self._profile / "user" / "registrymodifications.xcu").write_text(PROFILE_XCU, encoding="utf-8")
        pipe = f"appariements-uno-{os.getpid()}-{id(self)}"
        self._soffice = subprocess.Popen(
            [exe, "--headless", "--invisible", "--nologo", "--norestore", "--nodefault", "--nofirststartwizard",
             f"-env:UserInstallation={self._profile.as_uri()}",
             f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        self._server = subprocess.Popen([python, str(SERVER), pipe], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, encoding="utf-8")
        try:
            ready = self._server.stdout.readline()
            if not ready:
                raise OfficeError("the UNO bridge did not start")
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        if self._server is not None:
            try:
                if self._server.poll() is None:
                    self._server.stdin.write(json.dumps({"op": "quit"}) + "\n")
                    self._server.stdin.flush()
                    self._server.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired, ValueError):
                self._server.kill()
            self._server = None
        if self._soffice is not None:
            group = self._soffice.pid
            for sig in (signal.SIGTERM, signal.SIGKILL):  # the whole group: the script, oosplash, soffice.bin
                try:
                    os.killpg(group, sig)
                except ProcessLookupError:
                    break
                if _group_gone(self._soffice, group, timeout=15):
                    break
            self._soffice = None
        if self._profile is not None:
            shutil.rmtree(self._profile, ignore_errors=True)
            self._profile = None

    def call(self, op: str, **args: Any) -> Any:
        """One operation of ``uno_office_server.Server``; its result, or :class:`OfficeError`."""
        if self._server is None:
            raise OfficeError("LibreOffice is not started")
        self._server.stdin.write(json.dumps({"op": op, "args": args}) + "\n")
        self._server.stdin.flush()
        line = self._server.stdout.readline()
        if not line:
            raise OfficeError(f"LibreOffice stopped during {op}")
        reply = json.loads(line)
        if "error" in reply:
            raise OfficeError(f"{op}: {reply['error']}")
        return reply["ok"]

    def open(self, path: Path | str, read_only: bool = False, filter: str | None = None,
             macros: bool = False) -> "Document":
        """Open ``path``; ``filter`` names LibreOffice's import filter when its type detection does not know the
        file (an add-in ``.xlam``: ``"Calc MS Excel 2007 VBA XML"``); ``macros``: its macros may run
        (:meth:`Document.run_basic`), never otherwise."""
        args: dict[str, Any] = {"filter": filter} if filter else {}
        if macros:
            args["macros"] = True
        return Document(self, self.call("open", path=str(Path(path).resolve()), read_only=read_only, **args))

    def new(self) -> "Document":
        """An empty spreadsheet (save it with :meth:`Document.save` and a path)."""
        return Document(self, self.call("new"))


def _group_gone(leader: subprocess.Popen, group: int, timeout: float) -> bool:
    """Wait until no process of ``group`` is left (the leader reaped); False after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        leader.poll()
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


class Document:
    """A spreadsheet open in an :class:`Office`."""

    def __init__(self, office: Office, doc: int):
        self.office, self.doc = office, doc

    def _call(self, op: str, **args: Any) -> Any:
        return self.office.call(op, doc=self.doc, **args)

    def __enter__(self) -> "Document":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # documents
    def save(self, path: Path | str | None = None, fmt: str = "xlsx") -> None:
        """Save in place (its own format), or as ``path`` in ``fmt`` (xlsx, xlsm, ods, pdf) like *Save As*."""
        self._call("save", path=None if path is None else str(Path(path).resolve()), fmt=fmt)

    def export(self, path: Path | str, fmt: str = "xlsx") -> None:
        """*Save a copy* as ``path`` in ``fmt``; the document stays where it was."""
        self._call("export", path=str(Path(path).resolve()), fmt=fmt)

    def close(self) -> None:
        if self.doc is not None:
            self._call("close")
            self.doc = None

    # sheets
    def sheet_names(self) -> list[str]:
        return self._call("sheet_names")

    def move_sheet(self, sheet: str, position: int) -> None:
        """Move the tab ``sheet`` to ``position`` (0-based)."""
        self._call("move_sheet", sheet=sheet, position=position)

    def rename_sheet(self, sheet: str, name: str) -> None:
        self._call("rename_sheet", sheet=sheet, name=name)

    def insert_sheet(self, name: str, position: int) -> None:
        self._call("insert_sheet", name=name, position=position)

    def remove_sheet(self, sheet: str) -> None:
        self._call("remove_sheet", sheet=sheet)

    def used_range(self, sheet: str | int) -> str:
        """The last used cell of ``sheet`` (``"K42"``)."""
        return self._call("used_range", sheet=sheet)

    # cells
    def values(self, sheet: str | int, range: str) -> list[list]:
        """The block's values (numbers as floats, text as str, empty cells as "")."""
        return self._call("values", sheet=sheet, range=range)

    def value(self, sheet: str | int, cell: str) -> Any:
        return self.values(sheet, cell)[0][0]

    def formulas(self, sheet: str | int, range: str) -> list[list[str]]:
        return self._call("formulas", sheet=sheet, range=range)

    def texts(self, sheet: str | int, range: str) -> list[list[str]]:
        """What the cells show, formatted."""
        return self._call("texts", sheet=sheet, range=range)

    def type(self, sheet: str | int, cell: str, text: str) -> None:
        """Enter ``text`` as typed on the input line: a number, text, or a ``=formula``."""
        self._call("type", sheet=sheet, cell=cell, text=str(text))

    def set_text(self, sheet: str | int, cell: str, text: str) -> None:
        """Enter ``text`` as text, whatever it looks like."""
        self._call("set_text", sheet=sheet, cell=cell, text=str(text))

    def clear(self, sheet: str | int, range: str) -> None:
        """Delete the contents of the block (the *Delete* key)."""
        self._call("clear", sheet=sheet, range=range)

    def insert_rows(self, sheet: str | int, row: int, count: int = 1) -> None:
        self._call("insert_rows", sheet=sheet, row=row, count=count)

    def delete_rows(self, sheet: str | int, row: int, count: int = 1) -> None:
        self._call("delete_rows", sheet=sheet, row=row, count=count)

    def insert_columns(self, sheet: str | int, col: str | int, count: int = 1) -> None:
        self._call("insert_columns", sheet=sheet, col=col, count=count)

    def delete_columns(self, sheet: str | int, col: str | int, count: int = 1) -> None:
        self._call("delete_columns", sheet=sheet, col=col, count=count)

    def sort(self, sheet: str | int, range: str, key: str | int, ascending: bool = True,
             header: bool = False) -> None:
        """*Data › Sort* of the block ``range`` by the sheet column ``key``."""
        self._call("sort", sheet=sheet, range=range, key=key, ascending=ascending, header=header)

    def comments(self, sheet: str | int) -> list[tuple[str, str]]:
        return [tuple(pair) for pair in self._call("comments", sheet=sheet)]

    def add_comment(self, sheet: str | int, cell: str, text: str) -> None:
        self._call("add_comment", sheet=sheet, cell=cell, text=text)

    # recalculation
    def calculate(self) -> float:
        """Recalculate what depends on the changes (F9 in Calc); seconds taken inside LibreOffice."""
        return self._call("calculate")

    def calculate_all(self) -> float:
        """Recalculate every formula (Ctrl+Shift+F9); seconds taken inside LibreOffice."""
        return self._call("calculate_all")

    def type_and_calculate(self, sheet: str | int, cell: str, text: str) -> float:
        """:meth:`type`, then :meth:`calculate`; seconds of the recalculation alone."""
        return self._call("type_and_calculate", sheet=sheet, cell=cell, text=str(text))

    def set_auto_calculate(self, on: bool) -> None:
        """Automatic recalculation on every edit (Calc's *AutoCalculate*)."""
        self._call("set_auto_calculate", on=on)

    # formula audit
    def dependents(self, sheet: str | int, range: str, recursive: bool = True) -> list[tuple[int, int, int, int, int]]:
        """The formula cells that read ``range`` (transitively with ``recursive``), as LibreOffice finds
        them in the same sheet: ``(sheet index, first col, first row, last col, last row)`` blocks, 1-based."""
        return [tuple(block) for block in self._call("dependents", sheet=sheet, range=range, recursive=recursive)]

    # macros and controls
    def basic_modules(self) -> dict[str, dict[str, str]]:
        """``{library: {module: source}}`` (an .xlsm's VBA project as LibreOffice imported it)."""
        return self._call("basic_modules")

    def add_basic_module(self, library: str, module: str, source: str) -> None:
        """Add (or replace) a Basic module of the document (LibreOffice runs a document's Basic from its own
        libraries, such as ``Standard``, not from the ``VBAProject`` it imported from an ``.xlsm``)."""
        self._call("add_basic_module", library=library, module=module, source=source)

    def run_basic(self, module: str, function: str, *args: Any, library: str = "VBAProject") -> Any:
        """The value of the document's Basic (VBA) function ``module.function(*args)``, run by LibreOffice's Basic
        (the document must be opened with ``macros=True``)."""
        return self._call("run_basic", library=library, module=module, function=function, args=list(args))

    def buttons(self, sheet: str | int) -> list[dict]:
        """The form controls of ``sheet``: ``name``, ``label`` and the scripts bound to them (``events``)."""
        return self._call("buttons", sheet=sheet)

    def shapes(self, sheet: str | int) -> list[dict]:
        return self._call("shapes", sheet=sheet)
