"""Phases 2 and 3: pairing "de proche en proche" (seed 002, sections 3 and 4).

Exact definition implemented (issue 6, after the seed's rule and the peer
practice quoted in references.md):

1. The pairing uses the smallest possible number of rematches ``m*``. Which
   games count as rematches is the caller's choice: phase 2 passes the games
   of phases 1 and 2, phase 3 only the games of phase 3.
2. Under that minimum, go down the standings: the best-ranked unpaired player
   ``p`` gets the best-ranked unpaired opponent who is not a rematch for him,
   provided the remaining players can still be paired with at most ``m*``
   rematches in all; if no such opponent exists, the best-ranked opponent who
   is a rematch, under the same proviso.

With an odd field a fictitious player X ranks last; meeting X is the bye.
Nobody gets a second bye: X may only meet a player with the fewest byes so
far (nobody with a bye while someone has none).

Exactness: the choices are checked with maximum matchings (Edmonds), never
greedily, so the bottom of the standings never dead-ends (references.md: with
games A–B, C–D, A–C, B–D a greedy pass would re-pair A–B and C–D; this gives
A–D, B–C). With the cost 0 for a new pairing and 1 for a rematch, the fewest
rematches for a set of players is ``size/2 − ν`` where ``ν`` is the maximum
matching of the new-pairings graph (the leftover players pair among
themselves as rematches; X, if left over, can be swapped onto an eligible
neighbour without changing ``ν``).

Speed: let ``Δ`` be the largest number of players anyone may not meet
without a rematch (his earlier opponents, for X the players who had a bye). A
set of ``s ≥ 2Δ+2`` players can always be paired without rematch (every
vertex of the new-pairings graph has degree ``≥ s/2``: Dirac's theorem gives a
Hamiltonian cycle, hence a perfect matching). So while at least ``2Δ+4``
players remain, the first opponent who is not a rematch is always feasible and
no matching is computed; only the tail needs the exact search.
"""

from __future__ import annotations

from typing import Hashable, Iterable, Mapping, Sequence, TypeVar

from addin.core.errors import TournamentError
from addin.systems.combinee.matching import grow, maximum_matching

BYE = None


class _Field:
    """Players in standings order with their forbidden and rematch neighbours."""

    def __init__(self, n: int, rematch: Sequence[set[int]], x: int | None, eligible: set[int]):
        self.n = n
        self.x = x
        self.rematch = rematch
        self.eligible = eligible
        self.forbidden: list[set[int]] = [set() for _ in range(n)]
        if x is not None:
            for v in range(n):
                if v != x and v not in eligible:
                    self.forbidden[v].add(x)
                    self.forbidden[x].add(v)

    def new_pairing(self, a: int, b: int) -> bool:
        """True when ``a``–``b`` costs no rematch (X: allowed means new)."""
        if self.x in (a, b):
            return b not in self.forbidden[a]
        return b not in self.rematch[a]

    def allowed(self, a: int, b: int) -> bool:
        return b not in self.forbidden[a]

    def blocked(self, v: int) -> int:
        """How many players ``v`` cannot meet without a rematch (or at all)."""
        if v == self.x:
            return len(self.forbidden[v])
        return len(self.rematch[v]) + len(self.forbidden[v])


def _pair(field: _Field) -> list[tuple[int, int]]:
    n = field.n
    delta = max((field.blocked(v) for v in range(n)), default=0)
    remaining = list(range(n))
    pairs: list[tuple[int, int]] = []
    # Dirac regime: whatever the choice, the rest pairs without rematch.
    while len(remaining) >= 2 * delta + 4:
        p = remaining[0]
        for i in range(1, len(remaining)):
            q = remaining[i]
            if field.new_pairing(p, q):
                break
        pairs.append((p, q))
        del remaining[i]
        del remaining[0]
    if remaining:
        pairs.extend(_exact_tail(field, remaining))
    return pairs


