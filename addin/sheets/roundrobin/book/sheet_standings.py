"""The Standings sheet, sorted by its formulas: rank, number, name, points, games, W/D/L, %, tie-breaks."""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout, col_letter, quote_sheet, ref
from addin.sheets.printed import half, half_text
from addin.sheets.roundrobin.book.plan import BookPlan, after_round, calc_name, sheet_range, withdrawal_text
from addin.sheets.roundrobin.cells import (COUNTED_ONLY, NO_TIEBREAK, SCALAR_COL, STANDINGS_FIELDS,
                                           STANDINGS_HEADER_ROW, TIEBREAK_CODES, TIEBREAK_SLOTS, PlayersCols,
                                           Scalars, SettingsRows)
from addin.systems.standings.fide import parse_code


def write(plan: BookPlan, s: SheetLayout) -> None:
    """Write the Standings sheet ``s`` from ``plan``."""
    L, n = plan.L, plan.n
    s.set(1, 1, L["standings_title"], "title", text=True)
    after_round(plan, s, 2)
    hr = STANDINGS_HEADER_ROW
    fixed = STANDINGS_FIELDS[:STANDINGS_FIELDS.index("tb1")]
    for col, key in enumerate(fixed, 1):
        s.set(hr, col, L[key], "header", text=True)
    started = plan.calc(Scalars.STARTED, SCALAR_COL)
    position = plan.calc_col('position')
    names = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.NAME,
                         PlayersCols.FIRST_ROW + n - 1, PlayersCols.NAME)
    counted = lambda no: f'INDEX({plan.calc_col("counted")},{no})=1'  # noqa: E731
    sources = {"points": "points", "games": "played", "wins": "wins", "draws": "draws",
               "losses": "losses", "percent": "percent", "SB": "SB", "DE": "DE", "WIN": "WIN",
               "KS": "KS"}
    # a figure that does not apply is blank: SB, DE and Koya of a player not counted (C.05),
    # DE when it did not decide (alone on his score, or not every pair of the group met)
    applies = {"SB": counted, "KS": counted,
               "DE": lambda no: f'AND({counted(no)},INDEX({plan.calc_col("gate")},{no})=1,'
                                f'INDEX({plan.calc_col("tied")},{no})>1)'}
    styles = {"percent": "percent"}
    order = plan.report.standings
    for k in range(1, n + 1):
        row = hr + k
        st = order[k - 1]
        no = ref(row, 2)
        s.formula(row, 2, f"=MATCH({k},{position},0)", "center", cached=st.number)
        s.formula(row, 1, f'=IF({started}=1,IF(INDEX({plan.calc_col("counted")},{no})=1,'
                          f'INDEX({plan.calc_col("rank")},{no}),"{L["not_counted"]}"),"")', "rank",
                  cached=(st.rank if st.counted else L["not_counted"]) if plan.started else "")
        s.formula(row, 3, f'=INDEX({names},{no})&""', "cell", cached=plan.names[st.number])
        for col, key in enumerate(fixed[3:], 4):
            value = f"INDEX({plan.calc_col(sources[key])},{no})"
            if key in applies:
                value = f'IF({applies[key](no)},{value},"")'
            s.formula(row, col, f'=IF({started}=1,{value},"")', styles.get(key, "number"),
                      cached=_figure(plan, st, key) if plan.started else "")
    # the four chosen tie-breaks (Settings), whatever they are: header = the code, value = its figure
    first_tb = STANDINGS_FIELDS.index("tb1") + 1
    # each code's Calc column and whether it is blank where it does not apply (made once)
    chain = []
    for c in TIEBREAK_CODES:
        base = parse_code(c).base
        chain.append((c, plan.calc_col(calc_name(c)),
                      ("DE" if base == "DE" else "SB") if base in COUNTED_ONLY or base == "DE" else None))
    for k in range(TIEBREAK_SLOTS):
        col = first_tb + k
        slot = plan.settings(SettingsRows.TB_FIRST + k)
        code = plan.event.tiebreaks[k] if k < len(plan.event.tiebreaks) else NO_TIEBREAK
        label = plan.L[f"tb{k + 1}"]
        s.formula(hr, col, f'="{label} "&IF(LEN(TRIM({slot}))=0,"{NO_TIEBREAK}",{slot}&"")', "header",
                  cached=f"{label} {code}")
        for kk in range(1, n + 1):
            row = hr + kk
            st = order[kk - 1]
            no = ref(row, 2)
            parts = []
            for c, column, blank_unless in chain:
                value = f"INDEX({column},{no})"
                if blank_unless:
                    value = f'IF({applies[blank_unless](no)},{value},"")'
                parts.append(f'IF({slot}="{c}",{value},')
            s.formula(row, col, f'=IF({started}=1,' + "".join(parts) + '""' + ")" * len(parts) + ',"")',
                      "number", cached=_tb_figure(plan, st, code) if plan.started else "")
    last_col = first_tb + TIEBREAK_SLOTS
    _standings_remarks(plan, s, last_col)
    _standings_legend(plan, s)
    for col, width in zip(range(1, last_col + 1),
                          (15, 5, 28, 7, 8, 5, 5, 5, 8, 8, 7, 7, 7, 11, 11, 11, 11, 22)):
        s.width(col, width)
    # SB, DE, WIN and Koya are printed once: as the chosen tie-breaks (their fixed columns,
    # read by the checks, stay on the sheet, hidden)
    s.hidden_columns.update(range(STANDINGS_FIELDS.index("SB") + 1, STANDINGS_FIELDS.index("KS") + 2))
    s.freeze = ref(hr + 1, 4)
    s.protect = plan.protect
    s.print_setup = PrintSetup(area=(f"A1:{col_letter(last_col)}{hr + n}",), repeat_rows=(hr, hr), fit_width=1,
                               orientation="landscape")


