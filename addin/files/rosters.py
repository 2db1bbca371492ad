"""Read a league's roster file: one row per player, with his team, in board order.

Columns (any case, with or without accents, French or English): ``team`` (the team's name
as in the division file), ``name``, and optionally ``rating``, ``id`` (licence or FIDE id)
and ``order`` (the player's place in the board order; without it the rows' order is kept).
CSV or XLSX, decoded like the other lists. Each problem names the file line.
"""

from __future__ import annotations

from typing import Sequence

from addin.core.cells import text, whole_or_none
from addin.core.errors import TournamentError
from addin.core.messages import Message, N_
from addin.core.players import check_rating
from addin.core.table import column_map, row_cells
from addin.systems.league.model import MAX_ROSTER, Member

ALIASES: dict[str, tuple[str, ...]] = {
    "team": ("team", "equipe"),
    "name": ("name", "nom", "player", "joueur", "nom prenom"),
    "rating": ("rating", "elo", "classement"),
    "ident": ("id", "licence", "license", "fide id", "ident", "code ffe"),
    "order": ("order", "ordre", "board", "echiquier", "rang"),
}


#: the required columns, named in a sentence in the organiser's language (French headers are read too)
COLUMN_WORDS = {"team": N_("team"), "name": N_("name")}


def rosters_from_table(header: Sequence, rows: Sequence[tuple[int, Sequence]], source: str,
                       teams: Sequence[str], header_line: int = 1) -> dict[str, list[Member]]:
    """``{team name: its players in board order}`` (team names as the division file writes them)."""
    columns = column_map(list(header), ALIASES, source, header_line)
    for needed in ("team", "name"):
        if needed not in columns:
            raise TournamentError("{source}, line {line}: there is no '{column}' column; the header row must name "
                                  "the columns 'team' and 'name' (and optionally 'rating', 'id', 'order').",
                                  source=source, line=header_line, column=Message(COLUMN_WORDS[needed]))
    known = {name.casefold(): name for name in teams}
    found: dict[str, list[tuple[float, int, Member]]] = {}
    for line, cells in rows:
        cell = row_cells(columns, cells)

        if all(text(cell(f)) == "" for f in columns):
            continue
        team = known.get(text(cell("team")).casefold())
        if team is None:
            raise TournamentError("{source}, line {line}: the team '{team}' is not in the division file.",
                                  source=source, line=line, team=text(cell("team")))
        name = text(cell("name"))
        if not name:
            raise TournamentError("{source}, line {line}: the player has no name.", source=source, line=line)
        rating = check_rating(cell("rating"), Message("{source}, line {line}", source=source, line=line))
        order = whole_or_none(cell("order")) if text(cell("order")) else None
        found.setdefault(team, []).append((order if order is not None else float("inf"), line,
                                           Member(name, rating, text(cell("ident")))))
    out = {}
    for team, items in found.items():
        if len(items) > MAX_ROSTER:
            raise TournamentError("{source}: the team {team} lists {count} players; a roster holds at most {high}.",
                                  source=source, team=team, count=len(items), high=MAX_ROSTER)
        out[team] = [m for _, _, m in sorted(items, key=lambda item: (item[0], item[1]))]
    return out
