"""The Calc sheet ("Calcul", hidden): the figures the standings are made of.

Seed 001, "Classement des équipes", and ``addin.systems.molter.ranking``, in formulas Excel
2010+, Excel 365 and LibreOffice compute alike:

* the result codes and the points each gives White and Black (read by the round sheets);
* per player: the opposing team and his points in each round (formulas on the round sheets),
  his total, his wins and his Berlin weight (P + 1 − board);
* per team its keys: points, Berlin (Σ (P+1−k) × points of board k), individual wins
  (``COUNTIF(points, 1)``), head-to-head = points scored against the teams equal on the three
  first keys (``SUMPRODUCT((pts=pts_t)*(berlin=berlin_t)*(wins=wins_t), H_t)``, where ``H_t``
  holds ``SUMIF`` of the points t scored per opposing team), the points of board 1, 2, …, and
  the ``ffe-cups`` rule's rating key ``IF(ISNUMBER(avg),10000−avg,0)``;
* "u is ahead of t": the first key that differs is higher for u, computed as
  ``SUMPRODUCT(SIGN(keys_u − keys_t) * weights) > 0``, the weights powers of two in the rule's
  order (the first non-zero difference outweighs all later ones), 0 for a key the rule does not
  compare (:func:`key_weights`);
* place = 1 + the number of teams ahead (ties share the place); position = the place's rank
  among the teams, ties by letter (``COUNTIF``), which the Standings sheet sorts by.
"""

from __future__ import annotations

from addin.sheets.model import SheetLayout, quote_sheet, range_ref, ref
from addin.sheets.molter.book.plan import BookPlan
from addin.sheets.molter.cells import CODES_FIRST_ROW, RESULT_POINTS, WORKBOOK_RESULTS, CalcMap
from addin.systems.molter.model import Seat
from addin.systems.molter.ranking import CUP_RULE, RATING_CEILING


def key_weights(calc: CalcMap, rule: str) -> dict[int, int]:
    """Calc column → weight of its key under ``rule``: powers of two in the rule's order, 0 for a key it
    does not compare (``SUMPRODUCT(SIGN(keys_u − keys_t) × weights) > 0`` is then "u ahead of t")."""
    columns = [calc.POINTS + j for j in range(calc.keys)]
    if rule == CUP_RULE:
        ranked = [calc.POINTS, calc.BERLIN, calc.rating_col]
    else:
        ranked = [calc.POINTS, calc.BERLIN, calc.WINS, calc.H2H, *(calc.board_col(k) for k in range(1, calc.players + 1))]
    return {col: (2 ** (len(ranked) - 1 - ranked.index(col)) if col in ranked else 0) for col in columns}


def write(plan: BookPlan, s: SheetLayout) -> None:
    """The Calc sheet: the code table, the players' block, the teams' block."""
    L = plan.L
    s.row(1, 1, [L["code"], L["white_pts_short"], L["black_pts_short"]], style="header")
    for i, (code, canonical) in enumerate(WORKBOOK_RESULTS):
        white, black = RESULT_POINTS[canonical]
        s.set(CODES_FIRST_ROW + i, 1, code, text=True)
        s.set(CODES_FIRST_ROW + i, 2, white)
        s.set(CODES_FIRST_ROW + i, 3, black)
    write_players(plan, s)
    write_teams(plan, s)


def write_players(plan: BookPlan, s: SheetLayout) -> None:
    """Per player: team index, board, symbol, opposing team index per round, points per round, total,
    wins, Berlin weight."""
    L, p, r_count, calc = plan.L, plan.p, plan.r, plan.calc
    head = calc.player_first_row - 1
    s.row(head, 1, [L["team"], L["board"], "seat", *[f"opp{r}" for r in range(1, r_count + 1)],
                    *[f"pts{r}" for r in range(1, r_count + 1)], "total", "wins", "berlin"], style="header")
    for t, team in enumerate(plan.event.teams):
        for k in range(1, p + 1):
            row = calc.player_row(t, k)
            seat = Seat(team.letter, k)
            s.set(row, 1, t + 1)
            s.set(row, 2, k)
            s.set(row, 3, str(seat), text=True)
            for r, cell in enumerate(plan.cells[seat], 1):
                s.set(row, calc.opp_col(r), cell.opponent.team_index + 1)
                s.formula(row, calc.pts_col(r), f"=N({plan.points_ref(r, cell)})")
            pts = range_ref(row, calc.pts_col(1), row, calc.pts_col(r_count), absolute=False)
            s.formula(row, calc.total_col, f"=SUM({pts})")
            s.formula(row, calc.wins_col, f"=COUNTIF({pts},1)")
            s.set(row, calc.weight_col, p + 1 - k)


