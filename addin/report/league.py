"""The report of a team-league season (seed 000, "compétitions par équipes"; FIDE C.07 for teams).

Built from the :class:`~addin.systems.league.model.Season` that the workbook's reader reads.
A round holds every match of every division; a pairing is one board of a match (White
first, as the colour rule of the season gives it), grouped by match. A match lost by
forfeit shows its boards as forfeits. The standings after round ``k`` are, per division,
``addin.systems.league.table.division_table`` of the matches of rounds 1..k (complete
matches only), with the season's tie-breaks; the player statistics are
``addin.systems.league.stats.player_stats``; the calendar lists every match with its date and
score. The divisions (``groups``: teams, rosters,
each member's game points in the season's scoring), each round's matches and the scoring are what the
division's TRF (``addin.files.trf_league``, a sink of this report) writes.

The season's figures as it stands are computed once, by :func:`figures`: each match's outcome, each division's
table with every match typed and the player statistics. The report reads them (the calendar, the statistics, the
divisions' game points and the standings after the last round played), and the season workbook's plan
(``addin.sheets.league.book.plan``) takes its cached values from the same call, so that the workbook, the TRF
and the site show one computation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from addin.core.messages import Message, N_
from addin.report import labels as C
from addin.report.model import (Entrant, EventReport, Group, Mark, Match, Pairing, RoundReport, Section, Table, Team,
                                Value)
from addin.systems.league.match import MatchOutcome, outcomes
from addin.systems.league.model import MatchKey, Season
from addin.systems.league.stats import PlayerLine, player_stats
from addin.systems.league.table import TeamLine, division_table

TEAM = C.column("team", N_("Team"), kind="text")
MP = C.column("mp", N_("MP"), N_("Match points"), "points")


@dataclass(frozen=True)
class Figures:
    """The figures of ``season`` as it stands, computed once (:func:`figures`): each match's outcome
    (``outcomes``), each division's table of every match typed (``division_table``, by division number from 1)
    and the player statistics (``player_stats``)."""

    season: Season
    results: dict[MatchKey, MatchOutcome]
    tables: dict[int, list[TeamLine]]
    stats: list[PlayerLine]


def figures(season: Season) -> Figures:
    """The figures of ``season`` as it stands: what the report shows and the workbook caches."""
    results = outcomes(season)
    return Figures(season, results,
                   {d: division_table(season, d, results) for d in range(1, len(season.divisions) + 1)},
                   player_stats(season))


def _upto(season: Season, rnd: int) -> Season:
    """The season with the results and forfeits of rounds 1..rnd only."""
    return replace(season, results={k: v for k, v in season.results.items() if k[1] <= rnd},
                   forfeits={k: v for k, v in season.forfeits.items() if k[1] <= rnd})


def _team_marks(season: Season, d: int, number: int) -> tuple[Mark, ...]:
    rnd = season.withdrawn.get((d, number))
    return () if rnd is None else (Mark("withdrawn", Message("withdrawn from round {round}", round=rnd), rnd),)


def standings_after(season: Season, rnd: int, now: Figures | None = None) -> tuple[Table, ...]:
    """One table per division after round ``rnd``: ``now``'s tables (the season's :func:`figures`) when rounds
    1..rnd hold every result and forfeit of the season, else those of the matches of rounds 1..rnd."""
    played = _upto(season, rnd)
    if now is not None and played.results == season.results and played.forfeits == season.forfeits:
        lines = now.tables
    else:
        results = outcomes(played)
        lines = {d: division_table(played, d, results) for d in range(1, len(season.divisions) + 1)}
    columns = (C.RANK, C.NUMBER, TEAM,
               C.column("played", N_("P"), N_("Matches played"), "int"),
               C.column("won", N_("W"), N_("Matches won"), "int"),
               C.column("drawn", N_("D"), N_("Matches drawn"), "int"),
               C.column("lost", N_("L"), N_("Matches lost"), "int"),
               C.column("forfeited", N_("F"), N_("Matches lost by forfeit"), "int"),
               MP,
               C.column("gp", N_("GF"), N_("Game points for"), "points"),
               C.column("ga", N_("GA"), N_("Game points against"), "points"),
               C.column("diff", N_("Diff."), N_("Game points for − against"), "points")) + tuple(
        C.tiebreak_column(code) for code in season.tiebreaks)
    tables = []
    for d, division in enumerate(season.divisions, 1):
        rows, marks = [], []
        for line in lines[d]:
            row: list[Value] = [line.rank, str(line.number), division.team(line.number).name, line.played, line.won, line.drawn,
                   line.lost, line.forfeited, line.mp, line.gp, line.ga, line.diff]
            for code in season.tiebreaks:
                row.append(None if code == "DE" and not line.de_levels else line.value(code))
            rows.append(tuple(row))
            marks.append(_team_marks(season, d, line.number))
        tables.append(Table(f"standings:{d}", Message("{division} after round {round}", division=division.name,
                                                      round=min(rnd, division.rounds)),
                            columns, tuple(rows), tuple(marks), row_header=2))
    return tuple(tables)


def _member(season: Season, d: int, team_number: int, member: int | None) -> Entrant:
    team = season.division(d).team(team_number)
    if member is None or member > len(team.roster):
        return Entrant("", "—", None, team.club, "", "", team.name, (Mark("absent", Message("nobody fielded")),))
    m = team.roster[member - 1]
    return Entrant(f"{team.name} {member}", m.name, m.rating, team.club, "", "", team.name,
                   _team_marks(season, d, team_number))


def _rounds(season: Season, now: Figures) -> list[RoundReport]:
    results = now.results
    out = []
    for rnd in range(1, season.rounds + 1):
        pairings: list[Pairing] = []
        matches, played, games = [], 0, 0
        for (d, r, i), match in season.matches():
            if r != rnd:
                continue
            division = season.division(d)
            home, away = division.team(match.home), division.team(match.away)
            res = results[(d, r, i)]
            group = f"{division.name} — {home.name} – {away.name}"
            if res.started:
                group += f" ({_half(res.home_score)}–{_half(res.away_score)}{' F' if res.forfeit else ''})"
            home_lineup, away_lineup = season.lineup((d, r, i), 0), season.lineup((d, r, i), 1)
            boards = []
            for b in range(1, season.boards + 1):
                h = _member(season, d, match.home, home_lineup[b - 1])
                a = _member(season, d, match.away, away_lineup[b - 1])
                code = res.boards[b - 1] or ""
                if season.home_white((d, r, i), b):
                    boards.append(Pairing(str(b), h, a, code, group))
                else:
                    boards.append(Pairing(str(b), a, h, _flip(code), group))
                games += 1
                played += bool(code)
            pairings += boards
            matches.append(Match(division.name, str(match.home), str(match.away), tuple(boards),
                                 res.forfeit is not None))
        standings = standings_after(season, rnd, now) if played else ()
        out.append(RoundReport(rnd, tuple(pairings), None, standings, played, games, matches=tuple(matches)))
    return out


def _flip(code: str) -> str:
    """A result typed from the first-named team's side, seen from White's when that team has Black."""
    return {"1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-"}.get(code, code)


def calendar(season: Season, now: Figures | None = None) -> Table:
    results = (now or figures(season)).results
    columns = (C.column("division", N_("Division"), kind="text"), C.column("round", N_("Round"), kind="int"),
               C.column("date", N_("Date"), kind="text"), C.column("home", N_("Home"), kind="text"),
               C.column("score", N_("Score"), kind="text"), C.column("away", N_("Away"), kind="text"))
    rows = []
    for (d, r, i), match in season.matches():
        division = season.division(d)
        res = results[(d, r, i)]
        score = f"{_half(res.home_score)}–{_half(res.away_score)}" if res.started else ""
        if res.forfeit is not None:
            score += " F"
        rows.append((division.name, r, match.date, division.team(match.home).name, score,
                     division.team(match.away).name))
    return Table("calendar", Message("Calendar"), columns, tuple(rows), row_header=3)


def _half(value: float) -> str:
    return str(int(value)) + ("½" if value % 1 else "") if value >= 1 or not value % 1 else "½"


def statistics(season: Season, now: Figures | None = None) -> Table:
    columns = (C.column("division", N_("Division"), kind="text"), TEAM, C.NUMBER, C.NAME, C.RATING,
               C.column("games", N_("Games"), N_("Games played over the board"), "int"),
               C.POINTS, C.column("forfeits", N_("Forfeits"), N_("Games won or lost by forfeit"), "int"),
               C.column("perf", N_("Perf."), N_("Rating performance"), "int"))
    rows = []
    for line in (now or figures(season)).stats:
        division = season.division(line.division)
        team = division.team(line.team)
        member = team.roster[line.member - 1]
        rows.append((division.name, team.name, str(line.member), member.name, member.rating, line.games,
                     line.points, line.forfeits_won + line.forfeits_lost, line.performance))
    return Table("statistics", Message("Player statistics"), columns, tuple(rows), row_header=3)


def groups(season: Season, entrants: tuple[Entrant, ...], now: Figures | None = None) -> tuple[Group, ...]:
    """The divisions, each with its teams, their rosters (``entrants``, in the same order) and each member's game
    points in the season's scoring (``player_stats``: a win, forfeit wins included, a draw, a loss)."""
    sc = season.scoring
    points = {(line.division, line.team, line.member): (line.wins + line.forfeits_won) * sc.game_win
              + line.draws * sc.game_draw + line.losses * sc.game_loss for line in (now or figures(season)).stats}
    members = iter(entrants)
    return tuple(Group(division.name, division.rounds, tuple(
        Team(str(t.number), t.name, tuple(next(members) for _ in t.roster),
             tuple(points[(d, t.number, k)] for k in range(1, len(t.roster) + 1))) for t in division.teams))
        for d, division in enumerate(season.divisions, 1))


