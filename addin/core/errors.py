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

from addin.core.messages import Message, N_


class TournamentError(ValueError):
    """A user-facing error: one sentence in plain words, translated when shown."""

    lang: str | None  # set by a use case on a workbook: the language its refusal speaks (addin.events.dispatch)

    def __init__(self, template: str | Message, /, **params: Any):
        self.message = template if isinstance(template, Message) else Message(str(template), **params)
        super().__init__(self.message.template)

    def text(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: the current language)."""
        return self.message.text(lang)

    def __str__(self) -> str:
        return self.message.text()


#: what the system says when it refuses a file operation, in the organiser's words (errno name → template)
_OS_REASONS = {
    "ENOSPC": N_("the disk is full"),
    "EDQUOT": N_("the disk quota is used up"),
    "EACCES": N_("permission denied (the folder or the file is protected)"),
    "EPERM": N_("the system does not allow it"),
    "EROFS": N_("the disk is read-only"),
    "ENOENT": N_("the folder does not exist"),
    "ENOTDIR": N_("a file stands where a folder should be"),
    "EISDIR": N_("it is a folder"),
    "EEXIST": N_("it already exists"),
    "EBUSY": N_("the file is in use (open in another program?)"),
    "ETXTBSY": N_("the file is in use (open in another program?)"),
    "ENAMETOOLONG": N_("the name is too long"),
    "EIO": N_("the disk could not be read or written"),
    "EMFILE": N_("too many files are open"),
}


def os_reason(exc: BaseException) -> Message:
    """Why the system refused a file operation, as a sentence of the catalogue (never the system's own English
    text, ``No space left on device``); an error this table does not know is named by its code."""
    import errno

    name = errno.errorcode.get(getattr(exc, "errno", None) or -1, "")
    if name in _OS_REASONS:
        return Message(_OS_REASONS[name])
    if isinstance(exc, OSError):
        return Message("the system refused it (error {code})", code=name or getattr(exc, "errno", None) or "?")
    return Message("the file is damaged or is not what its name says")

