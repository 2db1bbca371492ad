"""A stop request (SIGTERM, SIGINT, SIGHUP) never cuts a write in two, and is answered with a sentence.

The command line installs :func:`on_signal` for those signals. Outside a write it raises
:class:`Stopped` at once: the command unwinds, its temporary files and its lock are removed,
and nothing was written by it. During a write (:func:`writing`: the backup copy, the new file
and the rename that installs it) the request waits until the write is over, then raises
:class:`Stopped`: the file is then whole and new, its previous version kept. Either way the
files this run installed are listed (:data:`INSTALLED`), so the sentence says exactly what
was written before the stop.
"""

from __future__ import annotations

import contextlib
import signal
from pathlib import Path
from typing import Iterator

#: files this process installed, in order, with the previous version kept (or None)
INSTALLED: list[tuple[Path, Path | None]] = []

_depth = 0
_pending: int | None = None


class Stopped(BaseException):
    """The run was asked to stop by a signal (a ``BaseException``, like ``KeyboardInterrupt``: no
    ``except Exception`` of a reader mistakes it for a bad file)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        try:
            return signal.Signals(self.signum).name
        except ValueError:
            return str(self.signum)


def on_signal(signum, frame) -> None:
    """The signal handler: stop now, or at the end of the write in progress."""
    global _pending
    if _depth:
        _pending = signum
        return
    raise Stopped(signum)


@contextlib.contextmanager
def writing() -> Iterator[None]:
    """A write that a stop request must not cut (see the module)."""
    global _depth, _pending
    _depth += 1
    failed = False
    try:
        yield
    except BaseException:
        failed = True
        raise
    finally:
        _depth -= 1
        if not _depth and _pending is not None:
            signum, _pending = _pending, None
            if not failed:  # a failed write already unwinds with its own sentence, and the run ends with it
                raise Stopped(signum)


def installed(path: Path, backup: Path | None) -> None:
    """Record that ``path`` was installed (``backup``: where its previous version is)."""
    INSTALLED.append((Path(path), backup))
