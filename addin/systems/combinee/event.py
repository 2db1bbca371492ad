"""A Formule Combinée event as it happens: players, groups, every paired round, typed scores,
withdrawals and late entries (seed 002; issue 10).

:class:`CombineeEvent` is what an event workbook holds (its input cells); the layout
(``addin.sheets.combinee``) writes it and the reader reads it back. The operations below
return a new event, or refuse with one sentence and change nothing. The rules (seed 002
where it speaks; docs/combinee.md, "The event as it happens", where it is silent):

* **Numbers.** Players are numbered by seed rank at creation (decreasing rating; equal or
  missing ratings keep the list order); late entries take the next numbers. A number never
  changes, since scores refer to it. Players equal on PM, PPM and Pdep are taken in number
  order when the pairing needs a strict order.
* **Pairings.** Phase-1 rounds are paired at creation from the groups (seed 2-5); a round of
  phases 2 and 3 is paired by :func:`next_round` once every game before it has its result
  (seed 3 and 4, ``addin.systems.combinee.pairing``). No other operation changes a paired
  round: a corrected score, a withdrawal, a late entry leave every pairing as it is. Only
  the last paired round of phase 2 or 3 can be paired again, on request
  (:func:`repair_round`), and only while it holds no score. :func:`next_round` refuses
  while the round it is about to pair already holds a score (typed before the pairing, it
  would silently become the result of the new game).
* **Results.** A result is both scores typed (``F``: forfeit, ``addin.systems.combinee.scoring``);
  a game counts once both are typed.
* **Started rounds.** A round has started once a score is typed in it or in a later round.
  A bye (and a late entry's credit) counts from then on, so that the standings during
  round 3 do not already hold the byes of rounds 4 and 5, which phase 1 paired in advance.
  For the pairing of round ``k`` every round before it counts (they are over).
* **Withdrawal from round R** (the first round he does not play). He is not paired in any
  round paired from then on; his past results stay. In a round already paired (in phase 1:
  every round), his game from round R on counts for his opponent as the bye — the withdrawn
  player takes the place of the fictitious player, who "loses every match" (bye PM and bye
  Pdep of the settings) — and gives him nothing, unless both scores are typed, which always
  wins (``F`` for him: a forfeit). Refused while a game of his from round R on holds a
  score he played. Such a bye counts as a bye for the "no second bye" rule of the pairing.
* **Reinstating** cancels a withdrawal. A player who is in the field but has no table in a
  paired round (he came back, or arrived, after it was paired) scores nothing in it; if the
  round has not started it can be paired again for him (:func:`repair_round`).
* **Late entry** (:func:`add_player`). With an odd field whose fictitious player still has
  his place, a player arriving during phase 1 takes that place from the first round that
  has not started: from then on the byes of that group become his games. Otherwise he
  joins at the next round to pair, or at the last paired round of phase 2 or 3 while it
  has not started (it must then be re-paired for him to play it). For each round started
  before he joined he is credited ``late_pm`` PM and ``late_pdep`` Pdep (settings; 0 by
  default).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Literal, Mapping, Sequence, Union

from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import Message
from addin.core.players import with_withdrawal, without_withdrawal
from addin.systems.combinee.groups import GroupPlan, distribute, group_counts
from addin.systems.combinee.pairing import pair_players
from addin.systems.combinee.phase1 import draw_positions, group_schedule
from addin.systems.combinee.phases import Phases, check_phases
from addin.systems.combinee.ranking import GameResult, Standing, standings
from addin.systems.combinee.scoring import FORFEIT, Scoring, read_score, scoring

Score = Union[int, str, None]
FICTITIOUS = 0  # the fictitious player's place in a group; as an opponent number: the bye


@dataclass(frozen=True)
class EventPlayer:
    """A player: his number, name, rating and club, and the first round he can be paired in."""

    number: int
    name: str
    rating: int | None = None
    club: str = ""
    joined: int = 1


@dataclass(frozen=True)
class Table:
    """One table of a round: ``a`` against ``b`` (``b = 0``: ``a`` has the bye); phase-1 group."""

    group: int | None
    a: int
    b: int


@dataclass(frozen=True)
class CombineeEvent:
    """Everything an event workbook holds.

    ``groups``: per group, its numbers in position order A1..Ag (0: the fictitious
    player's place). ``rounds``: the tables of every paired round, in order.
    ``scores``: ``(round, table) → (score of a, score of b)`` as typed (at least one of
    them; ``F`` a forfeit). ``withdrawn``: player → the first round he does not play.
    """

    players: tuple[EventPlayer, ...]
    phases: Phases
    rules: Scoring
    seed: int
    improved: bool
    entrants: int
    groups: tuple[tuple[int, ...], ...]
    rounds: tuple[tuple[Table, ...], ...]
    scores: Mapping[tuple[int, int], tuple[Score, Score]] = field(default_factory=dict)
    withdrawn: Mapping[int, int] = field(default_factory=dict)
    header: EventHeader = EventHeader()  # title, place, dates, chief arbiter, language

    # -- views ------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def paired(self) -> int:
        """How many rounds are paired (rounds 1..paired)."""
        return len(self.rounds)

    @property
    def tables(self) -> int:
        """Table rows of every round sheet."""
        return max([(self.n + 1) // 2] + [len(r) for r in self.rounds])

    @property
    def plan(self) -> GroupPlan:
        return group_counts(self.entrants, self.phases.phase1)

    def player(self, number: int) -> EventPlayer:
        return self.players[number - 1]

    def out(self, number: int, rnd: int) -> bool:
        """Withdrawn at or before round ``rnd``."""
        gone = self.withdrawn.get(number)
        return gone is not None and gone <= rnd

    def present(self, number: int, rnd: int) -> bool:
        """In the field for round ``rnd``: joined by then and not withdrawn."""
        return self.player(number).joined <= rnd and not self.out(number, rnd)

    def score(self, rnd: int, table: int) -> tuple[Score, Score]:
        return self.scores.get((rnd, table), (None, None))

    def last_scored(self) -> int:
        """The last round holding a typed score (0: none)."""
        return max((rnd for rnd, _ in self.scores), default=0)

    def started(self, rnd: int) -> bool:
        """A score is typed in round ``rnd`` or a later one."""
        return self.last_scored() >= rnd

    def table_results(self, rnd: int, number: int, table: Table) -> list[GameResult]:
        """What a table counts for in the standings (ignoring whether its round has started)."""
        if table.b == FICTITIOUS:
            return [] if self.out(table.a, rnd) else [GameResult(table.a, None)]
        sa, sb = self.score(rnd, number)
        if sa is not None and sb is not None:
            return [GameResult(table.a, table.b, sa, sb)]
        a_out, b_out = self.out(table.a, rnd), self.out(table.b, rnd)
        if a_out and not b_out:
            return [GameResult(table.b, None)]
        if b_out and not a_out:
            return [GameResult(table.a, None)]
        return []

    def counted(self, counts: Callable[[int], bool] | None = None) -> list[GameResult]:
        """Every game and bye that counts (``counts(round)``: default, the round has started)."""
        counts = counts or self.started
        out: list[GameResult] = []
        for rnd, tables in enumerate(self.rounds, 1):
            if counts(rnd):
                for t, table in enumerate(tables, 1):
                    out += self.table_results(rnd, t, table)
        return out

    def missed_rounds(self, number: int, counts: Callable[[int], bool] | None = None) -> int:
        """Rounds before a late entry joined that count (default: that have started)."""
        counts = counts or self.started
        return sum(1 for rnd in range(1, self.player(number).joined) if counts(rnd))

    def credit(self, counts: Callable[[int], bool] | None = None) -> dict[int, tuple[int, int]]:
        """PM and Pdep credited to late entries for the rounds they missed."""
        out = {}
        for p in self.players:
            missed = self.missed_rounds(p.number, counts) if p.joined > 1 else 0
            if missed:
                out[p.number] = (missed * self.rules.late_pm, missed * self.rules.late_pdep)
        return out

    def standings(self, counts: Callable[[int], bool] | None = None) -> list[Standing[int]]:
        """PM, PPM, Pdep and rank of every player (``addin.systems.combinee.ranking``)."""
        return standings(list(range(1, self.n + 1)), self.counted(counts), self.rules, self.credit(counts))

    def missing(self, upto: int) -> list[tuple[int, int]]:
        """``(round, table)`` of every game of rounds 1..upto still waiting for its two scores."""
        out = []
        for rnd, tables in enumerate(self.rounds[:upto], 1):
            for t, table in enumerate(tables, 1):
                if table.b == FICTITIOUS or self.out(table.a, rnd) or self.out(table.b, rnd):
                    continue
                sa, sb = self.score(rnd, t)
                if sa is None or sb is None:
                    out.append((rnd, t))
        return out

    def byes(self, upto: int) -> dict[int, int]:
        """How many byes each player received in rounds 1..upto (a withdrawn opponent's included)."""
        out: dict[int, int] = {}
        for rnd, tables in enumerate(self.rounds[:upto], 1):
            for t, table in enumerate(tables, 1):
                for result in self.table_results(rnd, t, table):
                    if result.b is None:
                        out[result.a] = out.get(result.a, 0) + 1
        return out

    def met(self, first: int, upto: int) -> list[tuple[int, int]]:
        """Pairs that sat at one table in rounds first..upto, both still in the field then."""
        return [(table.a, table.b) for rnd, tables in enumerate(self.rounds[first - 1:upto], first)
                for table in tables
                if table.b != FICTITIOUS and not self.out(table.a, rnd) and not self.out(table.b, rnd)]

    def fictitious_place(self) -> tuple[int, int] | None:
        """``(group index, position index)`` of the fictitious player while his place is free."""
        for g, members in enumerate(self.groups):
            for pos, number in enumerate(members):
                if number == FICTITIOUS:
                    return g, pos
        return None

    def has_scores(self) -> bool:
        return bool(self.scores)


# -- building -----------------------------------------------------------------------

def seed_order(entries: Sequence[tuple[str, int | None, str]]) -> list[EventPlayer]:
    """``(name, rating, club)`` in list order → players numbered by seed rank."""
    def rank(i: int) -> tuple[int, int]:
        rating = entries[i][1]
        return -(rating if rating is not None else -1), i

    order = sorted(range(len(entries)), key=rank)
    return [EventPlayer(k + 1, entries[i][0], entries[i][1], entries[i][2]) for k, i in enumerate(order)]


def create_event(entries: Sequence[tuple[str, int | None, str]], phase1, phase2, phase3=0,
                 rules: Scoring | None = None, seed: int = 1, improved: bool = True,
                 header: EventHeader = EventHeader()) -> CombineeEvent:
    """Seed ranks, groups (snake, seed 2-4), positions drawn with ``seed`` and the phase-1 rounds (2-5)."""
    phases = check_phases(phase1, phase2, phase3)
    players = seed_order(entries)
    plan = group_counts(len(players), phases.phase1)
    ratings: list[float | None] = [p.rating if p.rating is not None else 0 for p in players]
    if len(players) % 2:
        ratings.append(None)
    groups = distribute(plan, ratings, improved)
    fictitious = len(players) + 1
    positioned = [[FICTITIOUS if m == fictitious else m for m in draw_positions(g, f"{seed}-{index}")]
                  for index, g in enumerate(groups, 1)]
    phase1_rounds: list[list[Table]] = [[] for _ in range(phases.phase1)]
    for gi, members in enumerate(positioned, 1):
        schedule = group_schedule(len(members), phases.phase1)
        for r, games in enumerate(schedule):
            for a, b in games:
                pa, pb = members[a - 1], members[b - 1]
                if FICTITIOUS in (pa, pb):
                    phase1_rounds[r].append(Table(gi, pb if pa == FICTITIOUS else pa, FICTITIOUS))
                else:
                    phase1_rounds[r].append(Table(gi, pa, pb))
    for tables in phase1_rounds:  # byes after the games
        tables.sort(key=lambda t: t.b == FICTITIOUS)
    return CombineeEvent(tuple(players), phases, rules or scoring(), seed, improved, len(players),
                         tuple(tuple(g) for g in positioned), tuple(tuple(r) for r in phase1_rounds), {}, {}, header)


# -- the event as it happens -------------------------------------------------------

def check_player(event: CombineeEvent, number: int) -> int:
    if not isinstance(number, int) or not 1 <= number <= event.n:
        raise TournamentError("There is no player {number}: the players are numbered from 1 to {count}.",
                              number=number, count=event.n)
    return number


def check_round(event: CombineeEvent, rnd: int) -> int:
    if not isinstance(rnd, int) or not 1 <= rnd <= event.phases.total:
        raise TournamentError("Round {round} does not exist: the rounds are numbered from 1 to {rounds}.",
                              round=rnd, rounds=event.phases.total)
    return rnd


def played_scores(event: CombineeEvent, number: int, from_round: int) -> list[tuple[int, int, Score]]:
    """``(round, table, his score)`` of his games from ``from_round`` on where he has a score played (not F)."""
    out: list[tuple[int, int, Score]] = []
    for (rnd, t), (sa, sb) in sorted(event.scores.items()):
        if rnd < from_round or rnd > event.paired or t > len(event.rounds[rnd - 1]):
            continue
        table = event.rounds[rnd - 1][t - 1]
        mine = sa if table.a == number else sb if table.b == number else None
        if mine is not None and mine != FORFEIT:
            out.append((rnd, t, mine))
    return out


def withdraw(event: CombineeEvent, number: int, from_round: int) -> CombineeEvent:
    """``number`` withdraws from round ``from_round`` on (the first round he does not play)."""
    check_player(event, number)
    check_round(event, from_round)
    joined = event.player(number).joined
    if from_round < joined:
        raise TournamentError(
            "Player {number} joined at round {joined}: he can withdraw from round {joined} on, not from round "
            "{round}.", number=number, joined=joined, round=from_round)
    played = played_scores(event, number, from_round)
    if played:
        rnd, t, mine = played[0]
        raise TournamentError(
            "Player {number} cannot withdraw from round {round}: he played round {played_round} (table {table}, "
            "his score {score}). Give the round after his last game, or clear that score first; nothing was "
            "changed.", number=number, round=from_round, played_round=rnd, table=t, score=mine)
    return replace(event, withdrawn=with_withdrawal(event.withdrawn, number, from_round))


def reinstate(event: CombineeEvent, number: int) -> CombineeEvent:
    """Cancel the withdrawal of ``number``; every pairing stays as it is."""
    check_player(event, number)
    return replace(event, withdrawn=without_withdrawal(event.withdrawn, number))


def unpaired_rounds(event: CombineeEvent, number: int) -> list[int]:
    """Paired rounds in which ``number`` is in the field but has no table."""
    out = []
    for rnd, tables in enumerate(event.rounds, 1):
        if event.present(number, rnd) and not any(number in (t.a, t.b) for t in tables):
            out.append(rnd)
    return out


def set_scores(event: CombineeEvent, rnd: int, number: int, score_a, score_b) -> CombineeEvent:
    """Type, correct or clear (both empty) the two scores of round ``rnd``, table ``number``.

    Any paired round can be corrected; no pairing changes (an unplayed round can be
    re-paired on request, :func:`repair_round`).
    """
    check_round(event, rnd)
    if rnd > event.paired:
        raise TournamentError(
            "Round {round} is not paired yet: its scores are typed once it is paired (next-round).", round=rnd)
    tables = event.rounds[rnd - 1]
    if not isinstance(number, int) or not 1 <= number <= len(tables):
        raise TournamentError("Round {round} has no table {table}: its tables are numbered from 1 to {tables}.",
                              round=rnd, table=number, tables=len(tables))
    table = tables[number - 1]
    where = Message("R{round}, table {table}", round=rnd, table=number)
    sa, sb = read_score(score_a, where), read_score(score_b, where)
    scores = dict(event.scores)
    if sa is None and sb is None:
        scores.pop((rnd, number), None)
    else:
        scores[(rnd, number)] = (sa, sb)
    new = replace(event, scores=scores)
    check_scores(new)
    return new


def check_scores(event: CombineeEvent, where: Callable[[int, int], str | Message] | None = None) -> None:
    """Refuse a score typed at a bye, or a score played by a player withdrawn by then."""
    where = where or (lambda rnd, t: Message("R{round}, table {table}", round=rnd, table=t))
    for (rnd, t), (sa, sb) in sorted(event.scores.items()):
        if rnd > event.paired or t > len(event.rounds[rnd - 1]):
            continue  # typed before its table was paired: kept, counted nowhere (next_round refuses)
        table = event.rounds[rnd - 1][t - 1]
        if table.b == FICTITIOUS:
            raise TournamentError(
                "{where}: player {number} has the bye at this table, which takes no score; clear it. Nothing was "
                "changed.", where=where(rnd, t), number=table.a)
        for player, mine in ((table.a, sa), (table.b, sb)):
            if mine is not None and mine != FORFEIT and event.out(player, rnd):
                raise TournamentError(
                    "{where}: player {number} withdrew from round {gone}, so he did not play this game; type F for "
                    "him, or change his withdrawal round first. Nothing was changed.",
                    where=where(rnd, t), number=player, gone=event.withdrawn[player])


def edit_player(event: CombineeEvent, number: int, *, name: str | None = None, rating: int | None | Literal[""] = "",
                club: str | None = None) -> CombineeEvent:
    """Correct a player's name, rating or club (any time; his number and pairings stay)."""
    check_player(event, number)
    old = event.player(number)
    new = replace(old, name=old.name if name is None else player_name(name, number),
                  rating=old.rating if rating == "" else rating,
                  club=old.club if club is None else str(club).strip())
    players = list(event.players)
    players[number - 1] = new
    return replace(event, players=tuple(players))


def entry_round(event: CombineeEvent) -> tuple[int, bool]:
    """The first round a late entry can play, and whether he takes the fictitious player's place."""
    p1, total = event.phases.phase1, event.phases.total
    if event.fictitious_place() is not None:
        first = event.last_scored() + 1
        if first <= p1:
            return first, True
    last = event.paired
    if last > p1 and not event.started(last):
        return last, False
    if last >= total:
        raise TournamentError(
            "All {rounds} rounds are paired and round {round} has started: it is too late for a player to join.",
            rounds=total, round=last)
    return last + 1, False


def add_player(event: CombineeEvent, name: str, rating: int | None = None, club: str = "",
               from_round: int | None = None) -> CombineeEvent:
    """A late entry joins as the next number (see the module for his first round)."""
    earliest, takes_place = entry_round(event)
    joined = earliest if from_round is None else from_round
    if not isinstance(joined, int) or not earliest <= joined <= event.phases.total:
        raise TournamentError(
            "A player who joins now plays from round {earliest} at the earliest (the rounds go up to {rounds}), "
            "not from round {round}.", earliest=earliest, rounds=event.phases.total, round=joined)
    number = event.n + 1
    newcomer = EventPlayer(number, player_name(name, number), rating, str(club or "").strip(), joined)
    groups, rounds = event.groups, event.rounds
    if joined <= event.phases.phase1:
        place = event.fictitious_place()
        assert place is not None and takes_place  # entry_round says so
        g, pos = place
        groups = tuple(tuple(number if (gi, pi) == (g, pos) else m for pi, m in enumerate(members))
                       for gi, members in enumerate(event.groups))
        rounds = tuple(tuple(Table(t.group, t.a, number) if rnd >= joined and t.b == FICTITIOUS and t.group == g + 1
                             else t for t in tables) for rnd, tables in enumerate(event.rounds, 1))
    return replace(event, players=event.players + (newcomer,), groups=groups, rounds=rounds)


def next_round(event: CombineeEvent) -> CombineeEvent:
    """Pair the next round of phase 2 or 3 from the standings (seed 3 and 4), or refuse."""
    done, total = event.paired, event.phases.total
    if done >= total:
        raise TournamentError("All {rounds} rounds are already paired: the event is complete.", rounds=total)
    number = done + 1
    held = sorted((t, s) for (rnd, t), s in event.scores.items() if rnd == number)
    if held:
        t, (sa, sb) = held[0]
        raise TournamentError(
            "Round {round} is not paired yet, but its table {table} already holds the scores {a}–{b}, typed before "
            "the pairing: they would become the result of a game nobody played. Clear them (or type them in the "
            "round they belong to), then pair round {round}; nothing was changed.",
            round=number, table=t, a=_shown(sa), b=_shown(sb))
    _check_complete(event, done)
    return replace(event, rounds=event.rounds + (pair_round(event, number),))


def repair_round(event: CombineeEvent) -> CombineeEvent:
    """Pair the last paired round again (phases 2 and 3, only while it holds no score)."""
    last = event.paired
    if last <= event.phases.phase1:
        raise TournamentError(
            "Round {round} belongs to phase 1: its pairings come from the groups and are never paired again.",
            round=last)
    held = sorted(t for (rnd, t) in event.scores if rnd == last)
    if held:
        raise TournamentError(
            "Round {round} already holds a score (table {table}): only a round that has not started can be paired "
            "again. Nothing was changed.", round=last, table=held[0])
    earlier = replace(event, rounds=event.rounds[:-1])
    _check_complete(earlier, last - 1)
    return replace(event, rounds=earlier.rounds + (pair_round(earlier, last),))


def _check_complete(event: CombineeEvent, upto: int) -> None:
    missing = event.missing(upto)
    if missing:
        rnd, t = missing[0]
        raise TournamentError(
            "The result of round {round}, table {table} is missing{more}: type both scores (or F for a forfeit) "
            "before pairing the next round; nothing was changed.", round=rnd, table=t,
            more=_more(len(missing) - 1))


def _more(count: int) -> str:
    from addin.core.messages import tr

    return tr(" (and {count} other game(s))", count=count) if count else ""


def _shown(score: Score) -> str:
    return "" if score is None else str(score)


def pair_round(event: CombineeEvent, number: int) -> tuple[Table, ...]:
    """The tables of round ``number`` (rounds before it paired and over), top-down, the bye last."""
    everyone_over = (lambda rnd: rnd < number)  # noqa: E731
    active = {p.number for p in event.players if event.present(p.number, number)}
    if len(active) < 2:
        raise TournamentError("Fewer than two players are left in the field for round {round}: nothing to pair.",
                              round=number)
    order = [s.player for s in event.standings(everyone_over) if s.player in active]
    phase = event.phases.phase_of(number)
    first = 1 if phase == 2 else event.phases.phase1 + event.phases.phase2 + 1
    rematches = event.met(first, number - 1)
    pairs = []
    for a, b in pair_players(order, rematches, event.byes(number - 1)):
        if a is None:
            a, b = b, None
        pairs.append(Table(None, a, FICTITIOUS if b is None else b))
    pairs.sort(key=lambda t: t.b == FICTITIOUS)
    return tuple(pairs)


def player_name(name, number: int) -> str:
    text = "" if name is None else str(name).strip()
    if not text:
        raise TournamentError("Player {number} needs a name: it cannot be empty.", number=number)
    return text
