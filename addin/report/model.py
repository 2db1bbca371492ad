"""The report of an event: a pure, typed description of what the event shows.

Every kind of event (round-robin, Molter cup, Formule Combinée, league season,
Scheveningen match) is described by the same few values, built once from the event as
its workbook's reader reads it (``addin.report.<kind>``), with the standings of the
kind's own rules (``addin.systems``): no output computes a standing again.

* :class:`EventReport`: the header (the event's :class:`~addin.core.header.EventHeader`:
  title, place, dates, arbiter, language) and the system, the entrants
  with their marks, every round with its pairings and results, the standings after each
  round, and the kind's other tables (crosstable, team grids, calendar, statistics) as
  :class:`Section` s of :class:`Table` s.
* A :class:`Table` is columns (each with its short label and the sentence that explains
  it, both :class:`~addin.core.messages.Message` s, so every label exists in each
  language of the catalogue) and rows of plain values: ``int``, ``float``, ``str`` or
  ``None`` (an empty cell). How a value is shown (``2½``, ``75 %``) is the sink's job,
  told by the column's ``kind``.

Outputs read a report through :func:`walk` and a :class:`Visitor` (the shape of
python-chess's PGN visitors): the reader calls the visitor's methods in a fixed order
and returns what the visitor's :meth:`Visitor.result` gives. A sink overrides only the
methods it needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Union

from addin.core.header import EventHeader
from addin.core.messages import Message

Value = Union[int, float, str, None]

#: how a column's values are shown: whole numbers, points (halves), a percentage (0-100),
#: a result or crosstable symbol, text
KINDS = ("int", "points", "percent", "symbol", "text")


@dataclass(frozen=True)
class Column:
    """A column: its key (stable, for sinks and tests), short header, explanation and kind of value."""

    key: str
    label: Message
    explain: Message | None = None
    kind: str = "int"


@dataclass(frozen=True)
class Table:
    """Rows of values under columns; ``marks[i]`` are the marks of row ``i`` (withdrawn, late entry…)."""

    key: str
    title: Message
    columns: tuple[Column, ...]
    rows: tuple[tuple[Value, ...], ...]
    marks: tuple[tuple["Mark", ...], ...] = ()
    note: Message | None = None
    #: the column whose cells head their rows (the name), for accessible row headers
    row_header: int = 0

    def column(self, key: str) -> int:
        """The index of the column ``key``."""
        for i, col in enumerate(self.columns):
            if col.key == key:
                return i
        raise KeyError(key)

    def row_marks(self, i: int) -> tuple["Mark", ...]:
        return self.marks[i] if i < len(self.marks) else ()


@dataclass(frozen=True)
class Mark:
    """Something to show beside an entrant: ``withdrawn`` (from ``round``), ``late`` (joined in
    ``round``), ``absent``, ``substitute``, ``forfeit``; ``text`` says it in a sentence."""

    kind: str
    text: Message
    round: int | None = None


@dataclass(frozen=True)
class Entrant:
    """A player (or a team, for a team's table): ``ident`` is the number or seat shown (``7``, ``A3``)."""

    ident: str
    name: str
    rating: int | None = None
    club: str = ""
    federation: str = ""
    title: str = ""
    team: str = ""
    marks: tuple[Mark, ...] = ()
    fide_id: str = ""      # digits, as a TRF writes it ("" unknown)
    birth: str = ""        # YYYY/MM/DD or YYYY, as a TRF writes it ("" unknown)


@dataclass(frozen=True)
class Pairing:
    """One game (or a bye, ``black`` None) of a round, White first; ``result`` in canonical code
    (``1-0``, ``0-1``, ``1/2-1/2``, ``+-``, ``-+``, ``0-0``), or a score (``412-380``), or "" when
    not typed; ``group`` is the match or group it belongs to (a league match, a Scrabble group)."""

    board: str
    white: Entrant
    black: Entrant | None
    result: str = ""
    group: Message | str = ""
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True)
class Seat:
    """Where an entrant plays in a round: the line of the alphabetical list ("who plays where")."""

    name: str
    ident: str
    board: str
    colour: str            # "white", "black", "bye"
    opponent: str          # the opponent's name, "" for a bye
    group: Message | str = ""


@dataclass(frozen=True)
class Team:
    """A team of a team event: its number (``ident``), name, members in roster order (the entrants of its
    roster) and each member's game points in the event's scoring (:attr:`EventReport.scoring`), in that order."""

    ident: str
    name: str
    members: tuple[Entrant, ...] = ()
    points: tuple[float, ...] = ()


@dataclass(frozen=True)
class Group:
    """Teams that play each other (a league's division): its name, its number of rounds, its teams in order."""

    name: str
    rounds: int
    teams: tuple[Team, ...] = ()


@dataclass(frozen=True)
class Match:
    """A team match of a round in group ``group``: the team named first (``home``) and the other (their
    :attr:`Team.ident`), its boards in order as the round's pairings (White first, each player's ``team`` the
    name of his team, a board nobody sat at an entrant without ``ident``), and whether it was lost by forfeit
    (then no board was played: the pairings give the forfeit's results board by board)."""

    group: str
    home: str
    away: str
    boards: tuple[Pairing, ...]
    forfeit: bool = False


