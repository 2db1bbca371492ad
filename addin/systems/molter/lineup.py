"""Who plays each seat of a Molter team, round by round (seed 001, "Organisation matérielle des tournois").

The seed: « Dès leur arrivée, les capitaines d'équipe remettent au secrétaire la liste de leurs
joueurs, classés dans l'ordre décroissant de force. » … « Dans les tournois à plusieurs rondes,
l'ordre des joueurs ne doit pas être inversé. Le cas échéant, un remplaçant devra prendre la
place du sortant avec l'assentiment du directeur de tournoi. »

A team's **list** is its captain's list, strongest first. It may name more players than the
event has boards per team (``P``): the players after the ``P``-th are reserves. A **seat** is
the team's ``k``-th board of the table (the symbol ``A1`` … ``AP``); it keeps its boards in
the table whoever sits on it, and the team ranking counts its points as board ``k``'s. In each
round a seat is taken by one :data:`Entry`:

* nothing recorded: its **regular player**, the ``k``-th of the list;
* an ``int``: another player of the list, by his place on it (a **line-up**: the 5th plays
  when the 3rd does not). The players of the list fielded in one round sit in the list's
  order — « l'ordre des joueurs ne doit pas être inversé » — so when one is missing the
  players after him move up a board;
* a :class:`Substitute`: someone who is not on the list, admitted by the arbiter, who takes
  the seat of the player he replaces as it is (« prendre la place du sortant »). He has no
  place on the list, so the order rule does not concern him;
* :data:`ABSENT`: nobody; the seat's game of that round is lost by forfeit (``event.py``).

:func:`check_round` refuses a round in which a player of the list would play twice, or
ahead of a stronger player of his list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from addin.core.cells import is_blank, text, whole_or_none
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.core.names import find_by_name, name_key

#: The word that marks a seat as empty for a round (the same in French and English).
ABSENT_WORD = "absent"


@dataclass(frozen=True)
class Substitute:
    """Someone who is not on the team's list and takes a seat for a round."""

    name: str


@dataclass(frozen=True)
class Absent:
    """Nobody takes the seat this round: its game is lost by forfeit."""

    def __str__(self) -> str:
        return ABSENT_WORD


ABSENT = Absent()

#: Who takes a seat in a round: a place on the list, a substitute, or nobody.
Entry = int | Substitute | Absent


def resolve(roster: Sequence[str], value: Any, team: str, where: str | Message) -> Entry | None:
    """What a line-up cell or argument names: ``None`` for the regular player (blank).

    A whole number is a place on the list; a name of the list (letter case, accents and
    spaces ignored: ``addin.core.names``) is that player's place; the word ``absent`` marks the seat empty; any other
    name is a substitute.
    """
    if is_blank(value):
        return None
    if isinstance(value, bool):
        raise TournamentError("{where}: TRUE/FALSE is not a player; give a place on the list, a name or 'absent'.",
                              where=where)
    number = whole_or_none(value)
    if number is not None:
        if not 1 <= number <= len(roster):
            raise TournamentError(
                "{where}: team {team}'s list has {count} players, so there is no player {number} on it.",
                where=where, team=team, count=len(roster), number=number)
        return number
    name = text(value)
    if name.casefold() == ABSENT_WORD:
        return ABSENT
    place = find_by_name(((place, listed) for place, listed in enumerate(roster, 1) if listed.strip()), name)
    return Substitute(name) if place is None else place


def regular(entry: Entry | None, seat: int) -> bool:
    """Whether ``entry`` on ``seat`` is the seat's regular player (nothing to record)."""
    return entry is None or entry == seat


def person(roster: Sequence[str], entry: Entry) -> str:
    """How a message names who ``entry`` is."""
    if isinstance(entry, Substitute):
        return entry.name
    if isinstance(entry, Absent):
        return ABSENT_WORD
    name = roster[entry - 1].strip() if entry <= len(roster) else ""
    return name or Message("player {number} of the list", number=entry).text()


def check_round(team: str, roster: Sequence[str], entries: Sequence[Entry], rnd: int) -> None:
    """Refuse a round's seats (``entries[k-1]`` on seat ``k``) that break a rule of the module."""
    seen: dict[Any, int] = {}
    last: tuple[int, int] | None = None  # (place on the list, seat) of the last listed player fielded
    for seat, entry in enumerate(entries, 1):
        if isinstance(entry, Absent):
            continue
        key = name_key(entry.name) if isinstance(entry, Substitute) else entry
        if key in seen:
            raise TournamentError(
                "Team {team}, round {round}: {name} would play boards {first} and {second}; a player plays "
                "one board a round. Nothing was changed.", team=team, round=rnd, name=person(roster, entry),
                first=seen[key], second=seat)
        seen[key] = seat
        if isinstance(entry, int):
            if entry > len(roster):
                raise TournamentError(
                    "Team {team}, round {round}, board {board}: the list has {count} players, so there is no "
                    "player {number} on it.", team=team, round=rnd, board=seat, count=len(roster), number=entry)
            if last is not None and entry < last[0]:
                raise TournamentError(
                    "Team {team}, round {round}: {weaker} (no. {weaker_place} on the list) would play board "
                    "{weaker_board}, ahead of {stronger} (no. {stronger_place} on the list) on board "
                    "{stronger_board}. The players of a list play in its order (seed 001: « l'ordre des "
                    "joueurs ne doit pas être inversé »): give the round's line-up in that order, or name a "
                    "substitute from outside the list. Nothing was changed.", team=team, round=rnd,
                    weaker=person(roster, last[0]), weaker_place=last[0], weaker_board=last[1],
                    stronger=person(roster, entry), stronger_place=entry, stronger_board=seat)
            last = (entry, seat)
