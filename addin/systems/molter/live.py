"""A Molter event as it happens: teams and their lists, the table, typed results, line-ups,
absences, withdrawals (seed 001, "Organisation matérielle des tournois", "Classement des équipes").

:class:`MolterEvent` is what an event workbook holds (its input cells); the layout writes it and
the reader reads it back. The operations below return a new event and refuse, with one
sentence and changing nothing, whatever would lose or contradict a typed result. The rules:

* **Seats and lists** (``lineup.py``): a seat keeps its boards in the table whoever sits on
  it; the players of a team's list play in the list's order; a substitute from outside the
  list takes a seat as it is; a seat may be empty for a round (absent).
* **An absent player** (the seat empty for one round) loses that board by forfeit, and only
  that board: ``0-1 F`` when White is absent, ``1-0 F`` when Black is, ``0-0 F`` when both
  are.
* **A withdrawn team** (withdrawn *from round R*) is absent from every board of round R and
  later: each is a forfeit loss for it, a double forfeit against another absent side. Its
  results before round R stay, and so do its opponents' boards: they win by forfeit. The seed
  only warns that teams may drop out (« il sera toujours prudent d'envisager la défection
  d'une, voire de plusieurs équipes »); this is the reading of FIDE C.05 for round-robins
  ("withdrawals after the drawing of lots leave the pairings unchanged") applied to a table.
* **Derived, never typed**: the forfeits of absences and withdrawals are computed
  (:meth:`MolterEvent.effective_results`), so moving or cancelling an absence or a withdrawal
  moves or cancels them. A forfeit belongs to its round: it counts once the round has started
  (a result is typed in it), so that the standings after round 2 do not hold round 3's
  forfeits. A result typed in the game wins over the derived forfeit; a game played over the
  board (``1-0``, ``0-1``, ``1/2-1/2``) cannot be typed where a side does not play, and a side
  whose game was played over the board cannot be marked absent or withdrawn.
* **Corrections**: a result may be typed, changed or cleared in any round; a name, a line-up
  or a substitute may be corrected at any time (who sat on a seat does not move its points).
* **The ranking rule** (``ranking``): the seed's (``1991``, the default) or a named preset
  (``ffe-cups``), see ``addin.systems.molter.ranking``; ``ratings`` holds each team's average
  rating (team letter → a number above 0 and below 10000), which only the ``ffe-cups`` rule uses.
* **Changing the shape** (a late team, another number of rounds or of boards) rebuilds the
  table: only while every typed result keeps its game and every line-up entry its seat and
  round (:func:`rebuild`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from addin.core.cells import shown
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import Message
from addin.core.names import find_by_name, name_key
from addin.core.results import (BLACK_FORFEIT_WIN, BLACK_WIN, DOUBLE_FORFEIT, DRAW, WHITE_FORFEIT_WIN, WHITE_WIN,
                                absence_forfeit, parse_result, shown_code)
from addin.systems.molter.grids import player_cells
from addin.systems.molter.lineup import ABSENT, Absent, Entry, Substitute, check_round, person, regular, resolve
from addin.systems.molter.model import TEAM_NAMES, Pairing, Seat
from addin.systems.molter.ranking import CUP_RULE, RATING_CEILING, SEED_RULE, TeamStanding, team_standings
from addin.systems.molter.teams import MAX_PLAYERS, MIN_TEAMS, Team

Key = tuple[int, int]  # (round, board)
SeatRound = tuple[str, int, int]  # (team letter, seat, round)
OVER_THE_BOARD = frozenset({WHITE_WIN, BLACK_WIN, DRAW})


@dataclass(frozen=True)
class MolterEvent:
    """Everything a Molter event workbook holds.

    ``teams``: letter, name and list (strongest first, at least ``boards`` places; blank names
    are players not named yet). ``rounds[r-1][b-1]``: the pairing on board ``b`` of round
    ``r`` (the table as played). ``results``: typed results (canonical codes). ``withdrawn``:
    team letter → first round it does not play. ``lineups``: ``(letter, seat, round)`` → who
    takes the seat when it is not its regular player. ``source``: the table's source
    (``auto``, ``official``, ``generated``), used again if the shape changes. ``header``:
    title, place, dates and chief arbiter, printed at the top of every page (issue 11), and
    the workbook's language.
    """

    teams: tuple[Team, ...]
    boards: int
    rounds: tuple[tuple[Pairing, ...], ...]
    results: Mapping[Key, str] = field(default_factory=dict)
    withdrawn: Mapping[str, int] = field(default_factory=dict)
    lineups: Mapping[SeatRound, Entry] = field(default_factory=dict)
    header: EventHeader = EventHeader()  # title, place, dates, chief arbiter, language
    source: str = "auto"
    ranking: str = SEED_RULE
    ratings: Mapping[str, float] = field(default_factory=dict)

    # -- views ------------------------------------------------------------------
    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(team.letter for team in self.teams)

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    def team(self, letter: str) -> Team:
        for team in self.teams:
            if team.letter == letter:
                return team
        raise KeyError(letter)

    def games(self) -> dict[Key, Pairing]:
        """``{(round, board): pairing}``."""
        return {(r, b): pairing for r, rnd in enumerate(self.rounds, 1) for b, pairing in enumerate(rnd, 1)}

    def entry(self, seat: Seat, rnd: int) -> Entry:
        """Who takes ``seat`` in round ``rnd`` (its place on the list when it is the regular player)."""
        return self.lineups.get((seat.team, seat.board, rnd), seat.board)

    def round_entries(self, letter: str, rnd: int) -> list[Entry]:
        return [self.entry(Seat(letter, k), rnd) for k in range(1, self.boards + 1)]

    def player_name(self, seat: Seat, rnd: int) -> str:
        """The name of who plays ``seat`` in round ``rnd`` (``absent``, or empty when not named yet)."""
        entry = self.entry(seat, rnd)
        if isinstance(entry, int):
            return self.team(seat.team).players[entry - 1]
        return person((), entry)

    def absence(self, seat: Seat, rnd: int) -> str | None:
        """Why ``seat`` does not play round ``rnd`` (``"withdrawn"``, ``"absent"``), or None when it plays."""
        gone = self.withdrawn.get(seat.team)
        if gone is not None and rnd >= gone:
            return "withdrawn"
        if isinstance(self.entry(seat, rnd), Absent):
            return "absent"
        return None

    def started(self, rnd: int) -> bool:
        """A round has started once a result is typed in it."""
        return any(r == rnd for r, _ in self.results)

    def effective_results(self) -> dict[Key, str]:
        """The typed results, and in every other game of a started round the forfeit its absent sides give."""
        out = dict(self.results)
        started = {r for r, _ in self.results}
        for (rnd, board), pairing in self.games().items():
            if (rnd, board) in out or rnd not in started:
                continue
            code = absence_forfeit(self.absence(pairing.white, rnd) is not None,
                                   self.absence(pairing.black, rnd) is not None)
            if code is not None:
                out[(rnd, board)] = code
        return out

    def standings(self) -> list[TeamStanding]:
        """The team ranking under the event's rule on the effective results (``ranking.team_standings``)."""
        return team_standings(len(self.teams), self.boards, self.rounds, self.effective_results(), self.ranking,
                              dict(self.ratings))

    def has_results(self) -> bool:
        return bool(self.results)


