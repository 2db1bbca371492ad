"""The ``appariements berger`` / ``rutsch`` commands (schedule printing and files)."""

from __future__ import annotations

import csv

from openpyxl import load_workbook

from support.seed_tables import seed003_tables
from support.cli import invoke


def test_prints_a_readable_table():
    result = invoke("berger", "6")
    assert result.exit_code == 0
    printed = seed003_tables()[6]
    assert "Round 1" in result.output and "Round 5" in result.output
    for white, black in printed[2]:
        assert f"{white} - {black}" in result.output


def test_writes_csv_and_xlsx(tmp_path):
    out_csv = tmp_path / "t.csv"
    assert invoke("berger", "4", "--cycles", "2", "-o", str(out_csv)).exit_code == 0
    rows = list(csv.reader(out_csv.open()))
    assert rows[0] == ["Round", "Board", "White", "Black"]
    assert len(rows) == 1 + 12
    out_xlsx = tmp_path / "r.xlsx"
    assert invoke("rutsch", "7", "-o", str(out_xlsx)).exit_code == 0
    sheet = load_workbook(out_xlsx).active
    assert [c.value for c in sheet[2]] == [1, 1, 5, 4]  # seed: E (5) White against D (4)


def test_never_overwrites_without_force(tmp_path):
    out = tmp_path / "t.csv"
    out.write_text("precious")
    result = invoke("berger", "4", "-o", str(out))
    assert result.exit_code != 0
    assert "already exists" in result.output
    assert out.read_text() == "precious"
    assert invoke("berger", "4", "-o", str(out), "--force").exit_code == 0
    assert out.read_text().startswith("Round")


def test_bad_input_prints_one_sentence_and_exits_non_zero(tmp_path):
    for args in (["berger", "1"], ["berger", "abc"], ["berger", "6", "--cycles", "9"],
                 ["berger", "6", "-o", str(tmp_path / "x.pdf")],
                 ["berger", "6", "-o", str(tmp_path / "missing" / "x.csv")]):
        result = invoke(*args)
        assert result.exit_code == 2, args
        lines = [ln for ln in result.output.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
        assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []
