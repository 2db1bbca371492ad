"""The bad-input harness of the command line (issue 16): the valid calls with one slot each, the hostile values of each kind, the source files the calls read, and the checks of an answer — shared by doors/cli/test_bad_input.py (which runs it) and doors/cli/test_one_language.py (which runs it in French)."""

from __future__ import annotations

from collections import Counter
import os
import random
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
import pytest
from click.testing import CliRunner
from openpyxl import load_workbook
from addin.cli import cli, load_commands
from addin.render.xlsx import write_xlsx
from addin.sheets.molter import molter_event_layout
from addin.sheets.roundrobin import event_layout
from addin.core.players import Player
from addin.systems.molter.event import played_rounds
from addin.systems.molter.tables import molter_table
from addin.sheets.molter.labels import numbered_teams
from addin.systems.roundrobin.berger import berger_schedule
from support.hostile import FILES, NAMES, NUMBERS, OUTPUTS
from support.combinee_events import build_event_file, fill_scores, players_csv


PLAYERS = "name,rating,club,federation\nAnn,1500,A,FRA\nBob,1600,B,FRA\nCy,1700,A,BEL\nDee,1800,B,BEL\n"


RESULTS = "round,board,result\n1,1,1-0\n1,2,1/2-1/2\n"


DIVISIONS = "division,team,club\nN1,Nancy 1,Nancy\nN1,Nancy 2,Nancy\nN1,Metz,Metz\nN1,Toul,Toul\n"


LEAGUE = ["Alpha", "Bravo", "Charlie", "Delta"]


TEAMS = "team,1,2,3,4\nAlpha,a1,a2,a3,a4\nBeta,b1,b2,b3,b4\nGamma,c1,c2,c3,c4\nDelta,d1,d2,d3,d4\n"


def _sources(folder: Path) -> None:
    (folder / "notes.txt").write_text("the organiser's notes", encoding="utf-8")
    (folder / "players.csv").write_text(PLAYERS, encoding="utf-8")
    (folder / "players12.csv").write_text(PLAYERS + "".join(f"P{i},{1500 + i},C{i % 3},\n" for i in range(8)),
                                          encoding="utf-8")
    (folder / "results.csv").write_text(RESULTS, encoding="utf-8")
    (folder / "divisions.csv").write_text(DIVISIONS, encoding="utf-8")
    (folder / "teams.csv").write_text(TEAMS, encoding="utf-8")
    players = [Player(i, name) for i, name in enumerate(["Ann", "Bob", "Cy", "Dee"], 1)]
    write_xlsx(event_layout(berger_schedule(4), players, {(1, 1): "1-0"}), folder / "event.xlsx")
    write_xlsx(event_layout(berger_schedule(4), players), folder / "fresh.xlsx")
    write_xlsx(event_layout(berger_schedule(4), players, withdrawn={2}), folder / "withdrawn.xlsx")
    (folder / "event.trf").write_text("012 Open\n" + "".join(  # a TRF of round 1 of the Berger table of 4
        (f"001 {p:4d}      {name:<33} 1500".ljust(80) + " 0.0").ljust(91) + f"{o:4d} {c} {r}\n"
        for p, name, o, c, r in ((1, "Ann", 4, "w", "1"), (2, "Bob", 3, "w", "="), (3, "Cy", 2, "b", "="),
                                 (4, "Dee", 1, "b", "0"))), encoding="utf-8")
    played = played_rounds(molter_table(4, 4, None))
    write_xlsx(molter_event_layout(numbered_teams(4, 4, "fr"), 4, played, "fr"), folder / "molter.xlsx")
    combinee = folder / "combinee.xlsx"
    build_event_file(players_csv(folder, 15), "5", 3, 0, combinee, seed=9)
    rng = random.Random(2)
    for number in range(1, 6):
        fill_scores(combinee, number, rng)
    (folder / "players15.csv").unlink()
    (folder / "league.csv").write_text("division,team,club\n" + "".join(f"D1,{t},{t}\n" for t in LEAGUE),
                                       encoding="utf-8")
    (folder / "rosters.csv").write_text("team,name,rating\n" + "".join(
        f"{t},{t[0]}{k},{1500 + 10 * k}\n" for t in LEAGUE for k in (1, 2, 3)), encoding="utf-8")
    done = CliRunner().invoke(cli, ["league", "season", str(folder / "league.csv"), "--rosters",
                                    str(folder / "rosters.csv"), "-o", str(folder / "season.xlsx"), "--boards", "2",
                                    "--seed", "3"])
    assert done.exit_code == 0, done.output
    for side in "ab":
        (folder / f"team-{side}.csv").write_text("name,rating\n" + "".join(
            f"{side.upper()}{k},{1500 + k}\n" for k in range(1, 5)), encoding="utf-8")
    done = CliRunner().invoke(cli, ["scheveningen", "match", "--team-a", str(folder / "team-a.csv"), "--team-b",
                                    str(folder / "team-b.csv"), "-o", str(folder / "match.xlsx")])
    assert done.exit_code == 0, done.output


