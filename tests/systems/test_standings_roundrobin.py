"""Round-robin standings (addin.systems.standings.roundrobin) against hand-derived
values (seed 004, after correction), hand-made cases for each rule, and a
naive oracle that recomputes every number from the definitions in
docs/standings.md with plain loops over the schedule."""

from itertools import permutations

import pytest
from hypothesis import given, settings, strategies as st

from addin.core.errors import TournamentError
from addin.core.results import parse_result, score
from addin.systems.roundrobin.berger import berger_schedule
from addin.core.schedule import Game, Round, Schedule
from addin.systems.standings.roundrobin import CLASSIC_TIEBREAKS as TIEBREAKS, compute_standings, evaluate

ALICE, BOB, CHARLIE, DIANA = 1, 2, 3, 4

# Seed 004, "Cas pratique détaillé: tournoi 4 joueurs": pairings (White first)
# and "Simulation des résultats".
SEED004 = Schedule("seed004", 4, (
    Round(1, (Game(1, ALICE, BOB), Game(2, CHARLIE, DIANA))),
    Round(2, (Game(1, ALICE, CHARLIE), Game(2, BOB, DIANA))),
    Round(3, (Game(1, ALICE, DIANA), Game(2, BOB, CHARLIE))),
))
SEED004_RESULTS = {(1, 1): "1 - 0", (1, 2): "½ - ½", (2, 1): "½ - ½",
                   (2, 2): "1 - 0", (3, 1): "1 - 0", (3, 2): "0 - 1"}


def by_number(standings):
    return {s.number: s for s in standings}


def test_seed004_final_table_corrected():
    # Hand derivation from the seed's results, game by game:
    #   Alice:   R1 beat Bob 1, R2 drew Charlie 1/2, R3 beat Diana 1  -> 2.5, 2W 1D 0L
    #   Bob:     R1 lost 0, R2 beat Diana 1, R3 lost to Charlie 0      -> 1,   1W 0D 2L
    #   Charlie: R1 drew Diana 1/2, R2 drew Alice 1/2, R3 beat Bob 1    -> 2,   1W 2D 0L
    #   Diana:   R1 drew 1/2, R2 lost 0, R3 lost 0                      -> 0.5, 0W 1D 2L
    # Total 6 points for 6 games. The seed prints Charlie 1W 1D 1L 1.5 50 %
    # (total 5.5): corrected, see docs/corrections-roundrobin.md.
    expected = {  # number: (rank, points, wins, draws, losses, percentage to 0.1)
        ALICE: (1, 2.5, 2, 1, 0, 83.3),
        CHARLIE: (2, 2.0, 1, 2, 0, 66.7),
        BOB: (3, 1.0, 1, 0, 2, 33.3),
        DIANA: (4, 0.5, 0, 1, 2, 16.7),
    }
    table = compute_standings(SEED004, SEED004_RESULTS)
    assert [s.number for s in table] == [ALICE, CHARLIE, BOB, DIANA]
    for s in table:
        assert (s.rank, s.points, s.wins, s.draws, s.losses, round(s.percentage, 1)) == expected[s.number]
        assert s.played == 3 and s.counted
    assert sum(s.points for s in table) == 6


def test_seed004_tiebreak_values_by_hand():
    got = by_number(compute_standings(SEED004, SEED004_RESULTS))
    # SB = sum of (own points in the game x opponent's final score):
    #   Alice   1*1 (Bob) + 1/2*2 (Charlie) + 1*0.5 (Diana) = 2.5
    #   Charlie 1/2*0.5 + 1/2*2.5 + 1*1                       = 2.5
    #   Bob     0*2.5 + 1*0.5 + 0*2                           = 0.5
    #   Diana   1/2*2 + 0*1 + 0*2.5                           = 1
    assert {p: s.sb for p, s in got.items()} == {ALICE: 2.5, CHARLIE: 2.5, BOB: 0.5, DIANA: 1.0}
    # Koya: maximum score 3, threshold 1.5: Alice (2.5) and Charlie (2).
    assert {p: s.koya for p, s in got.items()} == {ALICE: 0.5, CHARLIE: 0.5, BOB: 0.0, DIANA: 0.5}
    # No tie on points: DE never applies.
    assert all(s.de == 0 and s.de_levels == () for s in got.values())
    assert {p: s.win for p, s in got.items()} == {ALICE: 2, CHARLIE: 1, BOB: 1, DIANA: 0}
    # Black games: Alice none, Bob R1, Charlie R2 and R3 (won R3), Diana all three.
    assert {p: (s.bpg, s.bwg) for p, s in got.items()} == {
        ALICE: (0, 0), BOB: (1, 0), CHARLIE: (2, 1), DIANA: (3, 0)}


