"""The Calc sheet (hidden): per player the figures of the standings and the games matrix (``pair_code``).

The sheet is a row a player (row 1 + i for player i) and a column a figure (``plan.cc``, named by
``plan_calc``), then the constants of the rating tables and the games matrix. Each block of
columns is written by its own function below, which states the rule it implements:

* the player's entry and C.05's withdrawn rule (:func:`_entry_cells`);
* points, games, wins and the score tie-breaks SB and KS (:func:`_score_cells`, :func:`_points_shares`);
* Koya's limits and the own-record counts WON, BPG, BWG, TPN (:func:`_record_cells`);
* the rating performance of the Performance sheet (B.02: :func:`_performance_cells`);
* the rating tie-breaks of C.07 art. 10 and 7.6-7.7 (:func:`_rating_cells`, :func:`_ptp_cells`);
* the progressive scores PS and their cuts (C.07 7.5, 14.1: :func:`_progressive_cells`);
* the cuts and medians (C.07 14.1, 14.3: :func:`_cut_shares`);
* the tie-break slots before and after DE (:func:`_slot_shares`), DE itself (:func:`_encounter_shares`,
  :func:`_de_level_shares`)
  and the ranks (:func:`_rank_shares`).

A column whose formula is the same on every player's row, moved down, is a shared formula
(:class:`~addin.sheets.model.SharedFormula`); the others are written row by row.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Iterator

from addin.sheets.model import RowBuffer, SharedFormula, SheetLayout, quote_sheet, ref
from addin.sheets.roundrobin.book.plan import PTP_STEPS, BookPlan, calc_name, sheet_range, sheet_ref
from addin.sheets.roundrobin.cells import (SCALAR_COL, SCALAR_LABEL_COL, TIEBREAK_CODES, TIEBREAK_SLOTS, PlayersCols,
                                           RoundsCols, Scalars, SettingsRows)
from addin.sheets.roundrobin.pair_code import game_array, pair_figure
from addin.systems.standings.fide import parse_code
from addin.systems.standings.rating import dp as fide_dp, pd_edges

PTP_FLOOR = -100000  # below any rating difference: MATCH(D, floor + PD edges) = 1 + PD(D)
#: the Koya tie-breaks with a limit (KS/L+1 …): (code, limit)
KOYA_LIMITS = [(code, c.limit) for code, c in ((code, parse_code(code)) for code in TIEBREAK_CODES)
               if c.base == "KS" and c.limit]


def write(plan: BookPlan, s: SheetLayout) -> None:
    """Per-player figures of ``compute_standings`` (docs/standings.md), as formulas.

    * counted: not (withdrawn, rule on, 2 × over-the-board games < scheduled games);
    * game points, games, wins: over games against counted opponents for a
      counted player, over all his games for an uncounted one; byes of started
      rounds add ``bye points``; draws = 2 × (game points − wins);
    * SB = Σ own score × opponent's points; KS = Σ own score against opponents
      with points ≥ max score / 2 (max score = games against counted players +
      bye points × scheduled byes); both 0 for an uncounted player;
    * DE: R0 = shared rank on (points, tie-breaks placed before DE); level k
      scores each player's mean pair scores against the players sharing
      R(k-1), R(k) refines R(k-1) by that score (``n - 1`` levels cover any
      chain of reapplications); only applied if every pair of the R0 group met;
    * final rank: shared rank on (R(last), tie-breaks placed after DE);
      uncounted players follow, by number.
    """
    pairs = {key: len(v) for key, v in plan.meetings.items()}
    if len(pairs) != plan.n * (plan.n - 1) // 2 or set(pairs.values()) != {plan.cycles}:
        raise ValueError("the event workbook needs a complete round-robin schedule")
    c = CalcRefs(plan)
    _write_headers(c, s)
    _write_rating_tables(c, s)
    _write_scalars(c, s)
    groups = (_points_shares(c) + _slot_shares(c) + _encounter_shares(c) + _cut_shares(c)
              + _de_level_shares(c) + _rank_shares(c))
    s.stream(partial(_rows, c, groups))


class CalcRefs:
    """The Calc sheet's cells and ranges as its formulas name them, and the pieces of formula its
    columns share (every one A1 text, relative rows where a shared formula moves them down)."""

    def __init__(self, plan: BookPlan) -> None:
        self.plan = plan
        self.n, self.cyc, self.col, self.mx = plan.n, plan.cycles, plan.cc, plan.mx
        self.last = plan.n + 1  # the last player's row
        self.levels = max(1, plan.n - 1)  # DE's levels
        self.moved_row = self.last + 1  # under the players of each r column: did that level move someone
        # constants: B.02 8.1(a) dp by hundredths, 8.1(b) as PD edges (PD = how many are ≤ D, any sign:
        # rating.pd_edges) after a floor
        self.tables = self.mx + self.n + 1
        self.edges = (PTP_FLOOR,) + pd_edges()
        self.dp_range = f"{ref(2, self.tables, True, True)}:{ref(102, self.tables, True, True)}"
        self.edge_range = (f"{ref(2, self.tables + 1, True, True)}:"
                           f"{ref(1 + len(self.edges), self.tables + 1, True, True)}")
        self.q = quote_sheet(plan.s_rounds) + "!"
        # each side's code of a game on the Rounds sheet (WHITE_CODE, BLACK_CODE: pair_code's number of
        # one game in cycle 0), as Calc reads it (``sheet_ref`` of each column, from its prefix)
        self.code_at = {True: sheet_ref(plan.s_rounds, 1, RoundsCols.WHITE_CODE)[:-1],
                        False: sheet_ref(plan.s_rounds, 1, RoundsCols.BLACK_CODE)[:-1]}
        self.withdrawn_range = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.WITHDRAWN,
                                           PlayersCols.FIRST_ROW + self.n - 1, PlayersCols.WITHDRAWN)
        self.ratings_range = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.RATING,
                                         PlayersCols.FIRST_ROW + self.n - 1, PlayersCols.RATING)
        # the games matrix: player i (column) against opponent j (row 1 + j)
        self.matrix = f"{ref(2, self.mx, True, True)}:{ref(self.last, self.mx + self.n - 1, True, True)}"
        self.sched_byes = {p: 0 for p in range(1, self.n + 1)}
        for rnd in plan.event.schedule.rounds:
            for p in rnd.byes:
                self.sched_byes[p] += 1
        self._columns: dict[str, str] = {}

    def a(self, r: int, name: str) -> str:
        """Row r's cell of the column ``name`` (relative)."""
        return ref(r, self.col[name])

    def vcol(self, name: str) -> str:
        """The players' cells of the column ``name`` (absolute)."""
        found = self._columns.get(name)
        if found is None:
            c = self.col[name]
            found = self._columns[name] = f"{ref(2, c, True, True)}:{ref(self.last, c, True, True)}"
        return found

    def sc(self, row: int) -> str:
        """A scalar cell (``Scalars``)."""
        return self.plan.scalar(row)

    def rounds_col(self, c: int) -> str:
        """Column c of the Rounds sheet's rows, without its sheet."""
        return f"{ref(2, c, True, True)}:{ref(self.plan.rounds_last_row, c, True, True)}"

    def player_column(self, i: int) -> str:
        """Player i's column of the games matrix."""
        c = self.mx + i - 1
        return f"{ref(2, c, True, True)}:{ref(self.last, c, True, True)}"

    def own_column(self, r: int) -> str:
        """Row r's player's column of the games matrix, found by his number (so that the formula is the
        same on every row): INDEX(matrix, 0, number) is that column, read whole inside SUMPRODUCT."""
        return f"INDEX({self.matrix},0,{ref(r, self.col['number'], abs_col=True)})"

    def lex(self, keys: list[str], r: int) -> str:
        """SUMPRODUCT factor: 1 where a player is better than row r on ``keys`` (in order)."""
        better = f"({self.vcol(keys[-1])}>{self.a(r, keys[-1])})"
        for key in reversed(keys[:-1]):
            better = f"(({self.vcol(key)}>{self.a(r, key)})+({self.vcol(key)}={self.a(r, key)})*{better})"
        return better

    def slot_value(self, k: int, r: int) -> str:
        """The sort key of slot k's tie-break for row r (higher is better: TPN negated)."""
        slot = self.plan.settings(SettingsRows.TB_FIRST + k)
        codes = [c for c in TIEBREAK_CODES if c != "DE"]
        return "".join(f'IF({slot}="{code}",{"-" if code == "TPN" else ""}{self.a(r, calc_name(code))},'
                       for code in codes) + "0" + ")" * len(codes)

    def moved(self, k: int) -> str:
        """The cell saying whether DE's level k moved someone (1) or repeated level k - 1 (0)."""
        return ref(self.moved_row, self.col[f"r{k}"], abs_row=True, abs_col=True)

    def share(self, name: str, make: Callable[[int], str]) -> SharedFormula:
        """The column ``name``'s formula on every player's row, ``make(row)``."""
        return SharedFormula(self.col[name], 2, self.last, make)