@dataclass(frozen=True)
class RoundReport:
    """A round: its pairings by board, the standings after it (None before it starts)."""

    number: int
    pairings: tuple[Pairing, ...]
    label: Message | None = None
    standings: tuple[Table, ...] = ()
    played: int = 0          # games with a result
    games: int = 0           # games to play (byes excluded)
    table_round: int = 0     # the round of the pairing table it was taken from (0: not from a table)
    cycle: int = 1           # the cycle of a multiple round-robin
    matches: tuple[Match, ...] = ()  # a team event's matches (their boards are among ``pairings``)

    @property
    def started(self) -> bool:
        return self.played > 0

    @property
    def complete(self) -> bool:
        return self.games > 0 and self.played == self.games

    def seats(self) -> list[Seat]:
        """Every entrant of the round, alphabetically by name, with his board, colour and opponent."""
        out: list[Seat] = []
        for p in self.pairings:
            if p.black is None:
                out.append(Seat(p.white.name, p.white.ident, p.board, "bye", "", p.group))
                continue
            out.append(Seat(p.white.name, p.white.ident, p.board, "white", p.black.name, p.group))
            out.append(Seat(p.black.name, p.black.ident, p.board, "black", p.white.name, p.group))
        return sorted(out, key=lambda s: (s.name.casefold(), s.ident))


@dataclass(frozen=True)
class Section:
    """A page of other tables (crosstable, team grids, calendar, match sheets, statistics)."""

    key: str
    title: Message
    tables: tuple[Table, ...]


@dataclass(frozen=True)
class EventReport:
    """What an event shows (see the module docstring)."""

    kind: str
    kind_label: Message
    system: Message
    #: the event's header (title, place, dates, chief arbiter, language), the event model's own; a sink
    #: writes in the language its caller gives it (the header's ``lang`` is the workbook's, for callers to choose)
    header: EventHeader
    entrants_label: Message = field(default_factory=lambda: Message("Players"))
    entrants: tuple[Entrant, ...] = ()
    rounds: tuple[RoundReport, ...] = ()
    sections: tuple[Section, ...] = ()
    facts: tuple[tuple[Message, Any], ...] = ()   # more lines of the event page (label, value)
    legend: tuple[tuple[Message, Message | None], ...] = ()  # (label, explanation) of the signs used
    #: the codes of the tie-breaks that decide the ranks, in their order (``SB/C1``…; the round-robin's)
    tiebreaks: tuple[str, ...] = ()
    #: the standings before any result (every entrant level) of an event whose rounds have not started
    before_start: tuple[Table, ...] = ()
    #: the points a bye scores (a round-robin with an odd field)
    bye_points: float = 0.0
    #: a team event's groups of teams (a league's divisions), in order
    groups: tuple[Group, ...] = ()
    #: the game points of a win, a draw, a loss (``W``, ``D``, ``L``) of a kind whose scale is not always 1, ½, 0
    #: (a league's), and a team event's match points of a match won, drawn, lost (``match_scoring``)
    scoring: tuple[tuple[str, float], ...] = ()
    match_scoring: tuple[tuple[str, float], ...] = ()

    @property
    def rounds_played(self) -> int:
        """Rounds with at least one result."""
        return sum(1 for r in self.rounds if r.started)

    @property
    def current_round(self) -> RoundReport | None:
        """The round to post on the wall: the first round not complete, else the last one."""
        for rnd in self.rounds:
            if not rnd.complete:
                return rnd
        return self.rounds[-1] if self.rounds else None

    @property
    def standings(self) -> tuple[Table, ...]:
        """The standings after the last started round (the event's own when no round has started)."""
        started = [r for r in self.rounds if r.started and r.standings]
        if started:
            return started[-1].standings
        return self.before_start or (self.rounds[0].standings if self.rounds else ())


# -- the reader ----------------------------------------------------------------------------

class Visitor:
    """What :func:`walk` calls, in this order; every method does nothing unless a sink overrides it.

    ``begin_event`` → ``visit_entrants`` → per round: ``begin_round``, ``visit_pairing`` for each
    pairing, ``visit_standings`` for each standings table after the round, ``end_round`` → per
    section: ``begin_section``, ``visit_table`` for each table, ``end_section`` → ``end_event``;
    then :func:`walk` returns :meth:`result`.
    """

    def begin_event(self, report: EventReport) -> None: ...

    def visit_entrants(self, entrants: tuple[Entrant, ...]) -> None: ...

    def begin_round(self, rnd: RoundReport) -> None: ...

    def visit_pairing(self, rnd: RoundReport, pairing: Pairing) -> None: ...

    def visit_standings(self, rnd: RoundReport, table: Table) -> None: ...

    def end_round(self, rnd: RoundReport) -> None: ...

    def begin_section(self, section: Section) -> None: ...

    def visit_table(self, section: Section, table: Table) -> None: ...

    def end_section(self, section: Section) -> None: ...

    def end_event(self, report: EventReport) -> None: ...

    def result(self) -> Any:
        return None


def text_of(value: Message | str, lang: str) -> str:
    """A label that may be a message (translated into ``lang``) or a name (as it is)."""
    return value.text(lang) if isinstance(value, Message) else value


def walk(report: EventReport, visitor: Visitor, rounds: Iterable[int] | None = None) -> Any:
    """Read ``report`` into ``visitor`` (only the rounds numbered in ``rounds`` when given); its result."""
    wanted = None if rounds is None else set(rounds)
    visitor.begin_event(report)
    visitor.visit_entrants(report.entrants)
    for rnd in report.rounds:
        if wanted is not None and rnd.number not in wanted:
            continue
        visitor.begin_round(rnd)
        for pairing in rnd.pairings:
            visitor.visit_pairing(rnd, pairing)
        for table in rnd.standings:
            visitor.visit_standings(rnd, table)
        visitor.end_round(rnd)
    for section in report.sections:
        visitor.begin_section(section)
        for table in section.tables:
            visitor.visit_table(section, table)
        visitor.end_section(section)
    visitor.end_event(report)
    return visitor.result()