def _damaged(source: str, how: str):
    """A project workbook damaged as an organiser might: a sheet renamed or a column deleted."""
    def make(folder: Path) -> Path:
        path = folder / f"damaged-{source}"
        book = load_workbook(folder / source)
        sheet = book.worksheets[0] if how.endswith("first") else book.worksheets[1]
        if how.startswith("rename"):
            sheet.title = sheet.title + " (2)"
        else:
            sheet.delete_cols(2)
        book.save(path)
        return path
    return make


#: event workbooks: the list-file corpus, each product's workbook damaged, and the other products' workbooks.
#: A damaged round-robin workbook must be refused (its settings and players are read); the Molter and
#: Formule Combinée workbooks only reach the round-robin commands, and ``combinee next-round`` reads
#: neither the renamed group sheet nor anything but the names of the players' sheet, which it only prints.
EVENTS = FILES + [(f"{source} {how}", _damaged(source, how), source == "event.xlsx")
                  for source in ("event.xlsx", "molter.xlsx", "combinee.xlsx")
                  for how in ("rename first", "rename second", "delete column first", "delete column second")]


PRODUCTS = ("event.xlsx", "molter.xlsx", "combinee.xlsx", "season.xlsx", "match.xlsx")


#: another product's workbook: the event commands (update, withdraw, result…) route every product's
#: workbook to its own use cases, so another product's may be accepted; it must not crash
OTHER_PRODUCTS = {name: [(f"a {other}", (lambda o: lambda folder: folder / o)(other), False)
                         for other in PRODUCTS if other != name] for name in PRODUCTS}


CHOICES = [("empty", "", True), ("unknown", "sideways", True), ("upper case", "NORMAL", False),
           ("a number", "2", True)]


TEXTS = [("empty", "", False), ("spaces", "   ", False), ("formula", "=1+1", False), ("bad date", "2027-13-45", False),
         ("commas", ",,", False), ("300 characters", "y" * 300, False), ("control", "\x00\x07", False)]


FOLDERS = [("a file where a folder should be", lambda folder: folder / "notes.txt" / "examples", True),
           ("a file", lambda folder: folder / "notes.txt", True)]


KINDS = {"folder": FOLDERS, "number": NUMBERS, "name": NAMES, "file": FILES, "output": OUTPUTS, "choice": CHOICES, "text": TEXTS}


@dataclass(frozen=True)
class Slot:
    kind: str
    base: str | None   # the valid value; None: the valid call is not run (see its comment)
    suffix: str = ""   # outputs: the suffix the command needs
    event: str = ""    # event slots: which product's workbook is the valid value


def S(kind, base, suffix=""):
    return Slot(kind, base, suffix)


def E(name):
    return Slot("event", name, event=name)


O = lambda suffix=".xlsx": Slot("output", "out" + suffix, suffix)  # noqa: E731


SEASON = ["--rosters", "rosters.csv", "-o", "out.xlsx", "--seed", "3"]


MATCH = ["--team-a", "team-a.csv", "--team-b", "team-b.csv", "-o", "out.xlsx"]


