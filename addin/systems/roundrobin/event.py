"""A round-robin event as it happens: players, schedule, typed results, withdrawals, settings.

:class:`RoundRobinEvent` is what an event workbook holds (its input cells); the layout
writes it and the reader reads it back. The operations below return a new event and
refuse, with one sentence and changing nothing, whatever would lose or contradict a
typed result. The rules:

* **Withdrawals** (FIDE C.05: "withdrawals after the drawing of lots leave the pairings
  unchanged"; 6.6 for the standings). A player withdrawn *from round R* plays none of his
  games of round R and later: each of them counts as a forfeit loss for him, and a game
  between two players both withdrawn by then as a double forfeit (``0-0``), from the
  moment its round has started — unless a result is typed in it, which always wins
  (:func:`effective_results`). The forfeits are
  derived, never typed: moving or cancelling a withdrawal moves or cancels them. A player
  merely *marked* withdrawn (no round) gets no forfeit; his results are typed by hand.
  Under C.05 6.6 a withdrawn player who completed fewer than half of his games is not
  counted (``addin.systems.standings.roundrobin``).
* **Corrections**: a result may be typed, changed or cleared in any round.
* **Renaming, re-rating**: at any time (a player's name, rating, club and federation are
  inputs; the sheets show them through formulas).
* **Replacing a player** (another person takes his number): only while none of his games
  has a result.
* **Changing the field** (late entry, a player removed) rebuilds the schedule: only while
  no result would lose its game (``rebuild``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal, Mapping, Sequence

from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import Message
from addin.core.players import Player, with_withdrawal, without_withdrawal
from addin.core.results import absence_forfeit, parse_result, shown_code
from addin.core.schedule import Schedule
from addin.systems.standings.roundrobin import DEFAULT_TIEBREAKS, compute_standings

Key = tuple[int, int]  # (round as played, board)
OVER_THE_BOARD = frozenset({"1-0", "0-1", "1/2-1/2"})


@dataclass(frozen=True)
class RoundRobinEvent:
    """Everything an event workbook holds; ``results`` are the results typed (canonical codes).

    ``withdrawn`` maps a withdrawn player to the first round he does not play (``None``:
    marked withdrawn, no round given). ``seed`` is the seed of the draw of the pairing
    numbers, when they were drawn; ``order``/``swap_last`` are the Berger options the
    schedule was built with (used again if the field changes before round 1); ``header``:
    the title, place, dates and chief arbiter that head every printed page, and the
    workbook's language.
    """

    schedule: Schedule
    players: tuple[Player, ...]
    results: Mapping[Key, str] = field(default_factory=dict)
    withdrawn: Mapping[int, int | None] = field(default_factory=dict)
    withdrawn_rule: bool = True
    bye_points: float = 0.0
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    header: EventHeader = EventHeader()  # title, place, dates, chief arbiter, language
    seed: int | None = None
    order: str = "normal"
    swap_last: bool = True
    k_factor: float = 20.0  # K of the rating change (FIDE B.02 8.3), one for the whole event

    # -- views ------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.schedule.players

    @property
    def rounds(self) -> int:
        return len(self.schedule.rounds)

    def player(self, number: int) -> Player:
        return self.players[number - 1]

    def games(self) -> dict[Key, tuple[int, int]]:
        """``{(round, board): (white, black)}``."""
        return {(r, b): (w, k) for r, b, w, k in self.schedule.games()}

    def effective_results(self) -> dict[Key, str]:
        """The typed results, plus the forfeits that the withdrawals give (see the module)."""
        return effective_results(self.schedule, self.results, self.withdrawn)

    @property
    def standings_withdrawn(self) -> frozenset[int]:
        """The players the standings treat under C.05 6.6 (none when the switch is off)."""
        return frozenset(self.withdrawn) if self.withdrawn_rule else frozenset()

    def standings(self):
        """``compute_standings`` of the event as it stands (forfeits of withdrawals included)."""
        return compute_standings(self.schedule, self.effective_results(), self.tiebreaks,
                                 self.standings_withdrawn, self.bye_points,
                                 ratings={p.number: p.rating for p in self.players})

    def has_results(self) -> bool:
        return bool(self.results)


def effective_results(schedule: Schedule, results: Mapping[Key, str],
                      withdrawn: Mapping[int, int | None]) -> dict[Key, str]:
    """Typed results, and in every game without one of a started round: the forfeit its withdrawn players give.

    A player withdrawn from round ``R`` is absent from each of his games of round ``R`` and
    later: White absent gives ``-+``, Black absent ``+-``, both ``0-0``. A forfeit belongs to
    its round: it counts once the round has started (a result is typed in it), so that the
    standings after round 5 do not already hold the forfeits of round 8.
    """
    out = dict(results)
    rounds = {p: r for p, r in withdrawn.items() if r is not None}
    if not rounds:
        return out
    started = {rnd for rnd, _ in results}
    for rnd, board, white, black in schedule.games():
        if (rnd, board) in out or rnd not in started:
            continue
        code = absence_forfeit(white in rounds and rnd >= rounds[white], black in rounds and rnd >= rounds[black])
        if code is not None:
            out[(rnd, board)] = code
    return out


def played_results(schedule: Schedule, results: Mapping[Key, str], player: int,
                   from_round: int) -> list[tuple[Key, str]]:
    """Games of ``player`` in round ``from_round`` or later whose typed result was played over the board."""
    return [((r, b), results[(r, b)]) for r, b, w, k in schedule.games()
            if r >= from_round and player in (w, k) and results.get((r, b)) in OVER_THE_BOARD]


# -- operations -----------------------------------------------------------------

def check_player(event: RoundRobinEvent, number: int) -> int:
    if not isinstance(number, int) or not 1 <= number <= event.size:
        raise TournamentError("There is no player {number}: the players are numbered from 1 to {count}.",
                              number=number, count=event.size)
    return number


def withdraw(event: RoundRobinEvent, number: int, from_round: int | None) -> RoundRobinEvent:
    """``number`` withdraws from round ``from_round`` on (``None``: marked withdrawn, no round).

    Refused when a game of his in that round or later has a result played over the board.
    """
    check_player(event, number)
    if from_round is not None:
        if not 1 <= from_round <= event.rounds:
            raise TournamentError(
                "Player {number} cannot withdraw from round {round}: the rounds are numbered from 1 to {rounds}.",
                number=number, round=from_round, rounds=event.rounds)
        played = played_results(event.schedule, event.results, number, from_round)
        if played:
            (rnd, board), code = played[0]
            white, black = event.games()[(rnd, board)]
            raise TournamentError(
                "Player {number} cannot withdraw from round {round}: his game of round {played_round} "
                "(board {board}, {white} – {black}) has the result {code}. Give the round after his last "
                "game played, or clear that result first; nothing was changed.",
                number=number, round=from_round, played_round=rnd, board=board, white=white, black=black,
                code=shown_code(code))
    return replace(event, withdrawn=with_withdrawal(event.withdrawn, number, from_round))


def reinstate(event: RoundRobinEvent, number: int) -> RoundRobinEvent:
    """Cancel the withdrawal of ``number`` (his derived forfeits disappear with it)."""
    check_player(event, number)
    return replace(event, withdrawn=without_withdrawal(event.withdrawn, number))


def set_result(event: RoundRobinEvent, rnd: int, board: int, code: str | None) -> RoundRobinEvent:
    """Type, correct or clear (``code`` empty) the result of round ``rnd``, board ``board``."""
    games = event.games()
    if not 1 <= rnd <= event.rounds:
        raise TournamentError("Round {round} does not exist: the rounds are numbered from 1 to {rounds}.",
                              round=rnd, rounds=event.rounds)
    boards = sum(1 for r, _ in games if r == rnd)
    if (rnd, board) not in games:
        raise TournamentError("Round {round} has no board {board}: its boards are numbered from 1 to {boards}.",
                              round=rnd, board=board, boards=boards)
    canonical = parse_result(code, Message("round {round}, board {board}", round=rnd, board=board))
    if canonical in OVER_THE_BOARD:
        for player in games[(rnd, board)]:
            gone = event.withdrawn.get(player)
            if gone is not None and rnd >= gone:
                raise TournamentError(
                    "Round {round}, board {board}: player {number} withdrew from round {gone}, so this game "
                    "was not played; change his withdrawal round first if he did play it. Nothing was changed.",
                    round=rnd, board=board, number=player, gone=gone)
    results = dict(event.results)
    if canonical is None:
        results.pop((rnd, board), None)
    else:
        results[(rnd, board)] = canonical
    return replace(event, results=results)


def edit_player(event: RoundRobinEvent, number: int, *, name: str | None = None, rating: int | None | Literal[""] = "",
                club: str | None = None, federation: str | None = None) -> RoundRobinEvent:
    """Correct a player's name, rating, club or federation (any time); ``rating=None`` clears it."""
    check_player(event, number)
    old = event.player(number)
    new = replace(old,
                  name=old.name if name is None else _name(name, number),
                  rating=old.rating if rating == "" else rating,
                  club=old.club if club is None else club.strip(),
                  federation=old.federation if federation is None else federation.strip().upper())
    players = list(event.players)
    players[number - 1] = new
    return replace(event, players=tuple(players))


