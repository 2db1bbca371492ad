"""``appariements molter``: the event workbook from a team count or a team file."""

from __future__ import annotations

from openpyxl import load_workbook

from addin.render.backups import versions
from support.molter_grid_seed import seed_table
from support.cli import invoke


def test_numbered_teams_on_the_official_table(tmp_path):
    out = tmp_path / "event.xlsx"
    result = invoke("molter", "--teams", "5", "--players", "4", "--rounds", "4", "-o", str(out))
    assert result.exit_code == 0, result.output
    book = load_workbook(out)
    assert book.sheetnames[:7] == ["Équipes", "Ronde 1", "Ronde 2", "Ronde 3", "Ronde 4", "Compositions", "Grilles"]
    numbered, _ = seed_table(8)  # the seed's table 8, first ten boards = 5 teams of 4
    for r in range(4):
        ws = book[f"Ronde {r + 1}"]
        got = [(ws.cell(4 + b, 2).value, ws.cell(4 + b, 5).value) for b in range(10)]
        assert got == numbered[r][:10]
    assert [book["Équipes"].cell(5 + i, 2).value for i in range(5)] == [f"Équipe {t}" for t in "ABCDE"]


def test_team_file_names_in_board_order_and_english(tmp_path):
    teams = tmp_path / "teams.csv"
    teams.write_text("équipe;1;2;3;4\nLyon;Anne;Paul;Léa;=1+1\nNîmes;B1;B2;B3;B4\n"
                     "Sète;C1;C2;C3;C4\nAlès;D1;D2;D3;D4\n", encoding="utf-8")
    out = tmp_path / "e.xlsx"
    result = invoke("molter", "--teams", str(teams), "--players", "4", "--rounds", "3", "--lang", "en",
                 "-o", str(out))
    assert result.exit_code == 0, result.output
    ws = load_workbook(out)["Teams"]
    assert [ws.cell(5, c).value for c in range(1, 8)] == ["A", "Lyon", None, "Anne", "Paul", "Léa", "=1+1"]
    assert ws.cell(5, 7).data_type == "s"
    assert [ws.cell(8, c).value for c in range(1, 3)] == ["D", "Alès"]


def test_errors_are_one_sentence_and_write_nothing(tmp_path):
    teams = tmp_path / "teams.csv"
    teams.write_text("team,1,2\nLyon,Anne,Paul\nNîmes,Bob\nSète,C,D\n", encoding="utf-8")
    out = tmp_path / "e.xlsx"
    result = invoke("molter", "--teams", str(teams), "--players", "2", "-o", str(out))
    assert result.exit_code == 2
    assert "teams.csv, line 3" in result.output and "at least 2 players" in result.output
    result = invoke("molter", "--teams", "4", "--players", "5", "-o", str(out))
    assert result.exit_code == 2 and "even" in result.output
    result = invoke("molter", "--teams", "2", "--players", "4", "-o", str(out))
    assert result.exit_code == 2 and "'--teams'" in result.output  # the option typed
    result = invoke("molter", "--teams", "4", "--players", "4", "--rounds", "9", "-o", str(out))
    assert result.exit_code == 2 and "rounds" in result.output
    result = invoke("molter", "--teams", str(tmp_path / "none.csv"), "--players", "4", "-o", str(out))
    assert result.exit_code == 2 and "does not exist" in result.output
    assert "Traceback" not in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["teams.csv"]


def test_never_overwrites_without_force(tmp_path):
    out = tmp_path / "e.xlsx"
    out.write_bytes(b"mine")
    result = invoke("molter", "--teams", "4", "--players", "4", "--rounds", "2", "-o", str(out))
    assert result.exit_code == 2 and "--force" in result.output
    assert out.read_bytes() == b"mine"
    result = invoke("molter", "--teams", "4", "--players", "4", "--rounds", "2", "-o", str(out), "--force")
    assert result.exit_code == 0
    assert load_workbook(out).sheetnames[0] == "Équipes"


