"""The Settings sheet ("Paramètres"): the event's details and the result codes.

The event's name, place, dates and arbiter (input cells, printed on every page), the number of
players per team, the workbook's language and generator, then the table of result codes and their
meaning. The rule: the codes are those typed on the round sheets, White's result first.
"""

from __future__ import annotations

from addin.core.results import RESULT_CODES, WORKBOOK_CODES
from addin.sheets.model import PrintSetup, SheetLayout
from addin.sheets.scheveningen.book.plan import BookPlan
from addin.sheets.scheveningen.cells import GENERATOR_VERSION, SettingsRows


def write(plan: BookPlan, sh: SheetLayout) -> None:
    """The Settings sheet: title and help, the event's details, the size, the result codes."""
    L, m, R = plan.L, plan.match, SettingsRows
    sh.set(R.TITLE, 1, L["settings_title"], "title", text=True)
    sh.merge(R.HELP, 1, R.HELP, 2)  # the help wraps within the two columns printed
    sh.set(R.HELP, 1, L["help_settings"], "subtitle_wrap", text=True)
    sh.height(R.HELP, 15 * (2 + len(L["help_settings"]) // 82))
    h = m.header
    for row, key, value in ((R.EVENT, "event", h.title), (R.PLACE, "place", h.place), (R.DATES, "dates", h.dates),
                            (R.ARBITER, "arbiter", h.arbiter)):
        sh.set(row, 1, L[key], "cell", text=True)
        sh.set(row, 2, value or None, "input_wrap", text=True)
    sh.set(R.PLAYERS, 1, L["players"], "cell", text=True)
    sh.set(R.PLAYERS, 2, plan.n, "number")
    sh.set(R.LANG, 1, L["language"], "cell", text=True)
    sh.set(R.LANG, 2, m.header.lang, "center", text=True)
    sh.set(R.GENERATOR, 1, L["generator"], "cell", text=True)
    sh.set(R.GENERATOR, 2, GENERATOR_VERSION, "center", text=True)
    sh.set(R.CODES_HEADER, 1, L["codes"], "header", text=True)
    sh.set(R.CODES_HEADER, 2, L["meaning"], "header", text=True)
    for k, code in enumerate(RESULT_CODES):
        sh.set(R.CODES_FIRST + k, 1, WORKBOOK_CODES[code], "center", text=True)
        sh.set(R.CODES_FIRST + k, 2, L[f"code_{code}"], "cell", text=True)
    sh.width(1, 34)
    sh.width(2, 48)
    sh.print_setup = PrintSetup(area=(f"A1:B{R.CODES_FIRST + len(RESULT_CODES) - 1}",), fit_width=1, fit_height=1)
