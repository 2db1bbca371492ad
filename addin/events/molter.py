"""The Molter event's use cases: build it, update it, and the event as it happens.

Every door runs these and nothing else: the command line (``appariements molter`` to build,
``update``, ``withdraw``, ``reinstate``, ``result``, ``rename``, ``late-entry``, and the
Molter-only ``substitute``, ``absent``, ``lineup``), the Excel buttons (``Créer le tournoi
Molter`` and ``Mettre à jour`` run :func:`refresh`) and the demo. Each use case reads the
workbook (a :class:`~addin.sheets.book.Book`: a file or an open workbook), applies one rule
of ``addin.systems.molter.live``, and writes the whole new state in one go, or refuses with
one sentence before writing anything.

What an organiser types in the workbook and what a command does are the same operations:
a result in a round sheet (``result``), a withdrawal round in the Teams sheet
(``withdraw``/``reinstate``), a name in the Teams sheet (``rename``, a reserve added at the
end of a list), a team added at the end of the Teams sheet before round 1 (``late-entry``),
and in the Line-ups sheet a number of the list, a substitute's name or ``absent``
(``lineup``, ``substitute``, ``absent``); the button reads them all and checks them with
the same rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from addin.core.args import as_choice, as_int
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import Message, N_
from addin.events.common import Outcome, check_xlsx_output, set_game_result, write_new_event
from addin.sheets.book import Book
from addin.sheets.molter.workbook import (LABELS, TEAM_SHEET_PLACES, detect_lang, event_workbook, is_event,
                                          lineup_entries, numbered_teams, prefetch, read_built, read_event,
                                          read_team_sheet, write_event)
from addin.systems.molter import live as rules
from addin.systems.molter.event import played_rounds
from addin.systems.molter.live import MolterEvent
from addin.systems.molter.model import TEAM_NAMES, MolterTable, Pairing, Seat
from addin.systems.molter.teams import MAX_PLAYERS, MIN_TEAMS, Team, check_shape

MAX_ROUNDS = 24


# -- building ------------------------------------------------------------------------

@dataclass
class BuildRequest:
    """What ``appariements molter`` asks for: teams (a count or a team file), boards per team, rounds…"""

    teams: Any
    players: Any
    rounds: Any = None
    source: str = "auto"
    header: EventHeader = EventHeader()  # title, place, dates, arbiter, language
    output: Path | None = None
    force: bool = False
    discard_results: bool = False
    ranking: str = "1991"


def event_rounds(teams: int, boards: int, rounds: int | None, source: str = "auto") -> tuple[MolterTable, list]:
    """The table to play (``addin.systems.molter.tables.molter_table``) and its rounds in playing order."""
    from addin.systems.molter.tables import molter_table

    table = molter_table(teams, boards, rounds, source)
    played = played_rounds(table)
    if rounds is not None and len(played) != rounds:
        raise TournamentError("The Molter table for {teams} teams of {players} players does not give {rounds} rounds.",
                              teams=teams, players=boards, rounds=rounds)
    return table, played


def describe(table: MolterTable) -> Message:
    """The table an event plays, for the organiser."""
    if table.source != "official":
        return Message("a generated table")
    if table.number is None:
        return Message("the Peyrin table")
    return Message("official table {number}", number=table.number)


def plan(request: BuildRequest) -> tuple[MolterEvent, MolterTable]:
    """The new event of ``request`` (checked) and the table it plays."""
    from addin.files.teams import read_teams

    header = request.header
    lang = as_choice(header.lang, "lang", tuple(LABELS), "fr")
    boards = as_int(request.players, "players", 2, MAX_PLAYERS)
    check_shape(MIN_TEAMS, boards)
    rounds = None if request.rounds in (None, "") else as_int(request.rounds, "rounds", 1, MAX_ROUNDS)
    source = rules.check_source(request.source)
    ranking = rules.check_ranking(request.ranking)
    text = str(request.teams).strip()
    if text.isdigit():
        teams = numbered_teams(int(text), boards, lang)
    else:
        teams = read_teams(Path(text), boards)
    table, played = event_rounds(len(teams), boards, rounds, source)
    printed = EventHeader(header.title.strip(), header.place.strip(), header.dates.strip(), header.arbiter.strip(),
                          lang)
    event = MolterEvent(tuple(teams), boards, tuple(tuple(r) for r in played), header=printed, source=source,
                        ranking=ranking)
    return rules.check_event(event), table


def build(request: BuildRequest) -> Outcome:
    """Write the event workbook ``request`` asks for (never over typed results without ``discard_results``)."""
    output = check_xlsx_output(request.output, N_("A Molter event workbook"))
    event, table = plan(request)
    backup = write_new_event(output, lambda: event_workbook(event), force=request.force,
                             discard_results=request.discard_results, typed_results=_typed_results)
    summary = Message("Wrote {path}: {teams} teams of {boards} players, {rounds} rounds ({table}).", path=output,
                      teams=len(event.teams), boards=event.boards, rounds=event.round_count, table=describe(table))
    return Outcome(summary, [output], backup)


def _typed_results(path: Path) -> int:
    """How many results an existing file holds, if it is a Molter event (0 otherwise)."""
    from addin.render.file_book import FileBook  # openpyxl: only for files (the buttons run without it)

    try:
        book = FileBook(path)
        if not is_event(book.sheet_names()):
            return 0
        return len(read_built(book, detect_lang(book.sheet_names()) or "fr").results)
    except TournamentError:
        return 0


# -- the event as it happens ------------------------------------------------------------

def _check_round_sheets(sheet_names: Sequence[str], lang: str) -> None:
    """The round sheets run 1, 2, 3… without a gap: one missing before the last (renamed or deleted) would
    lose its results on a rebuild (issue 16)."""
    pattern = LABELS[lang]["round_sheet"]
    present = [r for r in range(1, len(sheet_names) + 1) if pattern.format(r=r) in sheet_names]
    missing = next((r for r in range(1, max(present, default=0)) if r not in present), None)
    if missing is not None:
        raise TournamentError(
            "The sheet {sheet} is missing (renamed or deleted) while later rounds are there: its results would be "
            "lost. Give it back its name; nothing was changed.", sheet=pattern.format(r=missing))


def refresh(book: Book) -> Outcome:
    """Build or rebuild the event sheets from what is typed in the workbook (buttons *Créer*, *Mettre à jour*).

    Reads the Teams sheet as it stands (settings, names, lists, withdrawals), and the event
    as built (table, results, line-ups). While the number of teams, of boards and of rounds
    is unchanged the table is kept exactly; otherwise the table is chosen again with the
    source of the Teams sheet, keeping every typed result or refusing (nothing written)
    when one would lose its game. Everything typed is checked with the rules of
    ``addin.systems.molter.live``.
    """
    names = book.sheet_names()
    lang = detect_lang(names)
    if lang is None:
        raise TournamentError(
            "This workbook has no team sheet: add a sheet named 'Équipes' (or 'Teams') with the number of rounds "
            "in B{row}, then one team per row from row {first}: its name in column B and its players, strongest "
            "first, from column {col}.", **TEAM_SHEET_PLACES)
    _check_round_sheets(names, lang)
    prefetch(book, lang)
    sheet = read_team_sheet(book, lang)
    settings = dict(header=sheet.header(lang), **sheet.details())
    if is_event(names):
        built = read_built(book, lang)
        count = sheet.rounds or len(built.rounds)
        shape = (len(sheet.teams), sheet.boards, count)
        if shape == (built.teams, built.boards, len(built.rounds)):
            rounds: Sequence[Sequence[Pairing]] = built.rounds  # same shape: keep the table exactly as built
        else:
            if built.cells and len(sheet.teams) != built.teams:
                raise TournamentError(
                    "The sheet {sheet} has entries, and the number of teams changes from {old} to {new}: its blocks "
                    "follow the order of the teams, so clear those entries (or undo the change) first. Nothing was "
                    "changed.", sheet=LABELS[lang]["lineups_sheet"], old=built.teams, new=len(sheet.teams))
            rounds = event_rounds(*shape, sheet.source)[1]
        lineups = lineup_entries(built.cells, sheet.teams, lang, book.name)
        old = MolterEvent(_placeholders(built.teams, built.boards), built.boards, built.rounds, built.results)
        event = rules.rebuild(old, sheet.teams, sheet.boards, rounds, withdrawn=sheet.withdrawn, lineups=lineups,
                              **settings)
    else:
        rounds = event_rounds(len(sheet.teams), sheet.boards, sheet.rounds, sheet.source)[1]
        event = rules.check_event(MolterEvent(tuple(sheet.teams), sheet.boards, tuple(tuple(r) for r in rounds),
                                              withdrawn=sheet.withdrawn, **settings))
    write(book, event)
    return Outcome(Message("{teams} teams of {boards} players, {rounds} rounds; {results} result(s) kept.",
                           teams=len(event.teams), boards=event.boards, rounds=event.round_count,
                           results=len(event.results)), backup=book.backup)


def _placeholders(teams: int, boards: int) -> tuple[Team, ...]:
    return tuple(Team(TEAM_NAMES[i], TEAM_NAMES[i], ("",) * boards) for i in range(teams))


def change(book: Book, operation: Callable[[MolterEvent], MolterEvent], summary: Message | Callable,
           mend: tuple[int, int] | None = None) -> Outcome:
    """Read the event, apply ``operation``, write it back (one write, or none if refused).

    ``mend``: the board whose result ``operation`` overwrites (its cell is not read)."""
    old = read_event(book, mend)
    event = operation(old)
    write(book, event)
    text = summary(event) if callable(summary) else summary
    return Outcome(text, backup=book.backup)


def withdraw(book: Book, team: Any, from_round: Any) -> Outcome:
    """A team withdraws from round ``from_round`` on: its boards from then on are lost by forfeit."""
    if from_round in (None, ""):
        raise TournamentError("Give the round from which team {team} withdraws (--from-round): its boards from that "
                              "round on are lost by forfeit.", team=str(team or "").strip())
    rnd = as_int(from_round, "round", 1)
    event = read_event(book)
    letter = rules.find_team(event, team).letter
    event = rules.withdraw(event, letter, rnd)
    write(book, event)
    return Outcome(Message("Team {team} withdraws from round {round}: its boards from that round on are lost by "
                           "forfeit.", team=letter, round=rnd), backup=book.backup)


def reinstate(book: Book, team: Any) -> Outcome:
    """Cancel a team's withdrawal (its forfeits go with it)."""
    event = read_event(book)
    letter = rules.find_team(event, team).letter
    event = rules.reinstate(event, letter)
    write(book, event)
    return Outcome(Message("Team {team} is no longer withdrawn.", team=letter), backup=book.backup)


