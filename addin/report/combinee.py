"""The report of a Scrabble Formule Combinée event (seed 002).

Built from the :class:`~addin.systems.combinee.event.CombineeEvent` that the workbook's reader
reads. A round's tables show the two scores typed (``F`` a forfeit), the phase and, in
phase 1, the group. The standings after round ``k`` are ``CombineeEvent.standings`` counting
rounds 1..k: match points (PM), the points of the matches against the tied players (PPM) and
the score difference (Pdep), the seed's order — the call the workbook's cached values come
from. Late entries (credited for the rounds they missed) and withdrawals are marked.

The event's figures are computed once, by :func:`figures`: the standings after the last round begun (a
round counts once a score is typed in it or a later one, ``CombineeEvent.started``; seed 002, 2-1), the
standings after each round whose table the report shows, and the phase-1 draw's group and position of every
player (seed 002, 2-4 and 2-5). The report reads them, and the Formule Combinée workbook's plan
(``addin.sheets.combinee.book.plan``) takes its cached values from the same call (the Standings sheet's
table and "after round" line, the Players sheet's group and position, the Groups sheet's phase-1
opponents), so that the workbook and the site show one computation: one computation of the standings a
round, and none that a reader does not ask for.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from addin.core.messages import Message, N_
from addin.report import labels as C
from addin.report.model import Entrant, EventReport, Mark, Pairing, RoundReport, Section, Table
from addin.systems.combinee.event import FICTITIOUS, CombineeEvent
from addin.systems.combinee.ranking import Standing

PM = C.column("pm", N_("PM"), N_("Match points (win, draw, loss, forfeit)"), "int")
PPM = C.column("ppm", N_("PPM"), N_("Match points against the tied players who all met"), "int")
PDEP = C.column("pdep", N_("Pdep"), N_("Score difference (points for − against)"), "int")
PHASES = {1: N_("phase 1 (groups)"), 2: N_("phase 2"), 3: N_("phase 3")}


def _marks(event: CombineeEvent, number: int) -> tuple[Mark, ...]:
    player = event.player(number)
    out: tuple[Mark, ...] = ()
    if player.joined > 1:
        out += (Mark("late", Message("late entry in round {round}", round=player.joined), player.joined),)
    gone = event.withdrawn.get(number)
    if gone is not None:
        out += (Mark("withdrawn", Message("withdrawn from round {round}", round=gone), gone),)
    return out


def _score(value) -> str:
    return "" if value is None else str(value)


@dataclass(frozen=True)
class Figures:
    """The figures of ``event`` as it stands (:func:`figures`), each computed once, when first read.

    ``last``: the last round holding a typed score (0: none), the rounds 1..``last`` counting (a round
    counts once a score is typed in it or a later one). ``shown``: the rounds whose standings the report
    shows after their tables, those begun with at least one game's two scores typed.
    """

    event: CombineeEvent
    last: int
    shown: tuple[int, ...]

    @cached_property
    def standings(self) -> list[Standing[int]]:
        """The standings after round ``last`` (``CombineeEvent.standings`` of the rounds begun): the
        workbook's Standings sheet, and the report's last table."""
        return self._after(self.last)

    @cached_property
    def rounds(self) -> dict[int, list[Standing[int]]]:
        """The standings after each round of ``shown`` (rounds 1..k counted), the last one ``standings``."""
        return {rnd: self.standings if rnd == self.last else self._after(rnd) for rnd in self.shown}

    def _after(self, rnd: int) -> list[Standing[int]]:
        return self.event.standings(lambda r: r <= rnd)

    @cached_property
    def positions(self) -> dict[int, tuple[int, int]]:
        """Player → ``(group, position)`` of the phase-1 draw, group by group in position order (the
        fictitious player, who holds a free place, is not listed)."""
        return {number: (g, pos) for g, members in enumerate(self.event.groups, 1)
                for pos, number in enumerate(members, 1) if number != FICTITIOUS}

    @cached_property
    def opponents(self) -> dict[tuple[int, int], int]:
        """``(player, round)`` → his opponent in that phase-1 round (``FICTITIOUS``: the bye)."""
        out: dict[tuple[int, int], int] = {}
        for r, tables in enumerate(self.event.rounds[:self.event.phases.phase1], 1):
            for table in tables:
                out[(table.a, r)] = table.b
                if table.b:
                    out[(table.b, r)] = table.a
        return out


def figures(event: CombineeEvent) -> Figures:
    """The :class:`Figures` of ``event``: what the report shows and the workbook caches."""
    last = event.last_scored()
    shown = tuple(r for r in range(1, last + 1) if r <= event.paired and any(
        table.b != FICTITIOUS and None not in event.score(r, t) for t, table in enumerate(event.rounds[r - 1], 1)))
    return Figures(event, last, shown)


def standings_after(now: Figures, rnd: int, people: dict[int, Entrant]) -> Table:
    """The standings after round ``rnd``, ``now``'s (:func:`figures`): those of the rounds begun when ``rnd``
    is the last begun (0: none begun), else those after a round of ``now.shown``."""
    columns = (C.RANK, C.NUMBER, C.NAME, PM, PPM, PDEP)
    rows, marks = [], []
    for s in now.standings if rnd == now.last else now.rounds[rnd]:
        rows.append((s.rank, str(s.player), people[s.player].name, s.pm, s.ppm, s.pdep))
        marks.append(people[s.player].marks)
    return Table("standings", Message("Standings after round {round}", round=rnd), columns, tuple(rows),
                 tuple(marks), row_header=2)


def groups_table(now: Figures, people: dict[int, Entrant]) -> Table:
    columns = (C.column("group", N_("Group")), C.column("position", N_("Position"), kind="text"), C.NUMBER, C.NAME)
    rows = [(g, f"{g}.{pos}", str(number), people[number].name) for number, (g, pos) in now.positions.items()]
    return Table("groups", Message("Phase 1 groups"), columns, tuple(rows), row_header=3)


def report(event: CombineeEvent) -> EventReport:
    now = figures(event)
    people = {p.number: Entrant(str(p.number), p.name, p.rating, p.club, "", "", "", _marks(event, p.number))
              for p in event.players}
    rounds = []
    for r, tables in enumerate(event.rounds, 1):
        phase = event.phases.phase_of(r)
        pairings, played, games = [], 0, 0
        for t, table in enumerate(tables, 1):
            group = Message("Group {group}", group=table.group) if table.group else ""
            if table.b == FICTITIOUS:
                pairings.append(Pairing(str(t), people[table.a], None, "", group))
                continue
            sa, sb = event.score(r, t)
            games += 1
            typed = sa is not None and sb is not None
            played += typed
            pairings.append(Pairing(str(t), people[table.a], people[table.b],
                                    f"{_score(sa)}–{_score(sb)}" if typed else "", group))
        standings = (standings_after(now, r, people),) if r in now.shown else ()
        label = Message("Round {round} — {phase}", round=r, phase=Message(PHASES[phase]))
        rounds.append(RoundReport(r, tuple(pairings), label, standings, played, games))
    sections: tuple[Section, ...] = (Section("groups", Message("Phase 1 groups"), (groups_table(now, people),)),)
    if not event.has_scores():
        sections += (Section("ranking", Message("Ranking"), (standings_after(now, 0, people),)),)
    p = event.phases
    facts = ((Message("Players"), event.n),
             (Message("Rounds"), Message("{phase1} in groups, {phase2} in phase 2, {phase3} in phase 3",
                                         phase1=p.phase1, phase2=p.phase2, phase3=p.phase3)),
             (Message("Scoring"), event.rules.name))
    legend = tuple((col.label, col.explain) for col in (PM, PPM, PDEP))
    return EventReport("combinee", Message("Formule Combinée"), Message("Scrabble Formule Combinée (seed 002)"),
                       event.header, Message("Players"),
                       tuple(people.values()), tuple(rounds), sections, facts, legend)
