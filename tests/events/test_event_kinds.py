"""The kinds of event as one contract (``addin.events.kinds``): the registry, the capabilities, the recipe.

* every registered kind recognises the workbooks of its own kind that ``appariements demo`` writes (and the
  round-robin the shipped templates), and no other workbook;
* every operation a kind declares unsupported is refused by the command line with the sentence it gave
  before the registry: the literal English sentences below, each kind's list of operations that do not
  apply to it being the one the modules of ``addin/events`` had (a function missing there);
* the recipe of ``docs/developing.md`` ("Adding a kind of event") applied to a toy kind defined here — a
  duel, two players and a few games — registered for one test, built to an ``.xlsx``, read back, a result
  changed through the generic command path (``dispatch.run(path, "set_result", …)``) and read back again.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from addin.cli import cli
from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.core.results import shown_code
from addin.events import dispatch, kinds
from addin.events.common import Outcome
from addin.events.demo import DEMOS
from addin.render.file_book import FileBook
from addin.render.xlsx import write_xlsx
from addin.sheets.book import Book, Write
from addin.sheets.model import WorkbookLayout
from support.paths import ROOT


#: each demo workbook → the kind it holds (None: a workbook that is no event: a bare table, a calendar)
DEMO_KINDS = {"event-berger-8.xlsx": "roundrobin", "event-double-6-en.xlsx": "roundrobin",
              "molter-5x4.xlsx": "molter", "combinee-64.xlsx": "combinee", "league-season.xlsx": "league",
              "scheveningen-4.xlsx": "scheveningen", "berger-10.xlsx": None, "league-calendar.xlsx": None}
#: the demo workbook whose commands are tried for each kind
DEMO_OF = {"roundrobin": "event-berger-8.xlsx", "molter": "molter-5x4.xlsx", "combinee": "combinee-64.xlsx",
           "league": "league-season.xlsx", "scheveningen": "scheveningen-4.xlsx"}

#: the operations each kind does not run (the functions its module of addin/events did not have before the
#: registry), by the command the organiser types
NOT_RUN = {
    "roundrobin": {"next-round", "repair-round", "score", "substitute", "absent", "lineup", "forfeit"},
    "molter": {"replace", "next-round", "repair-round", "score", "forfeit"},
    "combinee": {"replace", "substitute", "absent", "lineup", "forfeit"},
    "league": {"rename", "replace", "late-entry", "next-round", "repair-round", "score", "substitute", "absent"},
    "scheveningen": {"withdraw", "reinstate", "replace", "late-entry", "next-round", "repair-round", "score",
                     "substitute", "absent", "lineup", "forfeit"},
}
#: the refusal of each, as the organiser read it before (English)
REFUSALS = {
    "roundrobin": {
        "next-round": "'next-round' does not apply to a round-robin event.",
        "repair-round": "'repair-round' does not apply to a round-robin event.",
        "score": "'score' does not apply to a round-robin event.",
        "substitute": "'substitute' does not apply to a round-robin event.",
        "absent": "'absent' does not apply to a round-robin event.",
        "lineup": "'lineup' does not apply to a round-robin event.",
        "forfeit": "'forfeit' does not apply to a round-robin event.",
    },
    "molter": {
        "replace": "'replace' does not apply to a Molter event.",
        "next-round": "'next-round' does not apply to a Molter event.",
        "repair-round": "'repair-round' does not apply to a Molter event.",
        "score": "'score' does not apply to a Molter event.",
        "forfeit": "'forfeit' does not apply to a Molter event.",
    },
    "combinee": {
        "replace": "'replace' does not apply to a Formule Combinée event.",
        "substitute": "'substitute' does not apply to a Formule Combinée event.",
        "absent": "'absent' does not apply to a Formule Combinée event.",
        "lineup": "'lineup' does not apply to a Formule Combinée event.",
        "forfeit": "'forfeit' does not apply to a Formule Combinée event.",
    },
    "league": {
        "rename": "'rename' does not apply to a league season event.",
        "replace": "'replace' does not apply to a league season event.",
        "late-entry": "'late-entry' does not apply to a league season event.",
        "next-round": "'next-round' does not apply to a league season event.",
        "repair-round": "'repair-round' does not apply to a league season event.",
        "score": "'score' does not apply to a league season event.",
        "substitute": "'substitute' does not apply to a league season event.",
        "absent": "'absent' does not apply to a league season event.",
    },
    "scheveningen": {
        "withdraw": "'withdraw' does not apply to a Scheveningen match event.",
        "reinstate": "'reinstate' does not apply to a Scheveningen match event.",
        "replace": "'replace' does not apply to a Scheveningen match event.",
        "late-entry": "'late-entry' does not apply to a Scheveningen match event.",
        "next-round": "'next-round' does not apply to a Scheveningen match event.",
        "repair-round": "'repair-round' does not apply to a Scheveningen match event.",
        "score": "'score' does not apply to a Scheveningen match event.",
        "substitute": "'substitute' does not apply to a Scheveningen match event.",
        "absent": "'absent' does not apply to a Scheveningen match event.",
        "lineup": "'lineup' does not apply to a Scheveningen match event.",
        "forfeit": "'forfeit' does not apply to a Scheveningen match event.",
    },
}
#: a command line of each operation (EV: the workbook); the arguments are valid, the refusal comes first
COMMAND_LINES = {
    "update": ["update", "EV"], "withdraw": ["withdraw", "EV", "1", "--from-round", "3"],
    "reinstate": ["reinstate", "EV", "1"], "result": ["result", "EV", "1", "1", "1-0"],
    "rename": ["rename", "EV", "1", "--name", "Xavier Nouveau"], "replace": ["replace", "EV", "1", "Xavier Nouveau"],
    "late-entry": ["late-entry", "EV", "Xavier Nouveau"], "next-round": ["next-round", "EV"],
    "repair-round": ["repair-round", "EV"], "score": ["score", "EV", "1", "1", "3", "4"],
    "substitute": ["substitute", "EV", "A", "1", "Xavier", "--round", "1"], "absent": ["absent", "EV", "1", "1", "white"],
    "lineup": ["lineup", "EV", "A", "1", "2", "--round", "1"], "forfeit": ["league", "forfeit", "EV", "1", "1", "home"],
}


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    """The workbooks ``appariements demo`` writes."""
    folder = tmp_path_factory.mktemp("demo")
    for name, build in DEMOS:
        if name in DEMO_KINDS:
            build(folder / name)
    return folder


@pytest.fixture
def registry():
    """The registry of the kinds of event, given back as it was after the test (a kind registered, removed)."""
    saved = list(kinds.REGISTRY)
    yield kinds.REGISTRY
    kinds.REGISTRY[:] = saved


def sheets_of(path: Path) -> list[str]:
    book = FileBook(path)
    try:
        return book.sheet_names()
    finally:
        book.close()


# -- (a) each kind recognises its own workbooks, and no other ---------------------------------------

def test_every_kind_recognises_its_demo_workbook_and_no_other(demo):
    assert {kind.name for kind in kinds.REGISTRY} == set(DEMO_OF) == set(NOT_RUN)
    templates = sorted((ROOT / "workbooks").glob("toutes-rondes-*.xlsx"))[:2]
    assert templates
    books = {**{demo / name: kind for name, kind in DEMO_KINDS.items()},
             **{path: "roundrobin" for path in templates}}
    for path, expected in books.items():
        names = sheets_of(path)
        assert [kind.name for kind in kinds.REGISTRY if kind.recognises(names)] == ([expected] if expected else []), \
            (path.name, names)
        if expected:
            kind = kinds.find_kind(expected)
            assert kinds.kind_of_sheets(names) is kind
            assert kind.detect_lang(names) == ("en" if path.name.endswith("-en.xlsx") else "fr"), path.name


def test_a_workbook_of_no_kind_is_refused_with_the_sentence_it_had(demo):
    result = CliRunner().invoke(cli, ["update", str(demo / "berger-10.xlsx")])
    assert result.exit_code == 2
    assert result.output == ("Error: berger-10.xlsx is not an event workbook made by appariements (round-robin, "
                             "Molter, Formule Combinée, league season or Scheveningen match): its sheets are "
                             "Berger 10.\n")


def test_find_kind_knows_every_kind_by_its_name():
    for kind in kinds.REGISTRY:
        assert kinds.find_kind(kind.name) is kind and isinstance(kind, kinds.EventKind)
    with pytest.raises(KeyError):
        kinds.find_kind("swiss")


# -- (b) every capability declared unsupported: the same refusal through the command line ------------

@pytest.mark.parametrize("kind_name", sorted(NOT_RUN))
def test_every_unsupported_operation_is_refused_with_the_sentence_it_had(kind_name, demo, tmp_path):
    kind = kinds.find_kind(kind_name)
    declared = {kinds.OPERATIONS[op] for op in kinds.OPERATIONS if not kind.supports(op)}
    assert declared == NOT_RUN[kind_name] == set(REFUSALS[kind_name])
    for op in kinds.OPERATIONS:
        assert isinstance(kind.capability(op), kinds.Unsupported) == (kinds.OPERATIONS[op] in declared)
    path = tmp_path / DEMO_OF[kind_name]
    path.write_bytes((demo / DEMO_OF[kind_name]).read_bytes())
    before = path.read_bytes()
    for command, sentence in sorted(REFUSALS[kind_name].items()):
        args = [str(path) if a == "EV" else a for a in COMMAND_LINES[command]]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2, (command, result.output)
        assert result.output == f"Error: {sentence}\n", command
        assert path.read_bytes() == before, command  # refused: nothing written


def test_a_supported_operation_runs_the_kinds_use_case(demo, tmp_path):
    """A declared capability is the kind's use case: 'result' on a round-robin types the result."""
    path = tmp_path / "event.xlsx"
    path.write_bytes((demo / "event-berger-8.xlsx").read_bytes())
    outcome = dispatch.run(path, "set_result", 7, 1, "0-1")
    assert outcome.summary.text("en") == "Round 7, board 1: result 0-1."
    assert outcome.backup is not None and outcome.backup.is_file() and outcome.lang == "fr"


