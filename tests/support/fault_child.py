"""Run the command line in a forked child, stopped at a chosen moment of the write (fault tests).

``run_cli(argv, folder, stop_at=(n, "before"), signum=...)`` forks; the child runs
``addin.cli.main(argv)`` (the real entry point: its signal handlers, its exit status) and, while
an ``install`` of ``addin.render.output`` (``_install`` before it) is on its stack, watches the
calls of built-ins that touch the disk (``open``, ``write``, ``fsync``, ``replace``, ``sendfile``…,
:data:`DISK_CALLS`) and sends itself ``signum`` just before or just after the ``n``-th of them:
a kill at every moment of the backup copy and of the write can be enumerated instead of hoped
for by timing. Without ``stop_at`` nothing is stopped and ``Run.calls`` lists those calls in order.

What the fault tests read back, independently of the project's readers: :func:`results_of` (the
results in a round-robin's Rounds sheet, with openpyxl) and :func:`whole` (a package whose every
member reads back).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

WRITERS = {"install", "_install"}  # the function of addin/render/output.py that puts a file in place
#: the built-ins by which a write changes (or reads) the disk
DISK_CALLS = {"open", "write", "flush", "fsync", "replace", "rename", "copyfileobj", "copyfile", "copy2", "copystat",
              "copymode", "sendfile", "unlink", "rmdir", "mkdir", "close", "utime", "chmod", "readinto", "read",
              "scandir", "file_digest"}


STOPPABLE = ("c_call", "c_return", "c_exception")  # before a built-in, after it returned or raised


@dataclass
class Run:
    status: int          # exit status (negative: killed by that signal)
    output: str          # what the child printed (stdout and stderr)
    calls: list[str] = field(default_factory=list)  # the disk calls of the write, in order (a run not stopped)


def _child(argv: list[str], stop_at: tuple[int, str] | None, signum: int, log: str, calls_file: str) -> None:
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    # pytest's capture objects stand in for sys.stdout and sys.stderr: write to the log's descriptors instead
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False, buffering=1)
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False, buffering=1)
    calls: list[str] = []

    def profile(frame, event, arg):
        if event in STOPPABLE and getattr(arg, "__name__", "") in DISK_CALLS:
            if event == "c_call":
                calls.append(arg.__name__)
            if stop_at == (len(calls), "before" if event == "c_call" else "after"):
                os.kill(os.getpid(), signum)

    from addin.cli import main
    from addin.render import output

    name = next(n for n in WRITERS if hasattr(output, n))
    writer = getattr(output, name)

    def watched(*args, **kwargs):  # the profile only while a file is put in place (it slows every call)
        sys.setprofile(profile)
        try:
            return writer(*args, **kwargs)
        finally:
            sys.setprofile(None)

    setattr(output, name, watched)
    try:
        main(argv)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        Path(calls_file).write_text("\n".join(calls))


def warm() -> None:
    """Import every command and the round-robin use cases here, once, so that each forked child starts warm."""
    from addin.cli import load_commands
    from addin.events import roundrobin  # noqa: F401
    from addin.files import usercache  # noqa: F401
    from addin.sheets.roundrobin import reader  # noqa: F401

    load_commands()


def run_cli(argv: list, folder: Path, stop_at: tuple[int, str] | None = None, signum: int = signal.SIGKILL,
            timeout: float = 300) -> Run:
    warm()
    ctx = multiprocessing.get_context("fork")
    log, calls_file = folder / ".child.log", folder / ".child.calls"
    calls_file.unlink(missing_ok=True)
    child = ctx.Process(target=_child, args=([str(a) for a in argv], stop_at, int(signum), str(log), str(calls_file)))
    child.start()
    child.join(timeout)
    if child.exitcode is None:
        child.kill()
        child.join()
        raise AssertionError(f"{argv} did not end in {timeout} s")
    calls = calls_file.read_text().split("\n") if calls_file.exists() and calls_file.read_text() else []
    output = log.read_text(encoding="utf-8", errors="replace")
    log.unlink(missing_ok=True)
    calls_file.unlink(missing_ok=True)
    return Run(child.exitcode, output, calls)


def moments(run: Run) -> list[tuple[int, str]]:
    """Every stop point of a write like ``run``'s: just before and just after each of its disk calls."""
    return [(n, when) for n in range(1, len(run.calls) + 1) for when in ("before", "after")]


def results_of(path: Path) -> dict[tuple[int, int], str]:
    """The results typed in the Rounds sheet (a game's row: round, board, result in columns A, B, E; a
    round's title row above its games has text in A), read with openpyxl."""
    from openpyxl import load_workbook

    book = load_workbook(path, read_only=True)
    try:
        rows = book["Rounds"].iter_rows(min_row=2, values_only=True)
        return {(int(r[0]), int(r[1])): r[4] for r in rows if isinstance(r[0], int) and r[4] not in (None, "")}
    finally:
        book.close()


def whole(path: Path) -> bool:
    """``path`` is a zip package whose every member reads back (no copy cut short)."""
    try:
        with zipfile.ZipFile(path) as z:
            return z.testzip() is None
    except (zipfile.BadZipFile, OSError):
        return False
