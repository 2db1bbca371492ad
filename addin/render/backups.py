"""The previous versions of a file the program rewrites: one rotating set per file, in a folder beside it.

Before a file is replaced, its current content is copied to
``<stem>.backups/<stem>.<YYYY-MM-DD_HH-MM-SS><suffix>`` (``ev.xlsx`` →
``ev.backups/ev.2026-11-26_14-32-05.xlsx``; a second copy in the same second gets ``-2``,
``-3`` … after the time). The copy is written under a temporary name in that folder, flushed
to disk and only then renamed: a run killed during the copy leaves no truncated backup,
only a ``.~appariements-<pid>-….tmp`` file that the next write removes. It keeps the
original's modification time, so a file manager shows when that version was saved.

Once the new file is in place, only the newest :data:`KEEP` copies of that file are kept
(an event of 10 players with every result typed by a command leaves 10 copies, not one per
result). Copies named otherwise (the organiser's own, the ``name.bakN.xlsx`` of earlier
versions of this program) are never touched.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import re
import shutil
from pathlib import Path

from addin.render.temp_files import TEMP_PREFIX, fsync, remove_stale_temps, sync_folder

#: how many previous versions of one file are kept
KEEP = 10


def folder_of(path: Path) -> Path:
    """The folder holding the previous versions of ``path`` (``ev.xlsx`` → ``ev.backups``)."""
    path = Path(path)
    return path.with_name(f"{path.stem}.backups")


def _pattern(path: Path) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(path.stem)}\.(\d{{4}}-\d\d-\d\d_\d\d-\d\d-\d\d)(?:-(\d+))?"
                      rf"{re.escape(path.suffix)}$", re.IGNORECASE)


def versions(path: Path) -> list[Path]:
    """The kept previous versions of ``path``, oldest first."""
    path = Path(path)
    folder = folder_of(path)
    pattern = _pattern(path)
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = []
    for name in names:
        match = pattern.match(name)
        if match:
            found.append(((match.group(1), int(match.group(2) or 1)), folder / name))
    return [p for _, p in sorted(found)]


def _free_name(path: Path, folder: Path, now: _dt.datetime) -> Path:
    """The name of the next copy, which sorts after every copy kept (:func:`versions`' order).

    Its stamp is ``now``, or the newest copy's stamp when the clock reads earlier (a clock set back),
    and its number follows the highest of that stamp: a copy named below one already kept would be
    taken for the oldest and pruned at once.
    """
    stamp, n = now.strftime("%Y-%m-%d_%H-%M-%S"), 1
    pattern = _pattern(path)
    for kept in versions(path):
        match = pattern.match(kept.name)
        assert match is not None  # versions() lists the names that match
        key = (match.group(1), int(match.group(2) or 1))
        if key >= (stamp, n):
            stamp, n = key[0], key[1] + 1
    while True:
        candidate = folder / f"{path.stem}.{stamp}{'' if n == 1 else f'-{n}'}{path.suffix}"
        if not candidate.exists():
            return candidate
        n += 1


def keep(path: Path) -> Path:
    """Copy ``path`` whole into its backup folder (see the module); returns the copy.

    :raises OSError: the copy could not be made (the caller words it); nothing partial stays.
    """
    path = Path(path)
    folder = folder_of(path)
    folder.mkdir(exist_ok=True)
    remove_stale_temps(folder)
    target = _free_name(path, folder, _dt.datetime.now())
    tmp = folder / f"{TEMP_PREFIX}{os.getpid()}-{target.name}.tmp"
    done = False
    try:
        with open(path, "rb") as source, open(tmp, "wb") as copy:
            shutil.copyfileobj(source, copy, 1 << 20)
            copy.flush()
            fsync(copy.fileno())
        shutil.copystat(path, tmp)
        os.replace(tmp, target)
        done = True
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if not done:
            _remove_if_empty(folder)
    sync_folder(folder)
    return target


def prune(path: Path, keep_count: int = KEEP) -> None:
    """Remove all but the newest ``keep_count`` previous versions of ``path`` (failures ignored: a copy
    too many is no harm)."""
    for old in versions(path)[:-keep_count] if keep_count > 0 else versions(path):
        with contextlib.suppress(OSError):
            old.unlink()


def forget(copy: Path) -> None:
    """Remove a copy just made for a write that did not happen (it holds what the file still holds),
    and the folder with it if it holds nothing else."""
    with contextlib.suppress(OSError):
        Path(copy).unlink()
    _remove_if_empty(Path(copy).parent)


def _remove_if_empty(folder: Path) -> None:
    with contextlib.suppress(OSError):
        folder.rmdir()  # only an empty folder is removed