def _write_headers(c: CalcRefs, s: SheetLayout) -> None:
    """Row 1: each column's name, the games matrix's and the two rating tables'."""
    for name, col in c.col.items():
        s.set(1, col, name, "header", text=True)
    for start, name in ((c.mx, "games"), (c.tables, "dp"), (c.tables + 1, "PD edges")):
        s.set(1, start, name, "header", text=True)


def _write_rating_tables(c: CalcRefs, s: SheetLayout) -> None:
    """The rating tables as constants: B.02 8.1(a) dp by hundredths of a score (0 to 1), and 8.1(b)'s
    PD as the edges of its bands after a floor (``rating.pd_edges``: MATCH(D, floor + edges) − 1 = PD(D))."""
    for h in range(101):
        s.set(2 + h, c.tables, fide_dp(h))
    for index, low in enumerate(c.edges):
        s.set(2 + index, c.tables + 1, low)


def _write_scalars(c: CalcRefs, s: SheetLayout) -> None:
    """The figures of the whole event, one a row beside the players' (``Scalars``): whether it started,
    the slot of DE, SB, WIN and KS among the tie-breaks (99: not chosen), C.05's withdrawn rule,
    the bye points, the players not counted, the maximum score and Koya's threshold (half of it:
    C.07 9.2), the last round with a result, whether every counted player is rated (C.07 art. 10)."""
    plan, Sc = c.plan, Scalars
    typed = (f"{quote_sheet(plan.s_rounds)}!{ref(2, RoundsCols.TYPED, True, True)}:"
             f"{ref(max(plan.rounds_last_row, 2), RoundsCols.TYPED, True, True)}")
    tb_range = sheet_range(plan.s_settings, SettingsRows.TB_FIRST, 2,
                           SettingsRows.TB_FIRST + TIEBREAK_SLOTS - 1, 2)
    scalars = {
        Sc.STARTED: ("started", f"=IF(SUM({typed})>0,1,0)"),
        Sc.POS_DE: ("pos DE", f'=IFERROR(MATCH("DE",{tb_range},0),99)'),
        Sc.POS_SB: ("pos SB", f'=IFERROR(MATCH("SB",{tb_range},0),99)'),
        Sc.POS_WIN: ("pos WIN", f'=IFERROR(MATCH("WIN",{tb_range},0),99)'),
        Sc.POS_KS: ("pos KS", f'=IFERROR(MATCH("KS",{tb_range},0),99)'),
        Sc.RULE: ("C.05 rule", f'=IF({plan.settings(SettingsRows.WITHDRAWN_RULE)}="{plan.L["yes"]}",1,0)'),
        Sc.BYE_POINTS: ("bye points", f"=N({plan.settings(SettingsRows.BYE_POINTS)})"),
        Sc.UNCOUNTED: ("uncounted", f"={c.n}-SUM({c.vcol('counted')})"),
        Sc.MAX_SCORE: ("max score", f"=MAX({c.vcol('max_score')})"),
        Sc.KOYA: ("koya threshold", f"={c.sc(Sc.MAX_SCORE)}/2"),
        Sc.LAST_ROUND: ("last round with a result", f"=MAX({typed})"),
        Sc.ALL_RATED: ("every counted player rated",
                       f"=IF(SUMPRODUCT({c.vcol('counted')},({c.vcol('rated')}=0)*1)=0,1,0)"),
    }
    for row, (label, formula) in scalars.items():
        s.set(row, SCALAR_LABEL_COL, label, text=True)
        s.formula(row, SCALAR_COL, formula)


