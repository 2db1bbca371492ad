"""Match points and score differences of one game (seed 002 §2-1; references.md, Scrabble).

A game is typed as both players' scores. The winner gets the win points, a
draw (equal scores) the draw points, the loser the loss points; a player who
forfeits (score typed ``F``) gets the forfeit points and the opponent the
win points (both forfeit: both get the forfeit points). The Pdep of a game is
the player's score minus the opponent's, capped to ``±cap`` when a cap is
set.

Named presets (``SCORING_PRESETS``):

* ``3-2-1-0`` (default): win 3, draw 2, loss 1, forfeit 0 — the classic rules
  of a FISF member federation;
* ``2-1-0-0``: win 2, draw 1, loss 0, forfeit 0 — used by other organisers.

The bye (a game against the fictitious player X, who "loses every match")
gives ``bye_pm`` match points (default: the win points) and ``bye_pdep``
(default 0, neither helping nor hurting the spread; the seed is silent).
A forfeit gives the winner ``+forfeit_pdep`` and the forfeiter
``−forfeit_pdep`` (default 0).

A late entry (``addin.systems.combinee.event``) is credited, for each round
played before he joined, ``late_pm`` match points and ``late_pdep`` (both 0 by
default: he joins with nothing, like a player who missed those rounds; the
seed is silent).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, TYPE_CHECKING

if TYPE_CHECKING:
    from addin.core.messages import Message

from addin.core.args import as_choice, as_int
from addin.core.cells import is_blank, number_or_none, refuse_uncomputed, show
from addin.core.errors import TournamentError

FORFEIT = "F"
MAX_SCORE = 5000


@dataclass(frozen=True)
class Scoring:
    win: int = 3
    draw: int = 2
    loss: int = 1
    forfeit: int = 0
    bye_pm: int | None = None      # None: the win points
    bye_pdep: int = 0
    forfeit_pdep: int = 0
    cap: int | None = None         # None: differences are not capped
    name: str = "3-2-1-0"
    late_pm: int = 0               # per round missed by a late entry
    late_pdep: int = 0

    @property
    def bye_points(self) -> int:
        return self.win if self.bye_pm is None else self.bye_pm

    def capped(self, diff: int) -> int:
        if self.cap is None:
            return diff
        return max(-self.cap, min(self.cap, diff))

    def game(self, mine: Any, theirs: Any) -> tuple[int, int]:
        """``(PM, Pdep)`` of a player who scored ``mine`` against ``theirs`` (checked values)."""
        if mine == FORFEIT:
            return self.forfeit, (0 if theirs == FORFEIT else -self.forfeit_pdep)
        if theirs == FORFEIT:
            return self.win, self.forfeit_pdep
        diff = mine - theirs
        points = self.win if diff > 0 else self.draw if diff == 0 else self.loss
        return points, self.capped(diff)


SCORING_PRESETS = {
    "3-2-1-0": Scoring(3, 2, 1, 0, name="3-2-1-0"),
    "2-1-0-0": Scoring(2, 1, 0, 0, name="2-1-0-0"),
}


def scoring(preset: Any = "3-2-1-0", cap: Any = None, bye_pm: Any = None, bye_pdep: Any = 0,
            forfeit_pdep: Any = 0, late_pm: Any = 0, late_pdep: Any = 0) -> Scoring:
    """A checked :class:`Scoring` from a preset name and optional settings."""
    base = SCORING_PRESETS[as_choice(preset, "scoring", SCORING_PRESETS, default="3-2-1-0")]
    blank = lambda v: v is None or (isinstance(v, str) and not v.strip())  # noqa: E731
    return replace(
        base,
        cap=None if blank(cap) else as_int(cap, "cap", 1, MAX_SCORE),
        bye_pm=None if blank(bye_pm) else as_int(bye_pm, "bye_pm", 0, 10),
        bye_pdep=0 if blank(bye_pdep) else as_int(bye_pdep, "bye_pdep", -MAX_SCORE, MAX_SCORE),
        forfeit_pdep=0 if blank(forfeit_pdep) else as_int(forfeit_pdep, "forfeit_pdep", 0, MAX_SCORE),
        late_pm=0 if blank(late_pm) else as_int(late_pm, "late_pm", 0, 10),
        late_pdep=0 if blank(late_pdep) else as_int(late_pdep, "late_pdep", -MAX_SCORE, MAX_SCORE),
    )


def read_score(value: Any, where: str | Message) -> int | str | None:
    """A typed score: a whole number 0..5000, ``F`` (forfeit), or None when empty.

    Read as ``addin.core.cells`` reads any cell: a number typed as text (``"420"``) or a
    formula with its computed value (``=380+42`` saved by LibreOffice: 422) is that number,
    as the sheet's own formulas read it; a formula saved without a value is refused.
    """
    refuse_uncomputed(value, where)
    if is_blank(value):
        return None
    if isinstance(value, str) and value.strip().upper() == FORFEIT:
        return FORFEIT
    number = number_or_none(value)
    if number is None and isinstance(value, str) and value.lstrip().startswith("="):
        # a formula's text where a score is typed (a formula stored as text, a sheet's columns moved):
        # its text would put spreadsheet words and names in the sentence
        raise TournamentError(
            "{where}: the cell holds a formula's text, not a score; type a whole number from 0 to {high}, "
            "or F for a forfeit.", where=where, high=MAX_SCORE)
    if number is None or not number.is_integer() or not 0 <= number <= MAX_SCORE:
        raise TournamentError(
            "{where}: {value} is not a score; type a whole number from 0 to {high}, or F for a forfeit.",
            where=where, value=show(value), high=MAX_SCORE)
    return int(number)
