"""The event header: what every event prints at its head, and the language it is written in.

A round-robin, a Molter event, a combinée, a league season and a Scheveningen match all
carry a title, a place, dates and a chief arbiter (printed on every page) and a language
(``fr`` or ``en``). :class:`EventHeader` is that one value: each build request
(``addin.events.*.BuildRequest``) holds one as the organiser typed it, the use case checks
it when it builds the event, and the event model (``RoundRobinEvent``, ``MolterEvent``,
``CombineeEvent``, ``Season``, ``SchevMatch``) holds the checked one as its ``header``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, init=False)
class EventHeader:
    """Title, place, dates, chief arbiter and language of an event.

    The constructor takes the values as typed, ``None`` for one not given, and keeps text:
    a text not given is empty and a language not given is ``fr`` (the default every use case
    gives it), so that a reader, a layout or a report reads ``header.title`` as a string. The
    language is checked (``fr``/``en``) by the use case that builds the event.
    """

    title: str
    place: str
    dates: str
    arbiter: str
    lang: str

    def __init__(self, title: str | None = "", place: str | None = "", dates: str | None = "",
                 arbiter: str | None = "", lang: str | None = "fr") -> None:
        for name, value in (("title", title), ("place", place), ("dates", dates), ("arbiter", arbiter)):
            object.__setattr__(self, name, "" if value is None else value)
        object.__setattr__(self, "lang", "fr" if lang is None else lang)
