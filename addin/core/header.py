"""The event header: what every event prints at its head, and the language it is written in.

A round-robin, a Molter event, a combinée, a league season and a Scheveningen match all
carry a title, a place, dates and a chief arbiter (printed on every page) and a language
(``fr`` or ``en``). :class:`EventHeader` is that one value, as the organiser typed it: each
build request (``addin.events.*.BuildRequest``) holds one, and the use case checks it when
it builds the event.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EventHeader:
    """Title, place, dates, chief arbiter and language of an event, as typed (``None`` = not given)."""

    title: str | None = ""
    place: str | None = ""
    dates: str | None = ""
    arbiter: str | None = ""
    lang: str | None = "fr"