#: one valid call per slot, the slot marked
COMMANDS: list[list] = [
    ["berger", S("number", "4")],
    ["berger", "4", "--cycles", S("number", "2")],
    ["berger", "4", "--order", S("choice", "gathering")],
    ["berger", "4", "-o", O(".csv")],
    ["berger", "4", "--names", S("file", "players.csv"), "-o", "out.xlsx"],
    ["berger", "4", "--event", "--results", S("file", "results.csv"), "-o", "out.xlsx"],
    ["berger", "4", "--event", "-o", O()],
    ["berger", "4", "--event", "--macros", "-o", O(".xlsm")],
    ["berger", "4", "--event", "-o", "out.xlsx",
     "--lite-wheel", S("text", "https://example.org/wheels/appariements-0.1.0-py3-none-any.whl")],
    ["excel-addin", "-o", O(".xlam")],
    ["berger", "4", "--names", "players.csv", "--numbering", S("choice", "draw"), "-o", "out.xlsx"],
    ["berger", "4", "--names", "players.csv", "--draw", "--seed", S("number", "7"), "-o", "out.xlsx"],
    ["berger", "4", "--names", "players.csv", "--restrict-by", S("choice", "club"), "--seed", "1", "-o", "out.xlsx"],
    ["berger", "4", "--names", "players.csv", "--restrict-by", "club", "--last-rounds", S("number", "1"),
     "--seed", "1", "-o", "out.xlsx"],
    ["berger", "4", "--event", "--tiebreaks", S("text", "SB,DE"), "-o", "out.xlsx"],
    ["berger", "4", "--event", "--bye-points", S("number", "1"), "-o", "out.xlsx"],
    ["berger", "4", "--event", "--title", S("name", "Open"), "-o", "out.xlsx"],
    ["berger", "4", "--lang", S("choice", "en")],  # every command's --lang (addin.cli.common.add_lang_option)
    ["rutsch", S("number", "5")],
    ["rutsch", "4", "--names", S("file", "players.csv"), "-o", "out.xlsx"],
    ["export-trf", E("event.xlsx"), "-o", "out.trf"],
    ["export-trf", "event.xlsx", "-o", O(".trf")],
    ["export-trf", "event.xlsx", "-o", "out.trf", "--csv", O(".csv")],
    ["publish", E("event.xlsx"), "-o", "out.site"],
    ["publish", "event.xlsx", "-o", Slot("folder", None)],  # the valid call: the line above
    ["publish", "event.xlsx", "-o", "out.site", "--paper", S("choice", "a3")],
    ["publish", "event.xlsx", "--posters", O(".pdf")],
    ["import-trf", S("file", "event.trf"), "-o", "out.xlsx"],
    ["import-trf", "event.trf", "-o", O()],
    ["demo", "-o", Slot("folder", None)],  # the valid call writes every example (slow, tested elsewhere)
    ["combinee", "--players", S("file", "players12.csv"), "--phase1-rounds", "5", "--phase2-rounds", "3",
     "-o", "out.xlsx"],
    ["combinee", "--players", "players12.csv", "--phase1-rounds", S("choice", "5"), "--phase2-rounds", "3",
     "-o", "out.xlsx"],
    ["combinee", "--players", "players12.csv", "--phase1-rounds", "5", "--phase2-rounds", S("number", "3"),
     "-o", "out.xlsx"],
    ["combinee", "--players", "players12.csv", "--phase1-rounds", "5", "--phase2-rounds", "3",
     "--phase3-rounds", S("number", "1"), "-o", "out.xlsx"],
    ["combinee", "--players", "players12.csv", "--phase1-rounds", "5", "--phase2-rounds", "3", "-o", O()],
    ["combinee", "--players", "players12.csv", "--phase1-rounds", "5", "--phase2-rounds", "3",
     "--cap", S("number", "150"), "-o", "out.xlsx"],
    ["combinee", "--players", "players12.csv", "--phase1-rounds", "5", "--phase2-rounds", "3",
     "--bye-pm", S("number", "2"), "-o", "out.xlsx"],
    ["combinee", "--players", "players12.csv", "--phase1-rounds", "5", "--phase2-rounds", "3",
     "--forfeit-pdep", S("number", "100"), "-o", "out.xlsx"],
    ["combinee", "--players", "players12.csv", "--phase1-rounds", "5", "--phase2-rounds", "3",
     "--seed", S("number", "3"), "-o", "out.xlsx"],
    ["combinee", "next-round", E("combinee.xlsx")],
    ["molter", "--teams", S("number", "4"), "--players", "4", "-o", "out.xlsx"],
    ["molter", "--teams", S("file", "teams.csv"), "--players", "4", "-o", "out.xlsx"],
    ["molter", "--teams", "4", "--players", S("number", "4"), "-o", "out.xlsx"],
    ["molter", "--teams", "4", "--players", "4", "--rounds", S("number", "2"), "-o", "out.xlsx"],
    ["molter", "--teams", "4", "--players", "4", "--title", S("name", "Coupe"), "-o", "out.xlsx"],
    ["molter", "--teams", "4", "--players", "4", "-o", O()],
    ["molter-table", "--teams", S("number", "5"), "--players", "4"],
    ["molter-table", "--teams", "5", "--players", S("number", "4")],
    ["molter-table", "--teams", "5", "--players", "4", "--rounds", S("number", "3")],
    ["molter-table", "--teams", "5", "--players", "4", "-o", O(".csv")],
    ["directed", "check", S("number", "16"), "6", "1", "2"],
    ["directed", "check", "16", S("number", "6"), "1", "2"],
    ["directed", "check", "16", "6", "1", S("number", "2")],
    ["directed", "groups", S("number", "16"), "6", "4", "3"],
    ["directed", "groups", "16", S("number", "6"), "4", "3"],
    ["directed", "groups", "16", "6", "4", S("number", "3")],
    ["directed", "tables", "--size", S("number", "8")],
    ["varma", S("number", "12")],
    ["draw", S("file", "players.csv"), "--restrict-by", "club", "--seed", "1"],
    ["draw", "players.csv", "--restrict-by", S("choice", "club"), "--seed", "1"],
    ["draw", "players.csv", "--restrict-by", "club", "--last-rounds", S("number", "1"), "--seed", "1"],
    ["draw", "players.csv", "--restrict-by", "club", "--seed", S("text", "1")],  # any text seeds the draw
    ["draw", "players.csv", "--restrict-by", "club", "--seed", "1", "-o", O(".csv")],
    ["league", "venues", S("number", "8")],
    ["league", "venues", "8", "--order", S("choice", "gathering")],
    ["league", "calendar", S("file", "divisions.csv"), "-o", "out.xlsx", "--seed", "1"],
    ["league", "calendar", "divisions.csv", "-o", O(), "--seed", "1"],
    ["league", "calendar", "divisions.csv", "-o", "out.xlsx", "--seed", "1", "--start", S("text", "2027-09-05")],
    ["league", "calendar", "divisions.csv", "-o", "out.xlsx", "--seed", "1", "--start", "2027-09-05",
     "--every", S("number", "14")],
    ["league", "calendar", "divisions.csv", "-o", "out.xlsx", "--seed", "1",
     "--dates", S("text", "2027-09-05,2027-09-19,2027-10-03")],
    ["league", "calendar", "divisions.csv", "-o", "out.xlsx", "--seed", S("text", "1")],
    ["league", "calendar", "divisions.csv", "-o", "out.xlsx", "--seed", "1", "--half-home", S("name", "Nancy")],
    ["league", "season", S("file", "league.csv"), *SEASON],
    ["league", "season", "league.csv", "--rosters", S("file", "rosters.csv"), "-o", "out.xlsx", "--seed", "3"],
    ["league", "season", "league.csv", *SEASON[:2], "-o", O()],
    ["league", "season", "league.csv", *SEASON, "--boards", S("number", "3")],
    ["league", "season", "league.csv", *SEASON, "--scoring", S("choice", "ffe")],
    ["league", "season", "league.csv", *SEASON, "--colours", S("choice", "even")],
    ["league", "season", "league.csv", *SEASON, "--tiebreaks", S("text", "GP,DE")],
    ["league", "season", "league.csv", *SEASON, "--start", "2027-09-05", "--every", S("number", "14")],
    ["league", "season", "league.csv", *SEASON, "--dates", S("text", "2027-09-05,2027-09-19,2027-10-03")],
    ["league", "season", "league.csv", *SEASON, "--title", S("name", "Nationale 4")],
    ["league", "lineup", E("season.xlsx"), "1", "1", "home", "1,2"],
    ["league", "lineup", "season.xlsx", S("number", "1"), "1", "home", "1,2"],
    ["league", "lineup", "season.xlsx", "1", S("number", "1"), "home", "1,2"],
    ["league", "lineup", "season.xlsx", "1", "1", S("choice", "home"), "1,2"],
    ["league", "lineup", "season.xlsx", "1", "1", "home", S("text", "1,2")],
    ["league", "forfeit", E("season.xlsx"), "1", "1", "home"],
    ["league", "forfeit", "season.xlsx", S("number", "1"), "1", "home"],
    ["league", "forfeit", "season.xlsx", "1", "1", S("choice", "home")],
    ["league", "trf", E("season.xlsx"), "-o", "out.trf"],
    ["league", "trf", "season.xlsx", "-o", O(".trf")],
    ["league", "trf", "season.xlsx", "-o", "out.trf", "--division", S("text", "D1")],
    ["absent", E("molter.xlsx"), "1", "1", "white"],
    ["absent", "molter.xlsx", S("number", "1"), "1", "white"],
    ["absent", "molter.xlsx", "1", "1", S("choice", "white")],
    ["substitute", E("molter.xlsx"), "A", "1", "Zed", "--round", "2"],
    ["substitute", "molter.xlsx", "A", S("number", "1"), "Zed", "--round", "2"],
    ["substitute", "molter.xlsx", "A", "1", S("name", "Zed"), "--round", "2"],
    ["substitute", "molter.xlsx", "A", "1", "Zed", "--round", S("number", "2")],
    ["next-round", E("combinee.xlsx")],
    ["score", E("combinee.xlsx"), "5", "1", "300", "200"],
    ["score", "combinee.xlsx", "5", "1", S("number", "300"), "200"],
    ["repair-round", Slot("event", None, event="combinee.xlsx")],  # the fixture's last round is of phase 1
    ["lineup", Slot("event", None, event="molter.xlsx"), "A", "a1", "--round", "1"],  # (no valid call at hand)
    ["scheveningen", "match", "--team-a", S("file", "team-a.csv"), *MATCH[2:]],
    ["scheveningen", "match", *MATCH[:2], "--team-b", S("file", "team-b.csv"), *MATCH[4:]],
    ["scheveningen", "match", *MATCH[:4], "-o", O()],
    ["scheveningen", "match", *MATCH, "--name-a", S("name", "Alpha")],
    ["scheveningen", "match", *MATCH, "--title", S("name", "Match amical")],
    ["update", E("event.xlsx")],
    ["withdraw", E("event.xlsx"), "2"],
    ["withdraw", "event.xlsx", S("number", "2")],
    ["withdraw", "event.xlsx", "2", "--from-round", S("number", "3")],
    ["reinstate", Slot("event", "withdrawn.xlsx", event="event.xlsx"), "2"],
    ["result", E("event.xlsx"), "1", "2", "0-1"],
    ["result", "event.xlsx", S("number", "1"), "2", "0-1"],
    ["result", "event.xlsx", "1", S("number", "2"), "0-1"],
    ["result", "event.xlsx", "1", "2", S("text", "0-1")],
    ["rename", E("event.xlsx"), "2", "--name", "Bea"],
    ["rename", "event.xlsx", "2", "--club", S("name", "Club")],
    ["rename", "event.xlsx", S("number", "2"), "--name", "Bea"],
    ["rename", "event.xlsx", "2", "--name", S("name", "Bea")],
    ["rename", "event.xlsx", "2", "--rating", S("number", "1900")],
    ["replace", E("event.xlsx"), "2", "Zoe"],
    ["replace", "event.xlsx", S("number", "2"), "Zoe"],
    ["replace", "event.xlsx", "2", S("name", "Zoe")],
    ["late-entry", Slot("event", "fresh.xlsx", event="event.xlsx"), "Zoe"],
    ["late-entry", "fresh.xlsx", S("name", "Zoe")],
    ["late-entry", "fresh.xlsx", "Zoe", "--rating", S("number", "1500")],
]


