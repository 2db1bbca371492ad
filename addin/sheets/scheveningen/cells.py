"""Where everything sits in the Scheveningen match workbook: the one description that the layout
(``layout.py``) writes and the reader (``reader.py``) reads back.

Rows and columns are 1-based. Input cells: Settings column B (the event's name, place,
dates, arbiter); the line-ups sheet (the two team names, then one row per player: name,
rating, id, team A on the left, team B on the right); on each round's sheet, the result of
each board. Everything else is derived by formulas.
"""

from __future__ import annotations

GENERATOR_VERSION = "1"


class SettingsRows:
    TITLE, HELP = 1, 2
    EVENT, PLACE, DATES, ARBITER = 3, 4, 5, 6
    PLAYERS = 7
    LANG, GENERATOR = 8, 9
    CODES_HEADER = 11
    CODES_FIRST = 12          # six rows 12..17


class TeamCols:
    """The line-ups sheet: team A in columns A–D, team B in F–I."""

    A_NO, A_NAME, A_RATING, A_IDENT = 1, 2, 3, 4
    B_NO, B_NAME, B_RATING, B_IDENT = 6, 7, 8, 9
    TEAM_ROW = 2              # the team names: B2 (team A) and G2 (team B)
    HEADER_ROW = 3
    FIRST_ROW = 4

    @classmethod
    def name_col(cls, team: str) -> int:
        return cls.A_NAME if team == "A" else cls.B_NAME


class RoundCols:
    BOARD, WHITE, WHITE_NAME, RESULT, BLACK, BLACK_NAME, CHECK = range(1, 8)
    # hidden helpers of each board row
    A_POINTS, B_POINTS, A_SYMBOL, B_SYMBOL = 9, 10, 11, 12
    TITLE_ROW, SUBTITLE_ROW, HEADER_ROW, FIRST_ROW = 1, 2, 4, 5

    @staticmethod
    def score_row(n: int) -> int:
        """The round's score: team A's name, its points, team B's points, team B's name (columns C–F)."""
        return RoundCols.FIRST_ROW + n + 1


class ScoreRows:
    """The crosstables sheet: the match score, the score of each round, then one crosstable per team."""

    TITLE = 1
    SCORE = 3                 # B: team A, C: its points, D: team B's points, E: team B
    VERDICT = 4
    ROUNDS_HEADER = 6
    FIRST_ROUND = 7

    @staticmethod
    def crosstable(n: int, team: str) -> int:
        """The title row of ``team``'s crosstable (its header follows, then one row per player)."""
        first = ScoreRows.FIRST_ROUND + n + 1
        return first if team == "A" else first + n + 3


class CrossCols:
    NUMBER, NAME, RATING, FIRST_OPPONENT = 1, 2, 3, 4

    @staticmethod
    def points(n: int) -> int:
        return CrossCols.FIRST_OPPONENT + n

    @staticmethod
    def games(n: int) -> int:
        return CrossCols.FIRST_OPPONENT + n + 1

    @staticmethod
    def percent(n: int) -> int:
        return CrossCols.FIRST_OPPONENT + n + 2