def test_no_result_gives_a_clean_table():
    table = compute_standings(berger_schedule(6), {})
    assert [s.rank for s in table] == [1] * 6
    assert [s.number for s in table] == [1, 2, 3, 4, 5, 6]
    assert all(s.points == s.played == s.percentage == s.sb == s.koya == s.de == 0 for s in table)


def test_forfeits_count_as_results_and_as_played_games():
    # Seed schedule: R1 Alice +- Bob, Charlie 0-0 Diana; R2 Alice -+ Charlie.
    results = {(1, 1): "+-", (1, 2): "0-0", (2, 1): "-+"}
    got = by_number(compute_standings(SEED004, results))
    # Alice: +- (win) then -+ (loss) => 1 point, 2 games, 1W 0D 1L, no game over the board.
    a = got[ALICE]
    assert (a.points, a.played, a.wins, a.losses, a.won, a.bpg) == (1.0, 2, 1, 1, 0, 0)
    assert (a.forfeit_wins, a.forfeit_losses, a.percentage) == (1, 1, 50.0)
    # Charlie: 0-0 (loss for both) then won by forfeit as Black: WIN counts it, WON, BPG, BWG do not.
    c = got[CHARLIE]
    assert (c.points, c.played, c.wins, c.losses, c.win, c.won, c.bpg, c.bwg) == (1.0, 2, 1, 1, 1, 0, 0, 0)
    d = got[DIANA]
    assert (d.points, d.played, d.losses, d.forfeit_losses) == (0.0, 1, 1, 1)
    # SB counts forfeits as played: Alice 1 x Bob's 0 points; Charlie 1 x Alice's 1 point.
    assert a.sb == 0.0 and c.sb == 1.0


def test_direct_encounter_between_two_pairs():
    # Berger 4 (R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1): 1 beats 2, 3 beats 4,
    # the four other games drawn. Points: 1: 1+.5+.5 = 2; 3: 2; 2: 1; 4: 1.
    # {1, 3} drew each other: DE 0.5 each, still tied; same for {2, 4}.
    sched = berger_schedule(4)
    want = {(1, 2): 1.0, (3, 4): 1.0}  # score of the lower number in these pairs
    results = {}
    for r, b, w, k in sched.games():
        pts = want.get((min(w, k), max(w, k)), 0.5)
        white_pts = pts if w < k else 1 - pts
        results[(r, b)] = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[white_pts]
    got = compute_standings(sched, results, tiebreaks=("DE",))
    assert [(s.number, s.rank, s.points, s.de) for s in got] == [
        (1, 1, 2.0, 0.5), (3, 1, 2.0, 0.5), (2, 3, 1.0, 0.5), (4, 3, 1.0, 0.5)]


def test_de_on_cyclic_ties():
    # 5-player round-robin (bye worth 0): 1 beats 2 and 3, 2 beats 3 and 4,
    # 3 beats 4 and 5, 4 beats 5 and 1, 5 beats 1 and 2: all on 2 points and
    # DE 2 each -> no split, all share rank 1.
    sched = berger_schedule(5)
    beats = {(1, 2), (1, 3), (2, 3), (2, 4), (3, 4), (3, 5), (4, 5), (4, 1), (5, 1), (5, 2)}

    def results_for(beat, draws=()):
        out = {}
        for r, b, w, k in sched.games():
            if (w, k) in draws or (k, w) in draws:
                out[(r, b)] = "1/2-1/2"
            elif (w, k) in beat:
                out[(r, b)] = "1-0"
            else:
                assert (k, w) in beat
                out[(r, b)] = "0-1"
        return out

    got = compute_standings(sched, results_for(beats), tiebreaks=("DE", "SB"))
    assert all(s.points == 2 and s.rank == 1 and s.de == 2 and s.de_levels == (2.0,) for s in got)
    # Now make 1 beat 4 too (4 loses a point, 1 gains one): 1: 3, 2: 2, 3: 2, 4: 1, 5: 2
    beats2 = (beats - {(4, 1)}) | {(1, 4)}
    got = by_number(compute_standings(sched, results_for(beats2), tiebreaks=("DE",)))
    # Tied on 2: {2, 3, 5}. Among them: 2 beat 3, 3 beat 5, 5 beat 2 -> DE 1 each: no split.
    assert [got[p].rank for p in (1, 2, 3, 5, 4)] == [1, 2, 2, 2, 5]
    assert all(got[p].de_levels == (1.0,) for p in (2, 3, 5))
    # Draw 2-4 instead of 2 beating 4: 2: 1.5, 4: 1.5. Tied on 2: {3, 5}: 3 beat 5.
    # Tied on 1.5: {2, 4}: drew -> tie remains.
    got = by_number(compute_standings(sched, results_for(beats2, draws={(2, 4)}), tiebreaks=("DE",)))
    assert [(got[p].rank, got[p].points, got[p].de) for p in (1, 3, 5, 2, 4)] == [
        (1, 3.0, 0.0), (2, 2.0, 1.0), (3, 2.0, 0.0), (4, 1.5, 0.5), (4, 1.5, 0.5)]


