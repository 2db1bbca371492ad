"""A league TRF's points are the sum of its rounds, forfeited matches included.

The oracle is the TRF format itself (FIDE TRF16, ``001`` lines): a player's points
(columns 81–84) are what his round blocks score, read with the game points the file declares
in its own ``162`` record (a ``+`` scores a win, a ``-`` nothing). Nothing is computed by the
code under test: the season is the fixed league fixture, with one whole match forfeited (home, away, or both).
"""

from __future__ import annotations

import pytest

from addin.files.trf_league import division_trf
from addin.systems.league.event import set_forfeit
from support.league_fixture import season


def declared_scores(trf: str) -> dict[str, float]:
    """The ``162`` record: ``W 1.0    D 0.5    L 0.0`` from column 6, one letter every 9 columns."""
    line = next(line for line in trf.splitlines() if line.startswith("162"))
    fields = [line[5 + 9 * k:5 + 9 * k + 5] for k in range(3)]
    return {field[0]: float(field[1:]) for field in fields}


def points_and_rounds(trf: str) -> list[tuple[float, float, list[str]]]:
    """Each ``001`` line's written points, the sum of its round blocks, and the result letters."""
    scores = declared_scores(trf)
    value = {"1": scores["W"], "+": scores["W"], "=": scores["D"], "0": scores["L"], "-": 0.0}
    out = []
    for line in trf.splitlines():
        if not line.startswith("001"):
            continue
        letters = [line[k + 7] for k in range(91, len(line), 10) if len(line) > k + 7 and line[k + 7] != " "]
        out.append((float(line[80:84]), sum(value[c] for c in letters), letters))
    return out


@pytest.mark.parametrize("preset", ["fide", "ffe"])
@pytest.mark.parametrize("side", ["home", "away", "both"])
def test_points_are_the_sum_of_the_rounds_with_a_match_forfeited(preset, side):
    played = season(preset, rounds=3)  # round 4 not played yet: its first match is forfeited
    key = next(k for k, _ in played.matches() if k[0] == 1 and k[1] == 4)
    forfeited = set_forfeit(played, key, side)
    trf = division_trf(forfeited, 1)
    rows = points_and_rounds(trf)
    assert rows and all(written == summed for written, summed, _ in rows), \
        [(w, s, letters) for w, s, letters in rows if w != s]
    if side != "both":  # the team present won every board by forfeit: some rosters carry a + that round
        assert sum(letters.count("+") for _, _, letters in rows) > sum(
            letters.count("+") for _, _, letters in points_and_rounds(division_trf(played, 1)))


@pytest.mark.parametrize("preset", ["fide", "ffe"])
def test_points_are_the_sum_of_the_rounds_in_the_fixture(preset):
    for d in (1, 2):
        rows = points_and_rounds(division_trf(season(preset), d))
        assert rows and all(written == summed for written, summed, _ in rows)
