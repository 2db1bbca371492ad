"""Team leagues on Berger tables: home/away, complementary numbers, calendars.

Seed 000, "Application des tables de Berger aux compétitions par équipes"
and "Propriétés des tables de Berger":

* the team named first in a pairing receives (plays at home): it is the
  team with White in the Berger table (seed 003 colour rule,
  :func:`addin.systems.roundrobin.berger.table_white`);
* **complementary numbers**: in a table of ``2k`` numbers, ``x`` and
  ``x + k`` always have opposite colours, so two teams of one club given
  complementary numbers are never at home on the same weekend;
* **gathering round** ("ronde de rassemblement"): table round 1, where
  ``x`` meets ``2k + 1 − x`` (two teams of a club can be paired there), is
  played last on neutral ground; the other rounds are played either as
  ``2, 3, …, 2k−1`` (order ``"gathering"``) or ``2k−1, …, 2`` (order
  ``"gathering-reverse"``). Outside the gathering round every team then
  receives as often as it travels.

:func:`league_calendar` numbers the teams of several divisions at once with
CP-SAT so that the clubs' constraints hold: teams of one club in one
division are paired two by two, either on complementary numbers or on
numbers that meet in the gathering round, and clubs that ask for it have
half of their teams at home (±1) every weekend. The remaining freedom is
used to follow a random draw (reproducible with ``seed``). Without any such wish the
numbering is the draw itself, so where OR-Tools is missing (xlwings Lite) that case is
answered without CP-SAT and the others are refused with :mod:`addin.core.cpsat`'s sentence.
"""

from __future__ import annotations

from addin.core.cpsat import available as cp_sat_available, cp_model as cp_sat, deterministic_solver

import datetime as dt
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Sequence

from addin.core.args import as_choice, as_int
from addin.core.errors import TournamentError
from addin.core.names import name_key
from addin.core.messages import Message
from addin.systems.roundrobin.berger import played_to_table, table_opponent, table_white

ORDERS = ("gathering", "gathering-reverse")
SAME_CLUB = ("complementary", "gathering", "none")
MAX_TEAMS = 40
HOME, AWAY, NEUTRAL, BYE = "H", "A", "N", "-"


def _size(teams: int) -> int:
    return teams + (teams & 1)


def check_teams(teams) -> int:
    return as_int(teams, "teams", 2, MAX_TEAMS)


def complementary(teams, number) -> int:
    """The complementary number of ``number``: ``x + k`` (or ``x − k``) in a table of ``2k``."""
    t = check_teams(teams)
    size = _size(t)
    x = as_int(number, "team", 1, size)  # the Excel function's argument (LEAGUE_COMPLEMENT(teams, team))
    k = size // 2
    return x + k if x <= k else x - k


def venue(teams: int, number: int, played_round: int, order: str = "gathering") -> str:
    """``H``, ``A``, ``N`` (gathering round, neutral ground) or ``-`` (bye) for a team number."""
    size = _size(teams)
    _, table_round = played_to_table(teams, played_round, 1, False, order)
    other = table_opponent(size, number, table_round)
    if other > teams or number > teams:
        return BYE
    if table_round == 1:
        return NEUTRAL
    return HOME if table_white(size, number, other) == number else AWAY


def league_home(teams, number, round, order="gathering") -> str:
    """Checked arguments → :func:`venue` (the Excel function ``LEAGUE_HOME``)."""
    t = check_teams(teams)
    x = as_int(number, "team", 1, t)
    r = as_int(round, "round", 1, _size(t) - 1)
    return _venues(t, as_choice(order, "order", ORDERS, default="gathering"))[x - 1][r - 1]


def league_host(teams, team_a, team_b) -> int:
    """Checked arguments → the team that receives when ``team_a`` meets ``team_b`` (the Excel
    function ``LEAGUE_HOST``): the one with White in the Berger table of the league."""
    t = check_teams(teams)
    a = as_int(team_a, "team_a", 1, t)
    b = as_int(team_b, "team_b", 1, t)
    if a == b:
        raise TournamentError("team_a and team_b are both {a}: give two different teams.", a=a)
    return table_white(_size(t), a, b)


@lru_cache(maxsize=None)
def _venues(teams: int, order: str) -> tuple[tuple[str, ...], ...]:
    """:func:`venue` of every team number and round (at most 40 × 39): a sheet asks them cell by cell."""
    rounds = _size(teams) - 1
    return tuple(tuple(venue(teams, x, r, order) for r in range(1, rounds + 1)) for x in range(1, teams + 1))


