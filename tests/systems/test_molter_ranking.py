"""Team standings of seed 001 ("Classement des équipes").

Oracles: hand-worked scenarios (the arithmetic is in the comments) where each
tie-break of the seed decides in turn, and, over random results on the seed's
own tables, an independent cascade that splits tied groups key by key as the
seed words it ("en cas d'exæquo … dans l'ordre").
"""

from collections import defaultdict
from itertools import groupby

import pytest
from hypothesis import given, settings, strategies as st

from addin.core.errors import TournamentError
from addin.systems.molter.event import played_rounds
from addin.systems.molter.model import Pairing, Seat
from addin.systems.molter.ranking import berlin_weights, team_standings
from addin.core.results import RESULT_CODES
from support.molter_grid_seed import seed_molter_table
from support.molter_ranking_cases import BOARDS_DECIDE, BOARDS_TABLE, H2H_DECIDES, SMALL, WINS_DECIDE


def places(standings):
    return {s.team: s.place for s in standings}


def test_berlin_weights_as_the_seed_states_them():
    # "Dans une équipe de 8 joueurs, … premier échiquier … par 8, ceux du 2ème échiquier par 7"
    assert berlin_weights(8) == [8, 7, 6, 5, 4, 3, 2, 1]
    assert berlin_weights(2) == [2, 1]


def test_berlin_decides_between_equal_points():
    res = {(1, 1): "1-0", (1, 2): "1/2-1/2", (1, 3): "1-0", (1, 4): "=",}
    # A: A1 won (1), A2 lost to B2 (0): 1 pt, Berlin 2*1 = 2
    # B: B1 0, B2 1: 1 pt, Berlin 1;  C and D: two draws: 1 pt, Berlin 1.5 each
    st_ = team_standings(4, 2, SMALL, res)
    assert [s.team for s in st_] == ["A", "C", "D", "B"]
    assert places(st_) == {"A": 1, "C": 2, "D": 2, "B": 4}
    by = {s.team: s for s in st_}
    assert (by["A"].points, by["A"].berlin) == (1, 2)
    assert (by["C"].berlin, by["B"].berlin) == (1.5, 1)


def test_individual_wins_decide_after_berlin():
    res = WINS_DECIDE
    # A: A1 1+0, A2 1+0: 2 pts, Berlin 3, 2 wins;  D: D1 ½+½, D2 ½+½: 2 pts, Berlin 3, 0 wins
    # C: C1 ½+1, C2 ½+1: 3 pts;  B: ½ + ½ = 1 pt
    st_ = team_standings(4, 2, SMALL, res)
    assert [s.team for s in st_] == ["C", "A", "D", "B"]
    by = {s.team: s for s in st_}
    assert (by["A"].points, by["A"].berlin, by["A"].wins) == (2, 3, 2)
    assert (by["D"].points, by["D"].berlin, by["D"].wins) == (2, 3, 0)
    assert places(st_) == {"C": 1, "A": 2, "D": 3, "B": 4}


def test_head_to_head_decides_after_wins():
    res = H2H_DECIDES
    # A: A1 0 (vs B1) + 1 (vs D1), A2 ½ + ½: 2 pts, Berlin 3, 1 win
    # D: D1 1 (vs C1) + 0 (vs A1), D2 ½ + ½: 2 pts, Berlin 3, 1 win
    # against each other: A 1 + ½ = 1.5, D 0 + ½ = 0.5 -> A ahead
    # B: B1 1 + ½, B2 ½ + ½ = 2.5;  C: C1 0 + ½, C2 ½ + ½ = 1.5
    st_ = team_standings(4, 2, SMALL, res)
    by = {s.team: s for s in st_}
    assert (by["A"].points, by["A"].berlin, by["A"].wins) == (by["D"].points, by["D"].berlin, by["D"].wins)
    assert (by["A"].head_to_head, by["D"].head_to_head) == (1.5, 0.5)
    assert [s.team for s in st_] == ["B", "A", "D", "C"]
    assert places(st_) == {"B": 1, "A": 2, "D": 3, "C": 4}


