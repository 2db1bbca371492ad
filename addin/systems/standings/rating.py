"""FIDE rating arithmetic: the two conversion tables and what is built on them.

Source: FIDE Handbook B.02, Rating Regulations effective from 1 March 2024,
article 8.1 (the tables), 8.3 (rating change); C.07 (Tie-Break Regulations,
2026 text) articles 10.1-10.5 for ARO, TPR, PTP, APRO, APPO. Every figure
is an integer or a multiple of 0.01, computed exactly (hundredths as
integers) so that a spreadsheet and Python agree.

* **8.1(a) p -> dp**: a fractional score ``p`` (0.00-1.00, two decimals) to
  a rating difference ``dp``; the table is symmetric (dp(1 - p) = -dp(p)) and
  gives dp(1.00) = 800, dp(0.00) = -800 (C.07 10.2 uses these notional values).
* **8.1(b) D -> PD**: a rating difference ``D`` (own rating minus the
  opponent's) to the expected score ``PD`` of the higher-rated player; the
  lower-rated one expects 1 - PD.
* **Expected score** for rating (B.02 8.3): Σ PD over the rated games, a
  difference of more than 400 counted as 400.
* **Rating change** = K × (score − expected score).
* **ARO** (C.07 10.1): mean of the opponents' ratings, rounded to the
  nearest whole number, 0.5 up.
* **TPR** (C.07 10.2): ARO + dp(p), p = score / games rounded to two
  decimals (0.005 up).
* **PTP** (C.07 10.3): the lowest whole rating R with Σ PD(R − R_opp) ≥
  score, the whole table (no 400 cut); a zero score gives the lowest
  opponent's rating − 800.
"""

from __future__ import annotations

from typing import Sequence

# 8.1(a), p = 0.50 .. 1.00 (index = hundredths - 50); the lower half is the mirror image.
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)

# 8.1(b): the highest D of each band, PD = 0.50, 0.51, ... 0.99; above 735, PD = 1.00.
PD_BANDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)

def pd_edges() -> tuple[int, ...]:
    """8.1(b) as one ascending list of 100 differences: PD(D) in hundredths is the number of them ≤ D.

    The higher-rated player's PD steps up by 0.01 at each band's lowest D (4, 11, … 736), and the
    lower-rated one's PD(−D) = 1 − PD(D) steps up at 1 − that D (−735, … −3): one list serves any sign,
    so a spreadsheet gets PD with one MATCH (the round-robin workbook's PTP, C.07 10.3).
    """
    lows = [top + 1 for top in PD_BANDS]
    return tuple(sorted([1 - low for low in lows] + lows))


RATING_CAP = 400  # B.02 8.3: a larger difference counts as 400 for rating purposes


def dp(hundredths: int) -> int:
    """8.1(a): the rating difference of a fractional score given in hundredths (0..100)."""
    if not 0 <= hundredths <= 100:
        raise ValueError(hundredths)
    return _DP_UPPER[hundredths - 50] if hundredths >= 50 else -_DP_UPPER[50 - hundredths]


def pd_hundredths(difference: int) -> int:
    """8.1(b): the expected score, in hundredths, of a player rated ``difference`` above his opponent."""
    d = abs(int(difference))
    higher = 100
    for index, top in enumerate(PD_BANDS):
        if d <= top:
            higher = 50 + index
            break
    return higher if difference >= 0 else 100 - higher


def expected_hundredths(rating: int, opponents: Sequence[int], cap: int | None = RATING_CAP) -> int:
    """Σ PD over the games against ``opponents`` (hundredths), differences capped at ``cap``."""
    total = 0
    for opp in opponents:
        diff = rating - opp
        if cap is not None:
            diff = max(-cap, min(cap, diff))
        total += pd_hundredths(diff)
    return total


def round_half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` to the nearest whole number, halves up (exact)."""
    return (2 * numerator + denominator) // (2 * denominator)


def aro(ratings: Sequence[int]) -> int | None:
    """C.07 10.1: average rating of the opponents, 0.5 rounded up; None without opponents."""
    return _average(ratings) if ratings else None


def _average(ratings: Sequence[int]) -> int:
    return round_half_up(sum(ratings), len(ratings))


def fraction_hundredths(score_halves: int, games: int) -> int:
    """p in hundredths: score / games to two decimals, 0.005 up (score given in half points)."""
    return round_half_up(100 * score_halves, 2 * games)


def tpr(score: float, ratings: Sequence[int]) -> int | None:
    """C.07 10.2: ARO + dp(p) over the games against ``ratings``; None without games."""
    if not ratings:
        return None
    return _average(ratings) + dp(fraction_hundredths(round(2 * score), len(ratings)))


def ptp(score: float, ratings: Sequence[int]) -> int | None:
    """C.07 10.3: the lowest whole R with Σ PD(R − r) ≥ score (no 400 cut); None without games."""
    if not ratings:
        return None
    target = round(100 * score)
    if target <= 0:
        return min(ratings) - 800
    low, high = min(ratings) - 800, max(ratings) + 800  # Σ PD is 0 below low... and n at high
    if expected_hundredths(high, ratings, cap=None) < target:
        return None  # more than the games can give: not a real score
    while high - low > 1:  # invariant: Σ PD(low) < target <= Σ PD(high)
        middle = (low + high) // 2
        if expected_hundredths(middle, ratings, cap=None) >= target:
            high = middle
        else:
            low = middle
    return high


def rating_change(k: float, score: float, expected_hundredths_sum: int) -> float:
    """B.02 8.3: K × (score − expected score), not rounded."""
    return k * (round(100 * score) - expected_hundredths_sum) / 100
