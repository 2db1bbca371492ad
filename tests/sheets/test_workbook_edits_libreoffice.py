"""A real spreadsheet in the loop: LibreOffice types into the event workbooks between commands.

For each of the five event kinds a seeded random walk alternates what an organiser does in
LibreOffice (``tools/uno_office.py``: type a result, mistype one, insert a blank row or column in
a round sheet, sort a block whole, sort the names apart from their numbers, then save it in its
own format: .xlsx, or .xlsm for a round-robin written with its buttons and VBA project)
with the command line (``result``/``score``, ``update``, ``withdraw``, ``next-round``…).

The oracle is a model kept by the test of what was typed, keyed by *who* played (the names the
input sheets give each number when the walk starts), read back from the file with openpyxl by
content (round, board and table numbers found in column A, names from the player sheet),
never with the project's readers. After every step:

* a command that succeeds leaves every typed result where the model has it: none lost, moved
  or credited to someone else;
* a command refused exits 2 and leaves the file byte-identical; the walk then undoes its last
  edit in LibreOffice, as the organiser would, and the command must succeed.

Edits the tool must refuse (names sorted apart from their numbers, a mistyped result other than
the one being mended) are checked to be refused; for the others (rows and columns inserted,
blocks sorted whole) reading them right or refusing them are both allowed, reading them wrong
is not. The figures of a run are printed (``-s``): sequences, steps, refusals, LibreOffice edits.
"""

from __future__ import annotations

import os
import random
import shutil
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from support.cli import digest, invoke

pytestmark = pytest.mark.libreoffice

CODES = ("1-0", "0-1", "1/2-1/2")
STEPS = int(os.environ.get("APPARIEMENTS_EDIT_STEPS", "12"))  # steps per walk ($APPARIEMENTS_EDIT_STEPS)
# every kind walks this many sequences ($APPARIEMENTS_EDIT_WALKS, default 1: a few minutes of CI)
SEEDS = tuple(range(1, int(os.environ.get("APPARIEMENTS_EDIT_WALKS", "1")) + 1))
FIGURES: dict[str, int] = {"sequences": 0, "steps": 0, "edits": 0, "commands": 0, "refused": 0, "rule refusals": 0,
                           "paired": 0}


def col(letter_or_number) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(letter_or_number) if isinstance(letter_or_number, int) else letter_or_number


# -- what the file holds, read by content ---------------------------------------------------------

@dataclass
class Game:
    key: tuple            # who played: (round, white's name, black's name) or the kind's equivalent
    sheet: str
    cells: tuple[str, ...]  # the result cell(s)
    args: tuple           # round, board (or table) as the command line names them
    value: Any


def names_of(book, sheet: str, first: int, number_col: int, name_col: int) -> dict:
    out = {}
    for row in book[sheet].iter_rows(min_row=first, values_only=True):
        number, name = row[number_col - 1], row[name_col - 1]
        if number not in (None, "") and name not in (None, ""):
            out[number] = name
    return out


def blank(value):
    return None if value in (None, "") else value


def rr_games(path: Path) -> dict:
    book = load_workbook(path, data_only=True)
    names = names_of(book, "Joueurs", 2, 1, 2)
    out = {}
    for r, row in enumerate(book["Rondes"].iter_rows(values_only=True), 1):
        if isinstance(row[0], (int, float)) and isinstance(row[1], (int, float)):
            key = (int(row[0]), names[row[2]], names[row[6]])
            out[key] = Game(key, "Rondes", (f"E{r}",), (int(row[0]), int(row[1])), blank(row[4]))
    return out


def molter_games(path: Path) -> dict:
    book = load_workbook(path, data_only=True)
    teams = names_of(book, "Équipes", 5, 1, 2)
    out = {}
    for sheet in [s for s in book.sheetnames if s.startswith("Ronde ")]:
        rnd = int(sheet.split()[1])
        for r, row in enumerate(book[sheet].iter_rows(values_only=True), 1):
            if r >= 4 and isinstance(row[0], (int, float)):
                white, black = str(row[1]), str(row[4])
                key = (rnd, teams[white[0]], white[1:], teams[black[0]], black[1:])
                out[key] = Game(key, sheet, (f"D{r}",), (rnd, int(row[0])), blank(row[3]))
    return out


def schev_games(path: Path) -> dict:
    book = load_workbook(path, data_only=True)
    seats = {}
    for row in book["Compositions"].iter_rows(min_row=4, max_col=7, values_only=True):
        for label, name in ((row[0], row[1]), (row[5], row[6])):
            if label:
                seats[label] = name
    out = {}
    for sheet in [s for s in book.sheetnames if s.startswith("Ronde ")]:
        rnd = int(sheet.split()[1])
        for r, row in enumerate(book[sheet].iter_rows(values_only=True), 1):
            if r >= 5 and isinstance(row[0], (int, float)) and row[1] in seats:
                key = (rnd, seats[row[1]], seats[row[4]])
                out[key] = Game(key, sheet, (f"D{r}",), (rnd, int(row[0])), blank(row[3]))
    return out


