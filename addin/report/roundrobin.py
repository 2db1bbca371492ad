"""The report of a round-robin event (single or multiple cycles, Berger or Rutsch).

Built from the :class:`~addin.systems.roundrobin.event.RoundRobinEvent` that the workbook's
reader reads. The standings after round ``k`` are
:func:`~addin.systems.standings.roundrobin.compute_standings` of the results of rounds 1..k
with the forfeits of the withdrawals (C.05, ``effective_results``), the event's tie-breaks,
bye points and C.05 6.6 rule: the same call the workbook's cached values come from, so the
standings after the last started round are the workbook's. A player not counted under
C.05 6.6 has no rank and the mark "not ranked".

The standings as the event stands (after the last round begun) are computed once, by
:func:`figures`: the report's last standings are read from them, and the round-robin
workbook's plan (``addin.sheets.roundrobin.book.plan``) takes its cached values from the same
call (the evaluated standings with every tie-break's value, the effective results, the ratings
and the rating performances), so that the workbook, the TRF and the CSV show one computation.

The crosstable has one column per opponent and cycle: ``1``, ``½``, ``0`` for a game played,
``+``/``-`` for a forfeit won/lost (a double forfeit is ``-`` for both), as the workbook's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Mapping, Sequence

from addin.core.messages import Message, N_
from addin.core.results import BLACK_FORFEIT_WIN, BLACK_WIN, DOUBLE_FORFEIT, DRAW, WHITE_FORFEIT_WIN, WHITE_WIN
from addin.report import labels as C
from addin.report.model import Column, Entrant, EventReport, Mark, Pairing, RoundReport, Section, Table
from addin.systems.roundrobin.event import Key, RoundRobinEvent, effective_results
from addin.systems.standings.performance import Performance, performances
from addin.systems.standings.roundrobin import Report, Standing, compute_standings, evaluate

#: a result's crosstable symbol for White and for Black
WHITE_SYMBOL = {WHITE_WIN: "1", BLACK_WIN: "0", DRAW: "½", WHITE_FORFEIT_WIN: "+", BLACK_FORFEIT_WIN: "-",
                DOUBLE_FORFEIT: "-"}
BLACK_SYMBOL = {WHITE_WIN: "0", BLACK_WIN: "1", DRAW: "½", WHITE_FORFEIT_WIN: "-", BLACK_FORFEIT_WIN: "+",
                DOUBLE_FORFEIT: "-"}

SYSTEMS = {"berger": N_("Berger tables"), "rutsch": N_("Rutsch system")}


def marks_of(event: RoundRobinEvent, number: int) -> tuple[Mark, ...]:
    """A withdrawn player's mark: from which round (C.05), or marked without a round."""
    if number not in event.withdrawn:
        return ()
    rnd = event.withdrawn[number]
    if rnd is None:
        return (Mark("withdrawn", Message("withdrawn")),)
    return (Mark("withdrawn", Message("withdrawn from round {round}", round=rnd), rnd),)


def entrants(event: RoundRobinEvent) -> tuple[Entrant, ...]:
    return tuple(Entrant(str(p.number), p.name, p.rating, p.club, p.federation, p.title, "",
                         marks_of(event, p.number), p.fide_id, p.birth) for p in event.players)


#: the tie-breaks the workbook's standings always show, after those of the event's order
SHOWN_ALWAYS = ("SB", "DE", "WIN", "KS")


def shown_tiebreaks(event: RoundRobinEvent) -> tuple[str, ...]:
    """The event's tie-breaks in their order, then those of :data:`SHOWN_ALWAYS` not among them."""
    return tuple(event.tiebreaks) + tuple(code for code in SHOWN_ALWAYS if code not in event.tiebreaks)


