"""The league season workbook (issue 15) as a layout: live formulas, works without Python.

Sheets (French names by default, English with ``lang="en"``):

* **Settings**: the season's name, place, dates, director; boards per match; the scoring
  (match points of a match won, drawn, lost, lost by forfeit; game points of a game won,
  drawn, lost: the formulas read these cells, so changing them recomputes everything);
  the colour rule; four tie-break slots; the result codes and the forfeit words.
* **Registered teams**: division, number in the division's table, name, club, withdrawal round.
* **Rosters**: one row per player (division, team number, board order, name, rating, id).
* **Calendar**: every match with its date (to change), teams, and score once started.
* **Round 1, Round 2, …**: the match sheets. Each match: the two teams, their score and
  match points, the forfeit cell (a team absent) and the colour override; one row per
  board with the colour of the team named first, the roster numbers fielded (the names
  and ratings follow by formula), the result typed from the first team's side, a check.
* **Table**: each division's table, sorted by the formulas themselves.
* **Statistics**: every player's games, points, forfeits and performance.
* **Matches**, **Calc**, **Games** (hidden): one row per match, per team, per board and
  side; the ranking of ``addin.systems.league.table`` as formulas.

Every visible formula stores the value Python computed for it (``cached``). Formulas use
only portable functions (SUM, SUMIF, COUNTIF, COUNTIFS, SUMPRODUCT, INDEX, MATCH, IF,
AND, OR, ISNUMBER, IFERROR, ROUND, LEN, TRIM, MOD).

This module keeps the entry points; each sheet is written by its module of
``addin.sheets.league.book`` from the plan they share (``book.plan.BookPlan``).
"""

from __future__ import annotations

from addin.sheets.keys import key_sheet
from addin.sheets.league.book.assemble import build_book, page_header  # noqa: F401
from addin.sheets.league.book.plan import STYLES, round_sheet_names, sheet_match_numbers  # noqa: F401
from addin.sheets.league.book.sheet_rounds import round_date as _round_date  # noqa: F401
from addin.sheets.model import WorkbookLayout
from addin.systems.league.model import Season


def season_workbook(season: Season) -> WorkbookLayout:
    """The complete season workbook of ``season``."""
    book = build_book(season)
    teams = [(d, team) for d, division in enumerate(season.divisions, 1) for team in division.teams]
    book.sheets.append(key_sheet(season.header.lang, [("teams", f"{d}/{team.number}", team.name) for d, team in teams]
                                 + [("rosters", f"{d}/{team.number}/{k}", member.name) for d, team in teams
                                    for k, member in enumerate(team.roster, 1)]))
    return book
