"""The round-robin event workbook put together: its sheets in tab order, each written by its module."""

from __future__ import annotations

from addin.sheets.model import WorkbookLayout
from addin.sheets.page import page_header as shared_page_header
from addin.sheets.roundrobin.book import (sheet_calc, sheet_cards, sheet_crosstable, sheet_performance, sheet_players,
                                           sheet_rounds, sheet_settings, sheet_standings)
from addin.sheets.roundrobin.book.plan import EVENT_STYLES, plan_book
from addin.sheets.roundrobin.norms_sheet import MAX_PLAYERS as NORMS_MAX_PLAYERS, norms_sheet
from addin.systems.roundrobin.event import RoundRobinEvent


def build_book(event: RoundRobinEvent, protect: bool) -> WorkbookLayout:
    """The sheets of ``event`` (checked and made canonical by ``layout.event_workbook``)."""
    plan = plan_book(event, protect)
    book = WorkbookLayout(title=event.header.title or None)
    book.styles.update(EVENT_STYLES)
    book.header, book.footer = page_header(event, plan.L)
    # tab order: what the organiser uses most first
    settings = book.add_sheet(plan.s_settings, tab_color="808080")
    players = book.add_sheet(plan.s_players, tab_color="4472C4")
    rounds = book.add_sheet(plan.s_rounds, tab_color="70AD47")
    cross = book.add_sheet(plan.s_cross, tab_color="ED7D31")
    standings = book.add_sheet(plan.s_stand, tab_color="FFC000")
    cards = book.add_sheet(plan.s_cards, tab_color="A5A5A5")
    performance = book.add_sheet(plan.s_perf, tab_color="5B9BD5")
    norms = book.add_sheet(plan.L["sheet_norms"], tab_color="7030A0") \
        if plan.n <= NORMS_MAX_PLAYERS else None  # title norms (norms_sheet.py)
    calc = book.add_sheet(plan.s_calc, hidden=True)
    sheet_settings.write(plan, settings)
    sheet_players.write(plan, players)
    sheet_rounds.write(plan, rounds)
    sheet_calc.write(plan, calc)
    sheet_crosstable.write(plan, cross)
    sheet_standings.write(plan, standings)
    sheet_cards.write(plan, cards)
    sheet_performance.write(plan, performance)
    if norms is not None:
        norms_sheet(plan, norms)
    book.active = plan.s_rounds
    return book


def page_header(event: RoundRobinEvent, L: dict) -> tuple[str, str]:
    """The header and footer of every printed page: event, place and dates, chief arbiter; sheet and page."""
    h = event.header
    return shared_page_header(h.title, h.place, h.dates, h.arbiter, L["page"], L["arbiter"] + " : {name}")
