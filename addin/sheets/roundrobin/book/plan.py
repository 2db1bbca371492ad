"""What every sheet of the round-robin event workbook shares (``BookPlan``), and the helpers they share.

A sheet module receives the plan and writes its sheet; the plan says where the other sheets' cells
are (the Rounds sheet's rows, the Calc sheet's columns), so that a formula can refer to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from addin.core.schedule import Round
from addin.report.roundrobin import figures
from addin.sheets.model import SheetLayout, Style, quote_sheet, ref
from addin.sheets.roundrobin.cells import (CALC_FIRST_COL, SCALAR_COL, TIEBREAK_CODES, TIEBREAK_SLOTS, RoundsCols,
                                           Scalars)
from addin.sheets.roundrobin.labels import labels
from addin.systems.roundrobin.event import RoundRobinEvent
from addin.systems.standings.performance import Performance
from addin.systems.standings.roundrobin import Report, Standing

PTP_STEPS = 13  # bisection steps of PTP (C.07 10.3): 2^12 + … + 1 points above the lowest opponent − 800

EVENT_STYLES: dict[str, Style] = {
    "input_wrap": Style(border="thin", fill="FFF2CC", locked=False, wrap=True),
    # the Norms sheet's rows, as tall as its longest list of missing requirements: centred vertically
    "middle_cell": Style(border="thin", valign="center"),
    "middle_center": Style(border="thin", halign="center", valign="center"),
    "middle_wrap": Style(border="thin", wrap=True, valign="center"),
    "subtitle_wrap": Style(italic=True, color="555555", wrap=True, valign="top"),
    "norm_player": Style(bold=True, fill="E2EFDA", border="thin"),
    "norm_player_number": Style(bold=True, fill="E2EFDA", border="thin", halign="center"),
    "xt_win": Style(fill="C6EFCE", color="006100"),
    "xt_draw": Style(fill="FFEB9C", color="9C5700"),
    "xt_loss": Style(fill="FFC7CE", color="9C0006"),
    "xt_cell": Style(border="thin", halign="center"),
    "xt_name": Style(border="thin"),
    "rank": Style(border="thin", halign="center", bold=True),
    "round_title": Style(bold=True, fill="E2EFDA", border="thin"),
    "check": Style(color="C00000", bold=True, halign="center"),
}


@dataclass
class BookPlan:
    """The event of the workbook, its labels, Python's figures and where each sheet puts what."""

    event: RoundRobinEvent
    protect: bool
    L: dict[str, str]
    n: int  # players
    cycles: int
    # sheet names
    s_settings: str
    s_players: str
    s_rounds: str
    s_cross: str
    s_stand: str
    s_cards: str
    s_calc: str
    s_perf: str
    # Python's own figures, stored with the formulas that compute them (cached values): the report's
    # (``addin.report.roundrobin.figures``, the standings the TRF, the CSV and the site show)
    effective: dict[tuple[int, int], str]
    ratings: dict[int, int | None]
    report: Report
    standing: dict[int, Standing]
    perf: dict[int, Performance]
    started: bool
    last_round: int
    names: dict[int, str]
    # the Rounds sheet (``plan_rounds``): each game's row, each bye's (round, player, row), each round's title row
    game_row: dict[tuple[int, int], int] = field(default_factory=dict)
    bye_rows: list[tuple[int, int, int]] = field(default_factory=list)
    # (i, j), i < j -> (row, i is White, (round, board)) for every game between i and j
    meetings: dict[tuple[int, int], list[tuple[int, bool, tuple[int, int]]]] = field(default_factory=dict)
    round_rows: list[tuple[Round, int]] = field(default_factory=list)
    rounds_last_row: int = 0
    # the Calc sheet (``plan_calc``): its columns by name, the games matrix's first column
    cc: dict[str, int] = field(default_factory=dict)
    mx: int = 0

    def calc(self, row: int, col: int) -> str:
        """A Calc cell, absolute, with its sheet."""
        return sheet_ref(self.s_calc, row, col)

    def calc_col(self, name: str) -> str:
        """The players' cells of the Calc column ``name``, absolute, with its sheet."""
        col = self.cc[name]
        return sheet_range(self.s_calc, 2, col, self.n + 1, col)

    def scalar(self, row: int) -> str:
        """A scalar cell of the Calc sheet, from the Calc sheet."""
        return ref(row, SCALAR_COL, True, True)

    def settings(self, row: int) -> str:
        """The value cell of a Settings row, absolute, with its sheet."""
        return sheet_ref(self.s_settings, row, 2)


def plan_book(event: RoundRobinEvent, protect: bool) -> BookPlan:
    """The plan of the workbook of ``event`` (checked and made canonical by ``event_workbook``)."""
    L = labels(event.header.lang)
    now = figures(event)  # the report's own computation of the standings (addin.report.roundrobin)
    report = now.evaluated
    plan = BookPlan(
        event=event, protect=protect, L=L, n=event.schedule.players,
        cycles=max((r.cycle for r in event.schedule.rounds), default=1),
        s_settings=L["sheet_settings"], s_players=L["sheet_players"], s_rounds=L["sheet_rounds"],
        s_cross=L["sheet_crosstable"], s_stand=L["sheet_standings"], s_cards=L["sheet_cards"],
        s_calc=L["sheet_calc"], s_perf=L["sheet_performance"],
        effective=now.results, ratings=now.ratings, report=report,
        standing={st.number: st for st in report.standings},
        perf=now.performances,
        started=bool(now.results), last_round=max((r for r, _ in event.results), default=0),
        names={p.number: p.name for p in event.players})
    plan_rounds(plan)
    plan_calc(plan)
    return plan


