"""Drawing pairing numbers so that compatriots / club-mates meet early.

Seed 000, "Appariements dirigés": the numbers are "prédéterminés mais
néanmoins tirés au sort" so that the organiser's wish holds: players who
share a club (or a federation) must all meet in rounds ``1 … R − n``. The
procedure follows the Varma drawing (:mod:`addin.directed.varma`):

1. contingents = players sharing the key's value; the largest draws first,
   ties by the value (club name, federation code) alphabetically, and inside
   a contingent players draw in alphabetical order of names;
2. one set of numbers is prepared per contingent of two or more players, of
   exactly its size, by the solver (:mod:`addin.directed.solver`), with a
   search order shuffled by the seed, so every set is a valid directed group;
3. each such contingent draws its numbers from its own set, at random;
   players alone in their contingent (or without a value) draw last from the
   numbers left.

The same seed always gives the same numbers. If the contingents cannot all
be placed, a :class:`TournamentError` names them and the largest group that
would fit.
"""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path
from typing import Mapping, Sequence

from ..args import as_choice
from ..errors import TournamentError
from .rules import field
from .solver import MAX_SOLVER_PLAYERS, impossible_message, solve_groups
from .varma import contingents

KEYS = ("club", "federation")

# Accepted column titles (lower case, accents removed) for the player file.
_ALIASES = {
    "name": ("name", "nom", "player", "joueur", "nom prenom", "nom et prenom"),
    "club": ("club", "cercle"),
    "federation": ("federation", "fed", "fede", "country", "pays"),
}


def draw_numbers(players: Sequence[Mapping[str, str]], key, last_rounds, seed=None) -> list[int]:
    """A pairing number per player (input order); see the module doc for the procedure."""
    k = as_choice(key, "restrict_by", KEYS)
    f = field(len(players), last_rounds, MAX_SOLVER_PLAYERS)
    rng = random.Random(seed)
    order = contingents(players, k)
    multi = [c for c in order if len(c) > 1]
    sizes = [len(c) for c in multi]
    groups = solve_groups(f, sizes, seed=rng.randrange(2 ** 31)) if sizes else []
    if groups is None:
        names = ", ".join(f"{players[c[0]].get(k)} ({len(c)})" for c in multi)
        raise TournamentError(impossible_message(f, sizes, f"groups for the {k}s {names}"))
    numbers = [0] * len(players)
    used: set[int] = set()
    for members, group in zip(multi, groups):
        pool = list(group)
        for player in members:
            number = rng.choice(pool)
            pool.remove(number)
            numbers[player] = number
        used.update(group)
    rest = [v for v in range(1, f.players + 1) if v not in used]
    for members in order:
        if len(members) == 1:
            number = rng.choice(rest)
            rest.remove(number)
            numbers[members[0]] = number
    return numbers


def _plain(text: str) -> str:
    table = str.maketrans("éèêëàâäîïôöûüç", "eeeeaaaiioouuc")
    return " ".join(text.strip().lower().translate(table).replace("_", " ").split())


def read_players(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    """Read a player list (CSV: comma, semicolon or tab; UTF-8 or Windows-1252).

    The header row must name a ``name`` column (or ``nom``); ``club`` and
    ``federation`` (or ``fed``, ``fédération``) are optional. Returns the
    original header and one dict per player with the keys ``name``,
    ``club``, ``federation`` plus every original column.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise TournamentError(f"The player file {path} cannot be read ({exc.strerror}).") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise TournamentError(f"The player file {path} is empty.")
    delimiter = max(";,\t", key=lines[0].count)
    rows = list(csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter))
    header = [cell.strip() for cell in rows[0]]
    where: dict[str, int] = {}
    for i, title in enumerate(header):
        for field_name, aliases in _ALIASES.items():
            if _plain(title) in aliases and field_name not in where:
                where[field_name] = i
    if "name" not in where:
        raise TournamentError(
            f"Line 1 of {path.name} must be a header with a 'name' column "
            "(and 'club' and/or 'federation'); found: " + ", ".join(header) + ".")
    players = []
    for line_number, row in enumerate(rows[1:], 2):
        record = {title: (row[i].strip() if i < len(row) else "") for i, title in enumerate(header)}
        for field_name, i in where.items():
            record[field_name] = row[i].strip() if i < len(row) else ""
        if not record["name"]:
            raise TournamentError(f"Line {line_number} of {path.name} has no name.")
        record.setdefault("club", "")
        record.setdefault("federation", "")
        players.append(record)
    return header, players
