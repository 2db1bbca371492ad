"""A league season played through, fixed once and for all (the Gacrux fixtures were computed on it).

Two divisions: ``Nationale`` (6 teams, 4 boards in the season, rosters of 5 or 6 players)
and ``Régionale`` (5 teams: one bye a round). Results are drawn from a seeded generator
(``random.Random(SEED)``), line-ups field substitutes now and then (in and out of roster
order), a few boards are forfeited, one board double-forfeited. Nothing here is computed by
the code under test except the calendar's numbering (``calendar_for``, seed 000's tables,
tested elsewhere) and the TRF text written from it.
"""

from __future__ import annotations

import random

from addin.core.header import EventHeader
from addin.systems.directed.league import calendar_for
from addin.systems.league.event import season_from_calendars, set_lineup, set_result
from addin.systems.league.model import PRESET_TIEBREAKS, SCORINGS, Member

SEED = 20251005
BOARDS = 4
NATIONALE = {"Metz 1": 1, "Nancy": 2, "Thionville": 3, "Metz 2": 4, "Épinal": 5, "Verdun": 6}
REGIONALE = {"Toul": 1, "Lunéville": 2, "Sarrebourg": 3, "Bar-le-Duc": 4, "Pont-à-Mousson": 5}
DATES = ["2025-10-05", "2025-10-19", "2025-11-16", "2025-12-07", "2026-01-18"]


def rosters() -> dict[str, list[Member]]:
    rng = random.Random(SEED)
    out = {}
    for team in list(NATIONALE) + list(REGIONALE):
        size = 6 if team in ("Metz 1", "Nancy", "Toul") else 5
        top = rng.randint(1800, 2300)
        out[team] = [Member(f"{team.split()[0]} Joueur {k}", top - 60 * k + rng.randint(0, 40), f"L{k}")
                     for k in range(1, size + 1)]
    return out


def season(preset: str = "fide", rounds: int | None = None):
    """The season with the results of rounds 1..``rounds`` (all by default) typed."""
    cals = [calendar_for("Nationale", NATIONALE, "gathering", DATES),
            calendar_for("Régionale", REGIONALE, "gathering", DATES)]
    clubs = {name: name.split()[0] for name in list(NATIONALE) + list(REGIONALE)}
    s = season_from_calendars(cals, clubs, rosters(), boards=BOARDS, scoring=SCORINGS[preset], preset=preset,
                              tiebreaks=PRESET_TIEBREAKS[preset],
                              header=EventHeader(title="Interclubs Lorraine"))
    rng = random.Random(SEED + 1)
    for key, match in s.matches():
        d, rnd, _ = key
        if rounds is not None and rnd > rounds:
            continue
        division = s.division(d)
        for side, number in ((0, match.home), (1, match.away)):
            size = len(division.team(number).roster)
            roll = rng.random()
            if roll < 0.2 and size >= 5:
                lineup = [1, 2, 3, 5]          # a substitute, still in roster order
            elif roll < 0.4 and size >= 5:
                lineup = [2, 1, 5, 4]          # out of roster order
            else:
                lineup = [1, 2, 3, 4]
            s = set_lineup(s, key, side, lineup)
        for board in range(1, BOARDS + 1):
            roll = rng.random()
            code = ("1-0" if roll < 0.38 else "0-1" if roll < 0.72 else "1/2-1/2" if roll < 0.95
                    else "+-" if roll < 0.975 else "-+")
            s = set_result(s, key, board, code)
    if rounds is None:
        # one double forfeit, to see how both programs count it
        key = next(k for k, m in s.matches() if k[0] == 2 and k[1] == 2)
        s = set_result(s, key, 4, "0-0")
    return s
