"""The round sheets (Round 1, Round 2, …): the match sheets, one block a match, a page each.

A block: its title (match number, division; the two teams, "— forfait (retrait)" after a team
withdrawn by this round; the date from the Calendar), the score and the match points of each
team, the forfeit cell (a team absent: the other wins every board by forfeit) and the colour
override; then one row a board: the colour of the team named first, the roster numbers
fielded (names and ratings follow by formula from the Rosters sheet), the result typed from the
first team's side and a check (unknown code, result ignored under a forfeit, over-the-board
result with a player missing).

Rules, on the block's hidden title row: a match forfeit is the typed one, else (once a result of
the round is typed in the division) the team withdrawn by this round; the game points of a board
are the Settings' ones (a forfeit win counts as a win); the match is complete when every board
has a result, and only then has match points (Settings: won, drawn, lost, lost by forfeit); the
board count (BC) weighs each board's points by its number; the first team has White on odd
boards unless the Settings' colour rule or the override says otherwise.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from addin.core.results import WORKBOOK_CODES as W, WORKBOOK_RESULT_CODES
from addin.sheets.league.book.plan import BookPlan, date_value, num, serial, sheet_match_numbers, sheet_range, sheet_ref
from addin.sheets.league.cells import (FIRST_BLOCK_ROW, FIRST_BOARD, HEADER, POINTS, SCORE, TITLE, CalendarCols,
                                       RosterCols, RoundCols, SettingsRows, TeamsCols, block_height)
from addin.sheets.model import PrintSetup, SheetLayout, ref
from addin.systems.league.match import OVER_THE_BOARD
from addin.systems.league.model import AWAY, BOTH, HOME, MatchKey, SeasonTeam


def write(plan: BookPlan, sh: SheetLayout, rnd: int) -> None:
    """Write the sheet ``sh`` of round ``rnd`` from ``plan`` (blocks at ``plan.match_pos``)."""
    L, R, s, n = plan.L, RoundCols, plan.season, plan.n
    sh.set(1, 1, f"{s.header.title + ' — ' if s.header.title else ''}{L['round']} {rnd}", "title", text=True)
    keys = sheet_match_numbers(s, rnd)
    value, style, text = round_date(sorted({s.match(k).date for k in keys if s.match(k).date}))
    sh.set(2, 1, value, style, text=text)
    sh.merge(2, 1, 2, 4)  # a date in the narrow board column would print as ###
    breaks = []
    result_cells = []
    input_cells = []
    for k, key in enumerate(keys, 1):
        title = plan.match_pos[key][1]
        _match_block(plan, sh, key, k, title)
        result_cells.append(f"{ref(title + FIRST_BOARD, R.RESULT)}:{ref(title + FIRST_BOARD + n - 1, R.RESULT)}")
        input_cells.append(ref(title + SCORE, R.INPUT))
        breaks.append(title + block_height(n) - 1)
    if result_cells:
        words = plan.words
        sh.validation(" ".join(result_cells), WORKBOOK_RESULT_CODES, error=", ".join(WORKBOOK_RESULT_CODES),
                      title=L["result"])
        sh.validation(" ".join(input_cells), [words[HOME], words[AWAY], words[BOTH]], title=L["forfeit"])
        sh.validation(" ".join(ref(int(c[1:]) + 1, R.INPUT) for c in input_cells), [words[HOME], words[AWAY]],
                      title=L["white_odd"])
    for col in range(R.FIRST_HIDDEN, R.LAST_HIDDEN + 1):
        sh.hidden_columns.add(col)
    # C ends the match title; I holds the match rows' labels, the longest "Blancs aux éch. impairs"
    for col, width in zip(range(1, 11), (6, 6, 8, 26, 7, 11, 26, 7, 23, 14)):
        sh.width(col, width)
    last = FIRST_BLOCK_ROW + len(keys) * block_height(n) - 1
    sh.print_setup = PrintSetup(area=(f"A1:J{max(last, 2)}",), row_breaks=tuple(breaks[:-1]), fit_width=1,
                                margins_cm=1.5, orientation="landscape")


def round_date(dates: list[str]) -> tuple[Any, str, bool]:
    """``(value, style, text)`` of the date line under a round sheet's title: one date of the
    calendar is a real date cell (shown dd/mm/yyyy), several are listed as text, each dd/mm/yyyy."""
    values = [date_value(d) for d in dates]
    if len(values) == 1 and isinstance(values[0], dt.date):
        return values[0], "subtitle_date", False
    shown = [v.strftime("%d/%m/%Y") if isinstance(v, dt.date) else str(v) for v in values]
    return " / ".join(shown) or None, "subtitle", True


def _match_block(plan: BookPlan, sh: SheetLayout, key: MatchKey, k: int, h: int) -> None:
    """The block of match ``key``, the ``k``-th of its sheet, from its title row ``h``."""
    _block_heading(plan, sh, key, k, h)
    _block_facts(plan, sh, key, h)
    for b in range(1, plan.n + 1):
        _board(plan, sh, key, h, b)
    sh.style_range(h + SCORE, 1, h + POINTS, 2, "default")


def _block_heading(plan: BookPlan, sh: SheetLayout, key: MatchKey, k: int, h: int) -> None:
    """The visible rows above the boards: title, teams and date; score; match points; the boards' header."""
    L, R, s = plan.L, RoundCols, plan.season
    d, rnd, _ = key
    division = s.division(d)
    match = s.match(key)
    res = plan.res[key]
    sh.set(h, 1, f"{L['match']} {k} — {division.name}", "match_title", text=True)
    for col in (2, 3):
        sh.set(h, col, None, "match_title")
    sh.merge(h, 1, h, 3)
    # a team withdrawn by this round (the Teams sheet's cell): "— forfait (retrait)" after its name,
    # from the match sheet's printing on (its boards are forfeits once the round has started)
    for col, number in ((R.HOME_NAME, match.home), (R.AWAY_NAME, match.away)):
        w = plan.team_cell(d, number, TeamsCols.WITHDRAWN)
        gone = s.withdrawn.get((d, number))
        sh.formula(h, col, f'={plan.team_name(d, number)}&IF(AND(ISNUMBER({w}),{rnd}>={w}),'
                           f'" — {L["team_withdrawn"]}","")', "team_name",
                   cached=division.team(number).name
                   + (f" — {L['team_withdrawn']}" if gone is not None and rnd >= gone else ""))
    sh.set(h, R.RESULT, "–", "team_name", text=True)
    sh.set(h, R.LABEL, L["date"], "cell", text=True)
    cal = sheet_ref(plan.names["sheet_calendar"], plan.calendar_row[key], CalendarCols.DATE)
    date = date_value(match.date)
    sh.formula(h, R.INPUT, f'=IF(LEN({cal}&"")=0,"",{cal})', "date", cached=serial(date) if date is not None else "")
    # score and match points
    sh.set(h + SCORE, 1, L["score"], "cell", text=True)
    sh.merge(h + SCORE, 1, h + SCORE, 3)
    sh.formula(h + SCORE, R.HOME_NAME, f"={ref(h, R.HSCORE)}", "score", cached=num(res.home_score))
    sh.formula(h + SCORE, R.AWAY_NAME, f"={ref(h, R.ASCORE)}", "score", cached=num(res.away_score))
    sh.set(h + SCORE, R.LABEL, L["forfeit"], "cell", text=True)
    typed_forfeit = s.forfeits.get(key)
    sh.set(h + SCORE, R.INPUT, plan.words[typed_forfeit] if typed_forfeit else None, "input_center", text=True)
    sh.set(h + POINTS, 1, L["match_points"], "cell", text=True)
    sh.merge(h + POINTS, 1, h + POINTS, 3)
    sh.formula(h + POINTS, R.HOME_NAME, f"={ref(h, R.HMP)}", "score",
               cached=num(res.home_points) if res.home_points is not None else "")  # (points: when complete)
    sh.formula(h + POINTS, R.AWAY_NAME, f"={ref(h, R.AMP)}", "score",
               cached=num(res.away_points) if res.away_points is not None else "")
    sh.set(h + POINTS, R.LABEL, L["white_odd"], "cell", text=True)
    override = s.white_odd.get(key)
    sh.set(h + POINTS, R.INPUT, plan.words[override] if override else None, "input_center", text=True)
    for col, label in ((R.BOARD, "board"), (R.COLOUR, "colour"), (R.HOME_NO, "number"), (R.HOME_NAME, "player"),
                       (R.HOME_RATING, "rating"), (R.RESULT, "result"), (R.AWAY_NAME, "player"),
                       (R.AWAY_RATING, "rating"), (R.AWAY_NO, "number"), (R.CHECK, "check")):
        sh.set(h + HEADER, col, L[label], "header", text=True)


