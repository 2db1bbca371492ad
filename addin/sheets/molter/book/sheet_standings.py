"""The Standings sheet ("Classement"): the team standings, sorted by the formulas themselves.

Seed 001, "Classement des équipes", and the ranking rule chosen on the Teams sheet
(``addin.systems.molter.ranking``): per team its place, letter, name, points, Berlin, wins,
head-to-head, the points of each board, its withdrawal round and, under the ``ffe-cups`` rule,
its average rating. The Calc sheet ranks the teams (place = 1 + the teams ahead, ties sharing
the place) and numbers them by place, then letter; row k takes the team numbered k
(``MATCH`` in a hidden helper column, then ``INDEX``). A line above says after which round the
figures are.
"""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout, col_letter, quote_sheet, range_ref, ref
from addin.sheets.molter.book.plan import BookPlan
from addin.sheets.molter.cells import TEAMS_FIRST_ROW, RoundCols, TeamsCols
from addin.sheets.molter.labels import ranking_word
from addin.systems.molter.ranking import CUP_RULE


def header(plan: BookPlan) -> list[str]:
    """The standings' column headings (the rating's only under the ``ffe-cups`` rule)."""
    L, p = plan.L, plan.p
    cup = plan.event.ranking == CUP_RULE
    return [L["place"], L["team"], L["name"], L["points"], L["berlin"], L["wins"], L["h2h"]] + \
        [L["board_n"].format(k=k) for k in range(1, p + 1)] + [L["withdrawn_short"]] + \
        ([L["rating_avg"]] if cup else [])


def write(plan: BookPlan, s: SheetLayout) -> None:
    """The Standings sheet: its title and rule, the header, one row per place, the print set-up."""
    L, n, p = plan.L, plan.n, plan.p
    cup = plan.event.ranking == CUP_RULE
    s.set(1, 1, f'{L["standings_title"]} — {ranking_word(L, plan.event.ranking)}', style="title", text=True)
    note = L["standings_note_ffe-cups"] if cup else L["standings_note"]
    s.set(2, 1, note.format(p=p, p1=p - 1), style="subtitle", text=True)
    head = header(plan)
    s.row(3, 1, head, style="header")
    helper = len(head) + 1
    after_round(plan, s)
    write_rows(plan, s, helper)
    s.hidden_columns.add(helper)
    s.width(1, 7)
    s.width(2, 8)
    s.width(3, 28)
    for c in range(4, helper):
        s.width(c, 10 if c < 8 else 7)
    s.width(7, 16)  # "Confrontations" on one line, not "Confrontat/ions"
    s.width(8 + p, 11)
    if cup:
        s.width(9 + p, 14)
    s.print_setup = PrintSetup(area=(range_ref(1, 1, 3 + n, helper - 1),), orientation="landscape",
                               fit_height=1)


def write_rows(plan: BookPlan, s: SheetLayout, helper: int) -> None:
    """Row 3 + k: the team at position k of the Calc sheet (its row found in column ``helper``)."""
    n, p, calc = plan.n, plan.p, plan.calc
    cup = plan.event.ranking == CUP_RULE
    cs = quote_sheet(plan.names["calc"])
    first, last = calc.team_first_row, calc.team_last_row
    teams_sheet = quote_sheet(plan.names["teams"])
    teams_names = f"{teams_sheet}!{range_ref(TEAMS_FIRST_ROW, TeamsCols.NAME, TEAMS_FIRST_ROW + n - 1, TeamsCols.NAME)}"
    withdrawn = (f"{teams_sheet}!"
                 f"{range_ref(TEAMS_FIRST_ROW, TeamsCols.WITHDRAWN, TEAMS_FIRST_ROW + n - 1, TeamsCols.WITHDRAWN)}")
    ratings = f"{teams_sheet}!{range_ref(TEAMS_FIRST_ROW, plan.rating_col, TEAMS_FIRST_ROW + n - 1, plan.rating_col)}"

    def col_range(col):
        return f"{cs}!{range_ref(first, col, last, col)}"

    for k in range(1, n + 1):
        row = 3 + k
        st = plan.standing[plan.order[k - 1]]
        team = plan.event.team(st.team)
        s.formula(row, helper, f"=MATCH({k},{col_range(calc.pos_col)},0)", style="hidden_calc")
        idx = f"${col_letter(helper)}{row}"
        s.formula(row, 1, f"=INDEX({col_range(calc.rank_col)},{idx})", style="number", cached=st.place)
        s.formula(row, 2, f"=INDEX({col_range(calc.LETTER)},{idx})", style="center", cached=st.team)
        s.formula(row, 3, f'=INDEX({teams_names},{idx})&""', style="cell", cached=team.name)
        for col, src, value in ((4, calc.POINTS, st.points), (5, calc.BERLIN, st.berlin), (6, calc.WINS, st.wins),
                                (7, calc.H2H, st.head_to_head)):
            s.formula(row, col, f"=INDEX({col_range(src)},{idx})", style="number", cached=value)
        for kk in range(1, p + 1):
            s.formula(row, 7 + kk, f"=INDEX({col_range(calc.board_col(kk))},{idx})", style="number",
                      cached=st.boards[kk - 1])
        s.formula(row, 8 + p, f'=IF(INDEX({withdrawn},{idx})="","",INDEX({withdrawn},{idx}))', style="number",
                  cached=plan.event.withdrawn.get(st.team, ""))
        if cup:
            s.formula(row, 9 + p, f'=IF(ISNUMBER(INDEX({ratings},{idx})),INDEX({ratings},{idx}),"")',
                      style="number", cached="" if st.rating is None else st.rating)


def after_round(plan: BookPlan, s: SheetLayout) -> None:
    """After which round the standings are ("After round 3 / 7"): the last round with a typed result."""
    L = plan.L
    started = ",".join(f"{r}*{quote_sheet(name)}!{ref(RoundCols.STARTED_ROW, RoundCols.EFFECTIVE, True, True)}"
                       for r, name in enumerate(plan.round_sheets, 1))
    text = L["after_round"].replace("{n}", str(plan.r)).split("{r}")
    s.formula(1, 4, f'=IF(MAX({started})=0,"{L["no_result_yet"]}","{text[0]}"&MAX({started})&"{text[1]}")',
              style="subtitle",
              cached=L["after_round"].format(r=plan.last_round, n=plan.r) if plan.last_round
              else L["no_result_yet"])
