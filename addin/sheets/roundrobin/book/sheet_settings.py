"""The Settings sheet: the event's name, place, dates, arbiter, bye points, C.05 rule, tie-breaks, codes."""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout, ref
from addin.sheets.roundrobin.book.plan import BookPlan
from addin.sheets.roundrobin.cells import GENERATOR_VERSION, NO_TIEBREAK, TIEBREAK_CODES, TIEBREAK_SLOTS, SettingsRows
from addin.sheets.settings_block import labelled_values, result_codes_block, tiebreak_block


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
    labelled_values(s, L, rows)
    s.validation(ref(R.WITHDRAWN_RULE, 2), [L["yes"], L["no"]], allow_blank=False)
    tiebreak_block(s, L, R.TB_HEADER, R.TB_FIRST, event.tiebreaks, TIEBREAK_CODES, TIEBREAK_SLOTS, NO_TIEBREAK)
    result_codes_block(s, L, R.CODES_HEADER, R.CODES_FIRST)
    labelled_values(s, L, [(R.LANG, "language", event.header.lang, "muted"),
                           (R.GENERATOR, "generator", f"roundrobin-event/{GENERATOR_VERSION}", "muted"),
                           (R.ORDER, "order", event.order, "muted"),
                           (R.SWAP_LAST, "swap_last", L["yes"] if event.swap_last else L["no"], "muted")]
                    + ([(R.DRAW_SEED, "draw_seed", event.seed, "muted")] if event.seed is not None else []), "muted")
    s.set(R.K_FACTOR, 1, L["k_factor"], "cell", text=True)
    s.set(R.K_FACTOR, 2, event.k_factor, "input_center")
    s.width(1, 44)
    s.width(2, 24)
    s.width(3, 26)
    s.protect = plan.protect
    s.print_setup = PrintSetup(area=(f"A1:C{R.K_FACTOR}",), fit_width=1, fit_height=1)
