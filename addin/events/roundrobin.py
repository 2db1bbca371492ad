"""The round-robin event's use cases: build it, update it, and the event as it happens.

Every door runs these and nothing else: the command line (``appariements berger|rutsch``
with ``--names``, ``update``, ``withdraw``, ``result``, ``rename``, ``replace``), the Excel
buttons (``Créer le tournoi`` and ``Mettre à jour`` run :func:`refresh`, ``Importer un TRF``
:func:`import_trf_into`), the demo and the
templates. Each use case reads the workbook (a :class:`~addin.sheets.book.Book`: a file or
an open workbook), applies one rule of ``addin.systems.roundrobin.event``, and writes the
whole new state in one go, or refuses with one sentence before writing anything.

In a workbook the organiser can also type a change where it belongs — a result in the
Rounds sheet, a name or a withdrawal round in the Players sheet — and press *Mettre à
jour* (``appariements update``): :func:`refresh` reads what he typed, checks it and
rewrites the event. Either way the workbook ends in the same state.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from addin.core.args import as_choice, as_int
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import Message, N_
from addin.core.names import find_player
from addin.core.players import Player, check_rating
from addin.core.schedule import Schedule
from addin.events.common import Outcome, check_xlsx_output, set_game_result, write_new_event
from addin.files.players import read_players
from addin.files.results import read_results
from addin.render.file_book import FileBook
from addin.sheets.book import Book, cell
from addin.sheets.roundrobin.workbook import (LABELS, check_players, check_tiebreaks, event_workbook, is_event,
                                             players_lang, read_event, read_players_sheet, read_schedule_settings,
                                             write_event)
from addin.core.cells import whole_or_none
from addin.systems.roundrobin import event as rules
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent
from addin.systems.roundrobin.rutsch import rutsch_schedule
from addin.systems.standings.roundrobin import DEFAULT_TIEBREAKS, check_bye_points

SYSTEMS = ("berger", "rutsch")
KEY_NAMES = {"club": N_("club"), "federation": N_("federation")}
MAX_CYCLES = 4
#: Above this many players an event workbook is only written when asked for with ``--large``: a
#: round-robin no organiser plays (1000 players: 999 rounds, a 91 MB workbook, slow to open and
#: recalculate in a spreadsheet; docs/benchmarks-writer.md).
LARGE_EVENT = 200
#: An event workbook's size, measured (2026-11-24, 60 to 1000 players, one or two cycles): about
#: this many bytes a game, plus a fixed part (the sheets' 200 kB and the 340 kB of xlwings Lite's
#: code every workbook carries, docs/excel-addin.md); within 6 % of every measured size
BYTES_PER_GAME, BYTES_FIXED = 190, 540_000


def expected_megabytes(players: int, cycles: int = 1) -> float:
    """The size of the event workbook of ``players`` players in ``cycles`` cycles, in MB."""
    games = players * (players - 1) // 2 * cycles
    return (BYTES_PER_GAME * games + BYTES_FIXED) / 1e6


@dataclass(frozen=True)
class ScheduleOptions:
    """How the schedule is built: system, cycles, FIDE swap of the last two rounds, round order."""

    system: str = "berger"
    cycles: int = 1
    swap_last: bool = True
    order: str = "normal"

    def schedule(self, players: int) -> Schedule:
        if self.system == "rutsch":
            if self.cycles != 1:
                raise TournamentError("The Rutsch system plays one cycle: drop --cycles.")
            return rutsch_schedule(players)
        return berger_schedule(players, self.cycles, self.swap_last, self.order)


# -- building a new event --------------------------------------------------------

@dataclass
class BuildRequest:
    """What ``appariements berger|rutsch N --names …`` asks for (every field as typed)."""

    count: Any = None                 # the PLAYERS argument
    names: Path | None = None         # player list file
    numbered: bool = False            # --event: players "Joueur 1"… to rename in the workbook
    results: Path | None = None       # results to pre-fill
    numbering: str | None = None      # listed | given | draw
    draw: bool = False
    seed: Any = None
    restrict_by: str | None = None    # club | federation
    last_rounds: Any = None
    tiebreaks: Any = ",".join(DEFAULT_TIEBREAKS)
    bye_points: Any = "0"
    header: EventHeader = EventHeader()  # title, place, dates, arbiter, language
    protect: bool = False
    output: Path | None = None
    force: bool = False
    discard_results: bool = False
    large: bool = False               # --large: write an event of more than LARGE_EVENT players
    options: ScheduleOptions = ScheduleOptions()

    @property
    def wants_event(self) -> bool:
        """An event workbook is asked for (otherwise the command writes the bare schedule)."""
        return self.names is not None or self.numbered


def check_schedule_only(request: BuildRequest) -> None:
    """Refuse event options given without an event (``--names`` or ``--event``)."""
    for flag, value in (("--results", request.results), ("--numbering", request.numbering),
                        ("--seed", request.seed), ("--restrict-by", request.restrict_by),
                        ("--last-rounds", request.last_rounds)):
        if value is not None:
            raise TournamentError("{flag} needs --names (or --event): it applies to an event workbook.", flag=flag)
    if request.draw:
        raise TournamentError("--draw needs --names: it draws the numbers of the listed players.")


def build(request: BuildRequest) -> Outcome:
    """Write the event workbook ``request`` asks for; the outcome says what was drawn and written."""
    output = check_xlsx_output(request.output)
    event, details = plan(request)
    backup = write_new_event(output, lambda: event_workbook(event, request.protect), force=request.force,
                             discard_results=request.discard_results, typed_results=_typed_results)
    summary = Message("Wrote {path}: {count} players, {rounds} rounds.", path=output, count=event.size,
                      rounds=event.rounds)
    return Outcome(summary, [output], backup, details)


def plan(request: BuildRequest) -> tuple[RoundRobinEvent, list[Message]]:
    """The new event of ``request`` (checked), and what to tell the organiser about its draw."""
    numbering = request.numbering
    if request.draw:
        if numbering not in (None, "draw"):
            raise TournamentError("--draw and --numbering listed/given contradict each other: keep one.")
        numbering = "draw"
    if request.last_rounds is not None and request.restrict_by is None:
        raise TournamentError("--last-rounds needs --restrict-by: it says in which last rounds the players of "
                              "one club or federation must not meet.")
    drawing = numbering == "draw" or request.restrict_by is not None
    if request.seed is not None and not drawing:
        raise TournamentError("--seed needs --draw (or --restrict-by): it is the seed of the draw of the numbers.")
    count = as_int(request.count, "players", 2, 5000) if request.count is not None else None
    seed = as_int(request.seed, "seed", 0, 2 ** 31 - 1) if request.seed is not None else None
    if drawing and seed is None:
        seed = secrets.randbelow(10 ** 6)
    details: list[Message] = []
    if request.restrict_by is not None:
        if request.names is None:
            raise TournamentError("--restrict-by needs --names: it reads the players' clubs or federations.")
        if numbering not in (None, "draw"):
            raise TournamentError("--restrict-by draws the numbers: it cannot be combined with --numbering listed/given.")
        if request.options.system != "berger":
            raise TournamentError("--restrict-by applies to Berger tables (seed Rules I and II): use it with "
                                  "'appariements berger'.")
        players = restricted_draw(read_players(request.names, "listed"), request.restrict_by,
                                  request.last_rounds, seed, request.names.name)
        details.append(Message("Numbers drawn with seed {seed} so that players of one {key} meet before the "
                               "last rounds (rerun with --seed {seed} for the same draw).", seed=seed,
                               key=Message(KEY_NAMES[request.restrict_by])))
    elif request.names is not None:
        players = read_players(request.names, numbering or "listed", seed)
        if numbering == "draw":
            details.append(Message("Numbers drawn with seed {seed} (rerun with --seed {seed} for the same draw).",
                                   seed=seed))
    else:
        if numbering not in (None, "listed"):
            raise TournamentError("--numbering/--seed need --names: numbered players are simply 1, 2, 3…")
        if count is None:
            raise TournamentError("Give the number of players (or a player list with --names).")
        word = "Player" if request.header.lang == "en" else "Joueur"
        players = [Player(i, f"{word} {i}") for i in range(1, count + 1)]
    check_size(len(players), request.options, request.large)
    if request.names is not None:
        if count is not None and count != len(players):
            raise TournamentError(
                "{file} lists {listed} players but the command asks for {count}: make them agree (or give the "
                "number {listed}).", file=request.names.name, listed=len(players), count=count)
        if numbering != "given":
            rules.check_distinct(players, request.names.name)
    schedule = request.options.schedule(len(players))
    prefilled = read_results(request.results, schedule) if request.results is not None else {}
    header = replace(request.header, lang=as_choice(request.header.lang, "lang", ("fr", "en"), "fr"))
    event = RoundRobinEvent(
        schedule, tuple(players), prefilled, {}, True, check_bye_points(request.bye_points),
        check_tiebreaks([t for t in str(request.tiebreaks).replace(";", ",").split(",") if t.strip()]),
        header, seed if drawing else None, request.options.order, request.options.swap_last)
    return event, details


def check_size(players: int, options: ScheduleOptions, large: bool) -> None:
    """Refuse an event of more than :data:`LARGE_EVENT` players unless ``large`` says it is meant."""
    if players <= LARGE_EVENT or large:
        return
    cycles = options.cycles if options.system == "berger" else 1
    rounds = (players - 1 + players % 2) * cycles
    games = players * (players - 1) // 2 * cycles
    raise TournamentError(
        "An event of {count} players plays {rounds} rounds and {games} games: its workbook is about {size} MB, "
        "which a spreadsheet takes long to open and recalculate. Add --large to write it anyway (at most {large} "
        "players need no --large).",
        count=players, rounds=rounds, games=f"{games:,}".replace(",", " "),
        size=round(expected_megabytes(players, cycles)), large=LARGE_EVENT)


def restricted_draw(players: list[Player], key: str, last_rounds: Any, seed: int | None,
                    source: str) -> list[Player]:
    """Pairing numbers drawn so that each club/federation meets early (``addin.systems.directed.draw``)."""
    from addin.systems.directed.draw import draw_numbers

    rows = [{"name": p.name, "club": p.club, "federation": p.federation} for p in players]
    numbers = draw_numbers(rows, key, last_rounds, seed)
    return sorted((replace(p, number=n) for p, n in zip(players, numbers)), key=lambda p: p.number)


# -- the event as it happens ------------------------------------------------------

def open_file(path: Path | str) -> FileBook:
    """An event file to update (refused with a sentence if it is missing or not a workbook)."""
    return FileBook(path)


def refresh(book: Book) -> Outcome:
    """Build or rebuild the event sheets from what is typed in the workbook (button *Mettre à jour*).

    Reads the Players sheet as it stands (names, ratings, withdrawals typed), and the event
    as built (schedule, results, settings). While the number of players and of rounds is
    unchanged the pairings are kept exactly; otherwise the schedule is rebuilt with the
    options it was built with, keeping every typed result or refusing (nothing written)
    when one would lose its game. Withdrawals are checked against the typed results.
    """
    names = book.sheet_names()
    lang = players_lang(names)
    if lang is None:
        raise TournamentError(
            "This workbook has no player sheet: add a sheet named 'Joueurs' (or 'Players') with the columns "
            "N°, Nom, Elo, Club, Féd., Abandon and one player per row from row 2.")
    L = LABELS[lang]
    players, withdrawn = read_players_sheet(book.values(L["sheet_players"]) or [], lang, book.name)
    typed = read_schedule_settings(book, lang)
    options = ScheduleOptions(typed.system, typed.cycles, True, typed.order)
    if is_event(names):
        check_players(book, lang, players)
        old = read_event(book, read_players=False)
        options = replace(options, swap_last=old.swap_last, order=old.order)
        schedule = options.schedule(len(players))
        if old.size == len(players) and old.rounds == len(schedule.rounds):
            schedule = old.schedule  # same field and length: keep the pairings exactly as built
        event = rules.rebuild(old, schedule, players, {})
    else:
        if typed.built:
            # the settings say the event was built: its rounds sheet (the typed results) is renamed or deleted
            raise TournamentError(
                "{source}: the sheet {rounds} is missing (renamed or deleted?) although the event was built (sheet "
                "{settings}): it holds the pairings and the results. Give it back its name; nothing was changed.",
                source=book.name, rounds=L["sheet_rounds"], settings=L["sheet_settings"])
        event = RoundRobinEvent(options.schedule(len(players)), tuple(players), {}, {},
                                header=EventHeader(title=typed.title, lang=lang))
    for number, rnd in sorted(withdrawn.items()):
        event = rules.withdraw(event, number, rnd)
    write(book, event)
    results = len(event.results)
    return Outcome(Message("{count} players, {rounds} rounds; {results} result(s) kept.", count=event.size,
                           rounds=event.rounds, results=results), backup=book.backup)


def change(book: Book, operation: Callable[[RoundRobinEvent], RoundRobinEvent], summary: Message,
           mend: tuple[int, int] | None = None) -> Outcome:
    """Read the event, apply ``operation``, write it back (one write, or none if refused).

    ``mend``: the game whose result ``operation`` overwrites (its cell is not read).

    A number of cycles typed in Settings and not applied yet is refused: writing the event would put the
    built number back over it, and only ``update`` rebuilds the rounds."""
    event = read_event(book, mend=mend)
    typed = read_schedule_settings(book, event.header.lang).cycles
    built = max((rnd.cycle for rnd in event.schedule.rounds), default=1)
    if typed != built:
        L = LABELS[event.header.lang]
        raise TournamentError(
            "{source}, sheet {sheet}: '{setting}' was changed to {typed}, but the rounds are those of {built} "
            "cycle(s). Apply the change first (button 'Update', command 'appariements update'), or type {built} "
            "back; nothing was changed.", source=book.name, sheet=L["sheet_settings"], setting=L["cycles"],
            typed=typed, built=built)
    event = operation(event)
    write(book, event)
    return Outcome(summary, backup=book.backup)


def _number(book: Book, player: Any) -> int:
    """The number of the player the organiser named by number or by name (``addin.core.names``)."""
    if whole_or_none(player) is not None:
        return as_int(player, "player", 1)
    return as_int(find_player(read_event(book).players, player), "player", 1)


def withdraw(book: Book, player: Any, from_round: Any) -> Outcome:
    """``player`` (number or name) withdraws from round ``from_round`` on (None: marked withdrawn without a round)."""
    number = _number(book, player)
    rnd = None if from_round is None else as_int(from_round, "round", 1)
    summary = (Message("Player {number} withdraws from round {round}: his games from that round on count as "
                       "forfeits.", number=number, round=rnd) if rnd is not None else
               Message("Player {number} is marked withdrawn.", number=number))
    return change(book, lambda event: rules.withdraw(event, number, rnd), summary)


def reinstate(book: Book, player: Any) -> Outcome:
    number = _number(book, player)
    return change(book, lambda event: rules.reinstate(event, number),
                  Message("Player {number} is no longer withdrawn.", number=number))


def set_result(book: Book, rnd: Any, board: Any, code: Any) -> Outcome:
    """Type, correct or clear the result of a game in any round (the rule written once for the kinds whose games
    are numbered by round and board: :func:`~addin.events.common.set_game_result`)."""
    return set_game_result(book, change, rules.set_result, rnd, board, code)


def edit_player(book: Book, player: Any, **fields: Any) -> Outcome:
    """Correct a player's name, rating, club or federation."""
    number = _number(book, player)
    if "rating" in fields and fields["rating"] not in ("", None):
        fields["rating"] = check_rating(fields["rating"], Message("the option --rating"))
    return change(book, lambda event: rules.edit_player(event, number, **fields),
                  Message("Player {number} corrected.", number=number))


