"""Title norm chances of each player of a closed round-robin (FIDE B.01, Title Regulations).

Articles are those of B.01 effective from 1 January 2024
(https://handbook.fide.com/chapter/B012024), read through a public article-numbered
reading note of that text (the handbook page itself was not reachable here; see
``docs/standings.md``, "Title norms", for the sources and what is not modelled). In a
closed round-robin the opponents are known from the draw, so whether the event *can*
give a norm, and the score it takes, are known before the first round:

* opponents = the scheduled games, minus those already decided by forfeit
  (1.4.2c: a forfeit is no norm game); a double round-robin counts each game;
* games ≥ 9 (1.4.1); at least 2 federations other than the player's (1.4.3);
  at most 3/5 from his federation and at most 2/3 from any one federation
  (1.4.4); title holders (GM, IM, FM, WGM, WIM, WFM) ≥ 50 %, holders of the
  norm's title or a higher one ≥ 1/3 and at least 3 (1.4.5); unrated opponents
  at most 20 %. 1.4.4: **minimum counts are rounded up, maximum counts down**
  (of 9 opponents: 5 title holders, 3 of the norm's titles, at most 5 from his
  federation, 6 from one federation, 1 unrated), which the integer comparisons
  below do (``2 × holders < g`` fails, ``5 × own > 3 × g`` fails …);
* the opponents' average: unrated opponents count 1400, the lowest rating is
  raised to the norm's floor (one opponent only) (1.4.6), mean rounded 0.5 up
  (1.4.7); it must reach the norm's average (1.4.8);
* the score needed: the least multiple of ½ whose performance (average +
  dp(score / games), 1.4.9 = B.02 8.1(a), p to the hundredth, 0.5 up) reaches
  the norm's performance (1.4.8) and whose p is at least 35 % (1.4.8b);
* a player who already holds the norm's title, or a title above it, has no norm
  to gain there (status ``"title held"``, nothing else computed): a title norm
  is a result the title is awarded on (0.5 "title norm", 0.6.3), and the titles
  rank as 1.4.5 ranks them for the 1/3 (GM above IM above WGM above WIM: a GM or
  IM holder needs no WGM or WIM norm, an IM can still make GM norms, a WGM IM or
  GM norms, a WIM WGM, IM or GM norms).
"""


from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from addin.core.results import BLACK_WIN, DRAW, WHITE_WIN, score
from addin.core.schedule import Schedule
from addin.systems.standings import rating as fide_rating
from addin.systems.standings.roundrobin import check_results

_OVER_THE_BOARD = frozenset({WHITE_WIN, BLACK_WIN, DRAW})
_FORFEITS = frozenset({"+-", "-+", "0-0"})
TITLE_HOLDERS = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
UNRATED = 1400
MIN_GAMES = 9
MIN_PERCENT = 35  # B.01 1.4.8b: the least score of a norm, in hundredths of the games


@dataclass(frozen=True)
class Norm:
    title: str
    performance: int
    average: int
    floor: int
    titles: frozenset[str]  # the titles that count towards the 1/3