def report(season: Season) -> EventReport:
    now = figures(season)
    entrants = tuple(
        Entrant(f"{t.name} {k}", m.name, m.rating, t.club, "", "", t.name, _team_marks(season, d, t.number))
        for d, division in enumerate(season.divisions, 1) for t in division.teams for k, m in enumerate(t.roster, 1))
    sc = season.scoring
    rounds = _rounds(season, now)
    sections: tuple[Section, ...] = (Section("calendar", Message("Calendar"), (calendar(season, now),)),
                Section("statistics", Message("Player statistics"), (statistics(season, now),)))
    if not any(r.started for r in rounds):
        sections += (Section("league-table", Message("League table"), standings_after(season, 0, now)),)
    facts = ((Message("Divisions"), " · ".join(d.name for d in season.divisions)),
             (Message("Boards a match"), season.boards),
             (Message("Scoring"), season.preset),
             (Message("Tie-breaks"), " · ".join(season.tiebreaks)))
    legend = ((MP.label, MP.explain),) + tuple((C.tiebreak_column(code).label, C.tiebreak_column(code).explain)
                                               for code in season.tiebreaks)
    return EventReport("league", Message("league season"), Message("Team league (seed 000)"), season.header,
                       Message("Players"), entrants, tuple(rounds),
                       sections, facts, legend, groups=groups(season, entrants, now),
                       scoring=(("W", sc.game_win), ("D", sc.game_draw), ("L", sc.game_loss)),
                       match_scoring=(("W", sc.win), ("D", sc.draw), ("L", sc.loss)))