def _block_facts(plan: BookPlan, sh: SheetLayout, key: MatchKey, h: int) -> None:
    """The hidden cells of the block's title row: the match's facts, and its forfeit, scores,
    completeness, match points, board counts and colours by formula (the module's rules)."""
    L, R, S, s = plan.L, RoundCols, SettingsRows, plan.season
    d, rnd, index = key
    match = s.match(key)
    for col, value in ((R.DIV, d), (R.RND, rnd), (R.IDX, index), (R.HOME, match.home), (R.AWAY, match.away),
                       (R.NEUTRAL, int(match.neutral))):
        sh.set(h, col, value, "hidden_calc")
    first, last = h + FIRST_BOARD, h + FIRST_BOARD + plan.n - 1

    def col_range(col: int) -> str:
        return f"{ref(first, col)}:{ref(last, col)}"

    forfeit_in = ref(h + SCORE, R.INPUT)
    sh.formula(h, R.TYPED_SUM, f"=SUM({col_range(R.TYPED)})+IF(LEN(TRIM({forfeit_in}))>0,1,0)", "hidden_calc")
    same_division = [key2 for key2 in sheet_match_numbers(s, rnd) if key2[0] == d]
    sh.formula(h, R.STARTED, "=IF(" + "+".join(plan.mcell(key2, TITLE, R.TYPED_SUM) for key2 in same_division)
               + ">0,1,0)", "hidden_calc")

    def out(number: int) -> str:
        w = plan.team_cell(d, number, TeamsCols.WITHDRAWN)
        return f"AND(ISNUMBER({w}),{rnd}>={w})"

    hw, aw, bw = (f'"{plan.words[x]}"' for x in (HOME, AWAY, BOTH))
    sh.formula(h, R.FORFEIT, f"=IF({forfeit_in}={hw},{hw},IF({forfeit_in}={aw},{aw},IF({forfeit_in}={bw},{bw},"
                             f'IF({ref(h, R.STARTED)}=0,"",IF(AND({out(match.home)},{out(match.away)}),{bw},'
                             f'IF({out(match.home)},{hw},IF({out(match.away)},{aw},"")))))))', "hidden_calc")
    f = ref(h, R.FORFEIT)
    sh.formula(h, R.FORFEIT_CODE, f'=IF({f}={hw},"{W["-+"]}",IF({f}={aw},"{W["+-"]}",IF({f}={bw},"{W["0-0"]}","")))',
               "hidden_calc")
    sh.formula(h, R.HSCORE, f"=SUM({col_range(R.HPTS)})", "hidden_calc")
    sh.formula(h, R.ASCORE, f"=SUM({col_range(R.APTS)})", "hidden_calc")
    sh.formula(h, R.DONE_SUM, f"=SUM({col_range(R.DONE)})", "hidden_calc")
    sh.formula(h, R.COMPLETE, f"=IF({ref(h, R.DONE_SUM)}={plan.settings(S.BOARDS)},1,0)", "hidden_calc")
    mw, md, ml, mf = (plan.settings(row) for row in (S.MP_WIN, S.MP_DRAW, S.MP_LOSS, S.MP_FORFEIT))
    hs, as_ = ref(h, R.HSCORE), ref(h, R.ASCORE)
    complete = ref(h, R.COMPLETE)
    sh.formula(h, R.HMP, f'=IF({complete}=0,"",IF(OR({f}={bw},{f}={hw}),{mf},IF({f}={aw},{mw},'
                         f"IF({hs}>{as_},{mw},IF({hs}<{as_},{ml},{md})))))", "hidden_calc")
    sh.formula(h, R.AMP, f'=IF({complete}=0,"",IF(OR({f}={bw},{f}={aw}),{mf},IF({f}={hw},{mw},'
                         f"IF({as_}>{hs},{mw},IF({as_}<{hs},{ml},{md})))))", "hidden_calc")
    sh.formula(h, R.HBC, f"=SUMPRODUCT({col_range(R.BOARD)},{col_range(R.HPTS)})", "hidden_calc")
    sh.formula(h, R.ABC, f"=SUMPRODUCT({col_range(R.BOARD)},{col_range(R.APTS)})", "hidden_calc")
    ov = ref(h + POINTS, R.INPUT)
    sh.formula(h, R.HWHITE, f'=IF({ov}={hw},1,IF({ov}={aw},0,IF({plan.settings(S.COLOURS)}="{L["even"]}",0,1)))',
               "hidden_calc")


