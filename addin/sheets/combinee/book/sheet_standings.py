"""The *Classement/Standings* sheet: live standings (rank, PM, PPM, Pdep) sorted by formulas.

Rule (``addin.systems.combinee.ranking``): PM and Pdep are sums over the Calc ledger plus the
late entry's credit per started round missed; PPM applies among players tied on PM only if each
has met every other with a typed result (the ``first`` flag counts each opponent once); the
hidden columns H:U hold the per-player computation; Python's standings are the cached values: the
report's figures (``addin.report.combinee.figures``, the standings after the last round begun), so that
the sheet caches the report's last standings table.
"""

from __future__ import annotations

from addin.sheets.combinee.book.plan import BookPlan
from addin.sheets.combinee.cells import StandingsCols
from addin.sheets.model import PrintSetup, col_letter, quote_sheet
from addin.systems.combinee.event import CombineeEvent


def write(plan: BookPlan, sheet) -> None:
    """The ranking: a title, after which round it stands, then the table sorted by formulas (rank,
    number, name, PM, PPM, Pdep, club, remark: "abandon ronde R", "arrivée ronde R", from the
    Players sheet) with the values Python computes, for previews; per-player computation (by
    number) in H:U of the same rows, hidden (``StandingsCols``)."""
    S, event, t, n, total = StandingsCols, plan.event, plan.t, plan.n, plan.total
    table = plan.standings  # the report's figures: one computation of the standings a write
    q = quote_sheet(plan.names["calc"])
    last = plan.ledger_rows + 1
    col = lambda letter: f"{q}!${letter}$2:${letter}${last}"  # noqa: E731
    players, opp, pm, pdep, first, opp_pm = col("A"), col("B"), col("C"), col("D"), col("F"), col("G")
    rounds = f"{q}!$I$2:$I${total + 1}"
    started = f"{q}!$K$2:$K${total + 1}"
    top, end = S.FIRST_ROW, S.FIRST_ROW + n - 1
    rng = lambda letter: f"${letter}${top}:${letter}${end}"  # noqa: E731
    title = event.header.title
    sheet.set(S.TITLE_ROW, 1, f'{t["final_title"]} — {title}' if title else t["final_title"], style="title", text=True)
    sheet.row(S.HEADER_ROW, 1, [t["rank"], t["no"], t["name"], t["pm"], t["ppm"], t["pdep"], t["club"]],
              style="header")
    sheet.set(S.HEADER_ROW, S.REMARK, t["remark"], style="header", text=True)
    sheet.row(S.HEADER_ROW, 8, ["no", "", "pm", "pdep", "tied", "met", "allmet", "ppm_raw", "ppm", "key", "rank",
                                "sortkey", "index", "missed"], style="header")
    for i in range(1, n + 1):
        r = top + i - 1
        sheet.set(r, 8, i, style="hidden_calc")                                   # H no
        sheet.formula(r, 21, f'=IF(N(INDEX(CB_Join,H{r}))>1,COUNTIFS({rounds},"<"&INDEX(CB_Join,H{r}),'
                             f'{started},1),0)', style="hidden_calc")              # U missed rounds
        sheet.formula(r, 10, f"=SUMIF({players},H{r},{pm})+CB_LatePM*U{r}", style="hidden_calc")  # J pm
        sheet.formula(r, 11, f"=SUMIF({players},H{r},{pdep})+CB_LatePdep*U{r}", style="hidden_calc")  # K pdep
        sheet.formula(r, 12, f"=COUNTIF({rng('J')},J{r})", style="hidden_calc")     # L tied
        sheet.formula(r, 13, f"=COUNTIFS({players},H{r},{first},1,{opp_pm},J{r})", style="hidden_calc")  # M met
        sheet.formula(r, 14, f"=IF(M{r}=L{r}-1,1,0)", style="hidden_calc")         # N allmet
        sheet.formula(r, 15, f"=SUMIFS({pm},{players},H{r},{opp_pm},J{r})", style="hidden_calc")  # O raw
        sheet.formula(r, 16, f'=IF(AND(L{r}>1,COUNTIFS({rng("J")},J{r},{rng("N")},0)=0),O{r},"")',
                      style="hidden_calc")                                          # P ppm
        sheet.formula(r, 17, f"=J{r}*10000000000+N(P{r})*10000000+K{r}+5000000", style="hidden_calc")  # Q key
        sheet.formula(r, 18, f"=RANK(Q{r},{rng('Q')},0)", style="hidden_calc")     # R rank
        sheet.formula(r, 19, f"=R{r}*10000+H{r}", style="hidden_calc")             # S sortkey
        sheet.formula(r, 20, f"=MATCH(SMALL({rng('S')},{i}),{rng('S')},0)", style="hidden_calc")  # T index
        line = table[i - 1]
        player = event.player(line.player)
        sheet.formula(r, 1, f"=INDEX({rng('R')},T{r})", style="number", cached=line.rank)
        sheet.formula(r, 2, f"=INDEX({rng('H')},T{r})", style="number", cached=line.player)
        sheet.formula(r, 3, f"=INDEX(CB_Names,T{r})", style="cell", cached=player.name)
        sheet.formula(r, 4, f"=INDEX({rng('J')},T{r})", style="number", cached=line.pm)
        sheet.formula(r, 5, f'=IF(INDEX({rng("P")},T{r})="","",INDEX({rng("P")},T{r}))', style="number",
                      cached="" if line.ppm is None else line.ppm)
        sheet.formula(r, 6, f"=INDEX({rng('K')},T{r})", style="number", cached=line.pdep)
        sheet.formula(r, S.CLUB, f'=INDEX(CB_Clubs,T{r})&""', style="cell", cached=player.club or "")
        out, join = f"N(INDEX(CB_Out,T{r}))", f"N(INDEX(CB_Join,T{r}))"
        sheet.formula(r, S.REMARK, f'=IF({out}>0,"{t["mark_withdrawn"]} "&{out},"")&IF(AND({out}>0,{join}>1),"; ","")'
                                   f'&IF({join}>1,"{t["mark_joined"]} "&{join},"")', style="cell",
                      cached=_remark(event, line.player, t))
    sheet.hidden_columns.update(range(8, 22))
    for c, width in ((1, 6), (2, 5), (3, 27), (4, 6), (5, 6), (6, 7), (7, 16), (S.REMARK, 18)):
        sheet.width(c, width)
    last = plan.last
    sheet.formula(S.AFTER_ROW, 1, f'=IF(SUM(CB_Started)=0,"{t["no_result_yet"]}","{t["after_round"]} "'
                                  f'&SUM(CB_Started)&" / {total}")', style="subtitle",
                  cached=f'{t["after_round"]} {last} / {total}' if last else t["no_result_yet"])
    sheet.freeze = f"A{top}"
    sheet.print_setup = PrintSetup(area=(f"A1:{col_letter(S.REMARK)}{end}",), repeat_rows=(S.HEADER_ROW, S.HEADER_ROW),
                                   fit_width=1)


def _remark(event: CombineeEvent, number: int, t) -> str:
    """The standings' remark of a player (the rule of its formula)."""
    parts = []
    if event.withdrawn.get(number):
        parts.append(f'{t["mark_withdrawn"]} {event.withdrawn[number]}')
    if event.player(number).joined > 1:
        parts.append(f'{t["mark_joined"]} {event.player(number).joined}')
    return "; ".join(parts)
