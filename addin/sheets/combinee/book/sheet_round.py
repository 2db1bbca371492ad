"""A round sheet (*R1 … Rn*): the printable pairing and the score entry.

Rule (``CombineeEvent.table_results``): nothing counts before the round has started; a bye,
or a withdrawn opponent's game without both scores, gives the bye's points; both scores typed
always count (``Scoring.game``). PM and Pdep are formulas (hidden helper columns M–P hold who
is out and who met whom), with Python's values cached (``game_points``).
"""

from __future__ import annotations

from addin.sheets.combinee.book.plan import NO_ZERO, BookPlan
from addin.sheets.combinee.cells import RoundCols
from addin.sheets.model import PrintSetup
from addin.systems.combinee.event import FICTITIOUS, CombineeEvent


def write(plan: BookPlan, sheet, k: int) -> None:
    """Round ``k``'s sheet: title, instruction line, header, one row per table (``_table``), print setup."""
    C, event, t = RoundCols, plan.event, plan.t
    tables = plan.tables
    phase = event.phases.phase_of(k)
    sheet.set(C.TITLE_ROW, 1, f"{t['title']} — {t['round']} {k} — {t['phase']} {phase}", style="title", text=True)
    sheet.set(C.NOTE_ROW, 1, t["entry"] if phase == 1 else f'{t["entry"]} {t["not_paired"]}', style="note",
              text=True)
    sheet.merge(C.NOTE_ROW, 1, C.NOTE_ROW, C.B)  # printed whole within the pairing's width (issue 11)
    sheet.height(C.NOTE_ROW, 18 if phase == 1 else 45)
    sheet.row(C.HEADER_ROW, 1, [t["table"], t["group"], t["no"], t["player"], t["score"], t["score"], t["player"],
                                t["no"], t["pm"], t["pm"], t["pdep"], t["pdep"], "out_a", "out_b", "opp_a", "opp_b"],
              style="header")
    games = event.rounds[k - 1] if k <= event.paired else ()
    first, last = C.FIRST_ROW, C.FIRST_ROW + tables - 1
    for i in range(tables):
        _table(plan, sheet, k, first + i, i, games)
    for col, width in ((1, 5), (2, 7), (3, 5), (4, 29), (5, 7), (6, 7), (7, 29), (8, 5),
                       (9, 5), (10, 5), (11, 6), (12, 6)):
        sheet.width(col, width)
    sheet.hidden_columns.update(C.HIDDEN)
    sheet.freeze = "A4"
    # the tables of the round: a paired round prints its own (a late entry's table count is not every round's)
    printed = first + len(games) - 1 if games else last
    sheet.print_setup = PrintSetup(area=(f"A1:H{printed}",), repeat_rows=(C.HEADER_ROW, C.HEADER_ROW))


