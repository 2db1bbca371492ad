"""The Scheveningen match workbook as a layout: live formulas, works without Python.

Sheets (French names by default, English with ``lang="en"``):

* **Settings**: the event's name, place, dates, arbiter (printed on every page), the number
  of players per team, the result codes.
* **Line-ups**: the two team names, then each team's players in board order (name, rating, id).
* **Round 1 … Round n**: the round's pairings from the table of
  :mod:`addin.systems.scheveningen` (board, White, result, Black: names follow the line-ups
  by formula), the result typed White first, a check, and the round's score.
* **Team crosstables**: the match score and its verdict, the score of each round, then for
  each team a crosstable: each player against each opponent (``1``, ``½``, ``0``, ``+``,
  ``-``), his points, games and percentage.

Hidden columns of the round sheets turn each result into each team's points and symbols;
every other formula reads them. Every visible formula stores the value Python computed
for it (``cached``). Formulas use only IF, AND, SUM, COUNT, TRIM and ``&``.
"""

from __future__ import annotations

from addin.core.results import RESULT_CODES, WORKBOOK_CODES, WORKBOOK_RESULT_CODES, score
from addin.sheets.model import ConditionalFill, PrintSetup, SheetLayout, Style, WorkbookLayout, quote_sheet, ref
from addin.sheets.scheveningen.cells import (GENERATOR_VERSION, CrossCols, RoundCols, ScoreRows, SettingsRows,
                                             TeamCols)
from addin.sheets.scheveningen.labels import labels
from addin.sheets.page import page_header as shared_page_header
from addin.sheets.keys import key_sheet
from addin.systems.scheveningen_match import (BLACK_SYMBOL, TEAMS, WHITE_SYMBOL, SchevMatch, match_score,
                                              player_total, round_score)

STYLES: dict[str, Style] = {
    "input_wrap": Style(border="thin", fill="FFF2CC", locked=False, wrap=True),
    "subtitle_wrap": Style(italic=True, color="555555", wrap=True, valign="top"),
    "team_input": Style(bold=True, border="thin", fill="FFF2CC", locked=False),
    "team_name": Style(bold=True, border="thin", halign="center"),
    "score": Style(bold=True, border="thin", halign="center", size=12),
    "check": Style(color="C00000", bold=True, halign="center"),
    "xt_win": Style(border="thin", halign="center", fill="C6EFCE"),
    "xt_draw": Style(border="thin", halign="center", fill="FFEB9C"),
    "xt_loss": Style(border="thin", halign="center", fill="FFC7CE"),
}


def match_workbook(match: SchevMatch) -> WorkbookLayout:
    """The complete workbook of ``match``."""
    book = _Builder(match).build()
    book.sheets.append(key_sheet(match.header.lang, ((team, f"{team}{k}", player.name) for team in ("A", "B")
                                              for k, player in enumerate(match.players(team), 1))))
    return book


def round_sheet_names(match: SchevMatch) -> list[str]:
    L = labels(match.header.lang)
    return [L["sheet_round"].format(r=r) for r in range(1, match.n + 1)]


def page_header(match: SchevMatch, L: dict) -> tuple[str, str]:
    """Excel header/footer codes: the event's name, place and dates, arbiter; the sheet and page."""
    h = match.header
    return shared_page_header(h.title, h.place, h.dates, h.arbiter, L["page"])


def _nested_if(cell: str, pairs: list[tuple[str, object]], otherwise: str = '""') -> str:
    """``IF(cell="a",x,IF(cell="b",y,…otherwise))`` (text values quoted)."""
    out = otherwise
    for code, value in reversed(pairs):
        shown = f'"{value}"' if isinstance(value, str) else f"{value:g}"
        out = f'IF({cell}="{code}",{shown},{out})'
    return out


def _side_points(cell: str, white: bool) -> str:
    return _nested_if(cell, [(WORKBOOK_CODES[c], score(c)[0 if white else 1]) for c in RESULT_CODES])


