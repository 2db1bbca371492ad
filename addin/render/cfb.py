"""A Compound File Binary writer (MS-CFB, version 3): the container a ``vbaProject.bin`` is.

What it writes, section by section of [MS-CFB] (Microsoft Open Specifications):

* the 512-byte header (§2.2): signature, version 3 (512-byte sectors, 64-byte mini sectors),
  mini stream cutoff 4096, the first 109 DIFAT entries (enough for files up to about 7 MB;
  a larger one is refused, a VBA project never comes near);
* the FAT (§2.3) chaining every sector, the mini FAT (§2.4) and the mini stream (§2.5.1)
  holding every stream shorter than 4096 bytes in 64-byte mini sectors;
* the directory (§2.6): 128-byte entries, the root entry owning the mini stream; each
  storage's children sorted as §2.6.4 compares names (shorter first, then the upper-cased
  UTF-16 code units) and laid out as a balanced binary tree whose nodes are all black —
  "the simplest implementation of the above invariants would be to mark every node as
  black, in which case the tree is simply a binary tree" (§2.6.4).

Timestamps and CLSIDs are zero (allowed for streams and storages, §2.6.3), so the same
content always gives the same bytes.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

SECTOR = 512
MINI_SECTOR = 64
MINI_CUTOFF = 4096
FREESECT = 0xFFFFFFFF
ENDOFCHAIN = 0xFFFFFFFE
FATSECT = 0xFFFFFFFD
NOSTREAM = 0xFFFFFFFF
HEADER_DIFAT = 109
_SIGNATURE = bytes.fromhex("D0CF11E0A1B11AE1")
_STORAGE, _STREAM, _ROOT = 1, 2, 5
_BLACK = 1


@dataclass
class _Node:
    name: str
    kind: int
    data: bytes = b""
    children: dict[str, "_Node"] = field(default_factory=dict)
    sid: int = 0
    start: int = ENDOFCHAIN
    left: int = NOSTREAM
    right: int = NOSTREAM
    child: int = NOSTREAM


def _sort_key(name: str) -> tuple[int, list[int]]:
    """§2.6.4: a shorter name is less; names of the same length compare by upper-cased code unit."""
    units = name.encode("utf-16-le")
    return len(units), [ord(c) for c in name.upper()]


def compound_file(streams: dict[str, bytes]) -> bytes:
    """The compound file holding ``streams``, keyed by their path (``"VBA/dir"``, ``"PROJECT"``)."""
    root = _Node("Root Entry", _ROOT)
    for path, data in streams.items():
        parts = path.split("/")
        node = root
        for part in parts[:-1]:
            node = node.children.setdefault(part, _Node(part, _STORAGE))
        if len(parts[-1].encode("utf-16-le")) > 62:
            raise ValueError(f"stream name too long for a compound file: {parts[-1]}")
        node.children[parts[-1]] = _Node(parts[-1], _STREAM, bytes(data))
    nodes = _number(root)

    # mini stream: the short streams, each padded to whole 64-byte mini sectors
    mini = bytearray()
    minifat: list[int] = []
    for node in nodes:
        if node.kind == _STREAM and 0 < len(node.data) < MINI_CUTOFF:
            count = -(-len(node.data) // MINI_SECTOR)
            node.start = len(minifat)
            minifat += list(range(node.start + 1, node.start + count)) + [ENDOFCHAIN]
            mini += node.data.ljust(count * MINI_SECTOR, b"\0")

    sectors: list[bytes] = []
    fat: list[int] = []

    def add_chain(data: bytes, marker: int | None = None) -> int:
        if not data:
            return ENDOFCHAIN
        start = len(sectors)
        count = -(-len(data) // SECTOR)
        for i in range(count):
            sectors.append(data[i * SECTOR:(i + 1) * SECTOR].ljust(SECTOR, b"\0"))
        fat.extend([marker] * count if marker is not None else
                   list(range(start + 1, start + count)) + [ENDOFCHAIN])
        return start

    for node in nodes:
        if node.kind == _STREAM and len(node.data) >= MINI_CUTOFF:
            node.start = add_chain(node.data)
    root.start = add_chain(bytes(mini))
    root.data = bytes(mini)
    minifat_start = add_chain(b"".join(struct.pack("<I", v) for v in minifat).ljust(
        -(-len(minifat) * 4 // SECTOR) * SECTOR, b"\xff"))
    minifat_sectors = -(-len(minifat) * 4 // SECTOR)
    entries = b"".join(_entry(node) for node in nodes)
    padding = (-len(nodes)) % (SECTOR // 128)
    entries += b"".join(_entry(None) for _ in range(padding))
    directory_start = add_chain(entries)

    # the FAT describes itself: grow it until it holds an entry for each of its own sectors
    fat_count = 0
    while fat_count * (SECTOR // 4) < len(fat) + fat_count:
        fat_count += 1
    if fat_count > HEADER_DIFAT:
        raise ValueError("compound file too large for a header-only DIFAT")
    fat_start = len(sectors)
    fat.extend([FATSECT] * fat_count)
    table = fat + [FREESECT] * (fat_count * (SECTOR // 4) - len(fat))
    packed = struct.pack(f"<{len(table)}I", *table)
    for i in range(fat_count):
        sectors.append(packed[i * SECTOR:(i + 1) * SECTOR])

    difat = [fat_start + i for i in range(fat_count)] + [FREESECT] * (HEADER_DIFAT - fat_count)
    header = b"".join([
        _SIGNATURE, b"\0" * 16,
        struct.pack("<HHHHH", 0x003E, 0x0003, 0xFFFE, 9, 6), b"\0" * 6,
        struct.pack("<IIIIIIIII", 0, fat_count, directory_start, 0, MINI_CUTOFF,
                    minifat_start if minifat else ENDOFCHAIN, minifat_sectors, ENDOFCHAIN, 0),
        struct.pack(f"<{HEADER_DIFAT}I", *difat),
    ])
    assert len(header) == SECTOR
    return header + b"".join(sectors)


def _number(root: _Node) -> list[_Node]:
    """Give every node its directory index and link each storage's children as a balanced tree."""
    nodes = [root]

    def visit(storage: _Node) -> None:
        children = sorted(storage.children.values(), key=lambda n: _sort_key(n.name))
        for child in children:
            child.sid = len(nodes)
            nodes.append(child)
        storage.child = _balance(children)
        for child in children:
            if child.kind == _STORAGE:
                visit(child)

    visit(root)
    return nodes


def _balance(children: list[_Node]) -> int:
    if not children:
        return NOSTREAM
    middle = len(children) // 2
    top = children[middle]
    top.left = _balance(children[:middle])
    top.right = _balance(children[middle + 1:])
    return top.sid


def _entry(node: _Node | None) -> bytes:
    if node is None:
        return b"\0" * 64 + struct.pack("<HBBIII", 0, 0, 0, NOSTREAM, NOSTREAM, NOSTREAM) + b"\0" * 36 + \
            struct.pack("<IQ", 0, 0)
    name = node.name.encode("utf-16-le") + b"\0\0"
    size = len(node.data) if node.kind in (_STREAM, _ROOT) else 0
    start = node.start if node.kind in (_STREAM, _ROOT) else 0
    return (name.ljust(64, b"\0") + struct.pack("<HBB", len(name), node.kind, _BLACK)
            + struct.pack("<III", node.left, node.right, node.child) + b"\0" * 16 + b"\0" * 4
            + b"\0" * 16 + struct.pack("<IQ", start, size))
