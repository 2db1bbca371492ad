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


def typed(codes: Any) -> str:
    """The text an organiser typed in a button's question, from the UTF-16 code units VBA's ``Saisie.PyArgs``
    hands over (``[78, 233]`` → ``"Né"``): a door's only way to receive typed text, which can never run as code."""
    if not isinstance(codes, (list, tuple)) or not all(isinstance(c, int) and 0 <= c <= 0xFFFF for c in codes):
        raise ValueError("a button's answer is a list of UTF-16 code units")
    return b"".join(c.to_bytes(2, "little") for c in codes).decode("utf-16-le", "replace")
