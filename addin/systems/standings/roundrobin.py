"""Standings of a round-robin: points, games, percentage and FIDE tie-breaks.

This module is the reference the workbook formulas reproduce; every rule is
spelled out, with its source, in ``docs/standings.md``. In short:

* **Points** (FIDE scoring; seed 004 "Classement final"): win 1, draw ½,
  loss 0. Forfeits are results: ``+-`` is a win for White and a loss for
  Black, ``-+`` the reverse, ``0-0`` a loss for both. A bye (odd field, no
  game) scores ``bye_points`` (default 0) once its round has started, i.e.
  once any result of that round is entered.
* **Games played** = games with a result, forfeits included (C.07: in
  round-robins forfeits count as played games). ``wins + draws + losses =
  played``. A bye is not a game.
* **Percentage** = 100 × points scored in games / games played (0 when no
  game is played); bye points are not part of it, so it never exceeds 100.
* **Tie-breaks** (C.07, as summarised in ``references.md``), applied in the
  order given, each one only to players still tied on points and on every
  earlier tie-break: ``DE`` direct encounter (only if all tied players met,
  reapplied to sub-ties; double round-robin: mean of the games of a pair),
  ``SB`` Sonneborn-Berger, ``WIN`` wins (forfeit wins and full-point byes
  count), ``WON`` wins over the board, ``KS`` Koya (points against players
  with at least 50 % of the maximum possible score), ``BPG`` games played
  over the board with Black, ``BWG`` wins over the board with Black. Higher
  is better for all. Players still tied share the rank (1, 2, 2, 4).
* **Withdrawals** (C.05 6.6): a player of ``withdrawn`` who completed
  (played over the board) fewer than half of his scheduled games is not
  counted: his results stay in his own row, but every game against him is
  ignored for everybody else's points, games and tie-breaks; he is listed
  after all counted players (by pairing number) with ``counted=False``. His
  row shows his own results (points, games, W/D/L, %, WIN, WON, BPG, BWG over
  all his games); SB, DE and Koya, which rank him against others, are 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from addin.core.args import as_int, whole_or_none
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.core.results import BLACK_WIN, DRAW, WHITE_WIN, parse_result, score
from addin.core.schedule import Schedule
from addin.systems.standings import fide

CLASSIC_TIEBREAKS = ("DE", "SB", "WIN", "KS", "WON", "BPG", "BWG")
TIEBREAKS = fide.all_codes()  # DE, SB, SB/C1 ... every code of an individual round-robin (fide.py)
DEFAULT_TIEBREAKS = ("DE", "SB", "WIN", "KS")
BYE_POINTS = (0.0, 0.5, 1.0)
_OVER_THE_BOARD = frozenset({WHITE_WIN, BLACK_WIN, DRAW})


@dataclass(frozen=True)
class Standing:
    """One row of the standings (see the module docstring for every definition).

    ``points`` = game points + bye points. ``percentage`` is 0–100, not
    rounded. ``de`` is the direct-encounter score of the first application
    (0 when DE did not apply to the player); ``de_levels`` lists his score at
    every application (first, then each reapplication to a sub-tie), which is
    the exact sort key DE uses. ``byes`` counts byes of started rounds.
    """

    rank: int
    number: int
    points: float
    played: int
    wins: int
    draws: int
    losses: int
    percentage: float
    sb: float
    de: float
    win: int
    koya: float
    counted: bool
    won: int = 0
    bpg: int = 0
    bwg: int = 0
    forfeit_wins: int = 0
    forfeit_losses: int = 0
    byes: int = 0
    game_points: float = 0.0
    withdrawn: bool = False
    de_levels: tuple[float, ...] = ()
    extra: Mapping[str, float] = field(default_factory=dict, compare=False)

    def value(self, tiebreak: str) -> float:
        """The value of one tie-break (``"DE"``, ``"SB"``, ``"SB/C1"``, ``"KS/L+1"``, ``"TPR"``…).

        The codes of the order the standings were computed with are all
        available; DE, SB, WIN, KS, WON, BPG, BWG always are.
        """
        if tiebreak in _FIELDS:
            return getattr(self, _FIELDS[tiebreak])
        return self.extra[tiebreak]

    def shown(self, tiebreak: str) -> float | None:
        """The value of one tie-break as the standings show it, None where it does not apply:
        DE when it decided nothing for him (alone on his score, or his group not all met), and
        for a player the standings do not count (C.05 6.6) DE and every figure that ranks him
        against the others (:data:`COUNTED_ONLY`); :meth:`value` gives 0 there."""
        base = tiebreak.split("/")[0]
        if base == "DE" and (not self.counted or not self.de_levels):
            return None
        if base in COUNTED_ONLY and not self.counted:
            return None
        return self.value(tiebreak)


#: the tie-breaks left blank for a player the standings do not count (C.05 6.6): they rank him
#: against the others (Python's figure is 0)
COUNTED_ONLY = frozenset({"SB", "KS", "RTNG", "ARO", "TPR", "STD", "REP", "PS", "APRO", "PTP", "APPO"})

_FIELDS = {"DE": "de", "SB": "sb", "WIN": "win", "KS": "koya", "WON": "won", "BPG": "bpg", "BWG": "bwg"}


@dataclass(frozen=True)
class Report:
    """Standings plus the event-wide quantities they were computed with."""

    standings: list[Standing]
    max_score: float          # maximum possible score of a counted player (Koya)
    uncounted: frozenset[int]  # players removed by C.05 6.6
    started_rounds: frozenset[int]
    tiebreaks: tuple[str, ...] = ()

    @property
    def koya_threshold(self) -> float:
        """Koya counts opponents whose points are at least this (50 % of ``max_score``)."""
        return self.max_score / 2


@dataclass
class _Line:
    """Running totals of one player."""

    game_points: float = 0.0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    won: int = 0
    bpg: int = 0
    bwg: int = 0
    forfeit_wins: int = 0
    forfeit_losses: int = 0
    byes: int = 0
    games: list[tuple[int, float]] = field(default_factory=list)  # (opponent, own score)

    def add(self, opponent: int, own: float, code: str, black: bool) -> None:
        over_board = code in _OVER_THE_BOARD
        self.game_points += own
        self.played += 1
        self.games.append((opponent, own))
        if own == 1:
            self.wins += 1
            if over_board:
                self.won += 1
                self.bwg += black
            else:
                self.forfeit_wins += 1
        elif own == 0.5:
            self.draws += 1
        else:
            self.losses += 1
            if not over_board:
                self.forfeit_losses += 1
        if over_board:
            self.bpg += black


# --------------------------------------------------------------------------
# Argument checks
# --------------------------------------------------------------------------

def check_tiebreaks(tiebreaks: Any) -> tuple[str, ...]:
    """A tuple of canonical tie-break codes from a tuple or a text like ``"DE, SB/C1, WIN, KS"``."""
    if tiebreaks is None:
        return DEFAULT_TIEBREAKS
    if isinstance(tiebreaks, str):
        items = [t for t in tiebreaks.replace(";", ",").replace(" ", ",").split(",") if t]
    else:
        items = list(tiebreaks)
    names: list[str] = []
    for item in items:
        name = fide.parse_code(item).text
        if name in names:
            raise TournamentError("The tie-break {name} is listed twice: list each tie-break once.", name=name)
        names.append(name)
    return tuple(names)


def check_bye_points(value: Any) -> float:
    """0, 0.5 or 1 (also ``"1/2"``, ``"0,5"``); empty gives 0."""
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return 0.0
    text = str(value).strip().replace(",", ".").replace("1/2", "0.5").replace("\u00bd", "0.5")
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if isinstance(value, bool) or number not in BYE_POINTS:
        raise TournamentError("The argument '{name}' must be 0, 0.5 or 1, not {value!r}.", name="bye_points",
                              value=value)
    return number


def check_results(schedule: Schedule, results: Mapping | None) -> dict[tuple[int, int], str]:
    """Canonical results keyed by ``(round, board)``; unknown rounds/boards are refused."""
    games = {(r, b): (w, k) for r, b, w, k in schedule.games()}
    rounds = len(schedule.rounds)
    out: dict[tuple[int, int], str] = {}
    known: dict[str, str | None] = {}  # spelling -> code: a few spellings, thousands of games
    for key, text in (results or {}).items():
        try:
            rnd, board = key
        except (TypeError, ValueError):
            raise TournamentError("The result key {key!r} must be a pair (round, board).", key=key) from None
        rnd, board = whole_or_none(rnd), whole_or_none(board)
        if rnd is None or not 1 <= rnd <= rounds:
            raise TournamentError(
                "Round {round!r} does not exist: the rounds are numbered 1 to {rounds}.",
                round=key[0], rounds=rounds)
        if board is None or (rnd, board) not in games:
            count = len(schedule.round(rnd).games)
            raise TournamentError(
                "Round {round} has no board {board!r}: its boards are numbered 1 to {count}.",
                round=rnd, board=key[1], count=count)
        if type(text) is str and text in known:
            code = known[text]
        else:
            code = parse_result(text, Message("round {round}, board {board}", round=rnd, board=board))
            if type(text) is str:
                known[text] = code
        if code is not None:
            out[(rnd, board)] = code
    return out


def check_withdrawn(schedule: Schedule, withdrawn: Iterable | None) -> frozenset[int]:
    return frozenset(as_int(p, "withdrawn", 1, schedule.players) for p in (withdrawn or ()))


# --------------------------------------------------------------------------
# The computation
# --------------------------------------------------------------------------

def evaluate(schedule: Schedule, results: Mapping | None = None, tiebreaks: Any = DEFAULT_TIEBREAKS,
             withdrawn: Iterable | None = frozenset(), bye_points: Any = 0.0,
             ratings: Mapping[int, int | None] | None = None, unrated_rating: int | None = None) -> Report:
    """Compute the standings and the event-wide quantities they use.

    ``ratings`` (pairing number -> rating or None) feed the rating tie-breaks
    (ARO, TPR, PTP, APRO, APPO, RTNG); ``unrated_rating`` is the rating the
    regulations give an unrated player (C.07 art. 10), else those tie-breaks
    are 0 for everybody as soon as one counted player is unrated.
    """
    order = check_tiebreaks(tiebreaks)
    bye_value = check_bye_points(bye_points)
    codes = check_results(schedule, results)
    gone = check_withdrawn(schedule, withdrawn)
    n = schedule.players
    everyone = range(1, n + 1)

    # C.05 6.6: completed = games with an over-the-board result.
    scheduled = {p: 0 for p in everyone}
    completed = {p: 0 for p in everyone}
    for rnd, board, white, black in schedule.games():
        scheduled[white] += 1
        scheduled[black] += 1
        if codes.get((rnd, board)) in _OVER_THE_BOARD:
            completed[white] += 1
            completed[black] += 1
    uncounted = frozenset(p for p in gone if 2 * completed[p] < scheduled[p])

    started = frozenset(rnd for rnd, _ in codes)
    lines = {p: _Line() for p in everyone}
    own_lines = {p: _Line() for p in uncounted}  # an uncounted player's own results
    points_of = {code: score(code) for code in set(codes.values())}
    for rnd, board, white, black in schedule.games():
        code = codes.get((rnd, board))
        if code is None:
            continue
        w_pts, b_pts = points_of[code]
        if white in uncounted or black in uncounted:
            for p, opp, own, is_black in ((white, black, w_pts, False), (black, white, b_pts, True)):
                if p in uncounted:
                    own_lines[p].add(opp, own, code, is_black)
            continue
        lines[white].add(black, w_pts, code, False)
        lines[black].add(white, b_pts, code, True)
    byes_scheduled = {p: 0 for p in everyone}
    for played in schedule.rounds:
        for p in played.byes:
            byes_scheduled[p] += 1
            if played.number in started:
                (own_lines[p] if p in uncounted else lines[p]).byes += 1

    counted = [p for p in everyone if p not in uncounted]
    points = {p: lines[p].game_points + bye_value * lines[p].byes for p in counted}

    # Koya: the maximum possible score of a counted player over the whole
    # schedule (games against counted players + byes at their value).
    opponents_counted = {p: 0 for p in counted}
    for _, _, white, black in schedule.games():
        if white not in uncounted and black not in uncounted:
            opponents_counted[white] += 1
            opponents_counted[black] += 1
    max_score = max((opponents_counted[p] + bye_value * byes_scheduled[p] for p in counted), default=0.0)
    threshold = max_score / 2

    values: dict[str, dict[int, float]] = {
        "SB": {p: sum(own * points[opp] for opp, own in lines[p].games) for p in counted},
        "KS": {p: sum(own for opp, own in lines[p].games if points[opp] >= threshold) for p in counted},
        "WIN": {p: lines[p].wins + (lines[p].byes if bye_value == 1 else 0) for p in counted},
        "WON": {p: lines[p].won for p in counted},
        "BPG": {p: lines[p].bpg for p in counted},
        "BWG": {p: lines[p].bwg for p in counted},
    }
    for tiebreak in map(fide.parse_code, order):
        if tiebreak.text not in values and tiebreak.base != "DE":
            values[tiebreak.text] = {}
    extra_codes = [fide.parse_code(c) for c in values if c not in _FIELDS]
    if extra_codes:
        values.update(_fide_values(schedule, codes, points_of, counted, uncounted, points, started,
                                   bye_value, max_score, extra_codes, ratings or {}, unrated_rating))
    pair = _pair_scores(lines, counted)
    de_levels: dict[int, tuple[float, ...]] = {p: () for p in counted}

    groups = _split(sorted(counted), lambda p: points[p])
    for name in order:
        refined: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
            elif name == "DE":
                refined.extend(_direct_encounter(group, pair, de_levels))
            elif name in fide.LOWER_IS_BETTER:
                refined.extend(_split(group, lambda p, v=values[name]: -v[p]))
            else:
                refined.extend(_split(group, values[name].__getitem__))
        groups = refined

    standings: list[Standing] = []
    rank = 1
    for group in groups:
        for p in group:
            line = lines[p]
            levels = de_levels[p]
            standings.append(Standing(
                rank=rank, number=p, points=points[p], played=line.played, wins=line.wins,
                draws=line.draws, losses=line.losses, percentage=_percentage(line),
                sb=values["SB"][p], de=levels[0] if levels else 0.0, win=int(values["WIN"][p]),
                koya=values["KS"][p], counted=True, won=line.won, bpg=line.bpg, bwg=line.bwg,
                forfeit_wins=line.forfeit_wins, forfeit_losses=line.forfeit_losses,
                byes=line.byes, game_points=line.game_points, withdrawn=p in gone,
                de_levels=levels, extra={c: values[c][p] for c in values if c not in _FIELDS}))
        rank += len(group)
    for p in sorted(uncounted):
        line = own_lines[p]
        standings.append(Standing(
            rank=rank, number=p, points=line.game_points + bye_value * line.byes, played=line.played,
            wins=line.wins, draws=line.draws, losses=line.losses, percentage=_percentage(line),
            sb=0.0, de=0.0, win=line.wins + (line.byes if bye_value == 1 else 0), koya=0.0,
            counted=False, won=line.won, bpg=line.bpg, bwg=line.bwg,
            forfeit_wins=line.forfeit_wins, forfeit_losses=line.forfeit_losses, byes=line.byes,
            game_points=line.game_points, withdrawn=True,
            extra={c: (float(p) if c == "TPN" else 0.0) for c in values if c not in _FIELDS}))
        rank += 1
    return Report(standings, float(max_score), uncounted, started, order)


def compute_standings(schedule: Schedule, results: Mapping | None = None,
                      tiebreaks: Any = DEFAULT_TIEBREAKS, withdrawn: Iterable | None = frozenset(),
                      bye_points: Any = 0.0, ratings: Mapping[int, int | None] | None = None,
                      unrated_rating: int | None = None) -> list[Standing]:
    """The standings sorted by rank (counted players first, then uncounted ones).

    ``results`` maps ``(played round, board)`` to a result in any spelling
    accepted by :func:`addin.core.results.parse_result` (empty = not played yet).
    """
    return evaluate(schedule, results, tiebreaks, withdrawn, bye_points, ratings, unrated_rating).standings


def _fide_values(schedule: Schedule, codes: Mapping[tuple[int, int], str], points_of, counted: list[int],
                 uncounted: frozenset[int], points: Mapping[int, float], started: frozenset[int],
                 bye_value: float, max_score: float, extra: list, ratings: Mapping[int, int | None],
                 unrated_rating: int | None) -> dict[str, dict[int, float]]:
    """The values of the tie-breaks of ``fide.py`` for every counted player (games against counted players)."""
    games: dict[int, list[fide.Game]] = {p: [] for p in counted}
    for rnd, board, white, black in schedule.games():
        if white in uncounted or black in uncounted:
            continue
        code = codes.get((rnd, board))
        w_pts, b_pts = points_of[code] if code else (None, None)
        over = code in _OVER_THE_BOARD
        games[white].append(fide.Game(rnd, black, w_pts, b_pts, over, False))
        games[black].append(fide.Game(rnd, white, b_pts, w_pts, over, True))
    last_round = max(started, default=0)
    byes: dict[int, list[int]] = {p: [] for p in counted}
    for played in schedule.rounds:
        if played.number in started:
            for p in played.byes:
                if p in byes:
                    byes[p].append(played.number)
    for p in counted:  # a game counts for the own record once its round has a result somewhere
        games[p] = [g for g in games[p] if g.round <= last_round]
    out: dict[str, dict[int, float]] = {}
    rating_codes = [c for c in extra if c.base in fide.RATING_CODES]
    if rating_codes:
        out.update(fide.rating_values(rating_codes, games, ratings, unrated_rating))
    for code in extra:
        if code.base in fide.RATING_CODES:
            continue
        if code.base == "SB":
            out[code.text] = {p: fide.sonneborn_berger(code, games[p], points) for p in counted}
        elif code.base == "KS":
            out[code.text] = {p: fide.koya(code, games[p], points, max_score) for p in counted}
        else:
            out[code.text] = {p: fide.own_record(code, games[p], byes[p], bye_value, last_round, p)
                              for p in counted}
    return out


def _percentage(line: _Line) -> float:
    return 100.0 * line.game_points / line.played if line.played else 0.0


def _split(group: list[int], key) -> list[list[int]]:
    """Split ``group`` (kept in pairing-number order) into runs of equal ``key``, best first."""
    buckets: dict[float, list[int]] = {}
    for p in group:
        buckets.setdefault(key(p), []).append(p)
    return [buckets[k] for k in sorted(buckets, reverse=True)]


def _pair_scores(lines: dict[int, _Line], counted: list[int]) -> dict[tuple[int, int], float]:
    """Mean score of ``a`` in the games with a result between ``a`` and ``b`` (counted players)."""
    totals: dict[tuple[int, int], float] = {}  # two flat dicts: no list per pair for the collector to scan
    counts: dict[tuple[int, int], int] = {}
    for p in counted:
        for opp, own in lines[p].games:
            key = (p, opp)
            totals[key] = totals.get(key, 0.0) + own
            counts[key] = counts.get(key, 0) + 1
    return {key: total / counts[key] for key, total in totals.items()}


def _direct_encounter(group: list[int], pair: dict[tuple[int, int], float],
                      levels: dict[int, tuple[float, ...]]) -> list[list[int]]:
    """DE on one tied group: decisive only if every pair met; reapplied to sub-ties."""
    for i, a in enumerate(group):
        for b in group[i + 1:]:
            if (a, b) not in pair:
                return [group]
    return _de_refine(group, pair, levels)


def _de_refine(group: list[int], pair: dict[tuple[int, int], float],
               levels: dict[int, tuple[float, ...]]) -> list[list[int]]:
    scores = {a: sum(pair[(a, b)] for b in group if b != a) for a in group}
    for a in group:
        levels[a] = levels[a] + (scores[a],)
    parts = _split(group, scores.__getitem__)
    if len(parts) == 1:
        return parts
    out: list[list[int]] = []
    for part in parts:
        out.extend(_de_refine(part, pair, levels) if len(part) > 1 else [part])
    return out
