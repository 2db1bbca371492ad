"""Test-wide setup and shared fixtures.

xlwings must know it runs behind xlwings Server *before* it is first imported
(see docs/excel-engines.md): with these variables its decorators register the
real UDF metadata and ``tests/support/xlwings_server.py`` can drive the same call path
Excel uses. Nothing here fakes xlwings.

Messages are French by default (``addin.core.messages``); most tests read the English
templates they were written against, so the suite runs in English
(``APPARIEMENTS_LANG=en``, inherited by the command-line subprocesses). The French
default and the French texts are tested explicitly (``core/test_messages.py`` and the door tests).

``@pytest.mark.libreoffice`` tests recalculate workbooks with LibreOffice
headless. They are skipped only when ``soffice`` is missing AND the
environment variable ``CI`` is unset: in CI a missing LibreOffice fails.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
os.environ["APPARIEMENTS_LANG"] = "en"
# generated tables beyond the Molter library are cached on disk: never in the user's folder from tests
# (removed when the run ends, so that runs do not pile folders up in the temporary folder)
os.environ["APPARIEMENTS_CACHE_DIR"] = _CACHE_DIR = tempfile.mkdtemp(prefix="appariements-cache-")
atexit.register(shutil.rmtree, _CACHE_DIR, ignore_errors=True)

import pytest  # noqa: E402

from addin.render.recalc import recalculated_books, soffice_path  # noqa: E402


def pytest_runtest_setup(item):
    if item.get_closest_marker("libreoffice") and soffice_path() is None and not os.environ.get("CI"):
        pytest.skip("LibreOffice (soffice) is not installed (set CI=1 to make this a failure)")


@pytest.fixture(scope="module")
def office():
    """A headless LibreOffice driven through UNO (``tools/uno_office.py``), one per test module.

    Skipped when LibreOffice or a Python with its ``uno`` module is missing, except in CI.
    """
    import support.tools_path  # noqa: F401  (tools/ importable)
    from uno_office import Office, available

    if not available():
        if os.environ.get("CI"):
            pytest.fail("LibreOffice's UNO bridge is missing (apt-get install python3-uno)")
        pytest.skip("LibreOffice's UNO bridge is missing (apt-get install python3-uno)")
    with Office() as running:
        yield running


@pytest.fixture
def recalc(tmp_path):
    """``recalc(path, ...)`` → list of openpyxl books holding LibreOffice's computed values.

    All paths go through one soffice call.
    """

    def run(*paths: Path):
        outdir = Path(tempfile.mkdtemp(prefix="recalc-", dir=tmp_path))
        return recalculated_books(list(paths), outdir)

    return run
