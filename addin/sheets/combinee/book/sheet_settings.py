"""The *Réglages/Settings* sheet: the event's scoring, bye and late-entry settings, one row each.

Rule: every value the formulas use is a defined name (``CB_*``, ``cells.NAMES``) pointing at its
cell, and every row carries its key in a hidden column so that Python reads it back; the
improved snake is stored 1 or 0 and shown "oui"/"non".
"""

from __future__ import annotations

from addin.sheets.combinee.book.plan import BookPlan
from addin.sheets.combinee.cells import NAMES, SETTINGS, SettingsCols
from addin.sheets.model import PrintSetup


def write(plan: BookPlan, book, sheet) -> None:
    event, t = plan.event, plan.t
    rules = event.rules
    values = {
        "players": event.n, "entrants": event.entrants, "phase1": event.phases.phase1,
        "phase2": event.phases.phase2, "phase3": event.phases.phase3, "scoring": rules.name, "win": rules.win,
        "draw": rules.draw, "loss": rules.loss, "forfeit": rules.forfeit, "bye_pm": rules.bye_points,
        "bye_pdep": rules.bye_pdep, "forfeit_pdep": rules.forfeit_pdep, "cap": rules.cap,
        "late_pm": rules.late_pm, "late_pdep": rules.late_pdep, "seed": event.seed,
        "improved": 1 if event.improved else 0, "lang": event.header.lang, "title": event.header.title,
        "place": event.header.place, "dates": event.header.dates, "arbiter": event.header.arbiter,
    }
    C = SettingsCols
    sheet.row(1, 1, [t["setting"], t["value"]], style="header")
    for row, (key, editable) in enumerate(SETTINGS, C.FIRST_ROW):
        value = values[key]
        sheet.set(row, C.LABEL, t["s_" + key], style="cell", text=True)
        # the improved snake is 1 or 0 (read back as such), shown "oui" / "non"
        sheet.set(row, C.VALUE, value if value != "" else None, style="input_center" if editable else "center",
                  text=isinstance(value, str),
                  number_format=f'[=1]"{t["yes"]}";[=0]"{t["no_word"]}";General' if key == "improved" else None)
        sheet.set(row, C.KEY, key, style="hidden_calc", text=True)
        if key in NAMES:
            book.define_name(NAMES[key], sheet.ref(row, C.VALUE))
    sheet.hidden_columns.add(C.KEY)
    sheet.width(1, 50)
    sheet.width(2, 30)
    sheet.print_setup = PrintSetup(fit_width=1, fit_height=1)
