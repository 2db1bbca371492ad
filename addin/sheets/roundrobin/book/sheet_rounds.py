"""The Rounds sheet: per round its games (the result cells, the only place results are typed), its byes,
and the hidden helpers that decode each result once (``RoundsCols``)."""

from __future__ import annotations

import hashlib
from functools import partial
from typing import Iterator, Mapping

from addin.core.results import RESULT_CODES, WORKBOOK_CODES, WORKBOOK_RESULT_CODES
from addin.sheets.model import (AnyCell, Cell, PrintSetup, RowBlock, RowBuffer, Rows, SheetLayout, Stream,
                                 col_letter, ref)
from addin.sheets.roundrobin.book.plan import BookPlan, result_view, sheet_range
from addin.sheets.roundrobin.cells import SCALAR_COL, PlayersCols, RoundsCols, Scalars
from addin.sheets.roundrobin.pair_code import game_code


def write(plan: BookPlan, s: SheetLayout) -> None:
    """Write the Rounds sheet ``s`` from ``plan``."""
    L, C = plan.L, RoundsCols
    heads = ["round", "board", "number", "white", "result", "black", "number", "check"]
    for col, key in enumerate(heads, 1):
        s.set(C.HEADER_ROW, col, L[key], "header", text=True)
    for _, title_row in plan.round_rows:
        s.merge(title_row, 1, title_row, C.CHECK)
    s.stream(lambda: _rounds_rows(plan))
    s.read_back = partial(read_back, plan)
    # one validation over every result cell (a space-separated list of cells)
    result_cells = [ref(row, C.RESULT) for row in plan.game_row.values()]
    if result_cells:
        s.validation(" ".join(compress(result_cells)), WORKBOOK_RESULT_CODES,
                     error=", ".join(WORKBOOK_RESULT_CODES), title=L["result"])
    for col in range(C.FIRST_HIDDEN, C.LAST_HIDDEN + 1):
        s.hidden_columns.add(col)
    for col, width in zip(range(1, 9), (6, 6, 4, 26, 8, 26, 4, 16)):
        s.width(col, width)
    s.freeze = "A2"
    s.protect = plan.protect
    s.print_setup = PrintSetup(area=(f"A1:{col_letter(C.CHECK)}{max(plan.rounds_last_row, 1)}",),
                               repeat_rows=(1, 1), fit_width=1)


def read_back(plan: BookPlan) -> list[list]:
    """What a read of the written sheet gives in the cells its reader reads (``reader.read_rounds``): the
    header row, and below it each row's round, board, players' numbers and result (a round's title in its
    first cell), every other cell None; proven against the file read back (``tests/sheets/test_rr_read_back.py``).
    A file the organiser has not changed since it was written is then read from these rows
    (``addin.render.file_book``, ``FileBook.known``) instead of its 17.7 MB of XML at 200 players."""
    L, C, event = plan.L, RoundsCols, plan.event
    rows: list[list] = [[L[key] for key in ("round", "board", "number", "white", "result", "black", "number",
                                            "check")]]
    for rnd, title_row in plan.round_rows:
        rows.extend([] for _ in range(title_row - 1 - len(rows)))  # the blank row after a round
        rows.append([f"{L['round']} {rnd.number}"])
        for game in rnd.games:
            code = event.results.get((rnd.number, game.board))
            rows.append([rnd.number, game.board, game.white, None,
                         None if code is None else WORKBOOK_CODES.get(code), None, game.black])
        for player in rnd.byes:
            rows.append([rnd.number, None, player, None, L["bye"]])
    return rows


def _rounds_rows(plan: BookPlan) -> Stream:
    """The rows of the Rounds sheet below its header, a round at a time (``plan.plan_rounds``): its title
    row, then its games and byes as one :class:`RowBlock` made from the round's pairings, its players'
    names, its results and each game's check text (with what every round shares: the language, the
    number of players, the sheets' names), so that the file writer may reuse the XML of a round whose
    block is unchanged (``addin.render.sheet_memo``, ``RowMemo``; ``tests/render/test_row_memo.py``)."""
    L, C, event = plan.L, RoundsCols, plan.event
    names = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.NAME,
                         PlayersCols.FIRST_ROW + plan.n - 1, PlayersCols.NAME)
    withdrawals = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.WITHDRAWN,
                               PlayersCols.FIRST_ROW + plan.n - 1, PlayersCols.WITHDRAWN)
    bye_points = plan.calc(Scalars.BYE_POINTS, SCALAR_COL)
    shared = repr((event.header.lang, plan.n, sorted(L.items()), names, withdrawals, bye_points, plan.calc_col("counted")))
    for rnd, title_row in plan.round_rows:
        first = title_row + 1
        last_game = first + len(rnd.games) - 1
        last = last_game + len(rnd.byes)
        title: dict[int, AnyCell] = {1: Cell(f"{L['round']} {rnd.number}", "round_title", None, False, True)}
        # the round has started once a result is typed in it (withdrawal forfeits count from then)
        if last_game >= first:
            title[C.STARTED] = Cell(f"=IF(SUM({ref(first, C.TYPED)}:{ref(last_game, C.TYPED)})>0,1,0)",
                                    "hidden_calc", None, True, False)
        else:
            title[C.STARTED] = Cell(0, "hidden_calc", None, False, False)
        yield title_row, title
        if last < first:
            continue
        inputs = [shared, rnd.number, title_row, rnd.byes, [plan.names[p] for p in rnd.byes]]
        for game in rnd.games:
            key = (rnd.number, game.board)
            inputs.append((game.board, game.white, game.black, plan.names[game.white], plan.names[game.black],
                           event.results.get(key), _check_text(plan, key, game.white, game.black)))
        digest = hashlib.sha256(repr(inputs).encode("utf-8", "surrogatepass")).hexdigest()
        yield RowBlock(first, last, digest, partial(_round_rows, plan, rnd, title_row, names, withdrawals, bye_points))


