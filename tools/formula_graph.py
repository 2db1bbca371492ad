"""The dependency graph of a workbook's formulas, read from the file itself (no spreadsheet engine).

    from formula_graph import FormulaGraph
    graph = FormulaGraph.from_xlsx("event.xlsx")
    graph.formula_count                       # every formula cell of the workbook
    dirty = graph.dependents([("Rondes", 5, 5)])   # the formula cells a new value in E5 dirties

A spreadsheet (Excel, LibreOffice) keeps for each cell the formulas that read it, and marks
dirty, when a cell changes, every formula that reads it, then every formula that reads
those, and so on, whatever the values: the dirtied set is the transitive closure of the
*static* references, an IF that does not take a branch still listens to it. This module
builds the same closure from the file's formulas, so the figure depends on the workbook
only, not on an engine or a machine (issue 28; ``docs/benchmarks-event-edits.md``).

Each formula cell's references come from openpyxl's formula tokenizer (its operands of
subtype RANGE: ``A1``, ``$B$2:$B$9``, ``Sheet!A:A``, ``'My sheet'!3:3``, a defined name),
a shared formula's later cells from its first cell's references moved by their offset
(ECMA-376 Part 1, 18.3.1.40), an array formula's cells all from its first. A function
does not change what a formula listens to (``INDEX(range, 0, n)`` listens to the whole
range; LibreOffice and Excel do the same). Volatile functions (``OFFSET``, ``INDIRECT``,
``TODAY``…) would dirty their cell on every edit; the project's workbooks have none, and
:attr:`FormulaGraph.volatile` lists any found.

``tests/tools/test_formula_graph.py`` proves it against LibreOffice: on small workbooks, the
closure from every input cell equals LibreOffice's own (``queryDependents``), and on event
workbooks every cell whose value LibreOffice changes after a typed result is in the closure.
"""

from __future__ import annotations

import re
import zipfile
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable
from xml.etree import ElementTree
from xml.sax.saxutils import unescape

from openpyxl.formula.tokenizer import Tokenizer

from addin.render.xlsx_read import sheet_parts

MAX_ROW, MAX_COL = 1_048_576, 16_384
VOLATILE = ("OFFSET(", "INDIRECT(", "TODAY(", "NOW(", "RAND(", "RANDBETWEEN(", "CELL(", "INFO(")

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_ENTITIES = {"&quot;": '"', "&apos;": "'"}

# a formula cell of a sheet's XML: its position, its <f> attributes and text (empty for a shared one's later cell)
_FORMULA_CELL = re.compile(
    rb'<c r="([A-Z]{1,3})([0-9]+)"[^>]*>\s*<f\b([^>]*?)(?:/>|>([^<]*)</f>)')
_ATTR = re.compile(rb'\b(t|ref|si)="([^"]*)"')
# one end of a reference: $A$1, A1, A, 1 (a whole column or row)
_END = re.compile(r"^(\$?)([A-Z]{1,3})?(\$?)([0-9]+)?$")

Cell = tuple[str, int, int]  # (sheet, row, col), 1-based


@dataclass(frozen=True)
class Ref:
    """A rectangle of cells a formula reads; each end's row and column absolute ($) or not."""

    sheet: str
    r1: int
    c1: int
    r2: int
    c2: int
    abs_r1: bool = True
    abs_c1: bool = True
    abs_r2: bool = True
    abs_c2: bool = True

    def moved(self, dr: int, dc: int) -> "Ref":
        """This reference in a copy of its formula ``dr`` rows down and ``dc`` columns right."""
        if not (dr or dc):
            return self
        return Ref(self.sheet,
                   self.r1 if self.abs_r1 else self.r1 + dr, self.c1 if self.abs_c1 else self.c1 + dc,
                   self.r2 if self.abs_r2 else self.r2 + dr, self.c2 if self.abs_c2 else self.c2 + dc,
                   self.abs_r1, self.abs_c1, self.abs_r2, self.abs_c2)


def column_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def parse_reference(text: str, sheet: str, names: dict[str, list[Ref]] | None = None) -> list[Ref]:
    """The rectangles of one RANGE operand of a formula on ``sheet`` (a defined name: its own)."""
    if "!" in text:
        owner, _, local = text.rpartition("!")
        if owner.startswith("'") and owner.endswith("'"):
            owner = owner[1:-1].replace("''", "'")
    else:
        owner, local = sheet, text
    if "[" in owner:
        raise ValueError(f"a reference to another workbook: {text}")
    parts = local.split(":")
    if len(parts) > 2:
        raise ValueError(f"an unsupported reference: {text}")
    ends = [_END.match(part) for part in parts]
    if any(end is None or (end[2] is None and end[4] is None) for end in ends):
        if names is not None and text.upper() in names:
            return names[text.upper()]
        raise ValueError(f"an unknown name or reference: {text}")
    first, last = ends[0], ends[-1]
    # a whole column (A:B) runs over every row, a whole row (3:5) over every column
    r1 = int(first[4]) if first[4] else 1
    r2 = int(last[4]) if last[4] else MAX_ROW
    c1 = column_number(first[2]) if first[2] else 1
    c2 = column_number(last[2]) if last[2] else MAX_COL
    return [Ref(owner, r1, c1, r2, c2, bool(first[3]) or not first[4], bool(first[1]) or not first[2],
                bool(last[3]) or not last[4], bool(last[1]) or not last[2])]


def formula_references(formula: str, sheet: str, names: dict[str, list[Ref]] | None = None) -> list[Ref]:
    """Every rectangle ``formula`` (``=…``) reads."""
    refs: list[Ref] = []
    for token in Tokenizer(formula).items:
        if token.type == "OPERAND" and token.subtype == "RANGE":
            refs.extend(parse_reference(token.value, sheet, names))
    return refs


