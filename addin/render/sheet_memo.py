"""Sheets and blocks of rows kept between writes, so that a write after one typed result makes only
what the result changed.

* :class:`SheetMemo`: a sheet whose layout says what it is made from (``SheetLayout.memo``, a digest)
  is kept, deflated, in the user's private temporary folder; a later write with the same key (the
  program's digest, the sheet's inputs, its place and the formats numbered before it) copies the part
  into the zip instead of making its rows again.
* :class:`RowMemo`: within a sheet, a block of rows (``RowBlock``) whose inputs are unchanged is copied
  as the XML the last write made for it, when the writer is in the state it was kept in.

Both are proven byte for byte against the write that makes everything (``tests/render/test_sheet_memo.py``,
``tests/render/test_row_memo.py``); the writer that calls them is :mod:`addin.render.xlsx`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import struct
import sys
import zipfile
import zlib
from pathlib import Path
from typing import Any, Protocol

import xlsxwriter
from xlsxwriter.worksheet import Worksheet

from addin.render.memo_folder import memo_folder, own_folder
from addin.sheets.model import RowBlock, SheetLayout, WorkbookLayout


class Formats(Protocol):
    """What the memo reads of the writer's formats (``addin.render.xlsx._Formats``): the book, the
    blank format and the formats made so far, by (style, number format)."""

    book: Any
    blank: Any
    made: dict

    def get(self, style: str | None, number_format: str | None) -> Any: ...


class RowSheet(Protocol):
    """What the memo reads of the sheet being written (``addin.render.xlsx._Worksheet``): a format's
    `` s="n"`` attribute as the sheet's rows carry it."""

    def xf(self, fmt: Any) -> str: ...


class RowSink(Protocol):
    """Where kept rows go (``addin.render.xlsx._RowBatch``): a block of rows' XML and its columns."""

    def add_block(self, first: int, last: int, xml: str, left: int, right: int) -> None: ...


#: how many kept parts stay (the newest; a 200-player event keeps two, of 1.1 and 0.9 MB deflated)
MEMO_KEEP = 16


@functools.lru_cache(maxsize=1)
def program_digest() -> str:
    """A digest of what makes a sheet's XML: the package's files (its sources, its catalogue and data
    tables), XlsxWriter's version, Python's."""
    root = Path(__file__).resolve().parents[1]
    out = hashlib.sha256(f"{sys.version}\0{xlsxwriter.__version__}\0".encode())
    for path in sorted(p for p in root.rglob("*") if "__pycache__" not in p.parts and p.is_file()):
        out.update(path.relative_to(root).as_posix().encode() + b"\0")
        out.update(path.read_bytes())
    return out.hexdigest()


