"""A Molter event as it is played: the rounds in order and the results typed.

Seed 001, "Comment utiliser les tableaux ?": a table's numbered rounds "sont
interdépendantes et doivent obligatoirement se jouer par deux"; the
autonomous round (``Na``) "peut être utilisé pour organiser des tournois en
une seule ronde" or "être ajouté aux 2 (4, 6, ...) rondes qui les précèdent
et organiser ainsi des tournois en 3 (5, 7, ...) rondes". :func:`played_rounds`
applies exactly that to a :class:`~addin.systems.molter.model.MolterTable`.

Results are keyed by ``(round, board)`` (both 1-based, ``round`` counts the
played rounds, the autonomous one included) and hold a result code of
:mod:`addin.core.results` (any accepted spelling; ``None`` or missing = not played
yet). :func:`player_points` turns them into each player's points per round:
"1 point par victoire, ½ point par partie nulle, 0 par défaite" (seed 001,
"Classement des équipes"); a forfeit counts as a win for the player present.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from addin.core.errors import TournamentError
from addin.core.results import WHITE_FORFEIT_WIN, WHITE_WIN, BLACK_FORFEIT_WIN, BLACK_WIN, parse_result, score
from addin.systems.molter.model import MolterTable, Pairing, Seat, team_letters

Round = Sequence[Pairing]
Results = Mapping[tuple[int, int], object]


def played_rounds(table: MolterTable, rounds: int | None = None) -> list[tuple[Pairing, ...]]:
    """The rounds of an event of ``rounds`` rounds played on ``table``, in order.

    * ``rounds`` even (or no autonomous round): the first ``rounds`` numbered rounds;
    * ``rounds`` odd and the table has an autonomous round: the first
      ``rounds − 1`` numbered rounds then the autonomous round (seed 001: the
      autonomous round alone makes a one-round event, added to 2, 4, 6 rounds
      it makes 3, 5, 7);
    * ``rounds`` omitted: every numbered round, then the autonomous round if any.
    """
    numbered = list(table.rounds)
    auto = table.autonomous
    if rounds is None:
        return numbered + ([auto] if auto is not None else [])
    if rounds < 1:
        raise TournamentError("The number of rounds is {rounds}: it must be at least 1.", rounds=rounds)
    if auto is not None and rounds % 2 == 1 and rounds - 1 <= len(numbered):
        return numbered[:rounds - 1] + [auto]
    if rounds <= len(numbered):
        return numbered[:rounds]
    most = len(numbered) + (1 if auto is not None else 0)
    raise TournamentError(
        "This table for {teams} teams of {players} players has {most} rounds: the number of rounds must be "
        "from 1 to {most}, not {rounds}.", teams=table.teams, players=table.players, most=most, rounds=rounds)


@dataclass(frozen=True)
class Game:
    """One game of the event: round and board (1-based), the pairing, its result code."""

    round: int
    board: int
    pairing: Pairing
    result: str | None


def games(rounds: Sequence[Round], results: Results | None = None) -> list[Game]:
    """Every game in round then board order, with its canonical result (or None)."""
    results = results or {}
    out = []
    for r, rnd in enumerate(rounds, 1):
        for b, pairing in enumerate(rnd, 1):
            raw = results.get((r, b))
            out.append(Game(r, b, pairing, parse_result(raw, f"round {r}, board {b}")))
    return out


def check_results(rounds: Sequence[Round], results: Results) -> None:
    """Refuse a result for a round or board the event does not have."""
    for (r, b) in results:
        if not (isinstance(r, int) and 1 <= r <= len(rounds)):
            raise TournamentError("A result is given for round {round}: the rounds go from 1 to {rounds}.",
                                  round=r, rounds=len(rounds))
        if not (isinstance(b, int) and 1 <= b <= len(rounds[r - 1])):
            raise TournamentError("A result is given for board {board} of round {round}: the boards go from 1 "
                                  "to {boards}.", board=b, round=r, boards=len(rounds[r - 1]))


def player_points(teams: int, players: int, rounds: Sequence[Round],
                  results: Results | None = None) -> dict[Seat, list[float | None]]:
    """Each player's points per round (``None`` where the result is not typed yet)."""
    results = results or {}
    check_results(rounds, results)
    points: dict[Seat, list[float | None]] = {
        Seat(t, p): [None] * len(rounds) for t in team_letters(teams) for p in range(1, players + 1)}
    for game in games(rounds, results):
        if game.result is None:
            continue
        white, black = score(game.result)
        for seat, pts in ((game.pairing.white, white), (game.pairing.black, black)):
            if seat not in points:
                raise TournamentError("Round {round}, board {board}: {seat} is not a player of this event.",
                                      round=game.round, board=game.board, seat=str(seat))
            points[seat][game.round - 1] = pts
    return points


def is_win(code: str | None, white: bool) -> bool:
    """True when the player of that colour won (a forfeit win counts as a win)."""
    if code is None:
        return False
    return code in ((WHITE_WIN, WHITE_FORFEIT_WIN) if white else (BLACK_WIN, BLACK_FORFEIT_WIN))
