"""The Scheveningen match workbook put together: its sheets in tab order, each written by its module,
and the header and footer of every printed page."""

from __future__ import annotations

from addin.sheets.model import WorkbookLayout
from addin.sheets.page import page_header as shared_page_header
from addin.sheets.scheveningen.book import sheet_round, sheet_score, sheet_settings, sheet_teams
from addin.sheets.scheveningen.book.plan import STYLES, plan_book
from addin.systems.scheveningen_match import SchevMatch


def build_book(match: SchevMatch) -> WorkbookLayout:
    """The sheets of ``match`` (without the hidden key sheet, which ``layout.match_workbook`` adds)."""
    plan = plan_book(match)
    L = plan.L
    book = WorkbookLayout(title=match.header.title or None)
    book.styles.update(STYLES)
    book.header, book.footer = page_header(match, L)
    settings = book.add_sheet(L["sheet_settings"], tab_color="808080")
    teams = book.add_sheet(L["sheet_teams"], tab_color="4472C4")
    rounds = [book.add_sheet(name, tab_color="70AD47") for name in plan.rounds]
    score = book.add_sheet(L["sheet_score"], tab_color="FFC000")
    sheet_settings.write(plan, settings)
    sheet_teams.write(plan, teams)
    for rnd, sheet in enumerate(rounds, 1):
        sheet_round.write(plan, sheet, rnd)
    sheet_score.write(plan, score)
    book.active = rounds[0].name
    return book


def page_header(match: SchevMatch, L: dict) -> tuple[str, str]:
    """Excel header/footer codes: the event's name, place and dates, arbiter; the sheet and page."""
    h = match.header
    return shared_page_header(h.title, h.place, h.dates, h.arbiter, L["page"])
