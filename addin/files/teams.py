"""Read a Molter team file: one row per team, its name then its list of players, strongest first.

The format is described in ``addin.systems.molter.teams``; CSV or XLSX, decoded like the
player list. A list may name more players than the boards a team fields (``players``): the
players after them are reserves (``addin.systems.molter.lineup``).
"""

from __future__ import annotations

from typing import Any

from addin.core.args import as_int
from addin.core.cells import refuse_uncomputed, text
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.files.read_table import read_table
from addin.systems.molter.model import MAX_TEAMS, TEAM_NAMES
from addin.systems.molter.teams import MAX_PLAYERS, MIN_TEAMS, Team, check_shape


def read_teams(path: Any, players: Any) -> list[Team]:
    """Read a team file (format in the module docstring) for ``players`` boards per team."""
    table = read_table(path, "teams")
    p = as_int(players, "players", 2, MAX_PLAYERS)
    check_shape(MIN_TEAMS, p)
    source = table.source
    teams: list[Team] = []
    seen: dict[str, int] = {}
    for line, row in table.rows:
        for value in row:
            refuse_uncomputed(value, Message("{source}, line {line}", source=source, line=line))
        cells = [text(c) for c in row]
        if not any(cells):
            continue
        name = cells[0] if cells else ""
        if not name:
            raise TournamentError("{source}, line {line}: the team name (first column) is empty.",
                                  source=source, line=line)
        key = name.casefold()
        if key in seen:
            raise TournamentError("{source}, line {line}: the team {name} is already listed on line {first}.",
                                  source=source, line=line, name=repr(name), first=seen[key])
        seen[key] = line
        names = cells[1:]
        while names and not names[-1]:
            names.pop()
        if len(names) < p or any(not c for c in names):
            raise TournamentError(
                "{source}, line {line}: the team {name} lists {count} players; give at least {players} players, "
                "strongest first, in the columns after the team name, without a gap (players beyond the first "
                "{players} are its reserves).", source=source, line=line, name=repr(name),
                count=sum(1 for c in names if c), players=p)
        twice = next((c for i, c in enumerate(names) if c.casefold() in {x.casefold() for x in names[:i]}), None)
        if twice is not None:
            raise TournamentError("{source}, line {line}: the team {name} lists {player} twice.", source=source,
                                  line=line, name=repr(name), player=repr(twice))
        if len(teams) >= MAX_TEAMS:
            raise TournamentError("{source}, line {line}: at most {most} teams are supported.", source=source,
                                  line=line, most=MAX_TEAMS)
        teams.append(Team(TEAM_NAMES[len(teams)], name, tuple(names)))
    if len(teams) < MIN_TEAMS:
        raise TournamentError("{source} lists {count} teams: a Molter event needs at least {least}.",
                              source=source, count=len(teams), least=MIN_TEAMS)
    return teams
