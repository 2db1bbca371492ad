"""Use cases the buttons that ask run over any kind of event: a TRF report of the open workbook, a new event
from the organiser's files.

Each is what a command of the command line runs, with the answers the organiser typed in the button's
questions (text, never parsed here beyond what the command's own parsing does):

* :func:`export_trf`: ``appariements export-trf`` (round-robin) or ``appariements league trf`` (a season's
  division), on the workbook as it stands;
* :func:`new_event`: ``appariements berger N --names``, ``molter --teams FILE``, ``combinee --players``,
  ``league season``, ``scheveningen match`` — the event file written with the command's defaults.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from addin.core.header import EventHeader
from addin.events.kinds import NOT_APPLICABLE
from addin.sheets.book import Book


def export_trf(book: Book, output: str, division: str = "") -> Any:
    """The FIDE report of ``book`` written to ``output`` (a file already there is kept as a copy first); a kind
    without a TRF export refuses as the command line does."""
    from addin.events.dispatch import kind_of

    kind = kind_of(book)
    if kind.name == "league":
        from addin.events import league

        return league.export_trf(book, division, output, force=True)
    if kind.name == "roundrobin":
        from addin.events import roundrobin

        return roundrobin.export_trf(book, output, force=True)
    raise NOT_APPLICABLE.refusal("export_trf", kind)


def new_event(kind: str, output: str, answers: list[str], lang: str) -> Any:
    """A new event of ``kind`` written to ``output`` from the organiser's ``answers`` (files and counts, in the
    order its button asks them), in ``lang``."""
    target = Path(output)
    header = EventHeader(lang=lang)
    if kind == "roundrobin":
        from addin.events.roundrobin import BuildRequest, build

        return build(BuildRequest(names=Path(answers[0]), output=target, header=header))
    if kind == "molter":
        from addin.events import molter

        return molter.build(molter.BuildRequest(answers[0], answers[1], header=header, output=target))
    if kind == "combinee":
        from addin.events import combinee

        return combinee.build(combinee.BuildRequest(Path(answers[0]), answers[1], answers[2], output=target,
                                                    header=header))
    if kind == "league":
        from addin.events import league

        rosters = answers[1].strip()
        return league.build(league.BuildRequest(teams=Path(answers[0]), rosters=Path(rosters) if rosters else None,
                                                boards=answers[2], header=header, output=target))
    if kind == "scheveningen":
        from addin.events import scheveningen

        return scheveningen.build(scheveningen.BuildRequest(Path(answers[0]), Path(answers[1]), header=header,
                                                            output=target))
    raise ValueError(f"no button writes a new event of the kind {kind!r}")  # the buttons name their kind