def replace_player(event: RoundRobinEvent, number: int, newcomer: Player) -> RoundRobinEvent:
    """Another person takes number ``number``: only while none of his games has a result."""
    check_player(event, number)
    typed = sorted(key for key, (w, k) in event.games().items() if number in (w, k) and key in event.results)
    if typed:
        rnd, board = typed[0]
        raise TournamentError(
            "Player {number} cannot be replaced: his game of round {round} (board {board}) already has a "
            "result. Another person can only take his place before he has played; correct his name with "
            "'rename' if it was misspelt.", number=number, round=rnd, board=board)
    players = list(event.players)
    players[number - 1] = replace(newcomer, number=number, name=_name(newcomer.name, number))
    withdrawn = {p: r for p, r in event.withdrawn.items() if p != number}
    return replace(event, players=tuple(players), withdrawn=withdrawn)


def rebuild(event: RoundRobinEvent, schedule: Schedule, players: Sequence[Player],
            withdrawn: Mapping[int, int | None]) -> RoundRobinEvent:
    """The event on another schedule or field, keeping every typed result; refused if one would be orphaned.

    A typed result is kept only if its round and board hold the same two players, with
    the same colours, in the new schedule.
    """
    new_games = {(r, b): (w, k) for r, b, w, k in schedule.games()}
    old_games = event.games()
    for key, code in sorted(event.results.items()):
        if new_games.get(key) != old_games.get(key):
            white, black = old_games[key]
            raise TournamentError(
                "Round {round}, board {board} ({white} – {black}) already has the result {code}, and that "
                "game would no longer exist after this change ({count} players): nothing was changed. Undo "
                "the change in the player list (or clear those results) and try again.",
                round=key[0], board=key[1], white=white, black=black, code=shown_code(code), count=len(players))
    return replace(event, schedule=schedule, players=tuple(players), withdrawn=dict(withdrawn))