def venue_table(teams, order="gathering") -> list[dict]:
    """Per team number: its venue sequence over the played rounds and the counts."""
    t = check_teams(teams)
    o = as_choice(order, "order", ORDERS, default="gathering")
    rounds = _size(t) - 1
    out = []
    for x in range(1, t + 1):
        seq = [venue(t, x, r, o) for r in range(1, rounds + 1)]
        played = [v for v in seq if v in (HOME, AWAY)]
        breaks = sum(1 for a, b in zip(played, played[1:]) if a == b)
        out.append({"number": x, "sequence": "".join(seq), "home": seq.count(HOME),
                    "away": seq.count(AWAY), "neutral": seq.count(NEUTRAL), "bye": seq.count(BYE),
                    "breaks": breaks})
    return out


# --------------------------------------------------------------------------
# Calendars for several divisions
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Team:
    name: str
    club: str = ""


@dataclass
class Division:
    name: str
    teams: list[Team]


@dataclass
class Fixture:
    round: int
    date: str
    home: str
    away: str
    neutral: bool = False


@dataclass
class DivisionCalendar:
    name: str
    numbers: dict[str, int]
    fixtures: list[Fixture] = field(default_factory=list)
    byes: dict[int, str] = field(default_factory=dict)


def round_dates(rounds: int, dates: Sequence[str] | None = None, start: str | None = None,
                every: int = 7) -> list[str]:
    """Dates of the weekends: given, or ``start`` + ``every`` days (ISO dates), or blank."""
    if dates:
        if len(dates) < rounds:
            raise TournamentError(
                "The dates give {dates_count} weekends but the longest division needs {rounds}.",
                dates_count=len(dates), rounds=rounds)
        return [str(d).strip() for d in dates[:rounds]]
    if start:
        try:
            first = dt.date.fromisoformat(str(start).strip())
        except ValueError:
            raise TournamentError("The start date '{start}' must be written YYYY-MM-DD.", start=start) from None
        days = as_int(every, "every", 1, 366)
        try:
            return [(first + dt.timedelta(days=days * i)).isoformat() for i in range(rounds)]
        except OverflowError:  # past the year 9999
            raise TournamentError("The rounds from {start} every {days} days would end after the year 9999.",
                                  start=first.isoformat(), days=days) from None
    return [""] * rounds


def _club_pairs(division: Division) -> list[tuple[int, int]]:
    by_club: dict[str, list[int]] = {}
    for i, team in enumerate(division.teams):
        if team.club.strip():
            by_club.setdefault(name_key(team.club), []).append(i)
    pairs: list[tuple[int, int]] = []
    for members in by_club.values():
        pairs.extend(zip(members[0::2], members[1::2]))
    return pairs


