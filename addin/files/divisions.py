"""Read a league's division file: one row per team with its division and club."""

from __future__ import annotations

from typing import Sequence

from addin.core.errors import TournamentError
from addin.core.messages import N_
from addin.core.players import ALIASES as PLAYER_ALIASES
from addin.core.table import column_map
from addin.systems.directed.league import Division, Team

TEAM_ALIASES: dict[str, tuple[str, ...]] = {
    "division": ("division", "poule", "groupe", "group", "pool"),
    "team": ("team", "equipe", "name", "nom"),
    "club": ("club", "cercle"),
}


def divisions_from_table(header: Sequence, rows: Sequence[tuple[int, Sequence]], source: str,
                         header_line: int = 1) -> list[Division]:
    """Divisions from a table with the columns ``division``, ``team`` and ``club``.

    A missing ``division`` column puts every team in one division; each
    problem names the file line. A player list (a column of ratings or federations,
    which a division file never has) is refused: its players are not teams.
    """
    columns = column_map(list(header), TEAM_ALIASES, source, header_line)
    player_columns = column_map(list(header), {k: PLAYER_ALIASES[k] for k in ("rating", "federation")},
                                source, header_line)
    if player_columns and "division" not in columns:
        column = header[min(player_columns.values())]
        template = (N_("{source}, line {line}: this is a player list (its column '{column}' holds ratings); a league "
                       "calendar reads a division file, one row per team, with the columns 'division', 'team' and "
                       "'club'.") if "rating" in player_columns else
                    N_("{source}, line {line}: this is a player list (its column '{column}' holds federations); a "
                       "league calendar reads a division file, one row per team, with the columns 'division', "
                       "'team' and 'club'."))
        raise TournamentError(template, source=source, line=header_line, column=str(column).strip())
    if "team" not in columns:
        raise TournamentError(
            "{source}, line {line}: there is no 'team' column; the header row must name "
            "the columns 'division', 'team' and 'club'.", source=source, line=header_line)
    out: dict[str, Division] = {}
    for line, cells in rows:
        def cell(name: str) -> str:
            i = columns.get(name)
            value = cells[i] if i is not None and i < len(cells) else None
            return "" if value is None else str(value).strip()

        if not any(cell(n) for n in columns):
            continue
        team = cell("team")
        if not team:
            raise TournamentError("{source}, line {line}: the team has no name.", source=source, line=line)
        division = cell("division") or "1"
        out.setdefault(division, Division(division, [])).teams.append(Team(team, cell("club")))
    if not out:
        raise TournamentError("{source}: no team is listed.", source=source)
    return list(out.values())
