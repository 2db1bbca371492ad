"""What the last write of a file put in its sheets, kept for the next read of the same file.

A use case reads an event's sheets, changes the event and writes the file whole; the next command
reads them again. When the file is still, byte for byte, the one written (its SHA-256, which
:class:`~addin.render.file_book.FileBook` takes anyway to notice a change made meanwhile), the rows
its layout said a read would give (``SheetLayout.read_back``: the cells the event's reader reads)
are that read, and a large sheet need not be parsed again: the 200-player round-robin's Rounds
sheet is 17.7 MB of XML, 0.3 s of parsing, for 20,000 short rows.

The rows are kept as JSON (whole numbers, text, None: nothing a reader could run) in a file named
by the workbook's digest, in the folder of the kept sheets (``addin.render.memo_folder``), which must
be the user's alone; the :data:`KNOWN_KEEP` files most recently written or read stay (an organiser's
event is read by every command). A sheet of a file that is not the one written, or whose rows are
missing or damaged, is read from the file: the folder is a cache.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Collection

from addin.render.memo_folder import memo_folder, own_folder
from addin.sheets.book import Rows
from addin.sheets.model import WorkbookLayout

#: how many written files' rows stay (those most recently written or read)
KNOWN_KEEP = 8


def _path(digest: str) -> Path:
    return memo_folder() / f"{digest}.known"


def _keep(digest: str, sheets: dict[str, Rows]) -> None:
    """Keep ``sheets`` (name -> rows) as what the file of SHA-256 ``digest`` holds."""
    if not sheets:
        return
    folder = memo_folder()
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        if not own_folder(folder):
            return
        target = _path(digest)
        scratch = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        text = json.dumps(sheets, ensure_ascii=False, separators=(",", ":"))  # (json.dump: 20 times slower)
        with open(scratch, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(scratch, target)
        kept = sorted(folder.glob("*.known"), key=lambda p: p.stat().st_mtime)
        for old in kept[:-KNOWN_KEEP]:
            old.unlink()
    except (OSError, TypeError, ValueError):
        pass


def keep_written(digest: str, layout: WorkbookLayout, carried: Collection[str] = ()) -> None:
    """Keep the rows each sheet of ``layout`` says a read gives (``SheetLayout.read_back``) as what the file of
    SHA-256 ``digest``, just written from it, holds; not those of the sheets in ``carried`` (the organiser's
    cells or comments were carried into them: a read must see them)."""
    _keep(digest, {sheet.name: sheet.read_back() for sheet in layout.sheets
                  if sheet.read_back is not None and sheet.name not in carried})


def known(digest: str) -> dict[str, Rows]:
    """The sheets kept for the file of SHA-256 ``digest`` (name -> rows), or nothing."""
    try:
        if not own_folder(memo_folder()):
            return {}
        path = _path(digest)
        with open(path, encoding="utf-8") as handle:
            sheets = json.load(handle)
    except (OSError, ValueError):
        return {}
    try:
        os.utime(path)  # read now: the files least recently read go first (keep)
    except OSError:
        pass
    if not isinstance(sheets, dict):
        return {}
    out: dict[str, Rows] = {}
    for name, rows in sheets.items():
        if isinstance(name, str) and isinstance(rows, list) and all(
                isinstance(row, list) and all(value is None or type(value) in (int, str) for value in row)
                for row in rows):
            out[name] = rows
    return out
