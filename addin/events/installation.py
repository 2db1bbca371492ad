"""The installation check ("Vérifier l'installation"): what the buttons run on, in a sheet.

The same report on every front end: the classic add-in's button (``RunPython``,
:func:`addin.excel.buttons.check_installation`) and xlwings Lite's script
(:func:`addin.lite.scripts.check_installation`). It writes one ``[label, value]`` row per
fact into a sheet of its own (its name a label in the organiser's language), so an
organiser sees at a glance that Python answers, which versions run, and whether the CP-SAT
solver is there (it never is in xlwings Lite).
"""

from __future__ import annotations

import platform
import sys
from importlib import metadata

import addin
from addin.core import cpsat
from addin.core.messages import N_, Message, current_lang, tr

#: the sheet the report goes to (its name is a label in the organiser's language)
SHEET_LABEL = N_("Installation")


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"


def report_rows() -> list[list[str]]:
    """What this edition runs on: one ``[label, value]`` row each, in the organiser's language."""
    return [
        ["appariements", addin.__version__],
        ["Python", f"{platform.python_version()} ({sys.platform})"],
        ["xlwings", _version("xlwings")],
        [tr("Language of the messages"), current_lang()],
        [tr("CP-SAT solver (OR-Tools)"),
         tr("available") if cpsat.available() else tr(
             "not available: the few requests that need it answer with a sentence saying so")],
    ]


def write_report(book) -> str:
    """Write :func:`report_rows` into the sheet ``Installation`` of an xlwings ``book`` (made or cleared); its name."""
    name = tr(SHEET_LABEL)
    sheet = book.sheets[name] if name in [s.name for s in book.sheets] else book.sheets.add(name)
    sheet.clear_contents()
    sheet["A1"].value = report_rows()
    sheet.activate()
    return name


def check(live) -> Message:
    """The installation check as a button's use case, on a :class:`~addin.render.live.LiveBook`."""
    return Message("The installation report is in the sheet {sheet}.", sheet=write_report(live.book))