# -- (c) the recipe on a toy kind: a duel --------------------------------------------------------------

SHEET = "Duel"
HEADINGS = ("Game", "White", "Black", "Result")


@dataclass(frozen=True)
class DuelEvent:
    """Two players, ``games`` games, colours alternating; results by game number."""

    players: tuple[str, str]
    games: int
    results: dict[int, str]

    def colours(self, game: int) -> tuple[str, str]:
        return self.players if game % 2 else self.players[::-1]


def duel_layout(event: DuelEvent) -> WorkbookLayout:
    """The duel's workbook (its sheets layer): one sheet, a row per game."""
    layout = WorkbookLayout()
    sheet = layout.add_sheet(SHEET)
    sheet.row(1, 1, HEADINGS)
    for game in range(1, event.games + 1):
        white, black = event.colours(game)
        sheet.row(game + 1, 1, (game, white, black))
        if game in event.results:
            sheet.set(game + 1, 4, event.results[game], text=True)
    return layout


def read_duel(book: Book) -> DuelEvent:
    """The duel a workbook holds (its reader)."""
    rows = book.values(SHEET) or []
    games = [row for row in rows[1:] if row and row[0] not in (None, "")]
    first = games[0]
    results = {int(row[0]): str(row[3]) for row in games if len(row) > 3 and row[3] not in (None, "")}
    return DuelEvent((str(first[1]), str(first[2])), len(games), results)


