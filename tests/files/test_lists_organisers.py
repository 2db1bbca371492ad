"""The lists organisers have, read as they are (issue 26): federation ratings, thousands separators,
names matched as a person reads them, title lines above the header, Excel's French CSV.

The property tests build each input from its parts (a rating, a separator, a letter; a name
and its decorations) and check the parser against what was built — the model is the
construction, written here without the code under test.
"""

from __future__ import annotations

import unicodedata

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st
from openpyxl import Workbook

from addin.cli import cli
from addin.core.errors import TournamentError
from addin.core.names import find_player, name_key
from addin.core.players import Player
from addin.core.ratings import Rating, parse_rating
from addin.files.players import read_players

# -- ratings --------------------------------------------------------------------------

#: the FFE's letters and what they mean (addin/core/ratings.py cites the sources); A, R: estimated
KIND = {"F": "F", "N": "N", "E": "E", "A": "E", "R": "E"}
SEPARATORS = ["", " ", "\u00a0", "\u202f", ".", "'"]


def _grouped(value: int, separator: str) -> str:
    digits = str(value)
    if not separator:
        return digits
    groups = []
    while digits:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    return separator.join(groups)


@settings(max_examples=400, deadline=None)
@given(value=st.integers(0, 4000), separator=st.sampled_from(SEPARATORS), letter=st.sampled_from([""] + list(KIND)),
       lower=st.booleans(), gap=st.sampled_from(["", " ", "  ", "\u00a0"]), pad=st.sampled_from(["", " ", "  "]))
def test_a_rating_is_read_as_the_federation_writes_it(value, separator, letter, lower, gap, pad):
    text = pad + _grouped(value, separator) + (gap + (letter.lower() if lower else letter) if letter else "") + pad
    expected = Rating(value, KIND.get(letter, ""))
    assert parse_rating(text) == expected, text
    assert parse_rating(text).rating == (None if expected.kind == "E" else value)


@settings(max_examples=300, deadline=None)
@given(whole=st.integers(1, 4000), decimals=st.integers(1, 99), comma=st.booleans(),
       letter=st.sampled_from(["B", "C", "X", "Z", "FF", "NE"]))
def test_what_is_not_a_rating_is_not_read_as_one(whole, decimals, comma, letter):
    fraction = f"{whole}{',' if comma else '.'}{decimals}"
    if len(str(decimals)) == 3 and not comma:  # "2.500" is 2500 written with a thousands dot
        return
    assert parse_rating(fraction) is None, fraction
    assert parse_rating(f"{whole} {letter}") is None
    assert parse_rating(f"{whole}{letter}") is None


@pytest.mark.parametrize("text", ["NC", "nc", "N.C.", "non classé", "Non Classe", "-", "—", "", "  "])
def test_no_rating_is_none(text):
    assert parse_rating(text) == Rating(None)


def test_a_spreadsheet_s_numbers_and_zero_decimals_are_ratings():
    assert parse_rating(1875.0) == Rating(1875) and parse_rating(1875) == Rating(1875)
    assert parse_rating("1875,0") == Rating(1875) and parse_rating("1875.00") == Rating(1875)
    assert parse_rating(1875.5) is None and parse_rating(True) is None
    assert parse_rating("2.000") == Rating(2000)  # a dot before three digits separates thousands


# -- names ----------------------------------------------------------------------------

BASE = "abcdeginorsuyz"
ACCENTS = ["", "\u0301", "\u0300", "\u0302", "\u0308", "\u0327"]  # acute, grave, circumflex, diaeresis, cedilla


@st.composite
def names(draw):
    words = draw(st.lists(st.text(BASE, min_size=1, max_size=6), min_size=1, max_size=3))
    return " ".join(words)


@st.composite
def decorated(draw, plain: str):
    """``plain`` as someone may type it: any letter in either case, accented or not, spaces added."""
    out = []
    for ch in plain:
        if ch == " ":
            out.append(" " * draw(st.integers(1, 3)))
            continue
        ch = ch.upper() if draw(st.booleans()) else ch
        out.append(unicodedata.normalize(draw(st.sampled_from(["NFC", "NFD"])), ch + draw(st.sampled_from(ACCENTS))))
    return " " * draw(st.integers(0, 2)) + "".join(out) + " " * draw(st.integers(0, 2))


