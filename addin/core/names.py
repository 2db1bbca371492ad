"""Names typed by an organiser, matched as a person reads them (issue 26).

"Gael Picard", "gaël  picard" and "Gaël Picard" name the same player; "cercle de nimes" is
the club "Cercle de Nîmes". :func:`name_key` is the one comparison: letter case, accents
(any combining mark, after Unicode NFKD decomposition: "é" is "e" + an accent), spaces at
either end and repeated spaces, and the typographic apostrophe (’ is ') are ignored;
hyphens, other letters and digits are kept ("Jean-Pierre" is not "Jean Pierre").

:func:`find_player` turns what the organiser typed — a pairing number or a name — into a
number, and refuses a name that fits nobody or more than one player (a real ambiguity:
"Gael Picard" when the list holds both "Gaël Picard" and "Gael Picard").
"""

from __future__ import annotations

import unicodedata
from typing import Any, Iterable

from addin.core.cells import is_blank, whole_or_none
from addin.core.errors import TournamentError
from addin.core.messages import Message

#: characters read as another (typographic apostrophes and spaces)
_SAME = str.maketrans({"’": "'", "ʼ": "'", "‘": "'", "\u00a0": " ", "\u202f": " ", "\u2009": " "})


def name_key(text: Any) -> str:
    """The key two names share when a person would call them the same (module docstring)."""
    if text is None:
        return ""
    flat = unicodedata.normalize("NFKD", str(text).translate(_SAME))
    flat = "".join(ch for ch in flat if not unicodedata.combining(ch))
    return " ".join(flat.casefold().split())


def same_name(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` name the same person (or club) by :func:`name_key`."""
    return name_key(a) == name_key(b)


def find_by_name(named: Iterable[tuple[Any, str]], typed: Any) -> Any | None:
    """The identifier of the one entry of ``named`` (``(identifier, name)`` pairs) whose name is ``typed``.

    None when no name fits; refused when several entries with different identifiers fit.
    """
    key = name_key(typed)
    if not key:
        return None
    found = [(ident, name) for ident, name in named if name_key(name) == key]
    if len({ident for ident, _ in found}) > 1:
        raise TournamentError("{typed} may be {candidates}: give the number instead.", typed=str(typed).strip(),
                              candidates=Message("{first} or {second}", first=_list(found[:-1]),
                                                 second=_one(found[-1])))
    return found[0][0] if found else None


def _one(entry: tuple[Any, str]) -> str:
    return f"{entry[1]} ({entry[0]})"


def _list(entries: list[tuple[Any, str]]) -> str:
    return ", ".join(_one(e) for e in entries)


def find_player(players: Iterable[Any], typed: Any, argument: str = "player") -> int:
    """The pairing number of the player ``typed`` names: his number, or his name (:func:`name_key`).

    ``players`` have ``number`` and ``name``. A number is returned as it is (the event's own checks
    say whether it exists); a name that fits nobody, or several players, is refused.
    """
    if is_blank(typed):
        raise TournamentError("The argument '{name}' is empty: give a player's number or name.", name=argument)
    number = whole_or_none(typed)
    if number is not None:
        return number
    players = list(players)
    found = find_by_name(((p.number, p.name) for p in players), typed)
    if found is None:
        raise TournamentError("No player is called {typed}: give his number, or his name as the player list "
                              "writes it.", typed=str(typed).strip())
    return found
