"""Read one team of a Scheveningen match: one row per player, in board order.

Columns (any case, with or without accents, French or English): ``name``, and optionally
``rating``, ``id`` (licence or FIDE id), ``order`` (the player's place in the board order;
without it the rows' order is kept) and ``team`` (the team's name, the same on every row).
CSV or XLSX, decoded like the other lists. Each problem names the file line.
"""

from __future__ import annotations

from typing import Sequence

from addin.core.cells import text, whole_or_none
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.core.table import column_map, row_cells
from addin.core.players import check_rating
from addin.systems.scheveningen_match import SchevPlayer

ALIASES: dict[str, tuple[str, ...]] = {
    "team": ("team", "equipe", "club"),
    "name": ("name", "nom", "player", "joueur", "nom prenom"),
    "rating": ("rating", "elo", "classement"),
    "ident": ("id", "licence", "license", "fide id", "ident", "code ffe"),
    "order": ("order", "ordre", "board", "echiquier", "rang"),
}


def team_from_table(header: Sequence, rows: Sequence[tuple[int, Sequence]], source: str,
                    header_line: int = 1) -> tuple[str, list[SchevPlayer]]:
    """``(team name or "", its players in board order)``."""
    columns = column_map(list(header), ALIASES, source, header_line)
    if "name" not in columns:
        raise TournamentError("{source}, line {line}: there is no 'name' column; the header row must name the column "
                              "'name' (and optionally 'rating', 'id', 'order', 'team').", source=source,
                              line=header_line)
    team = ""
    found: list[tuple[float, int, SchevPlayer]] = []
    for line, cells in rows:
        cell = row_cells(columns, cells)

        if all(text(cell(f)) == "" for f in columns):
            continue
        name = text(cell("name"))
        if not name:
            raise TournamentError("{source}, line {line}: the player has no name.", source=source, line=line)
        if text(cell("team")):
            if team and text(cell("team")).casefold() != team.casefold():
                raise TournamentError("{source}, line {line}: the team '{other}' differs from '{team}' above; the file "
                                      "of a Scheveningen team lists one team.", source=source, line=line,
                                      other=text(cell("team")), team=team)
            team = team or text(cell("team"))
        rating = check_rating(cell("rating"), Message("{source}, line {line}", source=source, line=line))
        order = whole_or_none(text(cell("order"))) if text(cell("order")) else None
        found.append((order if order is not None else float("inf"), line, SchevPlayer(name, rating,
                                                                                      text(cell("ident")))))
    return team, [player for _, _, player in sorted(found, key=lambda item: (item[0], item[1]))]