class FormulaGraph:
    """Every formula cell of a workbook and the rectangles it reads."""

    def __init__(self) -> None:
        self.reads: dict[Cell, list[Ref]] = {}
        self.volatile: list[Cell] = []
        self._index: dict[tuple[str, int], tuple[list[int], list[tuple[int, int, int]]]] | None = None

    @property
    def formula_count(self) -> int:
        return len(self.reads)

    def count_by_sheet(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for sheet, _, _ in self.reads:
            counts[sheet] += 1
        return dict(counts)

    # -- building -------------------------------------------------------------------
    def add(self, cell: Cell, refs: list[Ref]) -> None:
        self.reads[cell] = refs
        self._index = None

    @classmethod
    def from_xlsx(cls, path: Path | str) -> "FormulaGraph":
        graph = cls()
        with zipfile.ZipFile(path) as archive:
            parts, names = _workbook(archive)
            for sheet, part in parts.items():
                graph._add_sheet(sheet, archive.read(part), names)
        return graph

    def _add_sheet(self, sheet: str, xml: bytes, names: dict[str, list[Ref]]) -> None:
        parsed: dict[str, list[Ref]] = {}  # formula text → its references (many cells share a text)
        shared: dict[bytes, tuple[int, int, list[Ref]]] = {}  # si → (row, col, references) of its first cell
        for letters, digits, attrs, text in _FORMULA_CELL.findall(xml):
            row, col = int(digits), column_number(letters.decode())
            fields = dict(_ATTR.findall(attrs))
            kind = fields.get(b"t", b"normal")
            if text:
                formula = "=" + unescape(text.decode(), _ENTITIES)
                refs = parsed.get(formula)
                if refs is None:
                    refs = parsed[formula] = formula_references(formula, sheet, names)
                    if any(name in formula.upper() for name in VOLATILE):
                        self.volatile.append((sheet, row, col))
                if kind == b"shared":
                    shared[fields[b"si"]] = (row, col, refs)
                if kind == b"array" and b"ref" in fields:
                    for r, c in _cells_of(fields[b"ref"].decode()):
                        self.reads[(sheet, r, c)] = refs
                    continue
                self.reads[(sheet, row, col)] = refs
            elif kind == b"shared" and fields.get(b"si") in shared:
                r0, c0, refs = shared[fields[b"si"]]
                self.reads[(sheet, row, col)] = [ref.moved(row - r0, col - c0) for ref in refs]
        self._index = None

    # -- the closure ----------------------------------------------------------------------
    def _build_index(self) -> None:
        """Single cells read, by cell; the larger rectangles, by (sheet, column), sorted by first row."""
        rects: dict[Ref, list[Cell]] = defaultdict(list)
        for cell, refs in self.reads.items():
            for ref in refs:
                rects[Ref(ref.sheet, ref.r1, ref.c1, ref.r2, ref.c2)].append(cell)
        by_column: dict[tuple[str, int], list[tuple[int, int, int]]] = defaultdict(list)
        self._rects = list(rects.items())
        self._single: dict[Cell, int] = {}
        for number, (rect, _) in enumerate(self._rects):
            if rect.r1 == rect.r2 and rect.c1 == rect.c2:
                self._single[(rect.sheet, rect.r1, rect.c1)] = number
                continue
            for col in range(rect.c1, min(rect.c2, MAX_COL) + 1):
                by_column[(rect.sheet, col)].append((rect.r1, rect.r2, number))
        index = {}
        for key, spans in by_column.items():
            spans.sort()
            index[key] = ([span[0] for span in spans], spans)
        self._index = index

    def readers(self, cell: Cell) -> Iterable[int]:
        """The rectangles (by number) that hold ``cell``."""
        if self._index is None:
            self._build_index()
        single = self._single.get(cell)
        found = self._index.get((cell[0], cell[2]))
        numbers = [] if single is None else [single]
        if found is not None:
            starts, spans = found
            row = cell[1]
            numbers += [number for r1, r2, number in spans[:bisect_right(starts, row)] if r2 >= row]
        return numbers

    def dependents(self, changed: Iterable[Cell]) -> set[Cell]:
        """The formula cells dirtied when the cells ``changed`` get new values: every formula that
        reads one of them, and every formula that reads one of those, transitively."""
        if self._index is None:
            self._build_index()
        seen_rects: set[int] = set()
        dirty: set[Cell] = set()
        stack = list(changed)
        while stack:
            cell = stack.pop()
            for number in self.readers(cell):
                if number in seen_rects:
                    continue
                seen_rects.add(number)
                for reader in self._rects[number][1]:
                    if reader not in dirty:
                        dirty.add(reader)
                        stack.append(reader)
        return dirty


def _cells_of(block: str) -> Iterable[tuple[int, int]]:
    (ref,) = parse_reference(block, "")
    for r in range(ref.r1, ref.r2 + 1):
        for c in range(ref.c1, ref.c2 + 1):
            yield r, c


def _workbook(archive: zipfile.ZipFile) -> tuple[dict[str, str], dict[str, list[Ref]]]:
    """Sheet name → its part; defined name (upper case) → its rectangles."""
    parts = sheet_parts(archive)
    book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    names: dict[str, list[Ref]] = {}
    for defined in book.iter(f"{_MAIN}definedName"):
        name, text = defined.get("name", ""), (defined.text or "").strip()
        if name.startswith("_xlnm.") or not text:
            continue  # print areas and titles: no formula reads them
        try:
            names[name.upper()] = formula_references("=" + text, "")
        except ValueError:
            continue
    return parts, names
