"""Print workbooks to PDF with LibreOffice and read the pages back (poppler's ``pdftotext``).

Each printed page of an event workbook carries a footer with its sheet's name (``&A``)
and ``Page n / N``; :func:`printed_pages` groups the pages by sheet from that footer, so a
test can count the pages of each sheet and read their text.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from addin.render.recalc import recalculate_files

def pdftotext_available() -> bool:
    return shutil.which("pdftotext") is not None and shutil.which("pdfinfo") is not None


def print_to_pdf(paths: list[Path], outdir: Path) -> list[Path]:
    """One soffice call printing every workbook to PDF."""
    return recalculate_files(paths, outdir, convert_to="pdf")


def pages(pdf: Path, raw: bool = False) -> list[str]:
    """The text of each page, laid out as printed (``raw``: in the order it was drawn, so that the
    lines of a wrapped cell follow one another)."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    count = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    out = []
    for number in range(1, count + 1):
        text = subprocess.run(["pdftotext", "-raw" if raw else "-layout", "-f", str(number), "-l", str(number),
                               str(pdf), "-"],
                              capture_output=True, text=True, check=True).stdout
        out.append(text)
    return out


def printed_pages(pdf: Path, sheet_names: list[str]) -> dict[str, list[str]]:
    """``{sheet: [page text, …]}`` from the footer of each page (its last non-empty line)."""
    by_sheet: dict[str, list[str]] = {}
    for text in pages(pdf):
        lines = [line for line in text.splitlines() if line.strip()]
        footer = lines[-1] if lines else ""
        sheet = next((name for name in sorted(sheet_names, key=len, reverse=True)
                      if footer.strip().startswith(name)), None)
        assert sheet is not None, f"a page without the sheet footer: {footer!r}"
        by_sheet.setdefault(sheet, []).append(text)
    return by_sheet


# --------------------------------------------------------------------------
# Words with their boxes (``pdftotext -bbox-layout``)
# --------------------------------------------------------------------------

#: Height of a word's box in ems as ``pdftotext`` gives it for the DejaVu Sans LibreOffice prints
#: workbooks in here (``pdffonts``): a cell of 10 pt and one of 20 pt printed unscaled give boxes of
#: 13.0 and 26.0 pt, so a word's box height over this is its printed size.
DEJAVU_BOX = 1.30


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def overlap(self, other: "Box") -> float:
        """The area the two boxes share."""
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0


@dataclass(frozen=True)
class Line:
    box: Box
    words: tuple[tuple[str, Box], ...]

    @property
    def text(self) -> str:
        return " ".join(word for word, _ in self.words)

    @property
    def size(self) -> float:
        """The printed font size (points) of the line's words."""
        return (self.box.y1 - self.box.y0) / DEJAVU_BOX


@dataclass(frozen=True)
class Page:
    number: int
    width: float
    height: float
    lines: tuple[Line, ...]

    @property
    def words(self) -> list[str]:
        return [word for line in self.lines for word, _ in line.words]


def fonts(pdf: Path) -> set[str]:
    """The families of the fonts ``pdf`` embeds (``pdffonts``: "BAAAAA+DejaVuSans-Bold" → "DejaVuSans")."""
    out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    return {line.split()[0].split("+")[-1].split("-")[0] for line in out.splitlines()[2:] if line.strip()}


def _box(element) -> Box:
    return Box(*(float(element.get(k)) for k in ("xMin", "yMin", "xMax", "yMax")))


def page_lines(pdf: Path) -> list[Page]:
    """Every page of ``pdf`` as its text lines, each with its words and their boxes (points, from the top left)."""
    import xml.etree.ElementTree as ET

    xhtml = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], capture_output=True, check=True).stdout
    root = ET.fromstring(xhtml)
    ns = {"h": "http://www.w3.org/1999/xhtml"}
    out = []
    for number, page in enumerate(root.iter("{http://www.w3.org/1999/xhtml}page"), 1):
        lines = []
        for line in page.iterfind(".//h:line", ns):
            words = tuple((word.text or "", _box(word)) for word in line.iterfind("h:word", ns))
            lines.append(Line(_box(line), words))
        out.append(Page(number, float(page.get("width")), float(page.get("height")), tuple(lines)))
    return out


#: The margin no printer is sure to print (5 mm, in points), and the smallest readable size.
UNPRINTABLE = 14.17
SMALLEST = 7.0


