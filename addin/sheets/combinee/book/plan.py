"""What every sheet of the Formule Combinée event workbook shares (``BookPlan``), and the number formats
and styles they use.

A sheet module receives the plan and writes its sheet; the plan names the other sheets (the round
sheets the Calc ledger reads, the Standings sheet whose PM column the ledger's opponents' PM reads, the
Calc sheet the standings sum over) and holds Python's own figures, stored as the cached values of the
formulas that compute them (issue 11): the report's own computation (``addin.report.combinee.figures``:
the standings after the last round begun, seed 002, 2-1; the phase-1 draw's groups and positions, seed
002, 2-4 and 2-5), so that the workbook caches what the report shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from addin.report.combinee import Figures, figures
from addin.sheets.combinee.cells import round_sheet
from addin.sheets.combinee.labels import LABELS
from addin.sheets.model import Style
from addin.systems.combinee.event import CombineeEvent
from addin.systems.combinee.ranking import Standing

NO_ZERO = "0;-0;;@"  # the bye's opponent number 0 prints as an empty cell
NOTE = Style(italic=True, color="555555", wrap=True, valign="top")  # a round sheet's instruction line


@dataclass(frozen=True)
class BookPlan:
    """The event of the workbook, its labels, Python's figures and the sheets' names and sizes."""

    event: CombineeEvent
    t: dict[str, str]  # the labels of the event's language
    now: Figures  # the report's figures (addin.report.combinee.figures)
    n: int  # players
    total: int  # rounds of the three phases
    tables: int  # table rows of every round sheet
    names: dict[str, str]  # sheet names by key: players, groups, standings, settings, calc
    round_sheets: tuple[str, ...]  # R1 … Rn, round 1 first

    @property
    def ledger_rows(self) -> int:
        """The Calc ledger's rows: two a table of every round."""
        return self.tables * 2 * self.total

    @property
    def standings(self) -> list[Standing[int]]:
        """The standings after the last round begun: the Standings sheet's cached table."""
        return self.now.standings

    @property
    def last(self) -> int:
        """The last round holding a typed score (0: none): the Standings sheet's "after round" line."""
        return self.now.last


def plan_book(event: CombineeEvent) -> BookPlan:
    """The plan of the workbook of ``event``: its figures computed once (``figures``)."""
    t = LABELS[event.header.lang]
    total = event.phases.total
    return BookPlan(event=event, t=t, now=figures(event), n=event.n, total=total, tables=event.tables,
                    names={key: t[key] for key in ("players", "groups", "standings", "settings", "calc")},
                    round_sheets=tuple(round_sheet(k) for k in range(1, total + 1)))
