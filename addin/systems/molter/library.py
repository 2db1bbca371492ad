"""The shipped library of generated Molter tables: every shape of 3–20 teams × 2–12 players.

Issue 13: :func:`addin.systems.molter.generator.generate` may take seconds
(and needs OR-Tools), so the tables of the common domain — ``N`` = 3…20
teams, ``P`` = 2…12 players (even), every round count ``R`` = 1…N−1 the
generator allows — were built offline by ``tools/build_molter_library.py``
(the generator run with several seeds per shape, the best table by the
verifier's grade kept; the search of every shape is recorded in
``tools/molter_library/journal.jsonl``) and are read here from one data
file, ``addin/data/molter/library.bin``. Pure standard library (``struct``,
``zlib``): it loads in Pyodide, where there is no CP-SAT.

File format (little-endian)::

    b"MOLTLIB1"  u32 count
    count × (u8 teams, u8 players, u8 rounds, u8 seed, u8 kind, u8 width, u16 variant,
             u32 offset, u32 length)        # offset from the start of the file
    blobs: zlib(payload)

``payload`` lists, round by round and board by board (board 1 first), the
White then the Black *seat* ``team_index · P + board − 1`` in ``width``
bytes each (1 when ``N·P ≤ 256``, else 2). ``kind`` 0 is the spread
construction, 1 the paired one (see :mod:`addin.systems.molter.construct`).
The same encoding (:func:`encode`, :func:`decode`) serves the on-disk cache
of tables beyond the library (:mod:`addin.systems.molter.diskcache`).

The file is read once, on the first lookup (lazy), and decoded tables are
kept in memory.
"""

from __future__ import annotations

import os
import struct
import zlib
from functools import lru_cache

from addin.systems.molter.model import MolterTable, Pairing, Seat, team_letters

MAGIC = b"MOLTLIB1"
_HEADER = struct.Struct("<8sI")
_ENTRY = struct.Struct("<BBBBBBHII")
KINDS = ("spread", "paired")
#: the library's domain (issue 13): at least the peer's 3–20 teams × 2–12 players
MAX_LIBRARY_TEAMS = 20
MAX_LIBRARY_PLAYERS = 12


def note(kind: str, seed: int, variant: int = 0) -> str:
    """The table's note, as :func:`addin.systems.molter.generator.generate` writes it."""
    return f"generated ({kind} construction, seed {seed}" + (f", variant {variant})" if variant else ")")


def encode(table: MolterTable) -> tuple[int, bytes]:
    """``(width, payload)`` of ``table``'s numbered rounds (see module doc)."""
    index = {name: i for i, name in enumerate(team_letters(table.teams))}
    p = table.players
    width = 1 if table.teams * p <= 256 else 2
    seats = []
    for rnd in table.rounds:
        for g in rnd:
            seats.append(index[g.white.team] * p + g.white.board - 1)
            seats.append(index[g.black.team] * p + g.black.board - 1)
    fmt = "B" if width == 1 else "H"
    return width, struct.pack(f"<{len(seats)}{fmt}", *seats)


def decode(teams: int, players: int, rounds: int, width: int, payload: bytes, notes: tuple[str, ...]) -> MolterTable:
    """The :class:`MolterTable` of an encoded payload (no autonomous round)."""
    names = team_letters(teams)
    seat = [Seat(names[t], b + 1) for t in range(teams) for b in range(players)]
    fmt = "B" if width == 1 else "H"
    values = struct.unpack(f"<{len(payload) // width}{fmt}", payload)
    boards = teams * players // 2
    if len(values) != 2 * boards * rounds:
        raise ValueError("payload size does not match the shape")
    out = []
    for r in range(rounds):
        base = 2 * boards * r
        out.append(tuple(Pairing(seat[values[base + 2 * b]], seat[values[base + 2 * b + 1]])
                         for b in range(boards)))
    return MolterTable(teams, players, tuple(out), None, source="generated", notes=notes)


def pack(entries: list[tuple[int, int, int, int, int, str, MolterTable]]) -> bytes:
    """The library file of ``(teams, players, rounds, seed, variant, kind, table)`` entries, sorted by shape."""
    entries = sorted(entries, key=lambda e: e[:3])
    blobs = []
    for n, p, r, seed, variant, kind, table in entries:
        width, payload = encode(table)
        blobs.append((n, p, r, seed, variant, KINDS.index(kind), width, zlib.compress(payload, 9)))
    offset = _HEADER.size + _ENTRY.size * len(blobs)
    head = [_HEADER.pack(MAGIC, len(blobs))]
    for n, p, r, seed, variant, kind_index, width, blob in blobs:
        head.append(_ENTRY.pack(n, p, r, seed, kind_index, width, variant, offset, len(blob)))
        offset += len(blob)
    return b"".join(head + [b[-1] for b in blobs])


def _read_file() -> bytes:
    """The library file's bytes: a plain read next to the package (fast in Pyodide), else through importlib."""
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "data", "molter", "library.bin")
    try:
        with open(here, "rb") as fh:
            return fh.read()
    except OSError:  # installed in a zip or another loader: ask importlib
        from importlib import resources

        return resources.files("addin.data.molter").joinpath("library.bin").read_bytes()


@lru_cache(maxsize=1)
def _load() -> tuple[bytes, dict[tuple[int, int, int], tuple]]:
    """The file's bytes and its index (empty when the file is missing or damaged)."""
    try:
        data = _read_file()
        magic, count = _HEADER.unpack_from(data, 0)
        if magic != MAGIC:
            return b"", {}
        index = {}
        for entry in _ENTRY.iter_unpack(data[_HEADER.size:_HEADER.size + _ENTRY.size * count]):
            n, p, r, seed, kind, width, variant, offset, length = entry
            index[(n, p, r)] = (seed, kind, width, offset, length, variant)
        return data, index
    except (OSError, ValueError, struct.error):
        return b"", {}


def shapes() -> list[tuple[int, int, int]]:
    """Every ``(teams, players, rounds)`` the library holds, sorted."""
    return sorted(_load()[1])


def entry(teams: int, players: int, rounds: int) -> tuple[int, int, str] | None:
    """``(seed, variant, kind)`` of the library's table for that shape, or None."""
    found = _load()[1].get((teams, players, rounds))
    return None if found is None else (found[0], found[5], KINDS[found[1]])


@lru_cache(maxsize=64)
def lookup(teams: int, players: int, rounds: int) -> MolterTable | None:
    """The library's table for ``teams`` × ``players`` × ``rounds``, or None outside the library."""
    data, index = _load()
    found = index.get((teams, players, rounds))
    if found is None:
        return None
    seed, kind, width, offset, length, variant = found
    try:
        payload = zlib.decompress(data[offset:offset + length])
        return decode(teams, players, rounds, width, payload, (note(KINDS[kind], seed, variant),))
    except (zlib.error, ValueError, struct.error, IndexError):
        return None