class SheetMemo:
    """The parts of the sheets whose layout says what they are made from (``SheetLayout.memo``), kept
    between runs: a sheet made from the same inputs by the same program is the same XML, byte for byte,
    so a later write copies its part, deflated as the zip holds it, instead of making its rows again
    (a result typed in a 200-player round-robin leaves its Calc and Cards sheets, 15 MB of XML, as they
    were: ``docs/benchmarks-event-edits.md``).

    The key of a part is the digest of the program (:func:`program_digest`), the sheet's inputs
    (``memo``), its place, the sheets' names and the active one, the book's page header and footer,
    the styles, whether the book carries macros (a sheet then has a code name), and the format
    numbers (cell and conditional) given before it; kept with the part is the order in which the
    sheet first used each format, which a reuse gives again, so that the sheets after it and
    ``styles.xml`` come out as if it had been made. A sheet with comments or buttons, or whose last
    row XlsxWriter itself still holds, is not kept. A part that cannot be kept or read back (no
    room, no permission, another user's folder) is simply made: the folder is a cache.
    """

    def __init__(self, book: xlsxwriter.Workbook, formats: Formats):
        self.book, self.formats = book, formats
        self.folder = memo_folder()
        #: worksheet part name -> (CRC, size, deflated bytes) of a kept part, or None for one to keep
        self.parts: dict[str, tuple[int, int, bytes] | None] = {}
        self.noted: dict[str, tuple[str, list]] = {}  # part name -> its key, its formats in order

    @staticmethod
    def part_name(number: int) -> str:
        return f"xl/worksheets/sheet{number}.xml"  # XlsxWriter's name of the number-th worksheet

    def key(self, number: int, sheet: SheetLayout, layout: WorkbookLayout) -> str | None:
        if sheet.memo is None or sheet.comments or sheet.foreign:
            return None
        out = hashlib.sha256()
        names = [each.name for each in layout.sheets]  # which is active, or first
        for part in (program_digest(), sheet.memo, str(number), repr(names), repr(layout.active),
                     repr(layout.header), repr(layout.footer), repr(sorted(layout.styles.items())),
                     repr((bool(self.book.vba_project), self.book.vba_codename)),  # code names in the parts
                     "\n".join(self.book.xf_format_indices), "\n".join(self.book.dxf_format_indices)):
            out.update(part.encode("utf-8", "surrogatepass") + b"\0")
        return out.hexdigest()

    def _own_folder(self) -> bool:
        """Whether the folder is this user's alone (another user's parts are never copied into a workbook)."""
        return own_folder(self.folder)

    def replay(self, number: int, key: str) -> bool:
        """Take the kept part of ``key`` for worksheet ``number`` and give its formats their numbers, or False."""
        try:
            if not self._own_folder():
                return False
            data = (self.folder / f"{key}.part").read_bytes()
        except OSError:
            return False
        head, _, deflated = data.partition(b"\n")
        try:
            kept = json.loads(head)
            used, crc, size, digest = kept["formats"], int(kept["crc"]), int(kept["size"]), kept["sha256"]
        except (ValueError, KeyError, TypeError):
            return False
        if digest != hashlib.sha256(deflated).hexdigest() or size * 1.05 > zipfile.ZIP64_LIMIT:
            return False  # damaged (the disk, another program), or a part the zip would write otherwise
        for style in used:
            fmt = self.formats.blank if style is None else self.formats.get(style[0], style[1])
            if fmt is None:
                return False
            fmt._get_xf_index()
        self.parts[self.part_name(number)] = (crc, size, deflated)
        return True

    def note(self, number: int, key: str, ws: Worksheet, known: int) -> None:
        """Worksheet ``number`` was made: keep its part once zipped, with the formats it numbered first."""
        if any(ws.table.values()):
            return  # a row XlsxWriter writes when the book closes, numbering its formats then
        owners: dict[int, Any] = {id(fmt): style for style, fmt in self.formats.made.items() if fmt is not None}
        owners[id(self.formats.blank)] = None
        by_index = {fmt.xf_index: fmt for fmt in self.book.formats if fmt.xf_index is not None}
        used = []
        for index in range(known + 1, len(self.book.xf_format_indices) + 1):  # 0 is the default format
            fmt = by_index.get(index)
            if fmt is None or id(fmt) not in owners:
                return  # a format the writer did not make from a style
            style = owners[id(fmt)]
            used.append(None if style is None else list(style))
        name = self.part_name(number)
        self.parts[name] = None
        self.noted[name] = (key, used)

    def rows(self, number: int, sheet: SheetLayout) -> RowMemo | None:
        """The kept blocks of rows of worksheet ``number`` (a streamed sheet's, not a foreign one's)."""
        if sheet.rows_source is None or sheet.foreign:
            return None
        out = hashlib.sha256()
        for part in (program_digest(), "rows", str(number), sheet.name):
            out.update(part.encode("utf-8", "surrogatepass") + b"\0")
        return RowMemo(self.folder, out.hexdigest(), self._own_folder)

    def keep(self, name: str, info: zipfile.ZipInfo, deflated: bytes) -> None:
        """Keep the part ``name`` as the zip holds it (``info``: its entry)."""
        key, used = self.noted[name]
        head = json.dumps({"formats": used, "crc": info.CRC, "size": info.file_size,
                           "sha256": hashlib.sha256(deflated).hexdigest()}).encode()
        try:
            self.folder.mkdir(mode=0o700, exist_ok=True)
            if not self._own_folder():
                return
            target = self.folder / f"{key}.part"
            scratch = target.with_name(f"{target.name}.{os.getpid()}.tmp")
            with open(scratch, "wb") as copy:
                copy.write(head + b"\n")
                copy.write(deflated)
            os.replace(scratch, target)
            kept = sorted(self.folder.glob("*.part"), key=lambda p: p.stat().st_mtime)
            for old in kept[:-MEMO_KEEP]:
                old.unlink()
        except OSError:
            pass


