"""Independent checker of a Molter table: hard rules, quality ideals, grade.

:func:`verify` reads a :class:`~addin.systems.molter.model.MolterTable` as it will be
played — the numbered rounds in order, then the autonomous round if the
table carries one (seed 001: the autonomous round "peut être ajoutée aux 2
(4, 6, …) rondes qui la précèdent") — and never raises on a malformed table:
every defect becomes a :class:`Violation`.

Hard rules (``references.md``, "Molter tables: what a peer checks"; seed 001,
"Comment utiliser les tableaux ?" and the checks listed after table 17), with
``N`` teams of ``P`` players and ``R`` rounds:

``seats``          every cell names a team among the ``N`` letters (A–H, J, …, no I)
                   and a board number ``1..P``;
``boards``         every round has ``N·P/2`` boards;
``once``           every player plays exactly once per round;
``teammates``      no board pairs two players of the same team;
``team_twice``     no player meets two players of the same opposing team;
``team_spread``    with ``N > 2``, a team's boards in a round face at least two
                   opposing teams;
``team_colour``    per team, cumulative Whites − Blacks never beyond ±2, back to
                   0 after every two-round block and at the end;
``levels``         even ``N``: every board pairs equal board numbers; odd ``N``:
                   board numbers differ by at most one, and only as ``{i, i+1}``
                   with ``i`` odd;
``floater_level``  odd ``N``: at most one descending floater per odd level and round;
``floater_twice``  odd ``N``: no player descends twice, none ascends twice;
``colour_balance`` every player's Whites − Blacks at the end is 0 (±1 if ``R`` is odd);
``colour_row``     no player has three equal colours in a row;
``colour_drift``   no player's cumulative Whites − Blacks ever goes beyond ±2.

Quality ideals (metrics; priority order of ``references.md``):

``i1_pair_spread``      max − min games between two teams over the event (ideal ≤ 1);
``i1_distinct_short``   sum over teams and rounds of the distinct opposing teams
                        missing after ``r`` rounds w.r.t. ``min(N−1, r·P)`` (ideal 0);
``i2_float_balance``    max over teams of |descending − ascending floaters| (ideal ≤ 1);
``i3_float_spread``     max − min descending floaters per team (ideal ≤ 1);
``i4_block_floats``     (team, two-round block) where the team descends, or
                        ascends, more often than arithmetic forces: once, or
                        ``ceil(b·P/2 / N)`` when the ``b`` rounds of the block
                        hold more descents than there are teams (ideal 0);
``i5_round_spread``     excess of games against one opposing team in a round over
                        ``ceil(P / (N−1))``, summed over rounds and teams (ideal 0);
``round_colour``        (round, team) without exactly ``P/2`` Whites (ideal 0).

Grade: ``F`` if any hard rule fails; else ``A`` when every ideal holds, ``B``
when one ideal other than I1 is missed, ``C`` when I1 or two ideals are
missed, ``D`` beyond.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from addin.systems.molter.model import MolterTable, Pairing, Seat, team_letters

HARD_RULES = (
    "seats", "boards", "once", "teammates", "team_twice", "team_spread", "team_colour",
    "levels", "floater_level", "floater_twice", "colour_balance", "colour_row", "colour_drift",
)

#: metric name -> ideal upper bound (the one table of ideals; the generator grades with it too)
IDEALS = {
    "i1_pair_spread": 1,
    "i1_distinct_short": 0,
    "i2_float_balance": 1,
    "i3_float_spread": 1,
    "i4_block_floats": 0,
    "i5_round_spread": 0,
    "round_colour": 0,
}


@dataclass(frozen=True)
class Violation:
    """One broken hard rule: ``rule`` is one of :data:`HARD_RULES`.

    ``round`` is the round label as played (``"1"``, ``"2"``, ``"a"``) or None
    for a rule about the whole event; ``board`` the board number or None.
    """

    rule: str
    message: str
    round: str | None = None
    board: int | None = None

    def __str__(self) -> str:
        where = []
        if self.round is not None:
            where.append(f"round {self.round}")
        if self.board is not None:
            where.append(f"board {self.board}")
        return f"[{self.rule}] {', '.join(where)}{': ' if where else ''}{self.message}"


@dataclass(frozen=True)
class Report:
    """The verifier's verdict on one table as played."""

    teams: int
    players: int
    rounds: tuple[str, ...]
    violations: tuple[Violation, ...]
    metrics: dict[str, int] = field(default_factory=dict)
    grade: str = "F"

    @property
    def ok(self) -> bool:
        """True when every hard rule holds."""
        return not self.violations

    def broken(self) -> tuple[str, ...]:
        """The hard rules broken, in :data:`HARD_RULES` order."""
        names = {v.rule for v in self.violations}
        return tuple(rule for rule in HARD_RULES if rule in names)

    def missed_ideals(self) -> tuple[str, ...]:
        """The quality ideals not met, in :data:`IDEALS` order."""
        return tuple(name for name, bound in IDEALS.items() if self.metrics.get(name, 0) > bound)

    def by_rule(self, rule: str) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.rule == rule)


