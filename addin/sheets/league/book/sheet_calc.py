"""The Calc sheet (hidden): a row per team, division by division, and the ranking of
``addin.systems.league.table`` as formulas.

Per team: matches played, won, drawn, lost, lost by forfeit; match points (MP), game points
for (GP) and against (GA), their difference (DIFF), board count (BC, lower is better), Berlin
score ((boards + 1) × GP − BC), extended Sonneborn-Berger (ESB), matches won (MW); per
opponent of the division, the match points won against it and whether they met (two matrices).

The ranking: MP, then the Settings' tie-break slots in order. Direct encounter (DE) is applied
where its slot stands: the keys before it give a first rank (``r0``); a group tied there that has
played every match between its teams (``gate``) is split by the match points won inside the
group, again within each sub-group (``de1``…, ``r1``…, as many levels as teams − 1); the slots
after DE break what remains. ``position`` numbers the teams 1, 2, … in table order (equal ranks
by Calc row), which the Table sheet reads through ``poskey`` (division × 1000 + position).
"""

from __future__ import annotations

from dataclasses import dataclass

from addin.sheets.league.book.plan import BookPlan, sheet_range, sheet_ref
from addin.sheets.league.cells import TIEBREAK_SLOTS, MatchCols, SettingsRows, team_key
from addin.sheets.model import SheetLayout, ref
from addin.systems.league.model import SeasonDivision
from addin.systems.league.stats import DP

#: the games of team i (the first) against team j: the Matches rows and whether i is at home there
PairRows = dict[tuple[int, int, int], list[tuple[int, bool]]]


def write(plan: BookPlan, sh: SheetLayout) -> None:
    """Write the Calc sheet ``sh`` from ``plan`` (columns: ``plan.cc``, rows: ``plan.calc_row``)."""
    S = SettingsRows
    for name, c in plan.cc.items():
        sh.set(1, c, name, "header", text=True)
    for j in range(plan.max_teams):
        sh.set(1, plan.mpx + j, f"MP vs {j + 1}", "header", text=True)
        sh.set(1, plan.gx + j, f"met {j + 1}", "header", text=True)
    sh.set(1, plan.dp_col, "dp", "header", text=True)
    for k, value in enumerate(DP):
        sh.set(2 + k, plan.dp_col, value)
    slots = sheet_range(plan.names["sheet_settings"], S.TB_FIRST, 2, S.TB_FIRST + TIEBREAK_SLOTS - 1, 2)
    sh.set(1, 1, "scalar", "header", text=True)
    sh.set(2, 1, "pos DE", text=True)
    sh.formula(2, 2, f'=IFERROR(MATCH("DE",{slots},0),99)')
    pair_rows: PairRows = {}
    for key, match in plan.season.matches():
        row = plan.match_row[key]
        pair_rows.setdefault((key[0], match.home, match.away), []).append((row, True))
        pair_rows.setdefault((key[0], match.away, match.home), []).append((row, False))
    for d, division in enumerate(plan.season.divisions, 1):
        block = _Division(plan, d, *plan.calc_block[d], ref(2, 2, True, True))
        for team in division.teams:
            r = plan.calc_row[(d, team.number)]
            block.totals(sh, r, team.number)
            block.matrices(sh, team.number, division, pair_rows)
            block.ranking(sh, r, team.number)


