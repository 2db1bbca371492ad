"""``appariements molter-table``: printed and written tables, errors as one sentence."""

from __future__ import annotations

import csv


from addin.systems.molter.model import Pairing
from support.cli import invoke


def test_prints_the_official_table_when_one_exists():
    result = invoke("molter-table", "--teams", "4", "--players", "4", "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["Board", "Round", "1", "Round", "2", "Autonomous"]
    # seed 001, table 4, board 1: A1 – B1, B1 – C1, A1 – C1
    assert lines[1].split() == ["1", "A1-B1", "B1-C1", "A1-C1"]
    assert "official table 4; grade" in lines[-1]


def test_generated_table_written_as_csv(tmp_path):
    out = tmp_path / "t.csv"
    result = invoke("molter-table", "--teams", "9", "--players", "6", "--rounds", "4", "--source", "generated",
                 "--lang", "en", "-o", str(out))
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == ["Board", "Round 1", "Round 2", "Round 3", "Round 4"]
    assert len(rows) == 1 + 9 * 6 // 2
    for column in range(1, 5):
        seats = [str(s) for row in rows[1:] for s in (Pairing.parse(row[column]).white, Pairing.parse(row[column]).black)]
        assert len(seats) == len(set(seats)) == 9 * 6
    assert "grade" in result.output


def test_more_than_25_teams_are_generated():
    result = invoke("molter-table", "--teams", "27", "--players", "2", "--rounds", "2")
    assert result.exit_code == 0, result.output
    assert "AB1" in result.output and "generated table; grade" in result.output


def test_refuses_odd_players_and_existing_file(tmp_path):
    result = invoke("molter-table", "--teams", "6", "--players", "5")
    assert result.exit_code == 2 and "must be even" in result.output
    out = tmp_path / "x.csv"
    out.write_text("keep")
    result = invoke("molter-table", "--teams", "6", "--players", "4", "-o", str(out))
    assert result.exit_code == 2 and "already exists" in result.output
    assert out.read_text() == "keep"
