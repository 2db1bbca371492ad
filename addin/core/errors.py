"""The single error type a user of the add-in ever sees.

Every check on user input (a UDF argument, a CLI option, a file read, a macro's
precondition) raises :class:`TournamentError` with one plain sentence that an organiser
understands, written as an English template with named fields and shown in the organiser's
language (:mod:`addin.core.messages`)::

    raise TournamentError("The file {path} does not exist.", path=path)

It subclasses :class:`ValueError` so that generic callers can still catch it as a bad
value. The UDF layer shows the sentence in the cell, the CLI prints it and exits with
status 2, a button shows it in an alert before writing anything.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing stays off the import path of a Molter library lookup (annotations only)
if TYPE_CHECKING:
    from typing import Any

from addin.core.messages import Message


class TournamentError(ValueError):
    """A user-facing error: one sentence in plain words, translated when shown."""

    def __init__(self, template: str | Message, /, **params: Any):
        self.message = template if isinstance(template, Message) else Message(str(template), **params)
        super().__init__(self.message.template)

    def text(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: the current language)."""
        return self.message.text(lang)

    def __str__(self) -> str:
        return self.message.text()
