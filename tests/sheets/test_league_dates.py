"""League round sheets show their date as a real date (issue 15's leftover): one date of the
calendar under a round sheet's title is a date cell shown dd/mm/yyyy, and the season is read
back from a workbook saved by LibreOffice (date cells), from a workbook written before (ISO
text in the calendar) and from French dd/mm/yyyy text alike.

Oracles: the fixture's calendar dates (``league_fixture.DATES``, typed in the test), LibreOffice
headless (recalculates and saves the workbook: its cells are what a spreadsheet holds),
openpyxl reading the cells independently of the project's reader.
"""

from __future__ import annotations

import datetime as dt

import pytest
from openpyxl import load_workbook

from addin.core.header import EventHeader
from addin.render.file_book import FileBook
from addin.render.recalc import recalculate_files
from addin.render.xlsx import write_xlsx
from addin.sheets.league.cells import CalendarCols
from addin.sheets.league.labels import LABELS
from addin.sheets.league.layout import season_workbook
from addin.sheets.league.reader import read_season
from support.league_fixture import DATES
from support.league_fixture import season as fixture_season

L = LABELS["fr"]


def dates_of(season):
    return {key: match.date for key, match in season.matches()}


def _calendar_cells(path, convert):
    """Rewrite every date of the calendar with ``convert(date)`` (as an older workbook or a typist would)."""
    book = load_workbook(path)
    sheet = book[L["sheet_calendar"]]
    for row in sheet.iter_rows(min_row=CalendarCols.FIRST_ROW):
        c = row[CalendarCols.DATE - 1]
        if isinstance(c.value, dt.datetime):
            c.value = convert(c.value.date())
            c.number_format = "General"
    book.save(path)


@pytest.mark.libreoffice
def test_round_sheets_hold_real_dates_and_the_season_reads_back_after_libreoffice(tmp_path):
    season = fixture_season("ffe", rounds=2)
    path = tmp_path / "season.xlsx"
    write_xlsx(season_workbook(season), path)
    mine = load_workbook(path)
    for rnd, iso in enumerate(DATES, 1):
        c = mine[L["sheet_round"].format(r=rnd)]["A2"]
        assert c.value == dt.datetime.fromisoformat(iso) and c.number_format == "dd/mm/yyyy", (rnd, c.value)
    saved = recalculate_files([path], tmp_path / "lo")[0]
    theirs = load_workbook(saved)
    for rnd, iso in enumerate(DATES, 1):
        c = theirs[L["sheet_round"].format(r=rnd)]["A2"]
        assert c.value == dt.datetime.fromisoformat(iso) and c.is_date, (rnd, c.value, c.number_format)
    again = read_season(FileBook(saved))
    assert dates_of(again) == dates_of(season)
    assert set(dates_of(season).values()) == set(DATES)


@pytest.mark.parametrize("convert", [dt.date.isoformat, lambda d: d.strftime("%d/%m/%Y")], ids=["iso", "french"])
def test_a_calendar_of_dates_typed_as_text_reads_the_same(tmp_path, convert):
    season = fixture_season("ffe", rounds=1)
    path = tmp_path / "old.xlsx"
    write_xlsx(season_workbook(season), path)
    _calendar_cells(path, convert)
    assert isinstance(load_workbook(path)[L["sheet_calendar"]].cell(CalendarCols.FIRST_ROW, CalendarCols.DATE).value,
                      str)
    assert dates_of(read_season(FileBook(path))) == dates_of(season)


def test_a_round_with_several_dates_lists_them_day_first():
    from addin.sheets.league.layout import _round_date

    assert _round_date(["2025-10-05", "2025-10-12"]) == ("05/10/2025 / 12/10/2025", "subtitle", True)
    assert _round_date(["2025-10-05"]) == (dt.date(2025, 10, 5), "subtitle_date", False)
    assert _round_date(["le 5 octobre"]) == ("le 5 octobre", "subtitle", True)
    assert _round_date([]) == (None, "subtitle", True)


def test_a_round_sheet_with_several_dates_writes_them_as_text_in_the_general_format(tmp_path):
    """Two divisions playing round 1 on different days: the line under the round sheet's title lists both
    dates as text, with no number format (the workbook once got the text flag as its number format)."""
    from support.league_fixture import BOARDS, NATIONALE, REGIONALE, rosters

    from addin.systems.directed.league import calendar_for
    from addin.systems.league.event import season_from_calendars
    from addin.systems.league.model import PRESET_TIEBREAKS, SCORINGS

    later = ["2025-10-12", *DATES[1:]]
    cals = [calendar_for("Nationale", NATIONALE, "gathering", DATES),
            calendar_for("Régionale", REGIONALE, "gathering", later)]
    clubs = {name: name.split()[0] for name in list(NATIONALE) + list(REGIONALE)}
    season = season_from_calendars(cals, clubs, rosters(), boards=BOARDS, scoring=SCORINGS["ffe"], preset="ffe",
                                   tiebreaks=PRESET_TIEBREAKS["ffe"], header=EventHeader(title="Interclubs Lorraine"))
    path = tmp_path / "season.xlsx"
    write_xlsx(season_workbook(season), path)
    cell = load_workbook(path)[L["sheet_round"].format(r=1)]["A2"]
    assert cell.value == "05/10/2025 / 12/10/2025" and cell.data_type == "s"
    assert cell.number_format == "General", cell.number_format
