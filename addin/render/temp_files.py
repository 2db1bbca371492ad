"""The temporary files a write makes beside its target, and the removal of those a killed run left.

A temporary file is named ``.~appariements-<pid>-<name>.tmp``: the next write in that folder
removes every such file whose process is gone (a run killed in the middle of a write).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from pathlib import Path

TEMP_PREFIX = ".~appariements-"
_TEMP_RE = re.compile(r"^\.~appariements-(\d+)-.*\.tmp$")


def remove_stale_temps(folder: Path) -> None:
    """Remove temporary files left by runs of this program that were killed mid-write."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = _TEMP_RE.match(entry.name)
        if match and not alive(int(match.group(1))):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (on Windows: assumed, since ``os.kill(pid, 0)`` would end it)."""
    if pid == os.getpid() or os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except OSError as exc:
        return exc.errno == errno.EPERM
    except (OverflowError, ValueError):
        return False
    return True


def fsync(fd: int) -> None:
    """Flush a file to disk; a file system that cannot (some network shares) is not an error, a disk
    that fails to (full, faulty) is."""
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, getattr(errno, "EOPNOTSUPP", errno.ENOTSUP)):
            raise


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries (a rename) to disk where the system allows it (POSIX); else nothing."""
    if os.name == "nt":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