def league_games(path: Path) -> dict:
    book = load_workbook(path, data_only=True)
    out = {}
    for sheet in [s for s in book.sheetnames if s.startswith("Ronde ")]:
        rnd, title, k = int(sheet.split()[1]), None, 0
        for r, row in enumerate(book[sheet].iter_rows(max_col=9, values_only=True), 1):
            if isinstance(row[0], str) and row[0].startswith("Match "):
                title, k = row[0], int(row[0].split()[1])
            elif title and isinstance(row[0], (int, float)) and row[2] is not None:
                key = (rnd, title, int(row[0]))
                out[key] = Game(key, sheet, (f"F{r}",), (rnd, f"{k}.{int(row[0])}"), blank(row[5]))
    return out


def combinee_games(path: Path) -> dict:
    book = load_workbook(path, data_only=True)
    names = names_of(book, "Joueurs", 2, 1, 2)
    out = {}
    for sheet in [s for s in book.sheetnames if s[0] == "R" and s[1:].isdigit()]:
        rnd = int(sheet[1:])
        for r, row in enumerate(book[sheet].iter_rows(max_col=8, values_only=True), 1):
            if r >= 4 and isinstance(row[0], (int, float)) and row[2] not in (None, "") and row[7] not in (None, "", 0):
                key = (rnd, names[row[2]], names[row[7]])
                value = None if blank(row[4]) is None and blank(row[5]) is None else (blank(row[4]), blank(row[5]))
                out[key] = Game(key, sheet, (f"E{r}", f"F{r}"), (rnd, int(row[0])), value)
    return out


# -- the kinds -------------------------------------------------------------------------------------

@dataclass
class Kind:
    name: str
    file: str
    games: Any
    names: tuple | None = None        # (sheet, first row, last row, name column) to sort apart
    whole: tuple | None = None        # (sheet, range, key column) of a block sorted whole
    rounds: tuple = ()                # round sheets where rows and columns are inserted
    note: str = ""                    # a column right of the round sheets' own: notes typed beside a game


KINDS = {
    "roundrobin": Kind("roundrobin", "event-berger-8.xlsx", rr_games, names=("Joueurs", 2, 9, "B"),
                       whole=("Joueurs", "A2:I9", "C"), rounds=("Rondes",), note="V"),
    "roundrobin-xlsm": Kind("roundrobin", "event-berger-8.xlsm", rr_games, names=("Joueurs", 2, 9, "B"),
                            whole=("Joueurs", "A2:I9", "C"), rounds=("Rondes",), note="V"),
    "molter": Kind("molter", "molter-5x4.xlsx", molter_games, names=("Équipes", 5, 9, "B"),
                   whole=("Équipes", "A5:K9", "B"), rounds=("Ronde 1", "Ronde 2", "Ronde 3"), note="N"),
    "scheveningen": Kind("scheveningen", "scheveningen-4.xlsx", schev_games, names=("Compositions", 4, 7, "B"),
                         rounds=("Ronde 1", "Ronde 2", "Ronde 3", "Ronde 4"), note="N"),
    "league": Kind("league", "league-season.xlsx", league_games, rounds=("Ronde 1", "Ronde 2", "Ronde 3"),
                   note="AF"),
    "combinee": Kind("combinee", "combinee.xlsx", combinee_games, names=("Joueurs", 2, 13, "B"),
                     whole=("R1", "A4:P9", "E"), rounds=("R1", "R2", "R3"), note="R"),
}


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("demo")
    assert invoke("demo", "-o", folder).exit_code == 0
    players = folder / "players.csv"
    players.write_text("name,rating\n" + "".join(f"Joueur {i:02d},{2000 - 17 * i}\n" for i in range(1, 13)),
                       encoding="utf-8")
    result = invoke("combinee", "--players", players, "--phase1-rounds", 5, "--phase2-rounds", 3, "--seed", 4,
                    "-o", folder / "combinee.xlsx")
    assert result.exit_code == 0, result.output
    names = folder / "names.csv"
    names.write_text("name,rating\n" + "".join(f"Joueuse {i},{2100 - 23 * i}\n" for i in range(1, 9)), encoding="utf-8")
    result = invoke("berger", 8, "--names", names, "--event", "--macros", "-o", folder / "event-berger-8.xlsm")
    assert result.exit_code == 0, result.output
    return folder


# -- the walk ------------------------------------------------------------------------------------

