"""Molter tables of any size, generated at run time (seed 001, ``references.md``).

:func:`generate` builds a table for ``N`` teams (3 to 30) of ``P`` players
(even, 2 to 16) in ``R`` rounds (``1 ≤ R < N``) that passes every hard rule
of ``references.md`` ("Molter tables: what a peer checks") and pursues the
quality ideals I1–I5 and the per-round team colour balance. How:

1. pairings (:mod:`addin.systems.molter.construct`): for even ``N`` every level plays
   one factor of the circle 1-factorisation per round, levels starting at
   evenly spread factors; for odd ``N`` every pair of levels ``{2j−1, 2j}``
   plays one Walecki Hamiltonian cycle per round, split into upper games,
   lower games and one floater game, the floaters chosen by CP-SAT on I2–I4
   then repaired until every two-round block can be coloured in alternation
   (:mod:`addin.systems.molter.colourable`; if the table grades C or D, the repair
   tries another random path and the better table is kept);
2. colours (:mod:`addin.systems.molter.colours`): every player alternates colours in
   each two-round block; CP-SAT (OR-Tools) picks one bit per alternating
   cycle so that teams are balanced; when some team still lacks ``P/2``
   Whites in some round, a bounded CP-SAT search over the whole event
   (players may then play W W B B) looks for exactly balanced rounds
   (events up to :data:`EXACT_LIMIT` games);
3. if step 2 cannot keep every team within one White of balance, a
   *paired* construction whose colours are exact by design replaces the
   pairings (two levels, or two rounds, share the same cycle); it meets
   fewer distinct teams early (I1), so it is used only then.

The autonomous round (``autonomous=True``): seed 001 adds a one-round table
to an even number of rounds ("adjointe aux 2 (4, 6, …) rondes qui la
précèdent") or plays it alone. Here it is round ``R+1`` of an ``R+1``-round
generated table, stored apart as :attr:`MolterTable.autonomous`. It is
offered when ``R`` is even and ``R + 1 < N`` (otherwise some player would
meet a team twice): the ``R`` numbered rounds are complete blocks, so every
player and team is balanced after them and the event may stop there; the
last round alone gives every team exactly ``P/2`` Whites, so it can also be
played as a one-round event.

Results are cached in memory (:func:`functools.lru_cache`); the same
arguments always give the same table (``seed`` picks another one).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any, Callable, Sequence

from addin.core.args import as_bool, as_int
from addin.core.errors import TournamentError
from addin.systems.molter.colours import ColourFailure, block_order, exact_orient, orient, round_colour_misses
from addin.systems.molter.construct import (Plan, build, even_paired_plan, even_plan, odd_paired_plan, odd_plan,
                                             pairing_metrics, random_factorisation, score)
from addin.systems.molter.cycles import Game, circulant_cycles
from addin.systems.molter.model import MAX_TEAMS, MolterTable, Pairing, Seat, team_letters

MIN_TEAMS = 3
MAX_PLAYERS = 16
#: games (rounds × boards) up to which the exact colour search is tried
EXACT_LIMIT = 2400
#: odd N: further random paths of the floater repair tried when a table grades C or D
RETRIES = 1
#: odd N, offline search: the paired construction (a level pair plays each cycle in both
#: rounds of a block) with floaters chosen by CP-SAT — exact per-round team colours by design
PAIRED_VARIANT = 2
#: even N, offline search: the paired construction alone (levels k and k + P/2 play the same
#: two factors of a block in opposite orders) — exact colours by design; it keeps I1 only
#: when P ≥ N − 1 (a team meets every other team in round 1), e.g. 12 × 12 × 11
EVEN_PAIRED_VARIANT = 1000
#: offline search: ``LONG_EXACT + v`` is variant ``v`` with the exact colour search given
#: :data:`LONG_EXACT_WORK` deterministic units instead of 1.5 (it finds exactly balanced
#: rounds for shapes such as 18 × 6 × 7 that the run-time budget gives up on)
LONG_EXACT = 2000
LONG_EXACT_WORK = 30.0
#: offline search, a plan with its own decomposition of the pairs of teams (issue 13: the
#: shapes below the peer): even ``N``, ``OWN_DECOMPOSITION + v`` plays the offsets on the
#: 1-factorisation drawn with ``v`` (:func:`~addin.systems.molter.construct.random_factorisation`)
#: with the long exact colour search (no hint) — 8 × 6 × 6, for which no schedule of the circle
#: factorisation tried reached exact colours; odd prime ``N``, ``OWN_DECOMPOSITION`` is the paired construction on the
#: circulant cycles (:func:`~addin.systems.molter.cycles.circulant_cycles`), floaters by CP-SAT
#: with :data:`OWN_CYCLES_WORK` units — 13 × 12 × 11/12, where CP-SAT found no floaters with one
#: descent and one ascent per team and block on Walecki's cycles
OWN_DECOMPOSITION = 3000
OWN_CYCLES_WORK = 120.0
#: odd ``N``, offline search: the spread construction with the CP-SAT floaters kept as found (I2–I4
#: met, no colourability repair) and colours by the whole-event exact search alone, given
#: :data:`SPREAD_EXACT_WORK` units — 15 × 12 × 9, where the repair could not keep I4 (a team
#: descending or ascending twice in a block) although these floaters admit exactly ``P/2`` Whites
#: per team and round; if the search finds none, the usual colouring steps follow (and, should
#: they fail, the paired fallback of variant 0)
SPREAD_EXACT = 4000
SPREAD_EXACT_WORK = 120.0


team_names = team_letters  # the shared naming of addin.systems.molter.model


def check_generator_args(teams: Any, players: Any, rounds: Any, autonomous: Any = False,
                         seed: Any = 0) -> tuple[int, int, int, bool, int]:
    """Read and check the arguments of :func:`generate`; raise one plain sentence."""
    n = as_int(teams, "teams", MIN_TEAMS, MAX_TEAMS)
    p = as_int(players, "players", 2, MAX_PLAYERS)
    if p % 2:
        raise TournamentError(
            "The argument 'players' is {p}: players per team must be even (2, 4, … up to "
            "{max_players}).",
            p=p, max_players=MAX_PLAYERS)
    r = as_int(rounds, "rounds", 1, None)
    if r > n - 1:
        raise TournamentError(
            "The argument '{name}' is {r}: with {n} teams a generated table has 1 to {n_1} "
            "rounds (a player may not meet a team twice).",
            name="rounds", r=r, n=n, n_1=n - 1)
    auto = as_bool(autonomous, "autonomous", False)
    if auto and (r % 2 or r + 1 > n - 1):
        raise TournamentError(
            "An autonomous round follows an even number of rounds and needs a team not yet "
            "met: with {n} teams, ask for {choices} rounds with an autonomous "
            "round (you asked for {r}).",
            n=n, choices=', '.join(str(k) for k in range(2, n - 1, 2)) or 'no', r=r)
    s = as_int(seed, "seed", 0, None)
    return n, p, r, auto, s


def generate(teams: Any, players: Any, rounds: Any, autonomous: Any = False, seed: Any = 0,
             variant: int = 0) -> MolterTable:
    """A Molter table for ``teams`` teams of ``players`` in ``rounds`` rounds (see module doc).

    ``autonomous=True`` adds the autonomous round (``R`` even, ``R + 1 < N``).
    ``variant`` (offline search, ``tools/build_molter_library.py``): even ``N``,
    another factor schedule drawn with that seed (:func:`~addin.systems.molter.construct.random_schedule`),
    or with :data:`EVEN_PAIRED_VARIANT` the paired construction alone; odd ``N``,
    1: the floater model also minimises the summed gap between descents and
    ascents per team (:func:`~addin.systems.molter.construct.choose_floaters_exact`),
    :data:`PAIRED_VARIANT`: the paired construction with floaters by CP-SAT
    (:func:`~addin.systems.molter.construct.choose_paired_floaters`);
    0, the construction as described above; :data:`LONG_EXACT` ``+ v``: variant
    ``v`` with a longer exact colour search; :data:`OWN_DECOMPOSITION` ``+ v``: a plan
    with its own decomposition of the pairs (even ``N``: 1-factorisation ``v``;
    odd prime ``N``: the circulant cycles, paired); :data:`SPREAD_EXACT` (odd ``N``):
    the CP-SAT floaters without repair, coloured by the exact search alone.
    """
    n, p, r, auto, s = check_generator_args(teams, players, rounds, autonomous, seed)
    return _cached(n, p, r, auto, s, int(variant))


@lru_cache(maxsize=256)
def _cached(n: int, p: int, r: int, auto: bool, seed: int, variant: int = 0) -> MolterTable:
    total = r + 1 if auto else r
    plan, games, colours = _best_of_seeds(n, p, total, seed, (r,) if auto else (), variant)
    names = team_names(n)
    played = [_pairings(round_games, round_colours, names)
              for round_games, round_colours in zip(games, colours)]
    rounds = tuple(played[:r])
    extra = played[r] if auto else None
    notes = (f"generated ({plan.kind} construction, seed {seed}" + (f", variant {variant})" if variant else ")"),)
    return MolterTable(n, p, rounds, extra, source="generated", notes=notes)


def _best_of_seeds(n: int, p: int, total: int, seed: int, balanced_after: tuple[int, ...], variant: int = 0):
    """Odd ``N``: if the table grades C or D, the floater repair tries other random paths.

    Only up to :data:`EXACT_LIMIT` games (every shape up to 20 teams of 12):
    beyond, one more path would cost seconds for a rare gain.
    """
    best: tuple[tuple, tuple[Plan, list[list[Game]], list[list[bool]]]] | None = None
    games_total = total * n * p // 2
    retries = RETRIES if n % 2 and games_total <= EXACT_LIMIT and variant != SPREAD_EXACT else 0
    for attempt in range(retries + 1):  # (no repair in SPREAD_EXACT: another attempt would be the same)
        plan, games, colours = _solve(n, p, total, seed, balanced_after, attempt, variant)
        metrics = pairing_metrics(n, p, games)
        metrics["round_colour"] = round_colour_misses(p, games, colours)
        key = score(metrics)
        if best is None or key < best[0]:
            best = (key, (plan, games, colours))
        if key[0] <= 1:  # A or B
            break
    assert best is not None  # the loop runs at least once
    return best[1]


def _solve(n: int, p: int, total: int, seed: int, balanced_after: tuple[int, ...] = (),
           attempt: int = 0, variant: int = 0) -> tuple[Plan, list[list[Game]], list[list[bool]]]:
    """Pairings and colours: the spread construction, else the paired one."""
    work = 1.5
    exact_first = variant == SPREAD_EXACT and n % 2 == 1
    own = OWN_DECOMPOSITION <= variant < SPREAD_EXACT
    if own:
        variant -= OWN_DECOMPOSITION
    elif LONG_EXACT <= variant < OWN_DECOMPOSITION:
        variant, work = variant - LONG_EXACT, LONG_EXACT_WORK
    plans: Sequence[Callable[[], Plan | None]]
    if exact_first:
        # when neither the exact search nor the alternating colouring works: the paired fallback, as variant 0
        plans = (lambda: odd_plan(n, p, total, seed, repair=False), lambda: odd_paired_plan(n, p, total))
    elif own and n % 2 == 0:
        factors = random_factorisation(n, variant)
        plans = (lambda: replace(even_plan(n, p, total), decomposition=factors),)
        work = LONG_EXACT_WORK
    elif own:
        plans = (lambda: odd_paired_plan(n, p, total, seed, circulant_cycles(n), OWN_CYCLES_WORK),)
    elif n % 2 == 0 and variant == EVEN_PAIRED_VARIANT:
        plans = (lambda: even_paired_plan(n, p, total),)
    elif n % 2 == 0:
        plans = (lambda: even_plan(n, p, total, variant), lambda: even_paired_plan(n, p, total))
    elif variant == PAIRED_VARIANT:
        plans = (lambda: odd_paired_plan(n, p, total, seed),)
    else:
        plans = (lambda: odd_plan(n, p, total, seed, attempt, variant), lambda: odd_paired_plan(n, p, total))
    failure: ColourFailure | None = None
    for make in plans:
        plan = make()
        if plan is None:  # own cycles: no floaters found
            continue
        games = build(plan)
        if exact_first:
            colours = exact_orient(n, p, games, None, seed, SPREAD_EXACT_WORK, balanced_after=balanced_after)
            if colours is not None:
                return plan, games, colours
        try:
            colours = orient(n, p, games, seed)
        except ColourFailure:
            try:
                order, colours = block_order(n, p, games, _coverage(n, p, total), seed)
            except ColourFailure as exc:
                failure = exc
                continue
            games = [games[k] for k in order]
        if (plan.kind == "spread" and not exact_first and round_colour_misses(p, games, colours)
                and len(games) * len(games[0]) <= EXACT_LIMIT):
            # own decomposition: no hint (measured on 8 × 6 × 6: the alternating colouring as a hint
            # steers the search away from the exact colourings it finds without one)
            colours = exact_orient(n, p, games, None if own else colours, seed, work,
                                   balanced_after=balanced_after) or colours
        return plan, games, colours
    raise TournamentError(
        "No table found for {n} teams of {p} players in {total} rounds ({failure}).",
        n=n, p=p, total=total, failure=failure)


def quality(table: MolterTable) -> dict[str, int]:
    """The quality metrics of ``table`` as played (numbered rounds, then the autonomous one).

    Same definitions as :mod:`addin.systems.molter.verify` (I1–I5 and per-round team
    colour balance), computed on team indices so that it also covers tables
    of more than 25 teams (past the verifier's letters).
    """
    names = team_names(table.teams)
    index = {name: i for i, name in enumerate(names)}
    games = []
    colour_misses = 0
    for _, pairings in table.all_rounds():
        games.append([((index[g.white.team], g.white.board - 1), (index[g.black.team], g.black.board - 1))
                      for g in pairings])
        whites = [0] * table.teams
        for g in pairings:
            whites[index[g.white.team]] += 1
        colour_misses += sum(1 for w in whites if w != table.players // 2)
    metrics = pairing_metrics(table.teams, table.players, games)
    metrics["round_colour"] = colour_misses
    return metrics


def _coverage(n: int, p: int, total: int) -> int:
    """Rounds that must come first for I1: until every team can have met every other one.

    Each round a level (even ``N``) or a level pair (odd ``N``) uses a new
    factor or cycle; ``N − 1`` factors, ``(N − 1)/2`` cycles.
    """
    units, per_round = (n - 1, p) if n % 2 == 0 else ((n - 1) // 2, p // 2)
    return min(total, -(-units // per_round))


def _pairings(games: list[Game], colours: list[bool], names: tuple[str, ...]) -> tuple[Pairing, ...]:
    out = []
    for ((ta, la), (tb, lb)), first_white in zip(games, colours):
        a, b = Seat(names[ta], la + 1), Seat(names[tb], lb + 1)
        out.append(Pairing(a, b) if first_white else Pairing(b, a))
    return tuple(out)
