"""A Scheveningen match as data, and its rules: results, corrections, the score.

Two teams of ``n`` players (2 ≤ n ≤ 12) play the ``n`` rounds of the table of
:mod:`addin.systems.scheveningen`: team A's player ``i`` keeps board ``i``, every player
meets every player of the other team once, colours as the table gives them. The match is
the sum of its ``n²`` games: each game gives its winner 1 point and 0 to the loser, ½ to
each in a draw; a game lost by forfeit gives 1 to the player present (0 to both in a
double forfeit). That is all the printed tables and SwissSys' "Team Match Tournaments"
page say of the score; the team with more than ``n²/2`` points has won the match, equal
scores (``n²/2`` each, all games played) are a drawn match.

Results are kept as canonical codes from White's side (``addin.core.results``), keyed by
``(round, board)``; the crosstables give each player's result against each opponent.
Every rule returns a new match or refuses with one sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.results import is_forfeit as _is_forfeit, parse_result, score as _points
from addin.systems.scheveningen import MAX_PLAYERS, MIN_PLAYERS, SchevBoard, scheveningen_rounds

TEAMS = ("A", "B")
MAX_RATING = 4000

#: the crosstable's symbol of each result, for the player with White and for the one with Black
WHITE_SYMBOL = {"1-0": "1", "0-1": "0", "1/2-1/2": "½", "+-": "+", "-+": "-", "0-0": "-"}
BLACK_SYMBOL = {"1-0": "0", "0-1": "1", "1/2-1/2": "½", "+-": "-", "-+": "+", "0-0": "-"}


@dataclass(frozen=True)
class SchevPlayer:
    """A player of a team: his name and, optionally, rating and licence / FIDE id."""

    name: str
    rating: int | None = None
    ident: str = ""


@dataclass(frozen=True)
class Game:
    """One game of the match, seen from team A: its round and board, both players, and the result."""

    round: int
    board: int
    a: int
    b: int
    a_white: bool
    code: str | None

    @property
    def a_points(self) -> float | None:
        if self.code is None:
            return None
        white, black = _points(self.code)
        return white if self.a_white else black

    @property
    def b_points(self) -> float | None:
        if self.code is None:
            return None
        white, black = _points(self.code)
        return black if self.a_white else white

    def symbol(self, team: str) -> str:
        """The crosstable's entry for ``team``'s player: ``1``, ``½``, ``0``, ``+``, ``-`` or empty."""
        if self.code is None:
            return ""
        white = self.a_white == (team == "A")
        return (WHITE_SYMBOL if white else BLACK_SYMBOL)[self.code]


@dataclass(frozen=True)
class SchevMatch:
    """Everything a Scheveningen match workbook holds (its input cells)."""

    team_a: str
    team_b: str
    players_a: tuple[SchevPlayer, ...]
    players_b: tuple[SchevPlayer, ...]
    results: Mapping[tuple[int, int], str] = field(default_factory=dict)
    header: EventHeader = EventHeader()  # title, place, dates, chief arbiter, language

    @property
    def n(self) -> int:
        return len(self.players_a)

    def team(self, team: str) -> str:
        return self.team_a if team == "A" else self.team_b

    def players(self, team: str) -> tuple[SchevPlayer, ...]:
        return self.players_a if team == "A" else self.players_b

    def pairings(self, rnd: int) -> tuple[SchevBoard, ...]:
        return scheveningen_rounds(self.n)[rnd - 1]

    def games(self) -> list[Game]:
        """Every game, round by round and board by board."""
        return [Game(r, b.board, b.a, b.b, b.a_white, self.results.get((r, b.board)))
                for r in range(1, self.n + 1) for b in self.pairings(r)]

    def game_between(self, a: int, b: int) -> Game:
        """The game of team A's player ``a`` against team B's player ``b``."""
        for game in self.games():
            if game.a == a and game.b == b:
                return game
        raise KeyError((a, b))  # pragma: no cover - every pair meets (tests/test_scheveningen.py)


# -- the score -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    """The match's score: points of each team, games with a result, and the verdict."""

    a: float
    b: float
    played: int
    games: int

    @property
    def verdict(self) -> str:
        """``A`` or ``B`` (that team has won: more than half the points), ``draw`` (all played, equal),
        or ``open``."""
        if self.a > self.games / 2:
            return "A"
        if self.b > self.games / 2:
            return "B"
        if self.played == self.games and self.a == self.b:
            return "draw"
        return "open"


def round_score(match: SchevMatch, rnd: int) -> Score:
    games = [g for g in match.games() if g.round == rnd]
    return score_of(games)


def match_score(match: SchevMatch) -> Score:
    return score_of(match.games())


def score_of(games: Sequence[Game]) -> Score:
    """The score of ``games`` (all the match's, or one round's)."""
    played = [g for g in games if g.code is not None]
    # a game with a result has both its points
    return Score(sum(g.a_points for g in played if g.a_points is not None),
                 sum(g.b_points for g in played if g.b_points is not None), len(played), len(games))


