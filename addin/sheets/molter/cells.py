"""Where everything sits in the Molter event workbook: the one description that the layout
(``layout.py``) writes and the reader (``reader.py``) reads back.

Rows and columns are 1-based. The input cells are: the Teams sheet (title, place, dates,
chief arbiter, number of rounds, boards per team, the table's source; per team its name,
its withdrawal round and its list),
the result column of each round sheet, and the input columns of the Line-ups sheet (who
takes a seat in a round when it is not its regular player). Everything else is derived by
formulas or rewritten from those inputs.
"""

from __future__ import annotations

from dataclasses import dataclass

from addin.core.results import (BLACK_FORFEIT_WIN, BLACK_WIN, DOUBLE_FORFEIT, DRAW, RESULT_CODES, WHITE_FORFEIT_WIN,
                                WHITE_WIN, WORKBOOK_CODES)

# -- Teams sheet --------------------------------------------------------------------
TITLE_ROW = 1                # A: the event's title; then place, dates, chief arbiter (DetailsCols)
SETTINGS_ROW = 2             # values in B (rounds), D (boards per team), F (source); G: a description
TEAMS_GROUP_ROW = 3          # "regular players" / "reserves" above the list's columns; A-B: the ranking rule
TEAMS_HEADER_ROW = 4         # Team, Name, Withdrawn, 1, 2, 3 …
TEAMS_FIRST_ROW = 5          # first team row
SPARE_PLACES = 2             # empty list columns offered after the longest list (for reserves)


class SettingsCols:
    ROUNDS_LABEL, ROUNDS, BOARDS_LABEL, BOARDS, SOURCE_LABEL, SOURCE, SHAPE = 1, 2, 3, 4, 5, 6, 7


class RankingCols:
    """The ranking rule, in the Teams sheet's row ``TEAMS_GROUP_ROW`` (label, then the value chosen)."""
    LABEL, VALUE = 1, 2


class DetailsCols:
    """The title row's event details (label, then the value typed): printed on every page."""
    PLACE_LABEL, PLACE, DATES_LABEL, DATES, ARBITER_LABEL, ARBITER = 4, 5, 6, 7, 8, 9


class TeamsCols:
    """Per team row; the average rating (``ffe-cups`` ranking) follows the list's numbered columns,
    under the header ``rating_avg`` (found by its label, so the list may grow)."""
    LETTER, NAME, WITHDRAWN, FIRST_PLAYER = 1, 2, 3, 4
    LEGACY_FIRST_PLAYER = 3  # workbooks made before the withdrawal column: the list from column C


# -- round sheets ("Ronde r") ------------------------------------------------------
ROUND_FIRST_ROW = 4          # board 1


class RoundCols:
    BOARD, WHITE, WHITE_NAME, RESULT, BLACK, BLACK_NAME, WHITE_PTS, BLACK_PTS, FORFEIT = 1, 2, 3, 4, 5, 6, 7, 8, 9
    WHITE_OUT, BLACK_OUT, EFFECTIVE = 10, 11, 12  # hidden: the seat does not play (1/0), the result counted
    STARTED_ROW = 2  # in column EFFECTIVE: 1 once a result is typed in the round


# -- Line-ups sheet -------------------------------------------------------------------
LINEUPS_FIRST_ROW = 4        # first team block
LINEUP_SEAT_COL = 1


def lineup_block_row(team: int, boards: int) -> int:
    """First row (the team's letter and name) of the block of team index ``team`` (0-based)."""
    return LINEUPS_FIRST_ROW + team * (boards + 3)


def lineup_row(team: int, seat: int, boards: int) -> int:
    """Row of seat ``seat`` (1-based) of team index ``team`` (0-based)."""
    return lineup_block_row(team, boards) + 1 + seat


def lineup_input_col(rnd: int) -> int:
    """Column where who takes a seat in round ``rnd`` is typed (blank: the regular player)."""
    return 2 * rnd


def lineup_name_col(rnd: int) -> int:
    """Column showing the name of who plays (a formula)."""
    return 2 * rnd + 1


# -- Calc (hidden) ---------------------------------------------------------------------
CODES_FIRST_ROW = 2          # the result code table

