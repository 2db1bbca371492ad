"""Publish an event: its static site and its wall posters, from the event workbook.

``appariements publish event.xlsx -o site/ [--posters posters.pdf]`` and the *Publier*
buttons run :func:`publish`: the workbook is read by its kind's reader (the reader every
use case reads it with), the report of the event is built once (``addin.report``), and the
sinks write it — the site (``addin.publish.site``) and the posters
(``addin.publish.posters``). Nothing is written until every file is made: the site is
installed whole (``addin.publish.folder``), the posters' PDF through
``addin.render.output``; an existing folder or file is refused without ``force``. A
workbook that cannot be read is refused with the reader's sentence, before anything is
written.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from addin.core.args import as_choice, as_int
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.events.common import Outcome
from addin.publish.folder import check_folder_target, write_folder
from addin.render.output import check_suffix, check_target, write_bytes
from addin.report.model import EventReport
from addin.sheets.book import Book


def _roundrobin(book: Book) -> EventReport:
    from addin.report.roundrobin import report
    from addin.sheets.roundrobin.reader import read_event

    return report(read_event(book))


def _molter(book: Book) -> EventReport:
    from addin.report.molter import report
    from addin.sheets.molter.reader import read_event

    return report(read_event(book))


def _combinee(book: Book) -> EventReport:
    from addin.report.combinee import report
    from addin.sheets.combinee.reader import read_event

    return report(read_event(book)[0])


def _league(book: Book) -> EventReport:
    from addin.report.league import report
    from addin.sheets.league.reader import is_season, read_season

    if not is_season(book.sheet_names()):
        raise TournamentError("{name} is a league calendar, not a season with its matches: build the season "
                              "('appariements league season') to publish it.", name=book.name)
    return report(read_season(book))


def _scheveningen(book: Book) -> EventReport:
    from addin.report.scheveningen import report
    from addin.sheets.scheveningen.labels import is_match
    from addin.sheets.scheveningen.reader import read_match

    if not is_match(book.sheet_names()):
        raise TournamentError("{name} holds the line-ups but not the match yet: build it first (button, or "
                              "'appariements update {name}').", name=book.name)
    return report(read_match(book))


#: kind of event → how its report is read from a workbook
REPORTS: dict[str, Callable[[Book], EventReport]] = {
    "roundrobin": _roundrobin, "molter": _molter, "combinee": _combinee, "league": _league,
    "scheveningen": _scheveningen,
}


def read_report(book: Book) -> EventReport:
    """The report of the event ``book`` holds (refused with the reader's sentence if it cannot be read)."""
    from addin.events.dispatch import kind_of  # here: the Lite button refuses before the file readers load

    return REPORTS[kind_of(book).name](book)


@dataclass
class PublishRequest:
    """What ``appariements publish`` asks for (every field as typed)."""

    workbook: Path
    output: Path | None = None       # the site's folder
    posters: Path | None = None      # the posters' PDF
    paper: Any = "A4"
    round: Any = None                # the round of the posters (default: the round to play)
    url: Any = ""
    lang: Any = "fr"
    force: bool = False


def check_url(url: Any) -> str:
    """An address for the QR code: ``http://`` or ``https://``, no spaces."""
    text = "" if url is None else str(url).strip()
    if text and (not text.lower().startswith(("http://", "https://")) or any(c.isspace() for c in text)
                 or len(text) > 1000):
        raise TournamentError("The address {url} is not a web address: give it as https://… (no spaces).",
                              url=text[:80])
    return text


def publish(request: PublishRequest, book: Book | None = None) -> Outcome:
    """Write the site and/or the posters of the event; refused, changing nothing, on any bad input."""
    from addin.publish.posters import check_paper, posters_pdf  # here: Jinja2 and segno only when publishing
    from addin.publish.site import site_files
    from addin.render.file_book import FileBook

    lang = as_choice(request.lang or "fr", "lang", ("fr", "en"), default="fr")
    url = check_url(request.url)
    paper = check_paper(request.paper)
    number = None if request.round in (None, "") else as_int(request.round, "round", 1, 10_000)
    if request.output is None and request.posters is None:
        raise TournamentError("Say what to publish: the site's folder (-o site) and/or the posters "
                              "(--posters posters.pdf).")
    if request.output is not None:
        check_folder_target(Path(request.output), request.force)
    if request.posters is not None:
        check_suffix(Path(request.posters), ".pdf")
        check_target(Path(request.posters), request.force)
    report = read_report(book if book is not None else FileBook(request.workbook))
    written: list[Path] = []
    pdf = posters_pdf(report, lang, paper, number, url) if request.posters is not None else None
    files = site_files(report, lang, url) if request.output is not None else None
    if files is not None and request.output is not None:  # (the files are made for an output)
        written.append(write_folder(Path(request.output), files, force=request.force))
    if pdf is not None and request.posters is not None:  # (and the posters for theirs)
        write_bytes(Path(request.posters), lambda: pdf, force=request.force, backup=False)
        written.append(Path(request.posters))
    details = []
    if files is not None:
        pages = sum(1 for name in files if name.endswith(".html"))
        details.append(Message("The site {path}: {pages} pages, {size} kB; open {index} in a browser or upload "
                               "the folder.", path=request.output, pages=pages,
                               size=round(sum(map(len, files.values())) / 1024), index="index.html"))
    if pdf is not None:
        details.append(Message("The posters {path}: round {round}.", path=request.posters,
                               round=_poster_round(report, number)))
    return Outcome(Message("Published {name}.", name=Path(request.workbook).name), written, None, details)


def _poster_round(report: EventReport, number: int | None) -> int | str:
    if number is not None:
        return number
    current = report.current_round
    return current.number if current else "—"


def beside(workbook: Path) -> PublishRequest:
    """What the *Publier* buttons publish: the site in ``<workbook>-site/`` beside the workbook, replaced each time."""
    workbook = Path(workbook)
    return PublishRequest(workbook, workbook.with_name(workbook.stem + "-site"), force=True)


def publish_beside(book: Book) -> Outcome:
    """The *Publier* buttons: the site of the open workbook ``book``, written in ``<name>-site`` beside its file.

    Refused when the workbook has no folder on this computer (never saved, or open in Excel on the
    web or xlwings Lite, whose Python cannot write to the organiser's disk).
    """
    full = str(getattr(getattr(book, "book", None), "fullname", "") or "")
    path = Path(full)
    if not full or not path.is_absolute() or not path.parent.is_dir():
        raise TournamentError("The site is written in a folder beside the workbook, and {name} has no folder on "
                              "this computer (not saved yet, or open in Excel on the web or xlwings Lite): save it "
                              "on this computer, or publish it with 'appariements publish {name} -o site'.",
                              name=book.name)
    return publish(beside(path), book)
