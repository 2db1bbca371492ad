"""The Settings sheet: the season's name, place, dates and director; the boards of a match; the
scoring (match points of a match won, drawn, lost, lost by forfeit; game points of a game won,
drawn, lost); the colour rule; four tie-break slots; the result codes and the forfeit words.

Rule: every formula of the workbook reads the scoring, the colour rule and the tie-break slots
from these cells, so that changing one recomputes everything; the last rows (language,
generator, order, seed) are what the reader checks and what a rebuild needs.
"""

from __future__ import annotations

from addin.sheets.league.book.plan import BookPlan, num
from addin.sheets.league.cells import GENERATOR_VERSION, NO_TIEBREAK, TIEBREAK_SLOTS, SettingsRows
from addin.sheets.model import PrintSetup, SheetLayout, ref
from addin.sheets.settings_block import labelled_values, result_codes_block, tiebreak_block
from addin.systems.league.model import AWAY, BOTH, HOME, TIEBREAKS


def write(plan: BookPlan, sh: SheetLayout) -> None:
    """Write the Settings sheet ``sh`` from ``plan``."""
    L, s, R = plan.L, plan.season, SettingsRows
    sc = s.scoring
    sh.set(R.TITLE, 1, L["settings_title"], "title", text=True)
    sh.set(2, 1, L["help_settings"], "subtitle", text=True)
    # the event's texts overflow to the right rather than wrap over the line above
    labelled_values(sh, L, [
        (R.EVENT, "event", s.header.title or None, "input"), (R.PLACE, "place", s.header.place or None, "input"),
        (R.DATES, "dates", s.header.dates or None, "input"), (R.ARBITER, "arbiter", s.header.arbiter or None, "input"),
        (R.BOARDS, "boards", s.boards, "input_center"), (R.PRESET, "preset", s.preset, "center"),
        (R.MP_WIN, "mp_win", num(sc.win), "input_center"), (R.MP_DRAW, "mp_draw", num(sc.draw), "input_center"),
        (R.MP_LOSS, "mp_loss", num(sc.loss), "input_center"),
        (R.MP_FORFEIT, "mp_forfeit", num(sc.forfeit), "input_center"),
        (R.GP_WIN, "gp_win", num(sc.game_win), "input_center"),
        (R.GP_DRAW, "gp_draw", num(sc.game_draw), "input_center"),
        (R.GP_LOSS, "gp_loss", num(sc.game_loss), "input_center"),
        (R.COLOURS, "colours", L["odd"] if s.colours == "odd" else L["even"], "input_center")])
    sh.validation(ref(R.COLOURS, 2), [L["odd"], L["even"]], allow_blank=False)
    tiebreak_block(sh, L, R.TB_HEADER, R.TB_FIRST, s.tiebreaks, TIEBREAKS, TIEBREAK_SLOTS, NO_TIEBREAK)
    result_codes_block(sh, L, R.CODES_HEADER, R.CODES_FIRST)
    sh.set(R.FORFEIT_HEADER, 1, L["forfeit_words"], "header", text=True)
    for k, side in enumerate((HOME, AWAY, BOTH)):
        sh.set(R.FORFEIT_FIRST + k, 2, plan.words[side], "center", text=True)
    labelled_values(sh, L, [(R.LANG, "language", s.header.lang, "muted"),
                            (R.GENERATOR, "generator", f"league-season/{GENERATOR_VERSION}", "muted"),
                            (R.ORDER, "order", s.order, "muted"), (R.SEED, "seed", s.seed, "muted")], "muted")
    sh.width(1, 54)
    sh.width(2, 14)
    sh.width(3, 34)
    sh.height(R.CODES_HEADER, 30)  # "Codes de résultat (côté de l'équipe citée en premier)"
    sh.print_setup = PrintSetup(area=(f"A1:C{R.SEED}",), fit_width=1, fit_height=1)
