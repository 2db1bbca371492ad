"""The league season's use cases: build it from the division file, and the season as it happens.

Every door runs these and nothing else: the command line (``appariements league season``,
``league lineup``, ``league forfeit``, ``league trf``, and the generic ``update``,
``result``, ``withdraw``, ``reinstate``), the workbook's button (*Créer la saison* /
*Mettre à jour*: :func:`refresh`) and the xlwings Lite script. Each reads the workbook,
applies one rule of ``addin.systems.league.event`` and writes the whole new state in one
go, or refuses with one sentence before writing anything.

The organiser may also type a change where it belongs — a result, a line-up number, a
forfeit on a round's sheet, a name or a withdrawal round on the teams sheet, a player on
the rosters sheet, a date in the calendar — and press *Mettre à jour* (``appariements
update``): :func:`refresh` reads what he typed, checks it and rewrites the season.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Sequence

from addin.core.args import as_choice, as_int
from addin.core.cells import in_sheet
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import Message, N_, current_lang
from addin.core.results import shown_code
from addin.events.common import Outcome, check_xlsx_output, write_new_event
from addin.files.divisions import divisions_from_table
from addin.files.read_table import read_table
from addin.files.rosters import rosters_from_table
from addin.sheets.book import Book
from addin.sheets.league.workbook import (FORFEIT_CELL, LABELS, is_season, read_season, season_workbook,
                                          sheet_match_numbers, write_season)
from addin.systems.directed.league import ORDERS, SAME_CLUB, league_calendar
from addin.systems.league import event as rules
from addin.systems.league.model import (COLOUR_RULES, FORFEIT_SIDES, PRESET_TIEBREAKS, PRESETS, SCORINGS,
                                        MatchKey, Season, check_tiebreaks)


@dataclass
class BuildRequest:
    """What ``appariements league season TEAMS -o season.xlsx`` asks for (every field as typed)."""

    teams: Path | None = None
    rosters: Path | None = None
    boards: Any = 4
    scoring: str = "fide"
    colours: str = "odd"
    tiebreaks: Any = None
    same_club: str = "complementary"
    half_home: str = ""
    order: str = "gathering"
    start: str | None = None
    every: Any = 7
    dates: str | None = None
    seed: Any = None
    header: EventHeader = EventHeader()  # the printed dates are header.dates; ``dates`` are the rounds'
    output: Path | None = None
    force: bool = False
    discard_results: bool = False


def build(request: BuildRequest) -> Outcome:
    """Write the season workbook ``request`` asks for; the outcome says how the numbers were drawn."""
    output = check_xlsx_output(request.output, N_("A league season"))
    if request.teams is None:
        raise TournamentError("Give the division file (one row per team: division, team, club).")
    table = read_table(request.teams, "teams")
    divisions = divisions_from_table(table.header, table.rows, table.source, table.header_line)
    rosters = {}
    if request.rosters is not None:
        rtable = read_table(request.rosters, "rosters")
        rosters = rosters_from_table(rtable.header, rtable.rows, rtable.source,
                                     [t.name for d in divisions for t in d.teams], rtable.header_line)
    season, seed = plan(divisions, rosters, request)
    backup = write_new_event(output, lambda: season_workbook(season), force=request.force,
                             discard_results=request.discard_results, typed_results=_typed_results)
    teams = sum(len(d.teams) for d in season.divisions)
    return Outcome(Message("Wrote {path}: {divisions} division(s), {teams} teams, {rounds} rounds.", path=output,
                           divisions=len(season.divisions), teams=teams, rounds=season.rounds), [output], backup,
                   [Message("Team numbers drawn with seed {seed} (rerun with --seed {seed} for the same calendar).",
                            seed=seed)])


def plan(divisions, rosters, request: BuildRequest) -> tuple[Season, int]:
    """The new season (checked) and the seed of its draw."""
    scoring = as_choice(request.scoring, "scoring", PRESETS, default="fide")
    colours = as_choice(request.colours, "colours", COLOUR_RULES, default="odd")
    order = as_choice(request.order, "order", ORDERS, default="gathering")
    same_club = as_choice(request.same_club, "same_club", SAME_CLUB, default="complementary")
    boards = rules.check_boards(as_int(request.boards, "boards", 1, 16))
    tiebreaks = (PRESET_TIEBREAKS[scoring] if request.tiebreaks in (None, "") else
                 check_tiebreaks(str(request.tiebreaks).replace(";", ",").split(",")))
    seed = as_int(request.seed, "seed", 0, 2 ** 31 - 1) if request.seed not in (None, "") else secrets.randbelow(10 ** 6)
    every = as_int(request.every, "every", 1, 365)
    calendars = league_calendar(divisions, same_club, (request.half_home or "").split(","), order, seed,
                                request.dates.split(",") if request.dates else None, request.start, every)
    clubs = {t.name: t.club for d in divisions for t in d.teams}
    header = replace(request.header, lang=as_choice(request.header.lang, "lang", ("fr", "en"), "fr"))
    season = rules.season_from_calendars(
        calendars, clubs, rosters, boards=boards, scoring=SCORINGS[scoring], preset=scoring, colours=colours,
        tiebreaks=tiebreaks, order=order, header=header, seed=seed)
    return season, seed


# -- the season as it happens -------------------------------------------------------------

def refresh(book: Book) -> Outcome:
    """Rewrite the season from what is typed in it (button *Mettre à jour*), keeping every result.

    A workbook that holds only a sheet of registered teams (division, team, club; and
    optionally the rosters sheet: team, name, rating, id) is built into a season (button
    *Créer la saison*), with the FIDE scoring and a drawn numbering.
    """
    names = book.sheet_names()
    _refuse_a_damaged_season(book.name, names)
    if not is_season(names):
        return _build_in_book(book)
    season = check(read_season(book))
    write(book, season)
    typed = len(season.results) + len(season.forfeits)
    return Outcome(Message("{divisions} division(s), {rounds} rounds; {typed} result(s) and forfeit(s) kept.",
                           divisions=len(season.divisions), rounds=season.rounds, typed=typed),
                   backup=book.backup)


def _refuse_a_damaged_season(name: str, sheet_names: Sequence[str]) -> None:
    """A built season (its calendar or table is there) that lost a sheet is refused: rebuilt from scratch,
    a new draw would overwrite the typed results; a missing round sheet would drop its results (issue 16)."""
    for L in LABELS.values():
        if L["sheet_calendar"] not in sheet_names and L["sheet_table"] not in sheet_names:
            continue  # not built yet: a sheet of registered teams, to build
        needed = (L["sheet_rosters"], L["sheet_calendar"], L["sheet_table"])
        missing = next((sheet for sheet in needed if sheet not in sheet_names), None)
        if missing is not None:
            raise TournamentError(
                "{name}: the sheet {sheet} is missing (renamed or deleted?) although the season was built: "
                "building it again would draw new numbers over the typed results. Give it back its name; "
                "nothing was changed.", name=name, sheet=missing)
        rounds = [r for r in range(1, len(sheet_names) + 1) if L["sheet_round"].format(r=r) in sheet_names]
        gap = next((r for r in range(1, max(rounds, default=1)) if r not in rounds), None)
        if gap is not None or not rounds:
            raise TournamentError(
                "{name}: the sheet {sheet} is missing (renamed or deleted?): it holds typed results. Give it back "
                "its name; nothing was changed.", name=name, sheet=L["sheet_round"].format(r=gap or 1))


def check(season: Season) -> Season:
    """Refuse, with one sentence, a season typed inconsistent: line-ups, forfeits and withdrawals against results.

    The button reads every sheet at once, so it checks what each command checks one change at
    a time: a match marked lost by forfeit holds no typed result (``rules.set_forfeit``).
    """
    for (key, side), numbers in sorted(season.lineups.items()):
        rules.set_lineup(season, key, side, numbers)
    unforfeited = replace(season, forfeits={})
    for key, forfeit in sorted(season.forfeits.items()):
        rules.set_forfeit(unforfeited, key, forfeit)
    checked = replace(season, withdrawn={})
    for (d, number), rnd in sorted(season.withdrawn.items()):
        checked = rules.withdraw(checked, d, number, rnd)
    return season


def change(book: Book, operation: Callable[[Season], Season], summary: Message,
           mend: tuple[Any, Any, Any] | None = None) -> Outcome:
    """Read the season, apply ``operation``, write it back; ``mend``: the (round, match, board) whose
    result ``operation`` overwrites (its cell is not read)."""
    season = operation(check(read_season(book, mend)))
    write(book, season)
    return Outcome(summary, backup=book.backup)


def _match_key(season: Season, rnd: Any, match: Any) -> MatchKey:
    r = as_int(rnd, "round", 1, max(season.rounds, 1))
    keys = sheet_match_numbers(season, r)
    m = as_int(match, "match", 1, max(len(keys), 1))
    return keys[m - 1]


def _board_spec(text: Any) -> tuple[str, str]:
    raw = str(text).strip()
    if "." not in raw:
        raise TournamentError("In a league the board is written MATCH.BOARD, as on the round's sheet: 2.3 is match 2, "
                              "board 3 (not '{value}').", value=raw)
    match, _, board = raw.partition(".")
    return match, board


def set_result(book: Book, rnd: Any, board: Any, code: Any) -> Outcome:
    """Type, correct or clear a board's result: ``board`` = ``MATCH.BOARD`` of the round's sheet."""
    match, b = _board_spec(board)

    def operation(season: Season) -> Season:
        key = _match_key(season, rnd, match)
        return rules.set_result(season, key, as_int(b, "board", 1, season.boards), code)

    return change(book, operation, Message("Round {round}, match {match}, board {board}: result {code}.", round=rnd,
                                           match=match, board=b, code=shown_code(code)), mend=(rnd, match, b))


def lineup(book: Book, rnd: Any, match: Any, side: Any, numbers: Any) -> Outcome:
    """The roster numbers a side (``home``/``away``) fields on boards 1..n, e.g. ``1,2,4,5`` (empty: nobody)."""
    which = as_choice(side, "side", ("home", "away"))
    items = [item.strip() for item in str(numbers or "").split(",")]
    fielded = [None if item in ("", "-") else as_int(item, Message("roster number"), 1, 99) for item in items]

    def operation(season: Season) -> Season:
        return rules.set_lineup(season, _match_key(season, rnd, match), 0 if which == "home" else 1, fielded)

    template = (N_("Round {round}, match {match}: line-up of the home team recorded.") if which == "home" else
                N_("Round {round}, match {match}: line-up of the away team recorded."))
    return change(book, operation, Message(template, round=rnd, match=match))


def forfeit(book: Book, rnd: Any, match: Any, side: Any) -> Outcome:
    """Mark a match lost by forfeit by ``home``, ``away`` or ``both`` teams (``none`` cancels it)."""
    which = as_choice(side, "side", FORFEIT_SIDES + ("none",))

    def operation(season: Season) -> Season:
        return rules.set_forfeit(season, _match_key(season, rnd, match), None if which == "none" else which)

    return change(book, operation, Message(FORFEIT_WORDS[which], round=rnd, match=match),
                  mend=(rnd, match, FORFEIT_CELL))


#: what ``forfeit`` stored, said for each side
FORFEIT_WORDS = {
    "home": N_("Round {round}, match {match}: lost by forfeit by the home team."),
    "away": N_("Round {round}, match {match}: lost by forfeit by the away team."),
    "both": N_("Round {round}, match {match}: lost by forfeit by both teams."),
    "none": N_("Round {round}, match {match}: no forfeit any more."),
}


def withdraw(book: Book, team: Any, from_round: Any) -> Outcome:
    """A team withdraws from ``from_round`` on: its matches from then on are lost by forfeit."""
    if from_round is None:
        raise TournamentError("A team withdraws from a round: give --from-round (its matches from that round on "
                              "are lost by forfeit).")
    rnd = as_int(from_round, "round", 1)

    def operation(season: Season) -> Season:
        d, number = rules.find_team(season, team)
        return rules.withdraw(season, d, number, rnd)

    return change(book, operation, Message("{team} withdraws from round {round}: its matches from that round on are "
                                           "lost by forfeit.", team=team, round=rnd))


def reinstate(book: Book, team: Any) -> Outcome:
    def operation(season: Season) -> Season:
        d, number = rules.find_team(season, team)
        return rules.reinstate(season, d, number)

    return change(book, operation, Message("{team} is no longer withdrawn.", team=team))


def write(book: Book, season: Season) -> None:
    """Write ``season`` into ``book``: its sheets; on the teams and rosters sheets only its own columns."""
    write_season(book, season)


def _build_in_book(book: Book) -> Outcome:
    """Build a season from a workbook holding the registered teams (and maybe the rosters)."""
    for lang, L in LABELS.items():
        if L["sheet_teams"] in book.sheet_names():
            break
    else:
        raise TournamentError(
            "This workbook has no sheet of registered teams: add a sheet named '{sheet}' with the columns {columns} "
            "and one team per row from row 2.", sheet=LABELS[current_lang()]["sheet_teams"],
            columns=Message("Division, Team, Club"))
    rows = book.values(L["sheet_teams"]) or []
    header, data = _table(rows)
    divisions = divisions_from_table(header, data, in_sheet(book.name, L['sheet_teams']))
    rosters = {}
    if L["sheet_rosters"] in book.sheet_names():
        rheader, rdata = _table(book.values(L["sheet_rosters"]) or [])
        if rdata:
            rosters = rosters_from_table(rheader, rdata, in_sheet(book.name, L['sheet_rosters']),
                                         [t.name for d in divisions for t in d.teams])
    season, seed = plan(divisions, rosters, BuildRequest(header=EventHeader(lang=lang)))
    write(book, season)
    return Outcome(Message("Season built: {divisions} division(s), {rounds} rounds; team numbers drawn with seed "
                           "{seed}.", divisions=len(season.divisions), rounds=season.rounds, seed=seed),
                   backup=book.backup)


def _table(rows: list[list[Any]]) -> tuple[list[Any], list[tuple[int, list[Any]]]]:
    if not rows:
        return [], []
    return list(rows[0]), [(index, list(row)) for index, row in enumerate(rows[1:], 2)]


def _typed_results(path: Path) -> int:
    try:
        from addin.render.file_book import FileBook  # openpyxl and XlsxWriter: files only (Lite has neither)
        book = FileBook(path)
        if not is_season(book.sheet_names()):
            return 0
        season = read_season(book)
        return len(season.results) + len(season.forfeits)
    except TournamentError:
        return 0


# -- reports ------------------------------------------------------------------------------

def export_trf(workbook: Path | Book, division: Any, output: Path | str, force: bool = False) -> Outcome:
    """FIDE TRF of one division (with its team section), for rating reports and tie-break checks: of a season's
    file, or of a season open in Excel (the button *Exporter en TRF*)."""
    from addin.files.trf_league import division_trf
    from addin.render.output import check_target, write_text

    if isinstance(workbook, (str, Path)):
        from addin.render.file_book import FileBook  # openpyxl and XlsxWriter: files only (Lite has neither)
        workbook = FileBook(workbook)
    season = read_season(workbook)
    names = [d.name.casefold() for d in season.divisions]
    raw = str(division or "").strip()
    if raw.casefold() in names:
        d = names.index(raw.casefold()) + 1
    elif len(season.divisions) == 1 and not raw:
        d = 1
    else:
        raise TournamentError("Give the division to export, one of: {names}.",
                              names=", ".join(x.name for x in season.divisions))
    text = division_trf(season, d)
    check_target(Path(output), force)
    write_text(Path(output), lambda: text, force=force)
    return Outcome(Message("Wrote {paths}", paths=str(output)), [Path(output)])
