"""Varma tables (FIDE Handbook C.05, Annex 2, "restricted drawing of lots").

For 9–24 players FIDE publishes four sets A, B, C, D of pairing numbers per
table size (``docs/references.md``); the players of one federation draw their
numbers from one set so that they meet early, not in the last three rounds
(the seed 000, "Appariements dirigés", notes that Varma is the case ``n = 3``
of its directed groups). An odd field plays the next even table, whose top
number is the bye: that number is left out of the sets a player can draw.

As published, the 11/12 table breaks its own rule with 12 players: 6 and 12
(both in C) meet in round 11, the last round. :func:`varma_sets` reproduces
the table as published and :func:`varma_warnings` says so;
:func:`varma_alternative` gives the closest valid sets found by the solver.

Drawing order (:func:`varma_draw`): the federation with most players draws
first, ties by federation code alphabetically, players of a federation by
name alphabetically. The first player of a federation draws a set that still
has room for the whole federation (at random among those) and his
compatriots draw from the same set; players without compatriots draw last
from the numbers left. A federation too large for any set fills the set with
most room and overflows into the next one (with a warning).
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.core.messages import Message, N_
from addin.core.names import name_key
from addin.systems.directed.rules import Field, late_pairs
from addin.systems.directed.solver import closest_valid

VARMA_LAST_ROUNDS = 3
SET_NAMES = ("A", "B", "C", "D")

# FIDE C.05 Annex 2, exactly as in docs/references.md (key: even table size).
_PUBLISHED_TEXT = {
    10: ("3,4,8", "5,7,9", "1,6", "2,10"),
    12: ("4,5,9,10", "1,2,7", "6,8,12", "3,11"),
    14: ("4,5,6,11,12", "1,2,8,9", "7,10,13", "3,14"),
    16: ("5,6,7,12,13,14", "1,2,3,9,10", "8,11,15", "4,16"),
    18: ("5,6,7,8,14,15,16", "1,2,3,10,11,12", "9,13,17", "4,18"),
    20: ("6,7,8,9,15,16,17,18", "1,2,3,11,12,13,14", "5,10,19", "4,20"),
    22: ("6,7,8,9,10,17,18,19,20", "1,2,3,4,12,13,14,15", "11,16,21", "5,22"),
    24: ("6,7,8,9,10,11,19,20,21,22", "1,2,3,4,13,14,15,16,17", "12,18,23", "5,24"),
}
PUBLISHED: dict[int, tuple[tuple[int, ...], ...]] = {
    size: tuple(tuple(int(v) for v in text.split(",")) for text in sets)
    for size, sets in _PUBLISHED_TEXT.items()
}
MIN_VARMA, MAX_VARMA = 9, 24


def check_varma_players(players) -> int:
    return as_int(players, "players", MIN_VARMA, MAX_VARMA)


def varma_sets(players) -> list[tuple[int, ...]]:
    """Sets A, B, C, D as published for ``players`` (9–24), the bye number left out."""
    p = check_varma_players(players)
    size = p + (p & 1)
    return [tuple(v for v in s if v <= p) for s in PUBLISHED[size]]


def varma_warnings(players) -> list[Message]:
    """Sentences naming every pair of a published set that meets in the last 3 rounds."""
    p = check_varma_players(players)
    f = Field(p, VARMA_LAST_ROUNDS)
    out = []
    for name, group in zip(SET_NAMES, varma_sets(p)):
        for x, y, rnd in late_pairs(f, group):
            out.append(Message(
                "Published Varma table for {players} players: {x} and {y} (both in set {name}) meet in "
                "round {round}, one of the last {last} rounds; the valid alternative is {alternative}.",
                players=p, x=x, y=y, name=name, round=rnd, last=VARMA_LAST_ROUNDS,
                alternative=_sets_text(varma_alternative(p))))
    return out


def varma_alternative(players) -> list[tuple[int, ...]]:
    """Valid sets as close as possible to the published ones (identical when they are valid)."""
    p = check_varma_players(players)
    return closest_valid(Field(p, VARMA_LAST_ROUNDS), varma_sets(p))


def _sets_text(sets: Sequence[Sequence[int]]) -> str:
    return "; ".join(f"{name} = {','.join(map(str, s))}" for name, s in zip(SET_NAMES, sets))


def contingents(entrants: Sequence[Mapping[str, str]], key: str) -> list[list[int]]:
    """Indexes of ``entrants`` grouped by ``key`` in Varma drawing order.

    Largest contingent first, ties by the key's value (federation code,
    club) alphabetically, members by name alphabetically. Entrants with an
    empty value each form a contingent of their own.
    """
    groups: dict[str, list[int]] = {}
    alone: list[list[int]] = []
    for i, entrant in enumerate(entrants):
        code = str(entrant.get(key) or "").strip()
        if code:
            groups.setdefault(name_key(code), []).append(i)  # 'cercle de nimes' is 'Cercle de Nîmes'
        else:
            alone.append([i])

    def name(i: int) -> tuple[str, int]:
        return (str(entrants[i].get("name") or "").casefold(), i)

    ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    out = [sorted(members, key=name) for _, members in ordered]
    out.extend(sorted(alone, key=lambda c: name(c[0])))
    return out


#: the word for a column the draw groups by, in a sentence
KEY_WORDS = {"club": N_("club"), "federation": N_("federation")}


def draw_from_sets(entrants: Sequence[Mapping[str, str]], key: str, sets: Sequence[Sequence[int]],
                   rng: random.Random) -> tuple[list[int], list[str | Message]]:
    """The Varma drawing over given sets: a number per entrant, plus warnings."""
    free = [list(s) for s in sets]
    numbers = [0] * len(entrants)
    warnings: list[str | Message] = []
    order = contingents(entrants, key)
    multi = [c for c in order if len(c) > 1]
    single = [c[0] for c in order if len(c) == 1]
    for members in multi:
        roomy = [i for i, s in enumerate(free) if len(s) >= len(members)]
        if roomy:
            sets_order = [rng.choice(roomy)]
        else:
            sets_order = sorted(range(len(free)), key=lambda i: (-len(free[i]), i))
            code = entrants[members[0]].get(key)
            warnings.append(Message(
                "The {key} {code} has {count} players, more than any set has room for: "
                "some of them may meet in the last rounds.", key=Message(KEY_WORDS.get(key, key)), code=code,
                count=len(members)))
        for player in members:
            while not free[sets_order[0]]:
                sets_order.pop(0)
            pool = free[sets_order[0]]
            number = rng.choice(pool)
            pool.remove(number)
            numbers[player] = number
    rest = [v for s in free for v in s]
    for player in single:
        number = rng.choice(rest)
        rest.remove(number)
        numbers[player] = number
    return numbers, warnings


def varma_draw(entrants: Sequence[Mapping[str, str]], key: str = "federation", seed=None,
               valid_only: bool = False, last_rounds: str | None = None) -> tuple[list[int], list[str | Message]]:
    """FIDE's restricted drawing of lots with the Varma sets for 9–24 entrants.

    Returns a pairing number per entrant (input order) and the warnings
    (published anomaly, oversized federations). ``valid_only`` draws from
    :func:`varma_alternative` instead of the published sets. The Varma sets keep
    the last three rounds free of same-federation games (C.05 Annex 2): ``last_rounds``,
    when given, must be ``"3"``.
    """
    if last_rounds not in (None, "3"):
        raise TournamentError("The Varma tables keep the last 3 rounds free: drop --last-rounds or give 3.")
    p = len(entrants)
    if not MIN_VARMA <= p <= MAX_VARMA:
        raise TournamentError(
            "Varma tables exist for 9 to 24 players, not {p}: use the directed drawing "
            "instead.",
            p=p)
    sets = varma_alternative(p) if valid_only else varma_sets(p)
    warnings = [] if valid_only else varma_warnings(p)
    rng = random.Random(seed)
    numbers, more = draw_from_sets(entrants, key, sets, rng)
    return numbers, warnings + more
