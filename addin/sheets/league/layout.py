"""The league season workbook (issue 15) as a layout: live formulas, works without Python.

Sheets (French names by default, English with ``lang="en"``):

* **Settings**: the season's name, place, dates, director; boards per match; the scoring
  (match points of a match won, drawn, lost, lost by forfeit; game points of a game won,
  drawn, lost: the formulas read these cells, so changing them recomputes everything);
  the colour rule; four tie-break slots; the result codes and the forfeit words.
* **Registered teams**: division, number in the division's table, name, club, withdrawal round.
* **Rosters**: one row per player (division, team number, board order, name, rating, id).
* **Calendar**: every match with its date (to change), teams, and score once started.
* **Round 1, Round 2, …**: the match sheets. Each match: the two teams, their score and
  match points, the forfeit cell (a team absent) and the colour override; one row per
  board with the colour of the team named first, the roster numbers fielded (the names
  and ratings follow by formula), the result typed from the first team's side, a check.
* **Table**: each division's table, sorted by the formulas themselves.
* **Statistics**: every player's games, points, forfeits and performance.
* **Matches**, **Calc**, **Games** (hidden): one row per match, per team, per board and
  side; the ranking of ``addin.systems.league.table`` as formulas.

Every visible formula stores the value Python computed for it (``cached``). Formulas use
only portable functions (SUM, SUMIF, COUNTIF, COUNTIFS, SUMPRODUCT, INDEX, MATCH, IF,
AND, OR, ISNUMBER, IFERROR, ROUND, LEN, TRIM, MOD).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from addin.core.results import RESULT_CODES, WORKBOOK_CODES, WORKBOOK_RESULT_CODES
from addin.sheets.league.cells import (FIRST_BLOCK_ROW, FIRST_BOARD, GENERATOR_VERSION, HEADER, NO_TIEBREAK,
                                       POINTS, SCORE, STATS_FIELDS, TABLE_FIELDS, TIEBREAK_SLOTS, TITLE,
                                       CalendarCols, GamesCols, MatchCols, RosterCols, RoundCols, SettingsRows,
                                       TeamsCols, block_height, player_key, team_key)
from addin.sheets.league.labels import labels
from addin.sheets.model import PrintSetup, SheetLayout, Style, WorkbookLayout, col_letter, quote_sheet, ref
from addin.systems.league.match import OVER_THE_BOARD, outcomes, started_rounds
from addin.systems.league.model import AWAY, BOTH, HOME, TIEBREAKS, MatchKey, Season
from addin.systems.league.stats import DP, player_stats
from addin.systems.league.table import division_table
from addin.sheets.page import page_header as shared_page_header
from addin.sheets.keys import key_sheet

STYLES: dict[str, Style] = {
    "input_wrap": Style(border="thin", fill="FFF2CC", locked=False, wrap=True),
    "match_title": Style(bold=True, fill="E2EFDA", border="thin"),
    "team_name": Style(bold=True, border="thin", halign="center"),
    "score": Style(bold=True, border="thin", halign="center", size=12),
    "rank": Style(border="thin", halign="center", bold=True),
    "check": Style(color="C00000", bold=True, halign="center"),
    "division_title": Style(bold=True, size=12),
    "date": Style(border="thin", halign="center", number_format="dd/mm/yyyy"),
    "input_date": Style(border="thin", fill="FFF2CC", halign="center", number_format="dd/mm/yyyy", locked=False),
    "subtitle_date": Style(italic=True, color="555555", halign="left", number_format="dd/mm/yyyy"),
}
W = WORKBOOK_CODES


def season_workbook(season: Season) -> WorkbookLayout:
    """The complete season workbook of ``season``."""
    book = _Builder(season).build()
    teams = [(d, team) for d, division in enumerate(season.divisions, 1) for team in division.teams]
    book.sheets.append(key_sheet(season.header.lang, [("teams", f"{d}/{team.number}", team.name) for d, team in teams]
                                 + [("rosters", f"{d}/{team.number}/{k}", member.name) for d, team in teams
                                    for k, member in enumerate(team.roster, 1)]))
    return book


def round_sheet_names(season: Season) -> list[str]:
    L = labels(season.header.lang)
    return [L["sheet_round"].format(r=r) for r in range(1, season.rounds + 1)]


def sheet_match_numbers(season: Season, rnd: int) -> list[MatchKey]:
    """The matches of round ``rnd`` in the order its sheet lists them (``Match 1``, ``Match 2``…)."""
    return [key for key, _ in season.matches() if key[1] == rnd]


def page_header(season: Season, L: dict) -> tuple[str, str]:
    """Header and footer of every printed page: the season's name, place and dates, arbiter; sheet and page."""
    return shared_page_header(season.header.title, season.header.place, season.header.dates, season.header.arbiter, L["page"])


def _sref(sheet: str, row: int, col: int) -> str:
    return f"{quote_sheet(sheet)}!{ref(row, col, True, True)}"


def _srange(sheet: str, r1: int, c1: int, r2: int, c2: int) -> str:
    return f"{quote_sheet(sheet)}!{ref(r1, c1, True, True)}:{ref(r2, c2, True, True)}"


def _date_value(text: str) -> Any:
    try:
        return dt.date.fromisoformat(text)
    except (TypeError, ValueError):
        return text or None


def _round_date(dates: list[str]) -> tuple[Any, str, bool]:
    """``(value, style, text)`` of the date line under a round sheet's title: one date of the
    calendar is a real date cell (shown dd/mm/yyyy), several are listed as text, each dd/mm/yyyy."""
    values = [_date_value(d) for d in dates]
    if len(values) == 1 and isinstance(values[0], dt.date):
        return values[0], "subtitle_date", False
    shown = [v.strftime("%d/%m/%Y") if isinstance(v, dt.date) else str(v) for v in values]
    return " / ".join(shown) or None, "subtitle", True


def _serial(value: Any) -> Any:
    """A date as the number a spreadsheet stores for it (what a formula showing it holds)."""
    if isinstance(value, dt.date):
        return (value - dt.date(1899, 12, 30)).days
    return value