@dataclass(frozen=True)
class Figures:
    """The standings of ``event`` as it stands, computed once (:func:`figures`): its effective results (typed
    results and the withdrawals' forfeits), the ratings, the evaluated standings (``Report``: every player's
    line with all its tie-break values, the Koya threshold, the players not counted) and, when first read, the
    rating performances."""

    event: RoundRobinEvent
    results: dict[Key, str]
    ratings: dict[int, int | None]
    evaluated: Report

    @cached_property
    def performances(self) -> dict[int, Performance]:
        """Every player's rating performance (``addin.systems.standings.performance``), with the event's K."""
        return performances(self.event.schedule, self.results, self.ratings, self.event.k_factor)


def figures(event: RoundRobinEvent) -> Figures:
    """The :class:`Figures` of ``event``: ``evaluate`` of its effective results with its tie-breaks, C.05 6.6
    switch, bye points and ratings — the standings after the last round begun (every player level before
    any result)."""
    results = event.effective_results()
    ratings = {p.number: p.rating for p in event.players}
    return Figures(event, results, ratings, evaluate(event.schedule, results, event.tiebreaks,
                                                      event.standings_withdrawn, event.bye_points, ratings=ratings))


def standings_after(event: RoundRobinEvent, rnd: int, people: dict[int, Entrant]) -> Table:
    """The standings after round ``rnd`` (results of rounds 1..rnd and their withdrawal forfeits), with the
    tie-breaks the workbook shows: the event's order first (they decide the ranks), then SB, DE, wins and
    Koya when the order lacks them."""
    typed = {key: code for key, code in event.results.items() if key[0] <= rnd}
    results = effective_results(event.schedule, typed, event.withdrawn)
    rows = compute_standings(event.schedule, results, event.tiebreaks, event.standings_withdrawn,
                             event.bye_points, ratings={p.number: p.rating for p in event.players})
    return standings_table(rows, shown_tiebreaks(event), people, rnd)


def standings_table(rows: Sequence[Standing], codes: Sequence[str], people: Mapping[int, Entrant],
                    rnd: int) -> Table:
    """The table of standings ``rows`` (in rank order) with the tie-breaks ``codes``: a tie-break that does
    not apply is empty, as the workbook shows it (:meth:`Standing.shown`: DE where it decided nothing, and
    the figures ranking a player the standings do not count, C.05 6.6)."""
    columns = (C.RANK, C.NUMBER, C.NAME, C.POINTS, C.PLAYED, C.WINS, C.DRAWS, C.LOSSES, C.PERCENT) + tuple(
        C.tiebreak_column(code) for code in codes)
    out, marks = [], []
    for s in rows:
        values: list = [s.rank if s.counted else None, str(s.number), people[s.number].name, s.points, s.played,
                        s.wins, s.draws, s.losses, s.percentage]
        values += [s.shown(code) for code in codes]
        out.append(tuple(values))
        row_marks = people[s.number].marks
        if not s.counted:
            row_marks += (Mark("uncounted", Message("not ranked (withdrew, C.05 6.6)")),)
        marks.append(row_marks)
    return Table("standings", Message("Standings after round {round}", round=rnd), columns, tuple(out),
                 tuple(marks), row_header=2)