def _standings_remarks(plan: BookPlan, s: SheetLayout, col: int) -> None:
    """The remark column of the standings: a withdrawn player's "abandon (ronde R)" (FIDE C.05:
    he plays no game from round R; "abandon" alone when no round is given), from the Players
    sheet's withdrawal cell, so the mark follows what the organiser types there."""
    L, hr, n = plan.L, STANDINGS_HEADER_ROW, plan.n
    s.set(hr, col, L["remark"], "header", text=True)
    withdrawals = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.WITHDRAWN,
                               PlayersCols.FIRST_ROW + n - 1, PlayersCols.WITHDRAWN)
    for k in range(1, n + 1):
        row = hr + k
        number = plan.report.standings[k - 1].number
        w = f"INDEX({withdrawals},{ref(row, 2)})"
        s.formula(row, col, f'=IF(ISNUMBER({w}),"{L["withdrawn_from"]} "&{w},'
                            f'IF(LEN(TRIM({w}&""))>0,"{L["withdrawn_mark"]}",""))', "cell",
                  cached=withdrawal_text(plan, number))


def _standings_legend(plan: BookPlan, s: SheetLayout) -> None:
    """Above the standings (rows 2 and 3, beside "after round"), what each chosen tie-break is
    (from the Settings sheet), and why Koya is 0 for everyone until a player has half the
    maximum score (C.07 9.2: it counts the points scored against those players)."""
    L = plan.L
    parts, cached = [], []
    for k in range(TIEBREAK_SLOTS):
        slot = plan.settings(SettingsRows.TB_FIRST + k)
        meaning = f"{quote_sheet(plan.s_settings)}!{ref(SettingsRows.TB_FIRST + k, 3, True, True)}"
        parts.append(f'IF(LEN(TRIM({slot}))=0,"",'
                     f'"{" · " if k else ""}{L[f"tb{k + 1}"]} : "&{slot}&" = "&{meaning})')
        code = plan.event.tiebreaks[k] if k < len(plan.event.tiebreaks) else NO_TIEBREAK
        if code != NO_TIEBREAK:
            meaning_text = L["tb_" + code] if code in TIEBREAK_CODES else L["tb_none"]
            cached.append(f"{' · ' if k else ''}{L[f'tb{k + 1}']} : {code} = {meaning_text}")
    s.formula(3, 1, "=" + "&".join(parts), "muted", cached="".join(cached))
    threshold = plan.calc(Scalars.KOYA, SCALAR_COL)
    slots = [plan.settings(SettingsRows.TB_FIRST + k) for k in range(TIEBREAK_SLOTS)]
    chosen = "OR(" + ",".join(f'LEFT({slot}&"",2)="KS"' for slot in slots) + ")"
    shown = any(str(code).startswith("KS") for code in plan.event.tiebreaks)
    s.formula(2, 4, f'=IF({chosen},"{L["koya_note_before"]} "&{half_text(threshold)}&" {L["koya_note_after"]}","")',
              "muted", cached=f'{L["koya_note_before"]} {half(plan.report.koya_threshold)} {L["koya_note_after"]}'
              if shown else "")


def _tb_figure(plan: BookPlan, st, code: str):
    """What a chosen tie-break column shows for ``st`` (blank where the figure does not apply)."""
    if code == NO_TIEBREAK:
        return ""
    base = parse_code(code).base
    if base == "DE":
        return _figure(plan, st, "DE")
    if base in COUNTED_ONLY and not st.counted:
        return ""
    return st.value(code)


def _figure(plan: BookPlan, st, key: str):
    """The standings figure ``key`` of ``st`` as the sheet shows it (blank where it does not apply)."""
    if key in ("SB", "KS", "DE") and not st.counted:
        return ""
    if key == "DE" and not st.de_levels:
        return ""
    return {"points": st.points, "games": st.played, "wins": st.wins, "draws": st.draws,
            "losses": st.losses, "percent": st.percentage / 100, "SB": st.sb, "DE": st.de,
            "WIN": st.win, "KS": st.koya}[key]