# -- the shared columns (one formula moved down every player's row) --------------------------------

def _points_shares(c: CalcRefs) -> list[SharedFormula]:
    """Points = game points + byes × bye points; draws = 2 × (game points − wins); losses = games − wins −
    draws; percent = game points / games; WIN = wins + byes when a bye is worth a win."""
    a, bye = c.a, c.sc(Scalars.BYE_POINTS)
    return [
        c.share("points", lambda r: f"={a(r, 'game_points')}+{a(r, 'byes')}*{bye}"),
        c.share("draws", lambda r: f"=2*{a(r, 'game_points')}-2*{a(r, 'wins')}"),
        c.share("losses", lambda r: f"={a(r, 'played')}-{a(r, 'wins')}-{a(r, 'draws')}"),
        c.share("percent", lambda r: f"=IF({a(r, 'played')}>0,{a(r, 'game_points')}/{a(r, 'played')},0)"),
        c.share("WIN", lambda r: f"={a(r, 'wins')}+IF({bye}=1,{a(r, 'byes')},0)"),
    ]


def _before_de(c: CalcRefs, k: int, r: int) -> str:
    return f"=IF({k + 1}<{c.sc(Scalars.POS_DE)},{c.slot_value(k, r)},0)"


def _after_de(c: CalcRefs, k: int, r: int) -> str:
    return f"=IF({k + 1}>{c.sc(Scalars.POS_DE)},{c.slot_value(k, r)},0)"


def _slot_shares(c: CalcRefs) -> list[SharedFormula]:
    """Each tie-break slot's sort key, split at DE (DE applies to the players still tied on
    what comes before it): ``pk`` the slots before DE (R0's keys), ``qk`` the slots after (the final
    rank's); 0 on the other side."""
    groups = []
    for k in range(TIEBREAK_SLOTS):
        groups.append(c.share(f"pk{k + 1}", partial(_before_de, c, k)))
        groups.append(c.share(f"qk{k + 1}", partial(_after_de, c, k)))
    return groups