def player_total(match: SchevMatch, team: str, number: int) -> tuple[float, int]:
    """``(points, games with a result)`` of ``team``'s player ``number``."""
    return points_of(match.games(), team, number)


def points_of(games: Sequence[Game], team: str, number: int) -> tuple[float, int]:
    """``(points, games with a result)`` of ``team``'s player ``number`` in ``games``."""
    mine = [g for g in games if (g.a if team == "A" else g.b) == number and g.code is not None]
    points = (g.a_points if team == "A" else g.b_points for g in mine)
    return sum(p for p in points if p is not None), len(mine)  # a game with a result has both its points


# -- rules -------------------------------------------------------------------------------------

def new_match(team_a: str, team_b: str, players_a, players_b, header: EventHeader = EventHeader()) -> SchevMatch:
    """A match without results; refuses unequal or out-of-range teams, empty or equal team names."""
    a, b = str(team_a or "").strip(), str(team_b or "").strip()
    if not a or not b:
        raise TournamentError("Each team of a Scheveningen match needs a name.")
    if a.casefold() == b.casefold():
        raise TournamentError("The two teams of a Scheveningen match need different names (both are '{name}').",
                              name=a)
    players_a, players_b = tuple(players_a), tuple(players_b)
    if len(players_a) != len(players_b):
        raise TournamentError("In a Scheveningen match both teams field as many players: {a} lists {na}, {b} lists "
                              "{nb}.", a=a, na=len(players_a), b=b, nb=len(players_b))
    if not MIN_PLAYERS <= len(players_a) <= MAX_PLAYERS:
        raise TournamentError("A Scheveningen match is played by teams of {low} to {high} players, not {count}.",
                              low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(players_a))
    for team, players in ((a, players_a), (b, players_b)):
        for k, player in enumerate(players, 1):
            check_player(player, team, k)
    return SchevMatch(a, b, players_a, players_b, header=header)


def check_player(player: SchevPlayer, team: str, number: int) -> None:
    if not player.name.strip():
        raise TournamentError("Player {number} of {team} has no name.", number=number, team=team)
    if player.rating is not None and not 0 <= player.rating <= MAX_RATING:
        raise TournamentError("Player {number} of {team}: the rating {rating} must be a whole number from 0 to "
                              "{high}.", number=number, team=team, rating=player.rating, high=MAX_RATING)


def set_result(match: SchevMatch, rnd: Any, board: Any, code: Any) -> SchevMatch:
    """Type, correct or clear (empty code) the result of ``board`` in ``rnd``, White's result first."""
    r = as_int(rnd, "round", 1, match.n)
    b = as_int(board, "board", 1, match.n)
    canonical = parse_result(code)
    results = dict(match.results)
    if canonical is None:
        results.pop((r, b), None)
    else:
        results[(r, b)] = canonical
    return replace(match, results=results)


def parse_player(match: SchevMatch, spec: Any) -> tuple[str, int]:
    """``"A3"`` / ``"b12"`` → ``("A", 3)``: a team letter and the player's number in it."""
    raw = str(spec or "").strip().upper()
    if len(raw) >= 2 and raw[0] in TEAMS and raw[1:].isdigit() and 1 <= int(raw[1:]) <= match.n:
        return raw[0], int(raw[1:])
    raise TournamentError("In a Scheveningen match a player is named by his team's letter and his number, A1 to "
                          "A{n} or B1 to B{n} (not '{value}').", n=match.n, value=str(spec or "").strip())


def edit_player(match: SchevMatch, spec: Any, **fields: Any) -> SchevMatch:
    """Correct a player's ``name``, ``rating`` (None clears it) or ``ident``, at any time."""
    team, number = parse_player(match, spec)
    unknown = sorted(set(fields) - {"name", "rating", "ident"})
    if unknown:
        raise TournamentError("A Scheveningen match records a player's name and rating only, not his {fields}.",
                              fields=", ".join(unknown))
    players = list(match.players(team))
    old = players[number - 1]
    rating = fields.get("rating", old.rating)
    if rating is not None and not isinstance(rating, int):
        rating = as_int(rating, "rating", 0, MAX_RATING)
    new = SchevPlayer(str(fields.get("name", old.name)).strip(), rating, str(fields.get("ident", old.ident)))
    check_player(new, match.team(team), number)
    players[number - 1] = new
    if team == "A":
        return replace(match, players_a=tuple(players))
    return replace(match, players_b=tuple(players))


def check_size(built: int, found: int) -> None:
    """A built match keeps its size: its rounds and boards are those of the table for ``built`` players.

    Adding or removing a player would change every round's pairings (and orphan typed
    results), so it is refused; the organiser builds the match again instead.
    """
    if built != found:
        raise TournamentError("This match was built for teams of {built} players and its teams now list {found}: "
                              "the table of every round would change. Keep {built} players a team (correct a name "
                              "instead), or build the match again; nothing was changed.", built=built, found=found)


def is_forfeit(code: str | None) -> bool:
    return code is not None and _is_forfeit(code)
