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
number from 0 to 4000 (as federations write them: ``1875 F``, ``2 010``, ``NC``;
``addin.core.ratings``), bytes that are neither UTF-8 nor Windows-1252.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, TypeVar

from addin.core.args import as_choice, as_int
from addin.core.cells import refuse_uncomputed
from addin.core.errors import TournamentError
from addin.core.messages import Message, N_
from addin.core.ratings import parse_rating
from addin.core.table import header_key

NUMBERINGS = ("listed", "given", "draw")
MIN_PLAYERS = 2
MAX_PLAYERS = 5000
MAX_RATING = 4000

ALIASES: dict[str, tuple[str, ...]] = {
    "name": ("name", "nom", "player", "joueur", "nom prenom", "nomprenom", "nom et prenom", "prenom nom",
             "name first name"),
    "rating": ("rating", "elo", "classement", "cl", "rtg"),
    "club": ("club",),
    "federation": ("federation", "fede", "fed", "federation code"),
    "number": ("number", "numero", "no", "n", "nr", "num", "start number"),
    "title": ("title", "titre", "tit"),
    "fide_id": ("fide id", "id fide", "fide", "fideid", "fide number", "numero fide"),
    "birth": ("birth", "birth date", "born", "naissance", "date de naissance", "ne le", "ne e le"),
}
OPTIONAL_TEXT = N_("rating, club, federation, number, title, FIDE id, birth")
#: The FIDE titles a TRF player line may carry (C.04 Annex 2, columns 11-13).
TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


@dataclass(frozen=True)
class Player:
    """One player: pairing number (1..n), name, and optional rating, club, federation.

    ``title`` (one of :data:`TITLES`), ``fide_id`` (digits) and ``birth`` (``YYYY/MM/DD``
    or ``YYYY``, as a TRF writes it) are optional too (FIDE title norms, TRF reports).
    """

    number: int
    name: str
    rating: int | None = None
    club: str = ""
    federation: str = ""
    title: str = ""
    fide_id: str = ""
    birth: str = ""


def players_from_rows(rows: Iterable[dict], numbering: str = "listed", seed: int | None = None,
                      source: str | Message = "players", first_line: int = 2, unit: str = "line") -> list[Player]:
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
            raise TournamentError("{source}: every row must map column names to values.", source=source)
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
            "{source}: there is no 'name' column; the header must name a column 'name' "
            "(optional columns: {optional}).", source=source, optional=Message(OPTIONAL_TEXT))
    return number_records(records, numbering, seed, source, unit, has_number, first_line - 1)


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def number_records(records: list[tuple[int, dict]], numbering: str, seed: Any, source: str | Message, unit: str,
            has_number: bool, header_line: int) -> list[Player]:
    records = [(line, rec) for line, rec in records if not all(_blank(v) for v in rec.values())]
    count = len(records)
    if count < MIN_PLAYERS:
        if count == 1:
            raise TournamentError("{source} lists 1 player: an event needs at least {least}.", source=source,
                                  least=MIN_PLAYERS)
        raise TournamentError("{source} lists {count} players: an event needs at least {least}.", source=source,
                              count=count, least=MIN_PLAYERS)
    if count > MAX_PLAYERS:
        raise TournamentError("{source} lists {count} players: at most {most} are allowed.", source=source,
                              count=count, most=MAX_PLAYERS)
    if numbering == "given" and not has_number:
        raise TournamentError(
            "{where}: numbering 'given' needs a column 'number' holding each number from 1 to {count} once.",
            where=_where(source, unit, header_line), count=count)
    drawn: list[int] = []
    if numbering == "draw":
        drawn = list(range(1, count + 1))
        random.Random(None if seed is None else as_int(seed, "seed")).shuffle(drawn)
    players: list[Player] = []
    owner: dict[int, tuple[str, int]] = {}
    for index, (line, rec) in enumerate(records):
        where = _where(source, unit, line)
        for value in rec.values():
            refuse_uncomputed(value, where)
        name = _text(rec.get("name"))
        if not name:
            raise TournamentError("{where}: the name is empty; every player needs a name.", where=where)
        if numbering == "listed":
            number = index + 1
        elif numbering == "draw":
            number = drawn[index]
        else:
            number = _given_number(rec.get("number"), count, where)
            if number in owner:
                other, other_line = owner[number]
                raise TournamentError(
                    "{where}: the number {number} is already given to {other} on {place}; each number from 1 "
                    "to {count} must be used once.", where=where, number=number, other=other,
                    place=_where("", unit, other_line), count=count)
            owner[number] = (name, line)
        players.append(Player(number, name, _rating(rec.get("rating"), where),
                              _text(rec.get("club")), _text(rec.get("federation")).upper(),
                              check_title(rec.get("title"), where), check_fide_id(rec.get("fide_id"), where),
                              check_birth(rec.get("birth"), where)))
    players.sort(key=lambda p: p.number)
    return players


