"""The buttons that ask (``vba_stub/Saisie.bas``): the answers reach Python as typed, and each button does to the
workbook open in Excel what its command does to the file.

* The hand-over: LibreOffice's Basic runs ``Saisie.PyArgs`` — the module as LibreOffice read it from the VBA
  project of an ``.xlsm`` this project wrote — on awkward answers (quotes, backslashes, line breaks, accents,
  characters beyond the BMP, an empty answer); the result holds only digits, commas and brackets, and
  ``addin.excel.buttons.typed`` reads each answer back exactly.
* The buttons: each one, pressed on a workbook through xlwings' remote interpreter (its writes replayed on the
  sheets' values, ``tests/support/xlwings_replay.py``), leaves the workbook with the values the command line leaves in
  the file (``appariements result``, ``withdraw``, ``late-entry``, ``replace``, ``score``,
  ``substitute``), read back from the written ``.xlsx`` by openpyxl; a refusal changes nothing and says one
  sentence.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
from openpyxl import load_workbook

import addin.excel.buttons as buttons
from support.cli import accepted
from support.xlwings_replay import payload_from_file, remote_book, replay

ANSWERS = ["1", "", "Né", 'a"b\'c\\d', "ligne\nsuivante\ttab", "é€ 😀 中", "=SUM(A1)", '") ; import os #', "x" * 300]


def encoded(*texts: str) -> list[list[int]]:
    """What ``Saisie.PyArgs`` hands over, made here the way the module's comment states it: UTF-16 code units."""
    out = []
    for text in texts:
        data = text.encode("utf-16-le")
        out.append([int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data), 2)])
    return out


def test_typed_reads_code_units_back():
    assert buttons.typed([78, 233]) == "Né"
    assert buttons.typed([0xD83D, 0xDE00]) == "😀"
    for text in ANSWERS:
        assert buttons.typed(encoded(text)[0]) == text
    for bad in ("[1]", [1.5], [-1], [70000], None):
        with pytest.raises(ValueError):
            buttons.typed(bad)


# -- LibreOffice's Basic runs the VBA as read from the file -------------------------------------------

@pytest.mark.libreoffice
def test_libreoffice_basic_runs_pyargs_and_python_reads_every_answer_back(tmp_path):
    from tools.uno_office import Office, available

    if not available():
        pytest.skip("LibreOffice's UNO bridge (python3-uno) is not installed")
    path = tmp_path / "event.xlsm"
    accepted("berger", "4", "--event", "--macros", "-o", path)
    with Office() as office, office.open(path, macros=True) as doc:
        saisie = doc.basic_modules()["VBAProject"]["Saisie"]
        assert "Function PyArgs(ParamArray textes() As Variant) As String" in saisie
        # LibreOffice runs a document's Basic from its Standard library (not from the imported VBAProject):
        # the module, as LibreOffice read it from the file, is run from there
        doc.add_basic_module("Standard", "Saisie", saisie)
        for k in range(0, len(ANSWERS), 3):
            chunk = ANSWERS[k:k + 3]
            shown = doc.run_basic("Saisie", "PyArgs", *chunk, library="Standard")
            assert re.fullmatch(r"\[[\d,]*\](,\[[\d,]*\])*", shown), shown
            lists = [[int(c) for c in part.split(",") if c] for part in re.findall(r"\[([\d,]*)\]", shown)]
            assert [buttons.typed(codes) for codes in lists] == chunk
        assert doc.run_basic("Saisie", "Texte", "Ronde ?", "Round?", library="Standard") == "Ronde ?"


# -- each button does what its command does ------------------------------------------------------

def _roundrobin(folder: Path) -> Path:
    path = folder / "rr.xlsx"
    (folder / "players.csv").write_text("name,rating\n" + "".join(f"P{k},{1500 + k}\n" for k in range(1, 7)),
                                        encoding="utf-8")
    accepted("berger", "6", "--names", folder / "players.csv", "-o", path)
    return path


def _molter(folder: Path) -> Path:
    path = folder / "molter.xlsx"
    accepted("molter", "--teams", "4", "--players", "4", "-o", path)
    return path


