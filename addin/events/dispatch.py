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


def run(path: Path | str, operation: str, *args: Any, **kwargs: Any):
    """Open the event file ``path`` and run its kind's ``operation`` on it."""
    book = FileBook(path)
    return use_case(book, operation)(book, *args, **kwargs)
