"""A league season as it happens: building it from the calendar, and the organiser's weekly changes.

Each operation returns a new :class:`~addin.systems.league.model.Season`, or refuses with
one sentence and changes nothing:

* :func:`set_result` — type, correct or clear a board's result (from the first-named team's
  side); refused on a match forfeited (its boards are forfeits by rule);
* :func:`set_lineup` — the roster numbers a team fields on boards 1..n of a match
  (each at most once, each a member of its roster);
* :func:`set_forfeit` — a match lost by forfeit by the team named first, the other, both,
  or none; refused while results are typed on its boards (clear them first);
* :func:`withdraw` / :func:`reinstate` — a team withdraws from a round on: its matches of
  that round and later are lost by forfeit once the round has started (derived, never
  typed: :mod:`addin.systems.league.match`); refused when one of those matches already has
  a result played over the board.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from addin.core.errors import TournamentError
from addin.core.results import parse_result
from addin.systems.directed.league import DivisionCalendar
from addin.systems.league.match import OVER_THE_BOARD
from addin.systems.league.model import (FORFEIT_SIDES, MAX_BOARDS, MIN_BOARDS, Match, MatchKey, Member, Season,
                                        SeasonDivision, SeasonTeam)


def season_from_calendars(calendars: Sequence[DivisionCalendar], clubs: Mapping[str, str],
                          rosters: Mapping[str, Sequence[Member]] | None = None, **settings) -> Season:
    """A new season: one division per calendar, teams by number, matches numbered within each round."""
    rosters = rosters or {}
    divisions = []
    for cal in calendars:
        teams = tuple(SeasonTeam(x, name, clubs.get(name, ""), tuple(rosters.get(name, ())))
                      for name, x in sorted(cal.numbers.items(), key=lambda item: item[1]))
        matches = []
        for rnd in sorted({f.round for f in cal.fixtures}):
            for index, fx in enumerate((f for f in cal.fixtures if f.round == rnd), 1):
                matches.append(Match(rnd, index, cal.numbers[fx.home], cal.numbers[fx.away], fx.date, fx.neutral))
        byes = {rnd: cal.numbers[name] for rnd, name in cal.byes.items()}
        divisions.append(SeasonDivision(cal.name, teams, tuple(matches), byes))
    season = Season(tuple(divisions), **settings)
    check_boards(season.boards)
    return season


def check_boards(boards) -> int:
    if not isinstance(boards, int) or not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise TournamentError("A match is played on {low} to {high} boards, not {value}.", low=MIN_BOARDS,
                              high=MAX_BOARDS, value=boards)
    return boards


def check_match(season: Season, key: MatchKey) -> Match:
    """The match ``key``, or a sentence saying which matches the round has."""
    d, rnd, index = key
    if not 1 <= d <= len(season.divisions):
        raise TournamentError("There is no division {division}: the divisions are numbered from 1 to {count}.",
                              division=d, count=len(season.divisions))
    division = season.division(d)
    if not 1 <= rnd <= division.rounds:
        raise TournamentError("Division {name} has no round {round}: its rounds are numbered from 1 to {rounds}.",
                              name=division.name, round=rnd, rounds=division.rounds)
    match = division.match(rnd, index)
    if match is None:
        raise TournamentError("Round {round} of division {name} has no match {match}: its matches are numbered "
                              "from 1 to {count}.", round=rnd, name=division.name, match=index,
                              count=len(division.round_matches(rnd)))
    return match


def set_result(season: Season, key: MatchKey, board: int, code) -> Season:
    """Type, correct or clear (``code`` empty) the result of one board (first-named team's side)."""
    match = check_match(season, key)
    division = season.division(key[0])
    if not 1 <= board <= season.boards:
        raise TournamentError("A match has boards 1 to {boards}, not {board}.", boards=season.boards, board=board)
    where = f"{division.name}, round {key[1]}, match {key[2]}, board {board}"
    canonical = parse_result(code, where)
    if canonical is not None and key in season.forfeits:
        raise TournamentError(
            "{home} – {away} (round {round}) is marked lost by forfeit: its boards are forfeits by rule. Clear the "
            "match's forfeit first; nothing was changed.", home=division.team(match.home).name,
            away=division.team(match.away).name, round=key[1])
    if canonical in OVER_THE_BOARD:
        for number in (match.home, match.away):
            gone = season.withdrawn.get((key[0], number))
            if gone is not None and key[1] >= gone:
                raise TournamentError(
                    "{team} withdrew from round {gone}, so it did not play in round {round}; change its withdrawal "
                    "round first if it did. Nothing was changed.", team=division.team(number).name, gone=gone,
                    round=key[1])
    results = dict(season.results)
    if canonical is None:
        results.pop((*key, board), None)
    else:
        results[(*key, board)] = canonical
    return replace(season, results=results)


def set_lineup(season: Season, key: MatchKey, side: int, numbers: Sequence[int | None]) -> Season:
    """Field roster members ``numbers`` (board order, None for an empty board) for one side of a match."""
    match = check_match(season, key)
    division = season.division(key[0])
    team = division.team(match.home if side == 0 else match.away)
    numbers = list(numbers)
    if len(numbers) > season.boards:
        raise TournamentError("{team} fields {count} players but a match has {boards} boards.", team=team.name,
                              count=len(numbers), boards=season.boards)
    seen: set[int] = set()
    for number in numbers:
        if number is None:
            continue
        if not isinstance(number, int) or not 1 <= number <= len(team.roster):
            raise TournamentError("{team} has no player {number} in its roster (players 1 to {count}).",
                                  team=team.name, number=number, count=len(team.roster))
        if number in seen:
            raise TournamentError("{team} fields its player {number} on two boards of one match.", team=team.name,
                                  number=number)
        seen.add(number)
    lineups = dict(season.lineups)
    lineups[(key, side)] = tuple(numbers) + (None,) * (season.boards - len(numbers))
    return replace(season, lineups=lineups).normalised()


def set_forfeit(season: Season, key: MatchKey, side: str | None) -> Season:
    """Mark a match lost by forfeit (``home``, ``away``, ``both``) or cancel it (None)."""
    match = check_match(season, key)
    division = season.division(key[0])
    forfeits = dict(season.forfeits)
    if side is None:
        forfeits.pop(key, None)
        return replace(season, forfeits=forfeits)
    if side not in FORFEIT_SIDES:
        raise TournamentError("A forfeit is 'home', 'away' or 'both', not '{side}'.", side=side)
    typed = sorted(b for (d, r, m, b) in season.results if (d, r, m) == key)
    if typed:
        raise TournamentError(
            "{home} – {away} (round {round}) already has results on its boards ({boards}); clear them before "
            "marking the match lost by forfeit. Nothing was changed.", home=division.team(match.home).name,
            away=division.team(match.away).name, round=key[1], boards=", ".join(map(str, typed)))
    forfeits[key] = side
    return replace(season, forfeits=forfeits)


def check_team(season: Season, d: int, number: int) -> SeasonTeam:
    if not 1 <= d <= len(season.divisions):
        raise TournamentError("There is no division {division}: the divisions are numbered from 1 to {count}.",
                              division=d, count=len(season.divisions))
    division = season.division(d)
    if not 1 <= number <= len(division.teams):
        raise TournamentError("Division {name} has no team {number}: its teams are numbered from 1 to {count}.",
                              name=division.name, number=number, count=len(division.teams))
    return division.team(number)


def withdraw(season: Season, d: int, number: int, from_round: int) -> Season:
    """Team ``number`` of division ``d`` plays no match from ``from_round`` on (its matches: forfeits)."""
    team = check_team(season, d, number)
    division = season.division(d)
    if not 1 <= from_round <= division.rounds:
        raise TournamentError("{team} cannot withdraw from round {round}: the rounds are numbered from 1 to "
                              "{rounds}.", team=team.name, round=from_round, rounds=division.rounds)
    for (dd, rnd, index, board), code in sorted(season.results.items()):
        if dd != d or rnd < from_round or code not in OVER_THE_BOARD:
            continue
        match = division.match(rnd, index)
        assert match is not None  # a result is kept only for a match of the calendar
        if number in (match.home, match.away):
            raise TournamentError(
                "{team} cannot withdraw from round {round}: its match of round {played} already has the result "
                "{code} on board {board}. Give the round after its last match played, or clear that result "
                "first; nothing was changed.", team=team.name, round=from_round, played=rnd, code=code,
                board=board)
    withdrawn = dict(season.withdrawn)
    withdrawn[(d, number)] = from_round
    return replace(season, withdrawn=withdrawn)


def reinstate(season: Season, d: int, number: int) -> Season:
    team = check_team(season, d, number)
    if (d, number) not in season.withdrawn:
        raise TournamentError("{team} has not withdrawn.", team=team.name)
    withdrawn = dict(season.withdrawn)
    del withdrawn[(d, number)]
    return replace(season, withdrawn=withdrawn)


def find_team(season: Season, text: str) -> tuple[int, int]:
    """``(division, number)`` of a team given by name (any case) or as ``division:number``."""
    raw = str(text).strip()
    if ":" in raw:
        left, _, right = raw.rpartition(":")
        names = [d.name.casefold() for d in season.divisions]
        if left.strip().casefold() in names and right.strip().isdigit():
            d = names.index(left.strip().casefold()) + 1
            number = int(right)
            check_team(season, d, number)
            return d, number
    found = [(d, t.number) for d, div in enumerate(season.divisions, 1) for t in div.teams
             if t.name.casefold() == raw.casefold()]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise TournamentError("Several divisions have a team called {name}: write it division:number "
                              "(for example {example}).", name=raw,
                              example=f"{season.division(found[0][0]).name}:{found[0][1]}")
    raise TournamentError("There is no team called {name} in this season.", name=raw)
