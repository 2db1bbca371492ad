"""The "Normes" (Norms) sheet of the round-robin event workbook: each player's GM, IM, WGM and
WIM norm chances, as portable formulas (Excel 2010+, LibreOffice) of the rules of
``addin.systems.standings.norms`` (FIDE B.01; ``docs/standings.md``, "Title norms").

Per player (one row, by pairing number): the norm games (his scheduled games less those
decided by forfeit, each game of a double round-robin counted), his over-the-board score so
far and the games left; then per norm the requirements the opposition misses, the opponents'
adjusted average, the score the norm takes, what is still needed and the status.

Formulas, over hidden helper columns on the same rows (row of player ``j``):

* ``M[j, i]`` = norm games of ``i`` against ``j`` = cycles − games with a result + games over
  the board (Calc's ``games`` and ``otb games`` matrices, column ``i``, row ``j``);
* per opponent: title holder, holder of each norm's titles, rated, rating or 1400,
  federation — from the Players sheet;
* counts = ``SUMPRODUCT(M[·, i], attribute)``; the lowest opponent's rating from a
  matrix ``IF(M>0, rating or 1400, 99999)``; the federations from two matrices (games
  against ``j``'s federation; 1 / number of ``i``'s opponents of ``j``'s federation, to
  count distinct federations);
* average = ``INT((2S + g) / (2g))`` with S the sum less the lowest plus ``MAX(lowest,
  floor)`` (0.5 up, as ``rating.aro``); the score needed: the least ``p`` (hundredths) with
  ``dp(p) ≥ performance − average`` is ``COUNTIF(dp table, "<" & need)`` (the B.02 8.1(a)
  table, increasing, written here as constants), then the least ``h`` half points with
  ``round_half_up(100h / 2g) ≥ p`` is ``⌈g(2p − 1) / 100⌉``;
* a player holding the norm's title or a higher one (his own ``t_<norm>`` helper: the
  norm's 1/3 titles are exactly those) gets the status "title held" and blanks elsewhere.

Written only for fields of at most :data:`MAX_PLAYERS` (the matrices grow as n², a norm event
is a closed round-robin of about ten players).
"""

from __future__ import annotations

import textwrap
from typing import Any

from addin.core.players import TITLES  # noqa: F401  (the titles the Players sheet offers)
from addin.sheets.printed import half, half_text
from addin.sheets.model import PrintSetup, SheetLayout, col_letter, quote_sheet, ref
from addin.sheets.roundrobin.book.plan import BookPlan, after_round
from addin.sheets.roundrobin.cells import PlayersCols
from addin.sheets.roundrobin.pair_code import pair_figure
from addin.systems.standings import rating as fide_rating
from addin.systems.standings.norms import (MIN_GAMES, MIN_PERCENT, NORMS, TITLE_HOLDERS, UNRATED, NormPlayer,
                                          norm_chances)

MAX_PLAYERS = 40
HEADER_ROW = 4
#: the printed table's columns: the norm, its figures and status, what the opposition misses
PER_NORM = ("norm", "norm_average", "norm_needed", "norm_still", "norm_status", "norm_failed")
NORM_COL, AVERAGE_COL, NEEDED_COL, STILL_COL, STATUS_COL, FAILED_COL = range(1, len(PER_NORM) + 1)
VISIBLE = len(PER_NORM)
WIDTHS = (7, 9, 8, 8, 14, 46)
#: a player's block: his line (name, title, federation, rating, norm games, score, games left),
#: then one line per norm
BLOCK = 1 + len(NORMS)
BLOCKS_PER_PAGE = 6
FAILED = ("games", "title holders", "norm titles", "federations", "own federation", "one federation", "unrated",
          "average")
NO_OPPONENT = 99999
FAILED_WIDTH = WIDTHS[FAILED_COL - 1]  # the "missing" column's width; its text wraps, every norm's row as
                                       # tall as the longest list
LINE_PT = 12.75        # one line of the sheets' 10-point text


def block_row(player: int) -> int:
    """The first row (the player's line) of ``player``'s block; his norms follow, in :data:`NORMS` order."""
    return HEADER_ROW + 1 + (player - 1) * BLOCK