def test_demo_event_workbook(tmp_path):
    from addin.events.demo import DEMOS

    (build,) = [b for name, b in DEMOS if name == "molter-5x4.xlsx"]
    build(tmp_path / "m.xlsx")
    book = load_workbook(tmp_path / "m.xlsx")
    assert book["Équipes"]["B5"].value == "Échiquier Lyonnais"
    assert book["Cartons"]["A2"].value.startswith("1. ")


def test_reserves_after_the_regular_players(tmp_path):
    teams = tmp_path / "teams.csv"
    teams.write_text("team,1,2,3,4,5\nLyon,A1,A2,A3,A4,A5\nNîmes,B1,B2\nSète,C1,C2,C3\n", encoding="utf-8")
    out = tmp_path / "e.xlsx"
    result = invoke("molter", "--teams", str(teams), "--players", "2", "-o", str(out))
    assert result.exit_code == 0, result.output
    ws = load_workbook(out)["Équipes"]
    assert [ws.cell(5, c).value for c in range(4, 11)] == ["A1", "A2", "A3", "A4", "A5", None, None]
    assert [ws.cell(4, c).value for c in range(4, 11)] == ["1", "2", "3", "4", "5", "6", "7"]  # two spare places
    assert [ws.cell(6, c).value for c in range(4, 7)] == ["B1", "B2", None]


def test_force_over_typed_results_needs_discard_results(tmp_path):
    out = tmp_path / "e.xlsx"
    assert invoke("molter", "--teams", "4", "--players", "2", "-o", str(out)).exit_code == 0
    assert invoke("result", str(out), "1", "1", "1-0 F").exit_code == 0
    before = out.read_bytes()
    result = invoke("molter", "--teams", "4", "--players", "2", "-o", str(out), "--force")
    assert result.exit_code == 2 and "1 typed result" in result.output and "--discard-results" in result.output
    assert out.read_bytes() == before
    result = invoke("molter", "--teams", "4", "--players", "2", "-o", str(out), "--force", "--discard-results")
    assert result.exit_code == 0 and "kept as e.backups/e." in result.output
    assert load_workbook(out)["Ronde 1"]["D4"].value is None
    kept = versions(out)
    assert load_workbook(kept[-1])["Ronde 1"]["D4"].value == "1-0 F"


def test_the_event_details_are_typed_in_the_title_row_kept_by_every_command_and_printed(tmp_path):
    """Title, place, dates and chief arbiter: given to the command, typed or corrected in the Teams
    sheet's title row (a date the spreadsheet recognised is read as day/month/year), kept by the
    commands, and in every page's header."""
    import datetime

    out = tmp_path / "e.xlsx"
    result = invoke("molter", "--teams", "4", "--players", "2", "--rounds", "3", "--title", "Coupe & Open",
                 "--place", "Colmar", "--arbiter", "Jean Arbitre", "-o", str(out))
    assert result.exit_code == 0, result.output
    book = load_workbook(out)
    ws = book["Équipes"]
    assert [ws.cell(1, c).value for c in range(1, 10)] == ["Coupe & Open", None, None, "Lieu", "Colmar", "Dates",
                                                           None, "Arbitre principal", "Jean Arbitre"]
    ws.cell(1, 5).value = "Sélestat"
    ws.cell(1, 7).value = datetime.datetime(2027, 4, 5)
    book.save(out)
    for args in (("update", str(out)), ("result", str(out), "1", "1", "1-0"), ("withdraw", str(out), "B",
                                                                                "--from-round", "2")):
        result = invoke(*args)
        assert result.exit_code == 0, (args, result.output)
    book = load_workbook(out)
    assert [book["Équipes"].cell(1, c).value for c in (1, 5, 7, 9)] == ["Coupe & Open", "Sélestat", "05/04/2027",
                                                                       "Jean Arbitre"]
    header = book["Classement"].oddHeader
    assert header.left.text == "Coupe && Open" and header.center.text == "Sélestat — 05/04/2027"
    assert header.right.text == "Arbitre principal : Jean Arbitre"
