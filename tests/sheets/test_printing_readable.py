"""Every printed page of every demo workbook and template is readable (issue 26).

Each workbook of ``appariements demo`` and each template of ``workbooks/`` is printed to PDF by
LibreOffice and recalculated by it; ``pdftotext -bbox-layout`` gives every word of every page
with its box. On every page: no text smaller than 7 pt (a box's height over DejaVu's 1.30 em,
``printing.DEJAVU_BOX``), no word in the 5 mm margin no printer is sure to print, no two text
lines drawn over each other (a header over the body, a cell's text over its neighbour's); and
on the pages of each sheet every word of every text cell the sheet prints (LibreOffice's
computed values, inside the print area, outside hidden rows and columns) is printed whole as
often as the cells hold it, so a label cut at its cell's edge or broken inside a word is found.

The oracle of the cut labels is the recalculated workbook itself (what the cells hold); of the
sizes and positions, the page geometry (A4, the margin, the measured box of DejaVu Sans).
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.printing import cut_words, fonts, page_faults, page_lines, pdftotext_available, printed_texts, sheet_of

from addin.events.demo import DEMOS
from addin.render.recalc import recalculate_files
from support.paths import ROOT

pytestmark = [pytest.mark.libreoffice, pytest.mark.slow,  # the module's fixture prints every workbook (~1 min)
              pytest.mark.skipif(not pdftotext_available() and not os.environ.get("CI"),
                                 reason="poppler-utils (pdftotext) is not installed (set CI=1 to make this a failure)")]

TEMPLATES = ROOT / "workbooks"


def printed_workbooks(paths: list[Path], folder: Path) -> list[dict]:
    """Each workbook printed and recalculated: ``{"name", "pages": {sheet: [Page]}, "texts": {sheet: [text]}}``."""
    computed = recalculate_files(paths, folder / "xlsx")
    pdfs = recalculate_files(paths, folder / "pdf", convert_to="pdf")
    out = []
    for path, xlsx, pdf in zip(paths, computed, pdfs):
        # the sizes are measured with DejaVu's box (printing.DEJAVU_BOX): another font, another measure
        assert fonts(pdf) <= {"DejaVuSans"}, (path.name, fonts(pdf), "sizes are calibrated on DejaVu Sans")
        texts = printed_texts(load_workbook(xlsx, data_only=True))
        by_sheet = defaultdict(list)
        for page in page_lines(pdf):
            sheet = sheet_of(page, list(texts))
            # a workbook of one sheet without footers (a plain schedule table)
            by_sheet[sheet if sheet is not None or len(texts) != 1 else next(iter(texts))].append(page)
        out.append({"name": path.name, "pages": dict(by_sheet), "texts": texts})
    return out


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("readable")
    demo = folder / "demo"
    demo.mkdir()
    paths = []
    for name, build in DEMOS:
        if name.endswith(".xlsx"):
            build(demo / name)
            paths.append(demo / name)
    paths += sorted(TEMPLATES.glob("*.xlsx"))
    return printed_workbooks(paths, folder)


def _every_page(printed):
    for book in printed:
        for sheet, pages in book["pages"].items():
            for page in pages:
                yield book["name"], sheet, page


def test_every_demo_and_template_is_printed_and_every_page_belongs_to_a_sheet(printed):
    names = {book["name"] for book in printed}
    assert {name for name, _ in DEMOS if name.endswith(".xlsx")} <= names
    assert len(names) == sum(name.endswith(".xlsx") for name, _ in DEMOS) + 28  # 14 sizes × 2 templates
    for book in printed:
        assert None not in book["pages"], (book["name"], "a page without its sheet's footer")
        for sheet in book["texts"]:
            assert book["pages"].get(sheet), (book["name"], sheet, "not printed")
    pages = sum(1 for _ in _every_page(printed))
    words = sum(len(page.words) for _, _, page in _every_page(printed))
    print(f"\nreadable pages: {len(names)} workbooks, {pages} pages, {words} words checked")
    assert pages > 400 and words > 50_000


def test_no_text_is_smaller_than_7_points_nor_outside_the_printable_area_nor_over_other_text(printed):
    faults = [f"{name} / {sheet}: {fault}" for name, sheet, page in _every_page(printed)
              for fault in page_faults(page)]
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(faults[:40])


def test_every_label_is_printed_whole(printed):
    faults = []
    for book in printed:
        for sheet, texts in book["texts"].items():
            missing = cut_words(texts, book["pages"].get(sheet, []))
            if missing:
                faults.append(f"{book['name']} / {sheet}: {missing[:12]}")
    assert not faults, "\n".join(faults)
