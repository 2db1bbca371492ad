"""The league table of a division: match points, then the team tie-breaks in the order chosen.

Every figure counts the **complete** matches only (every board has a result, or the match
is forfeited: :mod:`addin.systems.league.match`). ``docs/league.md`` gives each definition
with its source; in short, for a team T:

``MP``      match points (the scoring's ``win``/``draw``/``loss``/``forfeit``): the ranking key.
``GP``      game points scored on its boards (FIDE C.07, team competitions: the secondary score).
``DIFF``    game points scored minus game points conceded (the French federation's
            "différentiel", "d" in its tables: Pts, d, p, c).
``DE``      direct encounter (C.07): among the teams still tied when DE comes, the match
            points scored in the matches between them — only if every two of them have
            played each other; reapplied to the teams it leaves tied.
``BC``      board count (C.07; FIDE's reference program Gacrux computes it so): Σ over
            boards b of b × the game points scored on board b. **Lower is better** (points
            on the top boards weigh less, so a team that scores them ranks ahead).
``BERLIN``  Berlin board weighting (seed 001, "système de Berlin"; the French federation's
            "coefficient d'échiquier"): Σ over boards b of (n + 1 − b) × the game points on
            board b, n boards; higher is better. With equal game points it orders as BC.
``ESB``     extended Sonneborn-Berger for teams (C.07; Gacrux's ``ESB`` = ``EMGSB``): Σ over
            its matches of the opponent's match points × the game points T scored in that match.
``MW``      matches won.

Teams equal on MP and on every tie-break share the place (1, 2, 2, 4). A bye (odd
division) gives nothing. A withdrawn team stays in the table; its matches from its
withdrawal round on are lost by forfeit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from addin.systems.league.match import MatchOutcome, outcomes
from addin.systems.league.model import Season

#: tie-breaks where a lower value ranks higher
LOWER_IS_BETTER = frozenset({"BC"})


@dataclass
class TeamLine:
    """A team's row of the table (see the module doc); ``de`` = its DE points at the first application."""

    division: int
    number: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    forfeited: int = 0
    mp: float = 0.0
    gp: float = 0.0
    ga: float = 0.0
    bc: float = 0.0
    berlin: float = 0.0
    esb: float = 0.0
    de: float = 0.0
    de_levels: tuple[float, ...] = ()
    de_rank: int = 0
    rank: int = 0
    opponents: list[tuple[int, float, float]] = field(default_factory=list)  # (opponent, own MP, own GP)

    @property
    def diff(self) -> float:
        return self.gp - self.ga

    @property
    def mw(self) -> int:
        return self.won

    def value(self, code: str) -> float:
        return {"GP": self.gp, "DIFF": self.diff, "BC": self.bc, "BERLIN": self.berlin, "ESB": self.esb,
                "MW": self.mw, "DE": self.de}[code]


def division_table(season: Season, d: int, results: dict | None = None) -> list[TeamLine]:
    """The table of division ``d``, best first (``rank`` shared by teams equal on every key)."""
    division = season.division(d)
    results = outcomes(season) if results is None else results
    lines = {t.number: TeamLine(d, t.number) for t in division.teams}
    n = season.boards
    for key, res in results.items():
        if key[0] != d or not res.complete:
            continue
        _count(lines[res.home], res, home=True, boards=n)
        _count(lines[res.away], res, home=False, boards=n)
    mp = {t: line.mp for t, line in lines.items()}
    for line in lines.values():
        line.esb = sum(mp[opp] * own_gp for opp, _, own_gp in line.opponents)
    pair: dict[tuple[int, int], float] = {}
    for line in lines.values():
        for opp, own_mp, _ in line.opponents:
            pair[(line.number, opp)] = pair.get((line.number, opp), 0.0) + own_mp
    groups = _split(sorted(lines), lambda t: lines[t].mp)
    for code in season.tiebreaks:
        refined: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
            elif code == "DE":
                refined.extend(_direct_encounter(group, pair, lines))
            else:
                sign = -1 if code in LOWER_IS_BETTER else 1
                refined.extend(_split(group, lambda t, c=code, s=sign: s * lines[t].value(c)))
        groups = refined
    out: list[TeamLine] = []
    rank = 1
    for group in groups:
        for t in group:
            lines[t].rank = rank
            out.append(lines[t])
        rank += len(group)
    return out


def _count(line: TeamLine, res: MatchOutcome, home: bool, boards: int) -> None:
    own_mp = res.home_points if home else res.away_points
    opp_mp = res.away_points if home else res.home_points
    own_gp = res.home_score if home else res.away_score
    opp_gp = res.away_score if home else res.home_score
    assert own_mp is not None and opp_mp is not None  # only a complete match is counted, and it has its points
    line.played += 1
    line.mp += own_mp
    line.gp += own_gp
    line.ga += opp_gp
    absent = res.forfeit in ("both", "home" if home else "away")
    if absent:
        line.forfeited += 1
        line.lost += 1
    elif own_mp > opp_mp:
        line.won += 1
    elif own_mp < opp_mp:
        line.lost += 1
    else:
        line.drawn += 1
    for b, (p, q) in enumerate(res.board_points, 1):
        own = p if home else q
        line.bc += b * own
        line.berlin += (boards + 1 - b) * own
    line.opponents.append((res.away if home else res.home, own_mp, own_gp))


def _split(group: list[int], key) -> list[list[int]]:
    """Runs of equal ``key`` in ``group`` (kept in number order), best (highest key) first."""
    buckets: dict[float, list[int]] = {}
    for t in group:
        buckets.setdefault(key(t), []).append(t)
    return [buckets[k] for k in sorted(buckets, reverse=True)]


def _direct_encounter(group: list[int], pair: dict[tuple[int, int], float],
                      lines: dict[int, TeamLine]) -> list[list[int]]:
    """DE on one tied group: decisive only if every two of them played; reapplied to sub-ties."""
    for i, a in enumerate(group):
        for b in group[i + 1:]:
            if (a, b) not in pair:
                return [group]
    parts = _de_refine(group, pair, lines)
    position = 1
    for part in parts:
        for t in part:
            lines[t].de_rank = position
        position += len(part)
    for t in group:
        levels = lines[t].de_levels
        lines[t].de = levels[0] if levels else 0.0
    return parts


def _de_refine(group: list[int], pair: dict[tuple[int, int], float],
               lines: dict[int, TeamLine]) -> list[list[int]]:
    scores = {a: sum(pair[(a, b)] for b in group if b != a) for a in group}
    for a in group:
        lines[a].de_levels = lines[a].de_levels + (scores[a],)
    parts = _split(group, scores.__getitem__)
    if len(parts) == 1:
        return parts
    out: list[list[int]] = []
    for part in parts:
        out.extend(_de_refine(part, pair, lines) if len(part) > 1 else [part])
    return out


def last_round(season: Season) -> int:
    """The last round with a result or a forfeit typed (0 before any)."""
    rounds = [r for _, r, _, _ in season.results] + [r for _, r, _ in season.forfeits]
    return max(rounds, default=0)
