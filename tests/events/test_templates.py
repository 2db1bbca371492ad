"""workbooks/ holds exactly what the generator produces today, and the templates compute cleanly."""

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.rr_event_oracle import error_cells, read_standings

from addin.events.templates import templates, write_templates
from support.paths import ROOT

FOLDER = ROOT / "workbooks"


def _snapshot(path):
    """Everything a user sees, cell by cell (document timestamps are not part of it)."""
    book = load_workbook(path)
    out = {"sheets": book.sheetnames, "names": {n: d.attr_text for n, d in book.defined_names.items()}}
    for ws in book.worksheets:
        cells = {c.coordinate: (c.value, c.data_type, c.number_format, c.font.b, c.fill.fgColor.rgb,
                                c.protection.locked)
                 for row in ws.iter_rows() for c in row if c.value is not None or c.has_style}
        out[ws.title] = (cells, sorted(str(r) for r in ws.merged_cells.ranges),
                         [(str(v.sqref), v.formula1) for v in ws.data_validations.dataValidation],
                         ws.freeze_panes, ws.print_area, [b.id for b in ws.row_breaks.brk], ws.sheet_state,
                         {k: d.width for k, d in ws.column_dimensions.items()})
    return out


@pytest.mark.slow
def test_the_shipped_templates_are_what_the_generator_writes_today(tmp_path):
    expected = {name for name, _, _ in templates()}
    assert {p.name for p in FOLDER.glob("*.xlsx")} == expected
    assert len(expected) == 28  # 3..16 players, single and double
    for path in write_templates(tmp_path):
        assert _snapshot(FOLDER / path.name) == _snapshot(path), path.name


@pytest.mark.libreoffice
def test_templates_compute_a_clean_empty_table(recalc):
    names = ["toutes-rondes-03-simple.xlsx", "toutes-rondes-16-aller-retour.xlsx"]
    for name, book in zip(names, recalc(*(FOLDER / n for n in names))):
        assert error_cells(book) == []
        rows = read_standings(book)
        assert [r["number"] for r in rows] == list(range(1, len(rows) + 1))
        assert all(r["points"] is None and r["rank"] is None for r in rows)
        assert rows[0]["name"] == "Joueur 1"