def write_teams(plan: BookPlan, s: SheetLayout) -> None:
    """The rule's key weights, then per team its keys, place and position, its head-to-head column
    and its comparisons with every other team."""
    L, p, calc = plan.L, plan.p, plan.calc
    s.set(calc.key_weight_row - 1, calc.POINTS, f"key weights ({plan.event.ranking})", text=True)
    for col, weight in key_weights(calc, plan.event.ranking).items():
        s.set(calc.key_weight_row, col, weight)
    s.row(calc.team_first_row - 1, 1,
          [L["team"], L["idx"], "points", "berlin", "wins", "h2h",
           *[f"b{k}" for k in range(1, p + 1)], "rating", "rank", "pos"], style="header")
    for t, team in enumerate(plan.event.teams):
        write_team_keys(plan, s, t, team.letter)
        write_comparisons(plan, s, t)
    first = calc.team_first_row
    s.set(first - 2, calc.h_col(0), "H: points of column team against row team", text=True)
    s.set(first - 2, calc.beat_col(0), "ahead: column team ahead of row team", text=True)


def col_abs(calc: CalcMap, col: int) -> str:
    """The teams' cells of a Calc column, absolute."""
    return range_ref(calc.team_first_row, col, calc.team_last_row, col)


def write_team_keys(plan: BookPlan, s: SheetLayout, t: int, letter: str) -> None:
    """Team ``t``'s row: letter, index, its keys (points, Berlin, wins, head-to-head, boards, rating),
    its place and its position."""
    p, n, calc = plan.p, plan.n, plan.calc
    row = calc.team_row(t)
    r1, r2 = calc.player_row(t, 1), calc.player_row(t, p)
    s.set(row, calc.LETTER, letter, text=True)
    s.set(row, calc.INDEX, t + 1)
    totals = range_ref(r1, calc.total_col, r2, calc.total_col)
    s.formula(row, calc.POINTS, f"=SUM({totals})")
    s.formula(row, calc.BERLIN,
              f"=SUMPRODUCT({totals},{range_ref(r1, calc.weight_col, r2, calc.weight_col)})")
    s.formula(row, calc.WINS, f"=SUM({range_ref(r1, calc.wins_col, r2, calc.wins_col)})")
    cond = "*".join(f"({col_abs(calc, c)}={ref(row, c, True, True)})"
                    for c in (calc.POINTS, calc.BERLIN, calc.WINS))
    s.formula(row, calc.H2H, f"=SUMPRODUCT({cond},{col_abs(calc, calc.h_col(t))})")
    for k in range(1, p + 1):
        s.formula(row, calc.board_col(k), f"={ref(calc.player_row(t, k), calc.total_col, True, True)}")
    avg = f"{quote_sheet(plan.names['teams'])}!{ref(plan.team_row(t), plan.rating_col, True, True)}"
    s.formula(row, calc.rating_col, f"=IF(ISNUMBER({avg}),{RATING_CEILING}-{avg},0)")
    s.formula(row, calc.rank_col,
              f"=1+SUM({range_ref(row, calc.beat_col(0), row, calc.beat_col(n - 1))})")
    rank = ref(row, calc.rank_col, True, True)
    s.formula(row, calc.pos_col,
              f'=COUNTIF({col_abs(calc, calc.rank_col)},"<"&{rank})'
              f"+COUNTIF({range_ref(calc.team_first_row, calc.rank_col, row, calc.rank_col)},{rank})")


def write_comparisons(plan: BookPlan, s: SheetLayout, t: int) -> None:
    """Team ``t``'s column of H (the points t scored against each team, by row) and its row of
    "u ahead of t" (one column per team u)."""
    p, n, r_count, calc = plan.p, plan.n, plan.r, plan.calc
    m = calc.keys
    row = calc.team_row(t)
    r1, r2 = calc.player_row(t, 1), calc.player_row(t, p)
    weights = range_ref(calc.key_weight_row, calc.POINTS, calc.key_weight_row, calc.POINTS + m - 1)
    # H: column of team t, row of team u = points t scored against u
    opp_block = range_ref(r1, calc.opp_col(1), r2, calc.opp_col(r_count))
    pts_block = range_ref(r1, calc.pts_col(1), r2, calc.pts_col(r_count))
    for u in range(n):
        s.formula(calc.team_row(u), calc.h_col(t), f"=SUMIF({opp_block},{u + 1},{pts_block})")
    # beats: u ahead of t
    keys_t = range_ref(row, calc.POINTS, row, calc.POINTS + m - 1)
    for u in range(n):
        if u == t:
            s.set(row, calc.beat_col(u), 0)
            continue
        urow = calc.team_row(u)
        keys_u = range_ref(urow, calc.POINTS, urow, calc.POINTS + m - 1)
        s.formula(row, calc.beat_col(u), f"=IF(SUMPRODUCT(SIGN({keys_u}-{keys_t})*{weights})>0,1,0)")
