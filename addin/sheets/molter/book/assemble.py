"""The Molter event workbook put together: its sheets in tab order, each written by its module,
the names the buttons and functions read (``MolterResults{r}``, ``MolterStandings``,
``MolterTeams``) and the header and footer of every printed page."""

from __future__ import annotations

from addin.sheets.model import Style, WorkbookLayout
from addin.sheets.molter.book import (sheet_calc, sheet_cards, sheet_envelopes, sheet_grids, sheet_lineups,
                                      sheet_round, sheet_standings, sheet_teams)
from addin.sheets.molter.book.plan import EXTRA_STYLES, BookPlan, plan_book, round_fill
from addin.sheets.molter.cells import ROUND_FIRST_ROW, TEAMS_FIRST_ROW, RoundCols, TeamsCols
from addin.sheets.page import escape, page_header as shared_page_header
from addin.systems.molter.live import MolterEvent


def build_book(event: MolterEvent) -> WorkbookLayout:
    """The sheets of ``event`` (checked by ``layout.event_workbook``)."""
    plan = plan_book(event)
    book = WorkbookLayout(title=event.header.title or plan.L["title"])
    book.header, book.footer = page_header(event, plan.L)
    add_styles(plan, book)
    names = plan.names
    teams = book.add_sheet(names["teams"], freeze=sheet_teams.freeze())
    rounds = [book.add_sheet(name, freeze=f"A{ROUND_FIRST_ROW}", tab_color=round_fill(r))
              for r, name in enumerate(plan.round_sheets, 1)]
    lineups = book.add_sheet(names["lineups"], freeze="B1")
    grids = book.add_sheet(names["grids"])
    standings = book.add_sheet(names["standings"], freeze="C4")
    cards = book.add_sheet(names["cards"])
    envelopes = book.add_sheet(names["envelopes"])
    calc = book.add_sheet(names["calc"], hidden=True)
    sheet_teams.write(plan, teams)
    for r, sheet in enumerate(rounds, 1):
        sheet_round.write(plan, sheet, r)
    sheet_lineups.write(plan, lineups)
    sheet_grids.write(plan, grids)
    sheet_standings.write(plan, standings)
    sheet_cards.write(plan, cards)
    sheet_envelopes.write(plan, envelopes)
    sheet_calc.write(plan, calc)
    book.active = teams.name
    for r, sheet in enumerate(rounds, 1):
        boards = len(event.rounds[r - 1])
        book.define_name(f"MolterResults{r}", sheet.ref_range(ROUND_FIRST_ROW, RoundCols.RESULT,
                                                              ROUND_FIRST_ROW + boards - 1, RoundCols.RESULT))
    book.define_name("MolterStandings", standings.ref_range(4, 1, 3 + plan.n, 7 + plan.p))
    book.define_name("MolterTeams", teams.ref_range(TEAMS_FIRST_ROW, 1, TEAMS_FIRST_ROW + plan.n - 1,
                                                    TeamsCols.FIRST_PLAYER - 1 + plan.width))
    return book


def add_styles(plan: BookPlan, book: WorkbookLayout) -> None:
    """The workbook's own styles, and each round's card styles in the round's fill."""
    book.styles.update(EXTRA_STYLES)
    for r in range(1, plan.r + 1):
        fill = round_fill(r)
        book.styles[f"card_r{r}"] = Style(bold=True, size=22, halign="center", valign="center",
                                          border="medium", fill=fill)
        book.styles[f"card_label_r{r}"] = Style(italic=True, size=9, valign="bottom", fill=fill,
                                                border="thin")


def page_header(event: MolterEvent, L: dict) -> tuple[str, str]:
    """See :func:`event_page_header`; the footer also names the ranking rule (centre)."""
    header, footer = event_page_header(event, L)
    return header, footer.replace("&R", f"&C{escape(L['rank_footer_' + event.ranking])}&R", 1)


def event_page_header(event: MolterEvent, L: dict) -> tuple[str, str]:
    """Header and footer of every printed page (issue 11): the event's title, place and dates, chief
    arbiter; the sheet's name and "Page n / N" (Excel header codes, ``&`` doubled in the texts)."""
    return shared_page_header(event.header.title or L["title"], event.header.place, event.header.dates, event.header.arbiter, L["page"],
                              L["arbiter_header"])
