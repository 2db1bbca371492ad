"""The Formule Combinée event workbook put together: its sheets in tab order, each written by its
module, the defined names the formulas read (``CB_Names``, ``CB_Out``, ``CB_Join``, ``CB_Clubs``,
``CB_Started`` and the settings' ``CB_*``) and the header and footer of every printed page."""

from __future__ import annotations

from addin.sheets.combinee.book import (sheet_calc, sheet_groups, sheet_players, sheet_round, sheet_settings,
                                        sheet_standings)
from addin.sheets.combinee.book.plan import NOTE
from addin.sheets.combinee.cells import CalcCols, PlayersCols, round_sheet
from addin.sheets.combinee.labels import LABELS
from addin.sheets.keys import key_sheet
from addin.sheets.model import WorkbookLayout
from addin.sheets.page import page_header
from addin.systems.combinee.event import CombineeEvent


def build_book(event: CombineeEvent) -> WorkbookLayout:
    """Every sheet of the event, from its state."""
    t = LABELS[event.header.lang]
    book = WorkbookLayout(title=t["title"])
    book.styles["note"] = NOTE
    h = event.header
    book.header, book.footer = page_header(h.title, h.place, h.dates, h.arbiter, t["page"], t["arbiter"] + " : {name}")
    n, total = event.n, event.phases.total
    players = book.add_sheet(t["players"])
    groups = book.add_sheet(t["groups"])
    round_sheets = [book.add_sheet(round_sheet(k)) for k in range(1, total + 1)]
    standing = book.add_sheet(t["standings"])
    settings = book.add_sheet(t["settings"])
    calc = book.add_sheet(t["calc"], hidden=True)
    book.active = round_sheets[min(max(event.paired, 1), total) - 1].name

    sheet_settings.write(book, settings, event)
    sheet_players.write(players, event, t)
    first, last = PlayersCols.FIRST_ROW, PlayersCols.FIRST_ROW + n - 1
    book.define_name("CB_Names", players.ref_range(first, PlayersCols.NAME, last, PlayersCols.NAME))
    book.define_name("CB_Out", players.ref_range(first, PlayersCols.WITHDRAWN, last, PlayersCols.WITHDRAWN))
    book.define_name("CB_Join", players.ref_range(first, PlayersCols.JOINED, last, PlayersCols.JOINED))
    book.define_name("CB_Clubs", players.ref_range(first, PlayersCols.CLUB, last, PlayersCols.CLUB))
    book.define_name("CB_Started", calc.ref_range(CalcCols.FIRST_ROW, CalcCols.STARTED,
                                                  CalcCols.FIRST_ROW + total - 1, CalcCols.STARTED))
    sheet_groups.write(groups, event, t)
    for k, sheet in enumerate(round_sheets, 1):
        sheet_round.write(sheet, event, k, t)
    sheet_calc.write(calc, round_sheets, event.tables, standing.name, n)
    sheet_standings.write(standing, calc.name, n, event.tables * 2 * total, total, t, event)
    book.sheets.append(key_sheet(event.header.lang, (("players", p.number, p.name) for p in event.players)))
    return book