def test_first_board_then_shared_place():
    table, res = BOARDS_TABLE, BOARDS_DECIDE
    # A = (1, 0, 0, 1), B = (0, 1, 1, 0): 2 pts, Berlin 4+1 = 3+2 = 5, 2 wins each,
    # 2 points each against the other; board 1 decides: A.
    # C = D = (½, ½, ½, ½): 2 pts, Berlin 5, 0 wins: behind A and B, equal on everything.
    st_ = team_standings(4, 4, table, res)
    assert places(st_) == {"A": 1, "B": 2, "C": 3, "D": 3}
    by = {s.team: s for s in st_}
    assert by["A"].boards == (1, 0, 0, 1) and by["B"].boards == (0, 1, 1, 0)
    assert by["A"].berlin == by["B"].berlin == by["C"].berlin == 5
    assert by["A"].head_to_head == by["B"].head_to_head == 2
    assert by["C"].head_to_head == by["D"].head_to_head == 2


def test_forfeits_count_as_wins_and_double_forfeit_gives_nothing():
    res = {(1, 1): "+-", (1, 2): "0-0", (1, 3): "-+", (1, 4): "1-0"}
    by = {s.team: s for s in team_standings(4, 2, SMALL, res)}
    assert (by["A"].points, by["A"].wins) == (2, 2)  # A1 forfeit win, A2 forfeit win as Black
    assert (by["C"].points, by["D"].points) == (0, 1)
    assert (by["B"].points, by["B"].wins) == (0, 0)


def test_bad_results_are_plain_errors():
    with pytest.raises(TournamentError, match="round 1, board 2"):
        team_standings(4, 2, SMALL, {(1, 2): "2-0"})
    with pytest.raises(TournamentError, match="board 9"):
        team_standings(4, 2, SMALL, {(1, 9): "1-0"})
    with pytest.raises(TournamentError, match="round 4"):
        team_standings(4, 2, SMALL, {(4, 1): "1-0"})


# --- independent cascade over random results on the seed's tables -------------------------

def cascade_places(teams, players, rounds, results):
    """Split tied groups key by key (seed order), written without the library's key tuple."""
    letters = "ABCDEFGHJKLMN"[:teams]
    per_board = {t: [0.0] * players for t in letters}
    wins = defaultdict(int)
    vs = defaultdict(float)
    points = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (.5, .5), "+-": (1, 0), "-+": (0, 1), "0-0": (0, 0)}
    for r, rn in enumerate(rounds, 1):
        for b, p in enumerate(rn, 1):
            code = results.get((r, b))
            if code is None:
                continue
            w, k = points[code]
            per_board[p.white.team][p.white.board - 1] += w
            per_board[p.black.team][p.black.board - 1] += k
            vs[p.white.team, p.black.team] += w
            vs[p.black.team, p.white.team] += k
            wins[p.white.team] += w == 1
            wins[p.black.team] += k == 1

    def keys_for(group, level):
        if level == 0:
            return {t: sum(per_board[t]) for t in group}
        if level == 1:
            return {t: sum((players - i) * x for i, x in enumerate(per_board[t])) for t in group}
        if level == 2:
            return {t: wins[t] for t in group}
        if level == 3:
            return {t: sum(vs[t, u] for u in group) for t in group}
        return {t: per_board[t][level - 4] for t in group}

    placed = {}

    def split(group, level, first):
        if len(group) == 1 or level == 4 + players:
            for t in group:
                placed[t] = first
            return
        keys = keys_for(group, level)
        ordered = sorted(group, key=lambda t: -keys[t])
        for _, sub in groupby(ordered, key=lambda t: keys[t]):
            sub = list(sub)
            split(sub, level + 1, first)
            first += len(sub)

    split(list(letters), 0, 1)
    return placed


CASES = [(4, 4, 4, 3), (8, 5, 4, 4), (11, 6, 4, 3)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CASES), st.data())
def test_random_results_match_the_cascade(case, data):
    number, teams, players, rounds = case
    played = played_rounds(seed_molter_table(number, teams, players), rounds)
    codes = st.sampled_from(RESULT_CODES + ("1-0", "0-1", "1/2-1/2") * 3 + (None,))
    results = {}
    for r, rn in enumerate(played, 1):
        for b in range(1, len(rn) + 1):
            code = data.draw(codes)
            if code is not None:
                results[(r, b)] = code
    standings = team_standings(teams, players, played, results)
    assert places(standings) == cascade_places(teams, players, played, results)
    assert [s.place for s in standings] == sorted(s.place for s in standings)
    decided = sum(1 for c in results.values() if c != "0-0")
    assert sum(s.points for s in standings) == decided
