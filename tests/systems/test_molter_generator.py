"""Generated Molter tables: every hard rule, checked by two independent oracles.

Oracle 1 is :func:`hard_rule_errors` below, written from the rule list of
``references.md`` ("Molter tables: what a peer checks") and seed 001, sharing
no code with the generator nor with :mod:`addin.systems.molter.verify`. Oracle 2 is
the verifier of the official-table work (``verify``), for up to 25 teams
(its team letters stop at N). Shapes are sampled by hypothesis; the
exhaustive sweep is ``benchmarks/bench_molter_generator.py``.
"""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from addin.core.errors import TournamentError
from addin.systems.molter.generator import generate, team_names
from addin.systems.molter.model import MolterTable
from addin.systems.molter.verify import verify


def hard_rule_errors(table: MolterTable, rounds_played: list) -> list[str]:
    """Every broken hard rule of a table played as ``rounds_played`` (lists of pairings)."""
    n, p = table.teams, table.players
    names = team_names(n)
    errors: list[str] = []
    everyone = {(t, b) for t in names for b in range(1, p + 1)}
    colours: dict = defaultdict(list)
    opponents: dict = defaultdict(list)
    descents: Counter = Counter()
    ascents: Counter = Counter()
    team_diff = Counter()
    for index, games in enumerate(rounds_played, 1):
        if len(games) != n * p // 2:
            errors.append(f"round {index}: {len(games)} boards")
        seats = [(g.white.team, g.white.board) for g in games] + [(g.black.team, g.black.board) for g in games]
        if sorted(seats) != sorted(everyone):
            errors.append(f"round {index}: players not exactly once")
        faced: dict = defaultdict(set)
        level_down: Counter = Counter()
        for g in games:
            w, b = (g.white.team, g.white.board), (g.black.team, g.black.board)
            if w[0] == b[0]:
                errors.append(f"round {index}: team-mates {g}")
            colours[w].append(1)
            colours[b].append(-1)
            opponents[w].append(b[0])
            opponents[b].append(w[0])
            faced[w[0]].add(b[0])
            faced[b[0]].add(w[0])
            team_diff[w[0]] += 1
            team_diff[b[0]] -= 1
            high, low = sorted((w, b), key=lambda s: s[1])
            if high[1] != low[1]:
                if n % 2 == 0:
                    errors.append(f"round {index}: unequal boards with even N {g}")
                elif low[1] != high[1] + 1 or high[1] % 2 == 0:
                    errors.append(f"round {index}: float outside {{i, i+1}}, i odd: {g}")
                else:
                    level_down[high[1]] += 1
                    descents[high] += 1
                    ascents[low] += 1
        if any(c > 1 for c in level_down.values()):
            errors.append(f"round {index}: two descents from one level")
        if n > 2 and any(len(s) < 2 for s in faced.values()):
            errors.append(f"round {index}: a team faces a single team")
        for t in names:
            if abs(team_diff[t]) > 2:
                errors.append(f"round {index}: team {t} colour drift {team_diff[t]}")
            if team_diff[t] and (index % 2 == 0 or index == len(rounds_played)):
                errors.append(f"round {index}: team {t} not balanced after block/end")
    for seat, teams_met in opponents.items():
        if len(teams_met) != len(set(teams_met)):
            errors.append(f"{seat} meets a team twice")
    if any(c > 1 for c in descents.values()) or any(c > 1 for c in ascents.values()):
        errors.append("a player descends or ascends twice")
    total = len(rounds_played)
    for seat, seq in colours.items():
        drift = 0
        for k, c in enumerate(seq):
            drift += c
            if abs(drift) > 2:
                errors.append(f"{seat} drift {drift}")
            if k >= 2 and seq[k] == seq[k - 1] == seq[k - 2]:
                errors.append(f"{seat} three equal colours")
        if abs(drift) > (total % 2):
            errors.append(f"{seat} unbalanced at the end ({drift})")
    return errors


