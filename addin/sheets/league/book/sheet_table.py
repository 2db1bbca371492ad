"""The Table sheet: each division's table, sorted by the formulas themselves.

Under the title, the scoring in one line (read from the Settings); per division its name, "after
round k / n" (the last round with a typed result), a header naming the four tie-break slots as
the Settings hold them, then one line per position: rank (blank before any result), number,
name, matches played, won, drawn, lost, forfeited, match points, game points for and against,
their difference, each slot's value (DE only where the group it splits is tied and has met in
full) and a withdrawal remark. Rule: line k shows the team whose Calc ``poskey`` is
division × 1000 + k, so the order is the Calc ranking's.
"""

from __future__ import annotations

from typing import Any

from addin.sheets.league.book.plan import BookPlan, num, sheet_range
from addin.sheets.league.cells import TABLE_FIELDS, TIEBREAK_SLOTS, MatchCols, SettingsRows, TeamsCols
from addin.sheets.model import PrintSetup, SheetLayout, col_letter
from addin.systems.league.model import SeasonDivision
from addin.systems.league.table import TeamLine

#: the Calc column of each Table column after the name
SOURCES = {"played": "played", "won": "won", "drawn": "drawn", "lost": "lost", "forfeited": "forfeited",
           "points": "MP", "gp": "GP", "ga": "GA", "diff": "DIFF"}


def write(plan: BookPlan, sh: SheetLayout) -> None:
    """Write the Table sheet ``sh`` from ``plan``."""
    L, s = plan.L, plan.season
    sh.set(1, 1, f"{s.header.title + ' — ' if s.header.title else ''}{L['table_title']}", "title", text=True)
    _scoring_line(plan, sh)
    slot_col = len(TABLE_FIELDS) + 1
    row = 4
    for d, division in enumerate(s.divisions, 1):
        row = _division(plan, sh, row, d, division)
        row += 1
    widths = (6, 5, 28, 5, 5, 5, 5, 5, 7, 7, 7, 7) + (9,) * TIEBREAK_SLOTS + (20,)
    for c, width in enumerate(widths, 1):
        sh.width(c, width)
    last_col = col_letter(slot_col + TIEBREAK_SLOTS)
    sh.print_setup = PrintSetup(area=(f"A1:{last_col}{max(row - 1, 4)}",), fit_width=1, orientation="landscape")


def _scoring_line(plan: BookPlan, sh: SheetLayout) -> None:
    """Row 2: the scoring, each figure read from its Settings cell."""
    L, s, S = plan.L, plan.season, SettingsRows
    sc = s.scoring
    settings = [plan.settings(row) for row in (S.PRESET, S.MP_WIN, S.MP_DRAW, S.MP_LOSS, S.MP_FORFEIT,
                                               S.GP_WIN, S.GP_DRAW, S.GP_LOSS)]
    line = L["scoring_line"]
    formula = '="' + line.replace('"', '""') + '"'
    for name, cell in zip(("preset", "win", "draw", "loss", "forfeit", "gwin", "gdraw", "gloss"), settings):
        formula = formula.replace("{" + name + "}", f'"&{cell}&"')
    sh.formula(2, 1, formula, "subtitle", cached=line.format(
        preset=s.preset, win=num(sc.win), draw=num(sc.draw), loss=num(sc.loss), forfeit=num(sc.forfeit),
        gwin=num(sc.game_win), gdraw=num(sc.game_draw), gloss=num(sc.game_loss)))


