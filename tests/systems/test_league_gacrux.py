"""Team tie-breaks against FIDE's reference tie-break program (Gacrux / TieBreakServer).

The season of ``tests/support/league_fixture.py`` (two divisions, FIDE and French scoring) was
written as TRF by the project and given to Gacrux outside the repository; its outputs are
kept in ``tests/data/gacrux`` beside the exact command (``run_gacrux.sh``). Here the
project must (1) still write the same TRF files, and (2) compute every value Gacrux
printed: match points, game points, board count, extended Sonneborn-Berger, direct
encounter (Gacrux prints the place a team takes inside its tied group, 0 when DE does not
apply), the final ranks, and each player's ARO and TPR.
"""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import pytest

from addin.files.trf_league import division_trf
from addin.systems.league.stats import player_stats
from addin.systems.league.table import division_table
from support.league_fixture import season
from support.paths import DATA

DATA = DATA / "gacrux"
CASES = [(preset, d) for preset in ("fide", "ffe") for d in (1, 2)]


def rows(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


@pytest.fixture(scope="module")
def seasons():
    return {preset: season(preset) for preset in ("fide", "ffe")}


@pytest.mark.parametrize("preset,d", CASES)
def test_the_project_still_writes_the_trf_given_to_gacrux(seasons, preset, d):
    assert division_trf(seasons[preset], d) == (DATA / f"{preset}-d{d}.trf").read_text(encoding="utf-8")


@pytest.mark.parametrize("preset,d", CASES)
def test_match_points_game_points_board_count_esb_and_ranks(seasons, preset, d):
    s = replace(seasons[preset], tiebreaks=("GP", "BC", "ESB", "DE"))
    table = {line.number: line for line in division_table(s, d)}
    expected = rows(f"{preset}-d{d}.teams.tsv")
    assert len(expected) == len(table)
    for row in expected:
        line = table[int(row["StartNo"])]
        assert (line.mp, line.gp, line.bc, line.esb) == (float(row["MPTS"]), float(row["GPTS"]),
                                                         float(row["BC"]), float(row["ESB"])), row
        assert line.rank == int(row["Rank"]), row
        assert line.de_rank == int(row["DE"]), row


@pytest.mark.parametrize("preset,d", CASES)
def test_direct_encounter_right_after_match_points(seasons, preset, d):
    s = replace(seasons[preset], tiebreaks=("DE", "GP", "BC"))
    table = {line.number: line for line in division_table(s, d)}
    expected = rows(f"{preset}-d{d}.de.tsv")
    if d == 1:
        assert any(int(row["DE"]) for row in expected), "the fixture must have a tie that DE decides"
    for row in expected:
        line = table[int(row["StartNo"])]
        assert (line.de_rank, line.rank) == (int(row["DE"]), int(row["Rank"])), row


@pytest.mark.parametrize("preset,d", CASES)
def test_players_average_rating_of_opponents_and_performance(seasons, preset, d):
    s = seasons[preset]
    division = s.division(d)
    lines = [line for line in player_stats(s) if line.division == d]
    assert len(lines) == sum(len(t.roster) for t in division.teams)
    expected = {int(row["StartNo"]): row for row in rows(f"{preset}-d{d}.players.tsv")}
    for start, line in enumerate(lines, 1):
        row = expected[start]
        if line.performance is None:
            assert row["TPR"] in ("-0", "0"), row
            continue
        assert (line.aro, line.performance) == (int(row["ARO"]), int(row["TPR"])), (start, row)
