"""The report of a Molter team event (seed 001).

Built from the :class:`~addin.systems.molter.live.MolterEvent` that the workbook's reader
reads. A player is his seat (``C2``: team C, board 2 of the team); his name is who takes the
seat in that round (line-ups, substitutes). Results are the effective ones (typed, or the
forfeits of absences and withdrawals, ``MolterEvent.effective_results``). The standings after
round ``k`` are ``MolterEvent.standings`` of the event with the results of rounds 1..k: the
event's ranking rule (the seed's 1991 rule or the French cups' preset), the call the
workbook's cached values come from.

The event's figures as it stands are computed once, by :func:`figures`: the effective results and the
standings after the last round begun. The report reads them (its pairings' results and the standings after the
last round played), and the Molter workbook's plan (``addin.sheets.molter.book.plan``) takes its cached values
from the same call, so that the workbook and the site show one computation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from addin.core.messages import Message, N_
from addin.report import labels as C
from addin.report.model import Entrant, EventReport, Mark, Pairing, RoundReport, Section, Table, Value
from addin.systems.molter.live import Key, MolterEvent
from addin.systems.molter.model import Seat
from addin.systems.molter.ranking import CUP_RULE, TeamStanding

RULES = {CUP_RULE: N_("French cups' rule (points, Berlin, lowest average rating)")}


@dataclass(frozen=True)
class Figures:
    """The figures of ``event`` as it stands, computed once (:func:`figures`): its effective results (typed
    results and the forfeits of absences and withdrawals) and the team standings under the event's rule."""

    event: MolterEvent
    effective: dict[Key, str]
    standings: list[TeamStanding]


def figures(event: MolterEvent) -> Figures:
    """The figures of ``event`` as it stands: what the report shows and the workbook caches."""
    return Figures(event, event.effective_results(), event.standings())


def _team_marks(event: MolterEvent, letter: str) -> tuple[Mark, ...]:
    rnd = event.withdrawn.get(letter)
    return () if rnd is None else (Mark("withdrawn", Message("withdrawn from round {round}", round=rnd), rnd),)


def _player(event: MolterEvent, seat: Seat, rnd: int | None) -> Entrant:
    team = event.team(seat.team)
    name = event.player_name(seat, rnd) if rnd else (
        team.players[seat.board - 1] if seat.board <= len(team.players) else "")
    marks = _team_marks(event, seat.team)
    if rnd is not None:
        why = event.absence(seat, rnd)
        if why == "absent":
            marks += (Mark("absent", Message("absent"), rnd),)
        elif rnd and not isinstance(event.entry(seat, rnd), int):
            marks += (Mark("substitute", Message("substitute"), rnd),)
    return Entrant(str(seat), name or str(seat), None, team.name, "", "", team.name, marks)


def standings_after(event: MolterEvent, rnd: int, now: Figures | None = None) -> Table:
    """The team ranking after round ``rnd`` under the event's rule: ``now``'s (the event's :func:`figures`) when
    rounds 1..rnd hold every result of the event, else that of the results of rounds 1..rnd."""
    played = replace(event, results={k: v for k, v in event.results.items() if k[0] <= rnd})
    standings = now.standings if now is not None and played.results == event.results else played.standings()
    cup = event.ranking == CUP_RULE
    columns = (C.column("place", N_("Rank")), C.column("team", N_("Team"), kind="text"), C.NAME,
               C.column("points", N_("Pts"), N_("Game points of the team"), "points"),
               C.tiebreak_column("BERLIN"), C.column("wins", N_("Wins"), N_("Individual wins"), "int"),
               C.column("h2h", N_("H2H"), N_("Results between the tied teams"), "points")) + tuple(
        _board_column(k) for k in range(1, event.boards + 1)) + (
        (C.column("rating", N_("Av. rating"), N_("Average rating of the team"), "int"),) if cup else ())
    rows, marks = [], []
    for st in standings:
        team = event.team(st.team)
        row: list[Value] = [st.place, st.team, team.name, st.points, st.berlin, st.wins, st.head_to_head, *st.boards]
        if cup:
            row.append(None if st.rating is None else st.rating)
        rows.append(tuple(row))
        marks.append(_team_marks(event, st.team))
    return Table("standings", Message("Team standings after round {round}", round=rnd), columns, tuple(rows),
                 tuple(marks), Message(RULES.get(event.ranking, N_("Seed 001 rule (1991): points, Berlin, "
                                                                   "individual wins, results between the tied teams, "
                                                                   "then board 1, 2…"))), row_header=2)


def _board_column(k: int):
    from addin.report.model import Column

    return Column(f"board:{k}", Message("Bd {k}", k=k), Message("Points on board {k} of the team", k=k), "points")


def teams_table(event: MolterEvent) -> Table:
    columns = (C.column("seat", N_("Seat"), kind="text"), C.NAME, C.column("team", N_("Team"), kind="text"))
    rows, marks = [], []
    for team in event.teams:
        for k in range(1, event.boards + 1):
            name = team.players[k - 1] if k <= len(team.players) else ""
            rows.append((f"{team.letter}{k}", name, team.name))
            marks.append(_team_marks(event, team.letter))
    return Table("teams", Message("Teams"), columns, tuple(rows), tuple(marks), row_header=1)


def report(event: MolterEvent) -> EventReport:
    now = figures(event)
    effective = now.effective
    rounds = []
    last = 0
    for r, pairings in enumerate(event.rounds, 1):
        out = tuple(Pairing(str(b), _player(event, p.white, r), _player(event, p.black, r), effective.get((r, b), ""))
                    for b, p in enumerate(pairings, 1))
        played = sum(1 for b in range(1, len(pairings) + 1) if (r, b) in effective)
        standings: tuple[Table, ...] = ()
        if played:
            last = r
            standings = (standings_after(event, r, now),)
        rounds.append(RoundReport(r, out, None, standings, played, len(pairings)))
    entrants = tuple(_player(event, Seat(t.letter, k), None) for t in event.teams for k in range(1, event.boards + 1))
    sections: tuple[Section, ...] = (Section("teams", Message("Teams"), (teams_table(event),)),)
    if not last:
        sections += (Section("team-standings", Message("Team standings"), (standings_after(event, 0, now),)),)
    facts = ((Message("Teams"), len(event.teams)), (Message("Boards a team"), event.boards))
    legend = ((C.tiebreak_column("BERLIN").label, C.tiebreak_column("BERLIN").explain),
              (Message("C2"), Message("Team C, board 2 of the team")))
    return EventReport("molter", Message("Molter"), Message("Molter tables (seed 001)"), event.header,
                       Message("Players"), entrants, tuple(rounds), sections, facts,
                       legend)
