"""Print an HTML page to PDF with a Chromium-family browser in headless mode.

The wall posters are HTML printed by the browser the organiser already has: Microsoft Edge
(on every Windows 10/11), Google Chrome, or Chromium (``apt-get install chromium`` on
Debian). The program is looked for in ``APPARIEMENTS_BROWSER`` (a path), then on the PATH
(``chromium``, ``chromium-browser``, ``google-chrome``, ``google-chrome-stable``,
``microsoft-edge``, ``msedge``), then in the usual install folders of Windows and macOS.

Each print runs with its own temporary profile folder (``--user-data-dir``), so prints in
parallel do not share a browser; the PDF is checked to exist and start with ``%PDF`` (a
browser may exit 0 without writing). The page's own ``@page`` rule sets the paper size;
the browser's header and footer (date, file name) are left out.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from addin.core.errors import TournamentError

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "microsoft-edge", "msedge")
PLACES = (
    r"C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe",
    r"C:\Program Files\Microsoft\Edge\Application\msedge.exe",
    r"C:\Program Files\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files (x86)\Google\Chrome\Application\chrome.exe",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
)
ENV_VAR = "APPARIEMENTS_BROWSER"
TIMEOUT = 300


def find_browser() -> str:
    """The path of a Chromium-family browser; refused with a sentence when there is none."""
    given = os.environ.get(ENV_VAR, "").strip()
    if given:
        if Path(given).is_file() or shutil.which(given):
            return shutil.which(given) or given
        raise TournamentError("{var} names {path}, which is not a program: give the path of Edge, Chrome or "
                              "Chromium.", var=ENV_VAR, path=given)
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    for place in PLACES:
        if Path(place).is_file():
            return place
    raise TournamentError("The posters are printed by a web browser (Edge, Chrome or Chromium) and none was found: "
                          "install one, or set {var} to its path.", var=ENV_VAR)


def command(browser: str, page: Path, pdf: Path, profile: Path) -> list[str]:
    out = [browser, "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
           f"--user-data-dir={profile}", "--no-pdf-header-footer", "--print-to-pdf-no-header",
           f"--print-to-pdf={pdf}", page.resolve().as_uri()]
    if sys.platform.startswith("linux") and hasattr(os, "geteuid") and os.geteuid() == 0:
        out.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
    return out


def html_to_pdf(html: bytes) -> bytes:
    """The PDF the browser prints of the page ``html`` (its resources inline)."""
    browser = find_browser()
    with tempfile.TemporaryDirectory(prefix="appariements-print-") as tmp:
        folder = Path(tmp)
        page, pdf = folder / "page.html", folder / "page.pdf"
        page.write_bytes(html)
        try:
            run = subprocess.run(command(browser, page, pdf, folder / "profile"), capture_output=True,
                                 timeout=TIMEOUT, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise TournamentError("The browser {browser} could not print the posters: {reason}.", browser=browser,
                                  reason=str(exc)) from None
        if not pdf.is_file() or pdf.read_bytes()[:4] != b"%PDF":
            tail = (run.stderr or b"").decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
            raise TournamentError("The browser {browser} did not print the posters (exit status {status}): "
                                  "{reason}", browser=browser, status=run.returncode, reason=tail[0])
        return pdf.read_bytes()
