"""The league workbooks print as an organiser needs them (issue 11), read from LibreOffice's PDF.

The season workbook: every page carries the competition's header (name, place, dates,
arbiter) and its sheet's footer; the settings and the table take one page; each list keeps
its last column on every one of its pages; the table says after which round it is. The
calendar workbook (``appariements league calendar``): its notes column ("Remarque") is
printed beside the fixtures on every page, no longer on pages of its own.
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
from support.league_fixture import season as fixture_season
from support.printing import pdftotext_available, print_to_pdf, printed_pages

from addin.core.header import EventHeader
from addin.render.xlsx import write_xlsx
from addin.sheets.league import league_layout
from addin.sheets.league.calendar import LABELS as CALENDAR_LABELS
from addin.sheets.league.labels import LABELS
from addin.sheets.league.layout import round_sheet_names, season_workbook
from addin.systems.directed.league import calendar_for

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(not pdftotext_available() and not os.environ.get("CI"),
                                 reason="poppler-utils (pdftotext) is not installed (set CI=1 to make this a failure)")]

TEAMS = {f"Club {chr(65 + k)} de la vallée": k + 1 for k in range(12)}


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("league-print")
    season = replace(fixture_season("fide"), header=EventHeader(title="Interclubs de Lorraine", place="Metz",
                                                                dates="2025-2026", arbiter="Jeanne Arbitre"))
    cal = calendar_for("Nationale 4", TEAMS, "gathering", [f"2025-10-{5 + k:02d}" for k in range(11)])
    paths = [folder / "season.xlsx", folder / "calendar.xlsx"]
    write_xlsx(season_workbook(season), paths[0])
    write_xlsx(league_layout([cal], {}, "gathering"), paths[1])
    pdf_season, pdf_calendar = print_to_pdf(paths, folder / "pdf")
    L = LABELS["fr"]
    sheets = [L[k] for k in ("sheet_settings", "sheet_teams", "sheet_rosters", "sheet_calendar", "sheet_table",
                             "sheet_stats")] + round_sheet_names(season)
    W = CALENDAR_LABELS["fr"]
    return season, printed_pages(pdf_season, sheets), printed_pages(pdf_calendar, [W["calendar"], W["numbers"]])


def test_every_page_of_the_season_carries_the_competitions_header(printed):
    _, by_sheet, _ = printed
    for sheet, texts in by_sheet.items():
        for text in texts:
            head = next(line for line in text.splitlines() if line.strip())
            for part in ("Interclubs de Lorraine", "Metz", "2025-2026", "Jeanne Arbitre"):
                assert part in head, (sheet, part, head)


def test_short_sheets_take_one_page_and_lists_keep_their_last_column(printed):
    season, by_sheet, _ = printed
    L = LABELS["fr"]
    assert len(by_sheet[L["sheet_settings"]]) == 1
    assert len(by_sheet[L["sheet_table"]]) == 1
    last = {L["sheet_settings"]: L["meaning"], L["sheet_teams"]: L["withdrawn"], L["sheet_rosters"]: L["ident"],
            L["sheet_calendar"]: L["note"], L["sheet_stats"]: L["perf"]}
    for sheet, word in last.items():
        for text in by_sheet[sheet]:
            assert word.split()[0] in text, (sheet, word)  # a header may wrap in its cell
    assert f"{L['after_round']} {season.rounds} / {season.rounds}" in by_sheet[L["sheet_table"]][0]


def test_the_calendar_prints_its_notes_beside_the_fixtures(printed):
    _, _, by_sheet = printed
    W = CALENDAR_LABELS["fr"]
    pages = by_sheet[W["calendar"]]
    for text in pages:
        header = next(line for line in text.splitlines() if W["home"] in line)
        assert W["away"] in header and W["note"] in header, header
        assert W["title"] in next(line for line in text.splitlines() if line.strip())
    assert sum(text.count(W["neutral"]) for text in pages) == 6  # the gathering round: 6 matches on neutral ground


def test_no_printed_cell_is_too_narrow_for_its_number(printed):
    """A number or date wider than its column prints as ###: the round date under a match sheet's
    title sat in the narrow board column until it was given the first four columns."""
    season, by_sheet, calendar = printed
    for sheets in (by_sheet, calendar):
        for sheet, texts in sheets.items():
            for text in texts:
                assert "###" not in text, sheet
    first = by_sheet[round_sheet_names(season)[0]][0]
    assert any(line.strip()[:2].isdigit() and line.strip()[2] == "/" for line in first.splitlines()), first[:400]
