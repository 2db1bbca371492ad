"""Plumbing shared by every workbook button (xlwings ``RunPython`` entry points).

A button finds the workbook that called it, runs one use case on it
(:func:`addin.events.press.press`: the workbook's language, never a traceback) and shows
the sentence in an alert.
"""

from __future__ import annotations

from typing import Any, Callable

from addin.events.press import press

TITLE = "Appariements"


def run_on_caller(action: Callable[[Any], Any], title: str = TITLE) -> None:
    """Run ``action`` on ``xw.Book.caller()`` (the workbook whose button was clicked)."""
    import xlwings as xw

    run_macro(xw.Book.caller(), action, title)


def run_macro(book: Any, action: Callable[[Any], Any], title: str = TITLE) -> str:
    """Run ``action`` on ``book`` (see :func:`~addin.events.press.press`) and show the sentence in an alert."""
    message = press(book, action)
    alert(book, message, title)
    return message


def alert(book: Any, message: str, title: str) -> None:
    """Show ``message``; an engine without alerts must not hide the outcome behind a crash."""
    try:
        book.app.alert(message, title=title)
    except Exception:
        pass