def _board(plan: BookPlan, sh: SheetLayout, key: MatchKey, h: int, b: int) -> None:
    """Board ``b``'s row of the block at ``h``: colour, each side's player, the result, its hidden
    decoding (effective result under a forfeit, each side's game points, done) and the check."""
    L, R, S, s = plan.L, RoundCols, SettingsRows, plan.season
    r = h + FIRST_BOARD + b - 1
    sh.set(r, R.BOARD, b, "center")
    white, black = L["white"], L["black"]
    if b % 2 == 1:
        formula = f'=IF({ref(h, R.HWHITE)}=1,"{white}","{black}")'
    else:
        formula = f'=IF({ref(h, R.HWHITE)}=1,"{black}","{white}")'
    sh.formula(r, R.COLOUR, formula, "center", cached=white if s.home_white(key, b) else black)
    lineups = s.lineup(key, 0), s.lineup(key, 1)
    _player(plan, sh, key, r, lineups[0][b - 1], R.HOME_NO, R.HOME_NAME, R.HOME_RATING, s.match(key).home)
    _player(plan, sh, key, r, lineups[1][b - 1], R.AWAY_NO, R.AWAY_NAME, R.AWAY_RATING, s.match(key).away)
    typed = s.results.get((*key, b))
    sh.set(r, R.RESULT, W.get(typed) if typed else None, "input_center", text=True)
    result = ref(r, R.RESULT)
    any_valid = ",".join(f'{result}="{c}"' for c in WORKBOOK_RESULT_CODES)
    sh.formula(r, R.TYPED, f"=IF(OR({any_valid}),1,0)", "hidden_calc")
    eff = ref(r, R.EFFECTIVE)
    sh.formula(r, R.EFFECTIVE, f'=IF({ref(h, R.FORFEIT_CODE)}<>"",{ref(h, R.FORFEIT_CODE)},'
                               f'IF({ref(r, R.TYPED)}=1,{result},""))', "hidden_calc")
    gw, gd, gl = (plan.settings(row) for row in (S.GP_WIN, S.GP_DRAW, S.GP_LOSS))
    sh.formula(r, R.HPTS, f'=IF({eff}="{W["1-0"]}",{gw},IF({eff}="{W["1/2-1/2"]}",{gd},'
                          f'IF({eff}="{W["0-1"]}",{gl},IF({eff}="{W["+-"]}",{gw},0))))', "hidden_calc")
    sh.formula(r, R.APTS, f'=IF({eff}="{W["0-1"]}",{gw},IF({eff}="{W["1/2-1/2"]}",{gd},'
                          f'IF({eff}="{W["1-0"]}",{gl},IF({eff}="{W["-+"]}",{gw},0))))', "hidden_calc")
    sh.formula(r, R.DONE, f'=IF(LEN({eff})>0,1,0)', "hidden_calc")
    played = f'OR({result}="{W["1-0"]}",{result}="{W["0-1"]}",{result}="{W["1/2-1/2"]}")'
    f = ref(h, R.FORFEIT)
    sh.formula(r, R.CHECK, f'=IF(LEN(TRIM({result}))=0,"",IF({ref(r, R.TYPED)}=0,"{L["bad_code"]}",'
                           f'IF({f}<>"","{L["ignored"]}",IF(AND({played},OR({ref(r, R.HOME_NO)}="",'
                           f'{ref(r, R.AWAY_NO)}="")),"{L["missing"]}",""))))', "check",
               cached=_check(plan, key, typed, lineups[0][b - 1], lineups[1][b - 1]))


