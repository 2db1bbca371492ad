"""A per-user folder of computed results that are slow to rebuild: never required, never trusted blindly.

Issue 17: a generated Molter table beyond the shipped library can take
seconds; the UDF server kept it in memory only, so every restart paid for it
again. :func:`load` and :func:`store` keep such results as small files in a
per-user cache folder. The rules stay pure: a door hands this module to
:func:`addin.systems.molter.stored.use_cache` (the Excel functions and the
command line do), and without it nothing is written.

* ``APPARIEMENTS_CACHE_DIR`` when set (tests point it at a temporary folder;
  an empty value turns the cache off), else ``%LOCALAPPDATA%\\appariements\\cache``
  on Windows, ``~/Library/Caches/appariements`` on macOS, and
  ``$XDG_CACHE_HOME/appariements`` (default ``~/.cache/appariements``) elsewhere;
* a file holds a magic line, the SHA-256 of its payload, then the payload:
  a file that is truncated, altered or written by another version is ignored
  (and removed), never returned;
* writes go to a temporary file in the same folder, then ``os.replace`` puts
  it in place atomically: two processes writing the same entry at once
  leave one whole file (the same bytes either way);
* any failure to read or write (read-only disk, full disk, no home folder,
  Pyodide's temporary file system) is silent: the caller computes again.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

MAGIC = b"appariements-cache-1\n"


def folder() -> Path | None:
    """The cache folder (not created), or None when caching is off."""
    explicit = os.environ.get("APPARIEMENTS_CACHE_DIR")
    if explicit is not None:
        return Path(explicit) if explicit.strip() else None
    try:
        if sys.platform == "win32":
            base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
            return base / "appariements" / "cache"
        if sys.platform == "darwin":
            return Path.home() / "Library" / "Caches" / "appariements"
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        return base / "appariements"
    except (RuntimeError, KeyError, OSError):  # no home folder
        return None


def _path(name: str) -> Path | None:
    where = folder()
    if where is None or not name or "/" in name or "\\" in name or name.startswith("."):
        return None
    return where / name


def load(name: str) -> bytes | None:
    """The payload stored under ``name``, or None (missing, damaged or unreadable)."""
    path = _path(name)
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    import hashlib

    head = len(MAGIC) + 64 + 1
    if data[:len(MAGIC)] == MAGIC and len(data) >= head:
        digest, payload = data[len(MAGIC):head - 1], data[head:]
        if hashlib.sha256(payload).hexdigest().encode("ascii") == digest:
            return payload
    try:  # damaged: remove it so that the next store writes a good one
        path.unlink()
    except OSError:
        pass
    return None


def store(name: str, payload: bytes) -> bool:
    """Keep ``payload`` under ``name``; True when written (failures are silent)."""
    import hashlib
    import tempfile

    path = _path(name)
    if path is None:
        return False
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(MAGIC + hashlib.sha256(payload).hexdigest().encode("ascii") + b"\n" + payload)
        os.replace(tmp, path)
        return True
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False
