"""Ratings as the organisers' lists give them: ``1875``, ``1875 F``, ``1420 N``, ``1399 E``, ``NC``, ``2 010``.

The French federation writes a rating with a letter for its kind (what Papi, the FFE's
tournament program, stores, and what its lists print after the number):

* ``F`` — FIDE: the player's FIDE rating;
* ``N`` — national: the FFE's own Elo, computed from rated games when the player has no FIDE
  rating yet (at least 8 rated games);
* ``E`` — estimated: no rating at all yet; the FFE shows an estimate set by age category
  (``1399E`` for an adult since the reform of April 2024, ``1299E``, ``999E``, ``799E`` for
  the young categories).

Papi files also hold ``A`` and ``R`` in that field; Sharly Chess, the FFE's companion program,
reads both as estimated, and so does this module. ``NC`` (non classé), ``N.C.``, ``unrated``,
``-`` and ``—`` mean no rating.

Sources: Sharly Chess (github.com/Sharly-Chess/sharly-chess, commit b28ab10):
``src/utils/enum.py`` ``PlayerRatingType`` (ESTIMATED, NATIONAL, FIDE, short names E, N, F) and
``src/plugins/ffe/papi_mappers.py`` ``PapiPlayerRatingType`` (``'E'``, ``'N'``, ``'F'``; ``'A'``,
``'R'`` → estimated); a French club's page on the FFE's ratings (quoting the federation's
practice): "un Elo National (indiqué avec un « N » à la suite du nombre d'Elo) … obtenu après
avoir joué au moins 8 matchs homologués par la FFE" and "un joueur sera affiché en classique à
1399E (se lit : 1399 Estimé)". The FFE's own regulation text was not at hand.

What the kind changes (the decision of issue 26): an estimate is not a rating — it is set by
age, not measured on games; FIDE counts only rated opponents in a rating performance and a
rating change, FIDE C.07 lets a tie-break use an estimate only if the event's rules say so,
and Sharly Chess counts estimated players as unrated for its rating tie-breaks. An event
workbook holds one rating per player, used for the TRF report, the rating performance, the
title norms and the rating tie-breaks (ARO, TPR…), so an estimated rating is read as **no
rating**. FIDE and national ratings are kept as the rating (a national Elo is measured on
rated games on the same scale; the FFE pairs and ranks with it); a list for a FIDE-rated
event gives FIDE ratings (``F``), which then reach the TRF unchanged.

Thousands may be separated by a space (also a no-break or thin space), a dot or an
apostrophe: ``2 010``, ``2.010``, ``2'010``; a decimal part of zeros is allowed (``1875.0``,
``1875,0``, what a spreadsheet saves); any other fraction is refused by the caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

FIDE, NATIONAL, ESTIMATED = "F", "N", "E"
#: the letter after the number → its kind (A and R: estimated, as Sharly Chess reads Papi files)
KIND_LETTERS = {"F": FIDE, "N": NATIONAL, "E": ESTIMATED, "A": ESTIMATED, "R": ESTIMATED}
#: what a list writes for no rating (compared without case, dots or spaces)
UNRATED_WORDS = frozenset({"nc", "nonclasse", "nonclassé", "unrated", "-", "—", "–"})

_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " "})
_NUMBER = re.compile(r"(?P<number>\d{1,3}(?:(?P<sep>[ .'’])\d{3})(?:(?P=sep)\d{3})*|\d+(?:[.,]0+)?)"
                     r"\s*(?P<kind>[A-Za-z])?")


@dataclass(frozen=True)
class Rating:
    """A rating read from a list: its value (None: unrated) and its kind (``F``, ``N``, ``E`` or "")."""

    value: int | None
    kind: str = ""

    @property
    def rating(self) -> int | None:
        """The rating the event uses: the value, except for an estimate (module docstring)."""
        return None if self.kind == ESTIMATED else self.value


def parse_rating(value: Any) -> Rating | None:
    """The rating a list's cell holds, or None when the cell is not a rating (the caller refuses it).

    A blank cell is ``Rating(None)``.
    """
    if value is None or isinstance(value, bool):
        return None if isinstance(value, bool) else Rating(None)
    if isinstance(value, int):
        return Rating(value)
    if isinstance(value, float):
        return Rating(int(value)) if value.is_integer() else None
    text = " ".join(str(value).translate(_SPACES).split())
    if not text:
        return Rating(None)
    if text.replace(".", "").replace(" ", "").casefold() in UNRATED_WORDS or text in UNRATED_WORDS:
        return Rating(None)
    match = _NUMBER.fullmatch(text)
    if match is None:
        return None
    digits = re.sub(r"[ .'’]", "", match["number"]) if match["sep"] else re.split(r"[.,]", match["number"])[0]
    letter = (match["kind"] or "").upper()
    if letter and letter not in KIND_LETTERS:
        return None
    return Rating(int(digits), KIND_LETTERS.get(letter, ""))
