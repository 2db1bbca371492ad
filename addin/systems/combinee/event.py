"""A Formule Combinée event: its set-up, and the next round from the typed results.

Pure logic shared by the command line (cells read with openpyxl) and the
workbook button (cells read with xlwings): both hand a ``read(sheet, row, col)``
function and apply the returned cell writes. The cell map below is the one
the layout (``addin/sheets/combinee.py``) writes.

Players are numbered by seed rank (decreasing rating; equal or missing
ratings keep the list order): number 1 is the best-rated player. With an odd
field the fictitious player X has the number ``n+1`` in the groups and
appears as a bye (opponent number 0) in the round sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.systems.combinee.groups import GroupPlan, distribute, group_counts
from addin.systems.combinee.pairing import pair_players
from addin.systems.combinee.phase1 import draw_positions, group_schedule
from addin.systems.combinee.phases import Phases, check_phases
from addin.systems.combinee.ranking import GameResult, Standing, standings
from addin.systems.combinee.scoring import Scoring, read_score, scoring

# -- cell map of the workbook (1-based rows/columns) ------------------------
ROUND_SHEET = "R{}"
FIRST_TABLE_ROW = 4
COL_TABLE, COL_GROUP, COL_A, COL_NAME_A, COL_SCORE_A, COL_SCORE_B, COL_NAME_B, COL_B = 1, 2, 3, 4, 5, 6, 7, 8
COL_PM_A, COL_PM_B, COL_PDEP_A, COL_PDEP_B = 9, 10, 11, 12
SETTINGS_KEY_COL, SETTINGS_VALUE_COL = 3, 2
PLAYERS_FIRST_ROW = 2

Reader = Callable[[str, int, int], Any]


@dataclass(frozen=True)
class EventPlayer:
    number: int          # seed rank
    name: str
    rating: int | None = None
    club: str = ""


@dataclass
class Event:
    """Everything the workbook is built from."""

    players: list[EventPlayer]
    phases: Phases
    rules: Scoring
    seed: int
    improved: bool
    plan: GroupPlan
    groups: list[list[int]]                       # per group: numbers in position order A1..Ag
    phase1: list[list[tuple[int, int, int]]]      # per round: (group, a, b); b = 0 is the bye
    rounds: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # later rounds

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def tables(self) -> int:
        return (self.n + 1) // 2


def seed_order(entries: Sequence[tuple[str, int | None, str]]) -> list[EventPlayer]:
    """``(name, rating, club)`` in list order → players numbered by seed rank."""
    order = sorted(range(len(entries)), key=lambda i: (-(entries[i][1] if entries[i][1] is not None else -1), i))
    return [EventPlayer(k + 1, entries[i][0], entries[i][1], entries[i][2]) for k, i in enumerate(order)]


def create_event(entries: Sequence[tuple[str, int | None, str]], phase1, phase2, phase3=0,
                 rules: Scoring | None = None, seed: int = 1, improved: bool = True) -> Event:
    """Seed ranks, groups (snake), positions drawn with ``seed`` and the phase-1 rounds."""
    phases = check_phases(phase1, phase2, phase3)
    players = seed_order(entries)
    plan = group_counts(len(players), phases.phase1)
    ratings: list[float | None] = [p.rating if p.rating is not None else 0 for p in players]
    if len(players) % 2:
        ratings.append(None)
    groups = distribute(plan, ratings, improved)
    fictitious = len(players) + 1
    positioned = [draw_positions(g, f"{seed}-{index}") for index, g in enumerate(groups, 1)]
    phase1_rounds: list[list[tuple[int, int, int]]] = [[] for _ in range(phases.phase1)]
    for gi, members in enumerate(positioned, 1):
        schedule = group_schedule(len(members), phases.phase1)
        for r, games in enumerate(schedule):
            for a, b in games:
                pa, pb = members[a - 1], members[b - 1]
                if fictitious in (pa, pb):
                    phase1_rounds[r].append((gi, pb if pa == fictitious else pa, 0))
                else:
                    phase1_rounds[r].append((gi, pa, pb))
    for games in phase1_rounds:  # byes after the games
        games.sort(key=lambda g: g[2] == 0)
    return Event(players, phases, rules or scoring(), seed, improved, plan, positioned, phase1_rounds)


# --------------------------------------------------------------------------
# Reading a workbook back
# --------------------------------------------------------------------------

@dataclass
class PlayedRound:
    number: int
    pairs: list[tuple[int, int]]                  # (a, b); b = 0: bye
    scores: list[tuple[Any, Any]]


@dataclass
class EventState:
    n: int
    phases: Phases
    rules: Scoring
    names: dict[int, str]
    rounds: list[PlayedRound]                     # paired rounds, in order

    def games(self) -> list[GameResult]:
        out = []
        for rnd in self.rounds:
            for (a, b), (sa, sb) in zip(rnd.pairs, rnd.scores):
                out.append(GameResult(a, None) if b == 0 else GameResult(a, b, sa, sb))
        return out

    def standings(self) -> list[Standing]:
        return standings(list(range(1, self.n + 1)), self.games(), self.rules)


def read_settings(read: Reader, sheet: str) -> dict[str, Any]:
    values = {}
    for row in range(2, 60):
        key = read(sheet, row, SETTINGS_KEY_COL)
        if key in (None, ""):
            continue
        values[str(key)] = read(sheet, row, SETTINGS_VALUE_COL)
    return values


def read_state(read: Reader, settings_sheet: str, players_sheet: str) -> EventState:
    """The event as typed so far; scores are checked (a bad cell is named)."""
    cfg = read_settings(read, settings_sheet)
    try:
        n = int(cfg["players"])
        phases = check_phases(cfg["phase1"], cfg["phase2"], cfg["phase3"])
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, TournamentError):
            raise
        raise TournamentError(
            f"The sheet {settings_sheet} has lost its event settings: this workbook was not made "
            "by 'appariements combinee' or was edited there.") from None
    rules = scoring(cfg.get("scoring", "3-2-1-0"), cfg.get("cap"), cfg.get("bye_pm"),
                    cfg.get("bye_pdep"), cfg.get("forfeit_pdep"))
    # the match points typed in the settings sheet (the formulas use them too)
    rules = replace(rules, **{key: as_int(cfg.get(key), f"{settings_sheet}: {key}", 0, 10)
                              for key in ("win", "draw", "loss", "forfeit")})
    names = {}
    for i in range(1, n + 1):
        names[i] = str(read(players_sheet, PLAYERS_FIRST_ROW + i - 1, 2) or f"#{i}")
    tables = (n + 1) // 2
    rounds: list[PlayedRound] = []
    for number in range(1, phases.total + 1):
        sheet = ROUND_SHEET.format(number)
        pairs, scores = [], []
        for t in range(tables):
            row = FIRST_TABLE_ROW + t
            a = _number(read(sheet, row, COL_A), n, sheet, row)
            if a is None:
                continue
            b = _number(read(sheet, row, COL_B), n, sheet, row, allow_zero=True) or 0
            where = f"Sheet {sheet}, table {t + 1}"
            pairs.append((a, b))
            scores.append((read_score(read(sheet, row, COL_SCORE_A), where),
                           read_score(read(sheet, row, COL_SCORE_B), where)))
        if not pairs:
            break
        rounds.append(PlayedRound(number, pairs, scores))
    return EventState(n, phases, rules, names, rounds)


def _number(value: Any, n: int, sheet: str, row: int, allow_zero: bool = False) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = -1.0
    low = 0 if allow_zero else 1
    if not number.is_integer() or not low <= number <= n:
        raise TournamentError(
            f"Sheet {sheet}, row {row}: the player number {value} is not a number from 1 to {n}; "
            "the pairing columns must not be edited.")
    return int(number)


def missing_results(state: EventState) -> list[str]:
    """``"round 10, table 3"`` for every paired game whose two scores are not both typed."""
    out = []
    for rnd in state.rounds:
        for t, ((a, b), (sa, sb)) in enumerate(zip(rnd.pairs, rnd.scores), 1):
            if b != 0 and (sa is None or sb is None):
                out.append(f"round {rnd.number}, table {t}")
    return out


def next_round(state: EventState) -> tuple[int, list[tuple[int, int]]]:
    """Number and pairing ``(a, b)`` (b = 0: bye) of the next round, or a refusal."""
    done = len(state.rounds)
    if done >= state.phases.total:
        raise TournamentError(f"All {state.phases.total} rounds are already paired: the event is complete.")
    missing = missing_results(state)
    if missing:
        more = f" and {len(missing) - 1} other game(s)" if len(missing) > 1 else ""
        raise TournamentError(
            f"The result of {missing[0]}{more} is missing: type both scores (or F for a forfeit) "
            "before pairing the next round; nothing was changed.")
    number = done + 1
    phase = state.phases.phase_of(number)
    if phase == 1:  # pragma: no cover - phase-1 rounds are written when the event is created
        raise TournamentError(f"Round {number} belongs to phase 1, whose pairings are already in the workbook.")
    first = 1 if phase == 2 else state.phases.phase1 + state.phases.phase2 + 1
    rematches = []
    byes: dict[int, int] = {}
    for rnd in state.rounds:
        for a, b in rnd.pairs:
            if b == 0:
                byes[a] = byes.get(a, 0) + 1
            elif rnd.number >= first:
                rematches.append((a, b))
    order = [s.player for s in state.standings()]
    pairs = [(a, 0) if b is None else (a, b) for a, b in pair_players(order, rematches, byes)]
    pairs.sort(key=lambda p: p[1] == 0)  # the bye after the games
    return number, pairs


def pairing_writes(number: int, pairs: Sequence[tuple[int, int]]) -> list[tuple[str, int, int, Any]]:
    """Cells to write for a round's pairing: table, the two player numbers (0: bye)."""
    sheet = ROUND_SHEET.format(number)
    writes = []
    for t, (a, b) in enumerate(pairs, 1):
        row = FIRST_TABLE_ROW + t - 1
        writes.append((sheet, row, COL_A, a))
        writes.append((sheet, row, COL_B, b))
    return writes
