"""The Molter documents are generated from the code and the data: they must be current."""

from pathlib import Path

from addin.systems.molter.report import corrections_markdown, official_markdown
from support.paths import ROOT

DOCS = ROOT / "docs"


def test_official_summary_is_current():
    assert (DOCS / "molter-official.md").read_text(encoding="utf-8") == official_markdown(), \
        "run: python -m addin.systems.molter.report"


def test_corrections_document_is_current():
    assert (DOCS / "corrections-molter.md").read_text(encoding="utf-8") == corrections_markdown(), \
        "run: python -m addin.systems.molter.report"
