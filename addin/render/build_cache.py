"""Files built from the package's own sources, kept in the temporary folder under a digest of those sources.

The xlwings Lite archive and the VBA projects take seconds to build (every module parsed,
xlwings' wrapper generator run in another Python) and are the same until a source changes:
:func:`cached` builds one once per digest of its sources and reads it back after.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable, Iterable


def digest(paths: Iterable[Path], *extra: str) -> str:
    """A digest of the files ``paths`` (names and bytes), of ``extra`` and of the running Python."""
    out = hashlib.sha256(sys.version.encode())
    for text in extra:
        out.update(text.encode())
    for path in sorted(paths):
        out.update(str(path).encode())
        out.update(path.read_bytes())
    return out.hexdigest()[:24]


def cached(name: str, key: str, build: Callable[[], bytes]) -> bytes:
    """The bytes of ``build()``, read from ``appariements-<name>-<key>`` in the temporary folder when there."""
    path = Path(tempfile.gettempdir()) / f"appariements-{name}-{key}"
    try:
        return path.read_bytes()
    except OSError:
        pass
    data = build()
    try:
        scratch = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        scratch.write_bytes(data)
        os.replace(scratch, path)
    except OSError:
        pass
    return data