class Duel(kinds.EventKind):
    """The toy kind: recognised by its sheet, English, and one operation, ``set_result``."""

    name, title = "duel", "duel"

    def recognises(self, sheet_names):
        return SHEET in sheet_names

    def detect_lang(self, sheet_names):
        return "en"

    def set_result(self, book, rnd, board, code):
        game = as_int(rnd, "round", 1)
        as_int(board, "board", 1, 1)
        event = read_duel(book)
        if game > event.games:
            raise TournamentError("The duel has {games} games.", games=event.games)
        results = dict(event.results)
        results[game] = shown_code(code)
        book.write(Write(duel_layout(DuelEvent(event.players, event.games, results))))
        return Outcome(Message("Game {game}: {code}.", game=game, code=results[game]), backup=book.backup)


def test_a_toy_kind_registered_runs_through_the_generic_command_path(registry, tmp_path):
    path = tmp_path / "duel.xlsx"
    write_xlsx(duel_layout(DuelEvent(("Ann", "Bob"), 4, {1: "1-0"})), path)
    with pytest.raises(TournamentError, match="is not an event workbook made by appariements"):
        dispatch.run(path, "set_result", 2, 1, "0-1")

    duel = kinds.register(Duel())
    assert kinds.find_kind("duel") is duel and registry[-1] is duel
    with pytest.raises(ValueError):
        kinds.register(Duel())  # one kind per name
    book = FileBook(path)
    assert dispatch.kind_of(book) is duel and read_duel(book) == DuelEvent(("Ann", "Bob"), 4, {1: "1-0"})
    book.close()

    outcome = dispatch.run(path, "set_result", 2, 1, "0-1")
    assert outcome.summary.text("en") == "Game 2: 0-1." and outcome.lang == "en"
    assert outcome.backup is not None and outcome.backup.is_file()
    again = FileBook(path)
    assert read_duel(again) == DuelEvent(("Ann", "Bob"), 4, {1: "1-0", 2: "0-1"})
    assert again.values(SHEET)[2][:4] == [2, "Bob", "Ann", "0-1"]
    again.close()

    # what the duel does not declare is refused with the sentence of every kind, naming the command typed
    with pytest.raises(TournamentError) as refused:
        dispatch.run(path, "withdraw", "Ann", None)
    assert refused.value.text("en") == "'withdraw' does not apply to a duel event."
    result = CliRunner().invoke(cli, ["score", str(path), "1", "1", "3", "4"])
    assert result.exit_code == 2 and result.output == "Error: 'score' does not apply to a duel event.\n"

    kinds.unregister("duel")
    assert "duel" not in [kind.name for kind in kinds.REGISTRY]
    with pytest.raises(TournamentError, match="is not an event workbook made by appariements"):
        dispatch.run(path, "set_result", 3, 1, "1-0")


def test_the_registry_is_given_back_after_a_test(registry):
    assert [kind.name for kind in registry] == ["roundrobin", "molter", "combinee", "league", "scheveningen"]
