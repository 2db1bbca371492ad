"""The Settings sheet: the event's name, place, dates, arbiter, bye points, C.05 rule, tie-breaks, codes."""

from __future__ import annotations

from addin.core.results import RESULT_CODES, WORKBOOK_CODES
from addin.sheets.model import PrintSetup, SheetLayout, ref
from addin.sheets.roundrobin.book.plan import BookPlan
from addin.sheets.roundrobin.cells import GENERATOR_VERSION, NO_TIEBREAK, TIEBREAK_CODES, TIEBREAK_SLOTS, SettingsRows


def write(plan: BookPlan, s: SheetLayout) -> None:
    """Write the Settings sheet ``s`` from ``plan``."""
    L, event, R = plan.L, plan.event, SettingsRows
    s.set(R.TITLE, 1, L["settings_title"], "title", text=True)
    s.set(2, 1, L["help_settings"], "subtitle", text=True)
    rows = [
        (R.EVENT, "event", event.header.title or None, "input"),
        (R.PLACE, "place", event.header.place or None, "input"),
        (R.DATES, "dates", event.header.dates or None, "input"),
        (R.ARBITER, "arbiter", event.header.arbiter or None, "input"),
        (R.PLAYERS, "players_count", plan.n, "number"),
        (R.CYCLES, "cycles", plan.cycles, "number"),
        (R.SYSTEM, "system", event.schedule.system, "center"),
        (R.BYE_POINTS, "bye_points", event.bye_points, "input_center"),
        (R.WITHDRAWN_RULE, "withdrawn_rule", L["yes"] if event.withdrawn_rule else L["no"], "input_center"),
    ]
    for row, key, value, style in rows:
        s.set(row, 1, L[key], "cell", text=True)
        s.set(row, 2, value, style, text=isinstance(value, str))
    s.validation(ref(R.WITHDRAWN_RULE, 2), [L["yes"], L["no"]], allow_blank=False)
    s.set(R.TB_HEADER, 1, L["tiebreak_order"], "header", text=True)
    s.set(R.TB_HEADER, 2, L["codes"], "header", text=True)
    s.set(R.TB_HEADER, 3, L["meaning"], "header", text=True)
    for k in range(TIEBREAK_SLOTS):
        row = R.TB_FIRST + k
        code = event.tiebreaks[k] if k < len(event.tiebreaks) else NO_TIEBREAK
        s.set(row, 1, f"{L['tiebreak']} {k + 1}", "cell", text=True)
        s.set(row, 2, code, "input_center", text=True)
        cell = ref(row, 2)
        s.formula(row, 3, "=" + "".join(
            f'IF({cell}="{c}","{L["tb_" + c]}",' for c in TIEBREAK_CODES) + f'"{L["tb_none"]}"'
            + ")" * len(TIEBREAK_CODES),
            "cell", cached=L["tb_" + code] if code in TIEBREAK_CODES else L["tb_none"])
    s.validation(f"{ref(R.TB_FIRST, 2)}:{ref(R.TB_FIRST + TIEBREAK_SLOTS - 1, 2)}",
                 [*TIEBREAK_CODES, NO_TIEBREAK], allow_blank=True)
    s.set(R.CODES_HEADER, 1, L["result_codes"], "header", text=True)
    s.set(R.CODES_HEADER, 2, L["codes"], "header", text=True)
    s.set(R.CODES_HEADER, 3, L["meaning"], "header", text=True)
    for k, code in enumerate(RESULT_CODES):
        s.set(R.CODES_FIRST + k, 2, WORKBOOK_CODES[code], "center", text=True)
        s.set(R.CODES_FIRST + k, 3, L["code_" + code], "cell", text=True)
    s.set(R.LANG, 1, L["language"], "muted", text=True)
    s.set(R.LANG, 2, event.header.lang, "muted", text=True)
    s.set(R.GENERATOR, 1, L["generator"], "muted", text=True)
    s.set(R.GENERATOR, 2, f"roundrobin-event/{GENERATOR_VERSION}", "muted", text=True)
    s.set(R.ORDER, 1, L["order"], "muted", text=True)
    s.set(R.ORDER, 2, event.order, "muted", text=True)
    s.set(R.SWAP_LAST, 1, L["swap_last"], "muted", text=True)
    s.set(R.SWAP_LAST, 2, L["yes"] if event.swap_last else L["no"], "muted", text=True)
    if event.seed is not None:
        s.set(R.DRAW_SEED, 1, L["draw_seed"], "muted", text=True)
        s.set(R.DRAW_SEED, 2, event.seed, "muted")
    s.set(R.K_FACTOR, 1, L["k_factor"], "cell", text=True)
    s.set(R.K_FACTOR, 2, event.k_factor, "input_center")
    s.width(1, 44)
    s.width(2, 24)
    s.width(3, 26)
    s.protect = plan.protect
    s.print_setup = PrintSetup(area=(f"A1:C{R.K_FACTOR}",), fit_width=1, fit_height=1)