#: commands that rewrite an event workbook when they succeed: sampled (see the module docstring)
REWRITING = {"update", "withdraw", "reinstate", "result", "rename", "replace", "late-entry", "lineup", "forfeit",
             "trf", "absent", "substitute", "next-round", "score", "repair-round"}


SAMPLE = 3


SAMPLE_EVENTS = 5


BIG_FILE_SLOT = ["berger", "4", "--names", Slot("file", "players.csv"), "-o", "out.xlsx"]


def _slot(command: list) -> tuple[int, Slot]:
    [(index, slot)] = [(i, a) for i, a in enumerate(command) if isinstance(a, Slot)]
    return index, slot


def _cases():
    """``(id, command, index, (label, make-or-value, bad))`` for every slot × its corpus (sampled)."""
    rng = random.Random(16)
    out = []
    for command in COMMANDS:
        index, slot = _slot(command)
        corpus = list(KINDS[slot.kind]) if slot.kind != "event" else EVENTS + OTHER_PRODUCTS[slot.event]
        verb = command[1] if command[0] == "league" else command[0]
        if verb in REWRITING and slot.kind != "event":
            good = [c for c in corpus if not c[2]]
            corpus = [c for c in corpus if c[2]] + rng.sample(good, min(SAMPLE, len(good)))
        if verb in REWRITING and slot.kind == "event" and verb != "update":
            corpus = rng.sample(corpus, SAMPLE_EVENTS)  # one reader (dispatch) behind them all: update has every one
        if slot.kind == "file" and command != BIG_FILE_SLOT:  # one reader behind every list: 100,000 rows once
            corpus = [c for c in corpus if c[0] != "100,000 rows"]
        name = " ".join(a if isinstance(a, str) else f"<{a.kind}>" for a in command[:index + 1])
        out += [(f"{name} [{entry[0]}]", command, index, entry) for entry in corpus]
    return out