def _where(source: str | Message, unit: str, line: int) -> Message:
    """``players.csv, line 4`` (``row`` in a sheet), in the organiser's language; no source: ``line 4``."""
    if unit == "row":
        return Message("{source}, row {line}", source=source, line=line) if source else Message("row {line}", line=line)
    return Message("{source}, line {line}", source=source, line=line) if source else Message("line {line}", line=line)


def _given_number(value: Any, count: int, where: str | Message) -> int:
    if _blank(value):
        raise TournamentError(
            "{where}: the number is missing; with numbering 'given' every player needs a number from 1 to {count}.",
            where=where, count=count)
    number = _whole(value)
    if number is None:
        raise TournamentError("{where}: the number {value} is not a whole number from 1 to {count}.", where=where,
                              value=_show(value), count=count)
    if not 1 <= number <= count:
        raise TournamentError(
            "{where}: the number {number} is out of range; give each player a number from 1 to {count}.",
            where=where, number=number, count=count)
    return number


def _rating(value: Any, where: Any) -> int | None:
    return check_rating(value, where)


def check_rating(value: Any, where: Any) -> int | None:
    """The rating a list gives (``1875``, ``1875 F``, ``1420 N``, ``2 010``, ``NC``; an estimate ``1399 E`` is
    no rating: ``addin.core.ratings``), or None; anything else refused naming ``where``."""
    if _blank(value):
        return None
    read = parse_rating(value)
    if read is None or (read.value is not None and not 0 <= read.value <= MAX_RATING):
        raise TournamentError(
            "{where}: the rating {value} is not a whole number from 0 to {most} (a letter may follow it: F, N or E; "
            "NC for none); leave the cell empty if the player has none.", where=where, value=_show(value),
            most=MAX_RATING)
    return read.rating


def check_title(value: Any, where: Any) -> str:
    """A FIDE title (any case), or "" when blank; anything else refused naming ``where``."""
    title = _text(value).upper()
    if title and title not in TITLES:
        raise TournamentError("{where}: the title {value} is not a FIDE title; write one of {titles} or leave it "
                              "empty.", where=where, value=_show(value), titles=", ".join(TITLES))
    return title


def check_fide_id(value: Any, where: Any) -> str:
    """A FIDE id (digits only, at most 11: the TRF's field), or "" when blank."""
    ident = _text(value)
    if ident and not (ident.isdigit() and ident.isascii() and len(ident) <= 11):
        raise TournamentError("{where}: the FIDE id {value} must be a number of at most 11 digits.", where=where,
                              value=_show(value))
    return ident


def check_birth(value: Any, where: Any) -> str:
    """A birth date as ``YYYY/MM/DD`` (or the year alone), from that form, ``YYYY-MM-DD`` or a date."""
    if hasattr(value, "year") and hasattr(value, "month"):
        return f"{value.year:04d}/{value.month:02d}/{value.day:02d}"
    text = _text(value).replace("-", "/").replace(".", "/")
    if not text:
        return ""
    parts = text.split("/")
    if (len(parts) == 1 and len(text) == 4 and text.isdigit()) or (
            len(parts) == 3 and len(parts[0]) == 4 and all(p.isdigit() and p.isascii() for p in parts)
            and len(parts[1]) <= 2 and len(parts[2]) <= 2 and int(parts[1]) <= 12 and int(parts[2]) <= 31):
        return text if len(parts) == 1 else f"{parts[0]}/{int(parts[1]):02d}/{int(parts[2]):02d}"
    raise TournamentError("{where}: the birth date {value} is not understood: write it as 1985/07/14 (or the year "
                          "alone).", where=where, value=_show(value))


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


#: What a withdrawal holds: the first round not played (``None`` in a round-robin: only forfeits from now on).
FirstRound = TypeVar("FirstRound", int, "int | None")


def with_withdrawal(withdrawn: Mapping[int, FirstRound], number: int,
                    from_round: FirstRound) -> dict[int, FirstRound]:
    """``withdrawn`` (player → first round not played) with ``number`` withdrawn from ``from_round``."""
    out = dict(withdrawn)
    out[number] = from_round
    return out


def without_withdrawal(withdrawn: Mapping[int, FirstRound], number: int) -> dict[int, FirstRound]:
    """``withdrawn`` with the withdrawal of ``number`` cancelled; refuses a player who has not withdrawn."""
    if number not in withdrawn:
        raise TournamentError("Player {number} has not withdrawn.", number=number)
    out = dict(withdrawn)
    del out[number]
    return out