def league_calendar(divisions: Sequence[Division], same_club: str = "complementary",
                    half_home: Sequence[str] = (), order: str = "gathering", seed=None,
                    dates: Sequence[str] | None = None, start: str | None = None,
                    every: int = 7) -> list[DivisionCalendar]:
    """Number every division's teams and build the calendars (see the module doc)."""
    same_club = as_choice(same_club, "same_club", SAME_CLUB, default="complementary")
    order = as_choice(order, "order", ORDERS, default="gathering")
    if not divisions:
        raise TournamentError("The league has no division: give at least one division of 2 teams.")
    for d in divisions:
        if not 2 <= len(d.teams) <= MAX_TEAMS:
            raise TournamentError(
                "The division {name} has {teams_count} teams: it must have 2 to {max_teams}.",
                name=d.name, teams_count=len(d.teams), max_teams=MAX_TEAMS)
        names = [t.name.casefold() for t in d.teams]
        if len(set(names)) != len(names):
            raise TournamentError("The division {name} lists a team twice.", name=d.name)
    rng = random.Random(seed)
    if not cp_sat_available() and not _has_wishes(divisions, same_club, half_home):
        return _drawn_calendars(divisions, rng, order, round_dates(
            max(_size(len(d.teams)) - 1 for d in divisions), dates, start, every))
    cp_model = cp_sat(Message("a league calendar with the clubs' wishes"))
    model = cp_model.CpModel()
    assign = []  # assign[d][team][number-1]
    for d in divisions:
        t = len(d.teams)
        rows = [[model.NewBoolVar("") for _ in range(t)] for _ in range(t)]
        for row in rows:
            model.AddExactlyOne(row)
        for x in range(t):
            model.AddExactlyOne(row[x] for row in rows)
        assign.append(rows)
        size = _size(t)
        for a, b in (_club_pairs(d) if same_club != "none" else []):
            for x in range(1, t + 1):
                partner = complementary(t, x) if same_club == "complementary" else size + 1 - x
                if partner > t:
                    model.Add(rows[a][x - 1] == 0)
                else:
                    model.AddImplication(rows[a][x - 1], rows[b][partner - 1])
    weekends = max(_size(len(d.teams)) - 1 for d in divisions)
    wanted = {name_key(c) for c in half_home if c.strip()}
    known = {name_key(t.club) for d in divisions for t in d.teams}
    for club in sorted(wanted - known):
        raise TournamentError(
            "The club '{club}' asked for half of its teams at home but has no team.",
            club=club)
    for club in sorted(wanted):
        for r in range(1, weekends + 1):
            terms = []
            for d, rows in zip(divisions, assign):
                t = len(d.teams)
                if r > _size(t) - 1:
                    continue
                for i, team in enumerate(d.teams):
                    if name_key(team.club) != club:
                        continue
                    for x in range(1, t + 1):
                        v = venue(t, x, r, order)
                        if v in (HOME, AWAY):
                            terms.append((1 if v == HOME else -1, rows[i][x - 1]))
            if terms:
                balance = sum(c * lit for c, lit in terms)
                model.Add(balance <= 1)
                model.Add(balance >= -1)
    preference: list[Any] = []  # CP-SAT variables
    for d, rows in zip(divisions, assign):
        draw = list(range(len(d.teams)))
        rng.shuffle(draw)
        preference.extend(rows[i][draw[i]] for i in range(len(d.teams)))
    model.Maximize(sum(preference))
    solver = deterministic_solver(7, seconds=30.0)
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise TournamentError(
            "The clubs' wishes cannot all be met together (same-club teams {same_club}, half "
            "at home for {clubs}): drop a wish or move a team to another "
            "division.",
            same_club=same_club, clubs=', '.join(sorted(wanted)) or 'no club')
    when = round_dates(weekends, dates, start, every)
    out = []
    for d, rows in zip(divisions, assign):
        t = len(d.teams)
        numbers = {team.name: next(x + 1 for x in range(t) if solver.Value(rows[i][x]))
                   for i, team in enumerate(d.teams)}
        out.append(calendar_for(d.name, numbers, order, when))
    return out


def _has_wishes(divisions: Sequence[Division], same_club: str, half_home: Sequence[str]) -> bool:
    """True when a club's wish constrains the numbering (pairs of same-club teams, half at home)."""
    if any(c.strip() for c in half_home):
        return True
    return same_club != "none" and any(_club_pairs(d) for d in divisions)


def _drawn_calendars(divisions: Sequence[Division], rng: random.Random, order: str,
                     when: Sequence[str]) -> list[DivisionCalendar]:
    """Without wishes the numbering is the draw itself: the model's unique optimum, found without CP-SAT.

    (Every team takes its drawn number; the draws are consumed in the same order as the model's.)
    """
    out = []
    for d in divisions:
        draw = list(range(len(d.teams)))
        rng.shuffle(draw)
        out.append(calendar_for(d.name, {team.name: draw[i] + 1 for i, team in enumerate(d.teams)}, order, when))
    return out


def calendar_for(name: str, numbers: dict[str, int], order: str, when: Sequence[str]) -> DivisionCalendar:
    """The fixtures of one division from its team numbers (home team first)."""
    t = len(numbers)
    size = _size(t)
    by_number = {x: team for team, x in numbers.items()}
    cal = DivisionCalendar(name, dict(numbers))
    for r in range(1, size):
        _, table_round = played_to_table(t, r, 1, False, order)
        for x in range(1, t + 1):
            other = table_opponent(size, x, table_round)
            if other > t:
                cal.byes[r] = by_number[x]
                continue
            if table_white(size, x, other) != x:
                continue
            cal.fixtures.append(Fixture(r, when[r - 1] if r - 1 < len(when) else "", by_number[x],
                                        by_number[other], table_round == 1))
    return cal