def _ps_rounds(c: CalcRefs, r: int) -> str:
    """Σ round × his points against counted opponents and from byes (the Rounds sheet's WHITE_PS, BLACK_PS)."""
    q, a = c.q, c.a
    wps, bps = (f"{q}{c.rounds_col(col)}" for col in (RoundsCols.WHITE_PS, RoundsCols.BLACK_PS))
    return (f"=SUMIF({q}{c.rounds_col(RoundsCols.WHITE_NO)},{a(r, 'number')},{wps})"
            f"+SUMIF({q}{c.rounds_col(RoundsCols.BLACK_NO)},{a(r, 'number')},{bps})")


def _met(c: CalcRefs, r: int) -> str:
    return f"=SUMPRODUCT(({c.own_column(r)}>0)*({c.vcol('r0')}={c.a(r, 'r0')}))"


def _encounter_shares(c: CalcRefs) -> list[SharedFormula]:
    """Σ round × points of each round (PS's helper, C.07 7.5), and DE's gate: ``met`` how many
    of the players sharing his R0 he has played, ``tied`` how many share it, ``de_ok`` he met them all,
    ``gate`` DE is chosen and every player of his R0 group met all the others (DE applies then only)."""
    a, vcol = c.a, c.vcol
    pos_de = c.sc(Scalars.POS_DE)
    return [
        c.share("ps_rounds", partial(_ps_rounds, c)),
        c.share("met", partial(_met, c)),
        c.share("tied", lambda r: f"=COUNTIF({vcol('r0')},{a(r, 'r0')})"),
        c.share("de_ok", lambda r: f"=IF({a(r, 'met')}={a(r, 'tied')}-1,1,0)"),
        c.share("gate", lambda r: f"=IF(AND({a(r, 'counted')}=1,{pos_de}<99,"
                                  f"COUNTIFS({vcol('r0')},{a(r, 'r0')},{vcol('de_ok')},0)=0),1,0)"),
    ]


# the cuts take the k-th smallest of an array with one entry a game (a row an opponent, a column a
# cycle: game_array), where a game left out divides by 0: AGGREGATE(15, 6, …, k) is SMALL ignoring
# errors, and evaluates its array argument itself (Excel 2010+, LibreOffice)

def _smallest(keys: str, k: str) -> str:
    return f"AGGREGATE(15,6,{keys},{k})"


def _sb_keys(c: CalcRefs, r: int) -> str:
    """SB keys: opponent's points × 8192 (a multiple of 4096: points are halves) + the product
    (< 4096), one per game with a result against a counted opponent, for a counted player."""
    x, points, cyc = c.own_column(r), c.vcol("points"), c.cyc
    return (f"({points}*8192+{game_array(x, cyc, 'points')}*{points})/"
            f"({game_array(x, cyc, 'done')}*{c.vcol('counted')}*{c.a(r, 'counted')})")


def _aro_keys(c: CalcRefs, r: int) -> str:
    """ARO keys: the opponent's rating, one per game over the board against a counted opponent."""
    return (f"{c.vcol('rating')}/({game_array(c.own_column(r), c.cyc, 'otb')}*{c.vcol('counted')}"
            f"*{c.a(r, 'counted')})")


def _sb_cut(c: CalcRefs, cut: int, r: int) -> str:
    """SB Cut-n: SB Cut-(n-1) less the n-th smallest key's product (C.07 14.1.1: lowest score, then product)."""
    before = "SB" if cut == 1 else f"SB_C{cut - 1}"
    return (f"=IF({c.a(r, 'counted')}=1,{c.a(r, before)}-IFERROR(MOD({_smallest(_sb_keys(c, r), str(cut))},"
            f"4096),0),0)")


def _aro_cut(c: CalcRefs, low: int, high: int, r: int) -> str:
    """ARO without its ``low`` lowest and ``high`` highest opponents' ratings (Cut-c, Median-c: C.07 14.1,
    14.3), rounded; 0 for a player not counted, an unrated field or too few games."""
    a = c.a
    tg, keys = a(r, "tgames"), _aro_keys(c, r)
    left = [_smallest(keys, str(k)) for k in range(1, low + 1)]
    left += [_smallest(keys, f"{tg}-{k}") for k in range(high)]
    return (f"=IF(AND({a(r, 'counted')}=1,{c.sc(Scalars.ALL_RATED)}=1,{tg}>{low + high}),"
            f"ROUND(({a(r, 'tsum')}-" + "-".join(left) + f")/({tg}-{low + high}),0),0)")


def _cut_shares(c: CalcRefs) -> list[SharedFormula]:
    """The cut tie-breaks of C.07 14.1 and 14.3 (SB Cut-1/2, ARO Cut-1/2, Median-1/2), and PTP's
    bisection's start (C.07 10.3: the lowest opponent − 800, :func:`_ptp_cells`)."""
    groups = [c.share(f"SB_C{cut}", partial(_sb_cut, c, cut)) for cut in (1, 2)]
    for name, low, high in (("ARO_C1", 1, 0), ("ARO_C2", 2, 0), ("ARO_M1", 1, 1), ("ARO_M2", 2, 2)):
        groups.append(c.share(name, partial(_aro_cut, c, low, high)))
    groups.append(c.share("ptp0", lambda r: f"=IFERROR({_smallest(_aro_keys(c, r), '1')}-800,0)"))
    return groups


