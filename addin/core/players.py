"""The player list of an event: reading it and numbering the players.

A list has a header row; the column ``name`` is required, ``rating``,
``club``, ``federation`` and ``number`` are optional (French headers ``nom``,
``elo``/``classement``, ``fédération``/``fede``, ``numéro``/``n°`` are
understood too; other columns are ignored). Empty rows are skipped.

Pairing numbers (FIDE C.05: "numbers are drawn by lot"; issue 3):

* ``listed`` (default): 1, 2, 3… in the order of the list; a ``number``
  column, if any, is ignored;
* ``given``: the ``number`` column, which must hold each of 1..n exactly once;
* ``draw``: drawn by lot; the same ``seed`` gives the same draw
  (``random.Random(seed).shuffle`` of 1..n, n-th listed player gets the n-th
  number drawn).

Every problem raises one :class:`~addin.core.errors.TournamentError` naming the
file and line (or sheet row): missing ``name`` column, empty name, a number
missing, not whole, out of 1..n or given twice, a rating that is not a whole
number from 0 to 4000, bytes that are neither UTF-8 nor Windows-1252.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable

from addin.core.args import as_choice, as_int
from addin.core.errors import TournamentError
from addin.core.table import header_key

NUMBERINGS = ("listed", "given", "draw")
MIN_PLAYERS = 2
MAX_PLAYERS = 5000
MAX_RATING = 4000

ALIASES: dict[str, tuple[str, ...]] = {
    "name": ("name", "nom", "player", "joueur", "nom prenom", "name first name"),
    "rating": ("rating", "elo", "classement", "cl", "rtg"),
    "club": ("club",),
    "federation": ("federation", "fede", "fed", "federation code"),
    "number": ("number", "numero", "no", "n", "nr", "num", "start number"),
}
OPTIONAL_TEXT = "rating, club, federation, number"


@dataclass(frozen=True)
class Player:
    """One player: pairing number (1..n), name, and optional rating, club, federation."""

    number: int
    name: str
    rating: int | None = None
    club: str = ""
    federation: str = ""


def players_from_rows(rows: Iterable[dict], numbering: str = "listed", seed: int | None = None,
                      source: str = "players", first_line: int = 2, unit: str = "line") -> list[Player]:
    """Same checks as :func:`read_players` on in-memory rows (e.g. cells read by a macro).

    Keys are header texts (any case, French or English aliases). The first
    row is called ``first_line`` in messages (default 2: the header is line 1);
    ``unit`` is the word for a row (``"line"``, ``"row"``).
    """
    numbering = as_choice(numbering, "numbering", NUMBERINGS, default="listed")
    records = []
    has_number = False
    has_name = False
    for offset, row in enumerate(rows):
        if not isinstance(row, dict):
            raise TournamentError(f"{source}: every row must map column names to values.")
        record: dict[str, Any] = {}
        for key, value in row.items():
            hk = header_key(key)
            for field, names in ALIASES.items():
                if hk in names:
                    record[field] = value
        has_number = has_number or "number" in record
        has_name = has_name or "name" in record
        if all(_blank(v) for v in row.values()):
            continue
        records.append((first_line + offset, record))
    if records and not has_name:
        raise TournamentError(
            f"{source}: there is no 'name' column; the header must name a column 'name' "
            f"(optional columns: {OPTIONAL_TEXT}).")
    return number_records(records, numbering, seed, source, unit, has_number, first_line - 1)


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def number_records(records: list[tuple[int, dict]], numbering: str, seed: Any, source: str, unit: str,
            has_number: bool, header_line: int) -> list[Player]:
    records = [(line, rec) for line, rec in records if not all(_blank(v) for v in rec.values())]
    count = len(records)
    if count < MIN_PLAYERS:
        raise TournamentError(
            f"{source} lists {count} player{'s' if count != 1 else ''}: an event needs at least {MIN_PLAYERS}.")
    if count > MAX_PLAYERS:
        raise TournamentError(f"{source} lists {count} players: at most {MAX_PLAYERS} are allowed.")
    if numbering == "given" and not has_number:
        raise TournamentError(
            f"{source}, {unit} {header_line}: numbering 'given' needs a column 'number' "
            f"holding each number from 1 to {count} once.")
    drawn: list[int] = []
    if numbering == "draw":
        drawn = list(range(1, count + 1))
        random.Random(None if seed is None else as_int(seed, "seed")).shuffle(drawn)
    players: list[Player] = []
    owner: dict[int, tuple[str, int]] = {}
    for index, (line, rec) in enumerate(records):
        where = f"{source}, {unit} {line}"
        name = _text(rec.get("name"))
        if not name:
            raise TournamentError(f"{where}: the name is empty; every player needs a name.")
        if numbering == "listed":
            number = index + 1
        elif numbering == "draw":
            number = drawn[index]
        else:
            number = _given_number(rec.get("number"), count, where)
            if number in owner:
                other, other_line = owner[number]
                raise TournamentError(
                    f"{where}: the number {number} is already given to {other} on {unit} {other_line}; "
                    f"each number from 1 to {count} must be used once.")
            owner[number] = (name, line)
        players.append(Player(number, name, _rating(rec.get("rating"), where),
                              _text(rec.get("club")), _text(rec.get("federation")).upper()))
    players.sort(key=lambda p: p.number)
    return players


def _given_number(value: Any, count: int, where: str) -> int:
    if _blank(value):
        raise TournamentError(
            f"{where}: the number is missing; with numbering 'given' every player needs a number "
            f"from 1 to {count}.")
    number = _whole(value)
    if number is None:
        raise TournamentError(f"{where}: the number {_show(value)} is not a whole number from 1 to {count}.")
    if not 1 <= number <= count:
        raise TournamentError(
            f"{where}: the number {number} is out of range; give each player a number from 1 to {count}.")
    return number


def _rating(value: Any, where: str) -> int | None:
    if _blank(value):
        return None
    rating = _whole(value)
    if rating is None or not 0 <= rating <= MAX_RATING:
        raise TournamentError(
            f"{where}: the rating {_show(value)} is not a whole number from 0 to {MAX_RATING}; "
            "leave the cell empty if the player has none.")
    return rating


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        number = float(str(value).strip().replace(",", "."))
    except ValueError:
        return None
    if number != number or number in (float("inf"), float("-inf")) or not number.is_integer():
        return None
    return int(number)


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value.strip()}"'
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