# -- checks -------------------------------------------------------------------------

def check_event(event: MolterEvent) -> MolterEvent:
    """Refuse an event that breaks a rule of the module docstring (returns it unchanged)."""
    check_teams(event.teams, event.boards)
    if check_ranking(event.ranking) != event.ranking:  # an alias: the doors give the rule's code
        raise TournamentError("The ranking rule is {value}: give 1991 (the seed's) or ffe-cups.",
                              value=repr(event.ranking))
    for letter, rating in event.ratings.items():
        if letter not in event.letters:
            raise TournamentError("There is no team {team}.", team=letter)
        check_rating(rating, letter)
    player_cells(len(event.teams), event.boards, event.rounds)  # a complete table of these teams
    games = event.games()
    for (rnd, board), code in event.results.items():
        if (rnd, board) not in games:
            raise TournamentError("Round {round} has no board {board}.", round=rnd, board=board)
        if code not in (WHITE_WIN, BLACK_WIN, DRAW, WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT):
            raise TournamentError("Round {round}, board {board}: the result {code} is not a result code.",
                                  round=rnd, board=board, code=code)
    for letter, rnd in event.withdrawn.items():
        if letter not in event.letters:
            raise TournamentError("There is no team {team}.", team=letter)
        if not 1 <= rnd <= event.round_count:
            raise TournamentError(
                "Team {team} withdraws from round {round}, but the rounds are numbered from 1 to {rounds}.",
                team=letter, round=rnd, rounds=event.round_count)
    touched = set()
    for (letter, seat, rnd), entry in event.lineups.items():
        if letter not in event.letters or not 1 <= seat <= event.boards or not 1 <= rnd <= event.round_count:
            raise TournamentError(
                "A line-up entry names seat {seat} of team {team} in round {round}: the event has teams {first} "
                "to {last}, {boards} boards a team and {rounds} rounds.", seat=seat, team=letter, round=rnd,
                first=event.letters[0], last=event.letters[-1], boards=event.boards, rounds=event.round_count)
        touched.add((letter, rnd))
    for letter, rnd in sorted(touched):
        check_round(letter, event.team(letter).players, event.round_entries(letter, rnd), rnd)
    for key, code in sorted(event.results.items()):
        if code in OVER_THE_BOARD:
            pairing = games[key]
            for player in (pairing.white, pairing.black):
                why = event.absence(player, key[0])
                if why is not None:
                    raise _played_but_out(event, key, code, player, why)
    return event