def _round_rows(plan: BookPlan, rnd, title_row: int, names: str, withdrawals: str, bye_points: str) -> Rows:
    """The rows of one round's games and byes (below its title row)."""
    L, C, event = plan.L, RoundsCols, plan.event
    s = RowBuffer()
    row = first = title_row + 1
    for game in rnd.games:
        s.set(row, C.ROUND, rnd.number, "center")
        s.set(row, C.BOARD, game.board, "center")
        s.set(row, C.WHITE_NO, game.white, "center")
        code = event.results.get((rnd.number, game.board))
        s.set(row, C.RESULT, None if code is None else WORKBOOK_CODES.get(code), "input_center", number_format="@", text=True)
        s.set(row, C.BLACK_NO, game.black, "center")
        row += 1
    last_game = row - 1
    if last_game >= first:
        _game_cells(plan, s, rnd, first, names, withdrawals, title_row)
    for player in rnd.byes:
        s.set(row, C.ROUND, rnd.number, "center")
        s.set(row, C.WHITE_NO, player, "center")
        s.formula(row, C.WHITE, f"=INDEX({names},{ref(row, C.WHITE_NO)})&\"\"", "cell",
                  cached=plan.names[player])
        s.set(row, C.RESULT, L["bye"], "center", text=True)
        # a bye is credited once its round has started (one result typed)
        if last_game >= first:
            s.formula(row, C.BYE, f"={ref(title_row, C.STARTED)}", "hidden_calc")
        else:
            s.set(row, C.BYE, 0, "hidden_calc")
        s.formula(row, C.WHITE_PS, f"={ref(row, C.ROUND)}*{ref(row, C.BYE)}*{bye_points}", "hidden_calc")
        row += 1
    return s.take()


