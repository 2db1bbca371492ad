"""The report of a Scrabble Formule Combinée event (seed 002).

Built from the :class:`~addin.systems.combinee.event.CombineeEvent` that the workbook's reader
reads. A round's tables show the two scores typed (``F`` a forfeit), the phase and, in
phase 1, the group. The standings after round ``k`` are ``CombineeEvent.standings`` counting
rounds 1..k: match points (PM), the points of the matches against the tied players (PPM) and
the score difference (Pdep), the seed's order — the call the workbook's cached values come
from. Late entries (credited for the rounds they missed) and withdrawals are marked.
"""

from __future__ import annotations

from addin.core.messages import Message, N_
from addin.report import labels as C
from addin.report.model import Entrant, EventReport, Mark, Pairing, RoundReport, Section, Table
from addin.systems.combinee.event import FICTITIOUS, CombineeEvent

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


def standings_after(event: CombineeEvent, rnd: int, people: dict[int, Entrant]) -> Table:
    columns = (C.RANK, C.NUMBER, C.NAME, PM, PPM, PDEP)
    rows, marks = [], []
    for s in event.standings(lambda r: r <= rnd):
        rows.append((s.rank, str(s.player), people[s.player].name, s.pm, s.ppm, s.pdep))
        marks.append(people[s.player].marks)
    return Table("standings", Message("Standings after round {round}", round=rnd), columns, tuple(rows),
                 tuple(marks), row_header=2)


def groups_table(event: CombineeEvent, people: dict[int, Entrant]) -> Table:
    columns = (C.column("group", N_("Group")), C.column("position", N_("Position"), kind="text"), C.NUMBER, C.NAME)
    rows = []
    for g, members in enumerate(event.groups, 1):
        for pos, number in enumerate(members, 1):
            if number != FICTITIOUS:
                rows.append((g, f"{g}.{pos}", str(number), people[number].name))
    return Table("groups", Message("Phase 1 groups"), columns, tuple(rows), row_header=3)


def report(event: CombineeEvent) -> EventReport:
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
        started = event.started(r)
        standings = (standings_after(event, r, people),) if started and played else ()
        label = Message("Round {round} — {phase}", round=r, phase=Message(PHASES[phase]))
        rounds.append(RoundReport(r, tuple(pairings), label, standings, played, games))
    sections: tuple[Section, ...] = (Section("groups", Message("Phase 1 groups"), (groups_table(event, people),)),)
    if not event.has_scores():
        sections += (Section("ranking", Message("Ranking"), (standings_after(event, 0, people),)),)
    p = event.phases
    facts = ((Message("Players"), event.n),
             (Message("Rounds"), Message("{phase1} in groups, {phase2} in phase 2, {phase3} in phase 3",
                                         phase1=p.phase1, phase2=p.phase2, phase3=p.phase3)),
             (Message("Scoring"), event.rules.name))
    legend = tuple((col.label, col.explain) for col in (PM, PPM, PDEP))
    return EventReport("combinee", Message("Formule Combinée"), Message("Scrabble Formule Combinée (seed 002)"),
                       event.header, Message("Players"),
                       tuple(people.values()), tuple(rounds), sections, facts, legend)