CASES = _cases()


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sources")
    _sources(folder)
    return folder


@pytest.fixture
def private_tmp(tmp_path, monkeypatch):
    """A temporary folder of the run's own, to see whether anything is left in it."""
    folder = tmp_path / "system-tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def _argv(command: list, index: int, value: str, folder: Path) -> list[str]:
    argv = []
    for i, arg in enumerate(command):
        if i == index:
            argv.append(value)
        elif isinstance(arg, str) and (folder / arg).exists() and "." in arg:
            argv.append(str(folder / arg))
        elif isinstance(arg, str) and arg.startswith("out."):
            argv.append(str(folder / arg))
        else:
            argv.append(arg)
    return argv


def _value(slot: Slot, entry, folder: Path) -> str:
    label, make, bad = entry
    if slot.kind in ("file", "event", "output", "folder"):
        path = make(folder)
        if slot.kind == "output" and slot.suffix and path.suffix != slot.suffix and path.is_dir() is False:
            if path.exists():  # an existing file: keep it the command's kind of output
                moved = path.with_suffix(slot.suffix)
                path.rename(moved)
                path = moved
            else:
                path = path.with_suffix(slot.suffix)
        return str(path)
    return make


def _copy_sources(sources: Path, folder: Path) -> None:
    for path in sources.iterdir():
        shutil.copy2(path, folder / path.name)


def unlock(folder: Path) -> None:
    """Make the read-only folders of the corpus writable again (so that pytest can remove them)."""
    for root, dirs, _ in os.walk(folder):
        for d in dirs:
            os.chmod(Path(root) / d, 0o755)


def typed_values(command: list, value: str) -> tuple[str, ...]:
    """What the organiser typed on the command line of a case (echoed back in a refusal, in any language)."""
    return tuple(a for a in command if isinstance(a, str)) + (value,)


#: what the corpus's files hold and a refusal may quote: sheet names of other programs' workbooks
FILE_WORDS = ("Sheet", "Budget 2027", "Feuil2", "« rating »", "'rating'")


def sheet_names(folder: Path) -> tuple[str, ...]:
    """The sheet names of the harness's workbooks (French and English): a refusal quotes them as they are."""
    if folder not in _SHEETS:
        names: set[str] = set()
        for path in folder.glob("*.xlsx"):
            names.update(load_workbook(path, read_only=True).sheetnames)
        _SHEETS[folder] = tuple(names)
    return _SHEETS[folder]


_SHEETS: dict[Path, tuple[str, ...]] = {}


#: refusals whose sentence was checked for words of another language (issue 26)
CHECKED_EN: Counter[str] = Counter()
