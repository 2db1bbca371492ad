"""Which event a workbook holds, and the use cases of that kind of event.

The event commands of the command line (``update``, ``withdraw``, ``result``…) take any
event workbook; this module finds its kind from its sheets in the registry of the kinds of
event (:mod:`addin.events.kinds`) and hands the request to that kind's use case, or refuses
with the sentence the kind declares for an operation it does not run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from addin.core.errors import TournamentError
from addin.events.common import Outcome
from addin.events.kinds import EventKind, kind_of_sheets
from addin.render.file_book import FileBook
from addin.sheets.book import Book


def kind_of(book: Book) -> EventKind:
    """The kind of event ``book`` holds (the first of the registry that recognises its sheets); refused with
    a sentence for any other workbook."""
    names = book.sheet_names()
    kind = kind_of_sheets(names)
    if kind is None:
        raise TournamentError(
            "{name} is not an event workbook made by appariements (round-robin, Molter, Formule Combinée, league "
            "season or Scheveningen match): "
            "its sheets are {sheets}.", name=book.name, sheets=", ".join(names[:8]) or "—")
    return kind


def use_case(book: Book, operation: str) -> Callable[..., Any]:
    """The use case that runs ``operation`` (one of ``addin.events.kinds.OPERATIONS``) on ``book``'s kind of
    event; refused with the kind's sentence when the operation does not apply to it."""
    return kind_of(book).use_case(operation)


def run(path: Path | str, operation: str, *args: Any, **kwargs: Any):
    """Open the event file ``path`` and run its kind's ``operation`` on it.

    The outcome, or the refusal, carries the workbook's language (``lang``): a door that was given
    no language speaks the workbook's (one language per run).
    """
    book = FileBook(path)
    kind = kind_of(book)
    function = kind.use_case(operation)
    lang = kind.detect_lang(book.sheet_names())
    try:
        outcome = function(book, *args, **kwargs)
    except TournamentError as exc:
        exc.lang = exc.lang or lang
        raise
    if isinstance(outcome, Outcome) and outcome.lang is None:
        outcome.lang = lang
    return outcome