def check_teams(teams: Sequence[Team], boards: int) -> None:
    """Team letters in order, names given and distinct, lists long enough and without two equal names."""
    if not MIN_TEAMS <= len(teams) <= len(TEAM_NAMES):
        raise TournamentError("A Molter event needs {low} to {high} teams, not {count}.", low=MIN_TEAMS,
                              high=len(TEAM_NAMES), count=len(teams))
    if boards < 2 or boards % 2 or boards > MAX_PLAYERS:
        raise TournamentError("The number of players a team fields is {boards}: it must be even, from 2 to {most}.",
                              boards=boards, most=MAX_PLAYERS)
    names: dict[str, str] = {}
    for index, team in enumerate(teams):
        if team.letter != TEAM_NAMES[index]:
            raise TournamentError("Team {index} must have the letter {letter}, not {given}.", index=index + 1,
                                  letter=TEAM_NAMES[index], given=team.letter)
        if not team.name.strip():
            raise TournamentError("Team {team} needs a name.", team=team.letter)
        key = name_key(team.name)
        if key in names:
            raise TournamentError("Teams {first} and {second} are both called {name}: give them different names.",
                                  first=names[key], second=team.letter, name=team.name.strip())
        names[key] = team.letter
        if len(team.players) < boards:
            raise TournamentError("Team {team}'s list has {count} places for {boards} boards.", team=team.letter,
                                  count=len(team.players), boards=boards)
        seen: dict[str, int] = {}
        for place, name in enumerate(team.players, 1):
            key = name_key(name)
            if not key:
                if place > boards:
                    raise TournamentError(
                        "Team {team}'s list: player {place} has no name; a reserve (after the {boards} regular "
                        "players) needs one.", team=team.letter, place=place, boards=boards)
                continue
            if key in seen:
                raise TournamentError(
                    "Team {team}'s list names {name} twice (players {first} and {second}): tell them apart, so "
                    "that a line-up names one player.", team=team.letter, name=name.strip(), first=seen[key],
                    second=place)
            seen[key] = place


