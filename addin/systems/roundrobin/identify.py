"""Which round-robin schedule the games of an event begun elsewhere follow (TRF import).

An arbiter who carries on in this program an event begun in another one expects the
pairings he has already played, and the rounds still to come, to be those of the table
the event was drawn on. In a FIDE round-robin the players' numbers drawn by lot *are*
the numbers of the Berger table (FIDE C.05 Annex 1 "Details of Berger Table"), and a TRF
file gives each player that number as his starting rank (C.04 Annex 2, columns 5–8). So
the games are checked against the tables in the file's own numbering, never renumbered:

1. the Berger table (seed 000; FIDE C.05 Annex 1), one to four cycles, colours reversed
   in the even cycles; the last two rounds of a cycle followed by another swapped (FIDE's
   recommendation) or not; rounds in table order, or the team leagues' orders
   "gathering" and "gathering-reverse";
2. the Rutsch schedule (seed 000).

A TRF-2026 file's encoded type (record ``192``) says which variant of the Berger table the
event follows (``FIDE_ROUNDROBIN``/``FIDE_DOUBLEROUNDROBIN``: the last two rounds of the first
cycle swapped; ``BERGER_DOUBLEROUNDROBIN``/``BERGER_ROUNDROBIN_Gn``: not swapped; both in table
order): that variant is tried first. It matters when the rounds played do not tell the
variants apart (an event exported before its last rounds: a TRF holds the rounds played).

The first of these, in that order, whose first rounds hold exactly the file's games —
same two players, same colours, same bye — is the event's schedule; its later rounds
are the rounds still to play, its boards the boards. The number of cycles is the one
the declared number of rounds gives (TRF-2026 ``142``, TRF(x) ``XXR``), else the fewest
that hold the file's rounds. Anything else (a Swiss event, a hand-made draw, a game
with the colours reversed, numbers that are not the table's) is refused with the first
round and player that differ from the FIDE Berger table, and nothing is written.

Each round's byes (odd field: the player the table pairs with the dummy) must all be
worth the same points, the event's ``bye_points``: 0, ½ or 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn, Sequence

from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.core.schedule import Schedule
from addin.systems.roundrobin.berger import MAX_CYCLES, ORDERS, berger_schedule, rounds_per_cycle
from addin.systems.roundrobin.rutsch import rutsch_schedule

RoundGames = tuple[tuple[tuple[int, int, str | None], ...], tuple[tuple[int, float | None], ...]]


@dataclass(frozen=True)
class Identified:
    """The schedule found, how it was built, and the file's results and bye points on it."""

    schedule: Schedule
    system: str
    cycles: int
    swap_last: bool
    order: str
    results: dict[tuple[int, int], str]
    bye_points: float


def candidates(players: int, cycles: int) -> list[tuple[str, int, bool, str, Schedule]]:
    """The schedules tried, in order of preference (FIDE's Berger table first)."""
    out = []
    for order in ORDERS:
        for swap_last in ((True, False) if cycles > 1 else (True,)):
            out.append(("berger", cycles, swap_last, order, berger_schedule(players, cycles, swap_last, order)))
    if cycles == 1:
        out.append(("rutsch", 1, True, "normal", rutsch_schedule(players)))
    return out


def preferred(type_code: str) -> tuple[str, bool] | None:
    """``(order, swap_last)`` of the Berger table a TRF-2026 type code (record 192) names, else None."""
    code = (type_code or "").strip().upper()
    if code in ("FIDE_ROUNDROBIN", "FIDE_DOUBLEROUNDROBIN"):
        return "normal", True
    if code == "BERGER_DOUBLEROUNDROBIN" or code.startswith("BERGER_ROUNDROBIN_G"):
        return "normal", False
    return None