# -- printed sheets -------------------------------------------------------------------
CARDS_PER_ROW = 3
CARD_ROWS_PER_PAGE = 9       # 9 × 78 pt of cards fit an A4 page with 1 cm margins
ENVELOPE_PAGE_PT = 640       # printable height of an A4 page with 1.5 cm margins, with room to spare
ENVELOPE_TITLE_PT = 50
SLIPS_PER_ROW = 2
GRID_ROWS_PER_PAGE = 48
GRID_ROWS_PER_PAGE_LANDSCAPE = 30  # a landscape page at full scale (few rounds: no shrinking)


@dataclass(frozen=True)
class CalcMap:
    """Where the Calc sheet keeps each block (rows and columns, 1-based)."""

    teams: int
    players: int
    rounds: int
    codes: int = 6

    @property
    def player_first_row(self) -> int:
        return CODES_FIRST_ROW + self.codes + 3

    def player_row(self, team: int, board: int) -> int:
        """Row of player ``board`` (1-based) of team index ``team`` (0-based)."""
        return self.player_first_row + team * self.players + board - 1

    def opp_col(self, r: int) -> int:
        return 3 + r  # r 1-based: columns 4..3+R

    def pts_col(self, r: int) -> int:
        return 3 + self.rounds + r

    @property
    def total_col(self) -> int:
        return 4 + 2 * self.rounds

    @property
    def wins_col(self) -> int:
        return self.total_col + 1

    @property
    def weight_col(self) -> int:
        return self.total_col + 2

    @property
    def player_last_row(self) -> int:
        return self.player_row(self.teams - 1, self.players)

    # team block: one row per team
    @property
    def key_weight_row(self) -> int:
        return self.player_last_row + 3

    @property
    def team_first_row(self) -> int:
        return self.key_weight_row + 2

    def team_row(self, team: int) -> int:
        return self.team_first_row + team

    @property
    def team_last_row(self) -> int:
        return self.team_row(self.teams - 1)

    # team columns
    LETTER, INDEX, POINTS, BERLIN, WINS, H2H = 1, 2, 3, 4, 5, 6

    def board_col(self, k: int) -> int:
        return 6 + k

    @property
    def rating_col(self) -> int:
        """The ``ffe-cups`` rule's rating key (10000 − the team's average rating, 0 without one)."""
        return 7 + self.players

    @property
    def keys(self) -> int:
        return 5 + self.players

    @property
    def rank_col(self) -> int:
        return 8 + self.players

    @property
    def pos_col(self) -> int:
        return 9 + self.players

    def h_col(self, team: int) -> int:
        """Column of "points team ``team`` scored against each team (rows)"."""
        return self.pos_col + 2 + team

    def beat_col(self, other: int) -> int:
        """Column of "team ``other`` is ahead of the row's team"."""
        return self.h_col(self.teams) + 1 + other


# -- result spellings: the result cells' codes and the points each gives -------------

#: Result codes offered in the result cells (``addin.core.results.WORKBOOK_CODES``, the
#: spelling of every workbook), with the canonical code. Forfeits are spelt "1-0 F",
#: "0-1 F", "0-0 F": a cell text starting with "+" or "-" would be taken for a formula.
WORKBOOK_RESULTS: tuple[tuple[str, str], ...] = tuple((WORKBOOK_CODES[code], code) for code in RESULT_CODES)

#: (White's points, Black's points) of each canonical result code: the Calc sheet's code table
RESULT_POINTS = {WHITE_WIN: (1, 0), BLACK_WIN: (0, 1), DRAW: (0.5, 0.5), WHITE_FORFEIT_WIN: (1, 0),
                 BLACK_FORFEIT_WIN: (0, 1), DOUBLE_FORFEIT: (0, 0)}


def workbook_code(code: str | None) -> str:
    """The workbook spelling (``1-0 F`` …) of a canonical result code of ``addin.core.results``."""
    for label, canonical in WORKBOOK_RESULTS:
        if canonical == code:
            return label
    raise ValueError(f"unknown result code {code!r}")


def canonical_code(label: str) -> str:
    """The canonical result code of a workbook spelling (``1-0 F`` → ``+-``)."""
    return dict(WORKBOOK_RESULTS)[label]