# DE, level by level. Each level after the first is worked out only when the level before it
# moved someone (``moved``, a cell under the players of each r column: 1 when Σ r(k) > Σ r(k-1), that
# is when some r grew, since r(k) ≥ r(k-1) everywhere); otherwise it repeats the level before, which
# is what it would compute (equal r, so equal DE scores and no one better): the same values, and a
# finished tie costs one IF a cell instead of one SUMPRODUCT over n cells.

def _mean(c: CalcRefs, r: int) -> str:
    """His mean score against each opponent (one game a pair: the score)."""
    x = c.own_column(r)
    score, games = pair_figure(x, c.cyc, "score"), pair_figure(x, c.cyc, "games")
    return score if c.cyc == 1 else f"({score}/({games}+({games}=0)))"


def _de_level(c: CalcRefs, k: int, r: int) -> str:
    """DE's score at level k: Σ of his mean scores against the players sharing his R(k-1), when the gate is open."""
    a = c.a
    score = f"IF({a(r, 'gate')}=1,SUMPRODUCT({_mean(c, r)}*({c.vcol(f'r{k - 1}')}={a(r, f'r{k - 1}')})),0)"
    return f"={score}" if k == 1 else f"=IF({c.moved(k - 1)}=0,{a(r, f'de{k - 1}')},{score})"


def _r_level(c: CalcRefs, k: int, r: int) -> str:
    """R(k): R(k-1) refined by level k's DE score (1 + how many share R(k-1) with a higher score, added)."""
    below = c.a(r, f"r{k - 1}")
    grown = f"{below}+SUMPRODUCT(({c.vcol(f'r{k - 1}')}={below})*({c.vcol(f'de{k}')}>{c.a(r, f'de{k}')}))"
    return f"={grown}" if k == 1 else f"=IF({c.moved(k - 1)}=0,{below},{grown})"


def _de_level_shares(c: CalcRefs) -> list[SharedFormula]:
    """DE's levels (reapplied to the players still tied: ``n - 1`` levels cover any
    chain), R(k) for each, and DE the first level's score (the figure the standings show)."""
    groups = [c.share(f"de{k}", partial(_de_level, c, k)) for k in range(1, c.levels + 1)]
    groups += [c.share(f"r{k}", partial(_r_level, c, k)) for k in range(1, c.levels + 1)]
    groups.append(c.share("DE", lambda r: f"={c.a(r, 'de1')}"))
    return groups


def _rank(c: CalcRefs, r: int) -> str:
    a, vcol, final = c.a, c.vcol, f"r{c.levels}"
    post_keys = [f"qk{k + 1}" for k in range(TIEBREAK_SLOTS)]
    return (f"=IF({a(r, 'counted')}=1,1+SUMPRODUCT({vcol('counted')}*(({vcol(final)}<{a(r, final)})"
            f"+({vcol(final)}={a(r, final)})*{c.lex(post_keys, r)})),"
            f"SUM({vcol('counted')})+COUNTIF({ref(2, c.col['counted'], True, True)}:"
            f"{a(r, 'counted')},0))")


def _position(c: CalcRefs, r: int) -> str:
    a = c.a
    return (f'=COUNTIF({c.vcol("rank")},"<"&{a(r, "rank")})'
            f"+COUNTIF({ref(2, c.col['rank'], True, True)}:{a(r, 'rank')},{a(r, 'rank')})")


def _rank_shares(c: CalcRefs) -> list[SharedFormula]:
    """The final rank: shared on (R(last level), the slots after DE), counted players first; an
    uncounted player (C.05) after them, by number. ``position``: the rank made distinct by number
    (the Standings sheet's row)."""
    return [c.share("rank", partial(_rank, c)), c.share("position", partial(_position, c))]


# -- the columns written row by row --------------------------------------------------------------

class PlayerRow:
    """Player i's row (1 + i) and the arrays of his column of the games matrix its formulas read."""

    def __init__(self, c: CalcRefs, i: int) -> None:
        self.i, self.r = i, 1 + i
        x = c.player_column(i)
        self.score, self.wins, self.games = (pair_figure(x, c.cyc, name) for name in ("score", "wins", "games"))
        self.otb_games, self.otb_score = (pair_figure(x, c.cyc, name) for name in ("otb_games", "otb_score"))
        self.x = x
        self.counted = c.a(self.r, "counted")