def _combinee(folder: Path) -> Path:
    from support.combinee_events import build_event_file, players_csv

    path = folder / "combinee.xlsx"
    build_event_file(players_csv(folder, 15), 5, 3, 2, path, seed=9)
    return path


def _season(folder: Path) -> Path:
    teams, rosters, path = folder / "league.csv", folder / "rosters.csv", folder / "season.xlsx"
    names = ["Alpha", "Bravo", "Charlie", "Delta"]
    teams.write_text("division,team,club\n" + "".join(f"D1,{t},{t}\n" for t in names), encoding="utf-8")
    rosters.write_text("team,name,rating\n" + "".join(f"{t},{t[0]}{k},{1500 + 10 * k}\n" for t in names
                                                       for k in (1, 2, 3)), encoding="utf-8")
    accepted("league", "season", teams, "--rosters", rosters, "-o", path, "--boards", "2", "--seed", "3")
    return path


def _match(folder: Path) -> Path:
    for side in "ab":
        (folder / f"team-{side}.csv").write_text("name,rating\n" + "".join(
            f"{side.upper()}{k},{1500 + k}\n" for k in range(1, 5)), encoding="utf-8")
    path = folder / "match.xlsx"
    accepted("scheveningen", "match", "--team-a", folder / "team-a.csv", "--team-b", folder / "team-b.csv", "-o", path)
    return path


#: (event, button, its answers, the command that does the same to the file)
CASES = [
    ("roundrobin", "enter_result", ("1", "2", "0-1"), ("result", "1", "2", "0-1")),
    ("roundrobin", "enter_result", ("1", "2", ""), ("result", "1", "2")),
    ("roundrobin", "withdraw_entrant", ("P3", "2"), ("withdraw", "P3", "--from-round", "2")),
    ("roundrobin", "withdraw_entrant", ("4", ""), ("withdraw", "4")),
    ("roundrobin", "late_entrant", ("Zoé Lâte", "1712"), ("late-entry", "Zoé Lâte", "--rating", "1712")),
    ("roundrobin", "late_entrant", ("=HYPERLINK(\"x\")", ""), ("late-entry", "=HYPERLINK(\"x\")")),
    ("roundrobin", "replace_entrant", ("2", "Nouveau Venu", ""), ("replace", "2", "Nouveau Venu")),
    ("molter", "enter_result", ("1", "1", "1/2"), ("result", "1", "1", "1/2")),
    ("molter", "withdraw_entrant", ("B", "2"), ("withdraw", "B", "--from-round", "2")),
    ("molter", "substitute_entrant", ("A", "2", "Sam Remplaçant", "2", ""),
     ("substitute", "A", "2", "Sam Remplaçant", "--round", "2")),
    ("combinee", "enter_scores", ("1", "1", "412", "380"), ("score", "1", "1", "412", "380")),
    ("combinee", "withdraw_entrant", ("3", "2"), ("withdraw", "3", "--from-round", "2")),
    ("league", "enter_result", ("1", "1.1", "1-0"), ("result", "1", "1.1", "1-0")),
    ("scheveningen", "enter_result", ("1", "2", "0-1"), ("result", "1", "2", "0-1")),
]
MAKERS = {"roundrobin": _roundrobin, "molter": _molter, "combinee": _combinee, "league": _season,
          "scheveningen": _match}