def _played_but_out(event: MolterEvent, key: Key, code: str, seat: Seat, why: str) -> TournamentError:
    pairing = event.games()[key]
    if why == "withdrawn":
        return TournamentError(
            "Round {round}, board {board} ({white} – {black}) has the result {code}, but team {team} withdrew from "
            "round {gone}, so the game was not played. Give the round after its last game played, or clear that "
            "result first; nothing was changed.", round=key[0], board=key[1], white=str(pairing.white),
            black=str(pairing.black), code=shown_code(code), team=seat.team, gone=event.withdrawn[seat.team])
    return TournamentError(
        "Round {round}, board {board} ({white} – {black}) has the result {code}, but {seat} is marked absent in "
        "that round, so the game was not played. Clear the absence, or that result, first; nothing was "
        "changed.", round=key[0], board=key[1], white=str(pairing.white), black=str(pairing.black),
        code=shown_code(code),
        seat=str(seat))


# -- finding teams, seats and rounds ----------------------------------------------

def find_team(event: MolterEvent, ident: Any) -> Team:
    """A team by its letter (``A``) or its name (letter case, accents and spaces ignored: ``addin.core.names``)."""
    key = str(ident or "").strip()
    for team in event.teams:
        if key.upper() == team.letter:
            return team
    letter = find_by_name(((t.letter, t.name) for t in event.teams), key)
    if letter is not None:
        return next(t for t in event.teams if t.letter == letter)
    raise TournamentError("There is no team {team}: the teams are {first} to {last} ({names}).", team=key,
                          first=event.letters[0], last=event.letters[-1],
                          names=", ".join(f"{t.letter} {t.name}" for t in event.teams))


def check_round_number(event: MolterEvent, rnd: int) -> int:
    if not 1 <= rnd <= event.round_count:
        raise TournamentError("Round {round} does not exist: the rounds are numbered from 1 to {rounds}.",
                              round=rnd, rounds=event.round_count)
    return rnd


def check_board(event: MolterEvent, rnd: int, board: int) -> Pairing:
    check_round_number(event, rnd)
    boards = len(event.rounds[rnd - 1])
    if not 1 <= board <= boards:
        raise TournamentError("Round {round} has no board {board}: its boards are numbered from 1 to {boards}.",
                              round=rnd, board=board, boards=boards)
    return event.rounds[rnd - 1][board - 1]


def seat_on(event: MolterEvent, rnd: int, board: int, side: Any) -> Seat:
    """The seat playing ``side`` (White, Black, a seat symbol like ``A2``, or the name of the player sitting
    there that round) on a board of a round."""
    pairing = check_board(event, rnd, board)
    word = str(side or "").strip().casefold()
    if word in ("white", "w", "blanc", "blancs"):
        return pairing.white
    if word in ("black", "noir", "noirs", "n"):
        return pairing.black
    for seat in (pairing.white, pairing.black):
        if word.upper() == str(seat):
            return seat
    named = find_by_name(((seat, event.player_name(seat, rnd)) for seat in (pairing.white, pairing.black)), side)
    if named is not None:  # the name of the player who sits there that round
        return named
    raise TournamentError(
        "Round {round}, board {board} is {white} – {black}: say which side, 'white' or 'black' (or {white} or "
        "{black}), not {side}.", round=rnd, board=board, white=str(pairing.white), black=str(pairing.black),
        side=repr(str(side or "")))


def seat_games(event: MolterEvent, letter: str) -> list[tuple[Key, Pairing]]:
    return [(key, p) for key, p in event.games().items() if letter in (p.white.team, p.black.team)]


# -- operations ----------------------------------------------------------------------

def set_result(event: MolterEvent, rnd: int, board: int, code: Any) -> MolterEvent:
    """Type, correct or clear (``code`` empty) the result of round ``rnd``, board ``board``."""
    pairing = check_board(event, rnd, board)
    canonical = parse_result(code, f"round {rnd}, board {board}")
    if canonical in OVER_THE_BOARD:
        for seat in (pairing.white, pairing.black):
            why = event.absence(seat, rnd)
            if why is not None:
                raise _played_but_out(event, (rnd, board), canonical, seat, why)
    results = dict(event.results)
    if canonical is None:
        results.pop((rnd, board), None)
    else:
        results[(rnd, board)] = canonical
    return check_event(replace(event, results=results))


