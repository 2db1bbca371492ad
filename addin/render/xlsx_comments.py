"""The comments (notes) on the cells of an ``.xlsx`` file, read from its XML parts.

A rewrite of an event file writes its sheets anew (``addin.render.file_book``); the comments an
organiser put on cells ("forfait annoncé", "vérifier la feuille de match") live in parts of
their own (``xl/commentsN.xml``, linked from each sheet's relationships), which openpyxl's
fast read-only mode does not load. They are read here straight from the package, with the
standard library, so that the rewrite can put each one back on its cell.
"""

from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path
from xml.etree import ElementTree

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
DOC_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
COMMENTS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"

Comments = dict[str, dict[tuple[int, int], tuple[str, str]]]


def read_comments(path: Path | str) -> Comments:
    """``{sheet name: {(row, col): (text, author)}}`` (1-based), only sheets that have comments.

    A file that is not a readable package gives none (its reader refuses it with a sentence)."""
    try:
        with zipfile.ZipFile(path) as package:
            names = set(package.namelist())
            if not any(name.startswith("xl/comments") for name in names):
                return {}
            book = ElementTree.fromstring(package.read("xl/workbook.xml"))
            targets = _relations(package, "xl/_rels/workbook.xml.rels")
            out: Comments = {}
            for sheet in book.iter(f"{MAIN}sheet"):
                part = targets.get(sheet.get(f"{DOC_REL}id", ""))
                if part is None:
                    continue
                part = _resolve("xl/workbook.xml", part)
                rels = posixpath.join(posixpath.dirname(part), "_rels", posixpath.basename(part) + ".rels")
                if rels not in names:
                    continue
                for target, kind in _relations(package, rels, kinds=True).values():
                    if kind == COMMENTS:
                        found = _comments(package.read(_resolve(part, target)))
                        if found:
                            out.setdefault(sheet.get("name", ""), {}).update(found)
            return out
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError):
        return {}


def _relations(package: zipfile.ZipFile, part: str, kinds: bool = False) -> dict:
    root = ElementTree.fromstring(package.read(part))
    return {rel.get("Id"): (rel.get("Target"), rel.get("Type")) if kinds else rel.get("Target")
            for rel in root.iter(f"{REL}Relationship")}


def _resolve(source: str, target: str) -> str:
    if target.startswith("/"):
        return target[1:]
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), target))


def _comments(xml: bytes) -> dict[tuple[int, int], tuple[str, str]]:
    from openpyxl.utils.cell import coordinate_from_string, column_index_from_string

    root = ElementTree.fromstring(xml)
    authors = [author.text or "" for author in root.iter(f"{MAIN}author")]
    out = {}
    for comment in root.iter(f"{MAIN}comment"):
        letters, row = coordinate_from_string(comment.get("ref", "A1").split(":")[0])
        text = "".join(t.text or "" for t in comment.iter(f"{MAIN}t"))
        index = int(comment.get("authorId", "0") or 0)
        out[(row, column_index_from_string(letters))] = (text, authors[index] if index < len(authors) else "")
    return out
