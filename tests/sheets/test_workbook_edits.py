"""What a spreadsheet user does to an event workbook, then a command: read right, or refused unchanged.

One test per case of issue 24 (readers that find, mend from where it broke, commands of another
kind). The edits are made with openpyxl, which moves cell values as LibreOffice does when a row
or column is inserted (the readers read values only); ``test_workbook_edits_libreoffice.py``
makes the same kinds of edits in a real spreadsheet. Oracles: what the test typed (a dict kept
here, read back from the file with openpyxl by table, board and seat numbers, not with the
project's readers), and the file's bytes for every refusal.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook

from support.cli import digest, invoke

DEMO: dict[str, Path] = {}


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("demo")
    result = invoke("demo", "-o", folder)
    assert result.exit_code == 0, result.output
    return folder


def copy(demo: Path, name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copy(demo / name, target)
    return target


def edit(path: Path, change) -> None:
    book = load_workbook(path)
    change(book)
    book.save(path)


def refused(path: Path, *args, words=()) -> str:
    """Run a command that must be refused: exit 2, one sentence, the file byte-identical, no copy kept."""
    before = digest(path)
    siblings = set(path.parent.iterdir())
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert digest(path) == before
    assert set(path.parent.iterdir()) == siblings
    for word in words:
        assert word in result.output, result.output
    return result.output


# -- Formule Combinée ------------------------------------------------------------------------

def fc_scores(path: Path, rounds) -> dict:
    """{(round, table): (a, b, score a, score b)} read by the table number of column A."""
    book = load_workbook(path)
    out = {}
    for k in rounds:
        for row in book[f"R{k}"].iter_rows(min_row=4, values_only=True):
            if isinstance(row[0], int) and row[4] is not None:
                out[(k, row[0])] = (row[2], row[7], row[4], row[5])
    return out


def test_a_row_inserted_inside_a_combinee_round_keeps_every_score_on_its_table(demo, tmp_path):
    path = copy(demo, "combinee-64.xlsx", tmp_path)
    typed = {}

    def type_scores(book):
        for k in (1, 2):
            sheet = book[f"R{k}"]
            for row in range(4, 36):
                table = sheet.cell(row, 1).value
                a, b = sheet.cell(row, 3).value, sheet.cell(row, 8).value
                if b:  # not the bye
                    sa, sb = 300 + row + k, 400 - row
                    sheet.cell(row, 5).value, sheet.cell(row, 6).value = sa, sb
                    typed[(k, table)] = (a, b, sa, sb)
        book["R1"].insert_rows(6)  # inside round 1's table: tables 3.. move down one row
    edit(path, type_scores)
    assert len(typed) == 64
    result = invoke("update", path)
    assert result.exit_code == 0, result.output
    assert "64 result(s) kept" in result.output
    assert fc_scores(path, (1, 2)) == typed


def test_a_sorted_combinee_round_is_read_by_table_number(demo, tmp_path):
    path = copy(demo, "combinee-64.xlsx", tmp_path)

    def sort_rows(book):
        sheet = book["R1"]
        rows = [[sheet.cell(r, c).value for c in range(1, 9)] for r in range(4, 36)]
        for r, values in zip(range(4, 36), reversed(rows)):
            for c, value in enumerate(values, 1):
                sheet.cell(r, c).value = value
    before = fc_scores(path, (1,)), load_workbook(path)["R1"]["C4"].value
    edit(path, sort_rows)
    assert invoke("update", path).exit_code == 0
    assert (fc_scores(path, (1,)), load_workbook(path)["R1"]["C4"].value) == before


def test_a_mistyped_combinee_score_is_mended_by_the_command_its_refusal_names(demo, tmp_path):
    path = copy(demo, "combinee-64.xlsx", tmp_path)
    edit(path, lambda book: book["R5"].cell(15, 5, "4S2"))  # table 12
    words = ("R5", "table 12", "appariements score combinee-64.xlsx 5 12")
    refused(path, "update", path, words=words)
    refused(path, "next-round", path, words=words)
    result = invoke("score", path, 5, 12)  # clear the table
    assert result.exit_code == 0, result.output
    assert load_workbook(path)["R5"].cell(15, 5).value is None
    edit(path, lambda book: book["R5"].cell(15, 5, "4S2"))
    assert invoke("score", path, 5, 12, 452, 398).exit_code == 0
    assert [load_workbook(path)["R5"].cell(15, c).value for c in (5, 6)] == [452, 398]


def test_a_chess_result_or_half_a_score_on_a_combinee_event_is_refused(demo, tmp_path):
    path = copy(demo, "combinee-64.xlsx", tmp_path)
    assert invoke("score", path, 1, 1, 452, 398).exit_code == 0
    refused(path, "result", path, 1, 1, "1-0", words=("Formule Combinée", "score"))
    refused(path, "result", path, 1, 1, "1/2-1/2", words=("Formule Combinée",))
    refused(path, "score", path, 1, 3, 420, words=("both scores",))
    assert [load_workbook(path)["R1"].cell(4, c).value for c in (5, 6)] == [452, 398]


def test_score_on_a_round_robin_names_the_command_and_changes_nothing(demo, tmp_path):
    path = copy(demo, "event-berger-8.xlsx", tmp_path)
    refused(path, "score", path, 1, 1, 3, 4, words=("'score' does not apply",))


# -- round-robin -------------------------------------------------------------------------------

def test_a_mistyped_round_robin_result_is_mended_by_the_result_command(demo, tmp_path):
    path = copy(demo, "event-berger-8.xlsx", tmp_path)
    edit(path, lambda book: book["Rondes"].cell(5, 5, "1-O"))  # round 1, board 3
    refused(path, "update", path, words=("row 5", "appariements result event-berger-8.xlsx 1 3"))
    result = invoke("result", path, 1, 3, "1-0")
    assert result.exit_code == 0, result.output
    assert load_workbook(path)["Rondes"].cell(5, 5).value == "1-0"


def test_another_mistyped_result_still_blocks_a_result_elsewhere(demo, tmp_path):
    path = copy(demo, "event-berger-8.xlsx", tmp_path)
    edit(path, lambda book: book["Rondes"].cell(5, 5, "1-O"))
    refused(path, "result", path, 1, 4, "1-0", words=("row 5", "result event-berger-8.xlsx 1 3"))


def sort_column(book, sheet: str, col: int, first: int, last: int) -> None:
    cells = [book[sheet].cell(r, col) for r in range(first, last + 1)]
    values = sorted((c.value for c in cells), key=str, reverse=True)  # the demo lists them in order
    for c, value in zip(cells, values):
        c.value = value


def test_round_robin_names_sorted_apart_from_their_numbers_are_refused(demo, tmp_path):
    path = copy(demo, "event-berger-8.xlsx", tmp_path)
    edit(path, lambda book: sort_column(book, "Joueurs", 2, 2, 9))
    for command in (("update", path), ("result", path, 2, 1, "1-0"), ("withdraw", path, 3)):
        refused(path, *command, words=("sorted or moved apart from their numbers",))


def test_round_robin_rows_sorted_whole_read_as_before(demo, tmp_path):
    path = copy(demo, "event-berger-8.xlsx", tmp_path)
    rounds_before = [list(r) for r in load_workbook(path)["Rondes"].iter_rows(min_row=3, max_col=7, values_only=True)]

    def sort_rows(book):
        sheet = book["Joueurs"]
        rows = [[sheet.cell(r, c).value for c in range(1, 10)] for r in range(2, 10)]
        rows.sort(key=lambda values: values[1])
        for r, values in zip(range(2, 10), rows):
            for c, value in enumerate(values, 1):
                sheet.cell(r, c).value = value
    edit(path, sort_rows)
    assert invoke("update", path).exit_code == 0
    book = load_workbook(path)
    assert [book["Joueurs"].cell(r, 1).value for r in range(2, 10)] == list(range(1, 9))
    assert [list(r) for r in book["Rondes"].iter_rows(min_row=3, max_col=7, values_only=True)] == rounds_before


def test_a_round_robin_game_row_deleted_or_a_column_inserted_is_refused(demo, tmp_path):
    path = copy(demo, "event-berger-8.xlsx", tmp_path)
    edit(path, lambda book: book["Rondes"].delete_rows(5))
    refused(path, "update", path, words=("round 1 no longer holds every game",))
    (tmp_path / "again").mkdir()
    path = copy(demo, "event-berger-8.xlsx", tmp_path / "again")
    edit(path, lambda book: book["Rondes"].insert_cols(5))
    refused(path, "update", path, words=("cell E1", "heading"))


# -- Molter ------------------------------------------------------------------------------------

def test_molter_team_names_sorted_apart_from_their_letters_are_refused(demo, tmp_path):
    path = copy(demo, "molter-5x4.xlsx", tmp_path)
    edit(path, lambda book: sort_column(book, "Équipes", 2, 5, 9))
    refused(path, "update", path, words=("sorted or moved apart from their numbers",))
    refused(path, "result", path, 1, 1, "1-0", words=("sorted or moved apart",))


def test_molter_team_rows_sorted_whole_keep_their_letters(demo, tmp_path):
    path = copy(demo, "molter-5x4.xlsx", tmp_path)
    names = {row[0]: row[1] for row in load_workbook(path)["Équipes"].iter_rows(min_row=5, max_col=2,
                                                                                 values_only=True)}

    def reverse(book):
        sheet = book["Équipes"]
        rows = [[sheet.cell(r, c).value for c in range(1, 12)] for r in range(5, 10)]
        for r, values in zip(range(5, 10), reversed(rows)):
            for c, value in enumerate(values, 1):
                sheet.cell(r, c).value = value
    edit(path, reverse)
    assert invoke("update", path).exit_code == 0
    after = {row[0]: row[1] for row in load_workbook(path)["Équipes"].iter_rows(min_row=5, max_col=2,
                                                                                values_only=True)}
    assert after == names


def test_a_mistyped_molter_result_is_mended_by_the_result_command(demo, tmp_path):
    path = copy(demo, "molter-5x4.xlsx", tmp_path)
    edit(path, lambda book: book["Ronde 2"].cell(6, 4, "1-O"))  # board 3
    refused(path, "update", path, words=("D6", "appariements result molter-5x4.xlsx 2 3"))
    assert invoke("result", path, 2, 3, "0-1").exit_code == 0
    assert load_workbook(path)["Ronde 2"].cell(6, 4).value == "0-1"


# -- league season ------------------------------------------------------------------------------

def league_results(path: Path, sheet: str) -> dict:
    """{(match title, board): result} of a round sheet, read by the board numbers under each title."""
    out, title = {}, None
    for row in load_workbook(path)[sheet].iter_rows(values_only=True):
        if isinstance(row[0], str) and row[0].startswith("Match "):
            title = row[0]
        elif isinstance(row[0], int) and title and row[5]:
            out[(title, row[0])] = row[5]
    return out


def test_a_league_column_inserted_before_the_results_is_refused(demo, tmp_path):
    path = copy(demo, "league-season.xlsx", tmp_path)
    edit(path, lambda book: book["Ronde 1"].insert_cols(6))
    refused(path, "update", path, words=("Ronde 1",))


def test_a_league_row_inserted_inside_a_match_is_refused(demo, tmp_path):
    path = copy(demo, "league-season.xlsx", tmp_path)
    edit(path, lambda book: book["Ronde 1"].insert_rows(9))  # between boards 2 and 3 of match 1
    refused(path, "update", path, words=("row 9", "board 3 of match 1"))


def test_a_league_row_inserted_between_two_matches_is_read_right(demo, tmp_path):
    path = copy(demo, "league-season.xlsx", tmp_path)
    before = league_results(path, "Ronde 1")
    assert len(before) > 10
    edit(path, lambda book: book["Ronde 1"].insert_rows(12))  # the blank row after match 1
    assert invoke("update", path).exit_code == 0
    assert league_results(path, "Ronde 1") == before


def test_a_mistyped_league_result_is_mended_by_the_result_command(demo, tmp_path):
    path = copy(demo, "league-season.xlsx", tmp_path)
    edit(path, lambda book: book["Ronde 1"].cell(9, 6, "1-O"))  # match 1, board 3
    refused(path, "update", path, words=("row 9", "appariements result league-season.xlsx 1 1.3"))
    assert invoke("result", path, 1, "1.3", "0-1").exit_code == 0
    assert load_workbook(path)["Ronde 1"].cell(9, 6).value == "0-1"


# -- Scheveningen match -----------------------------------------------------------------------

def schev_results(path: Path) -> dict:
    """{(round, board): (white seat, result, black seat)} read by board number."""
    book = load_workbook(path)
    out = {}
    for r in range(1, 5):
        for row in book[f"Ronde {r}"].iter_rows(min_row=5, values_only=True):
            if isinstance(row[0], int) and row[3]:
                out[(r, row[0])] = (row[1], row[3], row[4])
    return out


def test_a_row_inserted_in_a_scheveningen_round_moves_no_result(demo, tmp_path):
    path = copy(demo, "scheveningen-4.xlsx", tmp_path)
    before = schev_results(path)
    assert before
    edit(path, lambda book: book["Ronde 1"].insert_rows(6))
    result = invoke("update", path)
    assert result.exit_code == 0, result.output
    assert schev_results(path) == before


def test_a_column_inserted_in_a_scheveningen_round_is_refused(demo, tmp_path):
    path = copy(demo, "scheveningen-4.xlsx", tmp_path)
    edit(path, lambda book: book["Ronde 1"].insert_cols(2))
    refused(path, "update", path, words=("Ronde 1", "cell B4"))


def test_scheveningen_names_sorted_apart_from_their_seats_are_refused(demo, tmp_path):
    path = copy(demo, "scheveningen-4.xlsx", tmp_path)
    edit(path, lambda book: sort_column(book, "Compositions", 2, 4, 7))
    refused(path, "update", path, words=("sorted or moved apart",))


def test_league_roster_names_sorted_apart_from_their_numbers_are_refused(demo, tmp_path):
    path = copy(demo, "league-season.xlsx", tmp_path)
    edit(path, lambda book: sort_column(book, "Effectifs", 5, 2, 9))
    refused(path, "update", path, words=("Effectifs", "sorted or moved apart"))


# -- comments and notes beside a game ---------------------------------------------------------

NOTES = {  # round sheet, the result cell of a game, cells right of the sheet's own columns (or between) on its row
    "event-berger-8.xlsx": ("Rondes", "E5", ("V5", "I5")),
    "combinee-64.xlsx": ("R1", "E6", ("R6",)),
    "molter-5x4.xlsx": ("Ronde 1", "D5", ("N5",)),
    "league-season.xlsx": ("Ronde 1", "F8", ("AF8", "K8")),
    "scheveningen-4.xlsx": ("Ronde 1", "D6", ("N6", "H6")),
}


@pytest.mark.parametrize("name", sorted(NOTES))
def test_comments_and_notes_beside_a_game_survive_update_and_result(demo, tmp_path, name):
    from openpyxl.comments import Comment

    path = copy(demo, name, tmp_path)
    sheet, result_cell, note_cells = NOTES[name]

    def annotate(book):
        for cell in note_cells:
            book[sheet][cell] = f"appel du joueur ({cell})"
        book[sheet][result_cell].comment = Comment("forfait annoncé", "Arbitre")
        book[sheet]["A1"].comment = Comment("titre", "Arbitre")
    edit(path, annotate)
    assert invoke("update", path).exit_code == 0
    command = {"combinee-64.xlsx": ("score", path, 1, 1, 400, 300),
               "league-season.xlsx": ("result", path, 1, "1.1", "0-1")}.get(name, ("result", path, 1, 1, "0-1"))
    result = invoke(*command)
    assert result.exit_code == 0, result.output
    book = load_workbook(path)[sheet]
    assert [book[cell].value for cell in note_cells] == [f"appel du joueur ({cell})" for cell in note_cells]
    assert book[result_cell].comment.text == "forfait annoncé"
    assert book["A1"].comment.text == "titre"


def test_a_note_beside_a_row_the_rewrite_would_move_is_refused(demo, tmp_path):
    path = copy(demo, "event-berger-8.xlsx", tmp_path)

    def annotate_then_insert(book):
        book["Rondes"]["V5"] = "appel"
        book["Rondes"].insert_rows(4)  # the game of row 5 now stands in row 6, its note with it
    edit(path, annotate_then_insert)
    refused(path, "update", path, words=("V6", "another game"))
    edit(path, lambda book: book["Rondes"].delete_rows(4))
    assert invoke("update", path).exit_code == 0
    assert load_workbook(path)["Rondes"]["V5"].value == "appel"


def test_a_mistyped_league_forfeit_is_mended_by_the_forfeit_command(demo, tmp_path):
    path = copy(demo, "league-season.xlsx", tmp_path)
    edit(path, lambda book: book["Ronde 1"].cell(4, 10, "domicil"))  # match 1's forfeit cell
    refused(path, "update", path, words=("J4", "appariements league forfeit league-season.xlsx 1 1"))
    assert invoke("league", "forfeit", path, 1, 1, "none").exit_code == 0
    assert load_workbook(path)["Ronde 1"].cell(4, 10).value is None


def test_one_corrected_name_is_a_rename_not_a_sort(demo, tmp_path):
    path = copy(demo, "event-berger-8.xlsx", tmp_path)
    edit(path, lambda book: book["Joueurs"].cell(3, 2, "Bruno Petit-Durand"))
    assert invoke("update", path).exit_code == 0
    assert load_workbook(path)["Joueurs"].cell(3, 2).value == "Bruno Petit-Durand"
    # two names exchanged: each stands where the other's number was, a sort in miniature
    edit(path, lambda book: (book["Joueurs"].cell(2, 2, "Chloé Durand"), book["Joueurs"].cell(4, 2, "Alice Martin")))
    refused(path, "update", path, words=("player 1 now has the name 'Chloé Durand', which player 3 had",))
