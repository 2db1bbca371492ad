"""The Team crosstables sheet ("Score du match"): the match score, its verdict, each round's score and
a crosstable per team.

The match score is the sum of the rounds' scores (each read from its round sheet), with the games
counted; the verdict: the team with more than ``n²/2`` points has won, equal scores with every game
played are a drawn match, otherwise the match is open. Each team's crosstable gives each player's
result against each opponent (``1``, ``½``, ``0``, ``+``, ``-``, read from the round sheets' hidden
symbols, coloured win / draw / loss), his points, games and percentage.
"""

from __future__ import annotations

from addin.sheets.model import ConditionalFill, PrintSetup, SheetLayout, quote_sheet, ref
from addin.sheets.scheveningen.book.plan import BookPlan, num
from addin.sheets.scheveningen.cells import CrossCols, RoundCols, ScoreRows, TeamCols
from addin.systems.scheveningen_match import TEAMS


def write(plan: BookPlan, sh: SheetLayout) -> None:
    """The sheet: the score and verdict, the rounds' scores, the two crosstables, the print set-up."""
    n = plan.n
    write_score(plan, sh)
    write_rounds(plan, sh)
    for team in TEAMS:
        write_crosstable(plan, sh, team)
    sh.width(1, 8)
    sh.width(2, 26)
    for col in range(3, CrossCols.percent(n) + 1):
        sh.width(col, 7)
    last_row = ScoreRows.crosstable(n, "B") + 1 + n
    sh.print_setup = PrintSetup(area=(f"A1:{ref(last_row, CrossCols.percent(n))}",),
                                orientation="landscape" if n > 8 else "portrait", fit_width=1, fit_height=1)


def write_score(plan: BookPlan, sh: SheetLayout) -> None:
    """The title, the match score (the sum of the rounds' rows) and the verdict."""
    L, m, R, n = plan.L, plan.match, ScoreRows, plan.n
    total = plan.total
    games = n * n
    sh.formula(R.TITLE, 1, f'="{L["score_title"]} : "&{plan.team_name_ref("A")}&" – "&{plan.team_name_ref("B")}',
               "title", cached=f'{L["score_title"]} : {m.team_a} – {m.team_b}')
    sh.set(R.SCORE, 1, L["score"], "team_name", text=True)
    sh.formula(R.SCORE, 2, f"={plan.team_name_ref('A')}", "team_name", cached=m.team_a)
    first, last = R.FIRST_ROUND, R.FIRST_ROUND + n - 1
    sh.formula(R.SCORE, 3, f"=SUM({ref(first, 2)}:{ref(last, 2)})", "score", cached=num(total.a))
    sh.formula(R.SCORE, 4, f"=SUM({ref(first, 3)}:{ref(last, 3)})", "score", cached=num(total.b))
    sh.formula(R.SCORE, 5, f"={plan.team_name_ref('B')}", "team_name", cached=m.team_b)
    a, b, played = ref(R.SCORE, 3), ref(R.SCORE, 4), f"SUM({ref(first, 4)}:{ref(last, 4)})"
    verdict = {"A": L["won_by"] + m.team_a, "B": L["won_by"] + m.team_b, "draw": L["drawn"],
               "open": L["open"]}[total.verdict]
    sh.formula(R.VERDICT, 2,
               f'=IF({a}>{games / 2:g},"{L["won_by"]}"&{plan.team_name_ref("A")},IF({b}>{games / 2:g},'
               f'"{L["won_by"]}"&{plan.team_name_ref("B")},IF(AND({played}={games},{a}={b}),"{L["drawn"]}",'
               f'"{L["open"]}")))', "team_name", cached=verdict)
    sh.merge(R.VERDICT, 2, R.VERDICT, 5)


