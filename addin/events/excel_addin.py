"""The classic Excel add-in: write it, install it where Excel opens it at start-up, remove it.

* :func:`build` writes the ``.xlam`` (:mod:`addin.render.addin_file`): the *Appariements*
  ribbon tab with every button of ``vba_stub/``, the Excel functions in every open workbook
  (no *Import Functions*), configured for the Python that runs this command.
* :func:`install` puts it in Excel's per-user start-up folder, the folder ``xlwings addin
  install`` copies its own add-in to (xlwings ``cli.py``: ``_addin_install`` copies into
  ``app.startup_path``, Excel's ``Application.StartupPath``): on Windows
  ``%APPDATA%\\Microsoft\\Excel\\XLSTART`` (Microsoft, "Use startup folders in Excel"; a
  trusted location, so its macros run without a prompt), on macOS
  ``~/Library/Group Containers/UBF8T346G9.Office/User Content.localized/Startup.localized/Excel``.
  It also writes the user configuration ``appariements.conf`` that the macro-enabled
  workbooks' ``RunPython`` reads (xlwings' ``GetConfigFilePath``: ``%USERPROFILE%\\.appariements\\``
  on Windows, Excel's sandboxed home on macOS), so their buttons run the same Python.
  ``APPARIEMENTS_EXCEL_STARTUP`` names another folder (tests, unusual installations).
* :func:`uninstall` removes both.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.events.common import Outcome
from addin.render.addin_file import addin_bytes, config_rows
from addin.render.output import check_suffix, make_folder, write_bytes, write_text

ADDIN_NAME = "appariements.xlam"
CONFIG_NAME = "appariements.conf"
STARTUP_ENV = "APPARIEMENTS_EXCEL_STARTUP"


def startup_folder(platform: str = sys.platform, environ=os.environ) -> Path:
    """Excel's per-user start-up folder on this computer (or :data:`STARTUP_ENV`'s)."""
    if environ.get(STARTUP_ENV):
        return Path(environ[STARTUP_ENV])
    if platform.startswith("win") and environ.get("APPDATA"):
        return Path(environ["APPDATA"]) / "Microsoft" / "Excel" / "XLSTART"
    if platform == "darwin":
        return (Path.home() / "Library" / "Group Containers" / "UBF8T346G9.Office" / "User Content.localized"
                / "Startup.localized" / "Excel")
    raise TournamentError("Desktop Excel runs on Windows and macOS, not on this computer: there is no Excel start-up "
                          "folder to install the add-in into. Write the file with -o appariements.xlam and copy it to "
                          "the computer that runs Excel.")


def config_file(platform: str = sys.platform, environ=os.environ) -> Path:
    """Where the workbooks' ``RunPython`` reads its user configuration (beside the add-in with :data:`STARTUP_ENV`)."""
    if environ.get(STARTUP_ENV):
        return Path(environ[STARTUP_ENV]) / CONFIG_NAME
    if platform.startswith("win"):
        return Path(environ.get("USERPROFILE", Path.home())) / ".appariements" / CONFIG_NAME
    return Path.home() / "Library" / "Containers" / "com.microsoft.Excel" / "Data" / CONFIG_NAME


def build(output: Path, lang: str, force: bool = False) -> Outcome:
    """Write the add-in to ``output`` (an ``.xlam`` file)."""
    output = Path(output)
    check_suffix(output, ".xlam")
    backup = write_bytes(output, lambda: addin_bytes(lang), force=force, backup=True)
    return Outcome(Message("Wrote the add-in {path}: in Excel, File > Options > Add-ins > Go…, Browse, choose it; "
                           "or run 'appariements excel-addin --install'.", path=output), [output], backup)


def install(lang: str) -> Outcome:
    """Put the add-in (and the workbooks' configuration) where Excel opens it at start-up."""
    folder = startup_folder()
    make_folder(folder)
    target = folder / ADDIN_NAME
    write_bytes(target, lambda: addin_bytes(lang), force=True, backup=False)
    conf = config_file()
    make_folder(conf.parent)
    write_text(conf, lambda: "".join(f'"{key}","{value}"\n' for key, value in config_rows()), force=True,
               backup=False, newline="\r\n")
    return Outcome(Message("Installed the Appariements add-in in {folder}: restart Excel and the Appariements tab "
                           "is there.", folder=folder), [target, conf])


def uninstall() -> Outcome:
    """Remove the add-in and the configuration :func:`install` wrote."""
    target = startup_folder() / ADDIN_NAME
    conf = config_file()
    removed = [path for path in (target, conf) if path.is_file()]
    for path in removed:
        try:
            path.unlink()
        except OSError as exc:
            raise TournamentError("{path} could not be removed ({reason}): quit Excel and try again.", path=path,
                                  reason=exc.strerror or type(exc).__name__) from None
    if target not in removed:
        return Outcome(Message("The Appariements add-in is not installed in {folder}: nothing to remove.",
                               folder=target.parent))
    return Outcome(Message("Removed the Appariements add-in from {folder}: restart Excel.", folder=target.parent))
