"""The Calc sheet (hidden): per player the figures of the standings and the games matrix (``pair_code``)."""

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
    n, Sc, R = plan.n, Scalars, RoundsCols
    last = n + 1
    cyc = plan.cycles
    pairs = {key: len(v) for key, v in plan.meetings.items()}
    if len(pairs) != n * (n - 1) // 2 or set(pairs.values()) != {cyc}:
        raise ValueError("the event workbook needs a complete round-robin schedule")
    levels, col, mx = max(1, n - 1), plan.cc, plan.mx
    tables = mx + n + 1    # constants: B.02 8.1(a) dp by hundredths, 8.1(b) as PD edges
    # (PD = how many are ≤ D, any sign: rating.pd_edges) after a floor
    for name, c in col.items():
        s.set(1, c, name, "header", text=True)
    for start, name in ((mx, "games"), (tables, "dp"), (tables + 1, "PD edges")):
        s.set(1, start, name, "header", text=True)
    for h in range(101):
        s.set(2 + h, tables, fide_dp(h))
    edges = (PTP_FLOOR,) + pd_edges()
    for index, low in enumerate(edges):
        s.set(2 + index, tables + 1, low)
    dp_range = f"{ref(2, tables, True, True)}:{ref(102, tables, True, True)}"
    edge_range = f"{ref(2, tables + 1, True, True)}:{ref(1 + len(edges), tables + 1, True, True)}"

    def a(r: int, name: str) -> str:
        return ref(r, col[name])

    columns: dict[str, str] = {}

    def vcol(name: str) -> str:
        found = columns.get(name)
        if found is None:
            found = columns[name] = f"{ref(2, col[name], True, True)}:{ref(last, col[name], True, True)}"
        return found

    def mcol(start: int, i: int) -> str:
        """Column of player i in the matrix starting at column ``start``."""
        return f"{ref(2, start + i - 1, True, True)}:{ref(last, start + i - 1, True, True)}"

    sc = plan.scalar
    # scalars
    tb_range = sheet_range(plan.s_settings, SettingsRows.TB_FIRST, 2,
                            SettingsRows.TB_FIRST + TIEBREAK_SLOTS - 1, 2)
    scalars = {
        Sc.STARTED: ("started", f"=IF(SUM({quote_sheet(plan.s_rounds)}!{ref(2, R.TYPED, True, True)}:"
                                f"{ref(max(plan.rounds_last_row, 2), R.TYPED, True, True)})>0,1,0)"),
        Sc.POS_DE: ("pos DE", f'=IFERROR(MATCH("DE",{tb_range},0),99)'),
        Sc.POS_SB: ("pos SB", f'=IFERROR(MATCH("SB",{tb_range},0),99)'),
        Sc.POS_WIN: ("pos WIN", f'=IFERROR(MATCH("WIN",{tb_range},0),99)'),
        Sc.POS_KS: ("pos KS", f'=IFERROR(MATCH("KS",{tb_range},0),99)'),
        Sc.RULE: ("C.05 rule", f'=IF({plan.settings(SettingsRows.WITHDRAWN_RULE)}="{plan.L["yes"]}",1,0)'),
        Sc.BYE_POINTS: ("bye points", f"=N({plan.settings(SettingsRows.BYE_POINTS)})"),
        Sc.UNCOUNTED: ("uncounted", f"={n}-SUM({vcol('counted')})"),
        Sc.MAX_SCORE: ("max score", f"=MAX({vcol('max_score')})"),
        Sc.KOYA: ("koya threshold", f"={sc(Sc.MAX_SCORE)}/2"),
        Sc.LAST_ROUND: ("last round with a result",
                        f"=MAX({quote_sheet(plan.s_rounds)}!{ref(2, R.TYPED, True, True)}:"
                        f"{ref(max(plan.rounds_last_row, 2), R.TYPED, True, True)})"),
        Sc.ALL_RATED: ("every counted player rated",
                       f"=IF(SUMPRODUCT({vcol('counted')},({vcol('rated')}=0)*1)=0,1,0)"),
    }
    for row, (label, formula) in scalars.items():
        s.set(row, SCALAR_LABEL_COL, label, text=True)
        s.formula(row, SCALAR_COL, formula)
    # the games matrix: player i (column) against opponent j (row 1 + j), his games in one number
    # (pair_code); column i lines up with the per-player columns
    rounds = plan.s_rounds

    # each side's code of a game on the Rounds sheet (WHITE_CODE, BLACK_CODE: pair_code's number of
    # one game in cycle 0), as Calc reads it (``_sheet_ref`` of each column, from its prefix)
    code_at = {True: sheet_ref(rounds, 1, R.WHITE_CODE)[:-1], False: sheet_ref(rounds, 1, R.BLACK_CODE)[:-1]}

    def pair(s: RowBuffer, i: int, j: int) -> None:
        """The games matrix's cell of player i (column) against opponent j (row 1 + j): the sum of
        his codes of their games, the k-th meeting's game moved to base-64 digit k (its score
        and count, below 1024, stay where they are)."""
        key = (min(i, j), max(i, j))
        terms = []
        for k, (grow, low_is_white, _) in enumerate(plan.meetings[key]):
            x = f"{code_at[low_is_white == (i == key[0])]}{grow}"
            terms.append(x if k == 0 else f"{x}*{64 ** k}-{64 ** k - 1}*MOD({x},1024)")
        s.formula(1 + j, mx + i - 1, "=" + "+".join(terms))

    cnt_col = vcol("counted")
    wcol = f"{ref(2, R.WHITE_NO, True, True)}:{ref(plan.rounds_last_row, R.WHITE_NO, True, True)}"
    bcol = f"{ref(2, R.BLACK_NO, True, True)}:{ref(plan.rounds_last_row, R.BLACK_NO, True, True)}"
    byef = f"{ref(2, R.BYE, True, True)}:{ref(plan.rounds_last_row, R.BYE, True, True)}"
    q = quote_sheet(rounds) + "!"
    withdrawn_range = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.WITHDRAWN,
                                   PlayersCols.FIRST_ROW + n - 1, PlayersCols.WITHDRAWN)
    pos = {"DE": sc(Sc.POS_DE)}
    sched_byes = {p: 0 for p in range(1, n + 1)}
    for rnd in plan.event.schedule.rounds:
        for p in rnd.byes:
            sched_byes[p] += 1

    def lex(keys: list[str], r: int) -> str:
        """SUMPRODUCT factor: 1 where a player is better than row r on ``keys`` (in order)."""
        better = f"({vcol(keys[-1])}>{a(r, keys[-1])})"
        for key in reversed(keys[:-1]):
            better = f"(({vcol(key)}>{a(r, key)})+({vcol(key)}={a(r, key)})*{better})"
        return better

    def slot_value(k: int, r: int) -> str:
        """The sort key of slot k's tie-break for row r (higher is better: TPN negated)."""
        slot = plan.settings(SettingsRows.TB_FIRST + k)
        codes = [c for c in TIEBREAK_CODES if c != "DE"]
        return "".join(f'IF({slot}="{code}",{"-" if code == "TPN" else ""}{a(r, calc_name(code))},'
                       for code in codes) + "0" + ")" * len(codes)

    # the columns whose formula is the same on every player's row, moved down (shared formulas)
    groups: list[SharedFormula] = []

    def shared(name: str, make: Callable[[int], str]) -> None:
        groups.append(SharedFormula(col[name], 2, last, make))

    shared("points", lambda r: f"={a(r, 'game_points')}+{a(r, 'byes')}*{sc(Sc.BYE_POINTS)}")
    shared("draws", lambda r: f"=2*{a(r, 'game_points')}-2*{a(r, 'wins')}")
    shared("losses", lambda r: f"={a(r, 'played')}-{a(r, 'wins')}-{a(r, 'draws')}")
    shared("percent", lambda r: f"=IF({a(r, 'played')}>0,{a(r, 'game_points')}/{a(r, 'played')},0)")
    shared("WIN", lambda r: f"={a(r, 'wins')}+IF({sc(Sc.BYE_POINTS)}=1,{a(r, 'byes')},0)")
    def before_de(r: int, k: int) -> str:
        return f"=IF({k + 1}<{pos['DE']},{slot_value(k, r)},0)"

    def after_de(r: int, k: int) -> str:
        return f"=IF({k + 1}>{pos['DE']},{slot_value(k, r)},0)"

    for k in range(TIEBREAK_SLOTS):
        shared(f"pk{k + 1}", partial(before_de, k=k))
        shared(f"qk{k + 1}", partial(after_de, k=k))
    pre = ["points"] + [f"pk{k + 1}" for k in range(TIEBREAK_SLOTS)]
    # his column of the games matrix, found by his number (so that the formula is the same on
    # every row): INDEX(matrix, 0, number) is that column, read whole inside SUMPRODUCT
    matrix = f"{ref(2, mx, True, True)}:{ref(last, mx + n - 1, True, True)}"

    def own_column(r: int) -> str:
        return f"INDEX({matrix},0,{ref(r, col['number'], abs_col=True)})"

    # Σ round × his points against counted opponents and from byes (the Rounds sheet's WHITE_PS, BLACK_PS)
    wps, bps = (f"{q}{ref(2, c, True, True)}:{ref(plan.rounds_last_row, c, True, True)}"
                for c in (R.WHITE_PS, R.BLACK_PS))
    shared("ps_rounds", lambda r: f"=SUMIF({q}{wcol},{a(r, 'number')},{wps})"
                                  f"+SUMIF({q}{bcol},{a(r, 'number')},{bps})")
    shared("met", lambda r: f"=SUMPRODUCT(({own_column(r)}>0)*({vcol('r0')}={a(r, 'r0')}))")

    # the cuts take the k-th smallest of an array with one entry a game (a row an opponent, a
    # column a cycle: game_array), where a game left out divides by 0: AGGREGATE(15, 6, …, k)
    # is SMALL ignoring errors, and evaluates its array argument itself (Excel 2010+, LibreOffice)
    def sb_keys(r: int) -> str:
        """SB keys: opponent's points × 8192 (a multiple of 4096: points are halves) + the product
        (< 4096), one per game with a result against a counted opponent, for a counted player."""
        x, points = own_column(r), vcol("points")
        return (f"({points}*8192+{game_array(x, cyc, 'points')}*{points})/"
                f"({game_array(x, cyc, 'done')}*{cnt_col}*{a(r, 'counted')})")

    def aro_keys(r: int) -> str:
        """ARO keys: the opponent's rating, one per game over the board against a counted opponent."""
        return f"{vcol('rating')}/({game_array(own_column(r), cyc, 'otb')}*{cnt_col}*{a(r, 'counted')})"

    def smallest(keys: str, k: str) -> str:
        return f"AGGREGATE(15,6,{keys},{k})"

    # SB Cut-n leaves out the n smallest keys' products (C.07 14.1.1: lowest score, then product)
    shared("SB_C1", lambda r: f"=IF({a(r, 'counted')}=1,{a(r, 'SB')}-IFERROR(MOD({smallest(sb_keys(r), '1')},"
                              f"4096),0),0)")
    shared("SB_C2", lambda r: f"=IF({a(r, 'counted')}=1,{a(r, 'SB_C1')}-IFERROR(MOD({smallest(sb_keys(r), '2')},"
                              f"4096),0),0)")
    # ARO Cut-c / Median-c (14.1, 14.3): without the c lowest (and c highest) opponents' ratings
    for name, low, high in (("ARO_C1", 1, 0), ("ARO_C2", 2, 0), ("ARO_M1", 1, 1), ("ARO_M2", 2, 2)):
        def cut(r: int, low: int = low, high: int = high) -> str:
            tg, keys = a(r, "tgames"), aro_keys(r)
            left = [smallest(keys, str(k)) for k in range(1, low + 1)]
            left += [smallest(keys, f"{tg}-{k}") for k in range(high)]
            return (f"=IF(AND({a(r, 'counted')}=1,{sc(Sc.ALL_RATED)}=1,{tg}>{low + high}),"
                    f"ROUND(({a(r, 'tsum')}-" + "-".join(left) + f")/({tg}-{low + high}),0),0)")
        shared(name, cut)
    # PTP's bisection starts from the lowest opponent − 800 (see rows())
    shared("ptp0", lambda r: f"=IFERROR({smallest(aro_keys(r), '1')}-800,0)")

    def mean(r: int) -> str:
        """His mean score against each opponent (one game a pair: the score)."""
        x = own_column(r)
        score, games = pair_figure(x, cyc, "score"), pair_figure(x, cyc, "games")
        return score if cyc == 1 else f"({score}/({games}+({games}=0)))"

    # Each level after the first is worked out only when the level before it moved someone
    # (``moved``, a cell under the players of each r column: 1 when Σ r(k) > Σ r(k-1), that is
    # when some r grew, since r(k) ≥ r(k-1) everywhere); otherwise it repeats the level before,
    # which is what it would compute (equal r, so equal DE scores and no one better): the same
    # values, and a finished tie costs one IF a cell instead of one SUMPRODUCT over n cells.
    moved_row = last + 1

    def moved(k: int) -> str:
        return ref(moved_row, col[f"r{k}"], abs_row=True, abs_col=True)

    def de_level(r: int, k: int) -> str:
        score = f"IF({a(r, 'gate')}=1,SUMPRODUCT({mean(r)}*({vcol(f'r{k - 1}')}={a(r, f'r{k - 1}')})),0)"
        return f"={score}" if k == 1 else f"=IF({moved(k - 1)}=0,{a(r, f'de{k - 1}')},{score})"

    for k in range(1, levels + 1):
        shared(f"de{k}", partial(de_level, k=k))
    shared("tied", lambda r: f"=COUNTIF({vcol('r0')},{a(r, 'r0')})")
    shared("de_ok", lambda r: f"=IF({a(r, 'met')}={a(r, 'tied')}-1,1,0)")
    shared("gate", lambda r: f"=IF(AND({a(r, 'counted')}=1,{pos['DE']}<99,"
                             f"COUNTIFS({vcol('r0')},{a(r, 'r0')},{vcol('de_ok')},0)=0),1,0)")
    def r_level(r: int, k: int) -> str:
        below = a(r, f"r{k - 1}")
        grown = f"{below}+SUMPRODUCT(({vcol(f'r{k - 1}')}={below})*({vcol(f'de{k}')}>{a(r, f'de{k}')}))"
        return f"={grown}" if k == 1 else f"=IF({moved(k - 1)}=0,{below},{grown})"

    for k in range(1, levels + 1):
        shared(f"r{k}", partial(r_level, k=k))
    shared("DE", lambda r: f"={a(r, 'de1')}")
    final = f"r{levels}"
    post_keys = [f"qk{k + 1}" for k in range(TIEBREAK_SLOTS)]
    shared("rank", lambda r: f"=IF({a(r, 'counted')}=1,1+SUMPRODUCT({vcol('counted')}*(({vcol(final)}<{a(r, final)})"
                             f"+({vcol(final)}={a(r, final)})*{lex(post_keys, r)})),"
                             f"SUM({vcol('counted')})+COUNTIF({ref(2, col['counted'], True, True)}:"
                             f"{a(r, 'counted')},0))")
    shared("position", lambda r: f'=COUNTIF({vcol("rank")},"<"&{a(r, "rank")})'
                                 f"+COUNTIF({ref(2, col['rank'], True, True)}:{a(r, 'rank')},{a(r, 'rank')})")

    koya_limits = [(code, c.limit) for code, c in ((code, parse_code(code)) for code in TIEBREAK_CODES)
                   if c.base == "KS" and c.limit]

    def rows() -> Iterator[tuple[int, dict]]:
        """Row 1 + i: player i's figures and the games matrix's row of opponent i."""
        s = RowBuffer()
        for i in range(1, n + 1):
            r = 1 + i
            x = mcol(mx, i)
            s_row, w_row, g_row = (pair_figure(x, cyc, name) for name in ("score", "wins", "games"))
            counted = a(r, "counted")
            s.set(r, col["number"], i)
            s.formula(r, col["withdrawn"], f"=IF(LEN(TRIM(INDEX({withdrawn_range},{i})))>0,1,0)")
            s.formula(r, col["completed"], f"=SUMPRODUCT({pair_figure(x, cyc, 'otb_games')})")
            s.set(r, col["scheduled"], (n - 1) * cyc)
            s.set(r, col["sched_byes"], sched_byes[i])
            s.formula(r, col["counted"], f"=IF(AND({sc(Sc.RULE)}=1,{a(r, 'withdrawn')}=1,"
                                         f"2*{a(r, 'completed')}<{a(r, 'scheduled')}),0,1)")
            if plan.bye_rows:
                s.formula(r, col["byes"], f"=SUMIF({q}{wcol},{i},{q}{byef})")
            else:
                s.set(r, col["byes"], 0)
            s.formula(r, col["game_points"], f"=IF({counted}=1,SUMPRODUCT({s_row},{cnt_col}),SUMPRODUCT({s_row}))")
            s.formula(r, col["played"], f"=IF({counted}=1,SUMPRODUCT({g_row},{cnt_col}),SUMPRODUCT({g_row}))")
            s.formula(r, col["wins"], f"=IF({counted}=1,SUMPRODUCT({w_row},{cnt_col}),SUMPRODUCT({w_row}))")
            s.formula(r, col["SB"], f"=IF({counted}=1,SUMPRODUCT({s_row},{cnt_col},{vcol('points')}),0)")
            s.formula(r, col["KS"], f"=IF({counted}=1,SUMPRODUCT({s_row},{cnt_col},({vcol('points')}>={sc(Sc.KOYA)})*1),0)")
            s.formula(r, col["max_score"], f"={counted}*({a(r, 'scheduled')}-{cyc}*{sc(Sc.UNCOUNTED)}"
                                           f"+{sc(Sc.BYE_POINTS)}*{a(r, 'sched_byes')})")
            # FIDE tie-breaks (docs/standings.md, "More FIDE tie-breaks"): Koya limits, cuts, own record
            for code, limit in koya_limits:
                s.formula(r, col[calc_name(code)], f"=IF({counted}=1,SUMPRODUCT({s_row},{cnt_col},"
                                                    f"({vcol('points')}>={sc(Sc.KOYA)}+{limit}/2)*1),0)")
            for name, figure in (("WON", "otb_wins"), ("BPG", "black_games"), ("BWG", "black_wins")):
                m_row = pair_figure(x, cyc, figure)
                s.formula(r, col[name], f"=IF({counted}=1,SUMPRODUCT({m_row},{cnt_col}),SUMPRODUCT({m_row}))")
            s.set(r, col["TPN"], i)
            # rating performance (B.02; addin.systems.standings.performance): every game over the board
            # against a rated opponent, also against a player the standings do not count
            ratings = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.RATING,
                                   PlayersCols.FIRST_ROW + n - 1, PlayersCols.RATING)
            s.formula(r, col["rating"], f"=N(INDEX({ratings},{i}))")
            s.formula(r, col["rated"], f"=IF({a(r, 'rating')}>0,1,0)")
            o_row, os_row = pair_figure(x, cyc, "otb_games"), pair_figure(x, cyc, "otb_score")
            s.formula(r, col["rgames"], f"=SUMPRODUCT({o_row},{vcol('rated')})")
            s.formula(r, col["rscore"], f"=SUMPRODUCT({os_row},{vcol('rated')})")
            g = a(r, "rgames")
            s.formula(r, col["aro"], f'=IF({g}>0,ROUND(SUMPRODUCT({o_row},{vcol("rating")})/{g},0),"")')
            s.formula(r, col["tpr"], f'=IF({g}>0,{a(r, "aro")}+INDEX({dp_range},ROUND(100*{a(r, "rscore")}/{g},0)+1),"")')
            # expected score in hundredths: Σ over his games against rated opponents of PD(D), D his
            # rating minus the opponent's, counted as ±400 beyond (B.02 8.3); PD(D) = MATCH(D, floor
            # + PD edges) − 1 (rating.pd_edges), the clamp written with comparisons (no IF in an array)
            d = f"({a(r, 'rating')}-{vcol('rating')})"
            s.formula(r, col["rexp"], f'=IF(AND({a(r, "rating")}>0,{g}>0),SUMPRODUCT({o_row},{vcol("rated")},'
                                      f'MATCH({d}-({d}>400)*({d}-400)-({d}<-400)*({d}+400),{edge_range},1))'
                                      f'-{g},"")')
            s.formula(r, col["rchange"], f'=IF(AND({a(r, "rating")}>0,{g}>0),{plan.settings(SettingsRows.K_FACTOR)}*'
                                         f'(100*{a(r, "rscore")}-{a(r, "rexp")})/100,"")')
            # C.07 art. 10 and 7.6-7.7 in a round-robin (15.2): over-the-board games against counted
            # players; every rating tie-break is 0 unless every counted player has a rating
            s.formula(r, col["tgames"], f"=SUMPRODUCT({o_row},{cnt_col})")
            s.formula(r, col["tscore"], f"=SUMPRODUCT({os_row},{cnt_col})")
            s.formula(r, col["tsum"], f"=SUMPRODUCT({o_row},{cnt_col},{vcol('rating')})")
            tg = a(r, "tgames")
            rated_ok = f"AND({counted}=1,{sc(Sc.ALL_RATED)}=1"
            s.formula(r, col["RTNG"], f"=IF({rated_ok}),{a(r, 'rating')},0)")
            s.formula(r, col["ARO"], f"=IF({rated_ok},{tg}>0),ROUND({a(r, 'tsum')}/{tg},0),0)")
            s.formula(r, col["TPR"], f"=IF({rated_ok},{tg}>0),{a(r, 'ARO')}+INDEX({dp_range},"
                                     f"ROUND(100*{a(r, 'tscore')}/{tg},0)+1),0)")
            # STD (7.7) with 1-½-0 scoring is the points: a forfeit win is more than a draw, a bye
            # is worth its points; REP (7.6): games over the board + forfeit wins + byes worth 1
            # APRO (10.4): the mean of the TPR of his over-the-board opponents (counted), 0.5 up
            s.formula(r, col["APRO"], f"=IF({rated_ok},{tg}>0),ROUND(SUMPRODUCT({o_row},{cnt_col},"
                                      f"{vcol('TPR')})/{tg},0),0)")
            # PTP (10.3): the lowest whole R with Σ PD(R − r) ≥ his score over the same games, PD of the
            # whole 8.1(b) table (no 400 cut). Σ PD grows with R, so a bisection of fixed steps 2^12 … 1
            # from lo = lowest opponent − 800 (Σ PD = 0 there) keeps lo below the answer and ends on
            # answer − 1 (the answer is at most the highest opponent + 736: spreads up to 6,656 points).
            # Σ PD(R − r) = Σ over his games of MATCH(R − r, floor + PD edges) − 1 (rating.pd_edges).
            # A zero score gives the lowest opponent − 800, as rating.ptp does.
            target = f"100*{a(r, 'tscore')}+{tg}"
            for k in range(1, PTP_STEPS + 1):
                step, lo = 2 ** (PTP_STEPS - k), a(r, f"ptp{k - 1}")
                s.formula(r, col[f"ptp{k}"], f"={lo}+IF(SUMPRODUCT({o_row},{cnt_col},MATCH({lo}+{step}-"
                                             f"{vcol('rating')},{edge_range},1))<{target},{step},0)")
            s.formula(r, col["PTP"], f"=IF({rated_ok},{tg}>0),IF({a(r, 'tscore')}=0,{a(r, 'ptp0')},"
                                     f"{a(r, f'ptp{PTP_STEPS}')}+1),0)")
            # APPO (10.5): the mean of his over-the-board opponents' PTP, 0.5 up (exact: INT of a ratio)
            s.formula(r, col["APPO"], f"=IF({rated_ok},{tg}>0),INT((2*SUMPRODUCT({o_row},{cnt_col},"
                                      f"{vcol('PTP')})+{tg})/(2*{tg})),0)")
            s.formula(r, col["STD"], f"=IF({counted}=1,{a(r, 'points')},0)")
            s.formula(r, col["REP"], f"=IF({counted}=1,{tg}+{a(r, 'WIN')}-{a(r, 'WON')},0)")
            # PS (7.5, Cut-c 14.1): Σ over rounds c+1..L (L the last round with a result) of his score
            # after each round = Σ over rounds ρ of s(ρ) × (L + 1 - max(ρ, c + 1))
            # = (L + 1) × points - Σ ρ s(ρ) - Σ over ρ ≤ c of s(ρ)(c + 1 - ρ), 0 when L ≤ c
            early = {rnd_no: _round_score(plan, i, rnd_no, a) for rnd_no in (1, 2)}
            cuts = {0: "", 1: f"-{early[1]}", 2: f"-2*{early[1]}-{early[2]}"}
            for c, name in ((0, "PS"), (1, "PS_C1"), (2, "PS_C2")):
                s.formula(r, col[name], f"=IF(AND({counted}=1,{sc(Sc.LAST_ROUND)}>{c}),({sc(Sc.LAST_ROUND)}+1)*"
                                        f"{a(r, 'points')}-{a(r, 'ps_rounds')}{cuts[c]},0)")
            s.formula(r, col["r0"], f"=IF({counted}=1,1+SUMPRODUCT({vcol('counted')}*{lex(pre, r)}),{100000 + i})")
            for group in groups:
                s.share(r, group)
            for other in range(1, n + 1):
                if other != i:
                    pair(s, other, i)
            yield from s.take()
        for k in range(1, levels):  # the last level's is read by no one
            s.formula(moved_row, col[f"r{k}"], f"=IF(SUM({vcol(f'r{k}')})>SUM({vcol(f'r{k - 1}')}),1,0)")
        yield from s.take()

    s.stream(rows)


def _round_score(plan: BookPlan, i: int, rnd_no: int, a) -> str:
    """Player i's points in round ``rnd_no`` against a counted opponent or from a bye (0 without a round)."""
    R = RoundsCols
    if rnd_no > len(plan.event.schedule.rounds):
        return "0"
    for game in plan.event.schedule.rounds[rnd_no - 1].games:
        if i in (game.white, game.black):
            row = plan.game_row[(rnd_no, game.board)]
            opp = game.black if i == game.white else game.white
            code = sheet_ref(plan.s_rounds, row, R.WHITE_CODE if i == game.white else R.BLACK_CODE)
            return f"(MOD({code},32)/2*{a(1 + opp, 'counted')})"
    for b_rnd, p, brow in plan.bye_rows:
        if b_rnd == rnd_no and p == i:
            return f"({sheet_ref(plan.s_rounds, brow, R.BYE)}*{plan.scalar(Scalars.BYE_POINTS)})"
    return "0"
