"""The Cards sheet ("Cartons"): one card per board per round, to put on the boards.

Seed 001, "Organisation matérielle des tournois": a card reads ``15. D4 – B4``, White first ("le
premier nommé a les blancs"), with the names of who plays under it (formulas on the Line-ups
sheet: "forfait (retrait)" for a seat whose team has withdrawn by the round, "absent
(forfait)" for a seat marked absent), and each round has its own colour ("des cartons de
couleurs différentes pour chaque ronde": ``plan.ROUND_FILLS``). Three cards a row, a page per
round (and a break after every nine rows of cards).
"""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout, range_ref
from addin.sheets.molter.book.plan import BookPlan, side_by_side
from addin.sheets.molter.cells import CARD_ROWS_PER_PAGE, CARDS_PER_ROW
from addin.systems.molter.lineup import ABSENT_WORD
from addin.systems.molter.model import Pairing, Seat


def card_text(board: int, pairing: Pairing) -> str:
    """The text of a card: ``15. D4 – B4`` (seed 001: "le premier nommé a les blancs")."""
    return f"{board}. {pairing.white} – {pairing.black}"


def write(plan: BookPlan, s: SheetLayout) -> None:
    """The Cards sheet: every round's cards, three a row, a page break before each round."""
    L = plan.L
    row = 1
    breaks = []
    for r, rnd in enumerate(plan.event.rounds, 1):
        if r > 1:
            breaks.append(row - 1)
        card_rows = 0
        for start in range(0, len(rnd), CARDS_PER_ROW):
            if card_rows and card_rows % CARD_ROWS_PER_PAGE == 0:
                breaks.append(row - 1)
            for i, pairing in enumerate(rnd[start:start + CARDS_PER_ROW]):
                b = start + i + 1
                col = 1 + 2 * i
                s.set(row, col, L["card_round"].format(r=r), style=f"card_label_r{r}", text=True)
                s.set(row + 1, col, card_text(b, pairing), style=f"card_r{r}", text=True)
                s.formula(row + 2, col, f'={card_side(plan, pairing.white, r)}&" – "&'
                                        f'{card_side(plan, pairing.black, r)}', style="card_names",
                          cached=f"{card_side_text(plan, pairing.white, r)} – "
                                 f"{card_side_text(plan, pairing.black, r)}")
            s.height(row, 16)
            s.height(row + 1, 48)
            s.height(row + 2, 14)
            row += 3
            card_rows += 1
    side_by_side(s, CARDS_PER_ROW, 30, 2)
    s.print_setup = PrintSetup(area=(range_ref(1, 1, max(row - 1, 1), 2 * CARDS_PER_ROW - 1),),
                               row_breaks=tuple(breaks), margins_cm=1.0)


def card_side(plan: BookPlan, seat: Seat, r: int) -> str:
    """A card's player: his name, or "forfait (retrait)" when his team has withdrawn by round ``r``
    (the Teams sheet's withdrawal cell), "absent (forfait)" when his line-up cell says absent."""
    L, gone, mark = plan.L, plan.withdrawn_ref(seat.team_index), plan.lineup_ref(seat, r, False)
    return (f'IF(AND(ISNUMBER({gone}),{gone}<={r}),"{L["card_out_withdrawn"]}",'
            f'IF(LOWER(TRIM({mark}&""))="{ABSENT_WORD}","{L["card_out_absent"]}",'
            f'{plan.lineup_ref(seat, r, True)}&""))')


def card_side_text(plan: BookPlan, seat: Seat, r: int) -> str:
    """What :func:`card_side` shows, as Python reads the event (its cached value)."""
    why = plan.event.absence(seat, r)
    return plan.name(seat, r) if why is None else plan.L["card_out_" + why]
