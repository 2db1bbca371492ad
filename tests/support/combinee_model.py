"""An independent model of a Formule Combinée event as it happens, for the tests.

Written from the rules in docs/combinee.md ("The event as it happens"), not from the code
under test: it keeps what an arbiter keeps on paper (players, the tables of every paired
round, the scores typed, withdrawals, late entries) and computes PM, PPM and Pdep, the
order for the next pairing, who is in the field and the round a late entry joins at. The
pairing itself is checked against ``test_combinee_pairing.brute_force`` (the seed's
definition by enumeration). Workbooks are read here with openpyxl (``support.doors``) or from xlwings
payload grids, never with the project's reader.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from support import doors

INF = 10 ** 9


@dataclass
class Rules:
    win: int = 3
    draw: int = 2
    loss: int = 1
    forfeit: int = 0
    bye_pm: int = 3
    bye_pdep: int = 0
    forfeit_pdep: int = 0
    cap: int | None = None
    late_pm: int = 0
    late_pdep: int = 0

    def game(self, mine, theirs):
        if mine == "F":
            return self.forfeit, 0 if theirs == "F" else -self.forfeit_pdep
        if theirs == "F":
            return self.win, self.forfeit_pdep
        diff = mine - theirs
        if self.cap is not None:
            diff = max(-self.cap, min(self.cap, diff))
        return (self.win if mine > theirs else self.draw if mine == theirs else self.loss), diff


@dataclass
class Model:
    phase1: int
    phase2: int
    phase3: int
    rules: Rules
    players: dict = field(default_factory=dict)      # number -> [name, rating, club, joined]
    rounds: dict = field(default_factory=dict)       # round -> [(group, a, b)], b = 0: bye
    scores: dict = field(default_factory=dict)       # (round, table) -> (a, b), at least one typed
    withdrawn: dict = field(default_factory=dict)    # number -> first round not played
    x_group: int | None = None                       # group of the fictitious player while his place is free

    @property
    def total(self):
        return self.phase1 + self.phase2 + self.phase3

    @property
    def paired(self):
        return len(self.rounds)

    def out(self, p, k):
        return self.withdrawn.get(p, INF) <= k

    def present(self, p, k):
        return self.players[p][3] <= k and not self.out(p, k)

    def last_scored(self):
        return max((k for k, _ in self.scores), default=0)

    def started(self, k):
        return self.last_scored() >= k

    def complete(self, k, t):
        a, b = self.scores.get((k, t), (None, None))
        return a is not None and b is not None

    # -- what counts ------------------------------------------------------------
    def table_counts(self, k, t, g, a, b):
        """[(player, pm, pdep, opponent or None)] for one table, its round taken as counting."""
        r = self.rules
        if b == 0:
            return [] if self.out(a, k) else [(a, r.bye_pm, r.bye_pdep, None)]
        if self.complete(k, t):
            sa, sb = self.scores[(k, t)]
            (pa, da), (pb, db) = r.game(sa, sb), r.game(sb, sa)
            return [(a, pa, da, b), (b, pb, db, a)]
        oa, ob = self.out(a, k), self.out(b, k)
        if oa and not ob:
            return [(b, r.bye_pm, r.bye_pdep, None)]
        if ob and not oa:
            return [(a, r.bye_pm, r.bye_pdep, None)]
        return []

    def standings(self, counts=None):
        """[(number, pm, ppm, pdep, rank)] best first; ``counts(k)``: default, round k has started."""
        counts = counts or self.started
        pm = {p: 0 for p in self.players}
        pdep = {p: 0 for p in self.players}
        against = {}
        for k, tables in self.rounds.items():
            if not counts(k):
                continue
            for t, (g, a, b) in enumerate(tables, 1):
                for p, points, diff, opp in self.table_counts(k, t, g, a, b):
                    pm[p] += points
                    pdep[p] += diff
                    if opp is not None:
                        against[(p, opp)] = against.get((p, opp), 0) + points
        for p, (_, _, _, joined) in self.players.items():
            missed = sum(1 for k in range(1, joined) if counts(k))
            pm[p] += missed * self.rules.late_pm
            pdep[p] += missed * self.rules.late_pdep
        ppm = {p: None for p in self.players}
        for level in set(pm.values()):
            tied = [p for p in self.players if pm[p] == level]
            if len(tied) > 1 and all((p, q) in against for p in tied for q in tied if p != q):
                for p in tied:
                    ppm[p] = sum(against.get((p, q), 0) for q in tied if q != p)
        order = sorted(self.players, key=lambda p: (-pm[p], -(ppm[p] or 0), -pdep[p], p))
        out, previous = [], None
        for i, p in enumerate(order, 1):
            key = (pm[p], ppm[p] or 0, pdep[p])
            rank = out[-1][4] if previous == key else i
            out.append((p, pm[p], ppm[p], pdep[p], rank))
            previous = key
        return out

    # -- pairing inputs ---------------------------------------------------------
    def missing(self, upto):
        return [(k, t) for k in range(1, upto + 1) for t, (g, a, b) in enumerate(self.rounds[k], 1)
                if b and not self.out(a, k) and not self.out(b, k) and not self.complete(k, t)]

    def pairing_inputs(self, k):
        """(order of the players in the field, rematches, byes) for pairing round k."""
        before = lambda r: r < k  # noqa: E731
        active = {p for p in self.players if self.present(p, k)}
        order = [p for p, *_ in self.standings(before) if p in active]
        first = 1 if k <= self.phase1 + self.phase2 else self.phase1 + self.phase2 + 1
        rematches = [(a, b) for r in range(first, k) for g, a, b in self.rounds[r]
                     if b and not self.out(a, r) and not self.out(b, r)]
        byes = {}
        for r in range(1, k):
            for t, (g, a, b) in enumerate(self.rounds[r], 1):
                for p, _, _, opp in self.table_counts(r, t, g, a, b):
                    if opp is None:
                        byes[p] = byes.get(p, 0) + 1
        return order, rematches, byes

    def entry_round(self):
        """(round a late entry joins at, whether he takes the fictitious player's place) or None: too late."""
        if self.x_group is not None and self.last_scored() + 1 <= self.phase1:
            return self.last_scored() + 1, True
        if self.paired > self.phase1 and not self.started(self.paired):
            return self.paired, False
        if self.paired >= self.total:
            return None
        return self.paired + 1, False

    def enter(self, name, rating, club):
        joined, place = self.entry_round()
        number = len(self.players) + 1
        self.players[number] = [name, rating, club, joined]
        if place:
            for k in range(joined, self.phase1 + 1):
                self.rounds[k] = [(g, a, number) if b == 0 and g == self.x_group else (g, a, b)
                                  for g, a, b in self.rounds[k]]
            self.x_group = None
        return number, joined

    def played_after(self, p, r):
        """A score he played (not F) in a round >= r."""
        for (k, t), (sa, sb) in self.scores.items():
            if k >= r and k <= self.paired and t <= len(self.rounds[k]):
                g, a, b = self.rounds[k][t - 1]
                mine = sa if a == p else sb if b == p else None
                if mine is not None and mine != "F":
                    return True
        return False


# -- reading a workbook's inputs (openpyxl or payload grids) -----------------------------

def clean(value):
    if isinstance(value, str) and value.startswith("'"):
        value = value[1:]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if value == "":
        return None
    return value


def is_input_sheet(name: str) -> bool:
    """The sheets an event's inputs are typed in: players, settings, rounds."""
    return name in ("Joueurs", "Players", "Réglages", "Settings") or name[:1] == "R" and name[1:].isdigit()


def grids_of_file(path) -> dict:
    """The input sheets of an event file (players, settings, rounds): name → {(row, col): value}."""
    return doors.grids_of_file(path, sheets=is_input_sheet)


def inputs_of_grids(grids: dict, players_sheet="Joueurs") -> dict:
    """Players (number → name, rating, club, group, position, withdrawal, arrival), tables, scores."""
    g = grids[players_sheet]
    players = {}
    row = 2
    while (row, 1) in g or (row, 2) in g:
        players[clean(g.get((row, 1)))] = tuple(clean(g.get((row, c))) for c in (2, 4, 3, 5, 6, 7, 8))
        row += 1
    rounds, scores = {}, {}
    k = 1
    while f"R{k}" in grids:
        s = grids[f"R{k}"]
        r, tables = 4, []
        while clean(s.get((r, 1))) == r - 3:
            if (r, 3) in s:
                tables.append((clean(s.get((r, 2))), clean(s[(r, 3)]), clean(s.get((r, 8)))))
            a, b = clean(s.get((r, 5))), clean(s.get((r, 6)))
            if a is not None or b is not None:
                scores[(k, r - 3)] = (a, b)
            r += 1
        if tables:
            rounds[k] = tables
        k += 1
    return {"players": players, "rounds": rounds, "scores": scores}
