"""The Calc sheet's games matrix: one number per pair of players, decoded by portable formulas.

The round-robin event workbook keeps, for each player i (a column) and opponent j (a row),
one number that codes every game of the pair; :func:`pair_figure` writes the expression
that reads one figure (score, games, wins …) back from a cell or a column of that matrix,
for the standings (``layout.py``) and the norms (``norms_sheet.py``) alike.
"""

from __future__ import annotations

from addin.core.results import is_forfeit, score

#: what a game is from one player's view, by the value ``v`` of its code (``pair_figure``)
_GAME_VALUES = {"wins": ((3, ""), (5, "")), "otb_wins": ((3, ""),),
                "otb_score": ((2, "/2"), (3, ""))}


def _check_cycles(cycles: int) -> None:
    """The games matrix codes at most 7 cycles (10 + 6 × 7 bits: exact in a double)."""
    if cycles > 7:
        raise ValueError("the games matrix codes at most 7 cycles")


def pair_figure(x: str, cycles: int, figure: str) -> str:
    """A SUMPRODUCT array of one figure of player i against each opponent, decoded from his column
    ``x`` of the Calc sheet's games matrix (one cell a pair instead of one matrix a figure).

    A pair's number is ``2S + 32G + 1024C``: S his score against that opponent, G the games
    with a result (both < 32: at most 7 cycles), and C his games one by one: each coded ``v``
    from his view, 0 no result, 1 lost, 2 drawn, 3 won over the board, 4 lost by forfeit (or
    both forfeited), 5 won by forfeit, that is ``O(1 + 2P) + (D - O)(4 + P)`` of the Rounds
    helpers (O over the board, D with a result, P his points); cycle ``k``'s game sits in
    base-64 digit ``k`` of C, as ``v`` when he has White and ``8v`` with Black. So a cycle's
    value is ``MOD(c, 7)`` of its digit ``c`` (8 ≡ 1 mod 7), and ``c - MOD(c, 8) = 8v`` with
    Black. Figures: score, games (with a result), wins, otb_wins, otb_games, otb_score,
    black_games and black_wins (over the board). Only MOD and comparisons: portable, no IF
    inside SUMPRODUCT; exact integers (at most 10 + 6 × 7 bits).
    """
    _check_cycles(cycles)
    if figure == "score":
        return f"(MOD({x},32)/2)"
    if figure == "games":
        return f"((MOD({x},1024)-MOD({x},32))/32)"
    games = f"(({x}-MOD({x},1024))/1024)"
    terms = []
    for k in range(cycles):
        if cycles == 1:
            digit = games
        elif k == 0:
            digit = f"MOD({games},64)"
        else:
            high = f"MOD({games},{64 ** (k + 1)})" if k < cycles - 1 else games
            digit = f"(({high}-MOD({games},{64 ** k}))/{64 ** k})"
        v = f"MOD({digit},7)"
        black = f"({digit}-MOD({digit},8))"
        if figure in _GAME_VALUES:
            terms += [f"({v}={value}){half}" for value, half in _GAME_VALUES[figure]]
        elif figure == "otb_games":
            terms.append(f"({v}>0)*({v}<4)")
        elif figure == "black_games":
            terms.append(f"({black}>0)*({black}<32)")
        elif figure == "black_wins":
            terms.append(f"({black}=24)")
        else:
            raise ValueError(figure)
    # *1: Excel's SUMPRODUCT counts TRUE as 0, not 1
    return "((" + "+".join(terms) + ")*1)"


def game_code(result: str, white: bool) -> int:
    """One side's number of one game in the games matrix, as the game of cycle 0 (see
    :func:`pair_figure`): 2 × his points + 32 (a game with a result) + ``v`` × 1024, × 8192 with
    Black; ``v`` is ``1 + 2P`` over the board, ``4 + P`` for a forfeit (P his points). ``result``
    is a canonical code (``addin.core.results``); a game without a result is 0."""
    points = score(result)[0 if white else 1]
    v = 4 + points if is_forfeit(result) else 1 + 2 * points
    return int(2 * points + 32 + (1024 if white else 8192) * v)


def game_array(x: str, cycles: int, figure: str) -> str:
    """An array of one figure of each game of player i, one column a cycle (one row an opponent),
    decoded from his column ``x`` of the games matrix (:func:`pair_figure` gives the code).

    Cycle ``k``'s digit is ``MOD(INT(x / (1024 × 64^k)), 64)``: with several cycles the divisor
    is a row of constants, so a column ``x`` gives one column a cycle (an array operation of a
    column and a row: Excel 2010+ and LibreOffice alike); divisions by powers of 2 are exact.
    Figures: ``done`` (1 for a game with a result), ``otb`` (1 for a game over the board) and
    ``points`` (his points in that game: 1 won, ½ drawn, 0 lost or no result). The digit's
    value ``v = MOD(digit, 7)`` is the game from his view whatever his colour.
    """
    _check_cycles(cycles)
    divisors = "{" + ",".join(str(1024 * 64 ** k) for k in range(cycles)) + "}" if cycles > 1 else "1024"
    v = f"MOD(MOD(INT({x}/{divisors}),64),7)"
    if figure == "done":
        return f"({v}>0)"
    if figure == "otb":
        return f"({v}>0)*({v}<4)"
    if figure == "points":
        return f"(({v}=2)/2+({v}=3)+({v}=5))"
    raise ValueError(figure)
