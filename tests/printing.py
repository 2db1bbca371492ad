"""Print workbooks to PDF with LibreOffice and read the pages back (poppler's ``pdftotext``).

Each printed page of an event workbook carries a footer with its sheet's name (``&A``)
and ``Page n / N``; :func:`printed_pages` groups the pages by sheet from that footer, so a
test can count the pages of each sheet and read their text.
"""

from __future__ import annotations

import re
import shutil
import subprocess
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
