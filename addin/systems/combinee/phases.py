"""Phase lengths of the Formule Combinée (seed 002, sections 2, 3, 4, 5).

Phase 1 has 5, 7 or 9 rounds; phase 2 at least 3 rounds; phase 3 at most as
many rounds as phase 2 (possibly none); all phases together at most 24 rounds.
"""

from __future__ import annotations

from dataclasses import dataclass

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.systems.combinee.groups import check_phase1_rounds

MAX_TOTAL = 24


@dataclass(frozen=True)
class Phases:
    phase1: int
    phase2: int
    phase3: int

    @property
    def total(self) -> int:
        return self.phase1 + self.phase2 + self.phase3

    def phase_of(self, round_number: int) -> int:
        """1, 2 or 3: the phase a round (1-based) belongs to."""
        if round_number <= self.phase1:
            return 1
        if round_number <= self.phase1 + self.phase2:
            return 2
        return 3


def check_phases(phase1, phase2, phase3=0) -> Phases:
    p1 = check_phase1_rounds(phase1)
    p2 = as_int(phase2, "phase2_rounds", 0, MAX_TOTAL)
    if p2 < 3:
        raise TournamentError("The argument '{name}' is {p2}: phase 2 has at least 3 rounds.", name="phase2_rounds",
                              p2=p2)
    p3 = as_int(0 if phase3 is None else phase3, "phase3_rounds", 0, MAX_TOTAL)
    if p3 > p2:
        raise TournamentError(
            "The argument '{name}' is {p3}: phase 3 has at most as many rounds as "
            "phase 2 ({p2}).",
            name="phase3_rounds", p3=p3, p2=p2)
    if p1 + p2 + p3 > MAX_TOTAL:
        raise TournamentError(
            "The three phases have {p1} + {p2} + {p3} = {p1_p2_p3} rounds: the Formule "
            "Combinée has at most {max_total} rounds in all.",
            p1=p1, p2=p2, p3=p3, p1_p2_p3=p1 + p2 + p3, max_total=MAX_TOTAL)
    return Phases(p1, p2, p3)