@pytest.fixture(scope="module")
def events(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("asking")
    return {kind: make(folder) for kind, make in MAKERS.items()}


def _plain(value: object) -> object:
    """A formula as Excel shows it: the file stores the newer functions with their ``_xlfn.`` prefix."""
    return value.replace("_xlfn.", "") if isinstance(value, str) else value


def _values(path: Path) -> dict[str, dict[tuple[int, int], object]]:
    """The file's cells as the button's workbook holds them: typed values, and formulas as their text."""
    book = load_workbook(path)
    return {ws.title: {(c.row, c.column): _plain(c.value) for row in ws.iter_rows() for c in row
                       if c.value not in (None, "")} for ws in book.worksheets}


def press(monkeypatch, payload: dict, button: str, answers: tuple[str, ...]) -> tuple[str, list]:
    book = remote_book(payload)
    shown: list[str] = []
    monkeypatch.setattr(buttons, "run_on_caller", lambda action: shown.append(buttons.run_macro(book, action)))
    getattr(buttons, button)(*encoded(*answers))
    return shown[0], book.json()["actions"]


@pytest.mark.parametrize("kind, button, answers, command", CASES,
                         ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_a_button_leaves_the_workbook_as_its_command_leaves_the_file(monkeypatch, tmp_path, events, kind, button,
                                                                     answers, command):
    payload = payload_from_file(events[kind])
    message, actions = press(monkeypatch, payload, button, answers)
    assert [a for a in actions if a["func"] != "alert"], message
    target = tmp_path / events[kind].name
    target.write_bytes(events[kind].read_bytes())
    accepted(command[0], target, *command[1:])
    after = {sheet: {key: _plain(value) for key, value in cells.items()}
             for sheet, cells in replay(copy.deepcopy(payload), actions).items()}
    expected = _values(target)
    for sheet, cells in expected.items():
        assert after.get(sheet) == cells, (sheet, sorted(set(after.get(sheet, {}).items()) ^ set(cells.items()))[:6])


@pytest.mark.parametrize("kind, button, answers", [
    ("roundrobin", "enter_result", ("9", "1", "1-0")),
    ("roundrobin", "enter_result", ("1", "1", "2-0")),
    ("roundrobin", "withdraw_entrant", ("Personne", "")),
    ("roundrobin", "substitute_entrant", ("A", "1", "X", "1", "")),
    ("scheveningen", "withdraw_entrant", ("1", "")),
    ("molter", "enter_scores", ("1", "1", "300", "200")),
])
def test_a_refusal_changes_nothing_and_says_one_sentence(monkeypatch, events, kind, button, answers):
    message, actions = press(monkeypatch, payload_from_file(events[kind]), button, answers)
    assert [a["func"] for a in actions] == ["alert"], actions
    assert message.strip() and "\n" not in message.strip() and "Traceback" not in message, message


def test_export_trf_writes_what_the_command_writes(monkeypatch, tmp_path, events):
    by_button, by_command = tmp_path / "button.trf", tmp_path / "command.trf"
    message, _ = press(monkeypatch, payload_from_file(events["roundrobin"]), "export_trf_file", (str(by_button), ""))
    assert by_button.is_file(), message
    accepted("export-trf", events["roundrobin"], "-o", by_command)
    assert by_button.read_text(encoding="utf-8") == by_command.read_text(encoding="utf-8")
    # a kind without a TRF export: the command line's refusal, in the workbook's language (French)
    message, actions = press(monkeypatch, payload_from_file(events["molter"]), "export_trf_file",
                             (str(tmp_path / "m.trf"), ""))
    assert not (tmp_path / "m.trf").exists() and message == "« export-trf » ne s'applique pas à un tournoi Molter."


def test_import_trf_takes_the_file_chosen_in_the_dialog(monkeypatch, tmp_path):
    from support.trf_hand import HAND

    from support.xlwings_replay import payload_from_sheets

    source = tmp_path / "begun elsewhere é.trf"
    source.write_text(HAND, encoding="utf-8")
    payload = payload_from_sheets([("Joueurs", [["N°", "Nom"]])])
    message, actions = press(monkeypatch, payload, "import_trf_file", (str(source),))
    by_command = tmp_path / "command.xlsx"
    accepted("import-trf", source, "-o", by_command, "--lang", "fr")
    after = replay(copy.deepcopy(payload), actions)
    for sheet, cells in _values(by_command).items():
        assert {k: _plain(v) for k, v in after.get(sheet, {}).items()} == cells, (sheet, message)


def test_a_new_event_from_a_list_is_what_the_command_writes(monkeypatch, tmp_path):
    from support.xlwings_replay import payload_from_sheets

    names = tmp_path / "joueurs.csv"
    names.write_text("name,rating,club\n" + "".join(f"Joueur {k},{1500 + k},Club\n" for k in range(1, 8)),
                     encoding="utf-8")
    by_button, by_command = tmp_path / "button.xlsx", tmp_path / "command.xlsx"
    message, actions = press(monkeypatch, payload_from_sheets([("Feuil1", [[""]])]), "new_roundrobin_from_list",
                             (str(names), str(by_button)))
    assert [a["func"] for a in actions] == ["alert"] and by_button.is_file(), message
    accepted("berger", "7", "--names", names, "-o", by_command, "--lang", "fr")
    assert _values(by_button) == _values(by_command)
    # the same file again: refused (the organiser's file is never replaced by a new event), nothing written
    before = by_button.read_bytes()
    message, actions = press(monkeypatch, payload_from_sheets([("Feuil1", [[""]])]), "new_roundrobin_from_list",
                             (str(names), str(by_button)))
    assert by_button.read_bytes() == before and "\n" not in message.strip(), message


@pytest.mark.parametrize("button, answers, command", [
    ("new_molter_from_file", ("{teams}", "2", "{out}"), ("molter", "--teams", "{teams}", "--players", "2")),
    ("new_combinee_from_list", ("{scrabble}", "5", "3", "{out}"),
     ("combinee", "--players", "{scrabble}", "--phase1-rounds", "5", "--phase2-rounds", "3")),
    ("new_league_from_files", ("{league}", "{rosters}", "2", "{out}"),
     ("league", "season", "{league}", "--rosters", "{rosters}", "--boards", "2")),
    ("new_league_from_files", ("{league}", "", "2", "{out}"), ("league", "season", "{league}", "--boards", "2")),
    ("new_match_from_files", ("{a}", "{b}", "{out}"), ("scheveningen", "match", "--team-a", "{a}", "--team-b", "{b}")),
])
def test_a_new_event_from_files_is_what_its_command_writes(monkeypatch, tmp_path, button, answers, command):
    from support.xlwings_replay import payload_from_sheets

    files = {"teams": tmp_path / "équipes.csv", "scrabble": tmp_path / "scrabble.csv", "league": tmp_path / "league.csv",
             "rosters": tmp_path / "rosters.csv", "a": tmp_path / "a.csv", "b": tmp_path / "b.csv"}
    files["teams"].write_text("".join(f"Club {t},{t}1,{t}2,{t}3\n" for t in "ABCD"), encoding="utf-8")
    files["scrabble"].write_text("name,rating,club\n" + "".join(f"Joueur {k},{800 + 37 * k},Club {k % 3}\n"
                                                                for k in range(1, 13)), encoding="utf-8")
    clubs = ["Alpha", "Bravo", "Charlie", "Delta"]
    files["league"].write_text("division,team,club\n" + "".join(f"D1,{t},{t}\n" for t in clubs), encoding="utf-8")
    files["rosters"].write_text("team,name,rating\n" + "".join(f"{t},{t[0]}{k},{1500 + 10 * k}\n" for t in clubs
                                                               for k in (1, 2, 3)), encoding="utf-8")
    for side in "ab":
        files[side].write_text("name,rating\n" + "".join(f"{side.upper()}{k},{1500 + k}\n" for k in range(1, 5)),
                               encoding="utf-8")
    by_button, by_command = tmp_path / "button.xlsx", tmp_path / "command.xlsx"
    fill = {**{k: str(v) for k, v in files.items()}, "out": str(by_button)}
    # a season's calendar and a Formule Combinée's first round are drawn: the button's draw is given the seed
    # the command is given
    import secrets

    monkeypatch.setattr(secrets, "randbelow", lambda _: 4242)
    message, actions = press(monkeypatch, payload_from_sheets([("Feuil1", [[""]])]), button,
                             tuple(a.format(**fill) for a in answers))
    assert [a["func"] for a in actions] == ["alert"] and by_button.is_file(), message
    seeded = ("--seed", "4242") if command[0] in ("league", "combinee") else ()
    accepted(*(a.format(**fill) for a in command), *seeded, "-o", by_command, "--lang", "fr")
    assert _values(by_button) == _values(by_command)