def add_player(event: RoundRobinEvent, newcomer: Player, schedule: Schedule) -> RoundRobinEvent:
    """A late entry joins as the next number: only before any result (the schedule changes)."""
    if event.results:
        (rnd, board) = min(event.results)
        raise TournamentError(
            "A player can join a round-robin only before it starts: round {round}, board {board} already has a "
            "result, and a new player would change every pairing. Nothing was changed.", round=rnd, board=board)
    number = event.size + 1
    players = tuple(event.players) + (replace(newcomer, number=number, name=_name(newcomer.name, number)),)
    return replace(event, schedule=schedule, players=players)


def check_distinct(players: Sequence[Player], source: str) -> None:
    """Refuse two players with the same name unless their club or rating tells them apart."""
    seen: dict[tuple, Player] = {}
    for player in players:
        key = (player.name.casefold().strip(), player.club.casefold().strip(), player.rating)
        if key in seen:
            raise TournamentError(
                "{source}: two players are called {name} ({first} and {second}) with the same club and "
                "rating; tell them apart (club, rating or a number column) so that results go to the "
                "right one.", source=source, name=player.name, first=seen[key].number, second=player.number)
        seen[key] = player


def _name(name: str, number: int) -> str:
    text = str(name).strip()
    if not text:
        raise TournamentError("Player {number} needs a name: it cannot be empty.", number=number)
    return text