def _game_cells(plan: BookPlan, s: RowBuffer, rnd, first: int, names: str, withdrawals: str, title_row: int) -> None:
    """The formulas of the games of one round (rows ``first``…, one a game): the players' names,
    then the helpers (``RoundsCols``): absent, typed, effective result, each side's view and
    code, round × points; check.

    Each column is one formula filled down the round's rows (``RowBuffer.fill``: every row's
    text is the first one's moved down; the round's start cell is anchored with ``$``).
    The effective result is the typed one, or else, once the round has started (a
    result typed in it), the forfeit that a withdrawal gives
    (``addin.systems.roundrobin.event.effective_results``): a player whose withdrawal
    cell holds a round number ≤ this game's round is absent. Codes are the workbook's
    (``addin.core.results.WORKBOOK_CODES``).
    """
    C, W, L = RoundsCols, WORKBOOK_CODES, plan.L
    games = rnd.games
    last = first + len(games) - 1
    counted = plan.calc_col("counted")

    def game(row: int):
        return games[row - first]

    s.fill(C.WHITE, first, last, lambda row: f"=INDEX({names},{ref(row, C.WHITE_NO)})&\"\"", "cell",
           cached=lambda row: plan.names[game(row).white])
    s.fill(C.BLACK, first, last, lambda row: f"=INDEX({names},{ref(row, C.BLACK_NO)})&\"\"", "cell",
           cached=lambda row: plan.names[game(row).black])
    # 1 White absent, 2 Black absent, 3 both: the withdrawal cells read once per game
    s.fill(C.ABSENT, first, last,
           lambda row: f"=AND(ISNUMBER(INDEX({withdrawals},{ref(row, C.WHITE_NO)})),"
                       f"{ref(row, C.ROUND)}>=INDEX({withdrawals},{ref(row, C.WHITE_NO)}))"
                       f"+2*AND(ISNUMBER(INDEX({withdrawals},{ref(row, C.BLACK_NO)})),"
                       f"{ref(row, C.ROUND)}>=INDEX({withdrawals},{ref(row, C.BLACK_NO)}))", "hidden_calc")
    def is_one_of(cell: str, codes) -> str:
        return "OR(" + ",".join(f'{cell}="{c}"' for c in codes) + ")"

    s.fill(C.TYPED, first, last, lambda row: f"=IF({is_one_of(ref(row, C.RESULT), WORKBOOK_RESULT_CODES)},"
                                             f"{ref(row, C.ROUND)},0)", "hidden_calc")
    started = ref(title_row, C.STARTED, abs_row=True)
    s.fill(C.EFFECTIVE, first, last,
           lambda row: f'=IF(LEN(TRIM({ref(row, C.RESULT)}))>0,{ref(row, C.RESULT)},IF({started}=0,"",'
                       f'IF({ref(row, C.ABSENT)}=3,"{W["0-0"]}",IF({ref(row, C.ABSENT)}=1,"{W["-+"]}",'
                       f'IF({ref(row, C.ABSENT)}=2,"{W["+-"]}","")))))', "hidden_calc")

    # what each side's crosstable cell shows (the crosstable reads these)
    s.fill(C.WHITE_VIEW, first, last, lambda row: view_formula(ref(row, C.EFFECTIVE), True), "hidden_calc")
    s.fill(C.BLACK_VIEW, first, last, lambda row: view_formula(ref(row, C.EFFECTIVE), False), "hidden_calc")
    # each side's number of the game for Calc's games matrix (pair_code.game_code), 0 without a result
    def game_number(row: int, codes: dict[str, str]) -> str:
        return "=" + by_result(ref(row, C.EFFECTIVE), codes, "0")

    for col, white in ((C.WHITE_CODE, True), (C.BLACK_CODE, False)):
        codes = {code: str(game_code(code, white)) for code in RESULT_CODES}
        s.fill(col, first, last, partial(game_number, codes=codes), "hidden_calc")
    # round × each side's points (his code's low digits: 2 × points) when the opponent counts in the
    # standings (progressive scores)
    def progressive(row: int, code: int, opponent: int) -> str:
        return f"={ref(row, C.ROUND)}*MOD({ref(row, code)},32)/2*INDEX({counted},{ref(row, opponent)})"

    for col, code_col, opponent in ((C.WHITE_PS, C.WHITE_CODE, C.BLACK_NO), (C.BLACK_PS, C.BLACK_CODE, C.WHITE_NO)):
        s.fill(col, first, last, partial(progressive, code=code_col, opponent=opponent), "hidden_calc")
    # a valid code is one whose round is noted in TYPED (rounds count from 1)
    s.fill(C.CHECK, first, last,
           lambda row: f'=IF(LEN(TRIM({ref(row, C.RESULT)}))=0,IF(LEN({ref(row, C.EFFECTIVE)})>0,'
                       f'"{L["withdrawal_forfeit"]}",""),IF({ref(row, C.TYPED)}>0,IF(AND('
                       f'{is_one_of(ref(row, C.EFFECTIVE), (W["1-0"], W["0-1"], W["1/2-1/2"]))},'
                       f'{ref(row, C.ABSENT)}>0),"{L["withdrawn_played"]}",""),"{L["bad_code"]}"))', "check",
           cached=lambda row: _check_text(plan, (rnd.number, game(row).board), game(row).white, game(row).black))


def _check_text(plan: BookPlan, key: tuple[int, int], white: int, black: int) -> str:
    """What the check cell of a game shows (the rule of its formula, from Python's event)."""
    typed = plan.event.results.get(key)
    if typed is None:
        return plan.L["withdrawal_forfeit"] if key in plan.effective else ""
    gone = [p for p in (white, black) if (first_out := plan.event.withdrawn.get(p)) is not None
            and key[0] >= first_out]
    if gone and typed in ("1-0", "0-1", "1/2-1/2"):
        return plan.L["withdrawn_played"]
    return ""


def view_formula(e: str, i_white: bool) -> str:
    """The crosstable text of a result cell ``e`` (workbook codes) seen by White or by Black."""
    return "=" + by_result(e, {code: f'"{result_view(code, i_white)}"' for code in RESULT_CODES}, '""')


def by_result(e: str, values: Mapping[str, str], default: str) -> str:
    """An expression worth ``values[code]`` (formula text) when the cell ``e`` holds the workbook's
    spelling of the canonical ``code`` (``WORKBOOK_CODES``), else ``default``: nested IFs."""
    body = "".join(f'IF({e}="{WORKBOOK_CODES[code]}",{value},' for code, value in values.items())
    return body + default + ")" * len(values)


def compress(cells: list[str]) -> list[str]:
    """Merge single cells of one column on consecutive rows into ``E5:E9`` blocks."""
    from addin.sheets.model import parse_ref

    out: list[str] = []
    start: int | None = None  # the block's first row (None before the first cell); prev, col: its last row, column
    prev = col = 0
    for cell in cells:
        r, c = parse_ref(cell)
        if start is not None and c == col and r == prev + 1:
            prev = r
            continue
        if start is not None:
            out.append(ref(start, col) if start == prev else f"{ref(start, col)}:{ref(prev, col)}")
        start = prev = r
        col = c
    if start is not None:
        out.append(ref(start, col) if start == prev else f"{ref(start, col)}:{ref(prev, col)}")
    return out
