"""Drawing pairing numbers so that compatriots / club-mates meet early.

Seed 000, "Appariements dirigés": the numbers are "prédéterminés mais
néanmoins tirés au sort" so that the organiser's wish holds: players who
share a club (or a federation) must all meet in rounds ``1 … R − n``. The
procedure follows the Varma drawing (:mod:`addin.systems.directed.varma`):

1. contingents = players sharing the key's value; the largest draws first,
   ties by the value (club name, federation code) alphabetically, and inside
   a contingent players draw in alphabetical order of names;
2. one set of numbers is prepared per contingent of two or more players, of
   exactly its size, by the solver (:mod:`addin.systems.directed.solver`), with a
   search order shuffled by the seed, so every set is a valid directed group;
3. each such contingent draws its numbers from its own set, at random;
   players alone in their contingent (or without a value) draw last from the
   numbers left.

The same seed always gives the same numbers. If the contingents cannot all
be placed, a :class:`TournamentError` names them and the largest group that
would fit.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from addin.core.args import as_choice
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.systems.directed.rules import field
from addin.systems.directed.solver import MAX_SOLVER_PLAYERS, impossible_message, solve_groups
from addin.systems.directed.varma import contingents

KEYS = ("club", "federation")


def draw_numbers(players: Sequence[Mapping[str, str]], key, last_rounds, seed=None) -> list[int]:
    """A pairing number per player (input order); see the module doc for the procedure."""
    k = as_choice(key, "restrict_by", KEYS)
    if not any(str(player.get(k) or "").strip() for player in players):
        raise TournamentError(
            "No player has a {key}: the draw by {key} needs the column '{key}' filled in (players of one "
            "{key} meet early).", key=k)
    if last_rounds is None:
        last_rounds = default_last_rounds(len(players))
    f = field(len(players), last_rounds, MAX_SOLVER_PLAYERS)
    rng = random.Random(seed)
    order = contingents(players, k)
    multi = [c for c in order if len(c) > 1]
    sizes = [len(c) for c in multi]
    groups = solve_groups(f, sizes, seed=rng.randrange(2 ** 31)) if sizes else []
    if groups is None:
        names = ", ".join(f"{players[c[0]].get(k)} ({len(c)})" for c in multi)
        subject = (Message("groups for the clubs {names}", names=names) if k == "club" else
                   Message("groups for the federations {names}", names=names))
        raise TournamentError(impossible_message(f, sizes, subject))
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


def default_last_rounds(players: int, wanted: int = 3) -> int:
    """``wanted`` last rounds kept free of club-mates' games, or fewer when the field has fewer rounds.

    A field of ``p`` players plays ``p − 1`` rounds (``p`` when odd); at most all rounds but
    the first can be kept free.
    """
    rounds = players + (players & 1) - 1
    return max(0, min(wanted, rounds - 1))