def replace_player(book: Book, player: Any, name: str, rating: Any = None, club: str = "",
                   federation: str = "") -> Outcome:
    """Another person takes number ``player`` (before he has played)."""
    number = _number(book, player)
    newcomer = Player(number, str(name or ""), check_rating(rating, Message("the option --rating")),
                      (club or "").strip(), (federation or "").strip().upper())
    return change(book, lambda event: rules.replace_player(event, number, newcomer),
                  Message("Player {number} is now {name}.", number=number, name=newcomer.name))


def late_entry(book: Book, name: str, rating: Any = None, club: str = "", federation: str = "") -> Outcome:
    """A player joins before round 1: the schedule is rebuilt for one more player (same options)."""
    event = read_event(book)
    newcomer = Player(event.size + 1, str(name or ""),
                      check_rating(rating, Message("the option --rating")),
                      (club or "").strip(), (federation or "").strip().upper())
    options = ScheduleOptions(event.schedule.system if event.schedule.system in SYSTEMS else "berger",
                              max(r.cycle for r in event.schedule.rounds), event.swap_last, event.order)
    event = rules.add_player(event, newcomer, options.schedule(event.size + 1))
    write(book, event)
    return Outcome(Message("{name} joins as number {number}: {count} players, {rounds} rounds.",
                           name=newcomer.name, number=event.size, count=event.size, rounds=event.rounds),
                   backup=book.backup)