def verify(table: MolterTable, rounds: Iterable[str] | None = None) -> Report:
    """Check ``table`` played in the order of ``rounds`` (labels ``"1"``… or ``"a"``).

    Default: every numbered round then the autonomous round, as
    :meth:`MolterTable.all_rounds` yields them.
    """
    available = dict(table.all_rounds())
    labels = tuple(str(r).strip().lower() for r in rounds) if rounds is not None else tuple(available)
    played = [(label, tuple(available.get(label, ()))) for label in labels]
    missing = [label for label in labels if label not in available]
    checker = _Checker(table.teams, table.players, played)
    for label in missing:
        checker.add("boards", f"the table has no round {label}", label)
    checker.run()
    metrics = checker.metrics()
    grade = _grade(checker.violations, metrics)
    return Report(table.teams, table.players, labels, tuple(checker.violations), metrics, grade)


def _grade(violations: Sequence[Violation], metrics: dict[str, int]) -> str:
    return "F" if violations else grade_metrics(metrics)


def grade_metrics(metrics: dict[str, int]) -> str:
    """``A`` every ideal met; ``B`` one missed, not I1; ``C`` I1 or two missed; ``D`` beyond."""
    missed = [name for name, bound in IDEALS.items() if metrics.get(name, 0) > bound]
    if not missed:
        return "A"
    if len(missed) == 1 and not missed[0].startswith("i1_"):
        return "B"
    if len(missed) <= 2:
        return "C"
    return "D"


