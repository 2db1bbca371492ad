"""Plumbing shared by every workbook button (xlwings ``RunPython`` entry points).

A button finds the workbook that called it, runs one action on it and shows
the outcome in an alert: the action's summary, or the sentence of a
:class:`TournamentError` (never a traceback). Actions decide everything before
they write, so a refusal leaves the workbook untouched.
"""

from __future__ import annotations

from typing import Any, Callable

from addin.core.errors import TournamentError


def run_on_caller(action: Callable[[Any], str], title: str = "Appariements") -> None:
    """Run ``action`` on ``xw.Book.caller()`` (the workbook whose button was clicked)."""
    import xlwings as xw

    run_macro(xw.Book.caller(), action, title)


def run_macro(book: Any, action: Callable[[Any], str], title: str = "Appariements") -> str:
    """Run ``action(book)``; show its summary, or a TournamentError's sentence, in an alert."""
    try:
        message = action(book)
    except TournamentError as exc:
        message = str(exc)
    alert(book, message, title)
    return message


def alert(book: Any, message: str, title: str) -> None:
    """Show ``message``; an engine without alerts must not hide the outcome behind a crash."""
    try:
        book.app.alert(message, title=title)
    except Exception:
        pass

from addin.render.live import sheet_values  # noqa: E402,F401  (re-exported for the buttons)