def set_result(book: Book, rnd: Any, board: Any, code: Any) -> Outcome:
    """Type, correct or clear the result of a game in any round (the rule written once for the kinds whose games
    are numbered by round and board: :func:`~addin.events.common.set_game_result`)."""
    return set_game_result(book, change, rules.set_result, rnd, board, code)


def edit_player(book: Book, player: Any, **fields: Any) -> Outcome:
    """Rename a team (``A`` or its name) or a player of a list (``A2``; ``A5`` on a list of four adds a reserve)."""
    other = sorted(key for key, value in fields.items() if key != "name" and value not in (None, ""))
    if other:
        raise TournamentError("A Molter team list holds names only: {fields} do not apply; give --name.",
                              fields=", ".join(other))
    if fields.get("name") in (None, ""):
        raise TournamentError("Give the new name with --name.")
    event, kind = rules.rename(read_event(book), player, fields["name"])
    write(book, event)
    name = str(fields["name"]).strip()
    ident = str(player).strip().upper()
    if kind == "team":
        summary = Message("Team {team} is now called {name}.", team=rules.find_team(event, name).letter, name=name)
    elif kind == "reserve":
        summary = Message("{name} joins team {team}'s list as its player {place}.", name=name, team=ident.rstrip(
            "0123456789"), place=int(ident[len(ident.rstrip("0123456789")):]))
    else:
        summary = Message("Player {seat} of the list is now {name}.", seat=ident, name=name)
    return Outcome(summary, backup=book.backup)


