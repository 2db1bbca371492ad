"""The league season workbook put together: its sheets in tab order, each written by its module."""

from __future__ import annotations

from addin.sheets.league.book import (sheet_calc, sheet_calendar, sheet_matches, sheet_rounds, sheet_settings,
                                      sheet_stats, sheet_table, sheet_teams)
from addin.sheets.league.book.plan import STYLES, plan_book
from addin.sheets.model import WorkbookLayout
from addin.sheets.page import page_header as shared_page_header
from addin.systems.league.model import Season


def build_book(season: Season) -> WorkbookLayout:
    """The sheets of ``season`` (without the hidden key sheet, which ``layout.season_workbook`` adds)."""
    plan = plan_book(season)
    N = plan.names
    book = WorkbookLayout(title=season.header.title or None)
    book.styles.update(STYLES)
    book.header, book.footer = page_header(season, plan.L)
    # tab order: the organiser's inputs, the match sheets, the results; the helpers hidden at the end
    settings = book.add_sheet(N["sheet_settings"], tab_color="808080")
    teams = book.add_sheet(N["sheet_teams"], tab_color="4472C4")
    rosters = book.add_sheet(N["sheet_rosters"], tab_color="4472C4")
    calendar = book.add_sheet(N["sheet_calendar"], tab_color="70AD47")
    rounds = [book.add_sheet(name, tab_color="70AD47") for name in plan.round_names]
    table = book.add_sheet(N["sheet_table"], tab_color="FFC000")
    stats = book.add_sheet(N["sheet_stats"], tab_color="ED7D31")
    matches = book.add_sheet(N["sheet_matches"], hidden=True)
    calc = book.add_sheet(N["sheet_calc"], hidden=True)
    games = book.add_sheet(N["sheet_games"], hidden=True)
    sheet_settings.write(plan, settings)
    sheet_teams.write_teams(plan, teams)
    sheet_teams.write_rosters(plan, rosters)
    sheet_calendar.write(plan, calendar)
    for sheet, rnd in zip(rounds, range(1, season.rounds + 1)):
        sheet_rounds.write(plan, sheet, rnd)
    sheet_matches.write_matches(plan, matches)
    sheet_calc.write(plan, calc)
    sheet_matches.write_games(plan, games)
    sheet_table.write(plan, table)
    sheet_stats.write(plan, stats)
    book.active = rounds[0].name if rounds else N["sheet_calendar"]
    return book


def page_header(season: Season, L: dict) -> tuple[str, str]:
    """Header and footer of every printed page: the season's name, place and dates, arbiter; sheet and page."""
    return shared_page_header(season.header.title, season.header.place, season.header.dates, season.header.arbiter, L["page"])
