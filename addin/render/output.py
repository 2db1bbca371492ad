"""Write an output file the safe way: whole or not at all, a copy of what it replaces kept.

* The content is made in memory first; only then is a temporary file created beside the
  target, written in one go, flushed to disk and renamed over the target. A run stopped
  while the content is being made leaves nothing; a run killed in the few milliseconds of
  the write itself leaves at most a ``.~appariements-<pid>-….tmp`` file, which the next
  write in that folder removes (its process is gone).
* A new file gets the permissions the user's umask gives (a club's shared drive can read
  it); a replaced file keeps the permissions it had.
* Replacing an existing file first keeps it as ``<name>.bakN<suffix>`` beside it (N = 1, 2,
  …, never overwritten), unless the caller says the replaced file holds nothing to keep.
* A target that cannot be written (missing folder, a file where a folder should be, no
  permission) is refused with a sentence before anything is made.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
from pathlib import Path
from typing import Callable

from addin.core.errors import TournamentError, os_reason

TEMP_PREFIX = ".~appariements-"
_TEMP_RE = re.compile(r"^\.~appariements-(\d+)-.*\.tmp$")


def check_target(path: Path, force: bool) -> None:
    """Refuse a target that exists (without ``force``) or whose folder cannot take a file."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise TournamentError("{path} is a folder: give a file name.", path=path)
    if path.exists() and not force:
        raise TournamentError("The file {path} already exists: choose another name or add --force.", path=path)
    if not folder.exists():
        blocker = next((p for p in [folder, *folder.parents] if p.exists()), None)
        if blocker is not None and not blocker.is_dir():
            raise TournamentError("{blocker} is a file, not a folder: {path} cannot be written there.",
                                  blocker=blocker, path=path)
        raise TournamentError("The folder {folder} does not exist.", folder=folder)
    if not folder.is_dir():
        raise TournamentError("{blocker} is a file, not a folder: {path} cannot be written there.",
                              blocker=folder, path=path)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise TournamentError("The folder {folder} cannot be written to (no permission).", folder=folder)
    if path.exists() and not os.access(path, os.W_OK):
        raise TournamentError("The file {path} cannot be replaced (no permission).", path=path)


def check_suffix(path: Path, suffix: str) -> None:
    """Refuse an output path not ending in ``suffix`` (``.csv``, ``.xlsx``), before anything is made."""
    if Path(path).suffix.lower() != suffix:
        raise TournamentError("The output file must end in {suffix}, not '{name}'.", suffix=suffix,
                              name=Path(path).name)


def make_folder(folder: Path) -> None:
    """Create ``folder`` (and its parents) for outputs, or refuse with a sentence: a file in the way, no permission."""
    folder = Path(folder)
    blocker = next((p for p in [folder, *folder.parents] if p.exists()), None)
    if blocker is not None and not blocker.is_dir():
        raise TournamentError("{blocker} is a file, not a folder: {path} cannot be written there.",
                              blocker=blocker, path=folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TournamentError("The folder {folder} cannot be created: {reason}.", folder=folder,
                              reason=os_reason(exc)) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise TournamentError("The folder {folder} cannot be written to (no permission).", folder=folder)


def backup_path(path: Path) -> Path:
    """The first free ``<stem>.bakN<suffix>`` beside ``path``."""
    n = 1
    while True:
        candidate = path.with_name(f"{path.stem}.bak{n}{path.suffix}")
        if not candidate.exists():
            return candidate
        n += 1


def write_bytes(path: Path, make: Callable[[], bytes], *, force: bool = False, backup: bool = True) -> Path | None:
    """Make the content with ``make()``, then write it to ``path``; returns the backup made, if any.

    ``force`` allows replacing an existing file; ``backup`` keeps a copy of it first.
    """
    path = Path(path)
    check_target(path, force)
    data = make()
    return _install(path, data, backup=backup)


def write_text(path: Path, make: Callable[[], str], *, force: bool = False, backup: bool = True,
               newline: str = "\n") -> Path | None:
    """:func:`write_bytes` for UTF-8 text (``newline`` replaces every line end)."""
    return write_bytes(path, lambda: make().replace("\r\n", "\n").replace("\n", newline).encode("utf-8"),
                       force=force, backup=backup)


def _install(path: Path, data: bytes, backup: bool) -> Path | None:
    folder = path.parent if str(path.parent) else Path(".")
    _remove_stale_temps(folder)
    kept = None
    existing = path.exists()
    if existing and backup:
        kept = backup_path(path)
        shutil.copy2(path, kept)
    tmp = folder / f"{TEMP_PREFIX}{os.getpid()}-{path.name}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o666)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            with contextlib.suppress(OSError):
                os.fsync(handle.fileno())
        if existing:
            with contextlib.suppress(OSError):
                shutil.copymode(path, tmp)
        os.replace(tmp, path)
    except OSError as exc:
        raise TournamentError("{path} could not be written: {reason}.", path=path,
                              reason=os_reason(exc)) from None
    finally:
        with contextlib.suppress(FileNotFoundError, OSError):
            tmp.unlink()
    return kept


def _remove_stale_temps(folder: Path) -> None:
    """Remove temporary files left by runs of this program that were killed mid-write."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = _TEMP_RE.match(entry.name)
        if match and not _alive(int(match.group(1))):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)


def _alive(pid: int) -> bool:
    if pid == os.getpid() or os.name == "nt":  # on Windows os.kill(pid, 0) would end that process
        return True
    try:
        os.kill(pid, 0)
    except OSError as exc:
        return exc.errno == errno.EPERM
    except (OverflowError, ValueError):
        return False
    return True
