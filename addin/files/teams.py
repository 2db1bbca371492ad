"""Read a Molter team file: one row per team, its name then its players in board order.

The format is described in ``addin.systems.molter.teams``; CSV or XLSX, decoded like the
player list.
"""

from __future__ import annotations

from typing import Any

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.files.read_table import read_table
from addin.systems.molter.model import MAX_TEAMS, TEAM_NAMES
from addin.systems.molter.teams import MAX_PLAYERS, MIN_TEAMS, Team, check_shape


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value == int(value):
        value = int(value)
    return str(value).strip()


def read_teams(path: Any, players: Any) -> list[Team]:
    """Read a team file (format in the module docstring) for ``players`` players per team."""
    table = read_table(path, "teams")
    p = as_int(players, "players", 2, MAX_PLAYERS)
    check_shape(MIN_TEAMS, p)
    source = table.source
    teams: list[Team] = []
    seen: dict[str, int] = {}
    for line, row in table.rows:
        cells = [_text(c) for c in row]
        if not any(cells):
            continue
        name = cells[0] if cells else ""
        if not name:
            raise TournamentError(f"{source}, line {line}: the team name (first column) is empty.")
        key = name.casefold()
        if key in seen:
            raise TournamentError(f"{source}, line {line}: the team \"{name}\" is already listed on line {seen[key]}.")
        seen[key] = line
        names = [c for c in cells[1:] if c]
        if len(names) != p or any(not c for c in cells[1:1 + p]):
            raise TournamentError(
                f"{source}, line {line}: the team \"{name}\" lists {len(names)} players; "
                f"give exactly {p} players, in board order, in the columns after the team name.")
        if len(teams) >= MAX_TEAMS:
            raise TournamentError(f"{source}, line {line}: at most {MAX_TEAMS} teams are supported.")
        teams.append(Team(TEAM_NAMES[len(teams)], name, tuple(names)))
    if len(teams) < MIN_TEAMS:
        raise TournamentError(f"{source} lists {len(teams)} teams: a Molter event needs at least {MIN_TEAMS}.")
    return teams
