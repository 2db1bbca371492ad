"""Write a folder of files whole or not at all.

Every file is made in memory first. They are written into a hidden folder beside the target
(``.~appariements-<pid>-<name>``), which is then renamed to the target: a run that stops before
leaves no target (at most the hidden folder, removed by the next run); a reader never sees a
half-written site. An existing target is refused unless ``force``; with ``force`` it is first
renamed aside, the new folder renamed into place, and the old one deleted, so the target is
always either the old site or the new one. A target that is a file is never replaced.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Mapping

from addin.core.errors import TournamentError

PREFIX = ".~appariements-"


def check_folder_target(target: Path, force: bool) -> None:
    """Refuse a target that exists (without ``force``), is a file, or whose parent is missing or read-only."""
    target = Path(target)
    parent = target.parent if str(target.parent) else Path(".")
    if target.exists() and not target.is_dir():
        raise TournamentError("{path} is a file, not a folder: give the folder of the site.", path=target)
    if target.exists() and not force:
        raise TournamentError("The folder {path} already exists: choose another one or add --force to replace it.",
                              path=target)
    if not parent.is_dir():
        raise TournamentError("The folder {folder} does not exist.", folder=parent)
    if not os.access(parent, os.W_OK | os.X_OK):
        raise TournamentError("The folder {folder} cannot be written to (no permission).", folder=parent)


def write_folder(target: Path, files: Mapping[str, bytes], force: bool = False) -> Path:
    """Write ``files`` (relative path → content) as the folder ``target``; returns it."""
    target = Path(target)
    check_folder_target(target, force)
    parent = target.parent if str(target.parent) else Path(".")
    for stale in parent.glob(f"{PREFIX}*-{target.name}"):
        shutil.rmtree(stale, ignore_errors=True)
    staging = parent / f"{PREFIX}{os.getpid()}-{target.name}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        for name, data in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        if target.exists():
            old = parent / f"{PREFIX}{os.getpid()}-old-{target.name}"
            os.replace(target, old)
            os.replace(staging, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(staging, target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise TournamentError("The site could not be written to {path}: {reason}.", path=target,
                              reason=exc.strerror or str(exc)) from None
    return target
