"""The Scheveningen match's use cases: build it from the two teams, and the match as it is played.

Every door runs these and nothing else: the command line (``appariements scheveningen
match``, and the generic ``update``, ``result``, ``rename``), the workbook's button
(*Créer / mettre à jour le match*: :func:`refresh`) and the xlwings Lite script. Each
reads the workbook, applies one rule of ``addin.systems.scheveningen_match`` and writes the
whole new state in one go, or refuses with one sentence before writing anything.

The organiser may also type where it belongs — a result on a round's sheet, a name or a
rating on the line-ups sheet, the event's name on the settings sheet — and press the
button (``appariements update``): :func:`refresh` reads what he typed, checks it and
rewrites the match. A workbook holding only the line-ups sheet is built into a match.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from addin.core.args import as_choice
from addin.core.cells import whole_or_none
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import Message, N_
from addin.core.results import workbook_code
from addin.events.common import Outcome, check_xlsx_output, write_new_event
from addin.files.match_teams import team_from_table
from addin.files.read_table import read_table
from addin.sheets.book import Book
from addin.sheets.scheveningen.workbook import LABELS, is_match, match_workbook, read_match, write_match
from addin.systems import scheveningen_match as rules
from addin.systems.scheveningen_match import SchevMatch, match_score


@dataclass
class BuildRequest:
    """What ``appariements scheveningen match --team-a A --team-b B -o match.xlsx`` asks for (as typed)."""

    team_a: Path | None = None
    team_b: Path | None = None
    name_a: str = ""
    name_b: str = ""
    header: EventHeader = EventHeader()  # title, place, dates, arbiter, language
    output: Path | None = None
    force: bool = False
    discard_results: bool = False


def build(request: BuildRequest) -> Outcome:
    """Write the match workbook ``request`` asks for."""
    output = check_xlsx_output(request.output, N_("A Scheveningen match"))
    if request.team_a is None or request.team_b is None:
        raise TournamentError("Give both teams' files (--team-a and --team-b: one row per player, in board order, "
                              "with the columns name and optionally rating, id).")
    teams = []
    for path, given in ((request.team_a, request.name_a), (request.team_b, request.name_b)):
        table = read_table(path, "team")
        name, players = team_from_table(table.header, table.rows, table.source, table.header_line)
        teams.append(((given or "").strip() or name or Path(path).stem, players))
    (name_a, players_a), (name_b, players_b) = teams
    header = replace(request.header, lang=as_choice(request.header.lang, "lang", tuple(LABELS), "fr"))
    match = rules.new_match(name_a, name_b, players_a, players_b, header)
    backup = write_new_event(output, lambda: match_workbook(match), force=request.force,
                             discard_results=request.discard_results, typed_results=_typed_results)
    return Outcome(Message("Wrote {path}: {a} against {b}, {n} rounds of {n} boards.", path=output, a=match.team_a,
                           b=match.team_b, n=match.n), [output], backup)


def refresh(book: Book) -> Outcome:
    """Rewrite the match from what is typed in it (the button, ``appariements update``), keeping every result."""
    built = is_match(book.sheet_names())
    _refuse_a_damaged_match(book.name, book.sheet_names())
    match = read_match(book)
    write(book, match)
    if not built:
        return Outcome(Message("Match built: {a} against {b}, {n} rounds of {n} boards.", a=match.team_a,
                               b=match.team_b, n=match.n), backup=book.backup)
    return Outcome(_score_message(match), backup=book.backup,
                   details=[Message("{count} result(s) kept.", count=len(match.results))])


def _refuse_a_damaged_match(name: str, sheet_names: list[str]) -> None:
    """A built match (its round sheets are there) that lost its crosstables or a round sheet before the last
    is refused: rebuilt, it would clear or drop typed results (issue 16)."""
    for L in LABELS.values():
        rounds = [r for r in range(1, len(sheet_names) + 1) if L["sheet_round"].format(r=r) in sheet_names]
        if L["sheet_teams"] not in sheet_names or not rounds:
            continue  # line-ups only: a match to build
        if L["sheet_score"] not in sheet_names:
            raise TournamentError(
                "{name}: the sheet {sheet} is missing (renamed or deleted?) although the match was built: building "
                "it again would clear the typed results. Give it back its name; nothing was changed.",
                name=name, sheet=L["sheet_score"])
        gap = next((r for r in range(1, max(rounds)) if r not in rounds), None)
        if gap is not None:
            raise TournamentError(
                "{name}: the sheet {sheet} is missing (renamed or deleted?): it holds typed results. Give it back "
                "its name; nothing was changed.", name=name, sheet=L["sheet_round"].format(r=gap))


def set_result(book: Book, rnd: Any, board: Any, code: Any) -> Outcome:
    """Type, correct or clear the result of ``board`` in round ``rnd`` (White's result first)."""
    mend = (whole_or_none(rnd), whole_or_none(board))
    match = rules.set_result(_built(book, mend), rnd, board, code)
    write(book, match)
    shown = workbook_code(code) if code not in (None, "") else None
    return Outcome(Message("Round {round}, board {board}: result {code}.", round=rnd, board=board, code=shown or "—"), backup=book.backup,
                   details=[_score_message(match)])


def edit_player(book: Book, player: Any, **fields: Any) -> Outcome:
    """Correct a player's name or rating (``appariements rename match.xlsx A3 --name …``)."""
    match = rules.edit_player(_built(book), player, **fields)
    write(book, match)
    return Outcome(Message("Player {player} corrected.", player=str(player).strip().upper()),
                   backup=book.backup)


def write(book: Book, match: SchevMatch) -> None:
    """Write ``match`` into ``book``; on the line-ups sheet only its own columns (the rest is the organiser's)."""
    write_match(book, match)


def _built(book: Book, mend: tuple[Any, Any] | None = None) -> SchevMatch:
    if not is_match(book.sheet_names()):
        raise TournamentError("{name} holds the line-ups but not the match yet: build it first (button, or "
                              "'appariements update {name}').", name=book.name)
    return read_match(book, mend)


def _score_message(match: SchevMatch) -> Message:
    s = match_score(match)
    return Message("Score: {a} {pa} – {pb} {b} ({played} of {games} games played).", a=match.team_a,
                   pa=_points(s.a), pb=_points(s.b), b=match.team_b, played=s.played, games=s.games)


def _points(value: float) -> str:
    whole, half = divmod(value, 1)
    return f"{int(whole) or ''}½" if half else str(int(whole))


def _typed_results(path: Path) -> int:
    try:
        from addin.render.file_book import FileBook  # openpyxl and XlsxWriter: files only (Lite has neither)
        book = FileBook(path)
        if not is_match(book.sheet_names()):
            return 0
        return len(read_match(book).results)
    except TournamentError:
        return 0