class Walk:
    def __init__(self, kind: Kind, path: Path, office, rng: random.Random):
        self.kind, self.path, self.office, self.rng = kind, path, office, rng
        self.model = {key: game.value for key, game in kind.games(path).items()}
        self.sorted = False
        self.undo = None          # how LibreOffice takes back the last edit (None: nothing to take back)
        self.must_refuse = False  # the last edit is one the tool must refuse (names sorted apart)
        self.typo: tuple | None = None  # the key of a mistyped result, mended by the command line only
        self.notes: dict[tuple, str] = {}  # game -> the note typed beside it and the comment on its result

    # LibreOffice
    def edit(self, action) -> None:
        book = self.office.open(self.path)
        try:
            action(book)
            book.save()
        finally:
            book.close()
        FIGURES["edits"] += 1

    def type_result(self) -> None:
        games = self.kind.games(self.path)
        key = self.rng.choice(sorted(games, key=str))
        game = games[key]
        if self.kind.name == "combinee":
            value = (self.rng.randint(250, 550), self.rng.randint(250, 550))
            self.edit(lambda book: [book.type(game.sheet, cell, str(v)) for cell, v in zip(game.cells, value)])
        elif self.typo is None and self.rng.random() < 0.3:
            value = "1-O"
            self.edit(lambda book: book.set_text(game.sheet, game.cells[0], value))
            self.typo = key
        else:
            value = self.rng.choice(CODES)
            self.edit(lambda book: book.set_text(game.sheet, game.cells[0], value))
        self.model[key] = value

    def annotate(self) -> None:
        games = self.kind.games(self.path)
        key = self.rng.choice(sorted(games, key=str))
        game = games[key]
        row = int("".join(ch for ch in game.cells[0] if ch.isdigit()))
        text = f"note {len(self.notes) + 1}"

        def write(book):
            book.set_text(game.sheet, f"{self.kind.note}{row}", text)
            book.add_comment(game.sheet, game.cells[0], text)
        self.edit(write)
        self.notes[key] = text

    def move_sheet(self) -> None:
        sheet = self.rng.choice(self.kind.rounds)
        self.edit(lambda book: book.move_sheet(sheet, 0))  # found by its name wherever its tab is

    def fill_and_pair(self) -> None:
        """Type every score still missing (as at the end of a round), then pair the next round."""
        games = self.kind.games(self.path)
        missing = {key: game for key, game in games.items() if game.value is None or None in game.value}
        values = {key: (self.rng.randint(250, 550), self.rng.randint(250, 550)) for key in missing}

        def type_all(book):
            for key, game in missing.items():
                for cell, v in zip(game.cells, values[key]):
                    book.type(game.sheet, cell, str(v))
        if missing:
            self.edit(type_all)
            self.model.update(values)
        before = digest(self.path)
        result = invoke("next-round", self.path)
        FIGURES["commands"] += 1
        if result.exit_code != 0:  # every round paired, or a withdrawal leaves a group short
            assert result.exit_code == 2 and digest(self.path) == before, result.output
            FIGURES["rule refusals"] += 1
            return
        FIGURES["paired"] += 1
        new = {key: game.value for key, game in self.kind.games(self.path).items() if key not in games}
        assert new and all(value is None for value in new.values()), new
        self.model.update(new)

    def insert(self) -> None:
        sheet = self.rng.choice(self.kind.rounds)
        if self.rng.random() < 0.7:
            row = self.rng.randint(5, 12)
            self.edit(lambda book: book.insert_rows(sheet, row))
            self.undo = lambda book: book.delete_rows(sheet, row)
        else:
            column = self.rng.randint(1, 8)
            self.edit(lambda book: book.insert_columns(sheet, column))
            self.undo = lambda book: book.delete_columns(sheet, column)

    def sort_whole(self) -> None:
        sheet, block, key = self.kind.whole
        ascending = self.rng.random() < 0.5
        self.edit(lambda book: book.sort(sheet, block, key=key, ascending=ascending))
        # read as it was; taken back (sorted by its numbers) only if a command refuses it for a note
        self.undo = lambda book: book.sort(sheet, block, key="A")
        self.sorted = True

    def sort_names(self) -> None:
        sheet, first, last, column = self.kind.names
        block = f"{column}{first}:{column}{last}"
        book_values = load_workbook(self.path)[sheet]
        before = [book_values[f"{column}{r}"].value for r in range(first, last + 1)]
        if sorted(before, key=str, reverse=True) == before:
            return
        self.edit(lambda book: book.sort(sheet, block, key=column, ascending=False))

        def back(book):
            for r, name in zip(range(first, last + 1), before):
                book.set_text(sheet, f"{column}{r}", name)
        self.undo, self.must_refuse = back, True

    # the command line
    def command(self) -> None:
        choice = self.rng.random()
        try:
            games = self.kind.games(self.path)
        except (KeyError, TypeError, ValueError):
            if self.undo is None:
                raise
            games, choice = {None: None}, 0.0  # a column inserted moves this test's reading too: update
        if self.typo is not None and self.typo in games and choice < 0.5:
            key = self.typo  # mend the mistyped result from where the refusal sent us
        else:
            key = self.rng.choice(sorted(games, key=str))
        game = games[key]
        mending = key == self.typo
        if choice < 0.15:
            args, effect = ("update", self.path), {}
        elif choice < 0.25 and self.kind.name == "roundrobin":  # his games from then on: forfeits, by formula
            args, effect = ("withdraw", self.path, self.rng.randint(1, 8), "--from-round", self.rng.randint(2, 7)), {}
        elif choice < 0.3 and self.kind.name == "roundrobin":
            args, effect = ("reinstate", self.path, self.rng.randint(1, 8)), {}
        elif choice < 0.25 and self.kind.name == "combinee":  # from a round not paired yet
            args, effect = ("withdraw", self.path, self.rng.randint(1, 12), "--from-round", self.rng.randint(7, 8)), {}
        elif self.kind.name == "combinee":
            value = None if self.rng.random() < 0.2 else (self.rng.randint(250, 550), self.rng.randint(250, 550))
            args = ("score", self.path, *game.args, *(value or ()))
            effect = {key: value}
        else:
            value = None if self.rng.random() < 0.2 else self.rng.choice(CODES)
            args = ("result", self.path, *game.args, *([value] if value else []))
            effect = {key: value}
        before = digest(self.path)
        result = invoke(*args)
        FIGURES["commands"] += 1
        assert "Traceback" not in result.output
        if result.exit_code != 0:
            FIGURES["refused"] += 1
            assert result.exit_code == 2, result.output
            assert digest(self.path) == before, f"{args[0]} refused but changed the file"
            if self.undo is not None:
                self.edit(self.undo)
                self.undo, self.must_refuse, self.sorted = None, False, False
                return
            if self.typo is None:
                # refused by a rule of the event (a withdrawn player's game…): the workbook itself reads
                FIGURES["rule refusals"] += 1
                assert invoke("update", self.path).exit_code == 0, f"{args} refused for no edit of ours: {result.output}"
            return
        assert not self.must_refuse, f"{args} accepted names sorted apart from their numbers: {result.output}"
        self.sorted = False
        assert self.typo is None or mending or self.typo not in games, f"{args} accepted a mistyped result"
        if mending:
            self.typo = None
        self.undo = None
        self.model.update(effect)

    def check(self) -> None:
        if self.must_refuse or (self.undo is not None and not self.sorted) or self.typo is not None:
            return  # the workbook holds the organiser's unfinished edit: checked once a command has run
        games = self.kind.games(self.path)
        now = {key: game.value for key, game in games.items()}
        assert now == self.model
        if self.undo is not None:
            return  # a block sorted whole: his notes right of it stayed where they were, until a command runs
        book = load_workbook(self.path)
        for key, text in self.notes.items():  # beside its game still, on its result still
            game = games[key]
            row = int("".join(ch for ch in game.cells[0] if ch.isdigit()))
            assert book[game.sheet][f"{self.kind.note}{row}"].value == text, (key, text)
            comment = book[game.sheet][game.cells[0]].comment
            assert comment is not None and comment.text.strip() == text, (key, text)

    def step(self) -> None:
        kind = self.kind
        actions = [self.type_result, self.command, self.command, self.insert, self.annotate, self.move_sheet]
        if kind.name == "combinee":
            actions.append(self.fill_and_pair)
        if kind.whole:
            actions.append(self.sort_whole)
        if kind.names:
            actions.append(self.sort_names)
        if self.undo is not None or self.typo is not None:
            actions = [self.command]  # the organiser runs a command on what he edited
        self.rng.choice(actions)()
        FIGURES["steps"] += 1
        self.check()


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_typed_results_survive_a_spreadsheet_and_the_command_line(office, demo, tmp_path, kind, seed):
    spec = KINDS[kind]
    path = tmp_path / spec.file
    shutil.copy(demo / spec.file, path)
    walk = Walk(spec, path, office, random.Random(f"{kind}-{seed}"))
    assert walk.model, "the walk needs games to type into"
    for _ in range(STEPS):
        walk.step()
    while walk.undo is not None or walk.typo is not None:
        walk.command()
    walk.check()
    assert {key: game.value for key, game in spec.games(path).items()} == walk.model
    if path.suffix == ".xlsm":  # still a macro-enabled workbook with its VBA project
        with zipfile.ZipFile(path) as archive:
            assert "xl/vbaProject.bin" in archive.namelist()
            assert "macroEnabled" in archive.read("[Content_Types].xml").decode()
    FIGURES["sequences"] += 1
    print(f"\n{kind}/{seed}: {FIGURES}")