def late_entry(book: Book, name: Any, rating: Any = None, club: Any = "", federation: Any = "") -> Outcome:
    """A team joins the event (at the end of the list): the table is chosen again for one more team.

    Only while no typed result would lose its game, so in practice before round 1.
    """
    if any(value not in (None, "") for value in (rating, club, federation)):
        raise TournamentError("A Molter team has a name and a list of players: rating, club and federation do not "
                              "apply. Type its players in the sheet of the teams.")
    team_name = str(name or "").strip()
    if not team_name:
        raise TournamentError("Give the name of the team that joins.")
    event = read_event(book)
    count = len(event.teams) + 1
    if count > len(TEAM_NAMES):
        raise TournamentError("A Molter event has at most {most} teams.", most=len(TEAM_NAMES))
    teams = event.teams + (Team(TEAM_NAMES[count - 1], team_name, ("",) * event.boards),)
    rounds = event_rounds(count, event.boards, event.round_count, event.source)[1]
    event = rules.rebuild(event, teams, event.boards, rounds)
    write(book, event)
    return Outcome(Message("{name} joins as team {team}: {teams} teams, {rounds} rounds.", name=team_name,
                           team=TEAM_NAMES[count - 1], teams=count, rounds=event.round_count),
                   backup=book.backup)


def substitute(book: Book, team: Any, seat: Any, name: Any, from_round: Any, to_round: Any = None) -> Outcome:
    """``name`` takes seat ``seat`` of ``team`` in round ``from_round`` (to ``to_round``); the seat keeps its boards."""
    k = as_int(seat, "seat", 1)
    first = as_int(from_round, "round", 1)
    last = None if to_round in (None, "") else as_int(to_round, "round", 1)
    event = read_event(book)
    letter = rules.find_team(event, team).letter
    event = rules.substitute(event, letter, k, name, first, last)
    write(book, event)
    span = str(first) if last in (None, first) else f"{first}–{last}"
    who = event.player_name(Seat(letter, k), first) or str(name).strip()
    return Outcome(Message("{name} plays seat {seat} in round {rounds}.", name=who, seat=f"{letter}{k}", rounds=span),
                   backup=book.backup)


