"""One press of a workbook button, whatever the front end (classic xlwings, xlwings Lite).

:func:`press` wraps the open workbook in a :class:`~addin.render.live.LiveBook`, runs one use
case on it in the workbook's language and returns the sentence to show: the use case's
summary, a refusal's sentence, or — for a bug — one sentence saying so (the traceback goes
to the log, never to the organiser). Use cases decide everything before they write, so a
refusal leaves the workbook untouched. The doors only show the sentence.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from addin.core.errors import TournamentError
from addin.core.messages import language
from addin.render.live import LiveBook

log = logging.getLogger(__name__)

#: Sheet names only the English workbooks have: a workbook holding one speaks English.
ENGLISH_SHEETS = frozenset({"Players", "Rounds", "Teams", "Settings", "Standings"})


def workbook_language(book: LiveBook) -> str:
    """``en`` when the workbook's sheets are the English ones, else ``fr``."""
    return "en" if ENGLISH_SHEETS & set(book.sheet_names()) else "fr"


def press(book: Any, action: Callable[[LiveBook], Any]) -> str:
    """Run ``action(LiveBook(book))``; the sentence its outcome, refusal or failure shows."""
    live = LiveBook(book)
    with language(workbook_language(live)):
        try:
            outcome = action(live)
            return "\n".join(outcome.lines()) if hasattr(outcome, "lines") else str(outcome)
        except TournamentError as exc:
            return str(exc)
        except Exception as exc:  # a bug: the organiser gets a sentence, the maintainers the traceback
            log.exception("button action failed")
            return str(TournamentError(
                "The button stopped on an unexpected error ({error}). If the workbook looks changed, close it "
                "without saving; please report this to the maintainers with the workbook.",
                error=type(exc).__name__))
