"""The report of a Scheveningen match (ECF/USCF rules ch. 12; ``docs/scheveningen.md``).

Built from the :class:`~addin.systems.scheveningen_match.SchevMatch` that the workbook's reader
reads: every player of team A meets every player of team B. The standings after round ``k``
are the match score of rounds 1..k and each player's points (``score_of`` and ``points_of`` of the
match's games with the results of those rounds); the team grids show each player's results against
the other team, as the workbook's.

The match's figures are computed once, by :func:`figures`, from one list of its games: the report's
score, players' points and grids are read from them, and the Scheveningen workbook's plan
(``addin.sheets.scheveningen.book.plan``) takes its cached values from the same call (each round's
score, the match's, each player's points and games, the game of each pair), so that the workbook and
the published pages show one computation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from addin.core.messages import Message, N_
from addin.report import labels as C
from addin.report.model import Column, Entrant, EventReport, Pairing, RoundReport, Section, Table
from addin.systems.scheveningen_match import TEAMS, Game, SchevMatch, Score, points_of, score_of


@dataclass(frozen=True)
class Figures:
    """The figures of ``match`` from one list of its games (:func:`figures`): the match's score, each round's,
    each player's points and games with a result, and the game of each pair of players."""

    match: SchevMatch
    games: tuple[Game, ...]  # every game, round by round and board by board

    @cached_property
    def score(self) -> Score:
        """The match's score (``match_score``)."""
        return score_of(self.games)

    @cached_property
    def rounds(self) -> dict[int, Score]:
        """Each round's score (``round_score``), round 1 first."""
        return {rnd: score_of([g for g in self.games if g.round == rnd]) for rnd in range(1, self.match.n + 1)}

    @cached_property
    def totals(self) -> dict[tuple[str, int], tuple[float, int]]:
        """``(team, number)`` → ``(points, games with a result)`` (``player_total``)."""
        return {(team, k): points_of(self.games, team, k) for team in TEAMS for k in range(1, self.match.n + 1)}

    @cached_property
    def meetings(self) -> dict[tuple[int, int], Game]:
        """``(A's number, B's number)`` → their game (``game_between``)."""
        return {(g.a, g.b): g for g in self.games}

    def game(self, team: str, number: int, opponent: int) -> Game:
        """The game of ``team``'s player ``number`` against the other team's player ``opponent``."""
        return self.meetings[(number, opponent) if team == "A" else (opponent, number)]

    def after(self, rnd: int) -> Figures:
        """The figures with the results of rounds 1..``rnd`` only (the standings after round ``rnd``)."""
        return Figures(self.match, tuple(g if g.round <= rnd else replace(g, code=None) for g in self.games))


def figures(match: SchevMatch) -> Figures:
    """The :class:`Figures` of ``match``: its games listed once."""
    return Figures(match, tuple(match.games()))


TEAM = C.column("team", N_("Team"), kind="text")


def _entrant(match: SchevMatch, team: str, number: int) -> Entrant:
    p = match.players(team)[number - 1]
    return Entrant(f"{team}{number}", p.name, p.rating, "", "", "", match.team(team))


def score_table(now: Figures, rnd: int) -> Table:
    """The match score after round ``rnd``."""
    match, score = now.match, now.after(rnd).score
    columns = (TEAM, C.column("points", N_("Pts"), N_("Points of the team"), "points"),
               C.column("games", N_("Games"), N_("Games with a result"), "int"))
    rows = ((match.team_a, score.a, score.played), (match.team_b, score.b, score.played))
    return Table("score", Message("Match score after round {round}", round=rnd), columns, rows, row_header=0)


def players_table(now: Figures, rnd: int) -> Table:
    """Every player's points and games after round ``rnd``."""
    match, played = now.match, now.after(rnd)
    columns = (C.NUMBER, C.NAME, TEAM, C.RATING, C.POINTS, C.PLAYED)
    rows = []
    for team in ("A", "B"):
        for k, p in enumerate(match.players(team), 1):
            points, games = played.totals[(team, k)]
            rows.append((f"{team}{k}", p.name, match.team(team), p.rating, points, games))
    return Table("players", Message("Players' points after round {round}", round=rnd), columns, tuple(rows),
                 row_header=1)


def grid(now: Figures, team: str) -> Table:
    """``team``'s grid: each player's result against each opponent, his points, games and percentage."""
    match = now.match
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
            row.append(now.game(team, k, j).symbol(team))
        points, games = now.totals[(team, k)]
        row += [points, games, 100.0 * points / games if games else None]
        rows.append(tuple(row))
    return Table(f"grid:{team}", Message("Grid: {team}", team=match.team(team)), tuple(columns), tuple(rows),
                 row_header=1)


def report(match: SchevMatch) -> EventReport:
    now = figures(match)
    rounds = []
    for r in range(1, match.n + 1):
        pairings, played = [], 0
        for board in match.pairings(r):
            a, b = _entrant(match, "A", board.a), _entrant(match, "B", board.b)
            code = match.results.get((r, board.board), "")
            played += bool(code)
            white, black = (a, b) if board.a_white else (b, a)
            pairings.append(Pairing(str(board.board), white, black, code))
        standings = (score_table(now, r), players_table(now, r)) if played else ()
        rounds.append(RoundReport(r, tuple(pairings), None, standings, played, len(pairings)))
    entrants = tuple(_entrant(match, t, k) for t in ("A", "B") for k in range(1, match.n + 1))
    sections: tuple[Section, ...] = (Section("grids", Message("Team grids"), (grid(now, "A"), grid(now, "B"))),)
    if not any(r.started for r in rounds):
        sections += (Section("score", Message("Match score"), (score_table(now, 0), players_table(now, 0))),)
    facts = ((Message("Teams"), f"{match.team_a} – {match.team_b}"), (Message("Boards"), match.n))
    return EventReport("scheveningen", Message("Scheveningen match"), Message("Scheveningen system"), match.header,
                       Message("Players"), entrants, tuple(rounds),
                       sections, facts, ((Message("+ / -"), Message("Forfeit won / lost")),))