def withdraw(event: MolterEvent, team: Any, from_round: int) -> MolterEvent:
    """The team withdraws from round ``from_round`` on (refused when it played a game over the board then)."""
    letter = find_team(event, team).letter
    if not 1 <= from_round <= event.round_count:
        raise TournamentError(
            "Team {team} cannot withdraw from round {round}: the rounds are numbered from 1 to {rounds}.",
            team=letter, round=from_round, rounds=event.round_count)
    for key, pairing in sorted(seat_games(event, letter)):
        code = event.results.get(key)
        if key[0] >= from_round and code in OVER_THE_BOARD:
            raise TournamentError(
                "Team {team} cannot withdraw from round {round}: its game of round {played_round} (board {board}, "
                "{white} – {black}) has the result {code}. Give the round after its last game played, or clear "
                "that result first; nothing was changed.", team=letter, round=from_round, played_round=key[0],
                board=key[1], white=str(pairing.white), black=str(pairing.black), code=shown_code(code))
    withdrawn = dict(event.withdrawn)
    withdrawn[letter] = from_round
    return check_event(replace(event, withdrawn=withdrawn))


def reinstate(event: MolterEvent, team: Any) -> MolterEvent:
    """Cancel a team's withdrawal (its derived forfeits go with it)."""
    letter = find_team(event, team).letter
    if letter not in event.withdrawn:
        raise TournamentError("Team {team} has not withdrawn.", team=letter)
    withdrawn = {t: r for t, r in event.withdrawn.items() if t != letter}
    return check_event(replace(event, withdrawn=withdrawn))


def mark_absent(event: MolterEvent, rnd: int, board: int, side: Any, absent: bool = True) -> tuple[MolterEvent, Seat]:
    """The player of ``side`` on that board is absent that round (forfeit on that board only), or no longer."""
    seat = seat_on(event, rnd, board, side)
    key = (seat.team, seat.board, rnd)
    lineups = dict(event.lineups)
    if absent:
        code = event.results.get((rnd, board))
        if code in OVER_THE_BOARD:
            raise TournamentError(
                "{seat} cannot be absent in round {round}: the game on board {board} has the result {code}. Clear "
                "that result first if the game was not played; nothing was changed.", seat=str(seat), round=rnd,
                board=board, code=shown_code(code))
        lineups[key] = ABSENT
    else:
        if not isinstance(lineups.get(key), Absent):
            raise TournamentError("{seat} is not marked absent in round {round}.", seat=str(seat), round=rnd)
        del lineups[key]
    return check_event(replace(event, lineups=lineups)), seat


def substitute(event: MolterEvent, team: Any, seat: int, who: Any, first: int, last: int | None = None) -> MolterEvent:
    """``who`` takes seat ``seat`` of ``team`` in rounds ``first`` to ``last`` (one round without ``last``).

    ``who`` is a substitute's name, or a player of the list (name or place), who then must
    keep the list's order; the seat's regular player (or nothing) restores the seat.
    """
    chosen = find_team(event, team)
    if not 1 <= seat <= event.boards:
        raise TournamentError("Team {team} has seats 1 to {boards}, not {seat}.", team=chosen.letter,
                              boards=event.boards, seat=seat)
    rounds = _round_span(event, first, last)
    entry = resolve(chosen.players, who, chosen.letter, f"{chosen.letter}{seat}")
    if isinstance(entry, Absent):
        raise TournamentError("To mark a player absent, use 'absent' with the round, the board and the side.")
    lineups = dict(event.lineups)
    for rnd in rounds:
        key = (chosen.letter, seat, rnd)
        if entry is None or regular(entry, seat):
            lineups.pop(key, None)
        else:
            lineups[key] = entry
    return check_event(replace(event, lineups=lineups))