def _num(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


class _Builder:
    def __init__(self, season: Season):
        self.s = season
        self.L = L = labels(season.header.lang)
        self.n = season.boards
        self.book = WorkbookLayout(title=season.header.title or None)
        self.book.styles.update(STYLES)
        self.book.header, self.book.footer = page_header(season, L)
        self.names = {k: L[k] for k in ("sheet_settings", "sheet_teams", "sheet_rosters", "sheet_calendar",
                                        "sheet_table", "sheet_stats", "sheet_matches", "sheet_calc", "sheet_games")}
        self.res = outcomes(season)
        self.started = started_rounds(season)
        self.tables = {d: division_table(season, d, self.res) for d in range(1, len(season.divisions) + 1)}
        self.stats = player_stats(season)
        self.words = {HOME: L["home"], AWAY: L["away"], BOTH: L["both"]}
        # positions filled while building
        self.team_row: dict[tuple[int, int], int] = {}
        self.roster_rows: dict[tuple[int, int], tuple[int, int]] = {}
        self.match_pos: dict[MatchKey, tuple[str, int]] = {}
        self.match_row: dict[MatchKey, int] = {}
        self.calendar_row: dict[MatchKey, int] = {}
        self.calc_row: dict[tuple[int, int], int] = {}
        self.calc_block: dict[int, tuple[int, int]] = {}
        self.max_teams = max(len(d.teams) for d in season.divisions)
        i = 2
        for d, division in enumerate(season.divisions, 1):
            first = i
            for team in division.teams:
                self.calc_row[(d, team.number)] = i
                i += 1
            self.calc_block[d] = (first, i - 1)
        self.levels = max(1, self.max_teams - 1)
        names = ["div", "number", "key", "played", "won", "drawn", "lost", "forfeited", "MP", "GP", "GA", "DIFF",
                 "BC", "BERLIN", "ESB", "MW"]
        names += [f"pk{k + 1}" for k in range(TIEBREAK_SLOTS)] + ["r0", "tied", "met", "de_ok", "gate"]
        names += [f"de{k}" for k in range(1, self.levels + 1)] + [f"r{k}" for k in range(1, self.levels + 1)]
        names += [f"qk{k + 1}" for k in range(TIEBREAK_SLOTS)] + ["rank", "position", "poskey"]
        self.cc = {name: 4 + k for k, name in enumerate(names)}
        self.mpx = 4 + len(names) + 1
        self.gx = self.mpx + self.max_teams + 1
        self.dp_col = self.gx + self.max_teams + 1

    # -- shortcuts -----------------------------------------------------------------
    def settings(self, row: int) -> str:
        return _sref(self.names["sheet_settings"], row, 2)

    def calc(self, row: int, name: str) -> str:
        return _sref(self.names["sheet_calc"], row, self.cc[name])

    def calc_col(self, d: int, name: str) -> str:
        first, last = self.calc_block[d]
        return _srange(self.names["sheet_calc"], first, self.cc[name], last, self.cc[name])

    # -- build ---------------------------------------------------------------------
    def build(self) -> WorkbookLayout:
        book, N, s = self.book, self.names, self.s
        settings = book.add_sheet(N["sheet_settings"], tab_color="808080")
        teams = book.add_sheet(N["sheet_teams"], tab_color="4472C4")
        rosters = book.add_sheet(N["sheet_rosters"], tab_color="4472C4")
        calendar = book.add_sheet(N["sheet_calendar"], tab_color="70AD47")
        rounds = [book.add_sheet(name, tab_color="70AD47") for name in round_sheet_names(s)]
        table = book.add_sheet(N["sheet_table"], tab_color="FFC000")
        stats = book.add_sheet(N["sheet_stats"], tab_color="ED7D31")
        matches = book.add_sheet(N["sheet_matches"], hidden=True)
        calc = book.add_sheet(N["sheet_calc"], hidden=True)
        games = book.add_sheet(N["sheet_games"], hidden=True)
        self._settings(settings)
        self._teams(teams)
        self._rosters(rosters)
        self._place_matches(rounds)
        self._calendar(calendar)
        for sheet, rnd in zip(rounds, range(1, s.rounds + 1)):
            self._round(sheet, rnd)
        self._matches(matches)
        self._calc(calc)
        self._games(games)
        self._table(table)
        self._stats(stats)
        book.active = rounds[0].name if rounds else N["sheet_calendar"]
        return book

    # -- Settings -------------------------------------------------------------------
    def _settings(self, sh: SheetLayout) -> None:
        L, s, R = self.L, self.s, SettingsRows
        sc = s.scoring
        sh.set(R.TITLE, 1, L["settings_title"], "title", text=True)
        sh.set(2, 1, L["help_settings"], "subtitle", text=True)
        # the event's texts overflow to the right rather than wrap over the line above
        rows = [(R.EVENT, "event", s.header.title or None, "input"), (R.PLACE, "place", s.header.place or None, "input"),
                (R.DATES, "dates", s.header.dates or None, "input"), (R.ARBITER, "arbiter", s.header.arbiter or None, "input"),
                (R.BOARDS, "boards", s.boards, "input_center"), (R.PRESET, "preset", s.preset, "center"),
                (R.MP_WIN, "mp_win", _num(sc.win), "input_center"), (R.MP_DRAW, "mp_draw", _num(sc.draw), "input_center"),
                (R.MP_LOSS, "mp_loss", _num(sc.loss), "input_center"),
                (R.MP_FORFEIT, "mp_forfeit", _num(sc.forfeit), "input_center"),
                (R.GP_WIN, "gp_win", _num(sc.game_win), "input_center"),
                (R.GP_DRAW, "gp_draw", _num(sc.game_draw), "input_center"),
                (R.GP_LOSS, "gp_loss", _num(sc.game_loss), "input_center"),
                (R.COLOURS, "colours", L["odd"] if s.colours == "odd" else L["even"], "input_center")]
        for row, key, value, style in rows:
            sh.set(row, 1, L[key], "cell", text=True)
            sh.set(row, 2, value, style, text=isinstance(value, str))
        sh.validation(ref(R.COLOURS, 2), [L["odd"], L["even"]], allow_blank=False)
        sh.set(R.TB_HEADER, 1, L["tiebreak_order"], "header", text=True)
        sh.set(R.TB_HEADER, 2, L["codes"], "header", text=True)
        sh.set(R.TB_HEADER, 3, L["meaning"], "header", text=True)
        for k in range(TIEBREAK_SLOTS):
            row = R.TB_FIRST + k
            code = s.tiebreaks[k] if k < len(s.tiebreaks) else NO_TIEBREAK
            sh.set(row, 1, f"{L['tiebreak']} {k + 1}", "cell", text=True)
            sh.set(row, 2, code, "input_center", text=True)
            cell = ref(row, 2)
            sh.formula(row, 3, "=" + "".join(f'IF({cell}="{c}","{L["tb_" + c]}",' for c in TIEBREAKS)
                       + f'"{L["tb_none"]}"' + ")" * len(TIEBREAKS), "cell",
                       cached=L["tb_" + code] if code in TIEBREAKS else L["tb_none"])
        sh.validation(f"{ref(R.TB_FIRST, 2)}:{ref(R.TB_FIRST + TIEBREAK_SLOTS - 1, 2)}", [*TIEBREAKS, NO_TIEBREAK])
        sh.set(R.CODES_HEADER, 1, L["result_codes"], "header", text=True)
        sh.set(R.CODES_HEADER, 2, L["codes"], "header", text=True)
        sh.set(R.CODES_HEADER, 3, L["meaning"], "header", text=True)
        for k, code in enumerate(RESULT_CODES):
            sh.set(R.CODES_FIRST + k, 2, W[code], "center", text=True)
            sh.set(R.CODES_FIRST + k, 3, L["code_" + code], "cell", text=True)
        sh.set(R.FORFEIT_HEADER, 1, L["forfeit_words"], "header", text=True)
        for k, side in enumerate((HOME, AWAY, BOTH)):
            sh.set(R.FORFEIT_FIRST + k, 2, self.words[side], "center", text=True)
        for row, key, value in ((R.LANG, "language", s.header.lang), (R.GENERATOR, "generator",
                                                               f"league-season/{GENERATOR_VERSION}"),
                                (R.ORDER, "order", s.order), (R.SEED, "seed", s.seed)):
            sh.set(row, 1, L[key], "muted", text=True)
            sh.set(row, 2, value, "muted", text=isinstance(value, str))
        sh.width(1, 54)
        sh.width(2, 14)
        sh.width(3, 34)
        sh.height(R.CODES_HEADER, 30)  # "Codes de résultat (côté de l'équipe citée en premier)"
        sh.print_setup = PrintSetup(area=(f"A1:C{R.SEED}",), fit_width=1, fit_height=1)

    # -- Teams and rosters ----------------------------------------------------------
    def _teams(self, sh: SheetLayout) -> None:
        L, C = self.L, TeamsCols
        for col, key in ((C.DIVISION, "division"), (C.NUMBER, "number"), (C.NAME, "team"), (C.CLUB, "club"),
                         (C.WITHDRAWN, "withdrawn")):
            sh.set(1, col, L[key], "header", text=True)
        row = C.FIRST_ROW
        for d, division in enumerate(self.s.divisions, 1):
            for team in division.teams:
                self.team_row[(d, team.number)] = row
                sh.set(row, C.DIVISION, division.name, "cell", text=True)
                sh.set(row, C.NUMBER, team.number, "center")
                sh.set(row, C.NAME, team.name, "input", text=True)
                sh.set(row, C.CLUB, team.club or None, "input", text=True)
                sh.set(row, C.WITHDRAWN, self.s.withdrawn.get((d, team.number)), "input_center")
                row += 1
        for col, width in zip(range(1, 6), (16, 6, 30, 22, 14)):
            sh.width(col, width)
        sh.freeze = "A2"
        sh.print_setup = PrintSetup(area=(f"A1:E{max(row - 1, 1)}",), repeat_rows=(1, 1), fit_width=1)

    def _rosters(self, sh: SheetLayout) -> None:
        L, C = self.L, RosterCols
        for col, key in ((C.DIVISION, "division"), (C.TEAM_NO, "number"), (C.TEAM, "team"), (C.NUMBER, "number"),
                         (C.NAME, "name"), (C.RATING, "rating"), (C.IDENT, "ident")):
            sh.set(1, col, L[key], "header", text=True)
        row = C.FIRST_ROW
        teams = self.names["sheet_teams"]
        for d, division in enumerate(self.s.divisions, 1):
            for team in division.teams:
                if not team.roster:
                    continue
                first = row
                for k, member in enumerate(team.roster, 1):
                    sh.set(row, C.DIVISION, division.name, "cell", text=True)
                    sh.set(row, C.TEAM_NO, team.number, "center")
                    sh.formula(row, C.TEAM, f"={_sref(teams, self.team_row[(d, team.number)], TeamsCols.NAME)}&\"\"",
                               "cell", cached=team.name)
                    sh.set(row, C.NUMBER, k, "center")
                    sh.set(row, C.NAME, member.name, "input", text=True)
                    sh.set(row, C.RATING, member.rating, "input_center")
                    sh.set(row, C.IDENT, member.ident or None, "input", text=True)
                    row += 1
                self.roster_rows[(d, team.number)] = (first, row - 1)
        for col, width in zip(range(1, 8), (16, 6, 26, 5, 30, 8, 14)):
            sh.width(col, width)
        sh.freeze = "A2"
        sh.print_setup = PrintSetup(area=(f"A1:G{max(row - 1, 1)}",), repeat_rows=(1, 1), fit_width=1)

    # -- where each match goes --------------------------------------------------------
    def _place_matches(self, rounds: list[SheetLayout]) -> None:
        h = block_height(self.n)
        for sheet, rnd in zip(rounds, range(1, self.s.rounds + 1)):
            for k, key in enumerate(sheet_match_numbers(self.s, rnd)):
                self.match_pos[key] = (sheet.name, FIRST_BLOCK_ROW + k * h)
        for i, (key, _) in enumerate(self.s.matches()):
            self.match_row[key] = MatchCols.FIRST_ROW + i

    def team_name(self, d: int, number: int) -> str:
        return f"{_sref(self.names['sheet_teams'], self.team_row[(d, number)], TeamsCols.NAME)}&\"\""

    def mcell(self, key: MatchKey, offset: int, col: int) -> str:
        sheet, title = self.match_pos[key]
        return _sref(sheet, title + offset, col)

    # -- Calendar ------------------------------------------------------------------------
    def _calendar(self, sh: SheetLayout) -> None:
        L, C, s = self.L, CalendarCols, self.s
        sh.set(1, 1, L["calendar_title"], "title", text=True)
        for col, label in ((C.DIVISION, "division"), (C.ROUND, "round"), (C.MATCH, "match"), (C.DATE, "date"),
                           (C.HOME, "home_team"), (C.AWAY, "away_team"), (C.NOTE, "note"), (C.HOME_SCORE, "score"),
                           (C.AWAY_SCORE, "score")):
            sh.set(C.FIRST_ROW - 1, col, L[label], "header", text=True)
        row = C.FIRST_ROW
        R = RoundCols
        for d, division in enumerate(s.divisions, 1):
            for rnd in range(1, division.rounds + 1):
                for match in division.round_matches(rnd):
                    key = (d, rnd, match.index)
                    self.calendar_row[key] = row
                    res = self.res[key]
                    sh.set(row, C.DIVISION, division.name, "cell", text=True)
                    sh.set(row, C.ROUND, rnd, "center")
                    sh.set(row, C.MATCH, match.index, "center")
                    date = _date_value(match.date)
                    if isinstance(date, dt.date):
                        sh.set(row, C.DATE, date, "input_date")
                    else:
                        sh.set(row, C.DATE, date, "input_date", text=date is not None)
                    sh.formula(row, C.HOME, "=" + self.team_name(d, match.home), "cell",
                               cached=division.team(match.home).name)
                    sh.formula(row, C.AWAY, "=" + self.team_name(d, match.away), "cell",
                               cached=division.team(match.away).name)
                    sh.set(row, C.NOTE, L["neutral"] if match.neutral else None, "cell", text=match.neutral)
                    shown = f'OR({self.mcell(key, TITLE, R.TYPED_SUM)}>0,{self.mcell(key, TITLE, R.FORFEIT)}<>"")'
                    started = res.started
                    sh.formula(row, C.HOME_SCORE, f'=IF({shown},{self.mcell(key, TITLE, R.HSCORE)},"")', "center",
                               cached=_num(res.home_score) if started else "")
                    sh.formula(row, C.AWAY_SCORE, f'=IF({shown},{self.mcell(key, TITLE, R.ASCORE)},"")', "center",
                               cached=_num(res.away_score) if started else "")
                    row += 1
                if rnd in division.byes:
                    sh.set(row, C.DIVISION, division.name, "cell", text=True)
                    sh.set(row, C.ROUND, rnd, "center")
                    sh.formula(row, C.HOME, "=" + self.team_name(d, division.byes[rnd]), "cell",
                               cached=division.team(division.byes[rnd]).name)
                    sh.set(row, C.NOTE, L["bye"], "cell", text=True)
                    row += 1
        for col, width in zip(range(1, 10), (14, 7, 7, 12, 26, 26, 26, 8, 8)):
            sh.width(col, width)
        sh.freeze = ref(C.FIRST_ROW, 1)
        sh.print_setup = PrintSetup(area=(f"A1:I{max(row - 1, C.FIRST_ROW)}",),
                                    repeat_rows=(C.FIRST_ROW - 1, C.FIRST_ROW - 1), fit_width=1,
                                    orientation="landscape")

    # -- Round sheets (the match sheets) -------------------------------------------------
    def _round(self, sh: SheetLayout, rnd: int) -> None:
        L, R, s, n = self.L, RoundCols, self.s, self.n
        sh.set(1, 1, f"{s.header.title + ' — ' if s.header.title else ''}{L['round']} {rnd}", "title", text=True)
        keys = sheet_match_numbers(s, rnd)
        dates = sorted({s.match(k).date for k in keys if s.match(k).date})
        value, style, text = _round_date(dates)
        sh.set(2, 1, value, style, text=text)
        sh.merge(2, 1, 2, 4)  # a date in the narrow board column would print as ###
        breaks = []
        result_cells = []
        input_cells = []
        for k, key in enumerate(keys, 1):
            title = self.match_pos[key][1]
            self._match_block(sh, key, k, title)
            result_cells.append(f"{ref(title + FIRST_BOARD, R.RESULT)}:{ref(title + FIRST_BOARD + n - 1, R.RESULT)}")
            input_cells.append(ref(title + SCORE, R.INPUT))
            breaks.append(title + block_height(n) - 1)
        if result_cells:
            sh.validation(" ".join(result_cells), WORKBOOK_RESULT_CODES, error=", ".join(WORKBOOK_RESULT_CODES),
                          title=L["result"])
            sh.validation(" ".join(input_cells), [self.words[HOME], self.words[AWAY], self.words[BOTH]],
                          title=L["forfeit"])
            sh.validation(" ".join(ref(int(c[1:]) + 1, R.INPUT) for c in input_cells),
                          [self.words[HOME], self.words[AWAY]], title=L["white_odd"])
        for col in range(R.FIRST_HIDDEN, R.LAST_HIDDEN + 1):
            sh.hidden_columns.add(col)
        # C ends the match title; I holds the match rows' labels, the longest "Blancs aux éch. impairs"
        for col, width in zip(range(1, 11), (6, 6, 8, 26, 7, 11, 26, 7, 23, 14)):
            sh.width(col, width)
        last = FIRST_BLOCK_ROW + len(keys) * block_height(n) - 1
        sh.print_setup = PrintSetup(area=(f"A1:J{max(last, 2)}",), row_breaks=tuple(breaks[:-1]), fit_width=1,
                                    margins_cm=1.5, orientation="landscape")

    def _match_block(self, sh: SheetLayout, key: MatchKey, k: int, h: int) -> None:
        L, R, s, n = self.L, RoundCols, self.s, self.n
        d, rnd, index = key
        division = s.division(d)
        match = s.match(key)
        res = self.res[key]
        home, away = division.team(match.home), division.team(match.away)
        S = SettingsRows
        words = self.words
        # title row
        sh.set(h, 1, f"{L['match']} {k} — {division.name}", "match_title", text=True)
        for col in (2, 3):
            sh.set(h, col, None, "match_title")
        sh.merge(h, 1, h, 3)
        # a team withdrawn by this round (the Teams sheet's cell): "— forfait (retrait)" after its name,
        # from the match sheet's printing on (its boards are forfeits once the round has started)
        for col, number, team in ((R.HOME_NAME, match.home, home), (R.AWAY_NAME, match.away, away)):
            w = _sref(self.names["sheet_teams"], self.team_row[(d, number)], TeamsCols.WITHDRAWN)
            gone = s.withdrawn.get((d, number))
            sh.formula(h, col, f'={self.team_name(d, number)}&IF(AND(ISNUMBER({w}),{rnd}>={w}),'
                               f'" — {L["team_withdrawn"]}","")', "team_name",
                       cached=team.name + (f" — {L['team_withdrawn']}" if gone is not None and rnd >= gone else ""))
        sh.set(h, R.RESULT, "–", "team_name", text=True)
        sh.set(h, R.LABEL, L["date"], "cell", text=True)
        cal = _sref(self.names["sheet_calendar"], self.calendar_row[key], CalendarCols.DATE)
        date = _date_value(match.date)
        sh.formula(h, R.INPUT, f'=IF(LEN({cal}&"")=0,"",{cal})', "date", cached=_serial(date) if date is not None else "")
        # score and match points
        sh.set(h + SCORE, 1, L["score"], "cell", text=True)
        sh.merge(h + SCORE, 1, h + SCORE, 3)
        sh.formula(h + SCORE, R.HOME_NAME, f"={ref(h, R.HSCORE)}", "score", cached=_num(res.home_score))
        sh.formula(h + SCORE, R.AWAY_NAME, f"={ref(h, R.ASCORE)}", "score", cached=_num(res.away_score))
        sh.set(h + SCORE, R.LABEL, L["forfeit"], "cell", text=True)
        typed_forfeit = s.forfeits.get(key)
        sh.set(h + SCORE, R.INPUT, words[typed_forfeit] if typed_forfeit else None, "input_center", text=True)
        sh.set(h + POINTS, 1, L["match_points"], "cell", text=True)
        sh.merge(h + POINTS, 1, h + POINTS, 3)
        sh.formula(h + POINTS, R.HOME_NAME, f"={ref(h, R.HMP)}", "score",
                   cached=_num(res.home_points) if res.home_points is not None else "")  # (points: when complete)
        sh.formula(h + POINTS, R.AWAY_NAME, f"={ref(h, R.AMP)}", "score",
                   cached=_num(res.away_points) if res.away_points is not None else "")
        sh.set(h + POINTS, R.LABEL, L["white_odd"], "cell", text=True)
        override = s.white_odd.get(key)
        sh.set(h + POINTS, R.INPUT, words[override] if override else None, "input_center", text=True)
        # board header
        for col, label in ((R.BOARD, "board"), (R.COLOUR, "colour"), (R.HOME_NO, "number"), (R.HOME_NAME, "player"),
                           (R.HOME_RATING, "rating"), (R.RESULT, "result"), (R.AWAY_NAME, "player"),
                           (R.AWAY_RATING, "rating"), (R.AWAY_NO, "number"), (R.CHECK, "check")):
            sh.set(h + HEADER, col, L[label], "header", text=True)
        # hidden facts of the match
        for col, value in ((R.DIV, d), (R.RND, rnd), (R.IDX, index), (R.HOME, match.home), (R.AWAY, match.away),
                           (R.NEUTRAL, int(match.neutral))):
            sh.set(h, col, value, "hidden_calc")
        first, last = h + FIRST_BOARD, h + FIRST_BOARD + n - 1

        def col_range(col: int) -> str:
            return f"{ref(first, col)}:{ref(last, col)}"

        forfeit_in = ref(h + SCORE, R.INPUT)
        sh.formula(h, R.TYPED_SUM, f"=SUM({col_range(R.TYPED)})+IF(LEN(TRIM({forfeit_in}))>0,1,0)", "hidden_calc")
        same_division = [key2 for key2 in sheet_match_numbers(s, rnd) if key2[0] == d]
        sh.formula(h, R.STARTED, "=IF(" + "+".join(self.mcell(key2, TITLE, R.TYPED_SUM) for key2 in same_division)
                   + ">0,1,0)", "hidden_calc")

        def out(number: int) -> str:
            w = _sref(self.names["sheet_teams"], self.team_row[(d, number)], TeamsCols.WITHDRAWN)
            return f"AND(ISNUMBER({w}),{rnd}>={w})"

        hw, aw, bw = (f'"{words[x]}"' for x in (HOME, AWAY, BOTH))
        sh.formula(h, R.FORFEIT, f"=IF({forfeit_in}={hw},{hw},IF({forfeit_in}={aw},{aw},IF({forfeit_in}={bw},{bw},"
                                 f'IF({ref(h, R.STARTED)}=0,"",IF(AND({out(match.home)},{out(match.away)}),{bw},'
                                 f'IF({out(match.home)},{hw},IF({out(match.away)},{aw},"")))))))', "hidden_calc")
        f = ref(h, R.FORFEIT)
        sh.formula(h, R.FORFEIT_CODE, f'=IF({f}={hw},"{W["-+"]}",IF({f}={aw},"{W["+-"]}",IF({f}={bw},"{W["0-0"]}","")))',
                   "hidden_calc")
        sh.formula(h, R.HSCORE, f"=SUM({col_range(R.HPTS)})", "hidden_calc")
        sh.formula(h, R.ASCORE, f"=SUM({col_range(R.APTS)})", "hidden_calc")
        sh.formula(h, R.DONE_SUM, f"=SUM({col_range(R.DONE)})", "hidden_calc")
        sh.formula(h, R.COMPLETE, f"=IF({ref(h, R.DONE_SUM)}={self.settings(S.BOARDS)},1,0)", "hidden_calc")
        mw, md, ml, mf = (self.settings(row) for row in (S.MP_WIN, S.MP_DRAW, S.MP_LOSS, S.MP_FORFEIT))
        hs, as_ = ref(h, R.HSCORE), ref(h, R.ASCORE)
        complete = ref(h, R.COMPLETE)
        sh.formula(h, R.HMP, f'=IF({complete}=0,"",IF(OR({f}={bw},{f}={hw}),{mf},IF({f}={aw},{mw},'
                             f"IF({hs}>{as_},{mw},IF({hs}<{as_},{ml},{md})))))", "hidden_calc")
        sh.formula(h, R.AMP, f'=IF({complete}=0,"",IF(OR({f}={bw},{f}={aw}),{mf},IF({f}={hw},{mw},'
                             f"IF({as_}>{hs},{mw},IF({as_}<{hs},{ml},{md})))))", "hidden_calc")
        sh.formula(h, R.HBC, f"=SUMPRODUCT({col_range(R.BOARD)},{col_range(R.HPTS)})", "hidden_calc")
        sh.formula(h, R.ABC, f"=SUMPRODUCT({col_range(R.BOARD)},{col_range(R.APTS)})", "hidden_calc")
        ov = ref(h + POINTS, R.INPUT)
        sh.formula(h, R.HWHITE, f'=IF({ov}={hw},1,IF({ov}={aw},0,IF({self.settings(S.COLOURS)}="{L["even"]}",0,1)))',
                   "hidden_calc")
        # boards
        home_rows, away_rows = self.roster_rows.get((d, match.home)), self.roster_rows.get((d, match.away))
        home_line, away_line = s.lineup(key, 0), s.lineup(key, 1)
        gw, gd, gl = (self.settings(row) for row in (S.GP_WIN, S.GP_DRAW, S.GP_LOSS))
        valid = WORKBOOK_RESULT_CODES
        for b in range(1, n + 1):
            r = h + FIRST_BOARD + b - 1
            sh.set(r, R.BOARD, b, "center")
            white, black = L["white"], L["black"]
            first_white = s.home_white(key, b)
            if b % 2 == 1:
                formula = f'=IF({ref(h, R.HWHITE)}=1,"{white}","{black}")'
            else:
                formula = f'=IF({ref(h, R.HWHITE)}=1,"{black}","{white}")'
            sh.formula(r, R.COLOUR, formula, "center", cached=white if first_white else black)
            for side, number_col, name_col, rating_col, rows, line, team in (
                    (0, R.HOME_NO, R.HOME_NAME, R.HOME_RATING, home_rows, home_line, home),
                    (1, R.AWAY_NO, R.AWAY_NAME, R.AWAY_RATING, away_rows, away_line, away)):
                member = line[b - 1]
                sh.set(r, number_col, member, "input_center")
                no = ref(r, number_col)
                name = team.roster[member - 1].name if member is not None and member <= len(team.roster) else ""
                rating = (team.roster[member - 1].rating if member is not None and member <= len(team.roster)
                          else None)
                if rows is None:
                    sh.formula(r, name_col, f'=IF({no}="","","?")', "cell", cached="" if member is None else "?")
                    sh.formula(r, rating_col, '=""', "center", cached="")
                    continue
                names = _srange(self.names["sheet_rosters"], rows[0], RosterCols.NAME, rows[1], RosterCols.NAME)
                ratings = _srange(self.names["sheet_rosters"], rows[0], RosterCols.RATING, rows[1], RosterCols.RATING)
                sh.formula(r, name_col, f'=IF({no}="","",IFERROR(INDEX({names},{no})&"","?"))', "cell", cached=name)
                sh.formula(r, rating_col, f'=IF({no}="","",IFERROR(IF(INDEX({ratings},{no})="","",'
                                          f'INDEX({ratings},{no})),""))', "center",
                           cached="" if rating is None else rating)
            typed = s.results.get((*key, b))
            sh.set(r, R.RESULT, W.get(typed) if typed else None, "input_center", text=True)
            result = ref(r, R.RESULT)
            any_valid = ",".join(f'{result}="{c}"' for c in valid)
            sh.formula(r, R.TYPED, f"=IF(OR({any_valid}),1,0)", "hidden_calc")
            eff = ref(r, R.EFFECTIVE)
            sh.formula(r, R.EFFECTIVE, f'=IF({ref(h, R.FORFEIT_CODE)}<>"",{ref(h, R.FORFEIT_CODE)},'
                                       f'IF({ref(r, R.TYPED)}=1,{result},""))', "hidden_calc")
            sh.formula(r, R.HPTS, f'=IF({eff}="{W["1-0"]}",{gw},IF({eff}="{W["1/2-1/2"]}",{gd},'
                                  f'IF({eff}="{W["0-1"]}",{gl},IF({eff}="{W["+-"]}",{gw},0))))', "hidden_calc")
            sh.formula(r, R.APTS, f'=IF({eff}="{W["0-1"]}",{gw},IF({eff}="{W["1/2-1/2"]}",{gd},'
                                  f'IF({eff}="{W["1-0"]}",{gl},IF({eff}="{W["-+"]}",{gw},0))))', "hidden_calc")
            sh.formula(r, R.DONE, f'=IF(LEN({eff})>0,1,0)', "hidden_calc")
            played = f'OR({result}="{W["1-0"]}",{result}="{W["0-1"]}",{result}="{W["1/2-1/2"]}")'
            sh.formula(r, R.CHECK, f'=IF(LEN(TRIM({result}))=0,"",IF({ref(r, R.TYPED)}=0,"{L["bad_code"]}",'
                                   f'IF({f}<>"","{L["ignored"]}",IF(AND({played},OR({ref(r, R.HOME_NO)}="",'
                                   f'{ref(r, R.AWAY_NO)}="")),"{L["missing"]}",""))))', "check",
                       cached=self._check(key, b, typed, home_line[b - 1], away_line[b - 1]))
        sh.style_range(h + SCORE, 1, h + POINTS, 2, "default")

    def _check(self, key: MatchKey, b: int, typed: str | None, home: int | None, away: int | None) -> str:
        if typed is None:
            return ""
        if self.res[key].forfeit is not None:
            return self.L["ignored"]
        if typed in OVER_THE_BOARD and (home is None or away is None):
            return self.L["missing"]
        return ""

    # -- Matches (hidden) -------------------------------------------------------------------
    def _matches(self, sh: SheetLayout) -> None:
        C, R = MatchCols, RoundCols
        heads = ["div", "round", "match", "home", "away", "complete", "hMP", "aMP", "hGP", "aGP", "hBC", "aBC",
                 "hkey", "akey", "typed_round", "hESB", "aESB", "hout", "aout", "hwin", "awin", "hdraw", "adraw"]
        for col, head in enumerate(heads, 1):
            sh.set(1, col, head, "header", text=True)
        words = self.words
        for key, match in self.s.matches():
            row = self.match_row[key]
            d = key[0]
            for col, value in ((C.DIV, d), (C.RND, key[1]), (C.IDX, key[2]), (C.HOME, match.home),
                               (C.AWAY, match.away), (C.HKEY, team_key(d, match.home)),
                               (C.AKEY, team_key(d, match.away))):
                sh.set(row, col, value)
            complete = ref(row, C.COMPLETE)
            sh.formula(row, C.COMPLETE, f"={self.mcell(key, TITLE, R.COMPLETE)}")
            for col, src in ((C.HMP, R.HMP), (C.AMP, R.AMP), (C.HGP, R.HSCORE), (C.AGP, R.ASCORE),
                             (C.HBC, R.HBC), (C.ABC, R.ABC)):
                sh.formula(row, col, f"=IF({complete}=1,{self.mcell(key, TITLE, src)},0)")
            sh.formula(row, C.TYPED_ROUND, f"=IF({self.mcell(key, TITLE, R.TYPED_SUM)}>0,{key[1]},0)")
            sh.formula(row, C.HESB, f"={ref(row, C.HGP)}*{self.calc(self.calc_row[(d, match.away)], 'MP')}")
            sh.formula(row, C.AESB, f"={ref(row, C.AGP)}*{self.calc(self.calc_row[(d, match.home)], 'MP')}")
            f = self.mcell(key, TITLE, R.FORFEIT)
            hw, aw, bw = (f'"{words[x]}"' for x in (HOME, AWAY, BOTH))
            sh.formula(row, C.HOUT, f"=IF(AND({complete}=1,OR({f}={hw},{f}={bw})),1,0)")
            sh.formula(row, C.AOUT, f"=IF(AND({complete}=1,OR({f}={aw},{f}={bw})),1,0)")
            hmp, amp = ref(row, C.HMP), ref(row, C.AMP)
            sh.formula(row, C.HWIN, f"=IF(AND({complete}=1,{ref(row, C.HOUT)}=0,{hmp}>{amp}),1,0)")
            sh.formula(row, C.AWIN, f"=IF(AND({complete}=1,{ref(row, C.AOUT)}=0,{amp}>{hmp}),1,0)")
            sh.formula(row, C.HDRAW, f"=IF(AND({complete}=1,{ref(row, C.HOUT)}=0,{hmp}={amp}),1,0)")
            sh.formula(row, C.ADRAW, f"=IF(AND({complete}=1,{ref(row, C.AOUT)}=0,{hmp}={amp}),1,0)")
        self.matches_last = MatchCols.FIRST_ROW + len(self.s.matches()) - 1

    def mcol(self, col: int) -> str:
        return _srange(self.names["sheet_matches"], MatchCols.FIRST_ROW, col, max(self.matches_last, 2), col)

    # -- Calc (hidden): per team, and the ranking -------------------------------------------
    def _calc(self, sh: SheetLayout) -> None:
        s, C, S = self.s, MatchCols, SettingsRows
        col = self.cc
        for name, c in col.items():
            sh.set(1, c, name, "header", text=True)
        for j in range(self.max_teams):
            sh.set(1, self.mpx + j, f"MP vs {j + 1}", "header", text=True)
            sh.set(1, self.gx + j, f"met {j + 1}", "header", text=True)
        sh.set(1, self.dp_col, "dp", "header", text=True)
        for k, value in enumerate(DP):
            sh.set(2 + k, self.dp_col, value)
        self.dp_range = _srange(self.names["sheet_calc"], 2, self.dp_col, 2 + len(DP) - 1, self.dp_col)
        slots = _srange(self.names["sheet_settings"], S.TB_FIRST, 2, S.TB_FIRST + TIEBREAK_SLOTS - 1, 2)
        sh.set(1, 1, "scalar", "header", text=True)
        sh.set(2, 1, "pos DE", text=True)
        sh.formula(2, 2, f'=IFERROR(MATCH("DE",{slots},0),99)')
        pos_de = ref(2, 2, True, True)
        hk, ak = self.mcol(C.HKEY), self.mcol(C.AKEY)
        pair_rows: dict[tuple[int, int, int], list[tuple[int, bool]]] = {}
        for key, match in s.matches():
            row = self.match_row[key]
            pair_rows.setdefault((key[0], match.home, match.away), []).append((row, True))
            pair_rows.setdefault((key[0], match.away, match.home), []).append((row, False))
        for d, division in enumerate(s.divisions, 1):
            first, last = self.calc_block[d]

            def a(r: int, name: str) -> str:
                return ref(r, col[name])

            def vcol(name: str) -> str:
                return f"{ref(first, col[name], True, True)}:{ref(last, col[name], True, True)}"

            def block(start: int, i: int) -> str:
                return f"{ref(first, start + i - 1, True, True)}:{ref(last, start + i - 1, True, True)}"

            def lex(keys: list[str], r: int) -> str:
                better = f"({vcol(keys[-1])}>{a(r, keys[-1])})"
                for k in reversed(keys[:-1]):
                    better = f"(({vcol(k)}>{a(r, k)})+({vcol(k)}={a(r, k)})*{better})"
                return better

            def slot_value(k: int, r: int) -> str:
                slot = self.settings(S.TB_FIRST + k)
                return (f'IF({slot}="GP",{a(r, "GP")},IF({slot}="DIFF",{a(r, "DIFF")},IF({slot}="BC",-{a(r, "BC")},'
                        f'IF({slot}="BERLIN",{a(r, "BERLIN")},IF({slot}="ESB",{a(r, "ESB")},'
                        f'IF({slot}="MW",{a(r, "MW")},0))))))')

            for team in division.teams:
                r = self.calc_row[(d, team.number)]
                i = team.number
                team_id = team_key(d, i)
                sh.set(r, col["div"], d)
                sh.set(r, col["number"], i)
                sh.set(r, col["key"], team_id)
                kc = a(r, "key")

                def both(home_col: int, away_col: int) -> str:
                    return f"SUMIF({hk},{kc},{self.mcol(home_col)})+SUMIF({ak},{kc},{self.mcol(away_col)})"

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
                sh.formula(r, col["BERLIN"], f"=({self.settings(S.BOARDS)}+1)*{a(r, 'GP')}-{a(r, 'BC')}")
                sh.formula(r, col["ESB"], f"={both(C.HESB, C.AESB)}")
                sh.formula(r, col["MW"], f"={a(r, 'won')}")
                # the matrices: team i's column, one row per opponent j of the division
                for j in range(1, self.max_teams + 1):
                    rj = first + j - 1
                    if j > len(division.teams):
                        continue
                    meetings = pair_rows.get((d, i, j), [])
                    if not meetings:
                        sh.set(rj, self.mpx + i - 1, 0)
                        sh.set(rj, self.gx + i - 1, 0)
                        continue
                    mps = "+".join(_sref(self.names["sheet_matches"], mr, C.HMP if home else C.AMP)
                                   for mr, home in meetings)
                    met = "+".join(_sref(self.names["sheet_matches"], mr, C.COMPLETE) for mr, _ in meetings)
                    sh.formula(rj, self.mpx + i - 1, f"={mps}")
                    sh.formula(rj, self.gx + i - 1, f"={met}")
                for k in range(TIEBREAK_SLOTS):
                    sh.formula(r, col[f"pk{k + 1}"], f"=IF({k + 1}<{pos_de},{slot_value(k, r)},0)")
                    sh.formula(r, col[f"qk{k + 1}"], f"=IF({k + 1}>{pos_de},{slot_value(k, r)},0)")
                pre = ["MP"] + [f"pk{k + 1}" for k in range(TIEBREAK_SLOTS)]
                sh.formula(r, col["r0"], f"=1+SUMPRODUCT({lex(pre, r)}*1)")
                sh.formula(r, col["tied"], f"=COUNTIF({vcol('r0')},{a(r, 'r0')})")
                sh.formula(r, col["met"], f"=SUMPRODUCT(({block(self.gx, i)}>0)*({vcol('r0')}={a(r, 'r0')}))")
                sh.formula(r, col["de_ok"], f"=IF({a(r, 'met')}={a(r, 'tied')}-1,1,0)")
                sh.formula(r, col["gate"], f"=IF(AND({pos_de}<99,COUNTIFS({vcol('r0')},{a(r, 'r0')},"
                                           f"{vcol('de_ok')},0)=0),1,0)")
                for lv in range(1, self.levels + 1):
                    prev = f"r{lv - 1}"
                    sh.formula(r, col[f"de{lv}"], f"=IF({a(r, 'gate')}=1,SUMPRODUCT({block(self.mpx, i)}*"
                                                  f"({vcol(prev)}={a(r, prev)})),0)")
                    sh.formula(r, col[f"r{lv}"], f"={a(r, prev)}+SUMPRODUCT(({vcol(prev)}={a(r, prev)})*"
                                                 f"({vcol(f'de{lv}')}>{a(r, f'de{lv}')}))")
                final = f"r{self.levels}"
                post = lex([f"qk{k + 1}" for k in range(TIEBREAK_SLOTS)], r)
                sh.formula(r, col["rank"], f"=1+SUMPRODUCT(({vcol(final)}<{a(r, final)})+({vcol(final)}={a(r, final)})"
                                           f"*{post})")
                sh.formula(r, col["position"], f'=COUNTIF({vcol("rank")},"<"&{a(r, "rank")})'
                                               f"+COUNTIF({ref(first, col['rank'], True, True)}:{a(r, 'rank')},"
                                               f"{a(r, 'rank')})")
                sh.formula(r, col["poskey"], f"={d}*1000+{a(r, 'position')}")

    # -- Games (hidden): one row per board and side ---------------------------------------------
    def _games(self, sh: SheetLayout) -> None:
        C, R = GamesCols, RoundCols
        for col, head in enumerate(("key", "points", "otb", "forfeit", "opp rating", "rated points", "rated"), 1):
            sh.set(1, col, head, "header", text=True)
        row = C.FIRST_ROW
        for key, match in self.s.matches():
            sheet, h = self.match_pos[key]
            d = key[0]
            forfeit = _sref(sheet, h, R.FORFEIT)
            for b in range(1, self.n + 1):
                r = h + FIRST_BOARD + b - 1
                eff = _sref(sheet, r, R.EFFECTIVE)
                for number_col, team, win, fwin, opp_rating in (
                        (R.HOME_NO, match.home, "1-0", "+-", R.AWAY_RATING),
                        (R.AWAY_NO, match.away, "0-1", "-+", R.HOME_RATING)):
                    member = _sref(sheet, r, number_col)
                    base = player_key(d, team, 0)
                    sh.formula(row, C.KEY, f'=IF(OR({forfeit}<>"",{member}="",{eff}=""),"",IFERROR({base}+{member},""))')
                    sh.formula(row, C.POINTS, f'=IF(OR({eff}="{W[win]}",{eff}="{W[fwin]}"),1,'
                                              f'IF({eff}="{W["1/2-1/2"]}",0.5,0))')
                    keyc = ref(row, C.KEY)
                    sh.formula(row, C.OTB, f'=IF(AND({keyc}<>"",OR({eff}="{W["1-0"]}",{eff}="{W["0-1"]}",'
                                           f'{eff}="{W["1/2-1/2"]}")),1,0)')
                    sh.formula(row, C.FORFEIT, f'=IF(AND({keyc}<>"",OR({eff}="{W["+-"]}",{eff}="{W["-+"]}",'
                                               f'{eff}="{W["0-0"]}")),1,0)')
                    opp = _sref(sheet, r, opp_rating)
                    sh.formula(row, C.OPP_RATING, f'=IF({ref(row, C.OTB)}=1,IF(ISNUMBER({opp}),{opp},""),"")')
                    sh.formula(row, C.RATED, f"=IF(ISNUMBER({ref(row, C.OPP_RATING)}),1,0)")
                    sh.formula(row, C.RATED_POINTS, f"=IF({ref(row, C.RATED)}=1,{ref(row, C.POINTS)},0)")
                    row += 1
        self.games_last = max(row - 1, C.FIRST_ROW)

    def gcol(self, col: int) -> str:
        return _srange(self.names["sheet_games"], GamesCols.FIRST_ROW, col, self.games_last, col)

    # -- Table ---------------------------------------------------------------------------------
    def _table(self, sh: SheetLayout) -> None:
        L, s, S = self.L, self.s, SettingsRows
        sc = s.scoring
        sh.set(1, 1, f"{s.header.title + ' — ' if s.header.title else ''}{L['table_title']}", "title", text=True)
        settings = [self.settings(row) for row in (S.PRESET, S.MP_WIN, S.MP_DRAW, S.MP_LOSS, S.MP_FORFEIT,
                                                  S.GP_WIN, S.GP_DRAW, S.GP_LOSS)]
        line = L["scoring_line"]
        formula = '="' + line.replace('"', '""') + '"'
        for name, cell in zip(("preset", "win", "draw", "loss", "forfeit", "gwin", "gdraw", "gloss"), settings):
            formula = formula.replace("{" + name + "}", f'"&{cell}&"')
        sh.formula(2, 1, formula, "subtitle", cached=line.format(
            preset=s.preset, win=_num(sc.win), draw=_num(sc.draw), loss=_num(sc.loss), forfeit=_num(sc.forfeit),
            gwin=_num(sc.game_win), gdraw=_num(sc.game_draw), gloss=_num(sc.game_loss)))
        fields = list(TABLE_FIELDS)
        slot_col = len(fields) + 1
        row = 4
        breaks = []
        for d, division in enumerate(s.divisions, 1):
            table = self.tables[d]
            sh.set(row, 1, division.name, "division_title", text=True)
            first_m, last_m = self._division_match_rows(d)
            last = f"MAX({_srange(self.names['sheet_matches'], first_m, MatchCols.TYPED_ROUND, last_m, MatchCols.TYPED_ROUND)})"
            done = max((r for (dd, r, _) in self.res if dd == d and self.res[(dd, r, _)].started), default=0)
            sh.formula(row, 4, f'=IF({last}=0,"{L["no_result_yet"]}","{L["after_round"]} "&{last}&" / '
                               f'{division.rounds}")', "subtitle",
                       cached=L["no_result_yet"] if done == 0 else f"{L['after_round']} {done} / {division.rounds}")
            row += 1
            for c, key in enumerate(fields, 1):
                sh.set(row, c, L[key], "header", text=True)
            for k in range(TIEBREAK_SLOTS):
                code = s.tiebreaks[k] if k < len(s.tiebreaks) else NO_TIEBREAK
                sh.formula(row, slot_col + k, f"={self.settings(S.TB_FIRST + k)}&\"\"", "header", cached=code)
            sh.set(row, slot_col + TIEBREAK_SLOTS, L["remark"], "header", text=True)
            row += 1
            poskey = self.calc_col(d, "poskey")
            for k, line_ in enumerate(table, 1):
                calc_index = f"MATCH({d * 1000 + k},{poskey},0)"
                first_c, _ = self.calc_block[d]

                def get(name: str) -> str:
                    return f"INDEX({self.calc_col(d, name)},{calc_index})"

                team = division.team(line_.number)
                sh.formula(row, 1, f'=IF({last}=0,"",{get("rank")})', "rank", cached=line_.rank if done else "")
                sh.formula(row, 2, f"={get('number')}", "center", cached=line_.number)
                names = _srange(self.names["sheet_teams"], self.team_row[(d, 1)], TeamsCols.NAME,
                                self.team_row[(d, len(division.teams))], TeamsCols.NAME)
                sh.formula(row, 3, f"=INDEX({names},{get('number')})&\"\"", "cell", cached=team.name)
                values = {"played": line_.played, "won": line_.won, "drawn": line_.drawn, "lost": line_.lost,
                          "forfeited": line_.forfeited, "points": _num(line_.mp), "gp": _num(line_.gp),
                          "ga": _num(line_.ga), "diff": _num(line_.diff)}
                sources = {"played": "played", "won": "won", "drawn": "drawn", "lost": "lost", "forfeited": "forfeited",
                           "points": "MP", "gp": "GP", "ga": "GA", "diff": "DIFF"}
                for c, key in enumerate(fields[3:], 4):
                    sh.formula(row, c, f"={get(sources[key])}", "rank" if key == "points" else "number",
                               cached=values[key])
                for k in range(TIEBREAK_SLOTS):
                    slot = self.settings(S.TB_FIRST + k)
                    code = s.tiebreaks[k] if k < len(s.tiebreaks) else NO_TIEBREAK
                    de = f'IF(AND({get("gate")}=1,{get("tied")}>1),{get("de1")},"")'
                    formula = (f'=IF({slot}="DE",{de},IF({slot}="GP",{get("GP")},IF({slot}="DIFF",{get("DIFF")},'
                               f'IF({slot}="BC",{get("BC")},IF({slot}="BERLIN",{get("BERLIN")},'
                               f'IF({slot}="ESB",{get("ESB")},IF({slot}="MW",{get("MW")},"")))))))')
                    sh.formula(row, slot_col + k, formula, "number", cached=self._slot_value(line_, code))
                ws = _srange(self.names["sheet_teams"], self.team_row[(d, 1)], TeamsCols.WITHDRAWN,
                             self.team_row[(d, len(division.teams))], TeamsCols.WITHDRAWN)
                gone = f"INDEX({ws},{get('number')})"
                sh.formula(row, slot_col + TIEBREAK_SLOTS, f'=IF(ISNUMBER({gone}),"{L["withdrawn_from"]} "&{gone},"")',
                           "cell", cached=f'{L["withdrawn_from"]} {s.withdrawn[(d, line_.number)]}'
                           if (d, line_.number) in s.withdrawn else "")
                row += 1
            breaks.append(row)
            row += 1
        widths = (6, 5, 28, 5, 5, 5, 5, 5, 7, 7, 7, 7) + (9,) * TIEBREAK_SLOTS + (20,)
        for c, width in enumerate(widths, 1):
            sh.width(c, width)
        last_col = col_letter(slot_col + TIEBREAK_SLOTS)
        sh.print_setup = PrintSetup(area=(f"A1:{last_col}{max(row - 1, 4)}",), fit_width=1, orientation="landscape")

    def _slot_value(self, line, code: str) -> Any:
        if code == "DE":
            return _num(line.de) if line.de_levels else ""
        if code in ("GP", "DIFF", "BC", "BERLIN", "ESB", "MW"):
            return _num(line.value(code))
        return ""

    def _division_match_rows(self, d: int) -> tuple[int, int]:
        rows = [row for key, row in self.match_row.items() if key[0] == d]
        return (min(rows), max(rows)) if rows else (MatchCols.FIRST_ROW, MatchCols.FIRST_ROW)

    # -- Statistics -----------------------------------------------------------------------------
    def _stats(self, sh: SheetLayout) -> None:
        L, s, G = self.L, self.s, GamesCols
        sh.set(1, 1, L["stats_title"], "title", text=True)
        heads = {"division": "division", "team": "team", "number": "number", "name": "name", "rating": "rating",
                 "games": "games", "points": "points", "forfeits": "forfeits", "perf": "perf"}
        for c, name in enumerate(STATS_FIELDS, 1):
            sh.set(3, c, L[heads[name]], "header", text=True)
        row = 4
        keys = self.gcol(G.KEY)
        stats = {(x.division, x.team, x.member): x for x in self.stats}
        for d, division in enumerate(s.divisions, 1):
            for team in division.teams:
                rows = self.roster_rows.get((d, team.number))
                for k, member in enumerate(team.roster, 1):
                    assert rows is not None  # a team with players has its roster rows
                    line = stats[(d, team.number, k)]
                    roster_row = rows[0] + k - 1
                    sh.set(row, 1, division.name, "cell", text=True)
                    sh.formula(row, 2, "=" + self.team_name(d, team.number), "cell", cached=team.name)
                    sh.set(row, 3, k, "center")
                    sh.formula(row, 4, f"={_sref(self.names['sheet_rosters'], roster_row, RosterCols.NAME)}&\"\"",
                               "cell", cached=member.name)
                    rating = _sref(self.names["sheet_rosters"], roster_row, RosterCols.RATING)
                    sh.formula(row, 5, f'=IF({rating}="","",{rating})', "center",
                               cached="" if member.rating is None else member.rating)
                    key = player_key(d, team.number, k)

                    def total(col: int) -> str:
                        return f"SUMIF({keys},{key},{self.gcol(col)})"

                    sh.formula(row, 6, f"={total(G.OTB)}", "number", cached=line.games)
                    sh.formula(row, 7, f"={total(G.POINTS)}", "number", cached=_num(line.points))
                    sh.formula(row, 8, f"={total(G.FORFEIT)}", "number",
                               cached=line.forfeits_won + line.forfeits_lost)
                    n_rated = total(G.RATED)
                    p = f"ROUND({total(G.RATED_POINTS)}/{n_rated},2)"
                    h = f"ROUND({p}*100,0)"
                    sh.formula(row, 9, f'=IF({n_rated}=0,"",ROUND({total(G.OPP_RATING)}/{n_rated},0)'
                                       f"+IF({h}>=50,INDEX({self.dp_range},{h}-49),-INDEX({self.dp_range},51-{h})))",
                               "number", cached="" if line.performance is None else line.performance)
                    row += 1
        for c, width in enumerate((14, 24, 5, 28, 7, 8, 8, 9, 7), 1):
            sh.width(c, width)
        sh.freeze = "A4"
        sh.print_setup = PrintSetup(area=(f"A1:I{max(row - 1, 3)}",), repeat_rows=(3, 3), fit_width=1, orientation="landscape")