def played(table: MolterTable) -> list:
    return [list(r) for r in table.rounds] + ([list(table.autonomous)] if table.autonomous else [])


shapes = st.integers(3, 14).flatmap(
    lambda n: st.tuples(st.just(n), st.sampled_from([2, 4, 6, 8]), st.integers(1, n - 1)))


@settings(max_examples=40, deadline=None)
@given(shapes)
def test_generated_tables_pass_every_hard_rule(shape):
    n, p, r = shape
    table = generate(n, p, r)
    assert (table.teams, table.players, len(table.rounds), table.source) == (n, p, r, "generated")
    assert hard_rule_errors(table, played(table)) == []
    report = verify(table)
    assert report.ok, report.violations[:3]
    assert report.grade in "ABCD"


@pytest.mark.parametrize("shape", [(30, 16, 29), (26, 2, 25), (20, 12, 19), (4, 16, 3), (3, 16, 2)])
def test_largest_shapes(shape):
    table = generate(*shape)
    assert hard_rule_errors(table, played(table)) == []


@pytest.mark.parametrize("shape", [(21, 12, 20), (25, 10, 13), (5, 16, 4)])
def test_large_odd_shapes_with_the_verifier(shape):
    table = generate(*shape)
    assert hard_rule_errors(table, played(table)) == []
    assert verify(table).ok


@settings(max_examples=15, deadline=None)
@given(st.integers(4, 13).flatmap(
    lambda n: st.tuples(st.just(n), st.sampled_from([2, 4, 6]),
                        st.sampled_from([r for r in range(2, n - 1, 2)] or [2]))))
def test_autonomous_round_can_end_or_stand_alone(shape):
    n, p, r = shape
    if r + 1 > n - 1:
        return
    table = generate(n, p, r, autonomous=True)
    assert table.autonomous is not None and len(table.rounds) == r
    # played as R + 1 rounds, as the R numbered rounds only, and alone
    assert hard_rule_errors(table, played(table)) == []
    assert hard_rule_errors(table, [list(x) for x in table.rounds]) == []
    assert hard_rule_errors(table, [list(table.autonomous)]) == []


def test_even_teams_pair_equal_boards_and_odd_teams_float():
    even = generate(6, 4, 3)
    assert all(g.white.board == g.black.board for rnd in even.rounds for g in rnd)
    odd = generate(7, 4, 3)
    floats = [g for rnd in odd.rounds for g in rnd if g.white.board != g.black.board]
    assert len(floats) == 3 * 2  # one floater game per level pair and round


def test_same_arguments_same_table_and_seed_changes_it():
    assert generate(9, 4, 4) == generate(9, 4, 4)
    assert generate(9, 4, 4, seed=1).rounds != generate(9, 4, 4).rounds


@pytest.mark.parametrize("args, words", [
    ((6, 5, 2), "must be even"),
    ((6, 4, 6), "1 to 5 rounds"),
    ((31, 4, 2), "from 3 to 30"),
    ((2, 4, 1), "from 3 to 30"),
    ((6, 18, 2), "from 2 to 16"),
    ((6, 4, 0), "at least 1"),
    ((6, "x", 2), "whole number"),
])
def test_bad_arguments_are_one_sentence(args, words):
    with pytest.raises(TournamentError, match=words):
        generate(*args)


def test_autonomous_needs_even_rounds_and_a_team_left():
    with pytest.raises(TournamentError, match="autonomous"):
        generate(6, 4, 3, autonomous=True)
    with pytest.raises(TournamentError, match="autonomous"):
        generate(5, 4, 4, autonomous=True)


def test_team_names_skip_i_and_go_past_z():
    assert team_names(10) == tuple("ABCDEFGHJK")
    assert team_names(27)[-2:] == ("AA", "AB")


@settings(max_examples=10, deadline=None)
@given(shapes)
def test_quality_metrics_agree_with_the_verifier(shape):
    from addin.systems.molter.generator import quality

    table = generate(*shape)
    assert quality(table) == verify(table).metrics