def set_lineup(event: MolterEvent, team: Any, players: Sequence[Any], first: int,
               last: int | None = None) -> MolterEvent:
    """The players of the list ``team`` fields in rounds ``first`` to ``last``, seated in the list's order.

    Fewer players than boards leave the last seats empty (absent: players move up, the
    last boards are lost by forfeit). Substitutes from outside the list are named with
    :func:`substitute`.
    """
    chosen = find_team(event, team)
    rounds = _round_span(event, first, last)
    places: list[int] = []
    for value in players:
        entry = resolve(chosen.players, value, chosen.letter,
                        Message("The line-up of team {team}", team=chosen.letter))
        if not isinstance(entry, int):
            raise TournamentError(
                "{name} is not on team {team}'s list: a line-up names players of the list (by name or place); a "
                "substitute from outside it takes a seat with 'substitute'.", name=str(value).strip(),
                team=chosen.letter)
        if entry in places:
            raise TournamentError("The line-up of team {team} names {name} twice.", team=chosen.letter,
                                  name=person(chosen.players, entry))
        places.append(entry)
    if not 1 <= len(places) <= event.boards:
        raise TournamentError("Team {team} fields 1 to {boards} players a round, not {count}.", team=chosen.letter,
                              boards=event.boards, count=len(places))
    places.sort()
    lineups = dict(event.lineups)
    for rnd in rounds:
        for seat in range(1, event.boards + 1):
            entry = places[seat - 1] if seat <= len(places) else ABSENT
            key = (chosen.letter, seat, rnd)
            if regular(entry, seat):
                lineups.pop(key, None)
            else:
                lineups[key] = entry
    new = replace(event, lineups=lineups)
    for rnd in rounds:
        for board, pairing in enumerate(event.rounds[rnd - 1], 1):
            code = event.results.get((rnd, board))
            for player in (pairing.white, pairing.black):
                if code in OVER_THE_BOARD and new.absence(player, rnd) == "absent":
                    raise TournamentError(
                        "Team {team} cannot field {count} players in round {round}: seat {seat} would be empty, but "
                        "its game (board {board}) has the result {code}. Nothing was changed.", team=chosen.letter,
                        count=len(places), round=rnd, seat=str(player), board=board, code=shown_code(code))
    return check_event(new)


def rename(event: MolterEvent, who: Any, name: Any) -> tuple[MolterEvent, str]:
    """Rename a team (``A`` or its name) or a player of a list (``A2``: the 2nd of team A's list).

    ``A5`` on a list of four adds a fifth player (a reserve). Returns the new event and
    ``"team"``, ``"player"`` or ``"reserve"``.
    """
    new_name = str(name or "").strip()
    ident = str(who or "").strip()
    if not new_name:
        raise TournamentError("Give the new name of {who}: it cannot be empty.", who=ident)
    teams = list(event.teams)
    place = _list_place(ident)
    if place is None:
        team = find_team(event, ident)
        index = event.letters.index(team.letter)
        teams[index] = replace(team, name=new_name)
        return check_event(replace(event, teams=tuple(teams))), "team"
    letter, number = place
    team = find_team(event, letter)
    index = event.letters.index(team.letter)
    players = list(team.players)
    kind = "player"
    if number == len(players) + 1:
        players.append(new_name)
        kind = "reserve"
    elif 1 <= number <= len(players):
        players[number - 1] = new_name
    else:
        raise TournamentError(
            "Team {team}'s list has {count} players: rename one of {team}1 to {team}{count}, or add a reserve as "
            "{team}{next}.", team=team.letter, count=len(players), next=len(players) + 1)
    teams[index] = replace(team, players=tuple(players))
    lineups = dict(event.lineups)
    for key, entry in event.lineups.items():  # a substitute now on the list is that player
        if key[0] == team.letter and isinstance(entry, Substitute) and entry.name.casefold() == new_name.casefold():
            lineups[key] = number
            if regular(number, key[1]):
                del lineups[key]
    return check_event(replace(event, teams=tuple(teams), lineups=lineups)), kind


def _list_place(ident: str) -> tuple[str, int] | None:
    letters, digits = ident.rstrip("0123456789"), ident[len(ident.rstrip("0123456789")):]
    if digits and letters.strip().upper() in TEAM_NAMES:
        return letters.strip().upper(), int(digits)
    return None


def _round_span(event: MolterEvent, first: int, last: int | None) -> range:
    check_round_number(event, first)
    if last is None:
        last = first
    check_round_number(event, last)
    if last < first:
        raise TournamentError("The last round {last} comes before the first one {first}.", last=last, first=first)
    return range(first, last + 1)


