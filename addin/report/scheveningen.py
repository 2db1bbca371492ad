"""The report of a Scheveningen match (ECF/USCF rules ch. 12; ``docs/scheveningen.md``).

Built from the :class:`~addin.systems.scheveningen_match.SchevMatch` that the workbook's reader
reads: every player of team A meets every player of team B. The standings after round ``k``
are the match score of rounds 1..k and each player's points (``match_score`` and
``player_total`` of the match with the results of those rounds); the team grids show each
player's results against the other team, as the workbook's.
"""

from __future__ import annotations

from dataclasses import replace

from addin.core.messages import Message, N_
from addin.report import labels as C
from addin.report.model import Column, Entrant, EventReport, Pairing, RoundReport, Section, Table
from addin.systems.scheveningen_match import SchevMatch, match_score, player_total

TEAM = C.column("team", N_("Team"), kind="text")


def _upto(match: SchevMatch, rnd: int) -> SchevMatch:
    return replace(match, results={k: v for k, v in match.results.items() if k[0] <= rnd})


def _entrant(match: SchevMatch, team: str, number: int) -> Entrant:
    p = match.players(team)[number - 1]
    return Entrant(f"{team}{number}", p.name, p.rating, "", "", "", match.team(team))


def score_table(match: SchevMatch, rnd: int) -> Table:
    played = _upto(match, rnd)
    score = match_score(played)
    columns = (TEAM, C.column("points", N_("Pts"), N_("Points of the team"), "points"),
               C.column("games", N_("Games"), N_("Games with a result"), "int"))
    rows = ((match.team_a, score.a, score.played), (match.team_b, score.b, score.played))
    return Table("score", Message("Match score after round {round}", round=rnd), columns, rows, row_header=0)


def players_table(match: SchevMatch, rnd: int) -> Table:
    played = _upto(match, rnd)
    columns = (C.NUMBER, C.NAME, TEAM, C.RATING, C.POINTS, C.PLAYED)
    rows = []
    for team in ("A", "B"):
        for k, p in enumerate(match.players(team), 1):
            points, games = player_total(played, team, k)
            rows.append((f"{team}{k}", p.name, match.team(team), p.rating, points, games))
    return Table("players", Message("Players' points after round {round}", round=rnd), columns, tuple(rows),
                 row_header=1)


def grid(match: SchevMatch, team: str) -> Table:
    other = "B" if team == "A" else "A"
    n = match.n
    columns: list[Column] = [C.NUMBER, C.NAME, C.RATING] + [
        Column(f"vs:{other}{k}", Message("{seat}", seat=f"{other}{k}"),
               Message("Against {seat}", seat=f"{other}{k}"), "symbol") for k in range(1, n + 1)]
    columns += [C.POINTS, C.PLAYED, C.PERCENT]
    rows = []
    for k, p in enumerate(match.players(team), 1):
        row: list = [f"{team}{k}", p.name, p.rating]
        for j in range(1, n + 1):
            game = match.game_between(k, j) if team == "A" else match.game_between(j, k)
            row.append(game.symbol(team))
        points, games = player_total(match, team, k)
        row += [points, games, 100.0 * points / games if games else None]
        rows.append(tuple(row))
    return Table(f"grid:{team}", Message("Grid: {team}", team=match.team(team)), tuple(columns), tuple(rows),
                 row_header=1)


def report(match: SchevMatch) -> EventReport:
    rounds = []
    for r in range(1, match.n + 1):
        pairings, played = [], 0
        for board in match.pairings(r):
            a, b = _entrant(match, "A", board.a), _entrant(match, "B", board.b)
            code = match.results.get((r, board.board), "")
            played += bool(code)
            white, black = (a, b) if board.a_white else (b, a)
            pairings.append(Pairing(str(board.board), white, black, code))
        standings = (score_table(match, r), players_table(match, r)) if played else ()
        rounds.append(RoundReport(r, tuple(pairings), None, standings, played, len(pairings)))
    entrants = tuple(_entrant(match, t, k) for t in ("A", "B") for k in range(1, match.n + 1))
    sections: tuple[Section, ...] = (Section("grids", Message("Team grids"), (grid(match, "A"), grid(match, "B"))),)
    if not any(r.started for r in rounds):
        sections += (Section("score", Message("Match score"), (score_table(match, 0), players_table(match, 0))),)
    facts = ((Message("Teams"), f"{match.team_a} – {match.team_b}"), (Message("Boards"), match.n))
    h = match.header
    return EventReport("scheveningen", Message("Scheveningen match"), Message("Scheveningen system"), h.title,
                       h.place, h.dates, h.arbiter, Message("Players"), entrants, tuple(rounds),
                       sections, facts, ((Message("+ / -"), Message("Forfeit won / lost")),))
