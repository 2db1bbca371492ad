"""Write an output file the safe way: whole or not at all, its previous version kept, one writer at a time.

* The content is made in memory first; only then is a temporary file created beside the
  target, written in one go, flushed to disk and renamed over the target. A run stopped
  while the content is being made leaves nothing; a run killed in the few milliseconds of
  the write itself leaves at most a ``.~appariements-<pid>-….tmp`` file, which the next
  write in that folder removes (its process is gone; ``addin.render.temp_files``).
* A new file gets the permissions the user's umask gives (a club's shared drive can read
  it); a replaced file keeps the permissions it had.
* Replacing an existing file first keeps it in the file's rotating set of previous versions
  (``ev.backups/ev.<date_time>.xlsx``, the newest 10; ``addin.render.backups``), unless the
  caller says the replaced file holds nothing to keep. The copy is atomic too.
* One writer at a time (``addin.render.sharing``): the write holds the file's lock (a
  command that read the file already holds it); a file open in LibreOffice or Excel is not
  written; a file that changed since the command read it (``expected``) is not written.
* A stop request (SIGTERM, Ctrl-C) during the backup and the write waits for their end
  (``addin.render.stopping``): the file is old or new, never half-written.
* A target that cannot be written (missing folder, a file where a folder should be, no
  permission) is refused with a sentence before anything is made; a failure while writing
  (disk full, medium read-only, any ``OSError``) is one sentence too, and leaves the file
  and its previous versions as they were, no temporary file and no extra copy behind.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
from pathlib import Path
from typing import Callable, Literal

from addin.core.errors import TournamentError, os_reason
from addin.render import backups, sharing, stopping
from addin.render.temp_files import TEMP_PREFIX, fsync, remove_stale_temps, sync_folder


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
    if _read_only_disk(folder):
        raise TournamentError("{path} is on a read-only disk or folder: nothing was changed.", path=path)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise TournamentError("The folder {folder} cannot be written to (no permission).", folder=folder)
    if path.exists() and not os.access(path, os.W_OK):
        raise TournamentError("The file {path} cannot be replaced (no permission).", path=path)


def _read_only_disk(folder: Path) -> bool:
    """Whether ``folder`` is on a file system mounted read-only (POSIX; elsewhere: not known, False)."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (AttributeError, OSError):
        return False


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


def write_bytes(path: Path, make: Callable[[], bytes], *, force: bool = False, backup: bool = True,
                expected: sharing.Fingerprint | None | Literal[False] = False) -> Path | None:
    """Make the content with ``make()``, then write it to ``path``; returns the previous version kept, if any.

    ``force`` allows replacing an existing file; ``backup`` keeps a copy of it first.
    ``expected``: the fingerprint of the file as the caller read it (None: there was no file);
    the write is refused if the file is no longer that. ``False``: not checked.
    """
    path = Path(path)
    check_target(path, force)
    claim = sharing.Claim(path)
    try:
        try:
            data = make()
        except OSError as exc:  # a temporary file of the maker (its own disk full)
            raise _failure(path, exc) from None
        return install(path, data, backup=backup, expected=expected)
    finally:
        claim.release()


def write_text(path: Path, make: Callable[[], str], *, force: bool = False, backup: bool = True,
               newline: str = "\n") -> Path | None:
    """:func:`write_bytes` for UTF-8 text (``newline`` replaces every line end)."""
    return write_bytes(path, lambda: make().replace("\r\n", "\n").replace("\n", newline).encode("utf-8"),
                       force=force, backup=backup)


def install(path: Path, data: bytes, *, backup: bool = True,
            expected: sharing.Fingerprint | None | Literal[False] = False) -> Path | None:
    """Put ``data`` in place of ``path`` (see the module); the caller holds the file's lock.

    Returns the previous version kept, if any.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    remove_stale_temps(folder)
    existing = path.exists()
    try:
        if existing:
            sharing.check_not_open(path)
        if expected is not False:
            sharing.check_unchanged(path, expected)
    except OSError as exc:  # the file could not even be read back
        raise _failure(path, exc) from None
    kept = None
    tmp = folder / f"{TEMP_PREFIX}{os.getpid()}-{path.name}.tmp"
    done = False
    with stopping.writing():
        try:
            if existing and backup:
                kept = backups.keep(path)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o666)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                fsync(handle.fileno())
            if existing:
                with contextlib.suppress(OSError):
                    shutil.copymode(path, tmp)
            if expected is not False:  # what a spreadsheet may have saved during the copy and the write
                sharing.check_unchanged(path, expected)
            os.replace(tmp, path)
            done = True
        except OSError as exc:
            raise _failure(path, exc) from None
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
            if not done and kept is not None:
                backups.forget(kept)
        sync_folder(folder)
        stopping.installed(path, kept)
    if kept is not None:
        backups.prune(path)
    return kept


def _failure(path: Path, exc: OSError) -> TournamentError:
    """The sentence of a write that failed: nothing was changed."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return TournamentError("The disk holding {path} is full: nothing was changed (the file and its previous "
                               "versions are as they were). Free some space, then run the command again.", path=path)
    if exc.errno == errno.EROFS:
        return TournamentError("{path} is on a read-only disk or folder: nothing was changed.", path=path)
    return TournamentError("{path} could not be written: {reason}; nothing was changed.", path=path,
                           reason=os_reason(exc))