def rebuild(event: MolterEvent, teams: Sequence[Team], boards: int, rounds: Sequence[Sequence[Pairing]],
            withdrawn: Mapping[str, int] | None = None, lineups: Mapping[SeatRound, Entry] | None = None,
            **settings: Any) -> MolterEvent:
    """The event with other teams, boards or table, keeping every typed result; refused if one is orphaned.

    A typed result is kept only if its round and board hold the same two seats, with the
    same colours, in the new table. Withdrawals and line-up entries (``event``'s unless
    given) must keep their team, seat and round.
    """
    table = tuple(tuple(rnd) for rnd in rounds)
    new_games = {(r, b): p for r, rnd in enumerate(table, 1) for b, p in enumerate(rnd, 1)}
    old_games = event.games()
    shape = {"teams": len(teams), "boards": boards, "rounds": len(table)}
    for key, code in sorted(event.results.items()):
        if new_games.get(key) != old_games.get(key):
            pairing = old_games[key]
            raise TournamentError(
                "Round {round}, board {board} ({white} – {black}) already has the result {code}, and that game "
                "would no longer exist with {teams} teams of {boards} players in {rounds} rounds: nothing was "
                "changed. Undo the change (or clear those results) and try again.", round=key[0], board=key[1],
                white=str(pairing.white), black=str(pairing.black), code=shown_code(code), **shape)
    withdrawn = dict(event.withdrawn if withdrawn is None else withdrawn)
    lineups = dict(event.lineups if lineups is None else lineups)
    for letter, rnd in sorted(withdrawn.items()):
        if rnd > len(table):
            raise TournamentError(
                "Team {team} withdraws from round {round}, and the event would have {rounds} rounds: change its "
                "withdrawal first. Nothing was changed.", team=letter, round=rnd, rounds=len(table))
    for (letter, seat, rnd) in sorted(lineups, key=lambda k: (k[2], k[0], k[1])):
        if seat > boards or rnd > len(table):
            raise TournamentError(
                "The line-ups name who plays seat {seat} of team {team} in round {round}, and the event would have "
                "{boards} boards a team and {rounds} rounds: clear that entry first. Nothing was changed.",
                seat=seat, team=letter, round=rnd, boards=boards, rounds=len(table))
    new = replace(event, teams=tuple(teams), boards=boards, rounds=table, withdrawn=withdrawn, lineups=lineups,
                  **settings)
    return check_event(new)


def check_source(value: Any) -> str:
    """``auto``, ``official`` or ``generated`` (French words too); blank is ``auto``."""
    word = str(value or "").strip().casefold()
    aliases = {"": "auto", "auto": "auto", "official": "official", "officiel": "official", "officielle": "official",
               "generated": "generated", "généré": "generated", "genere": "generated", "générée": "generated"}
    if word not in aliases:
        raise TournamentError("The table's source is {value}: give auto, official or generated.", value=shown(value))
    return aliases[word]



RANKING_ALIASES = {"": SEED_RULE, "1991": SEED_RULE, "seed": SEED_RULE, "graine": SEED_RULE,
                   "règles de 1991": SEED_RULE, "1991 rules": SEED_RULE,
                   "ffe-cups": CUP_RULE, "ffe cups": CUP_RULE, "coupes ffe": CUP_RULE, "coupes-ffe": CUP_RULE}


def check_ranking(value: Any) -> str:
    """``1991`` (the seed's ranking, also blank) or ``ffe-cups`` (French words too)."""
    word = str(value or "").strip().casefold()
    if word not in RANKING_ALIASES:
        raise TournamentError("The ranking rule is {value}: give 1991 (the seed's) or ffe-cups.", value=shown(value))
    return RANKING_ALIASES[word]


def check_rating(value: Any, team: str) -> float:
    """A team's average rating: a number above 0 and below 10000."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < RATING_CEILING:
        raise TournamentError("The average rating of team {team} is {value}: give a number above 0 and below "
                              "{ceiling}, or leave it blank.", team=team, value=shown(value), ceiling=RATING_CEILING)
    return float(value)