def plan_rounds(plan: BookPlan) -> None:
    """Where each round, game and bye sits on the Rounds sheet (the other sheets refer to them):
    per round a title row, its games, its byes, then a blank row."""
    row = RoundsCols.HEADER_ROW + 1
    plan.round_rows = []  # (round, title row)
    for rnd in plan.event.schedule.rounds:
        plan.round_rows.append((rnd, row))
        row += 1
        for game in rnd.games:
            plan.game_row[(rnd.number, game.board)] = row
            key = (min(game.white, game.black), max(game.white, game.black))
            plan.meetings.setdefault(key, []).append((row, game.white == key[0], (rnd.number, game.board)))
            row += 1
        for player in rnd.byes:
            plan.bye_rows.append((rnd.number, player, row))
            row += 1
        row += 1
    plan.rounds_last_row = row - 1


def plan_calc(plan: BookPlan) -> None:
    """The Calc sheet's columns (``plan.cc`` by name, ``plan.mx`` the games matrix's first), which
    the Rounds sheet's helpers read too."""
    levels = max(1, plan.n - 1)
    names = ["number", "withdrawn", "completed", "scheduled", "sched_byes", "counted", "byes",
             "game_points", "points", "played", "wins", "draws", "losses", "percent", "SB", "WIN",
             "KS", "max_score", "DE"]
    names += [calc_name(code) for code in TIEBREAK_CODES if code not in ("DE", "SB", "WIN", "KS")]
    names += ["rating", "rated", "rgames", "rscore", "aro", "tpr", "rexp", "rchange"]
    names += ["tgames", "tscore", "tsum", "ps_rounds"]  # over-the-board games against counted players (C.07 15.2)
    names += [f"ptp{k}" for k in range(PTP_STEPS + 1)]  # PTP's bisection (C.07 10.3), one column a step
    names += [f"pk{k + 1}" for k in range(TIEBREAK_SLOTS)]
    names += ["r0", "tied", "met", "de_ok", "gate"]
    names += [f"de{k}" for k in range(1, levels + 1)] + [f"r{k}" for k in range(1, levels + 1)]
    names += [f"qk{k + 1}" for k in range(TIEBREAK_SLOTS)] + ["rank", "position"]
    plan.cc = {name: CALC_FIRST_COL + k for k, name in enumerate(names)}
    plan.mx = CALC_FIRST_COL + len(names) + 1  # the games of i (column) against j (row): pair_code


def after_round(plan: BookPlan, s: SheetLayout, row: int) -> None:
    """A line saying after which round the figures are (the last round with a typed result)."""
    L = plan.L
    last = plan.calc(Scalars.LAST_ROUND, SCALAR_COL)
    rounds = len(plan.event.schedule.rounds)
    s.formula(row, 1, f'=IF({last}=0,"{L["no_result_yet"]}","{L["after_round"]} "&{last}&" / {rounds}")',
              "subtitle", cached=L["no_result_yet"] if plan.last_round == 0
              else f"{L['after_round']} {plan.last_round} / {rounds}")


def withdrawal_text(plan: BookPlan, number: int, short: bool = False) -> str:
    """What a withdrawal remark shows for player ``number`` (the rule of its formula): "abandon
    ronde 5" (``short``: "abandon R5"), "abandon" without a round."""
    if number not in plan.event.withdrawn:
        return ""
    rnd = plan.event.withdrawn[number]
    if rnd is None:
        return plan.L["withdrawn_mark"]
    return f"{plan.L['withdrawn_short']}{rnd}" if short else f"{plan.L['withdrawn_from']} {rnd}"


def sheet_ref(sheet: str, row: int, col: int) -> str:
    """An absolute cell of another sheet."""
    return f"{quote_sheet(sheet)}!{ref(row, col, True, True)}"


def sheet_range(sheet: str, r1: int, c1: int, r2: int, c2: int) -> str:
    """An absolute range of another sheet."""
    return f"{quote_sheet(sheet)}!{ref(r1, c1, True, True)}:{ref(r2, c2, True, True)}"


def calc_name(code: str) -> str:
    """The Calc column name of a tie-break code (``SB/C1`` -> ``SB_C1``, ``KS/L-1`` -> ``KS_Lm1``)."""
    return code.replace("/", "_").replace("+", "p").replace("-", "m")


def result_view(code: str | None, i_white: bool) -> str:
    """The crosstable text of a result (canonical code) seen by White or by Black (``sheet_rounds.view_formula``)."""
    if code is None:
        return ""
    white = {"1-0": "1", "0-1": "0", "1/2-1/2": "½", "+-": "+", "-+": "-", "0-0": "-"}
    black = {"1-0": "0", "0-1": "1", "1/2-1/2": "½", "+-": "-", "-+": "+", "0-0": "-"}
    return (white if i_white else black)[code]

