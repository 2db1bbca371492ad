"""A round sheet ("Ronde r"): the board list of round r, where its results are typed.

Per board: the board, White's seat and who plays it (a formula on the Line-ups sheet), the
result (the only input: drop-down list of the workbook's codes, ``cells.WORKBOOK_RESULTS``),
Black's seat and who plays it, each side's points (read in the Calc sheet's code table) and the
forfeit an absence or a withdrawal gives (``addin.systems.molter.live``): a seat does not play
the round when its line-up cell says ``absent`` or its team's withdrawal round is that round or
before (hidden columns WHITE_OUT, BLACK_OUT); its game then counts as a forfeit (``1-0 F``,
``0-1 F``, ``0-0 F``) once a result is typed in the round (hidden STARTED_ROW cell), unless a
result is typed on its board (hidden EFFECTIVE column: the result that counts).
"""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout, col_letter, quote_sheet, range_ref, ref
from addin.sheets.molter.book.plan import BookPlan
from addin.sheets.molter.cells import CODES_FIRST_ROW, ROUND_FIRST_ROW, WORKBOOK_RESULTS, RoundCols, workbook_code
from addin.systems.molter.lineup import ABSENT_WORD
from addin.systems.molter.model import Pairing


def write(plan: BookPlan, s: SheetLayout, r: int) -> None:
    """Round ``r``'s sheet: its header, one row per board, the result list and the print set-up."""
    L, C = plan.L, RoundCols
    rnd = plan.event.rounds[r - 1]
    s.set(1, 1, L["round"].format(r=r), style="title", text=True)
    s.row(ROUND_FIRST_ROW - 1, 1, [L["board"], L["white"], L["white_name"], L["result"], L["black"],
                                   L["black_name"], L["white_pts"], L["black_pts"], L["forfeit"]],
          style="header")
    last = ROUND_FIRST_ROW + len(rnd) - 1
    results = range_ref(ROUND_FIRST_ROW, C.RESULT, last, C.RESULT)
    s.formula(C.STARTED_ROW, C.EFFECTIVE, f"=IF(SUMPRODUCT(LEN(TRIM({results})))>0,1,0)", style="hidden_calc")
    for b, pairing in enumerate(rnd, 1):
        write_board(plan, s, r, b, pairing)
    s.validation(f"{col_letter(C.RESULT)}{ROUND_FIRST_ROW}:{col_letter(C.RESULT)}{last}",
                 [code for code, _ in WORKBOOK_RESULTS], prompt=L["result_prompt"], error=L["result_error"],
                 title=L["result"])
    for col, width in zip(range(1, 10), (7, 9, 26, 11, 9, 26, 10, 10, 17)):
        s.width(col, width)
    s.hidden_columns.update({C.WHITE_OUT, C.BLACK_OUT, C.EFFECTIVE})
    s.print_setup = PrintSetup(area=(range_ref(1, 1, last, C.FORFEIT),),
                               repeat_rows=(ROUND_FIRST_ROW - 1, ROUND_FIRST_ROW - 1), orientation="landscape")


def write_board(plan: BookPlan, s: SheetLayout, r: int, b: int, pairing: Pairing) -> None:
    """Board ``b``'s row: the seats and who plays them, the result typed, the result that counts, the points."""
    C = RoundCols
    row = ROUND_FIRST_ROW + b - 1
    typed = plan.event.results.get((r, b))
    s.set(row, C.BOARD, b, style="number")
    s.set(row, C.WHITE, str(pairing.white), style="center", text=True)
    s.formula(row, C.WHITE_NAME, f"={plan.lineup_ref(pairing.white, r, True)}&\"\"", style="cell",
              cached=plan.name(pairing.white, r))
    s.set(row, C.RESULT, workbook_code(typed) if typed else None, style="input_center", text=bool(typed))
    s.set(row, C.BLACK, str(pairing.black), style="center", text=True)
    s.formula(row, C.BLACK_NAME, f"={plan.lineup_ref(pairing.black, r, True)}&\"\"", style="cell",
              cached=plan.name(pairing.black, r))
    for col, seat in ((C.WHITE_OUT, pairing.white), (C.BLACK_OUT, pairing.black)):
        gone = plan.withdrawn_ref(seat.team_index)
        mark = plan.lineup_ref(seat, r, False)
        s.formula(row, col, f'=IF(OR(LOWER(TRIM({mark}&""))="{ABSENT_WORD}",'
                            f"AND(ISNUMBER({gone}),{gone}<={r})),1,0)", style="hidden_calc")
    started = ref(C.STARTED_ROW, C.EFFECTIVE, True, True)
    d, wo, bo = ref(row, C.RESULT), ref(row, C.WHITE_OUT), ref(row, C.BLACK_OUT)
    s.formula(row, C.EFFECTIVE,
              f'=IF(TRIM({d}&"")<>"",TRIM({d}&""),IF(AND({started}=1,{wo}+{bo}>0),'
              f'IF({wo}+{bo}=2,"0-0 F",IF({wo}=1,"0-1 F","1-0 F")),""))', style="hidden_calc")
    e = ref(row, C.EFFECTIVE, False, True)
    codes = (f"{quote_sheet(plan.names['calc'])}!"
             f"{range_ref(CODES_FIRST_ROW, 1, CODES_FIRST_ROW + len(WORKBOOK_RESULTS) - 1, 3)}")
    for col, which in ((C.WHITE_PTS, 2), (C.BLACK_PTS, 3)):
        s.formula(row, col, f'=IF({e}="","",VLOOKUP({e},{codes},{which},FALSE))', style="number",
                  cached=plan.points(r, b, which == 2))
    derived = plan.effective.get((r, b)) if typed is None else None
    s.formula(row, C.FORFEIT, f'=IF(AND(TRIM({d}&"")="",{e}<>""),{e},"")', style="forfeit",
              cached=workbook_code(derived) if derived else "")
