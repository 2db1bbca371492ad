"""The rules of a Molter event as it happens (``addin.systems.molter.live``), one case each, and
the command line's answers to what an arbiter may get wrong.

Oracles: the rules of docs/molter-event.md worked by hand on the seed's table 4 (4 teams of 4,
3 rounds: round 1 board 1 is A1 – B1), and "a refusal changes nothing" (the file is
byte-identical, no copy kept).
"""

from __future__ import annotations


import pytest
from openpyxl import load_workbook

from addin.core.errors import TournamentError
from addin.render.file_book import FileBook
from addin.sheets.molter import read_event
from addin.systems.molter import live as rules
from addin.systems.molter.event import played_rounds
from addin.systems.molter.lineup import ABSENT, Substitute
from addin.systems.molter.live import MolterEvent
from addin.systems.molter.model import Seat
from addin.systems.molter.tables import molter_table
from addin.systems.molter.teams import Team
from addin.render.backups import versions
from support.cli import digest, invoke

ROUNDS = tuple(tuple(r) for r in played_rounds(molter_table(4, 4, 3)))  # the seed's table 4
LISTS = {"A": ("Anne", "Paul", "Léa", "Marc", "Zoé"), "B": ("Jean", "Inès", "Luc", "Rose"),
         "C": ("Hugo", "Zed", "Noé", "Lina"), "D": ("Yves", "Emma", "Tom", "Eva")}


def event(**changes) -> MolterEvent:
    teams = tuple(Team(t, f"Club {t}", names) for t, names in LISTS.items())
    return rules.check_event(MolterEvent(teams, 4, ROUNDS, **changes))


def board(rnd, seat):
    return next(b for b, p in enumerate(ROUNDS[rnd - 1], 1) if seat in (str(p.white), str(p.black)))


def test_the_seed_table_is_the_one_these_cases_were_worked_on():
    assert str(ROUNDS[0][0]) == "A1-B1"  # seed 001, Tableau 4, Ronde 1, board 1


# -- derived forfeits ---------------------------------------------------------------

def test_a_withdrawn_team_loses_its_boards_once_each_round_has_started():
    e = rules.withdraw(event(), "B", 2)
    assert e.effective_results() == {}  # round 2 has not started
    other = next(b for b, p in enumerate(ROUNDS[1], 1) if "B" not in (p.white.team, p.black.team))
    e = rules.set_result(e, 2, other, "1/2-1/2")
    effective = e.effective_results()
    for b, p in enumerate(ROUNDS[1], 1):
        if p.white.team == "B":
            assert effective[(2, b)] == "-+"
        elif p.black.team == "B":
            assert effective[(2, b)] == "+-"
    assert not any(r == 3 for r, _ in effective)  # round 3 not started
    assert all(r >= 2 for r, _ in effective)  # its results before stay (none typed here)


def test_two_absent_sides_give_a_double_forfeit_and_a_typed_result_wins():
    p = ROUNDS[0][0]  # A1 – B1
    e, seat = rules.mark_absent(event(), 1, 1, "white")
    assert seat == p.white
    e, _ = rules.mark_absent(e, 1, 1, "B1")
    e = rules.set_result(e, 1, 2, "1-0")
    assert e.effective_results() == {(1, 1): "0-0", (1, 2): "1-0"}
    e = rules.set_result(e, 1, 1, "0-1 F")  # the arbiter decided otherwise: typed wins
    assert e.effective_results()[(1, 1)] == "-+"
    with pytest.raises(TournamentError, match="A1 is marked absent"):
        rules.set_result(e, 1, 1, "1-0")


def test_a_team_that_played_over_the_board_cannot_be_withdrawn_from_that_round():
    b = board(3, "B2")
    e = rules.set_result(event(), 3, b, "1/2-1/2")
    with pytest.raises(TournamentError, match="Team B cannot withdraw from round 2: its game of round 3"):
        rules.withdraw(e, "B", 2)
    assert rules.withdraw(rules.set_result(e, 3, b, "1-0 F"), "club b", 2).withdrawn == {"B": 2}


# -- line-ups and substitutes ----------------------------------------------------------

def test_a_line_up_seats_the_players_in_the_lists_order_and_the_last_seats_are_absent():
    e = rules.set_lineup(event(), "A", ["Zoé", 1, "Léa"], 2)  # Paul and Marc do not play round 2
    assert e.round_entries("A", 2) == [1, 3, 5, ABSENT]
    assert e.player_name(Seat("A", 2), 2) == "Léa" and e.player_name(Seat("A", 3), 2) == "Zoé"
    assert e.round_entries("A", 1) == [1, 2, 3, 4]


def test_the_lists_order_is_never_inverted_but_a_substitute_takes_a_seat_as_it_is():
    with pytest.raises(TournamentError, match=r"Zoé \(no. 5 on the list\) would play board 2, ahead of Léa"):
        rules.substitute(event(), "A", 2, "Zoé", 1)
    e = rules.substitute(event(), "A", 4, "Zoé", 1, 3)  # the 5th for the 4th: the order holds
    assert [e.entry(Seat("A", 4), r) for r in (1, 2, 3)] == [5, 5, 5]
    e = rules.substitute(e, "A", 2, "Bob Outside", 2)
    assert e.entry(Seat("A", 2), 2) == Substitute("Bob Outside")
    e = rules.substitute(e, "A", 2, "Paul", 2)  # the regular player back: nothing recorded
    assert ("A", 2, 2) not in e.lineups
    with pytest.raises(TournamentError, match="Léa would play boards 3 and 4"):
        rules.substitute(event(), "A", 4, "Léa", 1)