def write_rounds(plan: BookPlan, sh: SheetLayout) -> None:
    """One row per round: its number, each team's points (read from the round sheet) and the games played."""
    L, m, R, n = plan.L, plan.match, ScoreRows, plan.n
    srow_round = RoundCols.score_row(n)
    sh.row(R.ROUNDS_HEADER, 1, [L["round"], "", "", L["games"]], "header")
    sh.formula(R.ROUNDS_HEADER, 2, f"={plan.team_name_ref('A')}", "header", cached=m.team_a)
    sh.formula(R.ROUNDS_HEADER, 3, f"={plan.team_name_ref('B')}", "header", cached=m.team_b)
    for rnd in range(1, n + 1):
        row = R.FIRST_ROUND + rnd - 1
        s = plan.round_scores[rnd]
        sheet = quote_sheet(plan.rounds[rnd - 1])
        sh.set(row, 1, rnd, "number")
        sh.formula(row, 2, f"={sheet}!{ref(srow_round, RoundCols.RESULT, True, True)}", "number", cached=num(s.a))
        sh.formula(row, 3, f"={sheet}!{ref(srow_round, RoundCols.BLACK, True, True)}", "number", cached=num(s.b))
        points = (f"{sheet}!{ref(RoundCols.FIRST_ROW, RoundCols.A_POINTS, True, True)}:"
                  f"{ref(RoundCols.FIRST_ROW + n - 1, RoundCols.A_POINTS, True, True)}")
        sh.formula(row, 4, f"=COUNT({points})", "number", cached=s.played)


def write_crosstable(plan: BookPlan, sh: SheetLayout, team: str) -> None:
    """``team``'s crosstable: per player his result against each opponent, points, games and percentage."""
    L, m, n, X = plan.L, plan.match, plan.n, CrossCols
    other = "B" if team == "A" else "A"
    title = ScoreRows.crosstable(n, team)
    sh.formula(title, 1, f'="{L["crosstable"]} : "&{plan.team_name_ref(team)}', "title",
               cached=f'{L["crosstable"]} : {m.team(team)}')
    header = title + 1
    sh.row(header, 1, [L["number"], L["name"], L["rating"]], "header")
    sh.row(header, X.FIRST_OPPONENT, [f"{other}{k}" for k in range(1, n + 1)], "header")
    sh.row(header, X.points(n), [L["points"], L["games"], L["percent"]], "header")
    a_side = team == "A"
    symbol_col = RoundCols.A_SYMBOL if a_side else RoundCols.B_SYMBOL
    points_col = RoundCols.A_POINTS if a_side else RoundCols.B_POINTS
    for k in range(1, n + 1):
        row = header + k
        player = m.players(team)[k - 1]
        sh.set(row, X.NUMBER, f"{team}{k}", "center", text=True)
        sh.formula(row, X.NAME, f"={plan.player_ref(team, k)}", "cell", cached=player.name)
        rating = plan.player_ref(team, k, TeamCols.A_RATING if a_side else TeamCols.B_RATING)
        sh.formula(row, X.RATING, f'=IF({rating}="","",{rating})', "number",
                   cached=player.rating if player.rating is not None else "")
        points_refs = []
        for j in range(1, n + 1):
            game = plan.game(team, k, j)
            sh.formula(row, X.FIRST_OPPONENT + j - 1, f"={plan.board_ref(game.round, game.board, symbol_col)}",
                       "center", cached=game.symbol(team))
            points_refs.append(plan.board_ref(game.round, game.board, points_col))
        points, played = plan.totals[(team, k)]
        sh.formula(row, X.points(n), f"=SUM({','.join(points_refs)})", "number", cached=num(points))
        sh.formula(row, X.games(n), f"=COUNT({','.join(points_refs)})", "number", cached=played)
        sh.formula(row, X.percent(n), f'=IF({ref(row, X.games(n))}=0,"",{ref(row, X.points(n))}/'
                                       f'{ref(row, X.games(n))})', "percent",
                   cached=points / played if played else "")
    block = f"{ref(header + 1, X.FIRST_OPPONENT)}:{ref(header + n, X.FIRST_OPPONENT + n - 1)}"
    sh.conditional += [ConditionalFill(block, ("1", "+"), "xt_win"), ConditionalFill(block, ("½",), "xt_draw"),
                       ConditionalFill(block, ("0", "-"), "xt_loss")]