def _side_symbol(cell: str, white: bool) -> str:
    table = WHITE_SYMBOL if white else BLACK_SYMBOL
    return _nested_if(cell, [(WORKBOOK_CODES[c], table[c]) for c in RESULT_CODES])


def _num(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


class _Builder:
    def __init__(self, match: SchevMatch):
        self.m = match
        self.n = match.n
        self.L = L = labels(match.header.lang)
        self.book = WorkbookLayout(title=match.header.title or None)
        self.book.styles.update(STYLES)
        self.book.header, self.book.footer = page_header(match, L)
        self.teams_sheet = L["sheet_teams"]
        self.rounds = round_sheet_names(match)

    # -- references ------------------------------------------------------------------
    def team_name_ref(self, team: str) -> str:
        col = TeamCols.A_NAME if team == "A" else TeamCols.B_NAME
        return f"{quote_sheet(self.teams_sheet)}!{ref(TeamCols.TEAM_ROW, col, True, True)}"

    def player_ref(self, team: str, number: int, col: int | None = None) -> str:
        col = col or TeamCols.name_col(team)
        return f"{quote_sheet(self.teams_sheet)}!{ref(TeamCols.FIRST_ROW + number - 1, col, True, True)}"

    def board_ref(self, rnd: int, board: int, col: int) -> str:
        return f"{quote_sheet(self.rounds[rnd - 1])}!{ref(RoundCols.FIRST_ROW + board - 1, col, True, True)}"

    # -- build -----------------------------------------------------------------------
    def build(self) -> WorkbookLayout:
        book, L = self.book, self.L
        settings = book.add_sheet(L["sheet_settings"], tab_color="808080")
        teams = book.add_sheet(L["sheet_teams"], tab_color="4472C4")
        rounds = [book.add_sheet(name, tab_color="70AD47") for name in self.rounds]
        score = book.add_sheet(L["sheet_score"], tab_color="FFC000")
        self._settings(settings)
        self._teams(teams)
        for rnd, sheet in enumerate(rounds, 1):
            self._round(sheet, rnd)
        self._score(score)
        book.active = rounds[0].name
        return book

    def _settings(self, sh: SheetLayout) -> None:
        L, m, R = self.L, self.m, SettingsRows
        sh.set(R.TITLE, 1, L["settings_title"], "title", text=True)
        sh.merge(R.HELP, 1, R.HELP, 2)  # the help wraps within the two columns printed
        sh.set(R.HELP, 1, L["help_settings"], "subtitle_wrap", text=True)
        sh.height(R.HELP, 15 * (2 + len(L["help_settings"]) // 82))
        h = m.header
        for row, key, value in ((R.EVENT, "event", h.title), (R.PLACE, "place", h.place), (R.DATES, "dates", h.dates),
                                (R.ARBITER, "arbiter", h.arbiter)):
            sh.set(row, 1, L[key], "cell", text=True)
            sh.set(row, 2, value or None, "input_wrap", text=True)
        sh.set(R.PLAYERS, 1, L["players"], "cell", text=True)
        sh.set(R.PLAYERS, 2, self.n, "number")
        sh.set(R.LANG, 1, L["language"], "cell", text=True)
        sh.set(R.LANG, 2, m.header.lang, "center", text=True)
        sh.set(R.GENERATOR, 1, L["generator"], "cell", text=True)
        sh.set(R.GENERATOR, 2, GENERATOR_VERSION, "center", text=True)
        sh.set(R.CODES_HEADER, 1, L["codes"], "header", text=True)
        sh.set(R.CODES_HEADER, 2, L["meaning"], "header", text=True)
        for k, code in enumerate(RESULT_CODES):
            sh.set(R.CODES_FIRST + k, 1, WORKBOOK_CODES[code], "center", text=True)
            sh.set(R.CODES_FIRST + k, 2, L[f"code_{code}"], "cell", text=True)
        sh.width(1, 34)
        sh.width(2, 48)
        sh.print_setup = PrintSetup(area=(f"A1:B{R.CODES_FIRST + len(RESULT_CODES) - 1}",), fit_width=1, fit_height=1)

    def _teams(self, sh: SheetLayout) -> None:
        L, m, C = self.L, self.m, TeamCols
        sh.set(1, 1, L["teams_title"], "title", text=True)
        for team, first in (("A", C.A_NO), ("B", C.B_NO)):
            sh.set(C.TEAM_ROW, first, L["team_a" if team == "A" else "team_b"], "cell", text=True)
            sh.set(C.TEAM_ROW, first + 1, m.team(team), "team_input", text=True)
            sh.row(C.HEADER_ROW, first, [L["number"], L["name"], L["rating"], L["ident"]], "header")
            for k, player in enumerate(m.players(team), 1):
                row = C.FIRST_ROW + k - 1
                sh.set(row, first, f"{team}{k}", "center", text=True)
                sh.set(row, first + 1, player.name, "input", text=True)
                sh.set(row, first + 2, player.rating, "input_center")
                sh.set(row, first + 3, player.ident or None, "input", text=True)
            for col, width in zip(range(first, first + 4), (10, 28, 8, 12)):  # "Équipe A" whole
                sh.width(col, width)
        sh.width(5, 3)
        sh.freeze = f"A{C.FIRST_ROW}"
        sh.print_setup = PrintSetup(orientation="landscape", fit_width=1, fit_height=1)

    def _round(self, sh: SheetLayout, rnd: int) -> None:
        L, m, C, n = self.L, self.m, RoundCols, self.n
        sh.formula(C.TITLE_ROW, 1, f'="{L["round_title"].format(r=rnd)} : "&{self.team_name_ref("A")}&" – "&'
                                   f'{self.team_name_ref("B")}', "title",
                   cached=f'{L["round_title"].format(r=rnd)} : {m.team_a} – {m.team_b}')
        sh.set(C.SUBTITLE_ROW, 1, L["round_help"], "subtitle", text=True)
        sh.row(C.HEADER_ROW, 1, [L["board"], L["white"], "", L["result"], L["black"], "", L["check"]], "header")
        sh.merge(C.HEADER_ROW, C.WHITE, C.HEADER_ROW, C.WHITE_NAME)
        sh.merge(C.HEADER_ROW, C.BLACK, C.HEADER_ROW, C.BLACK_NAME)
        for pairing in m.pairings(rnd):
            row = C.FIRST_ROW + pairing.board - 1
            code = m.results.get((rnd, pairing.board))
            white, black = (("A", pairing.a), ("B", pairing.b)) if pairing.a_white else (("B", pairing.b),
                                                                                          ("A", pairing.a))
            sh.set(row, C.BOARD, pairing.board, "number")
            for col, (team, number) in ((C.WHITE, white), (C.BLACK, black)):
                sh.set(row, col, f"{team}{number}", "center", text=True)
                sh.formula(row, col + 1, f"={self.player_ref(team, number)}", "cell",
                           cached=m.players(team)[number - 1].name)
            sh.set(row, C.RESULT, WORKBOOK_CODES[code] if code else None, "input_center", text=True)
            result = ref(row, C.RESULT)
            sh.formula(row, C.A_POINTS, "=" + _side_points(result, pairing.a_white))
            sh.formula(row, C.B_POINTS, "=" + _side_points(result, not pairing.a_white))
            sh.formula(row, C.A_SYMBOL, "=" + _side_symbol(result, pairing.a_white))
            sh.formula(row, C.B_SYMBOL, "=" + _side_symbol(result, not pairing.a_white))
            sh.formula(row, C.CHECK, f'=IF(TRIM({result})="","",IF({ref(row, C.A_POINTS)}="","{L["bad_code"]}",""))',
                       "check", cached="")
        first, last = C.FIRST_ROW, C.FIRST_ROW + n - 1
        sh.validation(f"{ref(first, C.RESULT)}:{ref(last, C.RESULT)}", WORKBOOK_RESULT_CODES)
        srow = C.score_row(n)
        s = round_score(m, rnd)
        sh.set(srow, C.WHITE, L["score"], "team_name", text=True)
        sh.formula(srow, C.WHITE_NAME, f"={self.team_name_ref('A')}", "team_name", cached=m.team_a)
        sh.formula(srow, C.RESULT, f"=SUM({ref(first, C.A_POINTS)}:{ref(last, C.A_POINTS)})", "score",
                   cached=_num(s.a))
        sh.formula(srow, C.BLACK, f"=SUM({ref(first, C.B_POINTS)}:{ref(last, C.B_POINTS)})", "score",
                   cached=_num(s.b))
        sh.formula(srow, C.BLACK_NAME, f"={self.team_name_ref('B')}", "team_name", cached=m.team_b)
        sh.hidden_columns.update({C.A_POINTS, C.B_POINTS, C.A_SYMBOL, C.B_SYMBOL})
        for col, width in ((C.BOARD, 6), (C.WHITE, 5), (C.WHITE_NAME, 28), (C.RESULT, 11), (C.BLACK, 5),
                           (C.BLACK_NAME, 28), (C.CHECK, 14)):
            sh.width(col, width)
        sh.print_setup = PrintSetup(area=(f"A1:{ref(srow, C.CHECK)}",), fit_width=1, fit_height=1)

    def _score(self, sh: SheetLayout) -> None:
        L, m, R, n = self.L, self.m, ScoreRows, self.n
        total = match_score(m)
        games = n * n
        sh.formula(R.TITLE, 1, f'="{L["score_title"]} : "&{self.team_name_ref("A")}&" – "&{self.team_name_ref("B")}',
                   "title", cached=f'{L["score_title"]} : {m.team_a} – {m.team_b}')
        srow_round = RoundCols.score_row(n)
        sh.set(R.SCORE, 1, L["score"], "team_name", text=True)
        sh.formula(R.SCORE, 2, f"={self.team_name_ref('A')}", "team_name", cached=m.team_a)
        a_cells = [f"{quote_sheet(name)}!{ref(srow_round, RoundCols.RESULT, True, True)}" for name in self.rounds]
        b_cells = [f"{quote_sheet(name)}!{ref(srow_round, RoundCols.BLACK, True, True)}" for name in self.rounds]
        first, last = R.FIRST_ROUND, R.FIRST_ROUND + n - 1
        sh.formula(R.SCORE, 3, f"=SUM({ref(first, 2)}:{ref(last, 2)})", "score", cached=_num(total.a))
        sh.formula(R.SCORE, 4, f"=SUM({ref(first, 3)}:{ref(last, 3)})", "score", cached=_num(total.b))
        sh.formula(R.SCORE, 5, f"={self.team_name_ref('B')}", "team_name", cached=m.team_b)
        a, b, played = ref(R.SCORE, 3), ref(R.SCORE, 4), f"SUM({ref(first, 4)}:{ref(last, 4)})"
        verdict = {"A": L["won_by"] + m.team_a, "B": L["won_by"] + m.team_b, "draw": L["drawn"],
                   "open": L["open"]}[total.verdict]
        sh.formula(R.VERDICT, 2,
                   f'=IF({a}>{games / 2:g},"{L["won_by"]}"&{self.team_name_ref("A")},IF({b}>{games / 2:g},'
                   f'"{L["won_by"]}"&{self.team_name_ref("B")},IF(AND({played}={games},{a}={b}),"{L["drawn"]}",'
                   f'"{L["open"]}")))', "team_name", cached=verdict)
        sh.merge(R.VERDICT, 2, R.VERDICT, 5)
        sh.row(R.ROUNDS_HEADER, 1, [L["round"], "", "", L["games"]], "header")
        sh.formula(R.ROUNDS_HEADER, 2, f"={self.team_name_ref('A')}", "header", cached=m.team_a)
        sh.formula(R.ROUNDS_HEADER, 3, f"={self.team_name_ref('B')}", "header", cached=m.team_b)
        for rnd in range(1, n + 1):
            row = R.FIRST_ROUND + rnd - 1
            s = round_score(m, rnd)
            sheet = quote_sheet(self.rounds[rnd - 1])
            sh.set(row, 1, rnd, "number")
            sh.formula(row, 2, f"={a_cells[rnd - 1]}", "number", cached=_num(s.a))
            sh.formula(row, 3, f"={b_cells[rnd - 1]}", "number", cached=_num(s.b))
            points = (f"{sheet}!{ref(RoundCols.FIRST_ROW, RoundCols.A_POINTS, True, True)}:"
                      f"{ref(RoundCols.FIRST_ROW + n - 1, RoundCols.A_POINTS, True, True)}")
            sh.formula(row, 4, f"=COUNT({points})", "number", cached=s.played)
        for team in TEAMS:
            self._crosstable(sh, team)
        sh.width(1, 8)
        sh.width(2, 26)
        for col in range(3, CrossCols.percent(n) + 1):
            sh.width(col, 7)
        last_row = ScoreRows.crosstable(n, "B") + 1 + n
        sh.print_setup = PrintSetup(area=(f"A1:{ref(last_row, CrossCols.percent(n))}",),
                                    orientation="landscape" if n > 8 else "portrait", fit_width=1, fit_height=1)

    def _crosstable(self, sh: SheetLayout, team: str) -> None:
        L, m, n, X = self.L, self.m, self.n, CrossCols
        other = "B" if team == "A" else "A"
        title = ScoreRows.crosstable(n, team)
        sh.formula(title, 1, f'="{L["crosstable"]} : "&{self.team_name_ref(team)}', "title",
                   cached=f'{L["crosstable"]} : {m.team(team)}')
        header = title + 1
        sh.row(header, 1, [L["number"], L["name"], L["rating"]], "header")
        sh.row(header, X.FIRST_OPPONENT, [f"{other}{k}" for k in range(1, n + 1)], "header")
        sh.row(header, X.points(n), [L["points"], L["games"], L["percent"]], "header")
        a_side = team == "A"
        for k in range(1, n + 1):
            row = header + k
            player = m.players(team)[k - 1]
            sh.set(row, X.NUMBER, f"{team}{k}", "center", text=True)
            sh.formula(row, X.NAME, f"={self.player_ref(team, k)}", "cell", cached=player.name)
            rating_col = TeamCols.A_RATING if a_side else TeamCols.B_RATING
            rating = self.player_ref(team, k, rating_col)
            sh.formula(row, X.RATING, f'=IF({rating}="","",{rating})', "number",
                       cached=player.rating if player.rating is not None else "")
            points_refs = []
            for j in range(1, n + 1):
                game = m.game_between(k, j) if a_side else m.game_between(j, k)
                symbol_col = RoundCols.A_SYMBOL if a_side else RoundCols.B_SYMBOL
                sh.formula(row, X.FIRST_OPPONENT + j - 1, f"={self.board_ref(game.round, game.board, symbol_col)}",
                           "center", cached=game.symbol(team))
                points_refs.append(self.board_ref(game.round, game.board,
                                                  RoundCols.A_POINTS if a_side else RoundCols.B_POINTS))
            points, played = player_total(m, team, k)
            sh.formula(row, X.points(n), f"=SUM({','.join(points_refs)})", "number", cached=_num(points))
            sh.formula(row, X.games(n), f"=COUNT({','.join(points_refs)})", "number", cached=played)
            sh.formula(row, X.percent(n), f'=IF({ref(row, X.games(n))}=0,"",{ref(row, X.points(n))}/'
                                           f'{ref(row, X.games(n))})', "percent",
                       cached=points / played if played else "")
        block = f"{ref(header + 1, X.FIRST_OPPONENT)}:{ref(header + n, X.FIRST_OPPONENT + n - 1)}"
        sh.conditional += [ConditionalFill(block, ("1", "+"), "xt_win"), ConditionalFill(block, ("½",), "xt_draw"),
                           ConditionalFill(block, ("0", "-"), "xt_loss")]
