"""One writer at a time: who else has a file, and whether it changed under a command.

Three guards, used by ``addin.render.output`` and ``addin.render.file_book``:

* **Our own commands queue.** A command that opens a file to change it first takes the lock
  ``.~appariements-lock.<name>`` beside it (:class:`Claim`), and keeps it until it has
  written (or ends): a second command on that file waits for the first to finish, then
  reads what the first wrote — two ``result`` commands run together both keep their result.
  The lock is ``filelock.SoftFileLock``: a marker file holding the process id, host and
  start time of its holder, created exclusively and removed when released; a marker left
  by a process that died (killed, power cut) is recognised as stale and taken over. A
  command that waits longer than :data:`LOCK_WAIT` seconds is refused with a sentence
  naming the holder and the lock file.
* **A spreadsheet that has the file open is left alone.** LibreOffice marks an open file
  with ``.~lock.<name>#`` beside it, Excel with ``~$<name>`` (both remove it when the file is
  closed): with either present, a write is refused (:func:`check_not_open`) — otherwise the
  spreadsheet's next save would discard what the command wrote, or refuse to save.
* **No stale write.** What a command read is fingerprinted (:func:`fingerprint`: size,
  modification time, SHA-256) when it opens the file; just before writing, the file on disk
  is compared with it (:func:`check_unchanged`): a file saved meanwhile by another program
  is never overwritten with a state computed from its previous content.
"""

from __future__ import annotations

import hashlib
import os
import weakref
from dataclasses import dataclass
from pathlib import Path

from addin.core.errors import TournamentError

#: seconds a command waits for another command writing the same file before it gives up
LOCK_WAIT = float(os.environ.get("APPARIEMENTS_LOCK_WAIT", "120"))
LOCK_PREFIX = ".~appariements-lock."


def lock_path(path: Path) -> Path:
    """The lock file of ``path`` (``ev.xlsx`` → ``.~appariements-lock.ev.xlsx``)."""
    path = Path(path)
    return path.with_name(f"{LOCK_PREFIX}{path.name}")


class Claim:
    """This process's hold on ``path``: taken when made (waiting for another holder), given back by
    :meth:`release` (once; also when the object is collected or the program ends).

    Holds of one process on one file nest: a command that opens a file twice does not wait for itself.
    A folder where no lock file can be created (read-only) gives no hold: nothing can be written
    there anyway, and reading needs none.
    """

    def __init__(self, path: Path):
        from filelock import SoftFileLock, Timeout  # here: xlwings Lite (Pyodide) never writes files

        self.path = Path(path)
        self._lock = SoftFileLock(str(lock_path(self.path).absolute()), is_singleton=True, thread_local=False)
        self._held = False
        try:
            self._lock.acquire(timeout=LOCK_WAIT)
        except Timeout:
            holder = self._lock.pid
            raise TournamentError(
                "{name} is being changed by another appariements command (process {pid}) that has not finished "
                "after {seconds} s: nothing was changed; run this command again when it ends. If no such command "
                "runs any more, delete {lock}.", name=self.path.name, pid=holder if holder is not None else "?",
                seconds=int(LOCK_WAIT), lock=lock_path(self.path).name) from None
        except OSError:
            return  # no lock file can be made here (read-only folder or medium)
        self._held = True

        _LIVE.add(self)

    def release(self) -> None:
        if self._held:
            self._held = False
            _LIVE.discard(self)
            self._lock.release()


_LIVE: "weakref.WeakSet[Claim]" = weakref.WeakSet()


def release_all() -> None:
    """Give back every hold of this process (the command line, when a command ends however it ends)."""
    for claim in list(_LIVE):
        claim.release()


# -- spreadsheets that have the file open ------------------------------------------------

def office_lock(path: Path) -> tuple[str, Path, str] | None:
    """``(program, lock file, who)`` when LibreOffice or Excel has ``path`` open, else None."""
    path = Path(path)
    libre = path.with_name(f".~lock.{path.name}#")
    excel = path.with_name(f"~${path.name}")
    if libre.is_file():
        return "LibreOffice", libre, _libreoffice_user(libre)
    if excel.is_file():
        return "Excel", excel, _excel_user(excel)
    return None


def _libreoffice_user(lock: Path) -> str:
    """Who opened the file, from LibreOffice's lock file: ``full name,login,host,date,profile;``."""
    try:
        fields = lock.read_bytes()[:1000].decode("utf-8", "replace").split(",")
    except OSError:
        return ""
    name = (fields[0] or fields[1]).strip() if len(fields) > 1 else ""
    host = fields[2].strip() if len(fields) > 2 else ""
    return f"{name}@{host}" if name and host else name


def _excel_user(lock: Path) -> str:
    """Who opened the file, from Excel's owner file: a length byte, then the user's name."""
    try:
        data = lock.read_bytes()[:200]
    except OSError:
        return ""
    if not data or data[0] == 0 or len(data) < 1 + data[0]:
        return ""
    return data[1:1 + data[0]].decode("cp1252", "replace").strip()


def check_not_open(path: Path) -> None:
    """Refuse to write ``path`` while LibreOffice or Excel has it open (their lock file beside it)."""
    found = office_lock(path)
    if found is None:
        return
    program, lock, who = found
    if who:
        raise TournamentError(
            "{name} is open in {program} (by {who}): close it there, then run the command again; nothing was "
            "changed. If it is not open anywhere, delete the lock file {lock}.", name=Path(path).name,
            program=program, who=who, lock=lock.name)
    raise TournamentError(
        "{name} is open in {program}: close it there, then run the command again; nothing was changed. If it is "
        "not open anywhere, delete the lock file {lock}.", name=Path(path).name, program=program, lock=lock.name)


# -- a file changed under the command --------------------------------------------------------

@dataclass(frozen=True)
class Fingerprint:
    """What identifies a file's content: its size, modification time and SHA-256."""

    size: int
    mtime_ns: int
    sha256: str


def fingerprint(path: Path) -> Fingerprint | None:
    """The fingerprint of the file at ``path`` now, or None when there is none."""
    try:
        with open(path, "rb") as handle:
            stat = os.fstat(handle.fileno())
            digest = hashlib.file_digest(handle, "sha256").hexdigest()
    except FileNotFoundError:
        return None
    return Fingerprint(stat.st_size, stat.st_mtime_ns, digest)


def changed(path: Path, seen: Fingerprint | None) -> bool:
    """Whether the file at ``path`` differs from ``seen`` (None: there was no file).

    A different size is a change; with the same size the SHA-256 decides, whatever the times say
    (a save within the same second on a disk that keeps whole seconds has the old time; a file
    touched but not changed has a new one, and writing over it loses nothing).
    """
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        return seen is not None
    if seen is None or stat.st_size != seen.size:
        return True
    now = fingerprint(path)
    return now is None or now.sha256 != seen.sha256


def check_unchanged(path: Path, seen: Fingerprint | None) -> None:
    """Refuse to write ``path`` when it is no longer the file the command read."""
    if changed(path, seen):
        raise TournamentError(
            "{name} was changed by another program while this command ran (saved from a spreadsheet?): nothing "
            "was written, so that nothing saved there is lost; run the command again.", name=Path(path).name)