def _division(plan: BookPlan, sh: SheetLayout, row: int, d: int, division: SeasonDivision) -> int:
    """Division ``d``'s title, header and lines from ``row``; the row after its last line."""
    L, S = plan.L, SettingsRows
    slot_col = len(TABLE_FIELDS) + 1
    sh.set(row, 1, division.name, "division_title", text=True)
    first_m, last_m = _division_match_rows(plan, d)
    last = f"MAX({sheet_range(plan.names['sheet_matches'], first_m, MatchCols.TYPED_ROUND, last_m, MatchCols.TYPED_ROUND)})"
    done = max((r for (dd, r, _) in plan.res if dd == d and plan.res[(dd, r, _)].started), default=0)
    sh.formula(row, 4, f'=IF({last}=0,"{L["no_result_yet"]}","{L["after_round"]} "&{last}&" / '
                       f'{division.rounds}")', "subtitle",
               cached=L["no_result_yet"] if done == 0 else f"{L['after_round']} {done} / {division.rounds}")
    row += 1
    for c, key in enumerate(TABLE_FIELDS, 1):
        sh.set(row, c, L[key], "header", text=True)
    for k in range(TIEBREAK_SLOTS):
        sh.formula(row, slot_col + k, f"={plan.settings(S.TB_FIRST + k)}&\"\"", "header", cached=plan.tiebreak(k))
    sh.set(row, slot_col + TIEBREAK_SLOTS, L["remark"], "header", text=True)
    row += 1
    for k, line in enumerate(plan.tables[d], 1):
        _line(plan, sh, row, d, k, line, last, done)
        row += 1
    return row


def _line(plan: BookPlan, sh: SheetLayout, row: int, d: int, k: int, line: TeamLine, last: str, done: int) -> None:
    """The ``k``-th line of division ``d``'s table on ``row`` (``line``: Python's, for the cached values;
    ``last``: the formula of the division's last round with a result, ``done`` its value)."""
    L, s, S = plan.L, plan.season, SettingsRows
    slot_col = len(TABLE_FIELDS) + 1
    calc_index = f"MATCH({d * 1000 + k},{plan.calc_col(d, 'poskey')},0)"

    def get(name: str) -> str:
        return f"INDEX({plan.calc_col(d, name)},{calc_index})"

    team = s.division(d).team(line.number)
    sh.formula(row, 1, f'=IF({last}=0,"",{get("rank")})', "rank", cached=line.rank if done else "")
    sh.formula(row, 2, f"={get('number')}", "center", cached=line.number)
    sh.formula(row, 3, f"=INDEX({plan.teams_col(d, TeamsCols.NAME)},{get('number')})&\"\"", "cell", cached=team.name)
    values = {"played": line.played, "won": line.won, "drawn": line.drawn, "lost": line.lost,
              "forfeited": line.forfeited, "points": num(line.mp), "gp": num(line.gp),
              "ga": num(line.ga), "diff": num(line.diff)}
    for c, key in enumerate(TABLE_FIELDS[3:], 4):
        sh.formula(row, c, f"={get(SOURCES[key])}", "rank" if key == "points" else "number", cached=values[key])
    for k in range(TIEBREAK_SLOTS):
        slot = plan.settings(S.TB_FIRST + k)
        de = f'IF(AND({get("gate")}=1,{get("tied")}>1),{get("de1")},"")'
        formula = (f'=IF({slot}="DE",{de},IF({slot}="GP",{get("GP")},IF({slot}="DIFF",{get("DIFF")},'
                   f'IF({slot}="BC",{get("BC")},IF({slot}="BERLIN",{get("BERLIN")},'
                   f'IF({slot}="ESB",{get("ESB")},IF({slot}="MW",{get("MW")},"")))))))')
        sh.formula(row, slot_col + k, formula, "number", cached=slot_value(line, plan.tiebreak(k)))
    gone = f"INDEX({plan.teams_col(d, TeamsCols.WITHDRAWN)},{get('number')})"
    sh.formula(row, slot_col + TIEBREAK_SLOTS, f'=IF(ISNUMBER({gone}),"{L["withdrawn_from"]} "&{gone},"")',
               "cell", cached=f'{L["withdrawn_from"]} {s.withdrawn[(d, line.number)]}'
               if (d, line.number) in s.withdrawn else "")


def slot_value(line: TeamLine, code: str) -> Any:
    """What a table line shows in a tie-break slot holding ``code`` (the rule of its formula)."""
    if code == "DE":
        return num(line.de) if line.de_levels else ""
    if code in ("GP", "DIFF", "BC", "BERLIN", "ESB", "MW"):
        return num(line.value(code))
    return ""


def _division_match_rows(plan: BookPlan, d: int) -> tuple[int, int]:
    """The first and last Matches rows of division ``d``."""
    rows = [row for key, row in plan.match_row.items() if key[0] == d]
    return (min(rows), max(rows)) if rows else (MatchCols.FIRST_ROW, MatchCols.FIRST_ROW)