def write(book: Book, event: RoundRobinEvent) -> None:
    """Write ``event`` into ``book``: its sheets, the player list's own columns only."""
    write_event(book, event)


def _typed_results(path: Path) -> int:
    """How many results an existing file holds, if it is a round-robin event (0 otherwise)."""
    try:
        book = FileBook(path)
        if not is_event(book.sheet_names()):
            return 0
        return len(read_event(book, read_players=False).results)
    except TournamentError:
        return 0


# -- an event begun elsewhere: TRF import ---------------------------------------------

@dataclass
class ImportRequest:
    """What ``appariements import-trf FILE -o event.xlsx`` asks for (every field as typed)."""

    trf: Path | None = None
    output: Path | None = None
    force: bool = False
    discard_results: bool = False
    lang: str = "fr"


def import_trf(request: ImportRequest) -> Outcome:
    """Write the event workbook of a round-robin begun in another program, from its TRF file.

    The file is read and checked line by line (``addin.files.trf_read``); its games must be
    those of a round-robin table in its own starting ranks (``addin.systems.roundrobin.identify``);
    the rounds still to play come from that table. Nothing is written if either refuses.
    """
    from addin.files.trf_read import read_trf

    output = check_xlsx_output(request.output)
    lang = as_choice(request.lang, "lang", ("fr", "en"), "fr")
    if request.trf is None:
        raise TournamentError("Give the TRF file to import.")
    event, details = imported_event(read_trf(request.trf), lang)
    backup = write_new_event(output, lambda: event_workbook(event), force=request.force,
                             discard_results=request.discard_results, typed_results=_typed_results)
    summary = Message("Imported {source} into {path}: {count} players, {rounds} rounds, {results} result(s).",
                      source=Path(request.trf).name, path=output, count=event.size, rounds=event.rounds,
                      results=len(event.results))
    return Outcome(summary, [output], backup, details)


