"""The directed / varma / draw / league commands."""

from __future__ import annotations

import csv
import io

from openpyxl import load_workbook

from support.directed_oracle import valid_group
from support.cli import invoke


def test_check_and_groups():
    ok = invoke("directed", "check", "16", "6", "1", "2", "3", "4", "5", "16")
    assert ok.exit_code == 0 and ok.output.startswith("TRUE")
    bad = invoke("directed", "check", "12", "3", "6", "8", "12")
    assert bad.exit_code == 1 and "6 and 12 meet in round 11" in bad.output
    groups = invoke("directed", "groups", "16", "6", "6", "4", "3", "3")
    assert groups.exit_code == 0
    for line in groups.output.splitlines():
        assert valid_group(16, 6, [int(v) for v in line.split(":")[1].split(",")])
    impossible = invoke("directed", "groups", "16", "3", "8")
    assert impossible.exit_code == 2 and "largest group that fits has 7" in impossible.output


def test_tables_marks_printed_faults():
    printed = invoke("directed", "tables", "--size", "26", "--printed")
    assert "15,15,19" in printed.output and "printed twice: 15" in printed.output
    shipped = invoke("directed", "tables", "--size", "26")
    assert "15,15,19" not in shipped.output and "12,15,19" in shipped.output


def test_varma_published_warns():
    result = invoke("varma", "12")
    assert result.exit_code == 0 and "C: 6, 8, 12" in result.output
    assert "Warning" in result.output  # CliRunner mixes stderr in by default


def test_draw_writes_numbered_csv(tmp_path):
    players = tmp_path / "p.csv"
    players.write_text("nom;club;fédération\nAlice;Nancy;FRA\nBob;Nancy;FRA\nCarl;Metz;FRA\n"
                       "Dora;Metz;GER\nEd;Nancy;GER\nFay;Toul;FRA\nGus;;ESP\nHal;Metz;FRA\n",
                       encoding="utf-8")
    out = tmp_path / "n.csv"
    result = invoke("draw", str(players), "--restrict-by", "club", "--last-rounds", "3",
                 "--seed", "9", "-o", str(out))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert sorted(int(r["number"]) for r in rows) == list(range(1, 9))
    for club in ("Nancy", "Metz"):
        assert valid_group(8, 3, [int(r["number"]) for r in rows if r["club"] == club])
    again = invoke("draw", str(players), "--restrict-by", "club", "--last-rounds", "3",
                "--seed", "9", "-o", str(out))
    assert again.exit_code == 2 and "--force" in again.output


def test_draw_bad_file(tmp_path):
    players = tmp_path / "p.csv"
    players.write_text("club\nNancy\n", encoding="utf-8")
    result = invoke("draw", str(players), "--restrict-by", "club")
    assert result.exit_code == 2 and "name" in result.output


def test_league_calendar_workbook(tmp_path):
    teams = tmp_path / "t.csv"
    teams.write_text("division,team,club\nN1,Nancy 1,Nancy\nN1,Nancy 2,Nancy\nN1,Metz 1,Metz\n"
                     "N1,=HYPERLINK(\"x\"),Bar\nN2,Metz 2,Metz\nN2,Toul,Toul\nN2,Verdun,Verdun\n",
                     encoding="utf-8")
    out = tmp_path / "cal.xlsx"
    result = invoke("league", "calendar", str(teams), "-o", str(out), "--half-home", "Metz",
                 "--start", "2025-10-05", "--every", "14", "--seed", "1", "--lang", "en")
    assert result.exit_code == 0, result.output
    book = load_workbook(out)
    sheet = book["Calendar"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:5] == ("Division", "Round", "Date", "Home", "Away")
    n1 = [r for r in rows[1:] if r[0] == "N1"]
    assert len(n1) == 6  # 4 teams: 6 games
    texts = [c for c in sheet["D"] + sheet["E"] if c.value and str(c.value).startswith("=")]
    assert texts and all(c.data_type == "s" for c in texts)
    numbers = {r[2]: r[1] for r in book["Numbers"].iter_rows(min_row=2, values_only=True) if r[0] == "N1"}
    assert abs(numbers["Nancy 1"] - numbers["Nancy 2"]) == 2  # complementary (k = 2)


def test_league_venues():
    result = invoke("league", "venues", "6")
    assert result.exit_code == 0 and "HAHAN" in result.output
