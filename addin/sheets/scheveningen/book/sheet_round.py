"""A round sheet ("Ronde r"): the round's boards, the results typed, the round's score.

The pairings of the table of :mod:`addin.systems.scheveningen` (board, White, result, Black; the
names follow the Line-ups sheet by formula), the result typed White first (a drop-down list of the
codes), a check that flags a code the workbook does not know, and the round's score per team. The
rule: hidden columns turn each result into each team's points (1, ½, 0; a forfeit 1 to the player
present, 0 to both in a double forfeit) and each player's crosstable symbol; every other formula of
the workbook reads them.
"""

from __future__ import annotations

from addin.core.results import RESULT_CODES, WORKBOOK_CODES, WORKBOOK_RESULT_CODES, score
from addin.sheets.model import PrintSetup, SheetLayout, ref
from addin.sheets.scheveningen.book.plan import BookPlan, num
from addin.sheets.scheveningen.cells import RoundCols
from addin.systems.scheveningen_match import BLACK_SYMBOL, WHITE_SYMBOL


def nested_if(cell: str, pairs: list[tuple[str, object]], otherwise: str = '""') -> str:
    """``IF(cell="a",x,IF(cell="b",y,…otherwise))`` (text values quoted)."""
    out = otherwise
    for code, value in reversed(pairs):
        shown = f'"{value}"' if isinstance(value, str) else f"{value:g}"
        out = f'IF({cell}="{code}",{shown},{out})'
    return out


def side_points(cell: str, white: bool) -> str:
    """The points the result in ``cell`` gives White (or Black), "" for no or an unknown code."""
    return nested_if(cell, [(WORKBOOK_CODES[c], score(c)[0 if white else 1]) for c in RESULT_CODES])


def side_symbol(cell: str, white: bool) -> str:
    """The crosstable symbol the result in ``cell`` gives White (or Black)."""
    table = WHITE_SYMBOL if white else BLACK_SYMBOL
    return nested_if(cell, [(WORKBOOK_CODES[c], table[c]) for c in RESULT_CODES])


def write(plan: BookPlan, sh: SheetLayout, rnd: int) -> None:
    """Round ``rnd``'s sheet: title, one row per board, the score row, hidden helpers, print set-up."""
    L, m, C, n = plan.L, plan.match, RoundCols, plan.n
    sh.formula(C.TITLE_ROW, 1, f'="{L["round_title"].format(r=rnd)} : "&{plan.team_name_ref("A")}&" – "&'
                               f'{plan.team_name_ref("B")}', "title",
               cached=f'{L["round_title"].format(r=rnd)} : {m.team_a} – {m.team_b}')
    sh.set(C.SUBTITLE_ROW, 1, L["round_help"], "subtitle", text=True)
    sh.row(C.HEADER_ROW, 1, [L["board"], L["white"], "", L["result"], L["black"], "", L["check"]], "header")
    sh.merge(C.HEADER_ROW, C.WHITE, C.HEADER_ROW, C.WHITE_NAME)
    sh.merge(C.HEADER_ROW, C.BLACK, C.HEADER_ROW, C.BLACK_NAME)
    write_boards(plan, sh, rnd)
    first, last = C.FIRST_ROW, C.FIRST_ROW + n - 1
    sh.validation(f"{ref(first, C.RESULT)}:{ref(last, C.RESULT)}", WORKBOOK_RESULT_CODES)
    srow = C.score_row(n)
    s = plan.round_scores[rnd]
    sh.set(srow, C.WHITE, L["score"], "team_name", text=True)
    sh.formula(srow, C.WHITE_NAME, f"={plan.team_name_ref('A')}", "team_name", cached=m.team_a)
    sh.formula(srow, C.RESULT, f"=SUM({ref(first, C.A_POINTS)}:{ref(last, C.A_POINTS)})", "score",
               cached=num(s.a))
    sh.formula(srow, C.BLACK, f"=SUM({ref(first, C.B_POINTS)}:{ref(last, C.B_POINTS)})", "score",
               cached=num(s.b))
    sh.formula(srow, C.BLACK_NAME, f"={plan.team_name_ref('B')}", "team_name", cached=m.team_b)
    sh.hidden_columns.update({C.A_POINTS, C.B_POINTS, C.A_SYMBOL, C.B_SYMBOL})
    for col, width in ((C.BOARD, 6), (C.WHITE, 5), (C.WHITE_NAME, 28), (C.RESULT, 11), (C.BLACK, 5),
                       (C.BLACK_NAME, 28), (C.CHECK, 14)):
        sh.width(col, width)
    sh.print_setup = PrintSetup(area=(f"A1:{ref(srow, C.CHECK)}",), fit_width=1, fit_height=1)


def write_boards(plan: BookPlan, sh: SheetLayout, rnd: int) -> None:
    """One row per board: the players' numbers and names, the result, the hidden points and symbols, the check."""
    L, m, C = plan.L, plan.match, RoundCols
    for pairing in m.pairings(rnd):
        row = C.FIRST_ROW + pairing.board - 1
        code = m.results.get((rnd, pairing.board))
        white, black = (("A", pairing.a), ("B", pairing.b)) if pairing.a_white else (("B", pairing.b),
                                                                                      ("A", pairing.a))
        sh.set(row, C.BOARD, pairing.board, "number")
        for col, (team, number) in ((C.WHITE, white), (C.BLACK, black)):
            sh.set(row, col, f"{team}{number}", "center", text=True)
            sh.formula(row, col + 1, f"={plan.player_ref(team, number)}", "cell",
                       cached=m.players(team)[number - 1].name)
        sh.set(row, C.RESULT, WORKBOOK_CODES[code] if code else None, "input_center", text=True)
        result = ref(row, C.RESULT)
        sh.formula(row, C.A_POINTS, "=" + side_points(result, pairing.a_white))
        sh.formula(row, C.B_POINTS, "=" + side_points(result, not pairing.a_white))
        sh.formula(row, C.A_SYMBOL, "=" + side_symbol(result, pairing.a_white))
        sh.formula(row, C.B_SYMBOL, "=" + side_symbol(result, not pairing.a_white))
        sh.formula(row, C.CHECK, f'=IF(TRIM({result})="","",IF({ref(row, C.A_POINTS)}="","{L["bad_code"]}",""))',
                   "check", cached="")