def _rows(c: CalcRefs, groups: list[SharedFormula]) -> Iterator[tuple[int, dict]]:
    """Row 1 + i: player i's figures and the games matrix's row of opponent i; then DE's ``moved`` row."""
    s = RowBuffer()
    for i in range(1, c.n + 1):
        p = PlayerRow(c, i)
        _entry_cells(c, s, p)
        _score_cells(c, s, p)
        _record_cells(c, s, p)
        _performance_cells(c, s, p)
        _rating_cells(c, s, p)
        _progressive_cells(c, s, p)
        pre = ["points"] + [f"pk{k + 1}" for k in range(TIEBREAK_SLOTS)]
        s.formula(p.r, c.col["r0"], f"=IF({p.counted}=1,1+SUMPRODUCT({c.vcol('counted')}*{c.lex(pre, p.r)}),"
                                    f"{100000 + i})")
        for group in groups:
            s.share(p.r, group)
        for other in range(1, c.n + 1):
            if other != i:
                _pair_cell(c, s, other, i)
        yield from s.take()
    for k in range(1, c.levels):  # the last level's is read by no one
        s.formula(c.moved_row, c.col[f"r{k}"], f"=IF(SUM({c.vcol(f'r{k}')})>SUM({c.vcol(f'r{k - 1}')}),1,0)")
    yield from s.take()


def _pair_cell(c: CalcRefs, s: RowBuffer, i: int, j: int) -> None:
    """The games matrix's cell of player i (column) against opponent j (row 1 + j): the sum of
    his codes of their games, the k-th meeting's game moved to base-64 digit k (its score
    and count, below 1024, stay where they are)."""
    key = (min(i, j), max(i, j))
    terms = []
    for k, (grow, low_is_white, _) in enumerate(c.plan.meetings[key]):
        x = f"{c.code_at[low_is_white == (i == key[0])]}{grow}"
        terms.append(x if k == 0 else f"{x}*{64 ** k}-{64 ** k - 1}*MOD({x},1024)")
    s.formula(1 + j, c.mx + i - 1, "=" + "+".join(terms))


def _entry_cells(c: CalcRefs, s: RowBuffer, p: PlayerRow) -> None:
    """His number, withdrawal, games over the board, scheduled games and byes, and whether the standings
    count him (C.05: not when the withdrawn rule is on, he withdrew, and played over the board fewer than
    half his scheduled games), and the byes of the rounds with a result."""
    col, r, i, a = c.col, p.r, p.i, c.a
    s.set(r, col["number"], i)
    s.formula(r, col["withdrawn"], f"=IF(LEN(TRIM(INDEX({c.withdrawn_range},{i})))>0,1,0)")
    s.formula(r, col["completed"], f"=SUMPRODUCT({p.otb_games})")
    s.set(r, col["scheduled"], (c.n - 1) * c.cyc)
    s.set(r, col["sched_byes"], c.sched_byes[i])
    s.formula(r, col["counted"], f"=IF(AND({c.sc(Scalars.RULE)}=1,{a(r, 'withdrawn')}=1,"
                                 f"2*{a(r, 'completed')}<{a(r, 'scheduled')}),0,1)")
    if c.plan.bye_rows:
        q = c.q
        s.formula(r, col["byes"], f"=SUMIF({q}{c.rounds_col(RoundsCols.WHITE_NO)},{i},"
                                  f"{q}{c.rounds_col(RoundsCols.BYE)})")
    else:
        s.set(r, col["byes"], 0)


def _score_cells(c: CalcRefs, s: RowBuffer, p: PlayerRow) -> None:
    """Game points, games and wins (against counted opponents for a counted player, all his games for
    another), SB = Σ own score × opponent's points (C.07 9.1), KS = Σ own score against opponents with
    at least Koya's threshold (C.07 9.2), both 0 for an uncounted player, and his maximum score
    (games against counted players + bye points × scheduled byes)."""
    col, r, a, counted, cnt = c.col, p.r, c.a, p.counted, c.vcol("counted")
    s.formula(r, col["game_points"], f"=IF({counted}=1,SUMPRODUCT({p.score},{cnt}),SUMPRODUCT({p.score}))")
    s.formula(r, col["played"], f"=IF({counted}=1,SUMPRODUCT({p.games},{cnt}),SUMPRODUCT({p.games}))")
    s.formula(r, col["wins"], f"=IF({counted}=1,SUMPRODUCT({p.wins},{cnt}),SUMPRODUCT({p.wins}))")
    s.formula(r, col["SB"], f"=IF({counted}=1,SUMPRODUCT({p.score},{cnt},{c.vcol('points')}),0)")
    s.formula(r, col["KS"], f"=IF({counted}=1,SUMPRODUCT({p.score},{cnt},"
                            f"({c.vcol('points')}>={c.sc(Scalars.KOYA)})*1),0)")
    s.formula(r, col["max_score"], f"={counted}*({a(r, 'scheduled')}-{c.cyc}*{c.sc(Scalars.UNCOUNTED)}"
                                   f"+{c.sc(Scalars.BYE_POINTS)}*{a(r, 'sched_byes')})")