@dataclass
class _Division:
    """The formulas of one division's rows (``first`` to ``last``); ``pos_de``: the cell holding the
    slot of DE (99 without it)."""

    plan: BookPlan
    d: int
    first: int
    last: int
    pos_de: str

    def a(self, r: int, name: str) -> str:
        """Column ``name`` of row ``r``, relative."""
        return ref(r, self.plan.cc[name])

    def vcol(self, name: str) -> str:
        """The division's cells of column ``name``."""
        col = self.plan.cc[name]
        return f"{ref(self.first, col, True, True)}:{ref(self.last, col, True, True)}"

    def block(self, start: int, i: int) -> str:
        """Team ``i``'s column of the matrix starting at column ``start``."""
        return f"{ref(self.first, start + i - 1, True, True)}:{ref(self.last, start + i - 1, True, True)}"

    def lex(self, keys: list[str], r: int) -> str:
        """1 for each team of the division better than row ``r`` on ``keys`` compared in order."""
        vcol, a = self.vcol, self.a
        better = f"({vcol(keys[-1])}>{a(r, keys[-1])})"
        for k in reversed(keys[:-1]):
            better = f"(({vcol(k)}>{a(r, k)})+({vcol(k)}={a(r, k)})*{better})"
        return better

    def slot_value(self, k: int, r: int) -> str:
        """Row ``r``'s value of the tie-break in slot ``k`` (BC negated: lower is better; 0 for DE or none)."""
        a = self.a
        slot = self.plan.settings(SettingsRows.TB_FIRST + k)
        return (f'IF({slot}="GP",{a(r, "GP")},IF({slot}="DIFF",{a(r, "DIFF")},IF({slot}="BC",-{a(r, "BC")},'
                f'IF({slot}="BERLIN",{a(r, "BERLIN")},IF({slot}="ESB",{a(r, "ESB")},'
                f'IF({slot}="MW",{a(r, "MW")},0))))))')

    def totals(self, sh: SheetLayout, r: int, i: int) -> None:
        """Team ``i``'s identity and totals on row ``r``, summed from the Matches sheet."""
        plan, C, col, a = self.plan, MatchCols, self.plan.cc, self.a
        sh.set(r, col["div"], self.d)
        sh.set(r, col["number"], i)
        sh.set(r, col["key"], team_key(self.d, i))
        kc = a(r, "key")
        hk, ak = plan.mcol(C.HKEY), plan.mcol(C.AKEY)

        def both(home_col: int, away_col: int) -> str:
            return f"SUMIF({hk},{kc},{plan.mcol(home_col)})+SUMIF({ak},{kc},{plan.mcol(away_col)})"

        sh.formula(r, col["played"], f"={both(C.COMPLETE, C.COMPLETE)}")
        sh.formula(r, col["won"], f"={both(C.HWIN, C.AWIN)}")
        sh.formula(r, col["drawn"], f"={both(C.HDRAW, C.ADRAW)}")
        sh.formula(r, col["lost"], f"={a(r, 'played')}-{a(r, 'won')}-{a(r, 'drawn')}")
        sh.formula(r, col["forfeited"], f"={both(C.HOUT, C.AOUT)}")
        sh.formula(r, col["MP"], f"={both(C.HMP, C.AMP)}")
        sh.formula(r, col["GP"], f"={both(C.HGP, C.AGP)}")
        sh.formula(r, col["GA"], f"={both(C.AGP, C.HGP)}")
        sh.formula(r, col["DIFF"], f"={a(r, 'GP')}-{a(r, 'GA')}")
        sh.formula(r, col["BC"], f"={both(C.HBC, C.ABC)}")
        sh.formula(r, col["BERLIN"], f"=({plan.settings(SettingsRows.BOARDS)}+1)*{a(r, 'GP')}-{a(r, 'BC')}")
        sh.formula(r, col["ESB"], f"={both(C.HESB, C.AESB)}")
        sh.formula(r, col["MW"], f"={a(r, 'won')}")

    def matrices(self, sh: SheetLayout, i: int, division: SeasonDivision, pair_rows: PairRows) -> None:
        """Team ``i``'s column of both matrices, one row per opponent j of the division: the match
        points ``i`` won against j and the meetings completed (0 when they never meet)."""
        plan = self.plan
        matches = plan.names["sheet_matches"]
        for j in range(1, plan.max_teams + 1):
            rj = self.first + j - 1
            if j > len(division.teams):
                continue
            meetings = pair_rows.get((self.d, i, j), [])
            if not meetings:
                sh.set(rj, plan.mpx + i - 1, 0)
                sh.set(rj, plan.gx + i - 1, 0)
                continue
            mps = "+".join(sheet_ref(matches, mr, MatchCols.HMP if home else MatchCols.AMP) for mr, home in meetings)
            met = "+".join(sheet_ref(matches, mr, MatchCols.COMPLETE) for mr, _ in meetings)
            sh.formula(rj, plan.mpx + i - 1, f"={mps}")
            sh.formula(rj, plan.gx + i - 1, f"={met}")

    def ranking(self, sh: SheetLayout, r: int, i: int) -> None:
        """Team ``i``'s ranking cells on row ``r`` (the module's rule)."""
        plan, col, a, vcol, pos_de = self.plan, self.plan.cc, self.a, self.vcol, self.pos_de
        for k in range(TIEBREAK_SLOTS):
            sh.formula(r, col[f"pk{k + 1}"], f"=IF({k + 1}<{pos_de},{self.slot_value(k, r)},0)")
            sh.formula(r, col[f"qk{k + 1}"], f"=IF({k + 1}>{pos_de},{self.slot_value(k, r)},0)")
        pre = ["MP"] + [f"pk{k + 1}" for k in range(TIEBREAK_SLOTS)]
        sh.formula(r, col["r0"], f"=1+SUMPRODUCT({self.lex(pre, r)}*1)")
        sh.formula(r, col["tied"], f"=COUNTIF({vcol('r0')},{a(r, 'r0')})")
        sh.formula(r, col["met"], f"=SUMPRODUCT(({self.block(plan.gx, i)}>0)*({vcol('r0')}={a(r, 'r0')}))")
        sh.formula(r, col["de_ok"], f"=IF({a(r, 'met')}={a(r, 'tied')}-1,1,0)")
        sh.formula(r, col["gate"], f"=IF(AND({pos_de}<99,COUNTIFS({vcol('r0')},{a(r, 'r0')},"
                                   f"{vcol('de_ok')},0)=0),1,0)")
        for lv in range(1, plan.levels + 1):
            prev = f"r{lv - 1}"
            sh.formula(r, col[f"de{lv}"], f"=IF({a(r, 'gate')}=1,SUMPRODUCT({self.block(plan.mpx, i)}*"
                                          f"({vcol(prev)}={a(r, prev)})),0)")
            sh.formula(r, col[f"r{lv}"], f"={a(r, prev)}+SUMPRODUCT(({vcol(prev)}={a(r, prev)})*"
                                         f"({vcol(f'de{lv}')}>{a(r, f'de{lv}')}))")
        final = f"r{plan.levels}"
        post = self.lex([f"qk{k + 1}" for k in range(TIEBREAK_SLOTS)], r)
        sh.formula(r, col["rank"], f"=1+SUMPRODUCT(({vcol(final)}<{a(r, final)})+({vcol(final)}={a(r, final)})"
                                   f"*{post})")
        sh.formula(r, col["position"], f'=COUNTIF({vcol("rank")},"<"&{a(r, "rank")})'
                                       f"+COUNTIF({ref(self.first, col['rank'], True, True)}:{a(r, 'rank')},"
                                       f"{a(r, 'rank')})")
        sh.formula(r, col["poskey"], f"={self.d}*1000+{a(r, 'position')}")
