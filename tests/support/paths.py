"""The project's folders, for tests wherever they sit in ``tests/``."""

from __future__ import annotations

from pathlib import Path

#: the repository's root (pyproject.toml, addin/, docs/, tools/, workbooks/)
ROOT = Path(__file__).resolve().parents[2]
#: tests/
TESTS = ROOT / "tests"
#: tests/data: seeds, FIDE and Gacrux fixtures, peers' grades, old workbooks
DATA = TESTS / "data"
