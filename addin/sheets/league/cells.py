"""Where everything sits in the league season workbook: the one description that the layout
(``layout.py``) writes and the reader (``reader.py``) reads back.

Rows and columns are 1-based. The input cells: Settings column B; the teams sheet (names,
clubs, withdrawal rounds); the rosters sheet (one row per player); the calendar's dates;
and, on each round's sheet, per match its forfeit cell and colour override, per board the
two line-up numbers and the result. Everything else is derived by formulas.
"""

from __future__ import annotations

GENERATOR_VERSION = "1"
TIEBREAK_SLOTS = 4
NO_TIEBREAK = "-"


class SettingsRows:
    TITLE = 1
    EVENT, PLACE, DATES, ARBITER = 3, 4, 5, 6
    BOARDS = 7
    PRESET = 8
    MP_WIN, MP_DRAW, MP_LOSS, MP_FORFEIT = 9, 10, 11, 12
    GP_WIN, GP_DRAW, GP_LOSS = 13, 14, 15
    COLOURS = 16
    TB_HEADER = 18
    TB_FIRST = 19            # four rows 19..22
    CODES_HEADER = 24
    CODES_FIRST = 25         # six rows 25..30
    FORFEIT_HEADER = 32
    FORFEIT_FIRST = 33       # three rows: home, away, both
    LANG = 37
    GENERATOR = 38
    ORDER = 39
    SEED = 40


class TeamsCols:
    DIVISION, NUMBER, NAME, CLUB, WITHDRAWN = 1, 2, 3, 4, 5
    FIRST_ROW = 2


class RosterCols:
    DIVISION, TEAM_NO, TEAM, NUMBER, NAME, RATING, IDENT = 1, 2, 3, 4, 5, 6, 7
    FIRST_ROW = 2


class CalendarCols:
    DIVISION, ROUND, MATCH, DATE, HOME, AWAY, NOTE, HOME_SCORE, AWAY_SCORE = 1, 2, 3, 4, 5, 6, 7, 8, 9
    FIRST_ROW = 3


class RoundCols:
    """Columns of a round's sheet: board rows, and on each match's title row its hidden facts."""

    BOARD, COLOUR, HOME_NO, HOME_NAME, HOME_RATING, RESULT, AWAY_NAME, AWAY_RATING, AWAY_NO, CHECK = range(1, 11)
    LABEL, INPUT = 9, 10          # match rows: a label in I, the forfeit / colour override in J
    # hidden board helpers
    EFFECTIVE, HPTS, APTS, DONE, TYPED = 12, 13, 14, 15, 16
    # hidden facts of a match, on its title row
    DIV, RND, IDX, HOME, AWAY, NEUTRAL = 12, 13, 14, 15, 16, 17
    TYPED_SUM, STARTED, FORFEIT, FORFEIT_CODE, HSCORE, ASCORE, DONE_SUM, COMPLETE = 18, 19, 20, 21, 22, 23, 24, 25
    HMP, AMP, HBC, ABC, HWHITE = 26, 27, 28, 29, 30
    FIRST_HIDDEN, LAST_HIDDEN = 12, 30


#: offsets of a match block's rows from its title row
TITLE, SCORE, POINTS, HEADER, FIRST_BOARD = 0, 1, 2, 3, 4
FIRST_BLOCK_ROW = 3               # rows 1–2: the sheet's title and its subtitle


def block_height(boards: int) -> int:
    return boards + 5


class MatchCols:
    """The hidden sheet of matches: one row per match, division by division."""

    DIV, RND, IDX, HOME, AWAY, COMPLETE, HMP, AMP, HGP, AGP, HBC, ABC, HKEY, AKEY = range(1, 15)
    TYPED_ROUND, HESB, AESB, HOUT, AOUT, HWIN, AWIN, HDRAW, ADRAW = range(15, 24)
    FIRST_ROW = 2


class GamesCols:
    """The hidden sheet of games: one row per board and side."""

    KEY, POINTS, OTB, FORFEIT, OPP_RATING, RATED_POINTS, RATED = range(1, 8)
    FIRST_ROW = 2


def team_key(division: int, number: int) -> int:
    return division * 1000 + number


def player_key(division: int, team: int, member: int) -> int:
    return division * 100000 + team * 100 + member


TABLE_FIELDS = ("rank", "number", "team", "played", "won", "drawn", "lost", "forfeited", "points", "gp", "ga",
                "diff")
STATS_FIELDS = ("division", "team", "number", "name", "rating", "games", "points", "forfeits", "perf")