NORMS = {
    "GM": Norm("GM", 2600, 2380, 2200, frozenset({"GM"})),
    "IM": Norm("IM", 2450, 2230, 2050, frozenset({"GM", "IM"})),
    "WGM": Norm("WGM", 2400, 2180, 2000, frozenset({"GM", "IM", "WGM"})),
    "WIM": Norm("WIM", 2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"})),
}


@dataclass(frozen=True)
class NormPlayer:
    title: str = ""
    federation: str = ""
    rating: int | None = None


@dataclass(frozen=True)
class NormChance:
    """One player's chance of one norm. ``failed`` names the requirements the opposition misses
    (empty: the event can give the norm, unless he holds the title); ``needed`` is the score the norm
    takes (None: not even a full score); ``still_needed`` = needed − score so far; ``status``:
    ``"title held"`` (he holds this title or a higher one: ``failed`` empty, ``average``, ``needed``
    and ``still_needed`` None), ``"no norm"`` (the opposition does not qualify), ``"achieved"``,
    ``"possible"`` or ``"out of reach"``."""

    number: int
    norm: str
    games: int
    failed: tuple[str, ...]
    average: int | None
    needed: float | None
    score: float
    remaining: int
    still_needed: float | None
    status: str


def holds(title: str, norm: str) -> bool:
    """Whether a player titled ``title`` already holds ``norm``'s title or a higher one (module docstring)."""
    return (title or "").upper() in NORMS[norm].titles


def adjusted_average(ratings: list[int | None], floor: int) -> int | None:
    """Unrated = 1400, the lowest raised to ``floor`` (one opponent), mean 0.5 up."""
    values = sorted(r if r else UNRATED for r in ratings)
    if not values:
        return None
    values[0] = max(values[0], floor)
    return fide_rating.aro(values)


def needed_score(average: int, games: int, performance: int) -> float | None:
    """The least multiple of ½ with average + dp(score / games) ≥ performance and score / games ≥ 35 %
    (1.4.8b), p to the hundredth as 1.4.9 rounds it (None: not even all)."""
    for halves in range(0, 2 * games + 1):
        p = fide_rating.fraction_hundredths(halves, games)
        if p >= MIN_PERCENT and average + fide_rating.dp(p) >= performance:
            return halves / 2
    return None


def norm_chances(schedule: Schedule, results: Mapping | None, players: Mapping[int, NormPlayer],
                 norm: str) -> dict[int, NormChance]:
    """Every player's :class:`NormChance` of ``norm`` (GM, IM, WGM or WIM)."""
    rule = NORMS[norm]
    codes = check_results(schedule, results)
    opponents: dict[int, list[int]] = {p: [] for p in range(1, schedule.players + 1)}
    scores = {p: 0.0 for p in opponents}
    played = {p: 0 for p in opponents}
    for rnd, board, white, black in schedule.games():
        code = codes.get((rnd, board))
        if code in _FORFEITS:
            continue
        opponents[white].append(black)
        opponents[black].append(white)
        if code in _OVER_THE_BOARD:
            w, b = score(code)
            scores[white] += w
            scores[black] += b
            played[white] += 1
            played[black] += 1
    out = {}
    for p, opp in opponents.items():
        me = players.get(p, NormPlayer())
        info = [players.get(o, NormPlayer()) for o in opp]
        g = len(opp)
        failed = []
        if g < MIN_GAMES:
            failed.append("games")
        if 2 * sum(1 for o in info if o.title.upper() in TITLE_HOLDERS) < g:
            failed.append("title holders")
        norm_titled = sum(1 for o in info if o.title.upper() in rule.titles)
        if 3 * norm_titled < g or norm_titled < 3:
            failed.append("norm titles")
        feds = [o.federation.upper() for o in info]
        own = me.federation.upper()
        if len({f for f in feds if f and f != own}) < 2:
            failed.append("federations")
        if own and 5 * feds.count(own) > 3 * g:
            failed.append("own federation")
        if feds and max(3 * feds.count(f) for f in set(feds)) > 2 * g:
            failed.append("one federation")
        if 5 * sum(1 for o in info if not o.rating) > g:
            failed.append("unrated")
        average = adjusted_average([o.rating for o in info], rule.floor)
        if average is None or average < rule.average:
            failed.append("average")
        needed = needed_score(average, g, rule.performance) if average is not None and g else None
        remaining = g - played[p]
        if holds(me.title, norm):
            out[p] = NormChance(p, norm, g, (), None, None, scores[p], remaining, None, "title held")
            continue
        still = None if needed is None else max(0.0, needed - scores[p])
        if failed:
            status = "no norm"
        elif needed is not None and scores[p] >= needed:
            status = "achieved"
        elif still is not None and still <= remaining:
            status = "possible"
        else:
            status = "out of reach"
        out[p] = NormChance(p, norm, g, tuple(failed), average, needed, scores[p], remaining, still, status)
    return out
