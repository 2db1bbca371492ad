"""The Performance sheet: each player's rating performance (B.02, C.07 10.1-10.2), from the Calc sheet."""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout, ref
from addin.sheets.roundrobin.book.plan import BookPlan, after_round, sheet_range
from addin.sheets.roundrobin.cells import PERFORMANCE_FIELDS, PERFORMANCE_HEADER_ROW, PlayersCols, SettingsRows


def write(plan: BookPlan, s: SheetLayout) -> None:
    """Each player's rating performance (B.02, C.07 10.1-10.2): the Calc figures, by pairing number."""
    L, n = plan.L, plan.n
    s.set(1, 1, L["perf_title"], "title", text=True)
    after_round(plan, s, 2)
    hr = PERFORMANCE_HEADER_ROW
    for col, key in enumerate(PERFORMANCE_FIELDS, 1):
        s.set(hr, col, L[key], "header", text=True)
    names = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.NAME,
                         PlayersCols.FIRST_ROW + n - 1, PlayersCols.NAME)
    k_cell = plan.settings(SettingsRows.K_FACTOR)
    for i in range(1, n + 1):
        row = hr + i
        p = plan.perf[i]
        c = lambda name: plan.calc(1 + i, plan.cc[name])  # noqa: E731
        blank = lambda v: "" if v is None else v  # noqa: E731
        s.set(row, 1, i, "center")
        s.formula(row, 2, f'=INDEX({names},{i})&""', "cell", cached=plan.names[i])
        s.formula(row, 3, f'=IF({c("rating")}>0,{c("rating")},"")', "number", cached=blank(plan.ratings[i]))
        s.formula(row, 4, f"={c('rgames')}", "number", cached=p.games)
        s.formula(row, 5, f"={c('rscore')}", "number", cached=p.score)
        s.formula(row, 6, f"={c('aro')}", "number", cached=blank(p.aro))
        s.formula(row, 7, f"={c('tpr')}", "number", cached=blank(p.tpr))
        s.formula(row, 8, f'=IF(ISNUMBER({c("rexp")}),{c("rexp")}/100,"")', "number",
                  cached="" if p.expected is None else p.expected / 100)
        s.formula(row, 9, f'=IF(ISNUMBER({c("rexp")}),{k_cell},"")', "number",
                  cached="" if p.expected is None else plan.event.k_factor)
        s.formula(row, 10, f"={c('rchange')}", "number", cached=blank(p.change))
    for col, width in zip(range(1, 11), (5, 28, 7, 9, 7, 9, 7, 9, 5, 9)):
        s.width(col, width)
    s.height(hr, 30)  # "Parties évaluées", "Score attendu" on two lines
    s.freeze = ref(hr + 1, 3)
    s.protect = plan.protect
    s.print_setup = PrintSetup(area=(f"A1:J{hr + n}",), repeat_rows=(hr, hr), fit_width=1)
