"""Tables no worksheet can hold are refused with a sentence, never built for nothing.

Excel and LibreOffice hold 1,048,576 rows × 16,384 columns in a sheet. The row count of a
round-robin table is checked against the tables themselves (the oracle: ``len(rows())`` of
the built schedule) on small fields, then trusted at the edges without building them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import addin.excel.roundrobin_arrays as rr_sheet
from addin.cli import cli
from addin.core.errors import TournamentError
from addin.core.sheet_size import SHEET_COLUMNS, SHEET_ROWS, check_fits, fits
from addin.render.table_file import write_table
from addin.systems.combinee.groups import MAX_PLAYERS as COMBINEE_MAX
from addin.systems.directed.solver import MAX_SOLVER_PLAYERS
from addin.systems.molter.model import MAX_TEAMS
from addin.systems.molter.tables import MAX_PLAYERS as MOLTER_MAX_PLAYERS
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.rutsch import rutsch_schedule
from addin.systems.roundrobin.rutsch_berger import MAX_PLAYERS as SEATS_MAX
from support.xlwings_server import call_udf, cell_refusal


def test_the_limits_are_excels():
    assert (SHEET_ROWS, SHEET_COLUMNS) == (2 ** 20, 2 ** 14)
    assert fits(SHEET_ROWS, SHEET_COLUMNS)
    assert not fits(SHEET_ROWS + 1, 1) and not fits(1, SHEET_COLUMNS + 1)


@pytest.mark.parametrize("players", range(2, 41))
def test_row_count_is_the_built_tables(players):
    for cycles in range(1, 5):
        assert rr_sheet.table_rows(players, cycles) == len(berger_schedule(players, cycles).rows())
    assert rr_sheet.table_rows(players) == len(rutsch_schedule(players).rows())


def test_largest_fields_by_hand():
    # 1448 players (even): 1447 rounds of 724 games; 1449 (odd): 1449 rounds of 724 games + 1 bye
    assert 1 + 1447 * 724 == 1_047_629 <= SHEET_ROWS < 1 + 1449 * 725 == 1_050_526
    assert rr_sheet.largest_field(1) == 1448
    # four cycles: 724 players give 1 + 4·723·362 = 1,046,905 rows; 725 give 1 + 4·725·363
    assert 1 + 4 * 723 * 362 <= SHEET_ROWS < 1 + 4 * 725 * 363
    assert rr_sheet.largest_field(4) == 724


def test_berger_table_5000_is_refused_before_anything_is_built(monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("the schedule was built")

    monkeypatch.setattr(rr_sheet, "berger_rows", never)
    error = cell_refusal("BERGER_TABLE", 5000)
    assert str(error) == (
        "This table would take 12497501 rows and 4 columns, more than a worksheet holds "
        "(1048576 rows, 16384 columns): at most 1448 players fit in one sheet with 1 cycle(s); "
        "for a larger field, write the table to a .csv file with the command line (option -o table.csv).")
    assert "724 players" in str(cell_refusal("BERGER_TABLE", 725, 4))


def test_rutsch_table_past_the_edge_is_refused(monkeypatch):
    monkeypatch.setattr(rr_sheet, "rutsch_rows", lambda n: pytest.fail("built"))
    assert "at most 1448 players" in str(cell_refusal("RUTSCH_TABLE", 1449))


def test_bad_arguments_come_before_the_size():
    assert "'cycles'" in str(cell_refusal("BERGER_TABLE", 5000, 9))


def test_the_refusal_is_french_by_default(monkeypatch):
    monkeypatch.delenv("APPARIEMENTS_LANG")
    error = cell_refusal("BERGER_TABLE", 5000)
    assert call_udf("BERGER_TABLE", 5000) == [[error.text("fr")]]
    assert error.text("fr") != error.text("en") and "1448" in error.text("fr")


def test_small_tables_still_spill():
    assert call_udf("BERGER_TABLE", 4)[1] == [1, 1, 1, 4]


def test_every_other_table_function_fits_at_its_largest_arguments():
    """The functions without a size check cannot outgrow a sheet: their bounds, by hand."""
    assert fits(2, SEATS_MAX // 2)                                    # RUTSCH_BERGER_SEATS
    assert fits(1 + MAX_TEAMS * MOLTER_MAX_PLAYERS // 2, 2 + MAX_TEAMS)  # MOLTER_TABLE
    assert fits(COMBINEE_MAX, 1)                                      # COMBINEE_SNAKE
    assert fits(MAX_SOLVER_PLAYERS, MAX_SOLVER_PLAYERS)               # DIRECTED_GROUPS
    assert fits(4, 24) and fits(2, 2) and fits(6, 2)                  # VARMA, COMBINEE_GROUPS/PHASE1
    # COMBINEE_PAIRING answers one row per two ranked players: never more rows than its input


# -- the command line's .xlsx output --------------------------------------------------
def test_xlsx_writer_refuses_what_no_sheet_holds(tmp_path):
    path = tmp_path / "t.xlsx"
    with pytest.raises(TournamentError, match="file ending in .csv"):
        write_table([[1]] * (SHEET_ROWS + 1), path, ".xlsx")
    with pytest.raises(TournamentError, match="16385 columns"):
        write_table([list(range(SHEET_COLUMNS + 1))], path, ".xlsx")
    assert not path.exists()


def test_the_cli_refuses_an_xlsx_too_big_and_leaves_no_file(tmp_path):
    out = tmp_path / "b.xlsx"
    result = CliRunner().invoke(cli, ["berger", "1449", "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert "1050526 rows" in result.output and ".csv" in result.output
    assert "Traceback" not in result.output and "Row numbers" not in result.output
    assert list(Path(tmp_path).iterdir()) == []


def test_check_fits_default_advice():
    with pytest.raises(TournamentError, match="with the command line instead"):
        check_fits(SHEET_ROWS + 1, 1)
