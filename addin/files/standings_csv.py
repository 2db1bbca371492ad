"""The standings as a CSV table (``export-trf --csv``): a sink of the report (``addin.report``).

:class:`StandingsCsv` is a :class:`~addin.report.model.Visitor` of a round-robin's report
(:func:`report_csv`): it writes the report's standings table as it stands, computing nothing again;
:func:`standings_csv` writes standings rows through the same table.

One row per player in standings order: rank, number, name, rating, club,
points, games played, wins, draws, losses, percentage (one decimal), then the
tie-breaks in the order asked, then a remark. Comma-separated, decimal point,
header labels in French (default) or English. Numbers are written without a
useless ``.0`` (``2``, ``2.5``, ``0.75``). A player not counted under C.05 6.6
has an empty rank and the remark "not ranked". A tie-break that does not apply is empty, as
in the workbook's standings (``Standing.shown``): DE where it decided nothing, and the
figures ranking a player the standings do not count. Text cells that a spreadsheet
would read as a formula (starting with ``=``, ``+``, ``-``, ``@``, tab or
carriage return) get a leading apostrophe, so they open as text.
"""

from __future__ import annotations

import csv
import io
from typing import Any, Iterable, Sequence, cast

from addin.core.args import as_choice
from addin.core.errors import TournamentError
from addin.core.players import Player
from addin.report.model import Entrant, EventReport, Table, Visitor, walk
from addin.report.roundrobin import standings_table
from addin.report.labels import tiebreak_label as _name
from addin.systems.standings.roundrobin import DEFAULT_TIEBREAKS, Standing, check_tiebreaks

LABELS = {
    "fr": {
        "rank": "Rang", "number": "N°", "name": "Nom", "rating": "Elo", "club": "Club",
        "points": "Points", "played": "Parties", "wins": "Gains", "draws": "Nulles",
        "losses": "Pertes", "percentage": "%", "remark": "Remarque",
    },
    "en": {
        "rank": "Rank", "number": "No", "name": "Name", "rating": "Rating", "club": "Club",
        "points": "Points", "played": "Played", "wins": "Won", "draws": "Drawn",
        "losses": "Lost", "percentage": "%", "remark": "Remark",
    },
}


def tiebreak_label(code: str, lang: str) -> str:
    """The column label of tie-break ``code`` (``SB/C1``, ``KS/L+5``…) in ``lang``: its name in the one table
    of tie-break names (``addin.report.labels``), the name the Settings sheet lists."""
    return _name(code, lang)


def number_text(value: float) -> str:
    """``2`` for 2.0, ``2.5``, ``0.75``: the shortest exact decimal."""
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def safe_text(value: Any) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def table_csv(table: Table, entrants: Iterable[Entrant], lang: str, tiebreaks: Sequence[str]) -> str:
    """The CSV text of a report's standings ``table`` (its rows in their order, normally by rank), with the
    tie-breaks ``tiebreaks`` (their columns ``tb:<code>`` of the table) and the rating and club of each
    player from ``entrants`` (by number)."""
    labels = LABELS[lang]
    people = {e.ident: e for e in entrants}
    at = {key: table.column(key) for key in ("rank", "number", "name", "points", "played", "wins", "draws",
                                             "losses", "percent")}
    shown = [table.column(f"tb:{code}") for code in tiebreaks]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([labels[k] for k in ("rank", "number", "name", "rating", "club", "points", "played",
                                         "wins", "draws", "losses", "percentage")]
                    + [tiebreak_label(t, lang) for t in tiebreaks] + [labels["remark"]])
    for i, row in enumerate(table.rows):
        person = people[str(row[at["number"]])]
        remark = [m.text.text(lang) for m in table.row_marks(i) if m.kind == "uncounted"]
        writer.writerow([
            "" if row[at["rank"]] is None else row[at["rank"]], row[at["number"]], safe_text(row[at["name"]]),
            "" if person.rating is None else person.rating, safe_text(person.club),
            number_text(cast(float, row[at["points"]])), row[at["played"]], row[at["wins"]], row[at["draws"]],
            row[at["losses"]], f"{row[at['percent']]:.1f}",
            *["" if row[k] is None else number_text(cast(float, row[k])) for k in shown],
            remark[0] if remark else "",
        ])
    return out.getvalue()


class StandingsCsv(Visitor):
    """The report's sink of the CSV: the standings as they stand (after the last round begun, or before the
    first), with the tie-breaks that decide the ranks (``EventReport.tiebreaks``) unless others are asked."""

    def __init__(self, lang: str = "fr", tiebreaks: Sequence[str] | None = None):
        self.lang = as_choice(lang, "lang", ("fr", "en"), default="fr")
        self.tiebreaks = None if tiebreaks is None else check_tiebreaks(tiebreaks)
        self.text = ""

    def end_event(self, report: EventReport) -> None:
        order = report.tiebreaks if self.tiebreaks is None else self.tiebreaks
        self.text = table_csv(report.standings[0], report.entrants, self.lang, order)

    def result(self) -> str:
        return self.text


def report_csv(report: EventReport, lang: str = "fr", tiebreaks: Sequence[str] | None = None) -> str:
    """The CSV text of the standings of a round-robin's ``report`` (:class:`StandingsCsv`)."""
    return walk(report, StandingsCsv(lang, tiebreaks), rounds=())


def standings_csv(standings: Iterable[Standing], players: Sequence[Player], lang: str = "fr",
                  tiebreaks: Any = DEFAULT_TIEBREAKS) -> str:
    """The CSV text of ``standings`` rows (in the order given, normally by rank) of ``players``: their
    report table (:func:`addin.report.roundrobin.standings_table`) written by :func:`table_csv`."""
    lang = as_choice(lang, "lang", ("fr", "en"), default="fr")
    order = check_tiebreaks(tiebreaks)
    rows = list(standings)
    by_number = {p.number: p for p in players}
    for s in rows:
        if s.number not in by_number:
            raise TournamentError(
                "The standings list player {number}, who is not in the player list.",
                number=s.number)
    people = {p.number: Entrant(str(p.number), p.name, p.rating, p.club, p.federation, p.title)
              for p in players}
    return table_csv(standings_table(rows, order, people, 0), people.values(), lang, order)
