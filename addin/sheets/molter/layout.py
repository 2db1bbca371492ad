"""The Molter event workbook as a layout (seed 001, "Organisation matérielle des tournois",
"Classement des équipes" and the result-grid examples).

Sheets, in tab order (French names by default, English with ``lang="en"``):

``Équipes``       settings (rounds, boards per team, the table's source), then one row per
                  team: letter, name, withdrawal round, and its list of players, strongest
                  first (the regular players, then the reserves) — input cells;
``Ronde r``       the board list of round r: board, White seat, who plays it, result
                  (drop-down list of result codes), Black seat, who plays it, points, and
                  the forfeit an absence or a withdrawal gives (derived, not typed);
``Compositions``  per team and round, who takes each seat when it is not its regular
                  player (a number of the list, a substitute's name, ``absent``) and the
                  name of who plays;
``Grilles``       the result grid of every team as in the seed: per player and round
                  colour (b/n), opponent and result, the total, the bottom line
                  "Départage / Place / Total", then the team's substitutions, absences
                  and withdrawal;
``Classement``    the team standings, sorted by formulas;
``Cartons``       one card per board per round, "15. D4 – B4" (White first), the names of
                  who plays under it, one fill colour per round, a page per round;
``Enveloppes``    one page per team: a slip per player with his symbol;
``Calcul``        (hidden) result codes, each player's points, the team keys, the
                  head-to-head matrix and the pairwise comparisons.

A result is typed in one place (the round sheet); everything else is a formula that
references it (architecture principle 4). The forfeits of absences and withdrawals are
formulas too (``addin.systems.molter.live``): a seat does not play a round when its line-up
cell says ``absent`` or its team's withdrawal round is that round or before; its game then
counts as a forfeit once a result is typed in the round (``1-0 F``, ``0-1 F``, ``0-0 F``),
unless a result is typed in it. The standings use only functions Excel 2010+, Excel 365 and
LibreOffice compute alike:

* team keys (``addin.systems.molter.ranking``): points, Berlin (Σ (P+1−k) × points of
  board k), individual wins (``COUNTIF(points, 1)``), head-to-head = points
  scored against the teams equal on the three first keys
  (``SUMPRODUCT((pts=pts_t)*(berlin=berlin_t)*(wins=wins_t), H_t)`` where
  ``H_t`` holds ``SUMIF`` of the points t scored per opposing team), then the
  points of board 1, 2, …;
* "u is ahead of t": the first key that differs is higher for u, computed as
  ``SUMPRODUCT(SIGN(keys_u − keys_t) * 2^(m−1 … 0)) > 0`` (the weights make
  the first non-zero difference outweigh all later ones);
* the ranking rule chosen in the Teams sheet (``1991`` or ``ffe-cups``) sets the weights:
  a key the rule does not compare weighs 0 (``ffe-cups``: points, Berlin, then the rating
  key ``IF(ISNUMBER(avg),10000−avg,0)``); the rule's name is printed in the footer of every
  page and in the standings' title;
* place = 1 + the number of teams ahead (ties share the place); the sorted
  table takes the teams by place, then letter (``COUNTIF`` positions and
  ``INDEX``/``MATCH``).

This module keeps the entry points; each sheet is written by its module of
``addin.sheets.molter.book`` from the plan they share (``book.plan.BookPlan``), and the
result cells' spellings are the positions module's (``cells.WORKBOOK_RESULTS``).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from addin.core.header import EventHeader
from addin.core.results import parse_result
from addin.sheets.keys import key_sheet
from addin.sheets.model import WorkbookLayout
from addin.sheets.molter.book.assemble import build_book, event_page_header, page_header  # noqa: F401
from addin.sheets.molter.book.plan import EXTRA_STYLES, ROUND_FILLS, list_width, teams_own_columns  # noqa: F401
from addin.sheets.molter.book.sheet_calc import key_weights  # noqa: F401
from addin.sheets.molter.book.sheet_cards import card_text  # noqa: F401
from addin.sheets.molter.book.sheet_lineups import LINEUP_ROUNDS_PER_PAGE, lineup_value  # noqa: F401
from addin.sheets.molter.cells import ROUND_FIRST_ROW, RoundCols
from addin.sheets.molter.cells import WORKBOOK_RESULTS, canonical_code, workbook_code  # noqa: F401
from addin.sheets.molter.labels import LABELS, round_sheet
from addin.systems.molter.grids import player_cells
from addin.systems.molter.live import MolterEvent, check_event
from addin.systems.molter.model import Pairing
from addin.systems.molter.teams import Team


def molter_event_layout(teams: Sequence[Team], players: int, rounds: Sequence[Sequence[Pairing]],
                        lang: str = "fr", title: str | None = None) -> WorkbookLayout:
    """The event workbook for ``teams`` playing ``rounds`` (the played rounds, in order), nothing typed yet.

    ``rounds`` are checked to be a complete schedule of these teams (every player once per
    round); a mistake raises ``TournamentError``.
    """
    player_cells(len(teams), players, rounds)  # the table's own sentence first
    event = MolterEvent(tuple(Team(t.letter, t.name, tuple(t.players) + ("",) * (players - len(t.players)))
                              for t in teams),
                        players, tuple(tuple(r) for r in rounds), header=EventHeader(title=title or "", lang=lang))
    return event_workbook(event)


def event_workbook(event: MolterEvent) -> WorkbookLayout:
    """The complete event workbook of ``event`` (checked first: a broken event raises its sentence)."""
    check_event(event)
    book = build_book(event)
    book.sheets.append(key_sheet(event.header.lang, (("teams", team.letter, team.name) for team in event.teams)))
    return book


def result_cell(labels: dict, r: int, board: int) -> tuple[str, int, int]:
    """``(sheet name, row, column)`` of the result cell of ``board`` in round ``r``."""
    return round_sheet(labels, r), ROUND_FIRST_ROW + board - 1, RoundCols.RESULT


def put_results(book: WorkbookLayout, results: Mapping[tuple[int, int], str], lang: str = "fr") -> None:
    """Type results (canonical codes keyed by ``(round, board)``) into the round sheets of a layout."""
    labels = LABELS[lang]
    for (r, b), code in results.items():
        sheet, row, col = result_cell(labels, r, b)
        book.sheet(sheet).set(row, col, workbook_code(parse_result(code)), style="input_center", text=True)
