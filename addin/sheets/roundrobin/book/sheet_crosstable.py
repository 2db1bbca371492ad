"""The Crosstable sheet: players × opponents, each game from the row player's view; byes, points, rank."""

from __future__ import annotations

import hashlib
from functools import partial

from addin.sheets.model import (ConditionalFill, PrintSetup, RowBlock, RowBuffer, Rows, SheetLayout, Stream,
                                col_letter, ref)
from addin.sheets.roundrobin.book.plan import BookPlan, after_round, result_view, sheet_range, sheet_ref, withdrawal_text
from addin.sheets.roundrobin.cells import SCALAR_COL, PlayersCols, RoundsCols, Scalars


def write(plan: BookPlan, s: SheetLayout) -> None:
    """Write the Crosstable sheet ``s`` from ``plan``."""
    L, n, cyc = plan.L, plan.n, plan.cycles
    R = RoundsCols
    s.set(1, 1, L["crosstable_title"], "title", text=True)
    after_round(plan, s, 2)
    hr = 3
    s.set(hr, 1, L["number"], "header", text=True)
    s.set(hr, 2, L["name"], "header", text=True)
    first = 3
    for j in range(1, n + 1):
        col = first + (j - 1) * cyc
        s.set(hr, col, j, "header")
        if cyc > 1:
            s.merge(hr, col, hr, col + cyc - 1)
            for k in range(1, cyc):
                s.set(hr, col + k, None, "header")
    has_byes = bool(plan.bye_rows)
    bye_col = first + n * cyc
    pts_col = bye_col + (1 if has_byes else 0)
    if has_byes:
        s.set(hr, bye_col, L["bye_short"], "header", text=True)
    s.set(hr, pts_col, L["points"], "header", text=True)
    s.set(hr, pts_col + 1, L["rank"], "header", text=True)
    names = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.NAME,
                         PlayersCols.FIRST_ROW + n - 1, PlayersCols.NAME)
    started = plan.calc(Scalars.STARTED, SCALAR_COL)
    bye_points = plan.calc(Scalars.BYE_POINTS, SCALAR_COL)

    remark_col = pts_col + 2
    withdrawals = sheet_range(plan.s_players, PlayersCols.FIRST_ROW, PlayersCols.WITHDRAWN,
                               PlayersCols.FIRST_ROW + n - 1, PlayersCols.WITHDRAWN)
    shared = repr((n, cyc, first, hr, bye_col, pts_col, has_byes, names, withdrawals, started, bye_points,
                   plan.s_rounds, plan.s_calc, plan.cc["byes"], plan.cc["points"], plan.cc["rank"],
                   L["withdrawn_short"], L["withdrawn_mark"]))

    def player_row(i: int) -> Rows:
        """Row hr + i: player i's games, byes, points, rank and withdrawal remark."""
        s = RowBuffer()
        row = hr + i
        st = plan.standing[i]
        s.set(row, 1, i, "center")
        s.formula(row, 2, f"=INDEX({names},{i})&\"\"", "xt_name", cached=plan.names[i])
        for j in range(1, n + 1):
            col = first + (j - 1) * cyc
            if i == j:
                for k in range(cyc):
                    s.set(row, col + k, None, "diagonal")
                continue
            key = (min(i, j), max(i, j))
            meet = plan.meetings.get(key, [])
            for k in range(cyc):
                if k >= len(meet):
                    s.set(row, col + k, None, "xt_cell")
                    continue
                grow, low_is_white, game = meet[k]
                i_white = low_is_white == (i == key[0])
                view = sheet_ref(plan.s_rounds, grow, R.WHITE_VIEW if i_white else R.BLACK_VIEW)
                s.formula(row, col + k, f"={view}", "xt_cell", cached=result_view(plan.effective.get(game), i_white))
        if has_byes:
            s.formula(row, bye_col, f'=IF({plan.calc(1 + i, plan.cc["byes"])}>0,'
                                    f'{plan.calc(1 + i, plan.cc["byes"])}*{bye_points},"")', "xt_cell",
                      cached=_byes_cached(plan, i))
        s.formula(row, pts_col, f'=IF({started}=1,{plan.calc(1 + i, plan.cc["points"])},"")', "xt_cell",
                  cached=st.points if plan.started else "")
        s.formula(row, pts_col + 1, f'=IF({started}=1,{plan.calc(1 + i, plan.cc["rank"])},"")', "rank",
                  cached=st.rank if plan.started else "")
        w = f"INDEX({withdrawals},{i})"
        s.formula(row, remark_col, f'=IF(ISNUMBER({w}),"{L["withdrawn_short"]}"&{w},'
                                   f'IF(LEN(TRIM({w}&""))>0,"{L["withdrawn_mark"]}",""))', "xt_name",
                  cached=withdrawal_text(plan, i, short=True))
        return s.take()

    def rows() -> Stream:
        """One :class:`RowBlock` a player, its digest made from what his row shows (his name, each
        meeting's row of the Rounds sheet, colour and result, his byes, points, rank and remark, with
        what every row shares), so that the file writer may reuse the XML of a row whose inputs are
        unchanged (``addin.render.sheet_memo``, ``RowMemo``): a result changes the rows of its two
        players and of those whose rank it moves."""
        # where each pair's games are (rows of the Rounds sheet, colours: ``plan.meetings``) follows from the
        # schedule alone, digested once for every row
        schedule = hashlib.sha256(repr(plan.event.schedule).encode()).hexdigest()
        # each player's results, "opponent.game:code" (a game without one is not listed)
        results: dict[int, list[str]] = {i: [] for i in range(1, n + 1)}
        effective = plan.effective
        for (a, b), meet in plan.meetings.items():
            for k, (_, _, game) in enumerate(meet):
                code = effective.get(game)
                if code is not None:
                    results[a].append(f"{b}.{k}:{code}")
                    results[b].append(f"{a}.{k}:{code}")
        for i in range(1, n + 1):
            st = plan.standing[i]
            inputs = (shared, schedule, i, plan.names[i], " ".join(results[i]), _byes_cached(plan, i) if has_byes else None,
                      st.points if plan.started else "", st.rank if plan.started else "",
                      withdrawal_text(plan, i, short=True))
            digest = hashlib.sha256(repr(inputs).encode("utf-8", "surrogatepass")).hexdigest()
            yield RowBlock(hr + i, hr + i, digest, partial(player_row, i))

    s.stream(rows)
    last_cell = ref(hr + n, first + n * cyc - 1)
    block = f"{ref(hr + 1, first)}:{last_cell}"
    s.conditional = [ConditionalFill(block, ("1", "+"), "xt_win"),
                     ConditionalFill(block, ("½",), "xt_draw"),
                     ConditionalFill(block, ("0", "-"), "xt_loss")]
    s.width(1, 5)
    s.width(2, 24)
    for c in range(first, bye_col):
        s.width(c, 3.6 if cyc == 1 else 2.6)
    if has_byes:
        s.width(bye_col, 8)
    s.width(pts_col, 6)
    s.width(pts_col + 1, 6)
    # the last column: a withdrawn player's "abandon R5" (his games from then on show the forfeits,
    # "+" and "-"), from the Players sheet's withdrawal cell (written with his row)
    s.set(hr, remark_col, L["remark"], "header", text=True)
    s.width(remark_col, 11)
    s.freeze = ref(hr + 1, 3)
    s.protect = plan.protect
    last_col = col_letter(pts_col + 2)
    s.print_setup = PrintSetup(area=(f"A1:{last_col}{hr + n}",), repeat_rows=(hr, hr), fit_width=1,
                               orientation="landscape" if n * cyc > 8 else "portrait")


def _byes_cached(plan: BookPlan, i: int) -> int | float | str:
    """What player ``i``'s bye cell shows: his byes times the bye's points, empty without a bye."""
    byes = plan.standing[i].byes
    return byes * plan.event.bye_points if byes else ""