@settings(max_examples=300, deadline=None)
@given(data=st.data(), plain=names())
def test_a_name_is_matched_ignoring_case_accents_and_spaces(data, plain):
    typed = data.draw(decorated(plain))
    assert name_key(typed) == plain  # the model: the plain letters, one space between words
    assert name_key(data.draw(decorated(plain))) == name_key(typed)


@settings(max_examples=200, deadline=None)
@given(data=st.data(), plains=st.lists(names(), min_size=2, max_size=8, unique=True))
def test_a_player_is_found_by_his_name_or_refused_when_two_fit(data, plains):
    listed = [Player(i, data.draw(decorated(p))) for i, p in enumerate(plains, 1)]
    pick = data.draw(st.integers(0, len(plains) - 1))
    assert find_player(listed, data.draw(decorated(plains[pick]))) == pick + 1
    assert find_player(listed, str(pick + 1)) == pick + 1  # a number stays a number
    twin = listed + [Player(len(listed) + 1, data.draw(decorated(plains[pick])))]
    with pytest.raises(TournamentError, match="give the number"):
        find_player(twin, plains[pick])
    with pytest.raises(TournamentError, match="No player is called"):
        find_player(listed, plains[pick] + "x" * 7)


def test_the_issue_s_names():
    players = [Player(1, "Gaël Picard"), Player(2, "Éloïse Martin-Roy"), Player(3, "Zoé Roy")]
    assert find_player(players, "Gael Picard") == 1
    assert find_player(players, "  gaël   PICARD ") == 1
    assert find_player(players, "eloise martin-roy") == 2
    assert name_key("cercle de nimes") == name_key("Cercle de Nîmes")
    assert name_key("Jean-Pierre") != name_key("Jean Pierre")  # a hyphen is kept


# -- list files -----------------------------------------------------------------------

def test_excel_s_french_csv_is_read(tmp_path):
    """What Excel (French) saves as "CSV (séparateur: point-virgule)": Windows-1252, semicolons, the
    federation's ratings, a title line and a blank line above the header."""
    text = ("Open de Nîmes 2027;;;\r\n;;;\r\nNom;Elo;Club;Fédé\r\nGaël Picard;1875 F;Cercle de Nîmes;FRA\r\n"
            "Zoé Roy;1 420 N;Échiquier Sétois;FRA\r\nNoël Brun;1399 E;Cercle de Nîmes;FRA\r\n"
            "Anaïs Petit;NC;Échiquier Sétois;BEL\r\nÉmile Gros;2.010;;FRA\r\n")
    path = tmp_path / "joueurs.csv"
    path.write_bytes(text.encode("cp1252"))
    players = read_players(path)
    assert [(p.name, p.rating, p.club, p.federation) for p in players] == [
        ("Gaël Picard", 1875, "Cercle de Nîmes", "FRA"), ("Zoé Roy", 1420, "Échiquier Sétois", "FRA"),
        ("Noël Brun", None, "Cercle de Nîmes", "FRA"), ("Anaïs Petit", None, "Échiquier Sétois", "BEL"),
        ("Émile Gros", 2010, "", "FRA")]


@settings(max_examples=30, deadline=None)
@given(titles=st.lists(st.sampled_from(["Open de Nîmes 2027", "Liste arrêtée le 12/03/2027", "", "Ronde 1",
                                        "Tournoi fermé"]), max_size=6),
       ratings=st.lists(st.integers(1000, 2800), min_size=2, max_size=6), xlsx=st.booleans())
