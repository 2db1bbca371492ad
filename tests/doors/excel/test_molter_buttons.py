"""The Molter buttons (``addin.excel.buttons``) on xlwings' remote-interpreter book.

Oracles: the layout of the same event written directly (itself proven with LibreOffice in
test_molter_event_recalc.py), the workbook's input cells read back by the test itself
(``molter_workbook.inputs``), and "a refusal writes nothing": the button's only action is
then its alert.
"""

import pytest
from support.molter_workbook import inputs, press
from support.xlwings_replay import grids_of, payload_from_file, payload_from_sheets, set_cell

from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.excel.button_support import run_macro
from addin.render.xlsx import write_xlsx
from addin.sheets.molter import event_workbook, molter_event_layout, put_results
from addin.systems.molter.event import played_rounds
from addin.systems.molter.live import MolterEvent
from addin.systems.molter.tables import molter_table
from addin.systems.molter.teams import Team

TEAMS = [Team(t, f"Club {t}", tuple(f"{t.lower()}{k}" for k in range(1, 5))) for t in "ABCDE"]
RESULTS = {(1, 1): "1-0", (1, 2): "+-", (2, 5): "1/2-1/2", (3, 10): "0-0", (4, 3): "-+"}


def _payload(tmp_path, teams=TEAMS, rounds=4, results=RESULTS, lang="en"):
    played = played_rounds(molter_table(len(teams), 4, rounds))
    layout = molter_event_layout(teams, 4, played, lang)
    put_results(layout, results, lang)
    path = tmp_path / "event.xlsx"
    write_xlsx(layout, path)
    return payload_from_file(path)


def _values(layout):
    return {s.name: {k: c.value for k, c in s.cells.items() if c.value is not None} for s in layout.sheets}


def _written(payload):
    return {name: grid for name, grid in grids_of(payload).items()}


def test_pressing_update_on_an_untouched_workbook_writes_the_same_event(tmp_path):
    payload = _payload(tmp_path)
    message, after = press(payload)
    assert message.startswith("5 teams of 4 players, 4 rounds; 5 result(s) kept")
    assert inputs(grids_of(after), "en") == inputs(grids_of(payload), "en")
    expected = event_workbook(MolterEvent(tuple(TEAMS), 4, tuple(played_rounds(molter_table(5, 4, 4))),
                                          {(r, b): c for (r, b), c in RESULTS.items()},
                                          header=EventHeader(lang="en")))
    written = _written(after)
    for sheet, cells in _values(expected).items():
        assert written[sheet] == {k: v for k, v in cells.items() if v != ""}, sheet


def test_a_corrected_name_keeps_every_result(tmp_path):
    payload = _payload(tmp_path, lang="en")
    set_cell(payload, "Teams", 6, 5, "Bea Corrected")  # team B, its 2nd player
    message, after = press(payload)
    got = inputs(grids_of(after), "en")
    assert got["teams"][1] == ("Club B", None, ("b1", "Bea Corrected", "b3", "b4"))
    assert got["results"] == inputs(grids_of(payload), "en")["results"]


def test_fewer_rounds_that_would_orphan_a_result_change_nothing(tmp_path):
    payload = _payload(tmp_path)
    set_cell(payload, "Teams", 2, 2, 2)
    message, after = press(payload)
    assert after is None and "Round 3, board 10" in message and "nothing was changed" in message
    payload = _payload(tmp_path, results={(1, 1): "1-0", (2, 2): "0-1"})
    set_cell(payload, "Teams", 2, 2, 2)
    message, after = press(payload)
    assert "2 rounds; 2 result(s) kept" in message
    assert inputs(grids_of(after), "en")["results"] == {(1, 1): "1-0", (2, 2): "0-1"}


def test_typed_spellings_are_read_and_nonsense_is_refused(tmp_path):
    payload = _payload(tmp_path, results={})
    set_cell(payload, "Round 1", 4, 4, "½-½")
    set_cell(payload, "Round 1", 5, 4, "+-")
    message, after = press(payload)
    assert inputs(grids_of(after), "en")["results"] == {(1, 1): "1/2-1/2", (1, 2): "1-0 F"}
    set_cell(after, "Round 1", 6, 4, "won")
    message, again = press(after)
    assert again is None and "sheet Round 1, cell D6" in message