#: how many files of kept rows stay (the newest; one a sheet that gives blocks: the round-robin's Rounds and Crosstable)
ROW_MEMO_KEEP = 8


class RowMemo:
    """The XML of a streamed sheet's blocks of rows (``RowBlock``: the round-robin's Rounds sheet, one
    block a round), kept between runs as :class:`SheetMemo` keeps whole sheets: rows made from the same
    inputs (the block's ``digest``) by the same program are the same XML, byte for byte, provided the
    writer is in the same state when it reaches them. So each block is kept with that state: the number
    of shared formulas begun before it (its ``si`` numbers follow them) and the ``s="n"`` of every format
    its cells use. A later write copies the XML of a block whose digest is kept when its shared formulas
    would take the same numbers and every format it uses is already numbered as it was (a block that
    would number a format is made: the order of numbering is then the writer's), advancing the count of
    shared formulas by the block's; any other block is made, and kept when none of its rows went to
    XlsxWriter (merged cells, a value the fast lane does not write) and no shared formula reaches over
    its edges. A result typed in a 200-player round-robin makes one round's rows of the Rounds sheet
    (17.7 MB of XML) and copies the 198 others.

    The kept blocks of a sheet are one file, named by the program's digest and the sheet's place and
    name, in :class:`SheetMemo`'s folder (private to the user): the blocks' text, then a JSON index (each
    block's digest, state, columns, place in the text and CRC-32), then the index's length (8 bytes). A
    block is read when it is copied, and copied only when its bytes have their CRC-32; a file that cannot
    be read is ignored (every block is made). The file is written again, block by block as the sheet is
    written (nothing held), only when a block was made that it does not hold.
    """

    def __init__(self, folder: Path, key: str, own: Any):
        self.folder, self.key, self._own = folder, key, own
        self.index: dict[str, list] | None = None  # digest -> [si before, si after, formats, left, right, start, end, crc]
        self.handle: Any = None  # the kept file, open
        self.pending: list[tuple[str, list, int, int, int]] = []  # blocks copied before the new file is begun
        self.scratch: Any = None  # the new file, once a block it lacked was made
        self.written: dict[str, list] = {}  # the new file's index
        self.at = 0

    @property
    def path(self) -> Path:
        return self.folder / f"{self.key}.rows"

    def _load(self) -> dict[str, list]:
        if self.index is None:
            self.index = {}
            try:
                if self._own():
                    handle: Any = open(self.path, "rb")
                    try:
                        size = handle.seek(0, os.SEEK_END)
                        if size < 8:
                            raise ValueError("no index")
                        handle.seek(size - 8)
                        (length,) = struct.unpack("<Q", handle.read(8))
                        if length > size - 8:
                            raise ValueError("no index")
                        handle.seek(size - 8 - length)
                        index = json.loads(handle.read(length))
                        text = size - 8 - length
                        self.index = {str(digest): list(entry) for digest, entry in dict(index).items()
                                      if len(entry) == 8 and 0 <= entry[5] <= entry[6] <= text}
                        self.handle, handle = handle, None
                    finally:
                        if handle is not None:
                            handle.close()
            except (OSError, ValueError, KeyError, TypeError, AttributeError, struct.error):
                self.index = {}
        return self.index

    def _read(self, entry: list) -> bytes | None:
        """A kept block's bytes, or None when they cannot be read or their CRC-32 differs."""
        start, end, crc = entry[5], entry[6], entry[7]
        try:
            self.handle.seek(start)
            data = self.handle.read(end - start)
        except (OSError, ValueError, AttributeError):
            return None
        return data if len(data) == end - start and zlib.crc32(data) == crc else None

    def replay(self, block: RowBlock, shared: dict, formats: Formats, ws: RowSheet, batch: RowSink) -> bool:
        """Copy the kept XML of ``block`` into ``batch`` when the writer is in the state it was kept in."""
        entry = self._load().get(block.digest)
        if entry is None:
            return False
        try:
            before, after, used, left, right = entry[:5]
            if before != len(shared) or after < before:
                return False
            for style, number_format, xf in used:
                key = (style, number_format)
                if key not in formats.made:
                    return False
                fmt = formats.made[key]
                if fmt is None:
                    if xf != "":
                        return False
                # numbered: its own number, or that of a format of the same properties (XlsxWriter's)
                elif (fmt.xf_index is None and fmt._get_format_key() not in formats.book.xf_format_indices) \
                        or ws.xf(fmt) != xf:
                    return False
            data = self._read(entry)
            if data is None:
                return False
            xml = data.decode("utf-8", "surrogatepass")
        except (ValueError, TypeError):
            return False
        for k in range(after - before):  # the block's shared formulas: numbers taken, never read again
            shared[(RowMemo, block.digest, k)] = None
        batch.add_block(block.first, block.last, xml, left, right)
        self._keep(block.digest, entry[:5], data, entry)
        return True

    def note(self, block: RowBlock, before: int, after: int, used: list, left: int, right: int, xml: str) -> None:
        """Keep the block just made."""
        data = xml.encode("utf-8", "surrogatepass")
        state = [before, after, used, left, right]
        kept = self._load().get(block.digest)
        same = kept is not None and kept[:5] == state and kept[6] - kept[5] == len(data) and \
            kept[7] == zlib.crc32(data)
        self._keep(block.digest, state, data, kept if same else None)

    def _keep(self, digest: str, state: list, data: bytes, kept: list | None) -> None:
        """Put a block in the new file; one the kept file holds as it is waits until a block it lacks is made."""
        if kept is not None and self.scratch is None:
            self.pending.append((digest, state, kept[5], kept[6], kept[7]))
            return
        try:
            if self.scratch is None:
                self.folder.mkdir(mode=0o700, exist_ok=True)
                if not self._own():
                    return
                self.scratch = open(self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp"), "wb")
                for old_digest, old_state, start, end, crc in self.pending:
                    old = self._read([*old_state, start, end, crc])
                    if old is None:
                        raise OSError("a kept block cannot be read again")
                    self._append(old_digest, old_state, old)
                self.pending = []
            self._append(digest, state, data)
        except OSError:
            self._drop()

    def _append(self, digest: str, state: list, data: bytes) -> None:
        self.scratch.write(data)
        self.written[digest] = [*state, self.at, self.at + len(data), zlib.crc32(data)]
        self.at += len(data)

    def _drop(self) -> None:
        """Give up the new file (the kept one stays)."""
        if self.scratch is not None:
            name = self.scratch.name
            self.scratch.close()
            try:
                os.unlink(name)
            except OSError:
                pass
        self.scratch, self.pending, self._own = None, [], (lambda: False)

    def save(self) -> None:
        """Put the new file in place of the kept one (when a block was made that it lacked)."""
        try:
            if self.scratch is not None:
                index = json.dumps(self.written).encode()
                self.scratch.write(index + struct.pack("<Q", len(index)))
                name = self.scratch.name
                self.scratch.close()
                self.scratch = None
                os.replace(name, self.path)
                kept = sorted(self.folder.glob("*.rows"), key=lambda p: p.stat().st_mtime)
                for old in kept[:-ROW_MEMO_KEEP]:
                    old.unlink()
        except OSError:
            self._drop()
        finally:
            self.close()

    def close(self) -> None:
        if self.scratch is not None:
            self._drop()
        if self.handle is not None:
            self.handle.close()
            self.handle = None