#: The sheet whose cell A1 holds the path of the file the Excel button "Importer un TRF" imports
#: (typed by the organiser: the VBA stubs are RunPython calls only, tests/test_front_ends.py).
TRF_SHEET = "TRF"


def import_trf_into(book: Book, source: Path | str | None = None) -> Outcome:
    """Button *Importer un TRF*: the event of the TRF file ``source`` (chosen in the button's dialog) or, without
    one, named in sheet ``TRF``, cell A1, written into this workbook — what :func:`import_trf` writes to a new
    file, in the workbook's language.

    A workbook already holding typed results is only rewritten if the file holds each of them as
    typed, in the same game (the event carried on elsewhere and imported again); otherwise it is
    refused, nothing changed.
    """
    from addin.files.trf_read import read_trf

    names = book.sheet_names()
    if source is None or not str(source).strip():
        source = cell(book.values(TRF_SHEET) or [], 1, 1) if TRF_SHEET in names else None
    if source is None or not str(source).strip():
        raise TournamentError("Which TRF file? Type its full path in cell A1 of a sheet named {sheet}, then press "
                              "the button again.", sheet=TRF_SHEET)
    path = Path(str(source).strip())
    event, details = imported_event(read_trf(path), players_lang(names) or "fr")
    if is_event(names):
        old = read_event(book, read_players=False)
        before = {(r, b): (w, k) for r, b, w, k in old.schedule.games()}
        after = {(r, b): (w, k) for r, b, w, k in event.schedule.games()}
        for key, code in sorted(old.results.items()):
            if after.get(key) != before.get(key) or event.results.get(key) != code:
                raise TournamentError(
                    "This workbook holds {count} typed result(s), and the TRF file {source} does not hold round "
                    "{round}, board {board} as it is typed here: import it into a new workbook (a template); "
                    "nothing was changed.", count=len(old.results), source=path.name, round=key[0], board=key[1])
    write(book, event)
    summary = Message("Imported {source} into this workbook: {count} players, {rounds} rounds, {results} "
                      "result(s).", source=path.name, count=event.size, rounds=event.rounds,
                      results=len(event.results))
    return Outcome(summary, backup=book.backup, details=details)