@pytest.mark.parametrize("row, col, value, words", [
    (2, 2, "deux", "cell B2"),
    (2, 4, 3, "even"),
    (7, 3, "soon", "withdrawal round of team C"),
    (7, 3, "3", "withdrawal round of team C"),
    (2, 6, "random", "cell F2"),
])
def test_team_sheet_mistakes_are_plain_sentences_and_write_nothing(tmp_path, row, col, value, words):
    payload = _payload(tmp_path, results={})
    set_cell(payload, "Teams", row, col, value)
    message, after = press(payload)
    assert after is None and words in message, message


def test_a_workbook_without_a_team_sheet_is_told_what_to_add():
    message, after = press(payload_from_sheets([("Feuil1", [["x"]])]))
    assert after is None and "pas de feuille des équipes" in message  # a workbook without English sheets: French


@pytest.mark.parametrize("legacy", [False, True])
def test_a_fresh_template_with_names_only(legacy):
    """The organiser types the teams (the list from column D; a workbook of the earlier layout: from C)."""
    gap = [] if legacy else [None]
    header = ["Équipe", "Nom"] + ([] if legacy else ["Abandon (ronde)"]) + ["1", "2", "3", "4", "5"]
    rows = [["Coupe"], ["Rondes", 3, "Joueurs par équipe", 4], [], header]
    rows += [[None, f"Club {t}", *gap, f"{t}1", "=x" if t == "B" else f"{t}2", f"{t}3", f"{t}4"]
             + ([f"{t}5"] if t == "C" else []) for t in "ABCD"]
    payload = payload_from_sheets([("Équipes", rows), ("Notes", [["keep me"]])])
    message, after = press(payload)
    assert message.startswith("4 équipes de 4 joueurs, 3 rondes"), message  # a French workbook: French
    got = inputs(grids_of(after))
    assert got["settings"] == (3, 4, "auto")
    assert got["teams"][1] == ("Club B", None, ("B1", "=x", "B3", "B4"))
    assert got["teams"][2][2] == ("C1", "C2", "C3", "C4", "C5")  # a reserve
    assert grids_of(after)["Équipes"][(1, 1)] == "Coupe"
    assert grids_of(after)["Notes"] == {(1, 1): "keep me"}
    expected = event_workbook(MolterEvent(
        tuple(Team(t, f"Club {t}", (f"{t}1", "=x" if t == "B" else f"{t}2", f"{t}3", f"{t}4")
                   + (("C5",) if t == "C" else ())) for t in "ABCD"),
        4, tuple(played_rounds(molter_table(4, 4, 3))), header=EventHeader(title="Coupe")))
    written = grids_of(after)
    for sheet, cells in _values(expected).items():
        assert written[sheet] == {k: v for k, v in cells.items() if v != ""}, sheet


def test_the_button_speaks_the_workbooks_language(tmp_path, monkeypatch):
    monkeypatch.delenv("APPARIEMENTS_LANG", raising=False)
    payload = _payload(tmp_path, results={}, lang="fr")
    set_cell(payload, "Équipes", 2, 4, 3)
    message, after = press(payload)
    assert after is None and "pair" in message  # "…doit être pair…"
    payload = _payload(tmp_path, results={}, lang="en")
    set_cell(payload, "Teams", 2, 4, 3)
    message, after = press(payload)
    assert after is None and "even" in message


class _NoAlertBook:
    """run_macro on a book whose engine has no alert: the message still comes back."""
    sheets = []


def test_run_macro_returns_the_sentence_instead_of_a_traceback():
    def action(book):
        raise TournamentError("Sheet Équipes lists 2 teams.")
    assert run_macro(_NoAlertBook(), action) == "Sheet Équipes lists 2 teams."


def test_run_macro_turns_a_bug_into_one_sentence_without_a_traceback():
    def action(book):
        return {}["missing"]
    message = run_macro(_NoAlertBook(), action)
    assert "erreur inattendue (KeyError)" in message and "mainteneurs" in message  # the workbook is French
    assert "Traceback" not in message and "\n" not in message
