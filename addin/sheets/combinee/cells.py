"""Where everything sits in the Formule Combinée event workbook: the one description that the
layout (``layout.py``) writes and the reader (``reader.py``) reads back.

Rows and columns are 1-based. The input cells are: the editable settings (column B of the
settings sheet, found by the hidden key in column C), the player list (name, club, rating,
withdrawal round; a new row below the last player is a late entry) and the two score
columns of every round sheet. The pairing columns of a round sheet (group, both player
numbers) are written by the program; everything else is derived by formulas.
"""

from __future__ import annotations

ROUND_SHEET = "R{}"


def round_sheet(number: int) -> str:
    return ROUND_SHEET.format(number)


class RoundCols:
    """Columns of a round sheet. ``OUT_*``: the player has withdrawn by this round (1/0);
    ``OPP_*``: his opponent as the standings count it (0: a bye, a withdrawn opponent's too)."""

    TABLE, GROUP, A, NAME_A, SCORE_A, SCORE_B, NAME_B, B = 1, 2, 3, 4, 5, 6, 7, 8
    PM_A, PM_B, PDEP_A, PDEP_B, OUT_A, OUT_B, OPP_A, OPP_B = 9, 10, 11, 12, 13, 14, 15, 16
    TITLE_ROW, NOTE_ROW, HEADER_ROW, FIRST_ROW = 1, 2, 3, 4
    HIDDEN = (13, 14, 15, 16)


class PlayersCols:
    NUMBER, NAME, CLUB, RATING, GROUP, POSITION, WITHDRAWN, JOINED = 1, 2, 3, 4, 5, 6, 7, 8
    FIRST_ROW = 2
    OWN = 8  # the event's columns; the organiser's own columns after these are kept


class SettingsCols:
    LABEL, VALUE, KEY = 1, 2, 3
    FIRST_ROW = 2


#: settings rows, in order: (key, editable); the event's name, place, dates and arbiter are
#: printed on every page (a workbook made before issue 11 has no such rows: they read as empty)
SETTINGS = (
    ("title", True), ("place", True), ("dates", True), ("arbiter", True),
    ("players", False), ("entrants", False), ("phase1", False), ("phase2", False), ("phase3", False),
    ("scoring", False), ("win", True), ("draw", True), ("loss", True), ("forfeit", True),
    ("bye_pm", True), ("bye_pdep", True), ("forfeit_pdep", True), ("cap", True),
    ("late_pm", True), ("late_pdep", True), ("seed", False), ("improved", False), ("lang", False),
)

#: defined names the formulas use for the editable settings
NAMES = {"win": "CB_Win", "draw": "CB_Draw", "loss": "CB_Loss", "forfeit": "CB_Forfeit",
         "bye_pm": "CB_ByePM", "bye_pdep": "CB_ByePdep", "forfeit_pdep": "CB_ForfeitPdep", "cap": "CB_Cap",
         "late_pm": "CB_LatePM", "late_pdep": "CB_LatePdep"}


class CalcCols:
    """The hidden ledger: one row per table side of every round (player, counted opponent, PM,
    Pdep, key, first meeting, opponent's PM); then one row per round (typed score cells,
    started)."""

    PLAYER, OPPONENT, PM, PDEP, KEY, FIRST, OPP_PM = 1, 2, 3, 4, 5, 6, 7
    ROUND, TYPED, STARTED = 9, 10, 11
    FIRST_ROW = 2


class StandingsCols:
    """The sorted table in A:G and V (club, remark), by rank from ``FIRST_ROW``, under a title
    (row 1), the round it stands after (row 2) and its header; the per-player computation by
    number in the hidden columns H:U of the same rows."""
    RANK, NUMBER, NAME, PM, PPM, PDEP, CLUB, REMARK = 1, 2, 3, 4, 5, 6, 7, 22
    TITLE_ROW, AFTER_ROW, HEADER_ROW, FIRST_ROW = 1, 2, 3, 4