def _player(plan: BookPlan, sh: SheetLayout, key: MatchKey, r: int, member: int | None, number_col: int,
            name_col: int, rating_col: int, number: int) -> None:
    """One side of a board row: the roster number fielded (input), the name and rating it reads
    from team ``number``'s roster ("?" for a number outside it, for any number when it has none)."""
    d = key[0]
    team: SeasonTeam = plan.season.division(d).team(number)
    rows = plan.roster_rows.get((d, number))
    sh.set(r, number_col, member, "input_center")
    no = ref(r, number_col)
    fielded = member is not None and member <= len(team.roster)
    name = team.roster[member - 1].name if fielded and member is not None else ""
    rating = team.roster[member - 1].rating if fielded and member is not None else None
    if rows is None:
        sh.formula(r, name_col, f'=IF({no}="","","?")', "cell", cached="" if member is None else "?")
        sh.formula(r, rating_col, '=""', "center", cached="")
        return
    rosters = plan.names["sheet_rosters"]
    names = sheet_range(rosters, rows[0], RosterCols.NAME, rows[1], RosterCols.NAME)
    ratings = sheet_range(rosters, rows[0], RosterCols.RATING, rows[1], RosterCols.RATING)
    sh.formula(r, name_col, f'=IF({no}="","",IFERROR(INDEX({names},{no})&"","?"))', "cell", cached=name)
    sh.formula(r, rating_col, f'=IF({no}="","",IFERROR(IF(INDEX({ratings},{no})="","",'
                              f'INDEX({ratings},{no})),""))', "center", cached="" if rating is None else rating)


def _check(plan: BookPlan, key: MatchKey, typed: str | None, home: int | None, away: int | None) -> str:
    """What a board's check cell shows (the rule of its formula)."""
    if typed is None:
        return ""
    if plan.res[key].forfeit is not None:
        return plan.L["ignored"]
    if typed in OVER_THE_BOARD and (home is None or away is None):
        return plan.L["missing"]
    return ""
