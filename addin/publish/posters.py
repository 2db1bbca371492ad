"""Wall posters of a round: the pairings by board in large type, the alphabetical list (who
plays where) and the latest standings, one PDF (A4 or A3), for the wall of the playing hall.

:class:`PosterSink` is a :class:`~addin.report.model.Visitor` of the event's report: it keeps
the pairings of the round to post (by default the round to play: the first round not
complete, ``EventReport.current_round``) and the standings after the last round started, and
lays them out as one HTML document of pages (``templates/posters.html``) that a browser
prints to PDF (``addin.render.browser``). Type sizes, in points, per paper (:data:`SIZES`):
the pairings' boards and names 20 pt on A4 and 28 pt on A3, never under 14 pt, so they read
from a few metres.
"""

from __future__ import annotations

from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.publish.site import environment, round_name
from addin.publish.views import pairings_view, seats_view, table_view
from addin.report.model import EventReport, Pairing, RoundReport, Table, Visitor, text_of, walk

PAPERS = ("A4", "A3")
SIZES = {
    "A4": {"title": 22, "heading": 18, "board": 20, "list": 15, "standings": 14, "small": 11, "qr": 40},
    "A3": {"title": 30, "heading": 24, "board": 28, "list": 20, "standings": 18, "small": 14, "qr": 45},
}


def check_paper(paper: str) -> str:
    value = "A4" if paper is None else str(paper).strip().upper()
    if value not in PAPERS:
        raise TournamentError("The paper size of the posters is A4 or A3, not {value}.", value=paper)
    return value


class PosterSink(Visitor):
    """Collects the posters of round ``number`` (None: the round to play)."""

    def __init__(self, lang: str = "fr", paper: str = "A4", number: int | None = None, qr_svg: str = "",
                 url: str = ""):
        self.lang, self.paper, self.number, self.qr, self.url = lang, check_paper(paper), number, qr_svg, url
        self.target: RoundReport | None = None
        self.pairings: list[Pairing] = []
        self.standings: tuple[int, list[Table]] | None = None
        self.html = b""

    def begin_event(self, report: EventReport) -> None:
        if self.number is None:
            current = report.current_round
            self.number = current.number if current else None
        elif not any(r.number == self.number for r in report.rounds):
            raise TournamentError("Round {round} does not exist: the rounds are numbered from 1 to {rounds}.",
                                  round=self.number, rounds=len(report.rounds))

    def begin_round(self, rnd: RoundReport) -> None:
        if rnd.number == self.number:
            self.target = rnd

    def visit_pairing(self, rnd: RoundReport, pairing: Pairing) -> None:
        if rnd.number == self.number:
            self.pairings.append(pairing)

    def visit_standings(self, rnd: RoundReport, table: Table) -> None:
        if self.standings is None or self.standings[0] != rnd.number:
            self.standings = (rnd.number, [])
        self.standings[1].append(table)

    def end_event(self, report: EventReport) -> None:
        lang = self.lang
        posters = []
        if self.target is not None:
            name = round_name(self.target, lang)
            groups: list[tuple[Message | str, list[Pairing]]] = []
            for p in self.pairings:
                if not groups or groups[-1][0] != p.group:
                    groups.append((p.group, []))
                groups[-1][1].append(p)
            tables = []
            for group, pairings in groups:
                view = pairings_view(self.target, pairings, lang,
                                     text_of(group, lang) if group else Message("Pairings by board").text(lang))
                view.board_col = 1
                tables.append(view)
            posters.append({"heading": name, "tables": tables})
            seats = seats_view(self.target, lang, Message("Players in alphabetical order").text(lang))
            seats.board_col = 2
            posters.append({"heading": Message("{round}: who plays where", round=name).text(lang),
                            "tables": [seats]})
        if self.standings is not None:
            after, standings = self.standings
            views = []
            for t in standings:
                view = table_view(t, lang, "standings")
                view.board_col = 0
                views.append(view)
            posters.append({"heading": Message("Standings after round {round}", round=after).text(lang),
                            "tables": views})
        meta = " · ".join(v for v in (report.header.place, report.header.dates) if v)
        self.html = environment().get_template("posters.html").render(
            lang=lang, title=report.header.title or report.kind_label.text(lang), meta=meta, posters=posters,
            paper=self.paper, sizes=SIZES[self.paper], qr=self.qr, url=self.url).encode("utf-8")

    def result(self) -> bytes:
        return self.html


def posters_html(report: EventReport, lang: str = "fr", paper: str = "A4", number: int | None = None,
                 url: str = "") -> bytes:
    """The HTML of the posters (see the module docstring)."""
    from addin.publish.qr import qr_svg

    return walk(report, PosterSink(lang, paper, number, qr_svg(url, lang) if url else "", url))


def posters_pdf(report: EventReport, lang: str = "fr", paper: str = "A4", number: int | None = None,
                url: str = "") -> bytes:
    """The PDF of the posters, printed by the browser (``addin.render.browser``)."""
    from addin.render.browser import html_to_pdf

    return html_to_pdf(posters_html(report, lang, paper, number, url))