def _record_cells(c: CalcRefs, s: RowBuffer, p: PlayerRow) -> None:
    """FIDE tie-breaks of his own record (docs/standings.md, "More FIDE tie-breaks"): Koya with a limit
    (C.07 14.5: opponents with at least the threshold + limit / 2), WON (wins over the board), BPG and
    BWG (games and wins with Black), TPN (his number, 7.8)."""
    col, r, counted, cnt = c.col, p.r, p.counted, c.vcol("counted")
    for code, limit in KOYA_LIMITS:
        s.formula(r, col[calc_name(code)], f"=IF({counted}=1,SUMPRODUCT({p.score},{cnt},"
                                           f"({c.vcol('points')}>={c.sc(Scalars.KOYA)}+{limit}/2)*1),0)")
    for name, figure in (("WON", "otb_wins"), ("BPG", "black_games"), ("BWG", "black_wins")):
        m_row = pair_figure(p.x, c.cyc, figure)
        s.formula(r, col[name], f"=IF({counted}=1,SUMPRODUCT({m_row},{cnt}),SUMPRODUCT({m_row}))")
    s.set(r, col["TPN"], p.i)


def _performance_cells(c: CalcRefs, s: RowBuffer, p: PlayerRow) -> None:
    """Rating performance (B.02; ``addin.systems.standings.performance``): every game over the board against
    a rated opponent, also against a player the standings do not count. ARO, TPR = ARO + dp(score) (8.1(a)),
    the expected score in hundredths: Σ over his games against rated opponents of PD(D), D his rating minus
    the opponent's, counted as ±400 beyond (8.3); PD(D) = MATCH(D, floor + PD edges) − 1 (rating.pd_edges),
    the clamp written with comparisons (no IF in an array); the rating change K × (score − expected)."""
    col, r, a, i = c.col, p.r, c.a, p.i
    o_row, os_row = p.otb_games, p.otb_score
    s.formula(r, col["rating"], f"=N(INDEX({c.ratings_range},{i}))")
    s.formula(r, col["rated"], f"=IF({a(r, 'rating')}>0,1,0)")
    s.formula(r, col["rgames"], f"=SUMPRODUCT({o_row},{c.vcol('rated')})")
    s.formula(r, col["rscore"], f"=SUMPRODUCT({os_row},{c.vcol('rated')})")
    g = a(r, "rgames")
    s.formula(r, col["aro"], f'=IF({g}>0,ROUND(SUMPRODUCT({o_row},{c.vcol("rating")})/{g},0),"")')
    s.formula(r, col["tpr"], f'=IF({g}>0,{a(r, "aro")}+INDEX({c.dp_range},ROUND(100*{a(r, "rscore")}/{g},0)+1),"")')
    d = f"({a(r, 'rating')}-{c.vcol('rating')})"
    s.formula(r, col["rexp"], f'=IF(AND({a(r, "rating")}>0,{g}>0),SUMPRODUCT({o_row},{c.vcol("rated")},'
                              f'MATCH({d}-({d}>400)*({d}-400)-({d}<-400)*({d}+400),{c.edge_range},1))'
                              f'-{g},"")')
    s.formula(r, col["rchange"], f'=IF(AND({a(r, "rating")}>0,{g}>0),{c.plan.settings(SettingsRows.K_FACTOR)}*'
                                 f'(100*{a(r, "rscore")}-{a(r, "rexp")})/100,"")')


def _rating_cells(c: CalcRefs, s: RowBuffer, p: PlayerRow) -> None:
    """C.07 art. 10 and 7.6-7.7 in a round-robin (15.2): over-the-board games against counted players;
    every rating tie-break is 0 unless every counted player has a rating. RTNG his rating, ARO (10.1),
    TPR (10.2), APRO (10.4: the mean of the TPR of his over-the-board opponents, 0.5 up), PTP (10.3:
    :func:`_ptp_cells`), APPO (10.5: the mean of their PTP, 0.5 up, exact: INT of a ratio); STD (7.7)
    with 1-½-0 scoring is the points (a forfeit win is more than a draw, a bye is worth its points);
    REP (7.6): games over the board + forfeit wins + byes worth 1."""
    col, r, a, counted, cnt = c.col, p.r, c.a, p.counted, c.vcol("counted")
    o_row, os_row = p.otb_games, p.otb_score
    s.formula(r, col["tgames"], f"=SUMPRODUCT({o_row},{cnt})")
    s.formula(r, col["tscore"], f"=SUMPRODUCT({os_row},{cnt})")
    s.formula(r, col["tsum"], f"=SUMPRODUCT({o_row},{cnt},{c.vcol('rating')})")
    tg = a(r, "tgames")
    rated_ok = f"AND({counted}=1,{c.sc(Scalars.ALL_RATED)}=1"
    s.formula(r, col["RTNG"], f"=IF({rated_ok}),{a(r, 'rating')},0)")
    s.formula(r, col["ARO"], f"=IF({rated_ok},{tg}>0),ROUND({a(r, 'tsum')}/{tg},0),0)")
    s.formula(r, col["TPR"], f"=IF({rated_ok},{tg}>0),{a(r, 'ARO')}+INDEX({c.dp_range},"
                             f"ROUND(100*{a(r, 'tscore')}/{tg},0)+1),0)")
    s.formula(r, col["APRO"], f"=IF({rated_ok},{tg}>0),ROUND(SUMPRODUCT({o_row},{cnt},"
                              f"{c.vcol('TPR')})/{tg},0),0)")
    _ptp_cells(c, s, p, o_row, rated_ok)
    s.formula(r, col["APPO"], f"=IF({rated_ok},{tg}>0),INT((2*SUMPRODUCT({o_row},{cnt},"
                              f"{c.vcol('PTP')})+{tg})/(2*{tg})),0)")
    s.formula(r, col["STD"], f"=IF({counted}=1,{a(r, 'points')},0)")
    s.formula(r, col["REP"], f"=IF({counted}=1,{tg}+{a(r, 'WIN')}-{a(r, 'WON')},0)")