def imported_event(trf, lang: str = "fr") -> tuple[RoundRobinEvent, list[Message]]:
    """The event a parsed TRF file (``addin.files.trf_read.TrfFile``) holds, and what to tell about it."""
    from addin.sheets.roundrobin.workbook import TIEBREAK_SLOTS, workbook_code
    from addin.systems.roundrobin.identify import identify

    found = identify(len(trf.players), [(r.games, r.byes) for r in trf.rounds], trf.declared_rounds,
                     trf.bye_points, trf.type_code)
    players = tuple(Player(p.number, p.name, p.rating, "", p.federation, p.title, p.fide_id, p.birth)
                    for p in trf.players)
    details: list[Message] = []
    if found.system == "rutsch":
        details.append(Message("The games follow the Rutsch schedule."))
    else:
        details.append(Message("The games follow the Berger table (FIDE C.05 Annex 1), {cycles} cycle(s), rounds "
                               "in {order} order{swap}.", cycles=found.cycles, order=found.order,
                               swap=Message(", last two rounds of the first cycle swapped")
                               if found.cycles > 1 and found.swap_last else ""))
    tiebreaks = tuple(code for code in map(workbook_code, trf.tiebreaks) if code)
    dropped = [t for t in trf.tiebreaks if workbook_code(t) is None]
    if dropped:
        details.append(Message("The tie-breaks {codes} of the file are not computed in the workbook: choose others "
                               "in the Settings sheet if needed.", codes=", ".join(dropped)))
    if len(tiebreaks) > TIEBREAK_SLOTS:  # the Settings sheet orders four
        details.append(Message("The Settings sheet orders {slots} tie-breaks: it keeps the file's first {slots}, "
                               "{kept}, and leaves out {codes}.", slots=TIEBREAK_SLOTS,
                               kept=", ".join(tiebreaks[:TIEBREAK_SLOTS]), codes=", ".join(tiebreaks[TIEBREAK_SLOTS:])))
    info = trf.info
    dates = " – ".join(d for d in dict.fromkeys((info.get("start_date", ""), info.get("end_date", ""))) if d)
    event = RoundRobinEvent(
        found.schedule, players, found.results, {}, True, found.bye_points,
        check_tiebreaks(list(tiebreaks[:TIEBREAK_SLOTS])) if tiebreaks else DEFAULT_TIEBREAKS,
        EventHeader(info.get("name", ""), info.get("city", ""), dates, info.get("chief_arbiter", ""), lang), None,
        found.order, found.swap_last)
    return event, details


