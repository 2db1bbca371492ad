"""The Matches and Games sheets (hidden): the season's matches and games as rows that the Calc,
Table and Statistics sheets sum with SUMIF.

Matches: a row per match (``plan.match_row``): its division, round, number and teams, each team's
key; once the match is complete (every board has a result) each team's match points, game points,
board count; the round if a result is typed; each team's extended Sonneborn-Berger (its game
points × the opponent's match points); a forfeit lost, a match won or drawn over the board.
Games: two rows a board (each side's player): the player's key (none when the board is forfeited
by its match or has no result), the points, an over-the-board game, a forfeit, the opponent's
rating and the points against a rated opponent (the performance's terms).
"""

from __future__ import annotations

from addin.core.results import WORKBOOK_CODES as W
from addin.sheets.league.book.plan import BookPlan, sheet_ref
from addin.sheets.league.cells import FIRST_BOARD, TITLE, GamesCols, MatchCols, RoundCols, player_key, team_key
from addin.sheets.model import SheetLayout, ref
from addin.systems.league.model import AWAY, BOTH, HOME


def write_matches(plan: BookPlan, sh: SheetLayout) -> None:
    """Write the Matches sheet ``sh`` from ``plan``."""
    C, R = MatchCols, RoundCols
    heads = ["div", "round", "match", "home", "away", "complete", "hMP", "aMP", "hGP", "aGP", "hBC", "aBC",
             "hkey", "akey", "typed_round", "hESB", "aESB", "hout", "aout", "hwin", "awin", "hdraw", "adraw"]
    for col, head in enumerate(heads, 1):
        sh.set(1, col, head, "header", text=True)
    hw, aw, bw = (f'"{plan.words[x]}"' for x in (HOME, AWAY, BOTH))
    for key, match in plan.season.matches():
        row = plan.match_row[key]
        d = key[0]
        for col, value in ((C.DIV, d), (C.RND, key[1]), (C.IDX, key[2]), (C.HOME, match.home),
                           (C.AWAY, match.away), (C.HKEY, team_key(d, match.home)),
                           (C.AKEY, team_key(d, match.away))):
            sh.set(row, col, value)
        complete = ref(row, C.COMPLETE)
        sh.formula(row, C.COMPLETE, f"={plan.mcell(key, TITLE, R.COMPLETE)}")
        for col, src in ((C.HMP, R.HMP), (C.AMP, R.AMP), (C.HGP, R.HSCORE), (C.AGP, R.ASCORE),
                         (C.HBC, R.HBC), (C.ABC, R.ABC)):
            sh.formula(row, col, f"=IF({complete}=1,{plan.mcell(key, TITLE, src)},0)")
        sh.formula(row, C.TYPED_ROUND, f"=IF({plan.mcell(key, TITLE, R.TYPED_SUM)}>0,{key[1]},0)")
        sh.formula(row, C.HESB, f"={ref(row, C.HGP)}*{plan.calc(plan.calc_row[(d, match.away)], 'MP')}")
        sh.formula(row, C.AESB, f"={ref(row, C.AGP)}*{plan.calc(plan.calc_row[(d, match.home)], 'MP')}")
        f = plan.mcell(key, TITLE, R.FORFEIT)
        sh.formula(row, C.HOUT, f"=IF(AND({complete}=1,OR({f}={hw},{f}={bw})),1,0)")
        sh.formula(row, C.AOUT, f"=IF(AND({complete}=1,OR({f}={aw},{f}={bw})),1,0)")
        hmp, amp = ref(row, C.HMP), ref(row, C.AMP)
        sh.formula(row, C.HWIN, f"=IF(AND({complete}=1,{ref(row, C.HOUT)}=0,{hmp}>{amp}),1,0)")
        sh.formula(row, C.AWIN, f"=IF(AND({complete}=1,{ref(row, C.AOUT)}=0,{amp}>{hmp}),1,0)")
        sh.formula(row, C.HDRAW, f"=IF(AND({complete}=1,{ref(row, C.HOUT)}=0,{hmp}={amp}),1,0)")
        sh.formula(row, C.ADRAW, f"=IF(AND({complete}=1,{ref(row, C.AOUT)}=0,{hmp}={amp}),1,0)")


def write_games(plan: BookPlan, sh: SheetLayout) -> None:
    """Write the Games sheet ``sh`` from ``plan`` (its last row: ``plan.games_last``)."""
    C, R = GamesCols, RoundCols
    for col, head in enumerate(("key", "points", "otb", "forfeit", "opp rating", "rated points", "rated"), 1):
        sh.set(1, col, head, "header", text=True)
    row = C.FIRST_ROW
    for key, match in plan.season.matches():
        sheet, h = plan.match_pos[key]
        forfeit = sheet_ref(sheet, h, R.FORFEIT)
        for b in range(1, plan.n + 1):
            r = h + FIRST_BOARD + b - 1
            for number_col, team, win, fwin, opp_rating in (
                    (R.HOME_NO, match.home, "1-0", "+-", R.AWAY_RATING),
                    (R.AWAY_NO, match.away, "0-1", "-+", R.HOME_RATING)):
                _game(sh, row, sheet, r, forfeit, number_col, player_key(key[0], team, 0), win, fwin, opp_rating)
                row += 1


def _game(sh: SheetLayout, row: int, sheet: str, r: int, forfeit: str, number_col: int, base: int, win: str,
          fwin: str, opp_rating: int) -> None:
    """The Games row ``row`` of one side of the board on ``sheet``'s row ``r`` (``base``: the
    team's player key before its roster number; ``win``, ``fwin``: that side's win codes)."""
    C, R = GamesCols, RoundCols
    eff = sheet_ref(sheet, r, R.EFFECTIVE)
    member = sheet_ref(sheet, r, number_col)
    sh.formula(row, C.KEY, f'=IF(OR({forfeit}<>"",{member}="",{eff}=""),"",IFERROR({base}+{member},""))')
    sh.formula(row, C.POINTS, f'=IF(OR({eff}="{W[win]}",{eff}="{W[fwin]}"),1,'
                              f'IF({eff}="{W["1/2-1/2"]}",0.5,0))')
    keyc = ref(row, C.KEY)
    sh.formula(row, C.OTB, f'=IF(AND({keyc}<>"",OR({eff}="{W["1-0"]}",{eff}="{W["0-1"]}",'
                           f'{eff}="{W["1/2-1/2"]}")),1,0)')
    sh.formula(row, C.FORFEIT, f'=IF(AND({keyc}<>"",OR({eff}="{W["+-"]}",{eff}="{W["-+"]}",'
                               f'{eff}="{W["0-0"]}")),1,0)')
    opp = sheet_ref(sheet, r, opp_rating)
    sh.formula(row, C.OPP_RATING, f'=IF({ref(row, C.OTB)}=1,IF(ISNUMBER({opp}),{opp},""),"")')
    sh.formula(row, C.RATED, f"=IF(ISNUMBER({ref(row, C.OPP_RATING)}),1,0)")
    sh.formula(row, C.RATED_POINTS, f"=IF({ref(row, C.RATED)}=1,{ref(row, C.POINTS)},0)")