def identify(players: int, rounds: Sequence[RoundGames], declared_rounds: int | None = None,
             bye_points: float | None = None, type_code: str = "") -> Identified:
    """The schedule the ``rounds`` (games ``(white, black, code)``, byes ``(player, points)``) follow.

    ``declared_rounds``: the event's number of rounds, when the file says it; ``bye_points``:
    the bye's value the file declares (TRF-2026 162), checked against the byes it scores;
    ``type_code``: the file's encoded type (TRF-2026 192), whose table is tried first.
    """
    per_cycle = rounds_per_cycle(players)
    played = len(rounds)
    if declared_rounds is not None:
        if declared_rounds % per_cycle or not 1 <= declared_rounds // per_cycle <= MAX_CYCLES:
            raise TournamentError(
                "The file declares {rounds} rounds, but a round-robin of {count} players plays {per_cycle} rounds "
                "per cycle (1 to {most} cycles).", rounds=declared_rounds, count=players, per_cycle=per_cycle,
                most=MAX_CYCLES)
        if played > declared_rounds:
            raise TournamentError("The file declares {rounds} rounds but holds games in {played} rounds.",
                                  rounds=declared_rounds, played=played)
        cycles = declared_rounds // per_cycle
    else:
        cycles = max(1, -(-played // per_cycle))
        if cycles > MAX_CYCLES:
            raise TournamentError(
                "The file holds {played} rounds: a round-robin of {count} players plays {per_cycle} rounds per "
                "cycle, at most {most} cycles.", played=played, count=players, per_cycle=per_cycle, most=MAX_CYCLES)
    found = None
    tried = candidates(players, cycles)
    first = preferred(type_code)
    if first is not None:  # stable: the named variant first, the others in their usual order
        tried.sort(key=lambda c: (c[0], c[3], c[2]) != ("berger", *first))
    for system, cyc, swap_last, order, schedule in tried:
        if len(schedule.rounds) < played or (declared_rounds is not None and len(schedule.rounds) != declared_rounds):
            continue
        if all(_same_round(schedule, number, rnd) for number, rnd in enumerate(rounds, 1)):
            found = (system, cyc, swap_last, order, schedule)
            break
    if found is None:
        _refuse(players, cycles, rounds)
    system, cycles, swap_last, order, schedule = found
    boards = {(r, w, b): board for r, board, w, b in schedule.games()}
    results = {}
    for number, (games, _) in enumerate(rounds, 1):
        for white, black, code in games:
            if code is not None:
                results[(number, boards[(number, white, black)])] = code
    return Identified(schedule, system, cycles, swap_last, order, results, _bye_points(rounds, bye_points))


def _same_round(schedule: Schedule, number: int, rnd: RoundGames) -> bool:
    games, byes = rnd
    expected = schedule.round(number)
    return ({(w, b) for w, b, _ in games} == {(g.white, g.black) for g in expected.games}
            and {p for p, _ in byes} == set(expected.byes))


def _refuse(players: int, cycles: int, rounds: Sequence[RoundGames]) -> NoReturn:
    """One sentence: the first round and player whose game is not the FIDE Berger table's."""
    table = berger_schedule(players, cycles, True, "normal")
    for number, (games, byes) in enumerate(rounds, 1):
        mine = _games_of(((w, b) for w, b, _ in games), (p for p, _ in byes))
        theirs = _games_of(((g.white, g.black) for g in table.round(number).games), table.round(number).byes)
        for player in range(1, players + 1):
            if mine.get(player) != theirs.get(player):
                raise TournamentError(
                    "The games are not those of a round-robin table in the file's starting ranks: in round "
                    "{round}, player {player} {found}, but the Berger table (FIDE C.05 Annex 1) for {count} "
                    "players gives him {expected}. A round-robin begun elsewhere can be carried on here only if "
                    "its starting ranks are its pairing numbers (Berger or Rutsch); nothing was written.",
                    round=number, player=player, found=_describe(mine.get(player), True),
                    expected=_describe(theirs.get(player), False), count=players)
    raise TournamentError("The games are not those of a round-robin table in the file's starting ranks; nothing "
                          "was written.")  # pragma: no cover (a round differing from every table differs somewhere)


def _games_of(games, byes) -> dict[int, tuple[int, str] | None]:
    out: dict[int, tuple[int, str] | None] = {}
    for white, black in games:
        out[white] = (black, "w")
        out[black] = (white, "b")
    for player in byes:
        out[player] = None
    return out


def _describe(game: tuple[int, str] | None, found: bool) -> Message:
    if game is None:
        return Message("has no game") if found else Message("no game")
    opponent, colour = game
    if found:
        return (Message("plays {opponent} with White", opponent=opponent) if colour == "w" else
                Message("plays {opponent} with Black", opponent=opponent))
    return (Message("{opponent} with White", opponent=opponent) if colour == "w" else
            Message("{opponent} with Black", opponent=opponent))


def _bye_points(rounds: Sequence[RoundGames], declared: float | None) -> float:
    scored = sorted({points for _, byes in rounds for _, points in byes if points is not None})
    if len(scored) > 1:
        raise TournamentError(
            "The byes of the file are worth different points ({values}); the event gives every bye the same "
            "points (0, 0.5 or 1).", values=", ".join(_points(v) for v in scored))
    if scored and declared is not None and scored[0] != declared:
        raise TournamentError(
            "The file's scoring system gives a bye {declared} points, but its byes score {scored}.",
            declared=_points(declared), scored=_points(scored[0]))
    if scored:
        return scored[0]
    return declared if declared is not None else 0.0


def _points(value: float) -> str:
    return f"{value:g}"
