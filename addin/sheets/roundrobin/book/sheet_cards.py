"""The Cards sheet: one printable block per round (A4), several rounds a page while they fit."""

from __future__ import annotations

from typing import Iterator

from addin.core.results import WORKBOOK_CODES
from addin.sheets.model import PrintSetup, RowBuffer, SheetLayout, quote_sheet, ref
from addin.sheets.roundrobin.book.plan import BookPlan, sheet_ref
from addin.sheets.roundrobin.cells import RoundsCols

CARD_TITLE_PT = 30
CARD_ROW_PT = 28
DEFAULT_ROW_PT = 15
CARD_PAGE_PT = 700  # printable height of an A4 page with 1.5 cm margins and the page header


def write(plan: BookPlan, s: SheetLayout) -> None:
    """One block per round; several rounds share a page while they fit (A4, 1.5 cm margins)."""
    row = 1
    breaks = []
    page_used = 0.0
    starts = []  # (round, its byes, first row of its block)
    for rnd in plan.event.schedule.rounds:
        byes = [b for b in plan.bye_rows if b[0] == rnd.number]
        height = CARD_TITLE_PT + 2 * DEFAULT_ROW_PT + CARD_ROW_PT * (len(rnd.games) + len(byes)) + DEFAULT_ROW_PT
        if page_used and page_used + height > CARD_PAGE_PT:
            breaks.append(row - 1)
            page_used = 0.0
        page_used += height
        starts.append((rnd, byes, row))
        s.merge(row, 1, row, 5)
        s.height(row, CARD_TITLE_PT)
        row += 3
        for _ in range(len(rnd.games) + len(byes)):
            s.height(row, CARD_ROW_PT)
            row += 1
        row += 1
    s.stream(lambda: _cards_rows(plan, starts))
    for col, width in zip(range(1, 6), (8, 34, 12, 34, 18)):
        s.width(col, width)
    last = max(row - 1, 1)
    s.print_setup = PrintSetup(area=(f"A1:E{last}",), row_breaks=tuple(breaks), margins_cm=1.5, fit_width=1)


def _cards_rows(plan: BookPlan, starts) -> Iterator[tuple[int, dict]]:
    """The cells of each round's block (title, header, one row per game and per bye), in order."""
    L, R = plan.L, RoundsCols
    title = plan.event.header.title
    s = RowBuffer()
    for rnd, byes, row in starts:
        s.set(row, 1, f"{title + ' — ' if title else ''}{L['cards_title']} — {L['round']} {rnd.number}",
              "card_title", text=True)
        row += 2
        for col, key in enumerate(("board", "white", "result", "black", "signature"), 1):
            s.set(row, col, L[key], "header", text=True)
        row += 1
        games = rnd.games
        if games:
            _card_names(plan, s, rnd, row)
        for game in games:
            s.set(row, 1, game.board, "card_center")
            row += 1
        if games:
            _card_forfeits(plan, s, rnd, row - len(games))
        for rn, player, brow in byes:
            s.set(row, 1, None, "card_center")
            s.formula(row, 2, f'={sheet_ref(plan.s_rounds, brow, R.WHITE_NO)}&" "&'
                              f'{sheet_ref(plan.s_rounds, brow, R.WHITE)}', "card_cell",
                      cached=f"{player} {plan.names[player]}")
            s.set(row, 3, L["bye"], "card_center", text=True)
            row += 1
        yield from s.take()


def _card_names(plan: BookPlan, s: RowBuffer, rnd, first: int) -> None:
    """White's and Black's number and name on the card rows of one round (rows ``first``…).

    The round's games lie on consecutive rows here and on the Rounds sheet, so each column is
    one formula filled down (``RowBuffer.fill``), its Rounds references moved with the row.
    """
    R, games = RoundsCols, rnd.games
    shift = plan.game_row[(rnd.number, games[0].board)] - first
    if any(plan.game_row[(rnd.number, g.board)] != first + shift + k for k, g in enumerate(games)):
        raise ValueError("the games of a round must follow each other on the Rounds sheet")
    rounds = quote_sheet(plan.s_rounds)
    last = first + len(games) - 1
    for col, number, name, side in ((2, R.WHITE_NO, R.WHITE, "white"), (4, R.BLACK_NO, R.BLACK, "black")):
        def make(row: int, number: int = number, name: int = name) -> str:
            return f'={rounds}!{ref(row + shift, number)}&" "&{rounds}!{ref(row + shift, name)}'

        def shown(row: int, side: str = side) -> str:
            player = getattr(games[row - first], side)
            return f"{player} {plan.names[player]}"

        s.fill(col, first, last, make, "card_cell", cached=shown)


def _card_forfeits(plan: BookPlan, s: RowBuffer, rnd, first: int) -> None:
    """The result and signature cells of one round's cards (rows ``first``…): blank to be filled
    in, except a game a withdrawn player will not play (FIDE C.05: he is absent from every game
    of the rounds from the one he withdrew from), which shows its forfeit ("0-1 F", "1-0 F",
    "0-0 F") and "forfait (abandon)" instead of a place to sign. From the Rounds sheet's absent
    helper, itself read from the Players sheet's withdrawal cells."""
    R, W, L, games = RoundsCols, WORKBOOK_CODES, plan.L, rnd.games
    shift = plan.game_row[(rnd.number, games[0].board)] - first
    rounds = quote_sheet(plan.s_rounds)
    last = first + len(games) - 1

    def absent(row: int) -> str:
        return f"{rounds}!{ref(row + shift, R.ABSENT)}"

    since = {p: r for p, r in plan.event.withdrawn.items() if r is not None}  # withdrawn from a round on

    def gone(row: int) -> int:
        if not since:  # most events: nobody withdrew (two calls a card row, 40,000 at 200 players)
            return 0
        game = games[row - first]
        return sum(k for k, p in ((1, game.white), (2, game.black)) if p in since and rnd.number >= since[p])

    forfeit = {0: "", 1: W["-+"], 2: W["+-"], 3: W["0-0"]}
    s.fill(3, first, last, lambda row: f'=IF({absent(row)}=3,"{W["0-0"]}",IF({absent(row)}=1,"{W["-+"]}",'
                                       f'IF({absent(row)}=2,"{W["+-"]}","")))', "card_result",
           cached=lambda row: forfeit[gone(row)])
    s.fill(5, first, last, lambda row: f'=IF({absent(row)}>0,"{L["withdrawal_forfeit"]}","")', "card_cell",
           cached=lambda row: L["withdrawal_forfeit"] if gone(row) else "")