def test_renaming_adds_a_reserve_and_refuses_two_equal_names():
    e, kind = rules.rename(event(), "B5", "Noël")
    assert kind == "reserve" and e.team("B").players[-1] == "Noël"
    with pytest.raises(TournamentError, match="names anne twice"):
        rules.rename(event(), "A3", "anne")
    with pytest.raises(TournamentError, match="both called Club A"):
        rules.rename(event(), "B", "Club A")
    e = rules.substitute(event(), "C", 4, "Ugo", 1)
    e, _ = rules.rename(e, "C5", "Ugo")  # the substitute joins the list: he is its 5th player
    assert e.entry(Seat("C", 4), 1) == 5


def test_a_new_table_keeps_results_only_if_their_games_stay():
    e = rules.set_result(event(), 1, 1, "1-0")
    with pytest.raises(TournamentError, match="Round 1, board 1 .* would no longer exist with 5 teams"):
        rules.rebuild(e, e.teams + (Team("E", "Club E", ("", "", "", "")),), 4,
                      played_rounds(molter_table(5, 4, 3)))
    with pytest.raises(TournamentError, match="line-ups name who plays seat 2 of team A in round 3"):
        rules.rebuild(rules.substitute(event(), "A", 2, "X", 3), event().teams, 4, ROUNDS[:2])


# -- the command line ---------------------------------------------------------------------

@pytest.fixture
def file(tmp_path):
    teams = tmp_path / "teams.csv"
    teams.write_text("team,1,2,3,4,5\n" + "".join(f"Club {t},{','.join(n)}\n" for t, n in LISTS.items()),
                     encoding="utf-8")
    out = tmp_path / "e.xlsx"
    assert invoke("molter", "--teams", teams, "--players", 4, "--rounds", 3, "-o", out).exit_code == 0
    return out


def unchanged(path, *args, words):
    before, copies = digest(path), versions(path)
    result = invoke(*args)
    assert result.exit_code == 2 and words in result.output, result.output
    assert "Traceback" not in result.output
    assert digest(path) == before
    assert versions(path) == copies


@pytest.mark.parametrize("args, words", [
    (["withdraw", "{f}", "B"], "--from-round"),
    (["withdraw", "{f}", "Z", "--from-round", 2], "There is no team Z"),
    (["reinstate", "{f}", "A"], "Team A has not withdrawn"),
    (["rename", "{f}", "A2", "--name", "X", "--rating", "1800"], "names only"),
    (["rename", "{f}", "A9", "--name", "X"], "add a reserve as A6"),
    (["late-entry", "{f}", "Club E", "--rating", "1500"], "do not apply"),
    (["substitute", "{f}", "A", "5", "X", "--round", 1], "seats 1 to 4"),
    (["substitute", "{f}", "A", "2", "X", "--round", 4], "Round 4 does not exist"),
    (["absent", "{f}", 1, 1, "left"], "'white' or 'black'"),
    (["absent", "{f}", 1, 1, "white", "--cancel"], "A1 is not marked absent in round 1"),
    (["lineup", "{f}", "A", "Anne", "Nobody", "--round", 1], "Nobody is not on team A's list"),
    (["lineup", "{f}", "A", 1, 2, 3, 4, 5, "--round", 1], "1 to 4 players a round, not 5"),
    (["result", "{f}", 1, 1, "2-0"], "is not a result code"),
])
def test_mistakes_are_one_sentence_and_change_nothing(file, args, words):
    unchanged(file, *[file if a == "{f}" else a for a in args], words=words)


def test_a_late_team_joins_before_round_1_only(file):
    result = invoke("late-entry", file, "Club E")
    assert result.exit_code == 0 and "Club E joins as team E: 5 teams, 3 rounds" in result.output, result.output
    event = read_event(FileBook(file))
    assert len(event.teams) == 5 and [str(p) for p in event.rounds[0]] == [str(p) for p in
                                                                           played_rounds(molter_table(5, 4, 3))[0]]
    assert invoke("result", file, 1, 1, "1-0").exit_code == 0
    unchanged(file, "late-entry", file, "Club F", words="would no longer exist with 6 teams")


def test_the_molter_only_commands_do_not_apply_to_a_round_robin(tmp_path):
    out = tmp_path / "rr.xlsx"
    assert invoke("berger", 4, "--event", "-o", out).exit_code == 0
    unchanged(out, "substitute", out, "A", 1, "X", "--round", 1, words="does not apply to a round-robin event")


def test_an_edited_team_sheet_asks_for_an_update_before_another_command(file):
    book = load_workbook(file)
    book["Équipes"]["B2"] = 2  # fewer rounds typed, not yet applied
    book.save(file)
    unchanged(file, "result", file, 1, 1, "1-0", words="update it first")
    result = invoke("update", file)
    assert result.exit_code == 0 and "2 rounds" in result.output


def test_rows_inserted_in_the_line_ups_sheet_are_refused(file):
    book = load_workbook(file)
    book["Compositions"].insert_rows(5)
    book.save(file)
    unchanged(file, "update", file, words="rows were inserted or deleted")


def test_a_line_up_typed_in_the_sheet_is_read_by_update(file):
    book = load_workbook(file)
    sheet = book["Compositions"]
    # team A's block: letter in row 4, seats in rows 6-9; round 2 in column D (2 × 2)
    sheet["D8"], sheet["D9"] = "Marc", "zoé"
    sheet["F7"] = "absent"  # A2 absent in round 3
    book.save(file)
    assert invoke("update", file).exit_code == 0
    event = read_event(FileBook(file))
    assert event.round_entries("A", 2) == [1, 2, 4, 5] and event.round_entries("A", 3) == [1, ABSENT, 3, 4]
    sheet = load_workbook(file)["Compositions"]
    assert (sheet["D8"].value, sheet["D9"].value, sheet["F7"].value) == (4, 5, "absent")  # names became places