# -- reports ------------------------------------------------------------------------

def export_trf(workbook: Path | Book, output: Path | str, csv_path: Path | None = None, force: bool = False,
               version: str = "2016", lang: str | None = None) -> Outcome:
    """FIDE TRF16 (or TRF-2026, ``version="2026"``) report of an event workbook — its file, or a workbook open in
    Excel (the button *Exporter en TRF*) — and its standings as CSV; both checked before either is written. The
    CSV's headers and the outcome are in ``lang``, or in the workbook's language when none is chosen (one
    language per run). Both are sinks of the event's one report (``addin.report.roundrobin``)."""
    from addin.files.standings_csv import report_csv
    from addin.files.trf import games_left_blank, report_trf
    from addin.report.roundrobin import report
    from addin.render.output import check_target, write_text

    event = read_event(FileBook(workbook) if isinstance(workbook, (str, Path)) else workbook)
    shown = report(event, every_round=False)  # the one report: the TRF and the CSV are its sinks
    text = report_trf(shown, version)
    lang = lang or event.header.lang
    csv_text = report_csv(shown, lang) if csv_path else None
    check_target(Path(output), force)
    if csv_path is not None:
        check_target(Path(csv_path), force)
    written = [Path(output)]
    kept = [write_text(Path(output), lambda: text, force=force)]
    if csv_path is not None:
        assert csv_text is not None  # made whenever a CSV is asked for
        kept.append(write_text(Path(csv_path), lambda: csv_text, force=force))
        written.append(Path(csv_path))
    details = [Message("Round {round} has {count} game(s) without a result: a TRF reads a blank result as an "
                       "absence (Z); type them before sending the file.", round=rnd, count=count)
               for rnd, count in games_left_blank(event.schedule, event.effective_results())]
    details += [Message("The previous version of {name} is kept as {backup}.", name=path.name,
                        backup=f"{backup.parent.name}/{backup.name}") for path, backup in zip(written, kept) if backup]
    return Outcome(Message("Wrote {paths}", paths=", ".join(str(p) for p in written)), written, details=details,
                   lang=lang)


def cycles_option(value: Any) -> int:
    """The ``--cycles`` option: 1 to 4."""
    return as_int(value, "cycles", 1, MAX_CYCLES)
