"""Player lists: columns, numbering, encodings and line-numbered errors (addin.core.players)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from addin.core.errors import TournamentError
from addin.core.players import Player, players_from_rows
from addin.files.players import read_players


def write(tmp_path, text, name="players.csv", encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return path


def error_of(func, *args, **kwargs):
    with pytest.raises(TournamentError) as err:
        func(*args, **kwargs)
    message = str(err.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def test_listed_numbering_and_optional_columns(tmp_path):
    path = write(tmp_path, "name,rating,club,federation\nAlice,1850,Caissa,fra\nBob,,,\nCharlie,2010.0,Echiquier,FRA\n")
    assert read_players(path) == [
        Player(1, "Alice", 1850, "Caissa", "FRA"),
        Player(2, "Bob", None, "", ""),
        Player(3, "Charlie", 2010, "Echiquier", "FRA"),
    ]


def test_semicolon_french_headers_bom_and_blank_lines(tmp_path):
    path = write(tmp_path, "\ufeffNom;Elo;Club;Fédération\n\nDupont, Jean;1500;Club A;FRA\n;;;\nMartin;;;\n")
    players = read_players(path)
    assert [(p.number, p.name, p.rating) for p in players] == [(1, "Dupont, Jean", 1500), (2, "Martin", None)]


def test_cp1252_file_is_decoded(tmp_path):
    path = write(tmp_path, "name;club\nHélène;Échecs Club\nZoë;\n", encoding="cp1252")
    assert [p.name for p in read_players(path)] == ["Hélène", "Zoë"]
    assert read_players(path)[0].club == "Échecs Club"


def test_undecodable_bytes_name_the_line_and_encodings(tmp_path):
    # 0x81 is not UTF-8 and has no character in Windows-1252.
    path = write(tmp_path, b"name\nAlice\nB\x81ob\n")
    message = error_of(read_players, path)
    assert message.startswith("players.csv, line 3:")
    assert "UTF-8" in message and "cp1252" in message


def test_given_numbering_sorts_by_number(tmp_path):
    path = write(tmp_path, "number,name\n3,Carol\n1,Ann\n2,Ben\n")
    assert [(p.number, p.name) for p in read_players(path, "given")] == [(1, "Ann"), (2, "Ben"), (3, "Carol")]
    # numbering "listed" ignores the column
    assert [(p.number, p.name) for p in read_players(path)] == [(1, "Carol"), (2, "Ann"), (3, "Ben")]


@pytest.mark.parametrize("text, numbering, start", [
    ("nom_joueur,club\nA,x\n", "listed", "players.csv, line 1: there is no 'name' column"),
    ("name,club\nAlice,x\n,Club B\nBob,y\n", "listed", "players.csv, line 3: the name is empty"),
    ("number,name\n1,A\n2,B\n1,C\n", "given", "players.csv, line 4: the number 1 is already given to A on line 2"),
    ("number,name\n1,A\n,B\n3,C\n", "given", "players.csv, line 3: the number is missing"),
    ("number,name\n1,A\n4,B\n3,C\n", "given", "players.csv, line 3: the number 4 is out of range"),
    ("number,name\n1,A\n0,B\n3,C\n", "given", "players.csv, line 3: the number 0 is out of range"),
    ("number,name\n1,A\n2.5,B\n3,C\n", "given", 'players.csv, line 3: the number "2.5" is not a whole number'),
    ("number,name\n1,A\ntwo,B\n3,C\n", "given", 'players.csv, line 3: the number "two" is not a whole number'),
    ("name,rating\nA,1800\n\nB,18OO\n", "listed", 'players.csv, line 4: the rating "18OO" is not a whole number from 0 to 4000'),
    ("name,rating\nA,-5\nB,1\n", "listed", 'players.csv, line 2: the rating "-5" is not a whole number'),
    ("name\nA,1\n", "listed", "players.csv lists 1 player: an event needs at least 2"),
    ("name,club\nA,x\nB,y\n", "given", "players.csv, line 1: numbering 'given' needs a column 'number'"),
    ("name,Name\nA,B\n", "listed", "players.csv, line 1: the column 'name' appears twice"),
    ("", "listed", "players.csv is empty"),
])
def test_errors_name_the_line(tmp_path, text, numbering, start):
    message = error_of(read_players, write(tmp_path, text), numbering)
    assert message.startswith(start), message


def test_line_numbers_follow_multiline_fields(tmp_path):
    text = 'name,club\nA,"two\nlines"\n,x\n'
    assert error_of(read_players, write(tmp_path, text)).startswith("players.csv, line 4:")


def test_bad_numbering_and_missing_file(tmp_path):
    assert "numbering" in error_of(read_players, write(tmp_path, "name\nA\nB\n"), "alphabetical")
    assert "does not exist" in error_of(read_players, tmp_path / "nope.csv")
    assert ".csv or .xlsx" in error_of(read_players, write(tmp_path, "x", "players.pdf"))


def test_draw_is_a_reproducible_permutation(tmp_path):
    names = [f"P{i}" for i in range(12)]
    path = write(tmp_path, "name\n" + "\n".join(names) + "\n")
    first = read_players(path, "draw", seed=7)
    assert read_players(path, "draw", seed=7) == first
    assert sorted(p.number for p in first) == list(range(1, 13))
    assert sorted(p.name for p in first) == sorted(names)
    # Independent oracle: the documented rule, Random(seed).shuffle of 1..n.
    drawn = list(range(1, 13))
    random.Random(7).shuffle(drawn)
    assert {p.name: p.number for p in first} == {names[i]: drawn[i] for i in range(12)}
    draws = {tuple(p.name for p in read_players(path, "draw", seed=s)) for s in range(5)}
    assert len(draws) > 1


def test_xlsx_list(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Name", "Rating", "Number"])
    sheet.append(["=cmd", 1500, 2])
    sheet["A2"].data_type = "s"  # a name typed as text, not a formula
    sheet.append([None, None, None])
    sheet.append(["Bob", None, 1])
    path = tmp_path / "players.xlsx"
    book.save(path)
    assert read_players(path, "given") == [Player(1, "Bob"), Player(2, "=cmd", 1500)]
    sheet.append(["Carl", "high", 3])
    book.save(path)
    assert error_of(read_players, path, "given").startswith('players.xlsx, line 5: the rating "high"')


def test_rows_from_cells():
    rows = [{"Nom": "Ann", "Elo": 1500.0, "N°": 2.0}, {"Nom": None, "Elo": None, "N°": None},
            {"Nom": "Ben", "Elo": None, "N°": 1.0}]
    assert players_from_rows(rows, "given") == [Player(1, "Ben"), Player(2, "Ann", 1500)]
    rows[1]["Elo"] = 1200
    message = error_of(players_from_rows, rows, "given", source="Players sheet", first_line=5, unit="row")
    assert message.startswith("Players sheet, row 6: the name is empty")
    assert error_of(players_from_rows, [{"club": "x"}, {"club": "y"}]).startswith("players: there is no 'name' column")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcdéXYZ -'", min_size=1, max_size=8).filter(lambda s: s.strip()),
                min_size=2, max_size=15), st.randoms(use_true_random=False))
def test_given_numbers_round_trip(names, rnd):
    numbers = list(range(1, len(names) + 1))
    rnd.shuffle(numbers)
    rows = [{"name": n, "number": k} for n, k in zip(names, numbers)]
    players = players_from_rows(rows, "given")
    assert [p.number for p in players] == list(range(1, len(names) + 1))
    assert {p.number: p.name for p in players} == {k: n.strip() for n, k in zip(names, numbers)}