def _table(plan: BookPlan, sheet, k: int, r: int, i: int, games) -> None:
    """Table ``i + 1`` of round ``k`` on row ``r``: its pairing, the typed scores, the names with
    their forfeit/bye marks, PM and Pdep (formulas, Python's values cached) and the hidden columns."""
    C, event, t = RoundCols, plan.event, plan.t
    started = f"INDEX(CB_Started,{k})"
    sheet.set(r, C.TABLE, i + 1, style="number")
    game = games[i] if i < len(games) else None
    sheet.set(r, C.GROUP, None if game is None else game.group, style="number")
    sheet.set(r, C.A, None if game is None else game.a, style="number")
    sheet.set(r, C.B, None if game is None else game.b, style="number", number_format=NO_ZERO)
    sa, sb = event.score(k, i + 1)
    sheet.set(r, C.SCORE_A, sa, style="input_center", text=isinstance(sa, str))
    sheet.set(r, C.SCORE_B, sb, style="input_center", text=isinstance(sb, str))
    c, e, f, h = f"$C{r}", f"$E{r}", f"$F{r}", f"$H{r}"
    m, nn = f"$M{r}", f"$N{r}"
    name_a = "" if game is None else event.player(game.a).name
    name_b = "" if game is None else t["bye"] if game.b == FICTITIOUS else event.player(game.b).name
    (pm_a_value, pdep_a_value), (pm_b_value, pdep_b_value) = game_points(event, k, game, sa, sb)
    # a player withdrawn by this round: "— forfait", his opponent "— exempt" (FFE), from the Players
    # sheet's withdrawal cells (the hidden OUT columns)
    mark_a = f'IF({m}=1," — {t["mark_forfeit"]}",IF(AND({nn}=1,N({h})>0)," — {t["mark_bye"]}",""))'
    mark_b = f'IF({nn}=1," — {t["mark_forfeit"]}",IF({m}=1," — {t["mark_bye"]}",""))'
    if game is not None:
        out_a = event.out(game.a, k)
        out_b = game.b != FICTITIOUS and event.out(game.b, k)
        name_a += f' — {t["mark_forfeit"]}' if out_a else f' — {t["mark_bye"]}' if out_b else ""
        if game.b != FICTITIOUS:
            name_b += f' — {t["mark_forfeit"]}' if out_b else f' — {t["mark_bye"]}' if out_a else ""
    sheet.formula(r, C.NAME_A, f'=IF({c}="","",INDEX(CB_Names,{c})&{mark_a})', style="cell", cached=name_a)
    sheet.formula(r, C.NAME_B, f'=IF({h}="","",IF({h}=0,"{t["bye"]}",INDEX(CB_Names,{h})&{mark_b}))',
                  style="cell", cached=name_b)
    for col, who in ((C.OUT_A, c), (C.OUT_B, h)):
        sheet.formula(r, col, f"=IF(N({who})=0,0,IF(AND(N(INDEX(CB_Out,{who}))>0,"
                              f"N(INDEX(CB_Out,{who}))<={k}),1,0))", style="hidden_calc")
    bye = f"N({h})=0"
    typed = f'AND({e}<>"",{f}<>"")'
    blank = f'OR({e}="",{f}="")'
    fa, fb = f'UPPER({e})="F"', f'UPPER({f})="F"'
    pm_a = f"IF({fa},CB_Forfeit,IF({fb},CB_Win,IF({e}>{f},CB_Win,IF({e}={f},CB_Draw,CB_Loss))))"
    pm_b = f"IF({fb},CB_Forfeit,IF({fa},CB_Win,IF({f}>{e},CB_Win,IF({e}={f},CB_Draw,CB_Loss))))"
    pdep_a = (f'IF({fa},IF({fb},0,-CB_ForfeitPdep),IF({fb},CB_ForfeitPdep,'
              f'IF(CB_Cap="",{e}-{f},MAX(-CB_Cap,MIN(CB_Cap,{e}-{f})))))')
    pdep_b = (f'IF({fb},IF({fa},0,-CB_ForfeitPdep),IF({fa},CB_ForfeitPdep,'
              f'IF(CB_Cap="",{f}-{e},MAX(-CB_Cap,MIN(CB_Cap,{f}-{e})))))')
    sheet.formula(r, C.PM_A, f'=IF({c}="","",IF({started}=0,"",IF({bye},IF({m}=1,"",CB_ByePM),'
                             f'IF({typed},{pm_a},IF(AND({m}=0,{nn}=1),CB_ByePM,"")))))', style="number",
                  cached=pm_a_value)
    sheet.formula(r, C.PDEP_A, f'=IF({c}="","",IF({started}=0,"",IF({bye},IF({m}=1,"",CB_ByePdep),'
                               f'IF({typed},{pdep_a},IF(AND({m}=0,{nn}=1),CB_ByePdep,"")))))', style="number",
                  cached=pdep_a_value)
    sheet.formula(r, C.PM_B, f'=IF(OR({c}="",{bye}),"",IF({started}=0,"",'
                             f'IF({typed},{pm_b},IF(AND({nn}=0,{m}=1),CB_ByePM,""))))', style="number",
                  cached=pm_b_value)
    sheet.formula(r, C.PDEP_B, f'=IF(OR({c}="",{bye}),"",IF({started}=0,"",'
                               f'IF({typed},{pdep_b},IF(AND({nn}=0,{m}=1),CB_ByePdep,""))))', style="number",
                  cached=pdep_b_value)
    sheet.formula(r, C.OPP_A, f"=IF(OR({bye},AND({blank},{nn}=1)),0,N({h}))", style="hidden_calc")
    sheet.formula(r, C.OPP_B, f"=IF(AND({blank},{m}=1),0,N({c}))", style="hidden_calc")


def game_points(event: CombineeEvent, k: int, game, sa, sb) -> tuple[tuple, tuple]:
    """``((PM, Pdep) of a, (PM, Pdep) of b)`` a round sheet shows for a table ("" where it shows nothing).

    The rules of ``CombineeEvent.table_results``: nothing before the round has started; a
    bye, or a withdrawn opponent's game without both scores, gives the bye's points; both
    scores typed always count (``Scoring.game``).
    """
    none = ("", "")
    if game is None or not event.started(k):
        return none, none
    rules = event.rules
    bye = (rules.bye_points, rules.bye_pdep)
    if game.b == FICTITIOUS:
        return (none if event.out(game.a, k) else bye), none
    if sa is not None and sb is not None:
        return rules.game(sa, sb), rules.game(sb, sa)
    a_out, b_out = event.out(game.a, k), event.out(game.b, k)
    return (bye if b_out and not a_out else none), (bye if a_out and not b_out else none)
