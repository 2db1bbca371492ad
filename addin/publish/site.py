"""The published site of an event: static pages, readable without a server or a script.

:class:`SiteSink` is a :class:`~addin.report.model.Visitor` of the event's report; it collects
the pages as the reader walks the report, and renders them (Jinja2 templates of
``addin/publish/templates``) when the event ends, once every page's link is known. The pages:

* ``index.html``: the event (title, place, dates, arbiter, system, rounds played), a link to
  the round to play and to the latest standings, every round, the QR code of ``url`` when
  given, the legend of the tie-breaks;
* ``players.html``: numbers, names, titles, ratings, clubs or teams, withdrawals and late
  entries marked;
* ``round-N.html``: the pairings of round N by board (grouped by match or group) with their
  results, then the alphabetical list (who plays where);
* ``standings-N.html``: the standings after round N, every tie-break the workbook shows,
  explained on hover and in the legend;
* one page per section of the report (``crosstable.html``, ``teams.html``, ``calendar.html``,
  ``statistics.html``, ``grids.html``…);
* ``style.css``: one style sheet (phone and desktop widths, print).

Every page is HTML with its language attribute, proper tables (caption, column and row
headers) and links between pages relative to the folder, so the folder works opened from a
disk or uploaded anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import jinja2

import addin
from addin.core.messages import Message, N_
from addin.publish.views import TableView, entrants_view, pairings_view, seats_view, table_view
from addin.report.model import Entrant, EventReport, Pairing, RoundReport, Section, Table, Visitor, text_of, walk


@dataclass
class Page:
    name: str
    title: str
    template: str = "page.html"
    blocks: list[dict] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


def environment() -> jinja2.Environment:
    """The templates, HTML-escaped (a name typed by a user is text, never markup)."""
    return jinja2.Environment(loader=jinja2.PackageLoader("addin.publish", "templates"),
                              autoescape=True, trim_blocks=False, lstrip_blocks=False,
                              )


def texts(lang: str) -> dict[str, str]:
    """The words of the page frame in ``lang``."""
    words = {"skip": Message("Skip to the content"), "nav": Message("Pages of the event"),
             "rounds": Message("Rounds"), "standings": Message("Standings"), "legend": Message("Legend"),
             "prev": Message("Previous round"), "next": Message("Next round"),
             "footer": Message("Published with appariements from the event workbook.")}
    return {key: message.text(lang) for key, message in words.items()}


def round_name(rnd: RoundReport, lang: str) -> str:
    return (rnd.label or Message("Round {round}", round=rnd.number)).text(lang)


class SiteSink(Visitor):
    """Collects the pages of the site while :func:`~addin.report.model.walk` reads a report."""

    def __init__(self, lang: str = "fr", qr_svg: str = "", url: str = ""):
        self.lang = lang
        self.qr_svg = qr_svg
        self.url = url
        self.pages: list[Page] = []
        self.report: EventReport | None = None
        self._pairings: list[Pairing] = []
        self._rounds: list[RoundReport] = []
        self._standings: dict[int, list[Table]] = {}
        self._sections: list[Page] = []
        self.files: dict[str, bytes] = {}

    # -- the walk ----------------------------------------------------------------------
    def begin_event(self, report: EventReport) -> None:
        self.report = report

    def visit_entrants(self, entrants: tuple[Entrant, ...]) -> None:
        assert self.report is not None
        title = self.report.entrants_label.text(self.lang)
        self.players = Page("players.html", title, blocks=[{"table": entrants_view(entrants, self.lang, title)}])

    def begin_round(self, rnd: RoundReport) -> None:
        self._pairings = []

    def visit_pairing(self, rnd: RoundReport, pairing: Pairing) -> None:
        self._pairings.append(pairing)

    def visit_standings(self, rnd: RoundReport, table: Table) -> None:
        self._standings.setdefault(rnd.number, []).append(table)

    def end_round(self, rnd: RoundReport) -> None:
        lang = self.lang
        name = round_name(rnd, lang)
        blocks: list[dict] = []
        groups: list[tuple[Message | str, list[Pairing]]] = []
        for p in self._pairings:
            if not groups or groups[-1][0] != p.group:
                groups.append((p.group, []))
            groups[-1][1].append(p)
        for group, pairings in groups:
            caption = Message("Pairings by board").text(lang) + (f" — {text_of(group, lang)}" if group else "")
            blocks.append({"table": pairings_view(rnd, pairings, lang, caption)})
        blocks.append({"heading": Message("Who plays where").text(lang),
                       "table": seats_view(rnd, lang, Message("Players in alphabetical order").text(lang))})
        self.pages.append(Page(f"round-{rnd.number}.html", name, blocks=blocks, extra={"round": rnd}))
        self._rounds.append(rnd)

    def begin_section(self, section: Section) -> None:
        self._sections.append(Page(f"{section.key}.html", section.title.text(self.lang)))

    def visit_table(self, section: Section, table: Table) -> None:
        self._sections[-1].blocks.append({"table": table_view(table, self.lang)})

    def end_event(self, report: EventReport) -> None:
        lang = self.lang
        standings_pages = []
        for number, tables in self._standings.items():
            title = Message("Standings after round {round}", round=number).text(lang)
            blocks = [{"table": table_view(t, lang)} for t in tables]
            standings_pages.append(Page(f"standings-{number}.html", title, blocks=blocks, extra={"after": number}))
        self.files = self._render(report, standings_pages)

    def result(self) -> dict[str, bytes]:
        return self.files

    # -- rendering ---------------------------------------------------------------------
    def _render(self, report: EventReport, standings_pages: list[Page]) -> dict[str, bytes]:
        lang = self.lang
        env = environment()
        t = texts(lang)
        current = report.current_round
        latest = standings_pages[-1] if standings_pages else None
        nav = [{"href": "index.html", "label": Message("Event").text(lang)},
               {"href": "players.html", "label": self.players.title}]
        if current is not None:
            nav.append({"href": f"round-{current.number}.html", "label": Message("Pairings").text(lang)})
        if latest is not None:
            nav.append({"href": latest.name, "label": t["standings"]})
        nav += [{"href": p.name, "label": p.title} for p in self._sections]
        legend = [(label.text(lang), explain.text(lang) if explain else "") for label, explain in report.legend]
        common = {"lang": lang, "version": addin.__version__, "event_title": report.header.title or
                  report.kind_label.text(lang), "nav": nav, "t": t, "legend_items": legend}
        out: dict[str, bytes] = {}
        numbers = [r.number for r in self._rounds]
        standings_of = {p.extra["after"]: p.name for p in standings_pages}
        for page in self.pages:
            rnd: RoundReport = page.extra["round"]
            i = numbers.index(rnd.number)
            pager = {"prev": f"round-{numbers[i - 1]}.html" if i else "",
                     "next": f"round-{numbers[i + 1]}.html" if i + 1 < len(numbers) else "",
                     "other": {"href": standings_of[rnd.number], "label": Message(
                         "Standings after round {round}", round=rnd.number).text(lang)}
                     if rnd.number in standings_of else None}
            out[page.name] = self._page(env, page, common, pager=pager, legend_items=[])
        for page in standings_pages:
            n = page.extra["after"]
            pager = {"prev": standings_of.get(n - 1, ""), "next": standings_of.get(n + 1, ""),
                     "other": {"href": f"round-{n}.html", "label": round_name(self._rounds[numbers.index(n)], lang)}}
            out[page.name] = self._page(env, page, common, pager=pager)
        out[self.players.name] = self._page(env, self.players, common, legend_items=[])
        for page in self._sections:
            out[page.name] = self._page(env, page, common)
        out["index.html"] = self._index(env, report, common, current, latest)
        loader = env.loader
        assert loader is not None  # environment() reads the package's templates
        out["style.css"] = loader.get_source(env, "style.css")[0].encode("utf-8")
        return out

    def _page(self, env: jinja2.Environment, page: Page, common: dict, **more: Any) -> bytes:
        values = {**common, "page_title": page.title, "here": page.name, "blocks": page.blocks, "pager": None,
                  **more}
        return env.get_template(page.template).render(**values).encode("utf-8")

    def _index(self, env: jinja2.Environment, report: EventReport, common: dict, current: RoundReport | None,
               latest: Page | None) -> bytes:
        lang, head = self.lang, report.header
        facts = [(Message(label).text(lang), value) for label, value in (
            (N_("Kind of event"), report.kind_label.text(lang)), (N_("System"), report.system.text(lang)),
            (N_("Place"), head.place), (N_("Dates"), head.dates), (N_("Chief arbiter"), head.arbiter))
            if value]
        facts.append((Message("Rounds played").text(lang),
                      Message("{played} of {rounds}", played=report.rounds_played,
                              rounds=len(report.rounds)).text(lang)))
        facts += [(label.text(lang), value.text(lang) if isinstance(value, Message) else value)
                  for label, value in report.facts]
        rounds = []
        standings_of = {r.number for r in self._rounds if r.standings}
        for r in self._rounds:
            state = Message("complete") if r.complete else Message(
                "{played} of {games} results", played=r.played, games=r.games) if r.started else Message(
                "to play")
            rounds.append({"href": f"round-{r.number}.html", "label": round_name(r, lang),
                           "standings": f"standings-{r.number}.html" if r.number in standings_of else "",
                           "state": state.text(lang)})
        cur = {"href": f"round-{current.number}.html", "label": Message(
            "Pairings of round {round}", round=current.number).text(lang)} if current else None
        lat = {"href": latest.name, "label": latest.title} if latest else None
        values = {**common, "page_title": common["event_title"], "here": "index.html", "facts": facts,
                  "rounds": rounds, "current": cur, "latest": lat, "qr": self.qr_svg, "url": self.url}
        return env.get_template("index.html").render(**values).encode("utf-8")


def site_files(report: EventReport, lang: str = "fr", url: str = "") -> dict[str, bytes]:
    """Every file of the site of ``report`` (relative path → content)."""
    from addin.publish.qr import qr_svg

    return walk(report, SiteSink(lang, qr_svg(url, lang) if url else "", url))