def page_faults(page: Page) -> list[str]:
    """What makes ``page`` hard to read: a word under :data:`SMALLEST` points, a word in the
    unprintable margin or off the page, two text lines drawn over each other (a header over the
    body, a cell's text over its neighbour's)."""
    faults = []
    for line in page.lines:
        if line.size < SMALLEST - 0.05:
            faults.append(f"page {page.number}: {line.size:.1f} pt: {line.text!r}")
        for word, box in line.words:
            if (box.x0 < UNPRINTABLE or box.y0 < UNPRINTABLE or box.x1 > page.width - UNPRINTABLE
                    or box.y1 > page.height - UNPRINTABLE):
                faults.append(f"page {page.number}: outside the printable area: {word!r} {box}")
    lines = sorted(page.lines, key=lambda line: line.box.y0)
    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            if b.box.y0 >= a.box.y1:
                break
            # the boxes of two lines printed one under the other overlap by their padding (the
            # lines of a wrapped cell by a tenth of their height: LibreOffice spaces them by the
            # font's 1.16 em, pdftotext's boxes are 1.30 em tall); lines drawn over each other
            # share more than a fifth of their height over some width
            high = min(a.box.y1, b.box.y1) - max(a.box.y0, b.box.y0)
            wide = min(a.box.x1, b.box.x1) - max(a.box.x0, b.box.x0)
            height = min(a.box.y1 - a.box.y0, b.box.y1 - b.box.y0)
            if high > max(1.0, 0.2 * height) and wide > 0.5:
                faults.append(f"page {page.number}: {a.text!r} over {b.text!r}")
    return faults


#: The bands of a page holding its header and its footer (points from the top and from the bottom).
HEADER_BAND, FOOTER_BAND = 36.0, 45.0


def body(page: Page) -> list[Line]:
    """The lines of a page between its header and its footer."""
    return [line for line in page.lines
            if line.box.y1 > HEADER_BAND and line.box.y0 < page.height - FOOTER_BAND]


def sheet_of(page: Page, sheet_names: list[str]) -> str | None:
    """The sheet a page belongs to, from its footer's left part (the sheet's name, ``&A``): the
    leftmost line of the page's bottom band."""
    bottom = [line for line in page.lines if line.box.y0 > page.height - FOOTER_BAND]
    if not bottom:
        return None
    left = min(bottom, key=lambda line: line.box.x0).text
    return left if left in sheet_names else None


def printed_texts(book) -> dict[str, list[str]]:
    """The text of every cell a sheet prints, by sheet: the visible sheets' text cells inside their
    print area, outside hidden rows and columns (``book``: openpyxl, computed values)."""
    from openpyxl.utils import range_boundaries

    out = {}
    for ws in book.worksheets:
        if ws.sheet_state != "visible":
            continue
        area = ws.print_area
        if area:
            block = (area if isinstance(area, str) else area[0]).split("!")[-1].replace("$", "")
            c1, r1, c2, r2 = range_boundaries(block)
        else:
            c1, r1, c2, r2 = 1, 1, ws.max_column, ws.max_row
        # a file saved by LibreOffice groups equal columns: one dimension spans min..max
        hidden_cols = {col for dim in ws.column_dimensions.values() if dim.hidden
                       for col in range(dim.min or 0, (dim.max or -1) + 1)}
        texts = []
        for row in ws.iter_rows(min_row=r1, max_row=r2, min_col=c1, max_col=c2):
            for cell in row:
                if (isinstance(cell.value, str) and cell.value.strip() and cell.column not in hidden_cols
                        and not ws.row_dimensions[cell.row].hidden):
                    texts.append(cell.value)
        out[ws.title] = texts
    return out


def cut_words(texts: list[str], pages: list[Page]) -> list[str]:
    """The words of ``texts`` (a sheet's cells) that its printed ``pages`` do not show whole: each
    word must be printed as a word at least as often as the cells hold it, so a label cut at its
    cell's edge ("ernard" for "Bernard") or broken over two lines ("Classeme" / "nt") is missing."""
    from collections import Counter

    wanted = Counter(word for text in texts for word in text.split())
    printed = Counter(word for page in pages for line in body(page) for word, _ in line.words)

    def whole(word: str, count: int) -> bool:
        # a wrapped cell may break a word after its hyphen ("next-" / "round)"), as a person writes it
        pieces = [piece + "-" for piece in word.split("-")[:-1]] + [word.split("-")[-1]]
        return printed[word] >= count or (len(pieces) > 1 and all(
            printed[piece] + printed[word] >= count for piece in pieces if piece))

    return sorted(word for word, count in wanted.items() if not whole(word, count))
