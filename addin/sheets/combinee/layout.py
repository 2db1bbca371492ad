"""The Formule Combinée event workbook as a layout (seed 002; issues 6 and 10).

Sheets, in tab order:

* **Joueurs/Players** — number, name, club, rating, group, position, the round a player
  withdraws from (typed by the organiser) and the round a late entry joined at.
* **Groupes/Groups** — per group, its players in position order and their phase-1
  opponents round by round.
* **R1 … Rn** — one sheet per round: the printable pairing and the score entry (both
  players' scores, ``F`` for a forfeit); PM and Pdep of each game are derived by formulas,
  including the bye given by a withdrawn opponent (hidden columns M–P).
* **Classement/Standings** — live standings (PM, PPM, Pdep, rank) sorted by formulas; its
  hidden columns hold the per-player computation.
* **Réglages/Settings** — scoring, bye and late-entry settings used by the formulas
  (defined names ``CB_*``) and read back by Python.
* **Calcul/Calc** (hidden) — one row per player and game, the ledger the standings sum
  over, and one row per round saying whether it has started.

The formulas follow ``addin.systems.combinee.event`` rule for rule (a round counts once a
score is typed in it or a later one; a withdrawn player's game counts as the bye for his
opponent unless both scores are typed; a late entry is credited per started round he
missed) and use only SUMIF(S), COUNTIF(S), COUNTA, INDEX/MATCH, SMALL, RANK, N, UPPER,
IF/AND/OR, MIN/MAX (docs/developing.md rule 7). PPM follows
``addin.systems.combinee.ranking`` exactly: among the players tied on PM, it applies only if
each of them has met (with a typed result) every other; the ``first`` flag counts each
opponent once.

This module keeps the entry point; each sheet is written by its module of
``addin.sheets.combinee.book`` (``book.assemble.build_book`` puts them together).
"""

from __future__ import annotations

from addin.sheets.combinee.book.assemble import build_book
from addin.sheets.combinee.book.plan import NO_ZERO, NOTE  # noqa: F401
from addin.sheets.combinee.book.sheet_groups import GROUP_PAGE_ROWS  # noqa: F401
from addin.sheets.combinee.book.sheet_round import game_points  # noqa: F401
from addin.sheets.model import WorkbookLayout
from addin.systems.combinee.event import CombineeEvent


def event_workbook(event: CombineeEvent) -> WorkbookLayout:
    """Every sheet of the event, from its state."""
    return build_book(event)