def player_line(L: dict, player: Any, chance: Any) -> str:
    """The player's line of his block, as the sheet's formula writes it."""
    parts = [player.name] + [part for part in (player.title, player.federation) if part]
    if player.rating:
        parts.append(f"{L['rating']} {player.rating}")
    parts += [f"{L['norm_games']} {chance.games}", f"{L['norm_score']} {half(chance.score)}",
              f"{L['norm_left']} {chance.remaining}"]
    return " · ".join(parts)


def norms_sheet(b: BookPlan, s: SheetLayout) -> None:
    """Fill ``s`` for the event of the workbook plan ``b`` (``addin.sheets.roundrobin.book.plan``)."""
    L, n, event = b.L, b.n, b.event
    players = {p.number: NormPlayer(p.title, p.federation, p.rating) for p in event.players}
    chances = {norm: norm_chances(event.schedule, b.effective, players, norm) for norm in NORMS}
    first = HEADER_ROW + 1
    last = HEADER_ROW + n
    s.set(1, 1, L["norms_title"], "title", text=True)
    after_round(b, s, 2)
    s.set(3, 1, L["norms_help"], "subtitle_wrap", text=True)
    s.merge(3, 1, 3, VISIBLE)
    for col, key in enumerate(PER_NORM, 1):
        s.set(HEADER_ROW, col, L[key], "header", text=True)
    visible = VISIBLE
    # hidden helpers, right of the visible block
    h = visible + 2
    hc = {name: h + k for k, name in enumerate(
        ["holder", *[f"t_{norm}" for norm in NORMS], "rated", "r1400", "fed", "g", "holders", "unrated", "sum",
         "lowest", "own", "onefed", "others", "played", "score",
         *[f"titled_{norm}" for norm in NORMS]])}
    mat = h + len(hc) + 1             # M: norm games of i (column) against j (row)
    low = mat + n + 1                 # lowest: rating or 1400 where M > 0, else 99999
    fedg = low + n + 1                # games of i against j's federation, where M > 0
    dist = fedg + n + 1               # 1 / (i's opponents of j's federation), j's federation other than i's
    dp_col = dist + n + 1             # B.02 8.1(a): dp for p = 0.00 .. 1.00
    for name, col in hc.items():
        s.set(HEADER_ROW, col, name, "hidden_calc", text=True)
    for start, name in ((mat, "M"), (low, "low"), (fedg, "fed games"), (dist, "fed 1/k"), (dp_col, "dp")):
        s.set(HEADER_ROW, start, name, "hidden_calc", text=True)
    for p in range(101):
        s.set(first + p, dp_col, fide_rating.dp(p), "hidden_calc")
    s.hidden_columns.update(range(h, dp_col + 1))
    dp_range = f"{ref(first, dp_col, True, True)}:{ref(first + 100, dp_col, True, True)}"

    pl = quote_sheet(b.s_players)
    calc = quote_sheet(b.s_calc)
    cyc = b.cycles

    def figure(cell_or_range: str, name: str) -> str:
        """One figure of the Calc sheet's coded games matrix (see ``layout.pair_figure``)."""
        return pair_figure(cell_or_range, cyc, name)

    def prow(j: int, col: int) -> str:
        return f"{pl}!{ref(PlayersCols.FIRST_ROW + j - 1, col, True, True)}"

    def hcol(name: str) -> str:
        return f"{ref(first, hc[name], True, True)}:{ref(last, hc[name], True, True)}"

    def mcol(start: int, i: int) -> str:
        return f"{ref(first, start + i - 1, True, True)}:{ref(last, start + i - 1, True, True)}"

    def one_of(cell: str, titles) -> str:
        return "OR(" + ",".join(f'UPPER({cell})="{t}"' for t in sorted(titles)) + ")"

    for j in range(1, n + 1):
        r = HEADER_ROW + j
        title, fed, rating = prow(j, PlayersCols.TITLE), prow(j, PlayersCols.FEDERATION), prow(j, PlayersCols.RATING)
        s.formula(r, hc["holder"], f"=IF({one_of(title, TITLE_HOLDERS)},1,0)")
        for norm, rule in NORMS.items():
            s.formula(r, hc[f"t_{norm}"], f"=IF({one_of(title, rule.titles)},1,0)")
        s.formula(r, hc["rated"], f"=IF(N({rating})>0,1,0)")
        s.formula(r, hc["r1400"], f"=IF(N({rating})>0,N({rating}),{UNRATED})")
        s.formula(r, hc["fed"], f'=UPPER({fed}&"")')
        for i in range(1, n + 1):
            if i == j:
                s.set(r, mat + i - 1, 0)
                s.set(r, low + i - 1, NO_OPPONENT)
                s.set(r, fedg + i - 1, 0)
                s.set(r, dist + i - 1, 0)
                continue
            x = f"{calc}!{ref(1 + j, b.mx + i - 1)}"  # i's games against j
            m = ref(r, mat + i - 1)
            s.formula(r, mat + i - 1, f"={b.cycles}-{figure(x, 'games')}+{figure(x, 'otb_games')}")
            s.formula(r, low + i - 1, f"=IF({m}>0,{ref(r, hc['r1400'])},{NO_OPPONENT})")
            fed_j = ref(r, hc["fed"])
            own_i = ref(HEADER_ROW + i, hc["fed"], True, True)
            s.formula(r, fedg + i - 1, f"=IF({m}>0,SUMPRODUCT({mcol(mat, i)},({hcol('fed')}={fed_j})*1),0)")
            s.formula(r, dist + i - 1, f'=IF(AND({m}>0,{fed_j}<>"",{fed_j}<>{own_i}),'
                                       f"1/SUMPRODUCT(({mcol(mat, i)}>0)*({hcol('fed')}={fed_j})),0)")

    labels_failed = {key: L["failed_" + key.replace(" ", "_")] for key in FAILED}
    for i in range(1, n + 1):
        r = HEADER_ROW + i
        c = lambda name: ref(r, hc[name])  # noqa: E731
        m = mcol(mat, i)
        s.formula(r, hc["g"], f"=SUM({m})")
        s.formula(r, hc["holders"], f"=SUMPRODUCT({m},{hcol('holder')})")
        for norm in NORMS:
            s.formula(r, hc[f"titled_{norm}"], f"=SUMPRODUCT({m},{hcol('t_' + norm)})")
        s.formula(r, hc["unrated"], f"={c('g')}-SUMPRODUCT({m},{hcol('rated')})")
        s.formula(r, hc["sum"], f"=SUMPRODUCT({m},{hcol('r1400')})")
        s.formula(r, hc["lowest"], f"=MIN({mcol(low, i)})")
        s.formula(r, hc["own"], f"=SUMPRODUCT({m},({hcol('fed')}={c('fed')})*1)")
        s.formula(r, hc["onefed"], f"=MAX({mcol(fedg, i)})")
        s.formula(r, hc["others"], f"=ROUND(SUM({mcol(dist, i)}),0)")
        column = f"{calc}!{ref(2, b.mx + i - 1)}:{ref(n + 1, b.mx + i - 1)}"  # i's games against each
        s.formula(r, hc["played"], f"=SUMPRODUCT({figure(column, 'otb_games')})")
        s.formula(r, hc["score"], f"=SUMPRODUCT({figure(column, 'otb_score')})")
        # visible: the player's line of his block, then one line per norm
        any_chance = chances["GM"][i]
        player = event.player(i)
        top = block_row(i)
        s.set(top, 1, i, "norm_player_number")
        s.merge(top, 2, top, VISIBLE)
        details = (f'={prow(i, PlayersCols.NAME)}&IF({prow(i, PlayersCols.TITLE)}&""="",""," · "&{prow(i, PlayersCols.TITLE)})'
                   f'&IF({prow(i, PlayersCols.FEDERATION)}&""="",""," · "&{prow(i, PlayersCols.FEDERATION)})'
                   f'&IF(N({prow(i, PlayersCols.RATING)})>0," · {L["rating"]} "&N({prow(i, PlayersCols.RATING)}),"")'
                   f'&" · {L["norm_games"]} "&{c("g")}&" · {L["norm_score"]} "&{half_text(c("score"))}'
                   f'&" · {L["norm_left"]} "&({c("g")}-{c("played")})')
        s.formula(top, 2, details, "norm_player", cached=player_line(L, player, any_chance))
        for col in range(3, VISIBLE + 1):
            s.set(top, col, None, "norm_player")
        for k, (norm, rule) in enumerate(NORMS.items()):
            ch = chances[norm][i]
            r_norm = top + 1 + k
            s.set(r_norm, 1, norm, "middle_center", text=True)
            g = c("g")
            adjusted = f"({c('sum')}-{c('lowest')}+MAX({c('lowest')},{rule.floor}))"
            average = f"INT((2*{adjusted}+{g})/(2*{g}))"
            avg_cell = ref(r_norm, AVERAGE_COL)
            need_cell = ref(r_norm, NEEDED_COL)
            titled = c(f"titled_{norm}")
            held = f"{c('t_' + norm)}=1"  # he holds this title or a higher one: no norm to gain (norms.holds)
            tests = {
                "games": f"{g}<{MIN_GAMES}",
                "title holders": f"2*{c('holders')}<{g}",
                "norm titles": f"OR(3*{titled}<{g},{titled}<3)",
                "federations": f"{c('others')}<2",
                "own federation": f'AND({c("fed")}<>"",5*{c("own")}>3*{g})',
                "one federation": f"3*{c('onefed')}>2*{g}",
                "unrated": f"5*{c('unrated')}>{g}",
                "average": f"OR({g}=0,{avg_cell}<{rule.average})",
            }
            failed_text = "MID(" + "&".join(f'IF({test},", {labels_failed[key]}","")'
                                            for key, test in tests.items()) + ",3,200)"
            s.formula(r_norm, FAILED_COL, f'=IF({held},"",{failed_text})', "middle_wrap",
                      cached=", ".join(labels_failed[key] for key in ch.failed))
            s.formula(r_norm, AVERAGE_COL, f'=IF(AND({g}>0,NOT({held})),{average},"")', "middle_center",
                      cached="" if ch.average is None else ch.average)
            # the least p (hundredths) reaching the performance, and 35 % at least (B.01 1.4.8b)
            p_star = f'MAX({MIN_PERCENT},COUNTIF({dp_range},"<"&({rule.performance}-{avg_cell})))'
            halves = f"MAX(0,-INT(-{g}*(2*{p_star}-1)/100))"
            s.formula(r_norm, NEEDED_COL, f'=IF(OR({g}=0,{held}),"",IF({p_star}>100,"",{halves}/2))',
                      "middle_center", cached="" if ch.needed is None else ch.needed)
            s.formula(r_norm, STILL_COL, f'=IF(ISNUMBER({need_cell}),MAX(0,{need_cell}-{c("score")}),"")',
                      "middle_center", cached="" if ch.still_needed is None else ch.still_needed)
            status = (f'=IF({held},"{L["status_title_held"]}",'
                      f'IF({ref(r_norm, FAILED_COL)}<>"","{L["status_no_norm"]}",IF(NOT(ISNUMBER({need_cell})),'
                      f'"{L["status_out_of_reach"]}",IF({c("score")}>={need_cell},"{L["status_achieved"]}",'
                      f'IF({ref(r_norm, STILL_COL)}<={g}-{c("played")},"{L["status_possible"]}",'
                      f'"{L["status_out_of_reach"]}")))))')
            s.formula(r_norm, STATUS_COL, status, "middle_center", cached=L["status_" + ch.status.replace(" ", "_")])
    for col, width in enumerate(WIDTHS, 1):
        s.width(col, width)
    s.row_heights[3] = (len(textwrap.wrap(L["norms_help"], sum(WIDTHS))) + 1) * LINE_PT  # and the 11-point lines' spacing
    # a printed list of missing requirements is never cut: each norm's row holds the longest one
    # (all of them) wrapped at the column's width in characters ("0" wide: a line printed by
    # LibreOffice holds about 15 % more of these words)
    longest = ", ".join(labels_failed[key] for key in FAILED)
    lines = len(textwrap.wrap(longest, int(FAILED_WIDTH * 1.1)))
    end = block_row(n) + BLOCK - 1
    for i in range(1, n + 1):
        for k in range(len(NORMS)):
            s.row_heights[block_row(i) + 1 + k] = lines * LINE_PT
    s.freeze = ref(HEADER_ROW + 1, 1)
    s.protect = b.protect
    # a block never straddles two pages
    breaks = tuple(block_row(i) - 1 for i in range(1 + BLOCKS_PER_PAGE, n + 1, BLOCKS_PER_PAGE))
    s.print_setup = PrintSetup(area=(f"A1:{col_letter(visible)}{end}",), repeat_rows=(HEADER_ROW, HEADER_ROW),
                               fit_width=1, row_breaks=breaks)
