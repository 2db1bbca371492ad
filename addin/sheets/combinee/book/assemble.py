"""The Formule Combinée event workbook put together: its sheets in tab order, each written by its
module from one plan (``plan.BookPlan``: the event, its labels, the report's figures, the sheets' names),
the defined names the formulas read (``CB_Names``, ``CB_Out``, ``CB_Join``, ``CB_Clubs``,
``CB_Started`` and the settings' ``CB_*``) and the header and footer of every printed page."""

from __future__ import annotations

from addin.sheets.combinee.book import (sheet_calc, sheet_groups, sheet_players, sheet_round, sheet_settings,
                                        sheet_standings)
from addin.sheets.combinee.book.plan import NOTE, plan_book
from addin.sheets.combinee.cells import CalcCols, PlayersCols
from addin.sheets.keys import key_sheet
from addin.sheets.model import WorkbookLayout
from addin.sheets.page import page_header
from addin.systems.combinee.event import CombineeEvent


def build_book(event: CombineeEvent) -> WorkbookLayout:
    """Every sheet of the event, from its state and its figures (one plan, ``plan.plan_book``)."""
    plan = plan_book(event)
    t, names, n, total = plan.t, plan.names, plan.n, plan.total
    book = WorkbookLayout(title=t["title"])
    book.styles["note"] = NOTE
    h = event.header
    book.header, book.footer = page_header(h.title, h.place, h.dates, h.arbiter, t["page"], t["arbiter"] + " : {name}")
    players = book.add_sheet(names["players"])
    groups = book.add_sheet(names["groups"])
    round_sheets = [book.add_sheet(name) for name in plan.round_sheets]
    standing = book.add_sheet(names["standings"])
    settings = book.add_sheet(names["settings"])
    calc = book.add_sheet(names["calc"], hidden=True)
    book.active = round_sheets[min(max(event.paired, 1), total) - 1].name

    sheet_settings.write(plan, book, settings)
    sheet_players.write(plan, players)
    first, last = PlayersCols.FIRST_ROW, PlayersCols.FIRST_ROW + n - 1
    book.define_name("CB_Names", players.ref_range(first, PlayersCols.NAME, last, PlayersCols.NAME))
    book.define_name("CB_Out", players.ref_range(first, PlayersCols.WITHDRAWN, last, PlayersCols.WITHDRAWN))
    book.define_name("CB_Join", players.ref_range(first, PlayersCols.JOINED, last, PlayersCols.JOINED))
    book.define_name("CB_Clubs", players.ref_range(first, PlayersCols.CLUB, last, PlayersCols.CLUB))
    book.define_name("CB_Started", calc.ref_range(CalcCols.FIRST_ROW, CalcCols.STARTED,
                                                  CalcCols.FIRST_ROW + total - 1, CalcCols.STARTED))
    sheet_groups.write(plan, groups)
    for k, sheet in enumerate(round_sheets, 1):
        sheet_round.write(plan, sheet, k)
    sheet_calc.write(plan, calc)
    sheet_standings.write(plan, standing)
    book.sheets.append(key_sheet(event.header.lang, (("players", p.number, p.name) for p in event.players)))
    return book
