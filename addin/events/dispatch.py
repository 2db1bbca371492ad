"""Which event a workbook holds, and the use cases of that kind of event.

The event commands of the command line (``update``, ``withdraw``, ``result``…) take any
event workbook; this module finds its kind from its sheets and hands the request to that
kind's use cases, or says that the operation does not apply to it.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from addin.core.errors import TournamentError
from addin.core.messages import Message, N_
from addin.render.file_book import FileBook
from addin.sheets.book import Book

#: kind → (module of its use cases, its name for the organiser)
KINDS = {
    "roundrobin": ("addin.events.roundrobin", N_("round-robin")),
    "molter": ("addin.events.molter", N_("Molter")),
    "combinee": ("addin.events.combinee", N_("Formule Combinée")),
    # -- team competitions (issue 15) --
    "league": ("addin.events.league", N_("league season")),
    "scheveningen": ("addin.events.scheveningen", N_("Scheveningen match")),
}

#: operation → the command that asks for it (what the organiser typed); any other operation is its
#: own command with hyphens (``next_round`` → ``next-round``)
COMMANDS = {"refresh": "update", "set_result": "result", "edit_player": "rename", "replace_player": "replace",
            "set_scores": "score"}


def kind_of(book: Book) -> str:
    """The kind of event (a key of :data:`KINDS`); refused with a sentence for any other workbook."""
    names = book.sheet_names()
    for kind, (module, _) in KINDS.items():
        if import_module(module).recognises(names):
            return kind
    raise TournamentError(
        "{name} is not an event workbook made by appariements (round-robin, Molter, Formule Combinée, league "
        "season or Scheveningen match): "
        "its sheets are {sheets}.", name=book.name, sheets=", ".join(names[:8]) or "—")


def use_case(book: Book, operation: str) -> Any:
    """The function ``operation`` of the use cases of ``book``'s kind of event."""
    kind = kind_of(book)
    module: ModuleType = import_module(KINDS[kind][0])
    function = getattr(module, operation, None)
    if function is None:
        raise TournamentError("'{operation}' does not apply to a {kind} event.",
                              operation=COMMANDS.get(operation, operation.replace("_", "-")),
                              kind=Message(KINDS[kind][1]))
    return function


#: kind → the module whose ``detect_lang(sheet names)`` tells the workbook's language
LANGUAGES = {"roundrobin": "addin.sheets.roundrobin.reader", "molter": "addin.sheets.molter.reader",
             "combinee": "addin.sheets.combinee.labels", "league": "addin.sheets.league.reader",
             "scheveningen": "addin.sheets.scheveningen.labels"}


def run(path: Path | str, operation: str, *args: Any, **kwargs: Any):
    """Open the event file ``path`` and run its kind's ``operation`` on it.

    The outcome, or the refusal, carries the workbook's language (``lang``): a door that was given
    no language speaks the workbook's (one language per run).
    """
    book = FileBook(path)
    function = use_case(book, operation)
    lang = import_module(LANGUAGES[kind_of(book)]).detect_lang(book.sheet_names())
    try:
        outcome = function(book, *args, **kwargs)
    except TournamentError as exc:
        exc.lang = getattr(exc, "lang", None) or lang
        raise
    if getattr(outcome, "lang", "absent") is None:
        outcome.lang = lang
    return outcome