class _Checker:
    def __init__(self, teams: int, players: int, played: list[tuple[str, tuple[Pairing, ...]]]):
        self.n = teams
        self.p = players
        self.played = played
        self.letters = team_letters(teams)
        self.violations: list[Violation] = []
        # per player: list of (round label, colour "W"/"B", opponent) in play order
        self.history: dict[Seat, list[tuple[str, str, Seat]]] = defaultdict(list)
        self.descents: dict[Seat, list[str]] = defaultdict(list)
        self.ascents: dict[Seat, list[str]] = defaultdict(list)

    def add(self, rule: str, message: str, rnd: str | None = None, board: int | None = None) -> None:
        self.violations.append(Violation(rule, message, rnd, board))

    def valid(self, seat: Seat) -> bool:
        return seat.team in self.letters and 1 <= seat.board <= self.p

    # -- per round ---------------------------------------------------------
    def run(self) -> None:
        expected = self.n * self.p // 2
        everyone = {Seat(t, b) for t in self.letters for b in range(1, self.p + 1)}
        for label, pairings in self.played:
            if len(pairings) != expected:
                self.add("boards", f"{len(pairings)} boards instead of {expected}", label)
            seen: Counter[Seat] = Counter()
            level_descents: Counter[int] = Counter()
            for board, pairing in enumerate(pairings, 1):
                white, black = pairing.white, pairing.black
                for seat in (white, black):
                    if not self.valid(seat):
                        self.add("seats", f"{seat} is no player of {self.n} teams of {self.p}", label, board)
                    seen[seat] += 1
                if white.team == black.team:
                    self.add("teammates", f"{pairing} pairs two players of team {white.team}", label, board)
                self.history[white].append((label, "W", black))
                self.history[black].append((label, "B", white))
                self._levels(label, board, white, black, level_descents)
            for seat, count in sorted(seen.items()):
                if count > 1 and self.valid(seat):
                    self.add("once", f"{seat} plays {count} times", label)
            for seat in sorted(everyone - set(seen)):
                self.add("once", f"{seat} does not play", label)
            for level, count in sorted(level_descents.items()):
                if count > 1:
                    self.add("floater_level", f"{count} players descend from level {level}", label)
            self._team_spread(label, pairings)
        self._team_twice()
        self._team_colours()
        self._floaters_twice()
        self._player_colours()

    def _levels(self, label: str, board: int, white: Seat, black: Seat, level_descents: Counter) -> None:
        high, low = sorted((white, black), key=lambda s: s.board)
        if high.board == low.board:
            return
        if self.n % 2 == 0:
            self.add("levels", f"{white}-{black} pairs different board numbers (even number of teams)",
                     label, board)
            return
        if low.board != high.board + 1 or high.board % 2 == 0:
            self.add("levels", f"{white}-{black}: floats are allowed only between levels i and i+1, i odd",
                     label, board)
            return
        level_descents[high.board] += 1
        self.descents[high].append(label)
        self.ascents[low].append(label)

    def _team_spread(self, label: str, pairings: Sequence[Pairing]) -> None:
        if self.n <= 2 or self.p < 2:
            return
        opponents: dict[str, set[str]] = defaultdict(set)
        for pairing in pairings:
            opponents[pairing.white.team].add(pairing.black.team)
            opponents[pairing.black.team].add(pairing.white.team)
        for team in self.letters:
            if len(opponents.get(team, ())) == 1:
                only = next(iter(opponents[team]))
                self.add("team_spread", f"all boards of team {team} face team {only}", label)

    # -- whole event -------------------------------------------------------
    def _team_twice(self) -> None:
        for seat in sorted(self.history):
            if not self.valid(seat):
                continue
            teams = Counter(opp.team for _, _, opp in self.history[seat])
            for team, count in sorted(teams.items()):
                if count > 1 and team != seat.team:
                    met = ", ".join(f"{opp} (round {lab})" for lab, _, opp in self.history[seat]
                                    if opp.team == team)
                    self.add("team_twice", f"{seat} meets team {team} {count} times: {met}")

    def _team_whites(self) -> list[Counter]:
        """Per round played, Whites − Blacks per team."""
        out = []
        for _, pairings in self.played:
            diff: Counter[str] = Counter()
            for pairing in pairings:
                diff[pairing.white.team] += 1
                diff[pairing.black.team] -= 1
            out.append(diff)
        return out

    def _team_colours(self) -> None:
        total: Counter[str] = Counter()
        last = len(self.played)
        for index, ((label, _), diff) in enumerate(zip(self.played, self._team_whites()), 1):
            total.update(diff)
            for team in self.letters:
                value = total[team]
                if abs(value) > 2:
                    self.add("team_colour", f"team {team} has Whites − Blacks = {value:+d}", label)
                elif value != 0 and (index % 2 == 0 or index == last):
                    when = "at the end" if index == last else "after the two-round block"
                    self.add("team_colour", f"team {team} has Whites − Blacks = {value:+d} {when}", label)

    def _floaters_twice(self) -> None:
        for kind, moves in (("descends", self.descents), ("ascends", self.ascents)):
            for seat in sorted(moves):
                if len(moves[seat]) > 1:
                    self.add("floater_twice",
                             f"{seat} {kind} {len(moves[seat])} times (rounds {', '.join(moves[seat])})")

    def _player_colours(self) -> None:
        rounds = len(self.played)
        for seat in sorted(self.history):
            if not self.valid(seat):
                continue
            colours = [c for _, c, _ in self.history[seat]]
            drift = 0
            worst = 0
            for colour in colours:
                drift += 1 if colour == "W" else -1
                worst = max(worst, abs(drift))
            if worst > 2:
                self.add("colour_drift", f"{seat} reaches Whites − Blacks = ±{worst}")
            allowed = 1 if rounds % 2 else 0
            if abs(drift) > allowed:
                self.add("colour_balance", f"{seat} ends with Whites − Blacks = {drift:+d}")
            for i in range(len(colours) - 2):
                if colours[i] == colours[i + 1] == colours[i + 2]:
                    labels = [lab for lab, _, _ in self.history[seat][i:i + 3]]
                    self.add("colour_row", f"{seat} has {colours[i]} three times in a row "
                                           f"(rounds {', '.join(labels)})")
                    break

    # -- ideals --------------------------------------------------------------
    def metrics(self) -> dict[str, int]:
        n, p = self.n, self.p
        pair_games: Counter[frozenset] = Counter()
        met: dict[str, set[str]] = defaultdict(set)
        distinct_short = 0
        round_spread = 0
        round_colour = 0
        cap = math.ceil(p / (n - 1)) if n > 1 else p
        for r, ((label, pairings), diff) in enumerate(zip(self.played, self._team_whites()), 1):
            per_round: Counter[tuple[str, str]] = Counter()
            for pairing in pairings:
                a, b = pairing.white.team, pairing.black.team
                if a == b:
                    continue
                pair_games[frozenset((a, b))] += 1
                met[a].add(b)
                met[b].add(a)
                per_round[(a, b)] += 1
                per_round[(b, a)] += 1
            for team in self.letters:
                distinct_short += max(0, min(n - 1, r * p) - len(met[team]))
                worst = max((c for (a, _), c in per_round.items() if a == team), default=0)
                round_spread += max(0, worst - cap)
                if diff[team] != 0:
                    round_colour += 1
        pairs = [pair_games[frozenset((a, b))] for i, a in enumerate(self.letters)
                 for b in self.letters[i + 1:]]
        desc = Counter({t: 0 for t in self.letters})
        asc = Counter({t: 0 for t in self.letters})
        block_moves: Counter[tuple[str, str, int]] = Counter()
        index = {label: i for i, (label, _) in enumerate(self.played)}
        for kind, moves, counter in (("d", self.descents, desc), ("a", self.ascents, asc)):
            for seat, labels in moves.items():
                counter[seat.team] += len(labels)
                for label in labels:
                    block_moves[(kind, seat.team, index.get(label, 0) // 2)] += 1
        odd = n % 2 == 1
        per_block = Counter(i // 2 for i in range(len(self.played)))
        block_cap = {blk: max(1, math.ceil(count * (p // 2) / n)) for blk, count in per_block.items()}
        block_excess = sum(1 for (_, _, blk), c in block_moves.items() if c > block_cap.get(blk, 1))
        return {
            "i1_pair_spread": (max(pairs) - min(pairs)) if pairs else 0,
            "i1_distinct_short": distinct_short,
            "i2_float_balance": max((abs(desc[t] - asc[t]) for t in self.letters), default=0) if odd else 0,
            "i3_float_spread": (max(desc.values()) - min(desc.values())) if odd and desc else 0,
            "i4_block_floats": block_excess,
            "i5_round_spread": round_spread,
            "round_colour": round_colour,
        }
