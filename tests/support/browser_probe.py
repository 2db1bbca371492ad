"""Open published pages in a real browser (Debian's ``chromium``, headless) and read them back.

* :func:`probe` opens every page of a site at each width in ONE chromium run: the harness
  ``tests/data/publish_probe.html`` loads each page in an iframe of that width (390 px: a
  phone; 1280 px: a desktop), reads every table as the browser renders it (the ``innerText``
  of each cell, from the DOM, not the HTML the code wrote) and runs axe-core (the npm package
  installed in ``tests/pyodide`` by ``.ci/run``) on it; ``chromium --dump-dom`` hands the
  findings back.
* :func:`screenshot` saves a PNG of a page at a width.

Chromium treats every ``file://`` page as its own origin; ``--allow-file-access-from-files``
lets the harness read the pages it loads (a test-only flag: the site itself has no script).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from support.paths import TESTS

HERE = TESTS
HARNESS = HERE / "data" / "publish_probe.html"
AXE = HERE / "pyodide" / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = (390, 1280)


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (.ci/run installs it)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return found


def axe_path() -> Path:
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail("axe-core is not installed: npm ci in tests/pyodide")
        pytest.skip("axe-core is not installed: run npm ci in tests/pyodide")
    return AXE


def _run(args: list[str], timeout: float = 600) -> str:
    with tempfile.TemporaryDirectory(prefix="appariements-chromium-") as profile:
        cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               f"--user-data-dir={profile}", *args]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    return run.stdout


def probe(site: Path, pages: list[str] | None = None, widths=WIDTHS) -> list[dict]:
    """Every page of ``site`` at every width: its rendered tables and axe-core's violations."""
    site = Path(site)
    pages = pages or sorted(p.name for p in site.glob("*.html"))
    with tempfile.TemporaryDirectory(prefix="appariements-probe-") as tmp:
        folder = Path(tmp) / "site"
        shutil.copytree(site, folder)
        shutil.copy(HARNESS, folder / "zz-probe.html")
        shutil.copy(axe_path(), folder / "zz-axe.js")
        query = f"pages={','.join(pages)}&widths={','.join(map(str, widths))}&axe=zz-axe.js"
        budget = 4000 * len(pages) * len(widths) + 10000
        out = _run(["--allow-file-access-from-files", "--window-size=1400,1500", f"--virtual-time-budget={budget}",
                    "--dump-dom", (folder / "zz-probe.html").as_uri() + "?" + query])
    found = re.search(r'<pre id="appariements-probe">(.*?)</pre>', out, re.S)
    assert found, f"the probe wrote nothing: {out[-500:]}"
    return json.loads(html.unescape(found.group(1)))


def screenshot(page: Path, png: Path, width: int, height: int = 1400) -> Path:
    """A PNG of ``page`` as a browser window ``width`` pixels wide shows it."""
    _run(["--hide-scrollbars", f"--window-size={width},{height}", f"--screenshot={png}", Path(page).as_uri()])
    assert png.exists() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", png
    return png


def png_size(png: Path) -> tuple[int, int]:
    data = Path(png).read_bytes()
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def figure(text: str):
    """A figure as a page shows it (``2½``, ``37,5 %``, ``5,25``, ``-1½``), as a number; text stays text."""
    t = text.replace("\u202f", " ").replace("\xa0", " ").strip()
    if t == "":
        return None
    percent = t.endswith("%")
    t = t.rstrip("%").strip().replace(",", ".")
    sign = -1 if t.startswith("-") and len(t) > 1 else 1
    body = t[1:] if sign < 0 else t
    if body.endswith("½"):
        whole = body[:-1]
        if whole == "" or whole.isdigit():
            value = sign * ((int(whole) if whole else 0) + 0.5)
            return value / 100 if percent else value
    try:
        value = sign * float(body)
    except ValueError:
        return text.strip()
    return value / 100 if percent else value