def crosstable(event: RoundRobinEvent, standing: Table, upto: int) -> Table:
    """The crosstable after round ``upto``: one column per opponent and cycle, points and rank."""
    cycles = max((r.cycle for r in event.schedule.rounds), default=1)
    typed = {key: code for key, code in event.results.items() if key[0] <= upto}
    results = effective_results(event.schedule, typed, event.withdrawn)
    cycle_of = {r.number: r.cycle or 1 for r in event.schedule.rounds}
    cells: dict[tuple[int, int, int], str] = {}
    for rnd, board, white, black in event.schedule.games():
        code = results.get((rnd, board))
        if code is None:
            continue
        cells[(white, black, cycle_of[rnd])] = WHITE_SYMBOL[code]
        cells[(black, white, cycle_of[rnd])] = BLACK_SYMBOL[code]
    n = event.size
    columns: list[Column] = [C.NUMBER, C.NAME]
    for opponent in range(1, n + 1):
        for cycle in range(1, cycles + 1):
            label = Message("{number}", number=opponent) if cycles == 1 else \
                Message("{number} ({cycle})", number=opponent, cycle=cycle)
            columns.append(Column(f"vs:{opponent}:{cycle}", label,
                                  Message("Against player {number}", number=opponent), "symbol"))
    columns += [C.POINTS, C.RANK]
    by_number = {str(row[standing.column("number")]): row for row in standing.rows}
    rows, marks = [], []
    for p in event.players:
        row: list = [str(p.number), p.name]
        for opponent in range(1, n + 1):
            for cycle in range(1, cycles + 1):
                row.append("×" if opponent == p.number else cells.get((p.number, opponent, cycle), ""))
        line = by_number[str(p.number)]
        row += [line[standing.column("points")], line[standing.column("rank")]]
        rows.append(tuple(row))
        marks.append(marks_of(event, p.number))
    return Table("crosstable", Message("Crosstable after round {round}", round=upto), tuple(columns), tuple(rows),
                 tuple(marks), row_header=1)


def report(event: RoundRobinEvent, every_round: bool = True) -> EventReport:
    """The report of ``event`` (see the module docstring); without ``every_round`` only the last round begun
    carries its standings (what the standings CSV and the TRF read: one computation instead of one a round)."""
    people = {int(e.ident): e for e in entrants(event)}
    now = figures(event).evaluated.standings  # the standings after the last round begun, as the workbook's
    rounds = []
    last_started, final = 0, None  # the last round begun and the standings after it
    played_in: dict[int, int] = {}
    results_in = {}
    for rnd in event.schedule.rounds:
        results_in[rnd.number] = results = effective_results(
            event.schedule, {k: v for k, v in event.results.items() if k[0] <= rnd.number}, event.withdrawn)
        played_in[rnd.number] = sum(1 for g in rnd.games if (rnd.number, g.board) in results)
    last = max((number for number, played in played_in.items() if played), default=0)
    for rnd in event.schedule.rounds:
        results, played = results_in[rnd.number], played_in[rnd.number]
        pairings = [Pairing(str(g.board), people[g.white], people[g.black], results.get((rnd.number, g.board), ""))
                    for g in rnd.games]
        pairings += [Pairing("", people[p], None, "") for p in rnd.byes]
        standings: tuple[Table, ...] = ()
        if played and (every_round or rnd.number == last):
            final = standings_table(now, shown_tiebreaks(event), people, last) if rnd.number == last \
                else standings_after(event, rnd.number, people)
            standings = (final,)
        if played:
            last_started = rnd.number
        rounds.append(RoundReport(rnd.number, tuple(pairings), None, standings, played, len(rnd.games),
                                  rnd.table_round, rnd.cycle))
    # before any result: every player level, the table the sinks show for an event not started
    opening: tuple[Table, ...] = () if final is not None else (standings_table(now, shown_tiebreaks(event), people, 0),)
    sections = (Section("crosstable", Message("Crosstable"),
                        (crosstable(event, final if final is not None else opening[0], last_started),)),)
    cycles = max((r.cycle for r in event.schedule.rounds), default=1)
    system = Message(SYSTEMS.get(event.schedule.system, event.schedule.system))
    if cycles > 1:
        system = Message("{system}, {cycles} cycles", system=system, cycles=cycles)
    facts = ((Message("Players"), event.size), (Message("Tie-breaks"), " · ".join(event.tiebreaks)))
    legend = tuple((C.tiebreak_column(code).label, C.tiebreak_column(code).explain)
                   for code in shown_tiebreaks(event))
    legend += ((Message("+ / -"), Message("Forfeit won / lost")),)
    return EventReport("roundrobin", Message("round-robin"), system, event.header,
                       Message("Players"), tuple(people.values()), tuple(rounds), sections, facts,
                       legend, tuple(event.tiebreaks), opening, event.bye_points)
