"""The hidden *Calcul/Calc* sheet: the ledger the standings sum over.

Rule: one row per player and game (two per table and round: player, opponent, PM, Pdep, the
key player×10000+opponent and whether it is the first game of that pair, the opponent's PM),
then one row per round saying how many scores are typed and whether the round has started
(a score typed in it or in a later one).
"""

from __future__ import annotations

from addin.sheets.combinee.book.plan import BookPlan
from addin.sheets.combinee.cells import CalcCols, RoundCols, StandingsCols
from addin.sheets.model import col_letter, quote_sheet


def write(plan: BookPlan, sheet) -> None:
    C, R = CalcCols, RoundCols
    round_sheets, tables, standings_name, n = plan.round_sheets, plan.tables, plan.names["standings"], plan.n
    sheet.row(1, 1, ["player", "opponent", "pm", "pdep", "key", "first", "opp_pm", "", "round", "typed", "started"])
    last = C.FIRST_ROW - 1 + len(round_sheets) * tables * 2
    keys = f"$E${C.FIRST_ROW}:$E${last}"
    top = StandingsCols.FIRST_ROW
    pm_col = f"{quote_sheet(standings_name)}!$J${top}:$J${top + n - 1}"
    row = C.FIRST_ROW
    for name in round_sheets:
        q = quote_sheet(name)
        for i in range(tables):
            r = R.FIRST_ROW + i
            a, b = f"{q}!$C${r}", f"{q}!$H${r}"
            col = lambda number: f"{q}!${col_letter(number)}${r}"  # noqa: E731
            for side in (0, 1):
                if side == 0:
                    sheet.formula(row, C.PLAYER, f'=IF({a}="","",{a})')
                    sheet.formula(row, C.OPPONENT, f"={col(R.OPP_A)}")
                    sheet.formula(row, C.PM, f"={col(R.PM_A)}")
                    sheet.formula(row, C.PDEP, f"={col(R.PDEP_A)}")
                else:
                    sheet.formula(row, C.PLAYER, f'=IF(N({b})=0,"",{b})')
                    sheet.formula(row, C.OPPONENT, f"={col(R.OPP_B)}")
                    sheet.formula(row, C.PM, f"={col(R.PM_B)}")
                    sheet.formula(row, C.PDEP, f"={col(R.PDEP_B)}")
                sheet.formula(row, C.KEY, f'=IF(OR(A{row}="",C{row}=""),"",A{row}*10000+B{row})')
                sheet.formula(row, C.FIRST, f'=IF(E{row}="",0,IF(MATCH(E{row},{keys},0)={row - 1},1,0))')
                sheet.formula(row, C.OPP_PM, f'=IF(OR(E{row}="",B{row}=0),"",INDEX({pm_col},B{row}))')
                row += 1
    total = len(round_sheets)
    end = C.FIRST_ROW + total - 1
    for k, name in enumerate(round_sheets, 1):
        r = C.FIRST_ROW + k - 1
        q = quote_sheet(name)
        scores = f"{q}!$E${R.FIRST_ROW}:$F${R.FIRST_ROW + tables - 1}"
        sheet.set(r, C.ROUND, k)
        sheet.formula(r, C.TYPED, f"=COUNTA({scores})")
        sheet.formula(r, C.STARTED, f"=IF(SUM($J${r}:$J${end})>0,1,0)")
