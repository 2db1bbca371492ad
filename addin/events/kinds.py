"""The kinds of event, as one contract: what every kind of event workbook says about itself.

Every event workbook made by appariements holds one kind of event. An :class:`EventKind` says:

* its :attr:`~EventKind.name` (the key of :data:`REGISTRY`, of ``addin.events.publish.REPORTS``)
  and its :attr:`~EventKind.title`, the name the organiser reads in a sentence;
* how its workbook is recognised from its sheet names (:meth:`~EventKind.recognises`) and
  which language it speaks (:meth:`~EventKind.detect_lang`);
* its capabilities: for each operation of the event as it happens (:data:`OPERATIONS`), the
  attribute of that name is either the use case that runs it (a method taking the workbook, a
  :class:`~addin.sheets.book.Book`, then the command's arguments) or an :class:`Unsupported`
  declaration, which carries the sentence that refuses it. The base class declares every
  operation unsupported; a kind overrides those it runs.

:data:`REGISTRY` lists the kinds in the order a workbook is tried (the first that recognises it
holds it); :func:`find_kind` looks one up by name, :func:`kind_of_sheets` by a workbook's sheets;
:func:`register` and :func:`unregister` add and remove one (a test's own kind). The doors ask the
registry: ``addin.events.dispatch`` for the command line, the buttons of ``addin.excel.buttons``
and ``addin.lite.scripts`` for their own kind.

A kind's use cases live in its module of ``addin/events`` (``addin.events.roundrobin``…) and
are imported when one runs, inside the method: a command pays only for its own kind's imports,
and xlwings Lite's package (``addin.render.lite_part``) follows the imports written in functions.
Adding a kind of event: ``docs/developing.md``, "Adding a kind of event".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from addin.core.errors import TournamentError
from addin.core.messages import Message, N_

#: the operations of the event as it happens → the command the organiser types for each (what a refusal names)
OPERATIONS = {
    "refresh": "update", "withdraw": "withdraw", "reinstate": "reinstate", "set_result": "result",
    "edit_player": "rename", "replace_player": "replace", "late_entry": "late-entry", "next_round": "next-round",
    "repair_round": "repair-round", "set_scores": "score", "substitute": "substitute", "absent": "absent",
    "lineup": "lineup", "forfeit": "forfeit",
}


@dataclass(frozen=True)
class Unsupported:
    """An operation a kind of event does not run, and the sentence that refuses it.

    ``reason``: a template of the catalogue; its fields ``{operation}`` (the command the organiser
    typed) and ``{kind}`` (the kind's title) are filled in."""

    reason: str = N_("'{operation}' does not apply to a {kind} event.")

    def refusal(self, operation: str, kind: "EventKind") -> TournamentError:
        command = OPERATIONS.get(operation, operation.replace("_", "-"))  # a report's command: export-trf
        return TournamentError(self.reason, operation=command, kind=Message(kind.title))


#: the declaration of an operation that does not apply to a kind (the sentence every kind gives today)
NOT_APPLICABLE = Unsupported()


class EventKind:
    """One kind of event workbook: its names, how it is recognised, its operations (see the module doc).

    A subclass sets :attr:`name` and :attr:`title`, defines :meth:`recognises` and :meth:`detect_lang`,
    and overrides with a method each operation it runs; any other stays :data:`NOT_APPLICABLE`.
    """

    #: the kind's name in the code (a key of the registry)
    name: str = ""
    #: its name for the organiser, a template of the catalogue (``N_``): "round-robin", "Molter"…
    title: str = ""

    # -- capabilities: each operation of OPERATIONS, a use case or Unsupported (overridden by a method) --
    refresh: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    withdraw: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    reinstate: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    set_result: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    edit_player: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    replace_player: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    late_entry: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    next_round: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    repair_round: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    set_scores: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    substitute: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    absent: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    lineup: Callable[..., Any] | Unsupported = NOT_APPLICABLE
    forfeit: Callable[..., Any] | Unsupported = NOT_APPLICABLE

    def recognises(self, sheet_names: Sequence[str]) -> bool:
        """Whether a workbook with these sheets holds an event of this kind."""
        raise NotImplementedError

    def detect_lang(self, sheet_names: Sequence[str]) -> str | None:
        """The language of such a workbook (``fr``, ``en``), or None when its sheets do not say."""
        raise NotImplementedError

    def capability(self, operation: str) -> Callable[..., Any] | Unsupported:
        """What the kind declares for ``operation`` (one of :data:`OPERATIONS`): its use case, or :class:`Unsupported`."""
        if operation not in OPERATIONS:
            raise KeyError(f"{operation!r} is not an operation of an event kind (kinds.OPERATIONS)")
        return getattr(self, operation)

    def supports(self, operation: str) -> bool:
        return not isinstance(self.capability(operation), Unsupported)

    def use_case(self, operation: str) -> Callable[..., Any]:
        """The use case that runs ``operation``, or the refusal the kind declares for it (raised)."""
        declared = self.capability(operation)
        if isinstance(declared, Unsupported):
            raise declared.refusal(operation, self)
        return declared

    def __repr__(self) -> str:
        return f"<EventKind {self.name}>"


# -- the kinds of event --------------------------------------------------------------------------

class RoundRobin(EventKind):
    """A round-robin (Berger or Rutsch, one or more cycles): ``addin.events.roundrobin``."""

    name, title = "roundrobin", N_("round-robin")

    def recognises(self, sheet_names):
        from addin.sheets.roundrobin.reader import is_event
        return is_event(sheet_names)

    def detect_lang(self, sheet_names):
        from addin.sheets.roundrobin.reader import detect_lang
        return detect_lang(sheet_names)

    def refresh(self, book, *args, **kwargs):
        from addin.events import roundrobin
        return roundrobin.refresh(book, *args, **kwargs)

    def withdraw(self, book, *args, **kwargs):
        from addin.events import roundrobin
        return roundrobin.withdraw(book, *args, **kwargs)

    def reinstate(self, book, *args, **kwargs):
        from addin.events import roundrobin
        return roundrobin.reinstate(book, *args, **kwargs)

    def set_result(self, book, *args, **kwargs):
        from addin.events import roundrobin
        return roundrobin.set_result(book, *args, **kwargs)

    def edit_player(self, book, *args, **kwargs):
        from addin.events import roundrobin
        return roundrobin.edit_player(book, *args, **kwargs)

    def replace_player(self, book, *args, **kwargs):
        from addin.events import roundrobin
        return roundrobin.replace_player(book, *args, **kwargs)

    def late_entry(self, book, *args, **kwargs):
        from addin.events import roundrobin
        return roundrobin.late_entry(book, *args, **kwargs)


class Molter(EventKind):
    """A Molter team event (seed 001): ``addin.events.molter``."""

    name, title = "molter", N_("Molter")

    def recognises(self, sheet_names):
        from addin.sheets.molter.reader import is_event
        return is_event(sheet_names)

    def detect_lang(self, sheet_names):
        from addin.sheets.molter.reader import detect_lang
        return detect_lang(sheet_names)

    def refresh(self, book, *args, **kwargs):
        from addin.events import molter
        return molter.refresh(book, *args, **kwargs)

    def withdraw(self, book, *args, **kwargs):
        from addin.events import molter
        return molter.withdraw(book, *args, **kwargs)

    def reinstate(self, book, *args, **kwargs):
        from addin.events import molter
        return molter.reinstate(book, *args, **kwargs)

    def set_result(self, book, *args, **kwargs):
        from addin.events import molter
        return molter.set_result(book, *args, **kwargs)

    def edit_player(self, book, *args, **kwargs):
        from addin.events import molter
        return molter.edit_player(book, *args, **kwargs)

    def late_entry(self, book, *args, **kwargs):
        from addin.events import molter
        return molter.late_entry(book, *args, **kwargs)

    def substitute(self, book, *args, **kwargs):
        from addin.events import molter
        return molter.substitute(book, *args, **kwargs)

    def absent(self, book, *args, **kwargs):
        from addin.events import molter
        return molter.absent(book, *args, **kwargs)

    def lineup(self, book, *args, **kwargs):
        from addin.events import molter
        return molter.lineup(book, *args, **kwargs)


class Combinee(EventKind):
    """A Scrabble Formule Combinée event, paired round by round: ``addin.events.combinee``."""

    name, title = "combinee", N_("Formule Combinée")

    def recognises(self, sheet_names):
        from addin.sheets.combinee.reader import is_event
        return is_event(sheet_names)

    def detect_lang(self, sheet_names):
        from addin.sheets.combinee.labels import detect_lang
        return detect_lang(sheet_names)

    def refresh(self, book, *args, **kwargs):
        from addin.events import combinee
        return combinee.refresh(book, *args, **kwargs)

    def withdraw(self, book, *args, **kwargs):
        from addin.events import combinee
        return combinee.withdraw(book, *args, **kwargs)

    def reinstate(self, book, *args, **kwargs):
        from addin.events import combinee
        return combinee.reinstate(book, *args, **kwargs)

    def set_result(self, book, *args, **kwargs):
        from addin.events import combinee
        return combinee.set_result(book, *args, **kwargs)

    def edit_player(self, book, *args, **kwargs):
        from addin.events import combinee
        return combinee.edit_player(book, *args, **kwargs)

    def late_entry(self, book, *args, **kwargs):
        from addin.events import combinee
        return combinee.late_entry(book, *args, **kwargs)

    def next_round(self, book, *args, **kwargs):
        from addin.events import combinee
        return combinee.next_round(book, *args, **kwargs)

    def repair_round(self, book, *args, **kwargs):
        from addin.events import combinee
        return combinee.repair_round(book, *args, **kwargs)

    def set_scores(self, book, *args, **kwargs):
        from addin.events import combinee
        return combinee.set_scores(book, *args, **kwargs)


# -- team competitions (issue 15) --

class League(EventKind):
    """A league season of team matches in divisions: ``addin.events.league``."""

    name, title = "league", N_("league season")

    def recognises(self, sheet_names):
        from addin.sheets.league.reader import is_season
        return is_season(sheet_names)

    def detect_lang(self, sheet_names):
        from addin.sheets.league.reader import detect_lang
        return detect_lang(sheet_names)

    def refresh(self, book, *args, **kwargs):
        from addin.events import league
        return league.refresh(book, *args, **kwargs)

    def withdraw(self, book, *args, **kwargs):
        from addin.events import league
        return league.withdraw(book, *args, **kwargs)

    def reinstate(self, book, *args, **kwargs):
        from addin.events import league
        return league.reinstate(book, *args, **kwargs)

    def set_result(self, book, *args, **kwargs):
        from addin.events import league
        return league.set_result(book, *args, **kwargs)

    def lineup(self, book, *args, **kwargs):
        from addin.events import league
        return league.lineup(book, *args, **kwargs)

    def forfeit(self, book, *args, **kwargs):
        from addin.events import league
        return league.forfeit(book, *args, **kwargs)


class Scheveningen(EventKind):
    """A Scheveningen match of two teams: ``addin.events.scheveningen``."""

    name, title = "scheveningen", N_("Scheveningen match")

    def recognises(self, sheet_names):
        from addin.sheets.scheveningen.labels import is_match
        return is_match(sheet_names)

    def detect_lang(self, sheet_names):
        from addin.sheets.scheveningen.labels import detect_lang
        return detect_lang(sheet_names)

    def refresh(self, book, *args, **kwargs):
        from addin.events import scheveningen
        return scheveningen.refresh(book, *args, **kwargs)

    def set_result(self, book, *args, **kwargs):
        from addin.events import scheveningen
        return scheveningen.set_result(book, *args, **kwargs)

    def edit_player(self, book, *args, **kwargs):
        from addin.events import scheveningen
        return scheveningen.edit_player(book, *args, **kwargs)


# -- the registry ---------------------------------------------------------------------------------

#: every kind, in the order a workbook is tried
REGISTRY: list[EventKind] = [RoundRobin(), Molter(), Combinee(), League(), Scheveningen()]


def find_kind(name: str) -> EventKind:
    """The registered kind called ``name`` (a programming error, ``KeyError``, for any other name)."""
    for kind in REGISTRY:
        if kind.name == name:
            return kind
    raise KeyError(f"no event kind {name!r} in the registry: {[kind.name for kind in REGISTRY]}")


def kind_of_sheets(sheet_names: Sequence[str]) -> EventKind | None:
    """The first registered kind whose workbook has these sheets, or None."""
    return next((kind for kind in REGISTRY if kind.recognises(sheet_names)), None)


def register(kind: EventKind) -> EventKind:
    """Add ``kind`` at the end of the registry (its name must be new); returns it."""
    if any(other.name == kind.name for other in REGISTRY):
        raise ValueError(f"an event kind called {kind.name!r} is already registered")
    REGISTRY.append(kind)
    return kind


def unregister(name: str) -> None:
    """Remove the kind called ``name`` from the registry."""
    REGISTRY.remove(find_kind(name))
