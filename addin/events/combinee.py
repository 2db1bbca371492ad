"""The Formule Combinée event's use cases: build it, update it, and the event as it happens.

Every door runs these and nothing else: the command line (``appariements combinee``, the
generic event commands ``update``, ``withdraw``, ``reinstate``, ``result``, ``score``,
``rename``, ``late-entry``, ``next-round``, ``repair-round``), the workbook buttons
(*Ronde suivante*, *Mettre à jour*, *Réapparier la ronde*), the xlwings Lite scripts and the
demo. Each use case reads the workbook (a :class:`~addin.sheets.book.Book`: a file or an
open workbook), applies one rule of ``addin.systems.combinee.event`` and writes the whole
new state in one go, or refuses with one sentence before writing anything.

In the workbook the organiser can also type a change where it belongs — two scores in a
round sheet, a withdrawal round or a corrected name in the player list, a late entry in a
new row below the last player — and press *Mettre à jour* (``appariements update``) or
*Ronde suivante*: what he typed is read, checked and taken into the event. Either way the
workbook ends in the same state.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from addin.core.args import as_choice, as_int
from addin.core.cells import is_blank, whole_or_none
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.results import parse_result
from addin.core.messages import Message, N_
from addin.core.names import find_player
from addin.core.players import check_rating
from addin.events.common import Outcome, check_xlsx_output, write_new_event
from addin.files.players import read_players
from addin.sheets.book import Book
from addin.sheets.combinee.workbook import (event_workbook, is_current, pairing_cells, read_event, round_sheet,
                                            typed_results, write_event)
from addin.systems.combinee import event as rules
from addin.systems.combinee.event import FICTITIOUS, CombineeEvent
from addin.systems.combinee.scoring import SCORING_PRESETS, scoring

MAX_RATING = 4000


@dataclass
class RoundOutcome(Outcome):
    """An outcome with the pairing of a round, which the command line lists table by table."""

    listing: list[Message] | None = None


# -- building a new event ------------------------------------------------------------

@dataclass
class BuildRequest:
    """What ``appariements combinee --players … -o event.xlsx`` asks for (every field as typed)."""

    players: Path | None = None
    phase1: Any = None
    phase2: Any = None
    phase3: Any = 0
    output: Path | None = None
    scoring_name: Any = "3-2-1-0"
    cap: Any = None
    bye_pm: Any = None
    bye_pdep: Any = 0
    forfeit_pdep: Any = 0
    late_pm: Any = 0
    late_pdep: Any = 0
    seed: Any = None
    improved: bool = True
    header: EventHeader = EventHeader()  # title, place, dates, arbiter, language
    force: bool = False
    discard_results: bool = False


def plan(request: BuildRequest) -> CombineeEvent:
    """The new event of ``request`` (checked)."""
    missing = [flag for flag, value in (("--players", request.players), ("--phase1-rounds", request.phase1),
                                        ("--phase2-rounds", request.phase2), ("-o", request.output)) if value is None]
    if missing:
        raise TournamentError("Missing option(s) {options}: see 'appariements combinee --help'.",
                              options=", ".join(missing))
    players = read_players(request.players)
    entries = [(p.name, p.rating, p.club) for p in players]
    rules_ = scoring(request.scoring_name, request.cap, request.bye_pm, request.bye_pdep, request.forfeit_pdep,
                     request.late_pm, request.late_pdep)
    seed = secrets.randbelow(10 ** 6) if request.seed is None else as_int(request.seed, "seed", 0, 2 ** 31 - 1)
    header = request.header
    lang = as_choice(header.lang, "lang", ("fr", "en"), "fr")
    title, place, dates, arbiter = ("" if is_blank(value) else str(value).strip()
                                    for value in (header.title, header.place, header.dates, header.arbiter))
    return rules.create_event(entries, request.phase1, request.phase2, request.phase3, rules_, seed,
                              request.improved, EventHeader(title, place, dates, arbiter, lang))


def build(request: BuildRequest) -> Outcome:
    """Write the event workbook ``request`` asks for (phase-1 rounds paired)."""
    event = plan(request)
    output = check_xlsx_output(request.output, N_("A Formule Combinée event"))
    backup = write_new_event(output, lambda: event_workbook(event), force=request.force,
                             discard_results=request.discard_results, typed_results=_typed_results)
    summary = Message("Wrote {path}: {count} players, {groups}, {rounds} rounds (seed {seed}).", path=output,
                      count=event.n, groups=event.plan.describe(), rounds=event.phases.total, seed=event.seed)
    return Outcome(summary, [output], backup)


def _typed_results(path: Path) -> int:
    from addin.render.file_book import FileBook

    try:
        return typed_results(FileBook(path))
    except TournamentError:
        return 0


# -- reading and writing an event ------------------------------------------------------

def load(book: Book, mend: tuple[int, int] | None = None) -> tuple[CombineeEvent, list[Message], bool]:
    """The event as typed in ``book``, late entries typed in its player list taken in.

    Returns the event, what to tell about the late entries, and whether there were any
    (the player list must then be written again). ``mend``: the (round, table) whose scores
    the running command overwrites (its cells are not read).
    """
    event, newcomers = read_event(book, mend)
    details: list[Message] = []
    for newcomer in newcomers:
        event, message = _enter(event, newcomer.name, newcomer.rating, newcomer.club, newcomer.joined)
        details += message
    return event, details, bool(newcomers)


def write(book: Book, event: CombineeEvent, cells=None) -> None:
    """Write ``event`` into ``book``: its sheets (the player list's own columns only), or just ``cells``."""
    write_event(book, event, cells)


def change(book: Book, operation: Callable[[CombineeEvent], tuple[CombineeEvent, list[Message]]],
           summary: Message, mend: tuple[int, int] | None = None) -> Outcome:
    """Read the event, apply ``operation``, write it back (one write, or none if refused)."""
    event, details, _ = load(book, mend)
    event, more = operation(event)
    write(book, event)
    return Outcome(summary, backup=book.backup, details=details + more)


def refresh(book: Book) -> Outcome:
    """Rewrite the event from what is typed in the workbook (button *Mettre à jour*, ``appariements update``).

    Scores, withdrawals, corrected names and late entries typed in the sheets are checked
    and taken in; every pairing and every typed score is kept.
    """
    event, details, _ = load(book)
    write(book, event)
    results = sum(1 for sa, sb in event.scores.values() if sa is not None and sb is not None)
    return Outcome(Message("{count} players, {paired} of {rounds} rounds paired; {results} result(s) kept.",
                           count=event.n, paired=event.paired, rounds=event.phases.total, results=results),
                   backup=book.backup, details=details)


# -- the event as it happens ------------------------------------------------------------

def withdraw(book: Book, player: Any, from_round: Any = None) -> Outcome:
    """``player`` (number or name) withdraws from round ``from_round`` (default: the first round that has not
    started)."""
    event, details, _ = load(book)
    number = as_int(find_player(event.players, player), "player", 1)
    rnd = as_int(from_round, "round", 1) if not is_blank(from_round) else default_withdrawal(event, number)
    new = rules.withdraw(event, number, rnd)
    write(book, new)
    summary = Message("Player {number} withdraws from round {round}: he is not paired from then on, and his past "
                      "results stay.", number=number, round=rnd)
    return Outcome(summary, backup=book.backup,
                   details=details + _withdrawal_details(new, number, rnd))


def _number(book: Book, player: Any) -> int:
    """The number of the player the organiser named by number or by name (``addin.core.names``)."""
    if whole_or_none(player) is not None:
        return as_int(player, "player", 1)
    return as_int(find_player(read_event(book)[0].players, player), "player", 1)


def default_withdrawal(event: CombineeEvent, number: int) -> int:
    """The first round that has not started (at the earliest the round he joined at)."""
    rules.check_player(event, number)
    rnd = max(event.last_scored() + 1, event.player(number).joined)
    if rnd > event.phases.total:
        raise TournamentError("Every round has started: give the round player {number} withdraws from with "
                              "--from-round.", number=number)
    return rnd


def _withdrawal_details(event: CombineeEvent, number: int, rnd: int) -> list[Message]:
    out = []
    for k in range(rnd, event.paired + 1):
        for t, table in enumerate(event.rounds[k - 1], 1):
            if number in (table.a, table.b) and table.b != FICTITIOUS:
                sa, sb = event.score(k, t)
                other = table.b if table.a == number else table.a
                if (sa is None or sb is None) and not event.out(other, k):
                    out.append(Message("Round {round}, table {table}: player {other} has the bye.", round=k,
                                       table=t, other=other))
    out += _repair_hint(event, rnd)
    return out


def _repair_hint(event: CombineeEvent, since: int) -> list[Message]:
    """Say that the last paired round can be paired again, when it can and the change concerns it."""
    last = event.paired
    if last > event.phases.phase1 and last >= since and not any(r == last for r, _ in event.scores):
        return [Message("Round {round} has not started: it can be paired again to take this into account "
                        "(repair-round, or the button 'Réapparier la ronde').", round=last)]
    return []


def reinstate(book: Book, player: Any) -> Outcome:
    """Cancel the withdrawal of ``player`` (number or name; no pairing changes)."""
    number = _number(book, player)

    def operation(event: CombineeEvent):
        gone = event.withdrawn.get(number, event.phases.total + 1)
        new = rules.reinstate(event, number)
        missed = rules.unpaired_rounds(new, number)
        more = [Message("He has no table in round(s) {rounds}, paired while he was withdrawn: he scores nothing "
                        "there.", rounds=", ".join(map(str, missed)))] if missed else []
        return new, more + (_repair_hint(new, gone) if missed else [])

    return change(book, operation, Message("Player {number} is no longer withdrawn.", number=number))


RESULT = re.compile(r"^\s*([0-9]+|[fF])\s*(?:-|–|:|/|\s)\s*([0-9]+|[fF])\s*$")


def set_result(book: Book, rnd: Any, table: Any, result: Any) -> Outcome:
    """The generic ``result`` command: ``420-390`` (``F-350`` a forfeit; empty clears the table).

    A chess result (``1-0``, ``1/2-1/2``, ``+-``…) is refused: typed by mistake on a Scrabble
    event it would read as the scores 1 and 0 and replace the table's real scores."""
    if is_blank(result):
        return set_scores(book, rnd, table, None, None)
    try:
        chess = parse_result(str(result))
    except TournamentError:
        chess = None
    if chess is not None:
        raise TournamentError(
            "{name} is a Formule Combinée event: a table's result is its two scores (e.g. 'appariements score {name} "
            "{round} {table} 452 398'), and {value} is a chess result. Nothing was changed.", name=book.name,
            round=str(rnd), table=str(table), value=str(result).strip())
    match = RESULT.match(str(result))
    if match is None:
        raise TournamentError(
            "The result {value} is not two scores: type them as 420-390 (F for a forfeit, e.g. F-350), or give "
            "them separately with 'appariements score'.", value=str(result))
    return set_scores(book, rnd, table, match.group(1), match.group(2))


def set_scores(book: Book, rnd: Any, table: Any, score_a: Any, score_b: Any) -> Outcome:
    """Type, correct or clear (both empty) the scores of round ``rnd``, table ``table``.

    Both scores or none: a single score would leave the table half typed (nothing counts it)."""
    r, t = as_int(rnd, "round", 1), as_int(table, "table", 1)
    if is_blank(score_a) != is_blank(score_b):
        raise TournamentError(
            "Round {round}, table {table}: give both scores (F for a forfeit), e.g. 'appariements score {name} {round} "
            "{table} 420 390'; without scores the table is cleared. Nothing was changed.", round=r, table=t,
            name=book.name)

    def operation(event: CombineeEvent):
        new = rules.set_scores(event, r, t, score_a, score_b)
        return new, (_repair_hint(new, r + 1) if r < new.paired else [])

    shown = "—" if is_blank(score_a) and is_blank(score_b) else "–".join(
        "" if is_blank(value) else str(value).strip().upper() for value in (score_a, score_b))
    return change(book, operation, Message("Round {round}, table {table}: {scores}.", round=r, table=t,
                                           scores=shown), mend=(r, t))


def edit_player(book: Book, player: Any, **fields: Any) -> Outcome:
    """Correct a player's name, rating or club (his number and pairings stay)."""
    number = _number(book, player)
    if fields.get("federation") not in (None, ""):
        raise TournamentError("A Formule Combinée event records no federation: correct the name, rating or club.")
    fields.pop("federation", None)
    if "rating" in fields and fields["rating"] not in ("", None):
        fields["rating"] = check_rating(fields["rating"], Message("the option --rating"))
    return change(book, lambda event: (rules.edit_player(event, number, **fields), []),
                  Message("Player {number} corrected.", number=number))


def late_entry(book: Book, name: Any, rating: Any = None, club: Any = "", federation: Any = "") -> Outcome:
    """A player joins late (see ``addin.systems.combinee.event`` for the round he joins at)."""
    if not is_blank(federation):
        raise TournamentError("A Formule Combinée event records no federation: give the name, rating and club.")
    value = check_rating(rating, Message("the option --rating"))
    event, details, _ = load(book)
    event, more = _enter(event, name, value, "" if club is None else str(club), None)
    write(book, event)
    newcomer = event.players[-1]
    return Outcome(Message("{name} joins as number {number}, from round {round}.", name=newcomer.name,
                           number=newcomer.number, round=newcomer.joined),
                   backup=book.backup, details=details + more)


def _enter(event: CombineeEvent, name: Any, rating: int | None, club: str,
           joined: int | None) -> tuple[CombineeEvent, list[Message]]:
    place = event.fictitious_place()
    new = rules.add_player(event, name, rating, club, joined)
    newcomer = new.players[-1]
    out = []
    if newcomer.joined <= new.phases.phase1 and place is not None:
        out.append(Message("{name} (number {number}) takes the place of the bye in group {group} from round "
                           "{round}: the byes of that group become his games.", name=newcomer.name,
                           number=newcomer.number, group=place[0] + 1, round=newcomer.joined))
    else:
        out.append(Message("{name} (number {number}) is paired from round {round}.", name=newcomer.name,
                           number=newcomer.number, round=newcomer.joined))
    if newcomer.joined > 1:
        out.append(Message("For each round played before he joined he is credited {pm} PM and {pdep} Pdep "
                           "(settings).", pm=new.rules.late_pm, pdep=new.rules.late_pdep))
    if newcomer.joined <= new.paired and newcomer.joined > new.phases.phase1:
        out += _repair_hint(new, newcomer.joined)
    return new, out


def next_round(book: Book) -> RoundOutcome:
    """Pair the next round (button *Ronde suivante*, ``appariements next-round``), or say why not."""
    event, details, added = load(book)
    new = rules.next_round(event)
    return _paired(book, new, details, added, Message("Round {round} is paired on sheet {sheet}.",
                                                      round=new.paired, sheet=round_sheet(new.paired)))


def repair_round(book: Book) -> RoundOutcome:
    """Pair the last paired round again while it has not started (phases 2 and 3)."""
    event, details, added = load(book)
    new = rules.repair_round(event)
    same = new.rounds[-1] == event.rounds[-1]
    summary = (Message("Round {round} is paired again on sheet {sheet}: the pairing is the same.",
                       round=new.paired, sheet=round_sheet(new.paired)) if same else
               Message("Round {round} is paired again on sheet {sheet}.", round=new.paired,
                       sheet=round_sheet(new.paired)))
    return _paired(book, new, details, added, summary)


def _paired(book: Book, event: CombineeEvent, details: list[Message], added: bool, summary: Message) -> RoundOutcome:
    k = event.paired
    cells = None if added or not is_current(book) else pairing_cells(event, k)  # else: the whole event
    write(book, event, cells)
    tables = event.rounds[k - 1]
    bye = [Message("Bye: {number} {name}.", number=t.a, name=event.player(t.a).name)
           for t in tables if t.b == FICTITIOUS]
    listing = [Message("{table}. {a} {name_a} – {b} {name_b}", table=i, a=t.a, name_a=event.player(t.a).name,
                       b=t.b, name_b=event.player(t.b).name)
               for i, t in enumerate(tables, 1) if t.b != FICTITIOUS]
    return RoundOutcome(summary, backup=book.backup, details=details + bye, listing=listing)


SCORINGS = tuple(SCORING_PRESETS)