def test_de_reapplication_splits_a_sub_tie():
    # Hand-built 6-player event. Among 1-4: 2 beats 1, 1 beats 3 and 4, the
    # games 2-3, 2-4 and 3-4 are drawn. DE level 1: 1: 0+1+1 = 2, 2: 1+.5+.5
    # = 2, 3: 0+.5+.5 = 1, 4: 1 -> {1, 2} on 2, {3, 4} on 1. Level 2 within
    # {1, 2}: 2 beat 1 -> 2 first; within {3, 4}: drawn -> still tied.
    sched = berger_schedule(6)
    own = {}

    def put(a, b, pts):
        own[(a, b)], own[(b, a)] = pts, 1 - pts
    put(2, 1, 1); put(1, 3, 1); put(1, 4, 1); put(2, 3, 0.5); put(2, 4, 0.5); put(3, 4, 0.5)
    # Totals 1..4 on 2, 2, 1, 1 plus games against 5 and 6 chosen so all reach 3:
    # 1 and 2 add 1 (lose to 5, beat 6), 3 and 4 add 2 (beat 5 and 6); 6 beats 5,
    # so 5 ends on 2 points and 6 on 1: the tied group is exactly {1, 2, 3, 4}.
    put(5, 1, 1); put(1, 6, 1); put(5, 2, 1); put(2, 6, 1)
    put(3, 5, 1); put(3, 6, 1); put(4, 5, 1); put(4, 6, 1); put(6, 5, 1)
    results = {}
    for r, b, w, k in sched.games():
        results[(r, b)] = {1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[own[(w, k)]]
    got = by_number(compute_standings(sched, results, tiebreaks=("DE", "SB")))
    assert [got[p].points for p in (1, 2, 3, 4, 5, 6)] == [3.0] * 4 + [2.0, 1.0]
    assert got[2].de_levels == (2.0, 1.0) and got[1].de_levels == (2.0, 0.0)
    assert got[3].de_levels == (1.0, 0.5) and got[4].de_levels == (1.0, 0.5)
    assert [got[p].de for p in (1, 2, 3, 4)] == [2.0, 2.0, 1.0, 1.0]
    # 3 and 4 still tied after DE, SB decides:
    #   SB(3) = 0*3 (1) + .5*3 (2) + .5*3 (4) + 1*2 (5) + 1*1 (6) = 6
    #   SB(4) = 0*3 (1) + .5*3 (2) + .5*3 (3) + 1*2 (5) + 1*1 (6) = 6  -> tied, share rank 3
    assert (got[3].sb, got[4].sb) == (6.0, 6.0)
    assert [got[p].rank for p in (2, 1, 3, 4, 5, 6)] == [1, 2, 3, 3, 5, 6]


def test_de_not_decisive_until_all_tied_players_met():
    # Seed schedule after round 1 only with 1-0 and draw: Alice 1, Bob 0,
    # Charlie and Diana 0.5 each and they met: DE 0.5 each -> still tied.
    got = by_number(compute_standings(SEED004, {(1, 1): "1-0", (1, 2): "1/2-1/2"}))
    assert got[CHARLIE].rank == got[DIANA].rank == 2
    # Round 2: Alice-Charlie 0-1 (Charlie 1.5, Alice 1), Bob-Diana 1-0 (Bob 1, Diana .5).
    # Alice and Bob are tied on 1 and met (Alice won): Alice ahead by DE.
    got = by_number(compute_standings(SEED004, {(1, 1): "1-0", (1, 2): "1/2-1/2",
                                                  (2, 1): "0-1", (2, 2): "1-0"}, tiebreaks=("DE",)))
    assert (got[CHARLIE].rank, got[ALICE].rank, got[BOB].rank, got[DIANA].rank) == (1, 2, 3, 4)
    assert (got[ALICE].de, got[BOB].de) == (1.0, 0.0)
    # Three tied players of whom two never met: DE is not used at all.
    results = {(1, 1): "1/2-1/2", (1, 2): "1/2-1/2"}  # all on 0.5; A-B met, C-D met, A-C not
    got = compute_standings(SEED004, results, tiebreaks=("DE",))
    assert [s.rank for s in got] == [1, 1, 1, 1] and all(s.de == 0 for s in got)


def test_double_round_robin_de_uses_the_mean_of_the_pair():
    sched = berger_schedule(3, cycles=2)  # 3 players: each pair meets twice
    results = {}
    # Player 1 and 2: 1 wins one, draws the other -> 1's mean 0.75, 2's 0.25.
    # Everything else drawn.
    for r, b, w, k in sched.games():
        pair = {w, k}
        if pair == {1, 2} and r <= 3:
            results[(r, b)] = "1-0" if w == 1 else "0-1"
        else:
            results[(r, b)] = "1/2-1/2"
    got = by_number(compute_standings(sched, results, tiebreaks=("DE", "SB")))
    # points: 1: 1 + .5 + .5 + .5 = 2.5; 2: 0 + .5 + 1 (two draws vs 3) = 1.5; 3: 2
    assert (got[1].points, got[2].points, got[3].points) == (2.5, 1.5, 2.0)
    assert [got[p].rank for p in (1, 3, 2)] == [1, 2, 3]
    # Make 1 and 3 tie: the test only needs the pair mean, checked through a tie of 1 and 2:
    results2 = dict(results)
    for r, b, w, k in sched.games():
        if {w, k} == {2, 3}:
            results2[(r, b)] = "1-0" if w == 2 else "0-1"  # 2 beats 3 twice
        if {w, k} == {1, 3}:
            results2[(r, b)] = "1/2-1/2"
    got = by_number(compute_standings(sched, results2, tiebreaks=("DE",)))
    # 1: 1.5 (vs 2) + 1 (vs 3) = 2.5; 2: 0.5 + 2 = 2.5; tied, DE = mean: 1: 0.75, 2: 0.25
    assert (got[1].points, got[2].points) == (2.5, 2.5)
    assert (got[1].de, got[2].de) == (0.75, 0.25)
    assert (got[1].rank, got[2].rank, got[3].rank) == (1, 2, 3)


def test_byes_setting_started_rounds_and_win():
    sched = berger_schedule(5)
    bye_of = {rnd.number: rnd.byes[0] for rnd in sched.rounds}
    first = {(1, b): "1-0" for b in (1, 2)}
    got0 = by_number(compute_standings(sched, first))
    got1 = by_number(compute_standings(sched, first, bye_points=1))
    p = bye_of[1]
    assert got0[p].points == 0 and got0[p].byes == 1 and got0[p].played == 0
    assert got1[p].points == 1 and got1[p].win == 1 and got1[p].wins == 0
    assert got1[p].percentage == 0  # no game played
    # The bye of round 2 is not credited before round 2 starts.
    assert got1[bye_of[2]].byes == 0
    half = by_number(compute_standings(sched, first, bye_points="1/2"))
    assert half[p].points == 0.5 and half[p].win == 0
    # Koya threshold: 4 games + (bye_points x 1 bye) -> max 4, 4.5, 5
    assert [evaluate(sched, first, bye_points=v).max_score for v in (0, 0.5, 1)] == [4, 4.5, 5]


def _full_results(sched, code_for):
    return {(r, b): code_for(r, b, w, k) for r, b, w, k in sched.games()}


def test_withdrawal_before_half_is_not_counted():
    # 6 players, 5 rounds. Player 6 plays rounds 1-2 over the board, then
    # withdraws: his remaining games are forfeits (he loses them).
    sched = berger_schedule(6)
    def code(r, b, w, k):
        if 6 in (w, k):
            if r <= 2:
                return "1-0" if w == 6 else "0-1"  # he wins his two games
            return "-+" if w == 6 else "+-"
        return "1/2-1/2"
    results = _full_results(sched, code)
    got = compute_standings(sched, results, withdrawn={6})
    last = got[-1]
    assert last.number == 6 and not last.counted and last.withdrawn and last.rank == 6
    # His own row keeps his results: 2 wins, 3 forfeit losses.
    assert (last.points, last.played, last.wins, last.losses, last.forfeit_losses) == (2.0, 5, 2, 3, 3)
    # Everyone else: 4 draws among themselves, the game against 6 ignored.
    for s in got[:-1]:
        assert (s.points, s.played, s.draws, s.rank, s.counted) == (2.0, 4, 4, 1, True)
    # Koya: maximum possible score 4 (games against counted players), threshold 2.
    assert evaluate(sched, results, withdrawn={6}).max_score == 4
    # After three games over the board (3 of 5 >= half) he stays counted.
    def code3(r, b, w, k):
        if 6 in (w, k) and r > 3:
            return "-+" if w == 6 else "+-"
        if 6 in (w, k):
            return "1-0" if w == 6 else "0-1"
        return "1/2-1/2"
    got = by_number(compute_standings(sched, _full_results(sched, code3), withdrawn={6}))
    assert got[6].counted and got[6].withdrawn and got[6].points == 3
    # His opponents of rounds 4 and 5 won by forfeit: 4 draws + 1 = 3 points,
    # tied with him; they met him (forfeits count): DE 6 -> 0, each of them 1 + 1/2.
    later = [p for r, b, w, k in sched.games() if 6 in (w, k) and r > 3 for p in (w, k) if p != 6]
    assert all(got[p].points == 3 and got[p].de == 1.5 for p in later)
    assert got[6].de == 0 and got[6].rank == 3


@pytest.mark.parametrize("kwargs, start", [
    ({"tiebreaks": ("DE", "XX")}, "The tie-break 'XX' is unknown"),
    ({"tiebreaks": "SB, SB"}, "The tie-break SB is listed twice"),
    ({"bye_points": 2}, "The argument 'bye_points' must be 0, 0.5 or 1"),
    ({"withdrawn": {7}}, "The argument 'withdrawn' is 7"),
    ({"results": {(9, 1): "1-0"}}, "Round 9 does not exist: the rounds are numbered 1 to 5"),
    ({"results": {(2, 4): "1-0"}}, "Round 2 has no board 4: its boards are numbered 1 to 3"),
    ({"results": {(2, 1): "2-0"}}, 'round 2, board 1: the result "2-0" is not a result code'),
    ({"results": {"x": "1-0"}}, "The result key 'x' must be a pair"),
])
def test_errors(kwargs, start):
    kwargs.setdefault("results", {})
    with pytest.raises(TournamentError) as err:
        compute_standings(berger_schedule(6), **kwargs)
    assert str(err.value).startswith(start), str(err.value)


def test_tiebreaks_as_text():
    a = compute_standings(SEED004, SEED004_RESULTS, tiebreaks="sb; de win")
    b = compute_standings(SEED004, SEED004_RESULTS, tiebreaks=("SB", "DE", "WIN"))
    assert a == b


# --------------------------------------------------------------------------
# Naive oracle: every definition of docs/standings.md, recomputed with plain
# loops over the schedule (no shared code with the module except the result
# parser and the points of a code).
# --------------------------------------------------------------------------

def oracle(sched, results, tiebreaks, withdrawn, bye_points):
    n = sched.players
    codes = {k: parse_result(v) for k, v in results.items() if parse_result(v)}
    games = list(sched.games())
    otb = {"1-0", "0-1", "1/2-1/2"}

    def mine(p):  # (round, opponent, own points, code, with black) for p's games with a result
        out = []
        for r, b, w, k in games:
            if (r, b) in codes and p in (w, k):
                pw, pb = score(codes[(r, b)])
                out.append((r, k if p == w else w, pw if p == w else pb, codes[(r, b)], p == k))
        return out

    uncounted = {p for p in withdrawn
                 if 2 * sum(1 for g in mine(p) if g[3] in otb) < sum(1 for g in games if p in g[2:])}
    started = {r for r, _ in codes}
    counted = [p for p in range(1, n + 1) if p not in uncounted]

    def byes(p):
        return sum(1 for rnd in sched.rounds if p in rnd.byes and rnd.number in started)

    def cgames(p):
        return [g for g in mine(p) if g[1] not in uncounted]

    pts = {p: sum(g[2] for g in cgames(p)) + bye_points * byes(p) for p in counted}
    maxi = max(sum(1 for g in games if p in g[2:] and not set(g[2:]) & uncounted)
               + bye_points * sum(1 for rnd in sched.rounds if p in rnd.byes) for p in counted)
    val = {}
    for p in counted:
        gs = cgames(p)
        val[p] = {
            "SB": sum(g[2] * pts[g[1]] for g in gs),
            "KS": sum(g[2] for g in gs if 2 * pts[g[1]] >= maxi),
            "WIN": sum(1 for g in gs if g[2] == 1) + (byes(p) if bye_points == 1 else 0),
            "WON": sum(1 for g in gs if g[2] == 1 and g[3] in otb),
            "BPG": sum(1 for g in gs if g[4] and g[3] in otb),
            "BWG": sum(1 for g in gs if g[4] and g[3] in otb and g[2] == 1),
        }

    def mean(a, b):
        s = [g[2] for g in cgames(a) if g[1] == b]
        return sum(s) / len(s) if s else None

    key = {p: (pts[p],) for p in counted}
    de = {p: () for p in counted}
    for tb in tiebreaks:
        if tb != "DE":
            key = {p: key[p] + (val[p][tb],) for p in counted}
            continue
        new = {}
        for p in counted:
            group = [q for q in counted if key[q] == key[p]]
            if len(group) == 1 or any(mean(a, b) is None for a in group for b in group if a != b):
                new[p] = key[p] + ((),)
                continue
            # iterative refinement: blocks refine until none splits
            levels = {q: [] for q in group}
            active, done = [group], []
            while active:
                block = active.pop()
                sc = {a: sum(mean(a, b) for b in block if b != a) for a in block}
                for a in block:
                    levels[a].append(sc[a])
                if len(set(sc.values())) == 1:
                    done.append(block)
                    continue
                for v in set(sc.values()):
                    part = [a for a in block if sc[a] == v]
                    (active if len(part) > 1 else done).append(part)
            new[p] = key[p] + (tuple(levels[p]),)
            de[p] = tuple(levels[p])
        key = new
    rank = {p: 1 + sum(1 for q in counted if key[q] > key[p]) for p in counted}
    return {"uncounted": uncounted, "pts": pts, "val": val, "de": de, "rank": rank, "max": maxi}


CODES = ["1-0", "0-1", "1/2-1/2", "+-", "-+", "0-0", None]


@st.composite
def events(draw):
    n = draw(st.integers(3, 8))
    cycles = draw(st.integers(1, 2))
    sched = berger_schedule(n, cycles=cycles)
    weights = draw(st.sampled_from(["complete", "draws", "mixed", "partial"]))
    pool = {"complete": CODES[:3], "draws": ["1/2-1/2", "1/2-1/2", "1-0"],
            "mixed": CODES[:6], "partial": CODES}[weights]
    results = {(r, b): draw(st.sampled_from(pool)) for r, b, _, _ in sched.games()}
    withdrawn = draw(st.sets(st.integers(1, n), max_size=2))
    bye_points = draw(st.sampled_from([0.0, 0.5, 1.0]))
    names = draw(st.permutations(TIEBREAKS))
    tiebreaks = tuple(names[:draw(st.integers(0, len(names)))])
    return sched, results, tiebreaks, withdrawn, bye_points


@settings(max_examples=150, deadline=None)
@given(events())
def test_matches_the_naive_oracle(event):
    sched, results, tiebreaks, withdrawn, bye_points = event
    report = evaluate(sched, results, tiebreaks, withdrawn, bye_points)
    want = oracle(sched, results, tiebreaks, withdrawn, bye_points)
    assert report.uncounted == want["uncounted"]
    assert report.max_score == want["max"]
    got = by_number(report.standings)
    for p, rank in want["rank"].items():
        s = got[p]
        assert s.counted and s.rank == rank
        assert s.points == want["pts"][p]
        assert (s.sb, s.koya, s.win, s.won, s.bpg, s.bwg) == tuple(
            want["val"][p][k] for k in ("SB", "KS", "WIN", "WON", "BPG", "BWG"))
        if "DE" in tiebreaks:
            assert s.de_levels == want["de"][p]
            assert s.de == (want["de"][p][0] if want["de"][p] else 0.0)


@settings(max_examples=150, deadline=None)
@given(events())
def test_invariants(event):
    sched, results, tiebreaks, withdrawn, bye_points = event
    table = compute_standings(sched, results, tiebreaks, withdrawn, bye_points)
    n = sched.players
    assert sorted(s.number for s in table) == list(range(1, n + 1))
    counted = [s for s in table if s.counted]
    uncounted = [s for s in table if not s.counted]
    assert table == counted + uncounted
    assert [s.number for s in uncounted] == sorted(s.number for s in uncounted)
    for s in table:
        assert s.wins + s.draws + s.losses == s.played
        assert s.game_points == s.wins + s.draws / 2
        assert s.points == s.game_points + bye_points * s.byes
        assert 0 <= s.percentage <= 100
        assert s.won <= s.wins and s.bwg <= s.bpg and s.forfeit_wins + s.won == s.wins
    # Points are conserved: without exclusions the counted game points add up
    # to the decisive and drawn games (a double forfeit gives nothing).
    if not any(not s.counted for s in table):
        codes = [parse_result(v) for v in results.values()]
        assert sum(s.game_points for s in table) == sum(1 for c in codes if c and c != "0-0")
        assert sum(s.played for s in table) == 2 * sum(1 for c in codes if c)
    # Ranks: 1 for the first, non-decreasing; equal ranks exactly when every
    # criterion is equal; a new rank equals its position (1, 2, 2, 4).
    for i, s in enumerate(counted):
        if i == 0:
            assert s.rank == 1
            continue
        prev = counted[i - 1]
        same = (prev.points, [prev.value(t) for t in tiebreaks], prev.de_levels) == (
            s.points, [s.value(t) for t in tiebreaks], s.de_levels)
        if same:
            assert s.rank == prev.rank and prev.number < s.number
        else:
            assert s.rank == i + 1 and prev.points >= s.points
    for i, s in enumerate(uncounted):
        assert s.rank == len(counted) + i + 1


@settings(max_examples=60, deadline=None)
@given(events(), st.randoms(use_true_random=False))
def test_renumbering_players_changes_nothing_but_the_numbers(event, rnd):
    sched, results, tiebreaks, withdrawn, bye_points = event
    n = sched.players
    perm = list(range(1, n + 1))
    rnd.shuffle(perm)
    to = dict(zip(range(1, n + 1), perm))
    renamed = Schedule("x", n, tuple(
        Round(r.number, tuple(Game(g.board, to[g.white], to[g.black]) for g in r.games),
              tuple(to[p] for p in r.byes)) for r in sched.rounds))
    a = by_number(compute_standings(sched, results, tiebreaks, withdrawn, bye_points))
    b = by_number(compute_standings(renamed, results, tiebreaks, {to[p] for p in withdrawn}, bye_points))
    for p in range(1, n + 1):
        x, y = a[p], b[to[p]]
        assert (x.points, x.played, x.sb, x.de, x.koya, x.win, x.counted) == (
            y.points, y.played, y.sb, y.de, y.koya, y.win, y.counted)
        if x.counted:
            assert x.rank == y.rank


@settings(max_examples=60, deadline=None)
@given(events())
def test_more_tiebreaks_only_split_ties(event):
    sched, results, tiebreaks, withdrawn, bye_points = event
    coarse = by_number(compute_standings(sched, results, tiebreaks[:-1] if tiebreaks else (), withdrawn, bye_points))
    fine = by_number(compute_standings(sched, results, tiebreaks, withdrawn, bye_points))
    for p in coarse:
        for q in coarse:
            if coarse[p].counted and coarse[q].counted and coarse[p].rank < coarse[q].rank:
                assert fine[p].rank < fine[q].rank


def test_withdrawal_boundary_exactly_half_stays_counted():
    # Double round-robin of 4: 6 games each. Player 4 completes k games over
    # the board then forfeits the rest: counted iff 2k >= 6 (C.05: "less than half").
    sched = berger_schedule(4, cycles=2)
    order = [(r, b) for r, b, w, k in sched.games() if 4 in (w, k)]
    for k in range(0, 7):
        results = {}
        for r, b, w, bl in sched.games():
            if 4 in (w, bl):
                played = order.index((r, b)) < k
                results[(r, b)] = "1/2-1/2" if played else ("-+" if w == 4 else "+-")
            else:
                results[(r, b)] = "1-0"
        got = by_number(compute_standings(sched, results, withdrawn=[4]))
        assert got[4].counted is (2 * k >= 6), k
        assert got[4].withdrawn