def _ptp_cells(c: CalcRefs, s: RowBuffer, p: PlayerRow, o_row: str, rated_ok: str) -> None:
    """PTP (C.07 10.3): the lowest whole R with Σ PD(R − r) ≥ his score over the same games, PD of the
    whole 8.1(b) table (no 400 cut). Σ PD grows with R, so a bisection of fixed steps 2^12 … 1 from
    lo = lowest opponent − 800 (Σ PD = 0 there; ``ptp0``, :func:`_cut_shares`) keeps lo below the answer
    and ends on answer − 1 (the answer is at most the highest opponent + 736: spreads up to 6,656 points).
    Σ PD(R − r) = Σ over his games of MATCH(R − r, floor + PD edges) − 1 (rating.pd_edges). A zero
    score gives the lowest opponent − 800, as rating.ptp does."""
    col, r, a, cnt = c.col, p.r, c.a, c.vcol("counted")
    tg = a(r, "tgames")
    target = f"100*{a(r, 'tscore')}+{tg}"
    for k in range(1, PTP_STEPS + 1):
        step, lo = 2 ** (PTP_STEPS - k), a(r, f"ptp{k - 1}")
        s.formula(r, col[f"ptp{k}"], f"={lo}+IF(SUMPRODUCT({o_row},{cnt},MATCH({lo}+{step}-"
                                     f"{c.vcol('rating')},{c.edge_range},1))<{target},{step},0)")
    s.formula(r, col["PTP"], f"=IF({rated_ok},{tg}>0),IF({a(r, 'tscore')}=0,{a(r, 'ptp0')},"
                             f"{a(r, f'ptp{PTP_STEPS}')}+1),0)")


def _progressive_cells(c: CalcRefs, s: RowBuffer, p: PlayerRow) -> None:
    """PS (C.07 7.5, Cut-c 14.1): Σ over rounds c+1..L (L the last round with a result) of his score
    after each round = Σ over rounds ρ of s(ρ) × (L + 1 - max(ρ, c + 1))
    = (L + 1) × points - Σ ρ s(ρ) - Σ over ρ ≤ c of s(ρ)(c + 1 - ρ), 0 when L ≤ c."""
    col, r, a, last = c.col, p.r, c.a, c.sc(Scalars.LAST_ROUND)
    early = {rnd_no: _round_score(c, p.i, rnd_no) for rnd_no in (1, 2)}
    cuts = {0: "", 1: f"-{early[1]}", 2: f"-2*{early[1]}-{early[2]}"}
    for cut, name in ((0, "PS"), (1, "PS_C1"), (2, "PS_C2")):
        s.formula(r, col[name], f"=IF(AND({p.counted}=1,{last}>{cut}),({last}+1)*"
                                f"{a(r, 'points')}-{a(r, 'ps_rounds')}{cuts[cut]},0)")


def _round_score(c: CalcRefs, i: int, rnd_no: int) -> str:
    """Player i's points in round ``rnd_no`` against a counted opponent or from a bye (0 without a round)."""
    plan, R = c.plan, RoundsCols
    if rnd_no > len(plan.event.schedule.rounds):
        return "0"
    for game in plan.event.schedule.rounds[rnd_no - 1].games:
        if i in (game.white, game.black):
            row = plan.game_row[(rnd_no, game.board)]
            opp = game.black if i == game.white else game.white
            code = sheet_ref(plan.s_rounds, row, R.WHITE_CODE if i == game.white else R.BLACK_CODE)
            return f"(MOD({code},32)/2*{c.a(1 + opp, 'counted')})"
    for b_rnd, p, brow in plan.bye_rows:
        if b_rnd == rnd_no and p == i:
            return f"({sheet_ref(plan.s_rounds, brow, R.BYE)}*{plan.scalar(Scalars.BYE_POINTS)})"
    return "0"
