"""The FIDE tie-breaks of an individual round-robin beyond points, DE, SB, WIN and Koya.

Source: FIDE Handbook C.07, Play-Off and Tie-Break Regulations effective from
1 March 2026 (https://handbook.fide.com/chapter/TieBreakRegulations032026);
article numbers below are that text's. The rules, peers' differences and the
round-robin reading of each article are in ``docs/standings.md``.

A tie-break is named by its code, with at most one modifier written the way
the TRF-2026 tie-break records write it (``SB/C1``, ``KS/L+1``, ``ARO/M1``);
the Handbook's hyphen (``SB-C1``) is read too.

Round-robins (C.07 15.2): forfeits are ordinary games, except that all
forfeits are unplayed for the rating tie-breaks (art. 10) and forfeit losses
are unplayed for the own-record tie-breaks (art. 7).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from addin.core.errors import TournamentError
from addin.systems.standings import rating as fide_rating

# Every base code an individual round-robin can use (C.07 art. 5 minus the
# Buchholz family, which art. 8 forbids in round-robins, and the team ones).
BASE_CODES = ("DE", "SB", "KS", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN",
              "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG")
# The modifiers art. 14 allows for each (Cut-1/Cut-2 where art. 5 marks Cut-1,
# Median for ARO like Buchholz's other rating sum, Limit for Koya, 14.5).
MODIFIERS = {"SB": ("C1", "C2"), "PS": ("C1", "C2"), "ARO": ("C1", "C2", "M1", "M2"), "KS": ("L",)}
KOYA_LIMITS = range(-9, 10)  # half points below/above 50 %
RATING_CODES = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
LOWER_IS_BETTER = frozenset({"TPN"})  # 7.8: by pairing number, ascending

_CODE = re.compile(r"^([A-Z]+)(?:[/-](C[12]|M[12]|L[+-]\d))?$")


@dataclass(frozen=True)
class Code:
    """A parsed tie-break code: ``base``, ``cut_low``/``cut_high`` (Cut, Median) and ``limit`` (Koya, half points)."""

    text: str
    base: str
    cut_low: int = 0
    cut_high: int = 0
    limit: int = 0


def all_codes() -> tuple[str, ...]:
    """Every code accepted, modifiers included, in the order the settings list them."""
    out: list[str] = []
    for base in BASE_CODES:
        out.append(base)
        for mod in MODIFIERS.get(base, ()):
            if mod == "L":
                out.extend(f"KS/L{n:+d}" for n in (-2, -1, 1, 2))
            else:
                out.append(f"{base}/{mod}")
    return tuple(out)


def parse_code(item) -> Code:
    """The canonical code of ``item`` (``"sb-c1"`` -> ``SB/C1``), or one sentence saying what is accepted."""
    text = str(item).strip().upper().replace(" ", "")
    match = _CODE.match(text)
    base = match.group(1) if match else ""
    mod = match.group(2) if match else None
    allowed = MODIFIERS.get(base, ())
    if not match or base not in BASE_CODES or (mod and mod[0] not in "".join(allowed)) \
            or (mod and mod[0] != "L" and mod not in allowed):
        raise TournamentError(
            "The tie-break '{item}' is unknown: use some of {codes}, in the order wanted "
            "(modifiers: SB/C1, SB/C2, PS/C1, ARO/C1, ARO/M1, KS/L+1, KS/L-1 ...).",
            item=item, codes=", ".join(BASE_CODES))
    if not mod:
        return Code(base, base)
    if mod[0] == "L":
        limit = int(mod[1:])
        if limit == 0:
            return Code(base, base)
        return Code(f"{base}/L{limit:+d}", base, limit=limit)
    n = int(mod[1])
    return Code(f"{base}/{mod}", base, cut_low=n, cut_high=n if mod[0] == "M" else 0)


@dataclass
class Game:
    """One game of a counted player against a counted opponent (C.05 6.6 applied)."""

    round: int
    opponent: int
    own: float | None       # None: no result yet
    opponent_score: float | None
    over_board: bool
    black: bool


def own_record(code: Code, games: Sequence[Game], byes: Sequence[int], bye_points: float,
               last_round: int, number: int) -> float:
    """Art. 7 tie-breaks of one player: PS (7.5), REP (7.6), STD (7.7), TPN (7.8).

    ``games`` are his games of rounds up to ``last_round``, the last round
    with a result; ``byes`` are the rounds of his byes (odd field) up to it,
    each worth ``bye_points`` (TRF letter Z, H or U).
    """
    if code.base == "TPN":
        return float(number)
    if code.base == "PS":
        per_round = [0.0] * (last_round + 1)
        for g in games:
            if g.own is not None and g.round <= last_round:
                per_round[g.round] += g.own
        for rnd in byes:
            per_round[rnd] += bye_points
        total, running = 0.0, 0.0
        for rnd in range(1, last_round + 1):
            running += per_round[rnd]
            if rnd > code.cut_low:
                total += running
        return total
    if code.base == "REP":
        # 7.6: rounds minus half- and zero-point byes and forfeit losses (a double forfeit
        # is one for both); a game without a result yet is no round of his so far
        elected = sum(1 for g in games if g.own is not None and (g.over_board or g.own > 0))
        return float(elected + (len(byes) if bye_points == 1 else 0))
    if code.base == "STD":
        # 7.7: over the board, 1 / ½ for scoring more than / as much as the opponent;
        # without playing (forfeits, byes), 1 / ½ for more than / exactly a draw's points
        draw = 0.5
        total = 0.0
        for g in games:
            if g.own is None:
                continue
            if g.over_board:
                assert g.opponent_score is not None  # a game played over the board has both scores
                total += 1.0 if g.own > g.opponent_score else 0.5 if g.own == g.opponent_score else 0.0
            else:
                total += 1.0 if g.own > draw else 0.5 if g.own == draw else 0.0
        return total + sum(1.0 if bye_points > draw else 0.5 if bye_points == draw else 0.0 for _ in byes)
    raise ValueError(code)


def sonneborn_berger(code: Code, games: Sequence[Game], points: Mapping[int, float]) -> float:
    """9.1 with Cut-n (14.1.1, 14.2): leave out the products of the n lowest-scoring opponents,
    the lowest product first when opponents share a score (forfeits are games: 15.2)."""
    parts = sorted((points[g.opponent], g.own * points[g.opponent]) for g in games if g.own is not None)
    return float(sum(product for _, product in parts[code.cut_low:]))


def koya(code: Code, games: Sequence[Game], points: Mapping[int, float], max_score: float) -> float:
    """9.2 with Limit (14.5): points against opponents with at least 50 % of the maximum score,
    the threshold moved by ``limit`` half points."""
    threshold = max_score / 2 + code.limit / 2
    return float(sum(g.own for g in games if g.own is not None and points[g.opponent] >= threshold))


def rating_values(codes: Sequence[Code], games: Mapping[int, Sequence[Game]],
                  ratings: Mapping[int, int | None], unrated: int | None) -> dict[str, dict[int, float]]:
    """Art. 10 tie-breaks of every counted player (keys of ``games``), over-the-board games only (15.2).

    C.07 art. 10: with unrated players these tie-breaks are dropped unless the
    regulations say how to rate them: ``unrated`` is that rating; without it,
    when a counted player has no rating, every value is 0 (the tie-break
    separates nobody). A player without an over-the-board game gets 0.
    """
    counted = list(games)
    rated = {p: r for p in counted if (r := ratings.get(p) or unrated)}  # everyone's rating, if all have one
    valid = len(rated) == len(counted)
    out: dict[str, dict[int, float]] = {}
    otb = {p: [g for g in games[p] if g.over_board and g.own is not None] for p in counted}
    own = {p: sum(g.own for g in otb[p] if g.own is not None) for p in counted}
    tpr = {p: fide_rating.tpr(own[p], [rated[g.opponent] for g in otb[p]])
           for p in counted} if valid else {}
    ptp = {p: fide_rating.ptp(own[p], [rated[g.opponent] for g in otb[p]])
           for p in counted} if valid else {}
    # an opponent over the board has played that game, so his TPR and PTP are numbers
    performance = {p: value for p, value in tpr.items() if value is not None}
    progress = {p: value for p, value in ptp.items() if value is not None}
    for code in codes:
        if not valid:
            out[code.text] = {p: 0.0 for p in counted}
            continue
        values: dict[int, float] = {}
        for p in counted:
            value: int | None
            opp = [rated[g.opponent] for g in otb[p]]
            if code.base == "RTNG":
                value = rated[p]
            elif code.base == "ARO":
                kept = sorted(opp)[code.cut_low:len(opp) - code.cut_high]
                value = fide_rating.aro(kept)
            elif code.base == "TPR":
                value = tpr[p]
            elif code.base == "PTP":
                value = ptp[p]
            elif code.base == "APRO":
                value = fide_rating.aro([performance[g.opponent] for g in otb[p]])
            elif code.base == "APPO":
                value = fide_rating.aro([progress[g.opponent] for g in otb[p]])
            else:
                raise ValueError(code)
            values[p] = float(value or 0)
        out[code.text] = values
    return out
