"""The Players sheet: number, name, rating, club, federation, withdrawal, title, FIDE id, birth."""

from __future__ import annotations

from addin.core.players import TITLES
from addin.sheets.model import PrintSetup, SheetLayout, col_letter, ref
from addin.sheets.roundrobin.book.plan import BookPlan
from addin.sheets.roundrobin.cells import PlayersCols


def write(plan: BookPlan, s: SheetLayout) -> None:
    """Write the Players sheet ``s`` from ``plan``."""
    L, C = plan.L, PlayersCols
    heads = ["number", "name", "rating", "club", "federation", "withdrawn", "player_title", "fide_id", "birth"]
    for col, key in enumerate(heads, 1):
        s.set(1, col, L[key], "header", text=True)
    for p in plan.event.players:
        row = C.FIRST_ROW + p.number - 1
        s.set(row, C.NUMBER, p.number, "number")
        s.set(row, C.NAME, p.name, "input", text=True)
        s.set(row, C.RATING, p.rating, "input_center")
        s.set(row, C.CLUB, p.club or None, "input", text=True)
        s.set(row, C.FEDERATION, p.federation or None, "input_center", text=True)
        if p.number in plan.event.withdrawn:
            rnd = plan.event.withdrawn[p.number]
            if rnd is None:
                s.set(row, C.WITHDRAWN, L["yes"], "input_center", text=True)
            else:
                s.set(row, C.WITHDRAWN, rnd, "input_center")
        else:
            s.set(row, C.WITHDRAWN, None, "input_center")
        s.set(row, C.TITLE, p.title or None, "input_center", text=True)
        s.set(row, C.FIDE_ID, p.fide_id or None, "input_center", text=True)
        s.set(row, C.BIRTH, p.birth or None, "input_center", text=True)
    last = C.FIRST_ROW + plan.n - 1
    s.validation(f"{ref(C.FIRST_ROW, C.TITLE)}:{ref(max(last, C.FIRST_ROW), C.TITLE)}", list(TITLES),
                 allow_blank=True)
    for col, width in zip(range(1, C.LAST + 1), (6, 32, 8, 24, 8, 10, 7, 12, 12)):
        s.width(col, width)
    s.freeze = "C2"
    s.print_setup = PrintSetup(area=(f"A1:{col_letter(C.LAST)}{last}",), repeat_rows=(1, 1), fit_width=1,
                               orientation="landscape")
