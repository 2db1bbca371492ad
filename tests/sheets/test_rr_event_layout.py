"""The round-robin event layout as data: structure, text safety, growth of formulas."""

import pytest

from addin.sheets.keys import SHEET as KEYS

from addin.core.errors import TournamentError
from addin.sheets.roundrobin.labels import LABELS
from addin.sheets.model import formula_functions
from addin.sheets.roundrobin import RoundsCols, event_layout
from addin.core.players import Player
from addin.core.results import RESULT_CODES, WORKBOOK_RESULT_CODES
from addin.systems.roundrobin.berger import berger_schedule


def _players(n, names=None):
    names = names or {}
    return [Player(i, names.get(i, f"P{i}"), 1500, "Club", "FRA") for i in range(1, n + 1)]


def test_every_formula_is_portable_and_sheets_are_named_in_both_languages():
    for lang in ("fr", "en"):
        book = event_layout(berger_schedule(7, 2), _players(7), lang=lang)
        book.check()  # raises on non-portable functions or unknown styles
        L = LABELS[lang]
        assert [s.name for s in book.sheets] == [L[k] for k in (
            "sheet_settings", "sheet_players", "sheet_rounds", "sheet_crosstable",
            "sheet_standings", "sheet_cards", "sheet_performance", "sheet_norms", "sheet_calc")] + [KEYS[lang]]
        used = set()
        for sheet in book.sheets:
            for _, _, formula in sheet.formulas():
                used |= formula_functions(formula)
        assert used <= {"IF", "OR", "AND", "INDEX", "MATCH", "SUMPRODUCT", "SUM", "SUMIF", "COUNTIF",
                        "COUNTIFS", "IFERROR", "LEN", "TRIM", "N", "MAX", "ISNUMBER",
                        "MOD",  # the games matrix's codes
                        "AGGREGATE",  # the cuts: SMALL of a game array (Excel 2010+, LibreOffice 4.4+)
                        "MIN", "ROUND",  # rating performance (400 cap, ARO and p rounding)
                        "MID", "INT", "UPPER", "NOT",  # title norms: missing requirements, average 0.5 up, titles
                        "LEFT"}  # the standings' note on Koya: a chosen code beginning "KS"


def test_user_text_is_text_never_a_formula():
    names = {1: "=HYPERLINK(\"http://x\")", 2: "+33 6 00", 3: "-dash", 4: "@home"}
    book = event_layout(berger_schedule(4), [Player(i, names[i], None, "=club", "@F") for i in range(1, 5)],
                        title="=evil()")
    players = book.sheet(LABELS["fr"]["sheet_players"])
    for i in range(1, 5):
        cell = players.get(1 + i, 2)
        assert cell.value == names[i] and cell.text and not cell.formula
        assert players.get(1 + i, 4).text and players.get(1 + i, 5).text
    settings = book.sheet(LABELS["fr"]["sheet_settings"])
    assert any(c.value == "=evil()" and c.text and not c.formula for c in settings.cells.values())


def test_rounds_sheet_has_one_result_cell_per_game_with_the_code_list():
    schedule = berger_schedule(6, 2)
    book = event_layout(schedule, _players(6), {(1, 1): "½-½", (2, 3): "1-0"})
    rounds = book.sheet("Rondes")
    games = list(schedule.games())
    rows = [r for (r, c), cell in rounds.cells.items()
            if c == RoundsCols.BOARD and isinstance(cell.value, int)]
    assert len(rows) == len(games) == 30
    found = {}
    for row in rows:
        key = (rounds.value(row, RoundsCols.ROUND), rounds.value(row, RoundsCols.BOARD))
        found[key] = (rounds.value(row, RoundsCols.WHITE_NO), rounds.value(row, RoundsCols.BLACK_NO))
        assert not rounds.get(row, RoundsCols.RESULT).formula
    assert found == {(r, b): (w, k) for r, b, w, k in games}
    (validation,) = rounds.validations
    assert validation.options == WORKBOOK_RESULT_CODES  # forfeits spelt "1-0 F", never "+-" (a formula when typed)
    covered = sum(int(part.split(":")[1][1:]) - int(part.split(":")[0][1:]) + 1 if ":" in part else 1
                  for part in validation.ranges.split())
    assert covered == 30
    prefilled = {(rounds.value(r, 1), rounds.value(r, 2)): rounds.value(r, RoundsCols.RESULT) for r in rows}
    assert prefilled[(1, 1)] == "1/2-1/2" and prefilled[(2, 3)] == "1-0"
    assert sum(v is not None for v in prefilled.values()) == 2