def _exact_tail(field: _Field, remaining: list[int]) -> list[tuple[int, int]]:
    s = len(remaining)
    local = {v: i for i, v in enumerate(remaining)}
    adj = [[local[u] for u in remaining if u != v and field.new_pairing(v, u)] for v in remaining]
    neighbours = [set(a) for a in adj]
    x = local.get(field.x) if field.x is not None else None
    alive = [True] * s
    match = maximum_matching(adj, alive)
    size = sum(1 for v, m in enumerate(match) if m > v)
    if x is not None and not adj[x]:
        raise TournamentError(  # cannot happen: eligibility always leaves someone
            "Nobody can take the bye without getting a second one.")
    pairs: list[tuple[int, int]] = []
    order = list(range(s))
    for _ in range(s // 2):
        p = next(v for v in order if alive[v])
        chosen = None
        for want_new in (True, False):
            for q in order:
                if q == p or not alive[q]:
                    continue
                new = q in neighbours[p]
                if new != want_new:
                    continue
                if not want_new and not field.allowed(remaining[p], remaining[q]):
                    continue
                target = size - 1 if new else size
                trial = _feasible(adj, match, alive, p, q, target, x)
                if trial is not None:
                    chosen = (q, trial, target)
                    break
            if chosen is not None:
                break
        if chosen is None:  # pragma: no cover - the invariant guarantees a choice
            raise TournamentError("The pairing could not be completed: please report this field.")
        q, match, size = chosen
        alive[p] = alive[q] = False
        pairs.append((remaining[p], remaining[q]))
    return pairs


def _feasible(adj, match, alive, p, q, target, x):
    """A matching of size ``target`` of the graph without ``p`` and ``q``, or None."""
    trial = list(match)
    for v in (p, q):
        m = trial[v]
        if m != -1:
            trial[m] = -1
            trial[v] = -1
    alive2 = list(alive)
    alive2[p] = alive2[q] = False
    if x is not None and alive2[x] and not any(alive2[u] for u in adj[x]):
        return None
    if grow(adj, trial, alive2, target) >= target:
        return trial
    return None


P = TypeVar("P", bound=Hashable)  # a player's id


def pair_players(order: Sequence[P], rematches: Iterable[tuple[P, P]] = (),
                 byes: Mapping[P, int] | None = None) -> list[tuple[P, P | None]]:
    """Pair a field top-down; returns ``(player, opponent)`` pairs, ``None`` for the bye.

    ``order``: player ids, best first (ids must be distinct). ``rematches``:
    games that count as rematches (pairs of ids; ids not in ``order`` are
    ignored, e.g. withdrawn players). ``byes``: how many byes each player has
    had (all phases).
    """
    players = list(order)
    index = {pid: i for i, pid in enumerate(players)}
    if len(index) != len(players):
        raise TournamentError("The standings list the same player twice.")
    if not players:
        return []
    n = len(players)
    x = None
    if n % 2:
        x = n
        n += 1
    rematch: list[set[int]] = [set() for _ in range(n)]
    for a, b in rematches:
        ia, ib = index.get(a), index.get(b)
        if ia is None or ib is None or ia == ib:
            continue
        rematch[ia].add(ib)
        rematch[ib].add(ia)
    eligible: set[int] = set()
    if x is not None:
        counts = [int((byes or {}).get(pid, 0)) for pid in players]
        fewest = min(counts)
        eligible = {i for i, c in enumerate(counts) if c == fewest}
    field = _Field(n, rematch, x, eligible)
    out: list[tuple[P, P | None]] = []
    for i, j in _pair(field):
        # the first of a pair is the lowest index left, so never the bye's (the last)
        pa = players[i] if i != x else BYE
        assert pa is not None
        pb = players[j] if j != x else BYE
        out.append((pa, pb))
    return out


# --------------------------------------------------------------------------
# Ranges as Excel sends them (COMBINEE_PAIRING)
# --------------------------------------------------------------------------

BYE_WORDS = ("BYE", "EXEMPT", "X")


def _cell_id(value):
    """A player id from a cell: integral numbers as int, text stripped; None if empty."""
    if value is None or isinstance(value, bool):
        return None if value is None else str(value).upper()
    if isinstance(value, float):
        if value != value:
            return None
        return int(value) if value.is_integer() else value
    if isinstance(value, str):
        text = value.strip()
        return text or None
    return value


def _rows(value) -> list[list]:
    if value is None:
        return []
    if not isinstance(value, (list, tuple)):
        return [[value]]
    if value and not isinstance(value[0], (list, tuple)):
        return [list(value)]
    return [list(r) for r in value]


def _is_bye(value) -> bool:
    return isinstance(value, str) and value.strip().upper() in BYE_WORDS


def read_ranking(ranking) -> list:
    """Player ids from a column (or row) in standings order, empty cells skipped."""
    ids = []
    for row in _rows(ranking):
        for cell in row:
            pid = _cell_id(cell)
            if pid is not None:
                ids.append(pid)
    if not ids:
        raise TournamentError("The argument 'ranking' is empty: give the players' ids in standings order.")
    seen: dict[object, int] = {}
    for i, pid in enumerate(ids, 1):
        key = str(pid).upper() if isinstance(pid, str) else pid
        if key in seen:
            raise TournamentError(
                "The argument 'ranking' lists {pid} twice (entries {seen} and {i}).",
                pid=pid, seen=seen[key], i=i)
        seen[key] = i
    return ids


def read_history(history) -> tuple[list[tuple], dict]:
    """``(games, byes)`` from a two-column range; BYE (or EXEMPT) in a column is a bye."""
    games: list[tuple] = []
    byes: dict = {}
    for line, row in enumerate(_rows(history), 1):
        cells = [c for c in row if _cell_id(c) is not None]
        if not cells:
            continue
        if len(cells) != 2:
            raise TournamentError(
                "The argument 'history', row {line}: give two players (or a player and BYE) per "
                "row.",
                line=line)
        a, b = (_cell_id(c) for c in cells)
        if _is_bye(a) and _is_bye(b):
            raise TournamentError("The argument 'history', row {line}: BYE cannot meet BYE.", line=line)
        if _is_bye(a) or _is_bye(b):
            player = b if _is_bye(a) else a
            byes[player] = byes.get(player, 0) + 1
        else:
            games.append((a, b))
    return games, byes


def pairing_rows(ranking, history=None) -> list[list]:
    """``COMBINEE_PAIRING``: rows ``[player, opponent]`` top-down, the bye as ``BYE``."""
    order = read_ranking(ranking)
    games, byes = read_history(history)
    return [[a if a is not None else "BYE", b if b is not None else "BYE"]
            for a, b in pair_players(order, games, byes)]