def test_the_header_is_found_below_title_lines(tmp_path_factory, titles, ratings, xlsx):
    folder = tmp_path_factory.mktemp("list")
    rows = [[t] for t in titles] + [["Nom", "Elo", "Club"]] + [[f"Joueur {i}", f"{r // 1000} {r % 1000:03d} F",
                                                                 "C"] for i, r in enumerate(ratings, 1)]
    if xlsx:
        book = Workbook()
        for row in rows:
            book.active.append(row)
        path = folder / "liste.xlsx"
        book.save(path)
    else:
        path = folder / "liste.csv"
        path.write_text("\n".join(";".join(row) for row in rows) + "\n", encoding="utf-8")
    players = read_players(path)
    assert [(p.name, p.rating) for p in players] == [(f"Joueur {i}", r) for i, r in enumerate(ratings, 1)]


def test_withdraw_takes_a_name(tmp_path):
    """The round-robin ``withdraw`` (and ``reinstate``, ``rename``, ``replace``) take a name as well as a number."""
    players = tmp_path / "p.csv"
    players.write_text("nom,elo\nGaël Picard,1875 F\nZoé Roy,1420 N\nAnaïs Petit,NC\nNoël Brun,1399 E\n",
                       encoding="utf-8")
    event = tmp_path / "e.xlsx"
    run = CliRunner().invoke
    assert run(cli, ["berger", "4", "--names", str(players), "-o", str(event)]).exit_code == 0
    done = run(cli, ["withdraw", str(event), "gael picard", "--from-round", "2"])
    assert done.exit_code == 0, done.output
    assert "Player 1 withdraws from round 2" in done.output
    refused = run(cli, ["withdraw", str(event), "Gaëlle Picard"])
    assert refused.exit_code == 2 and "No player is called Gaëlle Picard" in refused.output
    assert run(cli, ["reinstate", str(event), "GAËL PICARD"]).exit_code == 0


def test_molter_teams_and_players_are_named_as_typed(tmp_path):
    """A Molter team by its name, a listed player by his name, the absent side by the name of who sits there:
    case, accents and spaces ignored; the seat's result is the one the rules give."""
    from addin.render.file_book import FileBook
    from addin.sheets.molter.reader import read_event
    from addin.systems.molter.model import Seat

    teams = tmp_path / "equipes.csv"
    teams.write_text("équipe;1;2;3;4;5\nNîmes Échecs;Gaël Picard;Zoé Roy;Léa Brun;Noël Gros;Anaïs Petit\n"
                     "Sète;B1;B2;B3;B4;\nAlès;C1;C2;C3;C4;\nUzès;D1;D2;D3;D4;\n", encoding="utf-8")
    event = tmp_path / "molter.xlsx"
    run = CliRunner().invoke
    assert run(cli, ["molter", "--teams", str(teams), "--players", "4", "-o", str(event)]).exit_code == 0
    done = run(cli, ["substitute", str(event), "nimes echecs", "4", "anais petit", "--round", "1"])
    assert done.exit_code == 0, done.output
    molter = read_event(FileBook(event))
    nimes = next(t for t in molter.teams if t.name == "Nîmes Échecs")
    assert molter.player_name(Seat(nimes.letter, 4), 1) == "Anaïs Petit"  # the list's no. 5, found by name
    # who sits on which board in round 1: absent named by the player's name
    (rnd, board), pairing = next(((k, p) for k, p in molter.games().items()
                                  if k[0] == 1 and nimes.letter in (p.white.team, p.black.team)))
    seat = pairing.white if pairing.white.team == nimes.letter else pairing.black
    name = molter.player_name(seat, 1)
    done = run(cli, ["absent", str(event), "1", str(board), name_key(name).upper()])
    assert done.exit_code == 0, done.output
    assert str(seat) in done.output
    done = run(cli, ["withdraw", str(event), "NIMES  ECHECS", "--from-round", "2"])
    assert done.exit_code == 0, done.output


def test_a_combinee_player_withdraws_by_name(tmp_path):
    from support.combinee_events import build_event_file, players_csv

    event = tmp_path / "scrabble.xlsx"
    built = build_event_file(players_csv(tmp_path, 12), "5", 3, 0, event)
    third = next(p for p in built.players if p.number == 3)
    done = CliRunner().invoke(cli, ["withdraw", str(event), "  " + third.name.upper() + " "])
    assert done.exit_code == 0, done.output
    assert done.output.startswith("Player 3 withdraws from round 1"), done.output