def absent(book: Book, rnd: Any, board: Any, side: Any, cancel: bool = False) -> Outcome:
    """The player of ``side`` (white, black or his seat) on that board is absent: that board only is a forfeit."""
    r, b = as_int(rnd, "round", 1), as_int(board, "board", 1)
    event, seat = rules.mark_absent(read_event(book), r, b, side, absent=not cancel)
    write(book, event)
    if cancel:
        summary = Message("{seat} is no longer absent in round {round}.", seat=str(seat), round=r)
    else:
        summary = Message("{seat} is absent in round {round}: board {board} is lost by forfeit.", seat=str(seat),
                          round=r, board=b)
    return Outcome(summary, backup=book.backup)


def lineup(book: Book, team: Any, players: Sequence[Any], from_round: Any, to_round: Any = None) -> Outcome:
    """The players of its list a team fields in a round (or rounds), seated in the list's order."""
    first = as_int(from_round, "round", 1)
    last = None if to_round in (None, "") else as_int(to_round, "round", 1)
    event = read_event(book)
    letter = rules.find_team(event, team).letter
    event = rules.set_lineup(event, letter, list(players), first, last)
    write(book, event)
    span = str(first) if last in (None, first) else f"{first}–{last}"
    names = ", ".join(f"{k}. {event.player_name(Seat(letter, k), first) or '—'}"
                      for k in range(1, event.boards + 1))
    return Outcome(Message("Team {team}, round {rounds}: {names}.", team=letter, rounds=span, names=names),
                   backup=book.backup)


def write(book: Book, event: MolterEvent) -> None:
    """Write ``event`` into ``book``: its sheets, the Teams sheet's own columns only."""
    write_event(book, event)


def demo_event(teams: Sequence[Team], boards: int, rounds: int, title: str = "", lang: str = "fr") -> MolterEvent:
    """An event of these teams on the table for ``rounds`` rounds (the demo's sample event)."""
    played = event_rounds(len(teams), boards, rounds)[1]
    return rules.check_event(MolterEvent(tuple(teams), boards, tuple(tuple(r) for r in played),
                                         header=EventHeader(title=title, lang=lang)))
