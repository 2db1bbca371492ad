"""Generated Molter tables at lookup speed: the shipped library, then the user's disk cache, then the generator.

Issue 13 and 17. :func:`generated_table` answers ``(teams, players, rounds)``:

1. a shape of the shipped library (:mod:`addin.systems.molter.library`, 3–20 teams
   × 2–12 players × every round count) is read from it: milliseconds, no
   OR-Tools;
2. beyond it, a table generated before on this computer is read from the
   per-user cache folder that a door handed to :func:`use_cache`
   (:mod:`addin.files.usercache`; the rules themselves touch no file), so a
   restart of the UDF server does not generate it again; the file name
   carries a fingerprint of the generator's code and of OR-Tools' version,
   so a table made by another version is never reused;
3. else :func:`addin.systems.molter.generator.generate` builds it (CP-SAT;
   without OR-Tools, the gate's sentence of :mod:`addin.core.cpsat`) and
   the cache keeps it.
"""

from __future__ import annotations

import hashlib
import zlib
from functools import lru_cache

TYPE_CHECKING = False  # typing stays off the import path of a Molter library lookup (annotations only)
if TYPE_CHECKING:
    from typing import Any

from addin.systems.molter import library
from addin.systems.molter.model import MolterTable

#: the cache handed by a door: an object with ``load(name) -> bytes | None`` and ``store(name, bytes)``
_cache: Any = None


def use_cache(cache: Any) -> None:
    """Keep generated tables beyond the library in ``cache`` (None: memory only)."""
    global _cache
    _cache = cache


_GENERATOR_MODULES = ("generator", "construct", "colours", "colourable", "verify", "library")


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """12 hex digits naming the generator's code and OR-Tools' version (cache file names)."""
    import importlib
    from pathlib import Path

    digest = hashlib.sha256()
    for name in _GENERATOR_MODULES:
        try:
            module = importlib.import_module(f"addin.systems.molter.{name}")
            digest.update(Path(module.__file__ or "").read_bytes())
        except (ImportError, OSError, TypeError):
            digest.update(name.encode())
    try:
        from importlib.metadata import version

        digest.update(version("ortools").encode())
    except Exception:  # not installed: such a table cannot be generated here anyway
        digest.update(b"no-ortools")
    return digest.hexdigest()[:12]


def cache_name(teams: int, players: int, rounds: int) -> str:
    """The cache file of a shape."""
    return f"molter-{teams}x{players}x{rounds}-{fingerprint()}.bin"


def generated_table(teams: int, players: int, rounds: int) -> MolterTable:
    """The generated table of a shape (checked arguments: ``1 ≤ rounds < teams``)."""
    table = library.lookup(teams, players, rounds)
    if table is not None:
        return table
    return _beyond(teams, players, rounds)


@lru_cache(maxsize=64)
def _beyond(teams: int, players: int, rounds: int) -> MolterTable:
    cache = _cache
    name = cache_name(teams, players, rounds) if cache is not None else ""
    saved = cache.load(name) if cache is not None else None
    if saved is not None:
        try:
            width, note_length = saved[0], saved[1]
            note = saved[2:2 + note_length].decode("utf-8")
            payload = zlib.decompress(saved[2 + note_length:])
            return library.decode(teams, players, rounds, width, payload, (note,))
        except (IndexError, ValueError, zlib.error, UnicodeDecodeError):
            pass  # damaged in a way the checksum could not see: generate again
    from addin.systems.molter.generator import generate

    table = generate(teams, players, rounds)
    width, payload = library.encode(table)
    note = table.notes[0].encode("utf-8")[:255]
    if cache is not None:
        cache.store(name, bytes((width, len(note))) + note + zlib.compress(payload, 6))
    return table
