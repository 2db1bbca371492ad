"""Plumbing shared by every workbook button (xlwings ``RunPython`` entry points).

A button finds the workbook that called it, runs one use case on it and shows the
outcome in an alert, in the workbook's language: the use case's summary, or the sentence
of a :class:`TournamentError` (never a traceback). Use cases decide everything before they
write, so a refusal leaves the workbook untouched.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from addin.core.errors import TournamentError
from addin.core.messages import language
from addin.render.live import LiveBook, sheet_values  # noqa: F401  (sheet_values re-exported)

TITLE = "Appariements"

log = logging.getLogger(__name__)


def run_on_caller(action: Callable[[Any], Any], title: str = TITLE) -> None:
    """Run ``action`` on ``xw.Book.caller()`` (the workbook whose button was clicked)."""
    import xlwings as xw

    run_macro(xw.Book.caller(), action, title)


def run_macro(book: Any, action: Callable[[Any], Any], title: str = TITLE) -> str:
    """Run ``action(LiveBook(book))``; show its outcome, or a TournamentError's sentence, in an alert.

    Any other exception is a bug: the alert says so in one sentence (the traceback goes to the
    log, never to the organiser)."""
    live = LiveBook(book)
    with language(workbook_language(live)):
        try:
            outcome = action(live)
            message = "\n".join(outcome.lines()) if hasattr(outcome, "lines") else str(outcome)
        except TournamentError as exc:
            message = str(exc)
        except Exception as exc:  # a bug: the organiser gets a sentence, the maintainers the traceback
            log.exception("button action failed")
            message = str(TournamentError(
                "The button stopped on an unexpected error ({error}). If the workbook looks changed, close it "
                "without saving; please report this to the maintainers with the workbook.",
                error=type(exc).__name__))
        alert(book, message, title)
    return message


def workbook_language(book: LiveBook) -> str:
    """``en`` when the workbook's sheets are the English ones, else ``fr``."""
    english = {"Players", "Rounds", "Teams", "Settings", "Standings"}
    return "en" if english & set(book.sheet_names()) else "fr"


def alert(book: Any, message: str, title: str) -> None:
    """Show ``message``; an engine without alerts must not hide the outcome behind a crash."""
    try:
        book.app.alert(message, title=title)
    except Exception:
        pass