def test_bad_results_are_refused_with_the_round_and_board():
    with pytest.raises(TournamentError, match="round 1, board 1"):
        event_layout(berger_schedule(4), _players(4), {(1, 1): "2-0"})
    with pytest.raises(TournamentError, match="Round 9, board 1"):
        event_layout(berger_schedule(4), _players(4), {(9, 1): "1-0"})
    with pytest.raises(TournamentError, match="4 players"):
        event_layout(berger_schedule(4), _players(3))
    with pytest.raises(TournamentError, match="XYZ"):
        event_layout(berger_schedule(4), _players(4), tiebreaks=("XYZ",))


def test_settings_offer_the_rating_and_own_record_tiebreaks():
    from addin.sheets.roundrobin.cells import SettingsRows

    book = event_layout(berger_schedule(4), _players(4), tiebreaks=("rtng", "aro", "TPR", "rep"), lang="en")
    settings = book.sheet(LABELS["en"]["sheet_settings"])
    assert [settings.cells[(SettingsRows.TB_FIRST + k, 2)].value for k in range(4)] == ["RTNG", "ARO", "TPR", "REP"]
    options = {o for v in settings.validations for o in v.options}
    assert {"RTNG", "ARO", "TPR", "STD", "REP"} <= options
    # the Settings help names each chosen code (the meaning formula's cached text)
    assert settings.cells[(SettingsRows.TB_FIRST + 1, 3)].cached == LABELS["en"]["tb_ARO"]
    assert len(",".join(options)) < 255  # Excel's limit for a list typed in a validation
    assert {"PTP", "APPO"} <= options  # every code fide.py computes for a round-robin
    book = event_layout(berger_schedule(4), _players(4), tiebreaks=("ptp", "appo"), lang="en")
    settings = book.sheet(LABELS["en"]["sheet_settings"])
    assert [settings.cells[(SettingsRows.TB_FIRST + k, 3)].cached for k in range(2)] == [
        LABELS["en"]["tb_PTP"], LABELS["en"]["tb_APPO"]]
    with pytest.raises(TournamentError, match="'BH' is unknown in the workbook"):  # art. 8: not in round-robins
        event_layout(berger_schedule(4), _players(4), tiebreaks=("BH",))


def test_pairing_cards_share_pages_but_never_split_a_round():
    from addin.sheets.roundrobin.layout import CARD_PAGE_PT, DEFAULT_ROW_PT

    for n in (5, 9, 24):
        schedule = berger_schedule(n)
        book = event_layout(schedule, _players(n))
        cards = book.sheet("Fiches")
        setup = cards.print_setup
        assert setup.paper == "A4" and setup.fit_width == 1 and setup.area
        titles = sorted(r for (r, c), cell in cards.cells.items() if cell.style == "card_title")
        assert len(titles) == len(schedule.rounds)
        last = max(r for r, _ in cards.cells)
        bounds = [0, *setup.row_breaks, last]
        pages = 0
        for lo, hi in zip(bounds, bounds[1:]):
            height = sum(cards.row_heights.get(r, DEFAULT_ROW_PT) for r in range(lo + 1, hi + 1))
            assert height <= CARD_PAGE_PT, (n, lo, hi, height)
            pages += 1
        # a page break never falls inside a round: each break is just before a round's title
        assert all(b + 1 in titles for b in setup.row_breaks)
        if n <= 9:  # small rounds share a page (a page per round was the complaint)
            assert pages < len(schedule.rounds)


def test_formula_count_grows_like_the_number_of_games():
    counts = {n: event_layout(berger_schedule(n, 2), _players(n)).formula_count() for n in (8, 16, 32)}
    # doubling n multiplies the games (and every n×n block) by about 4: never more than 4.5
    assert counts[16] / counts[8] < 4.5
    assert counts[32] / counts[16] < 4.5
    # a bounded number of formulas per pair of players: 28 at n = 32, double (14 before the FIDE
    # tie-breaks; their SB keys, one per game, the over-the-board / Black matrices and the rating
    # performance's over-the-board games, score and expected-score matrices add 14); the Norms
    # sheet adds its four n×n helper matrices over one cycle; the progressive scores (PS) one n×n matrix
    # (Σ round × points of each pair), ARO's cuts and medians one key per game: 30.6 measured at n = 32,
    # double (the longest formula, a Standings tie-break column over the 27 codes: 2,565 characters); PTP's
    # bisection and APPO add 16 cells a player, no n×n block: 31.2 (a tie-break column over 29 codes: 2,762);
    # the SB and ARO keys and the round × points matrix replaced by AGGREGATE over the games matrix and four
    # Rounds helpers a game (each side's code and round × points): 31.2 again, most of them shared formulas
    assert counts[32] / 32 ** 2 < 36
