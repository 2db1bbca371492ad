"""A report's tables as the templates show them: captions, headers with their explanations,
rows of texts, the row that heads each line, and the marks of withdrawn or late entrants.

One function per thing shown, each in the page's language (``lang``): the same views serve
the site and the posters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from addin.core.messages import Message, N_
from addin.publish.format import result, show
from addin.report.model import Entrant, Mark, Pairing, RoundReport, Table, text_of

NUMERIC = ("int", "points", "percent")


@dataclass
class Header:
    label: str
    explain: str = ""
    numeric: bool = False


@dataclass
class Cell:
    text: str
    head: bool = False
    numeric: bool = False


@dataclass
class Row:
    cells: list[Cell]
    marks: str = ""
    css: str = ""


@dataclass
class TableView:
    caption: str
    headers: list[Header]
    rows: list[Row]
    css: str = ""
    note: str = ""
    marks_label: str = ""
    has_marks: bool = field(default=False)
    board_col: int = 0  # a poster's board column (1-based; 0: none), shown large


def marks_text(marks: Sequence[Mark], lang: str) -> str:
    return "; ".join(m.text.text(lang) for m in marks)


def _row_css(marks: Sequence[Mark]) -> str:
    return " ".join(sorted({m.kind for m in marks}))


def table_view(table: Table, lang: str, css: str = "") -> TableView:
    """The view of a report table (numbers formatted by column kind)."""
    headers = [Header(c.label.text(lang), c.explain.text(lang) if c.explain else "", c.kind in NUMERIC)
               for c in table.columns]
    rows = []
    for i, values in enumerate(table.rows):
        cells = [Cell(show(v, c.kind, lang), j == table.row_header, c.kind in NUMERIC)
                 for j, (v, c) in enumerate(zip(values, table.columns))]
        marks = table.row_marks(i)
        rows.append(Row(cells, marks_text(marks, lang), _row_css(marks)))
    view = TableView(table.title.text(lang), headers, rows, css or table.key.split(":")[0],
                     table.note.text(lang) if table.note else "", Message("Remarks").text(lang))
    view.has_marks = any(r.marks for r in rows)
    return view


def _who(entrant: Entrant | None, lang: str) -> str:
    if entrant is None:
        return Message("bye").text(lang)
    return f"{entrant.name} ({entrant.ident})" if entrant.ident else entrant.name


def pairings_view(rnd: RoundReport, pairings: Sequence[Pairing], lang: str, caption: str) -> TableView:
    """The pairings by board: board, White, result, Black (a bye: the player and "bye")."""
    headers = [Header(Message("Board").text(lang), "", True), Header(Message("White side").text(lang)),
               Header(Message("Result").text(lang)), Header(Message("Black side").text(lang))]
    rows = []
    for p in pairings:
        marks = p.white.marks + (p.black.marks if p.black else ()) + p.marks
        rows.append(Row([Cell(p.board, True, True), Cell(_who(p.white, lang)), Cell(result(p.result)),
                         Cell(_who(p.black, lang))], marks_text(_round_marks(marks, rnd.number), lang)))
    view = TableView(caption, headers, rows, "pairings", marks_label=Message("Remarks").text(lang))
    view.has_marks = any(r.marks for r in rows)
    return view


def _round_marks(marks: Sequence[Mark], rnd: int) -> list[Mark]:
    """The marks that concern round ``rnd`` (a withdrawal from a later round does not)."""
    return [m for m in marks if m.round is None or m.kind != "withdrawn" or m.round <= rnd]


COLOURS = {"white": N_("with White"), "black": N_("with Black"), "bye": N_("bye")}


def seats_view(rnd: RoundReport, lang: str, caption: str) -> TableView:
    """The alphabetical list: name, board, colour, opponent (who plays where)."""
    headers = [Header(Message("Name").text(lang)), Header(Message("Board").text(lang), "", True),
               Header(Message("Colour").text(lang)), Header(Message("Opponent").text(lang))]
    has_groups = any(s.group for s in rnd.seats())
    if has_groups:
        headers.append(Header(Message("Match or group").text(lang)))
    rows = []
    for s in rnd.seats():
        cells = [Cell(f"{s.name} ({s.ident})" if s.ident else s.name, True), Cell(s.board, False, True),
                 Cell(Message(COLOURS[s.colour]).text(lang)), Cell(s.opponent)]
        if has_groups:
            cells.append(Cell(text_of(s.group, lang)))
        rows.append(Row(cells))
    return TableView(caption, headers, rows, "seats")


def entrants_view(entrants: Sequence[Entrant], lang: str, caption: str) -> TableView:
    """The list of players: number, name, title, rating, club or team, federation, marks."""
    columns = [("ident", Message("No.")), ("name", Message("Name")), ("title", Message("Title")),
               ("rating", Message("Rating")), ("club", Message("Club")), ("team", Message("Team")),
               ("federation", Message("Federation"))]
    shown = [(key, label) for key, label in columns
             if key in ("ident", "name") or any(getattr(e, key) not in ("", None) for e in entrants)]
    if any(e.team for e in entrants):
        shown = [(k, l) for k, l in shown if k != "club" or any(e.club != e.team for e in entrants)]
    headers = [Header(label.text(lang), "", key == "rating") for key, label in shown]
    rows = []
    for e in entrants:
        cells = []
        for key, _ in shown:
            value = getattr(e, key)
            cells.append(Cell("" if value is None else str(value), key == "name", key == "rating"))
        rows.append(Row(cells, marks_text(e.marks, lang), _row_css(e.marks)))
    view = TableView(caption, headers, rows, "players", marks_label=Message("Remarks").text(lang))
    view.has_marks = any(r.marks for r in rows)
    return view
