"""Where everything sits in the round-robin event workbook: the one description that the
layout (``layout.py``) writes and the reader (``reader.py``) reads back.

Rows and columns are 1-based. The input cells are: Settings column B (event name, bye
points, C.05 switch, tie-break order), the Players sheet (columns A–F from row 2) and the
result column of the Rounds sheet; everything else is derived by formulas.
"""

from __future__ import annotations

from addin.core.errors import TournamentError
from addin.systems.standings.fide import parse_code
# codes whose figure is left blank for a player the standings do not count (C.05 6.6): Python gives 0
from addin.systems.standings.roundrobin import COUNTED_ONLY  # noqa: F401

# the FIDE tie-breaks (C.07, addin.systems.standings.fide) the workbook computes with formulas
TIEBREAK_CODES = ("DE", "SB", "WIN", "KS", "SB/C1", "SB/C2", "KS/L-2", "KS/L-1", "KS/L+1", "KS/L+2",
                  "WON", "BPG", "BWG", "TPN", "RTNG", "ARO", "TPR", "STD", "REP", "PS", "PS/C1", "PS/C2",
                  "ARO/C1", "ARO/C2", "ARO/M1", "ARO/M2", "APRO", "PTP", "APPO")
DEFAULT_TIEBREAKS = ("DE", "SB", "WIN", "KS")
NO_TIEBREAK = "-"
TIEBREAK_SLOTS = 4
GENERATOR_VERSION = "1"



class SettingsRows:
    """Rows of the Settings sheet (value in column B)."""

    TITLE = 1
    EVENT = 3
    PLACE = 4
    DATES = 5
    ARBITER = 6  # chief arbiter
    PLAYERS = 7
    CYCLES = 8
    SYSTEM = 9
    BYE_POINTS = 10
    WITHDRAWN_RULE = 11
    TB_HEADER = 13
    TB_FIRST = 14  # four rows 14..17
    CODES_HEADER = 19
    CODES_FIRST = 20  # six rows
    LANG = 27
    GENERATOR = 28
    ORDER = 29  # Berger round order the schedule was built with (normal, gathering, gathering-reverse)
    SWAP_LAST = 30  # last two rounds of a cycle swapped (FIDE) when another cycle follows
    DRAW_SEED = 31  # seed of the draw of the pairing numbers, when drawn
    K_FACTOR = 33  # K of the rating change shown on the Performance sheet (FIDE B.02 8.3)


class PlayersCols:
    NUMBER, NAME, RATING, CLUB, FEDERATION, WITHDRAWN = 1, 2, 3, 4, 5, 6
    TITLE, FIDE_ID, BIRTH = 7, 8, 9  # FIDE title (norms), FIDE id and birth date (TRF)
    LAST = BIRTH  # the event's own columns end here; the organiser's own columns may follow
    FIRST_ROW = 2


class RoundsCols:
    ROUND, BOARD, WHITE_NO, WHITE, RESULT, BLACK, BLACK_NO, CHECK = 1, 2, 3, 4, 5, 6, 7, 8
    BYE, EFFECTIVE, TYPED, ABSENT, STARTED = 10, 11, 12, 13, 14
    WHITE_VIEW, BLACK_VIEW = 15, 16  # the game as each side's crosstable cell shows it: 1, 0, ½, +, -
    WHITE_CODE, BLACK_CODE = 17, 18  # the game as each side's cell of Calc's games matrix codes it (pair_code)
    WHITE_PS, BLACK_PS = 19, 20  # round × each side's points against a counted opponent (a bye: × bye points)
    FIRST_HIDDEN, LAST_HIDDEN = BYE, BLACK_PS  # the hidden helpers
    HEADER_ROW = 1


class Scalars:
    """Rows of the scalar cells of Calc (column ``SCALAR_COL``)."""

    STARTED, POS_DE, POS_SB, POS_WIN, POS_KS, RULE, BYE_POINTS, UNCOUNTED, MAX_SCORE, KOYA, LAST_ROUND = range(2, 13)
    ALL_RATED = 13  # 1 when every counted player has a rating: else the rating tie-breaks are 0 (C.07 art. 10)


SCALAR_LABEL_COL, SCALAR_COL = 1, 2
CALC_FIRST_COL = 4  # per-player columns start here; matrices follow them


PERFORMANCE_HEADER_ROW = 3
PERFORMANCE_FIELDS = ("number", "name", "rating", "rated_games", "score", "aro", "tpr", "expected", "k", "change")

STANDINGS_HEADER_ROW = 4  # row 1 title, row 2 "after round N"
STANDINGS_FIELDS = ("rank", "number", "name", "points", "games", "wins", "draws", "losses",
                    "percent", "SB", "DE", "WIN", "KS", "tb1", "tb2", "tb3", "tb4")


def workbook_code(item) -> str | None:
    """The canonical code of a tie-break the workbook computes (``"sb-c1"`` -> ``SB/C1``), else None."""
    try:
        code = parse_code(item).text
    except TournamentError:
        return None
    return code if code in TIEBREAK_CODES else None
