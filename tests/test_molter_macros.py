"""The Molter buttons' logic (addin.events.molter): typed teams and results in, event layout out.

Oracle: the event layout built directly from the same teams, table and
results (itself proven with LibreOffice in test_molter_event_recalc.py). The
workbook the buttons read is a real file written by the file renderer and
read back with openpyxl (the values the buttons would see).
"""

import pytest
from openpyxl import load_workbook

from addin.core.errors import TournamentError
from addin.sheets.molter import molter_event_layout, put_results
from addin.systems.molter.event import played_rounds
from addin.systems.molter.tables import molter_table
from addin.systems.molter.teams import Team
from addin.events.molter import plan_molter_event
from addin.excel.button_support import run_macro
from addin.render.xlsx import write_xlsx

TEAMS = [Team(t, f"Club {t}", tuple(f"{t.lower()}{k}" for k in range(1, 5))) for t in "ABCDE"]
RESULTS = {(1, 1): "1-0", (1, 2): "+-", (2, 5): "1/2-1/2", (3, 10): "0-0", (4, 3): "-+"}


def _file(tmp_path, teams=TEAMS, rounds=4, results=RESULTS, lang="fr"):
    played = played_rounds(molter_table(len(teams), 4, rounds))
    layout = molter_event_layout(teams, 4, played, lang)
    put_results(layout, results, lang)
    path = tmp_path / "event.xlsx"
    write_xlsx(layout, path)
    return load_workbook(path), layout


def _values(book):
    def values_of(name):
        if name not in book.sheetnames:
            return None
        return [list(row) for row in book[name].iter_rows(values_only=True)]
    return values_of


def _cells(layout):
    return {s.name: {k: (c.value, c.style, c.formula, c.text) for k, c in s.cells.items()} for s in layout.sheets}


def test_rebuild_of_an_untouched_workbook_is_the_same_workbook(tmp_path):
    book, layout = _file(tmp_path)
    new, lang, players, summary = plan_molter_event(book.sheetnames, _values(book))
    assert (lang, players) == ("fr", 4)
    assert "5 results kept" in summary
    assert _cells(new) == _cells(layout)
    assert [s.name for s in new.sheets] == [s.name for s in layout.sheets]


def test_a_corrected_name_keeps_every_result(tmp_path):
    book, _ = _file(tmp_path, lang="en")
    book["Teams"]["D6"] = "Bea Corrected"  # team B, board 2
    new, lang, _, _ = plan_molter_event(book.sheetnames, _values(book))
    teams = list(TEAMS)
    teams[1] = Team("B", "Club B", ("b1", "Bea Corrected", "b3", "b4"))
    expected = molter_event_layout(teams, 4, played_rounds(molter_table(5, 4, 4)), "en")
    put_results(expected, RESULTS, "en")
    assert lang == "en" and _cells(new) == _cells(expected)


def test_fewer_rounds_that_would_orphan_a_result_change_nothing(tmp_path):
    book, _ = _file(tmp_path)
    book["Équipes"]["B2"] = 2
    with pytest.raises(TournamentError, match="Round 3, board 10 .* nothing was changed"):
        plan_molter_event(book.sheetnames, _values(book))
    book, _ = _file(tmp_path, results={(1, 1): "1-0", (2, 2): "0-1"})
    book["Équipes"]["B2"] = 2
    new, _, _, summary = plan_molter_event(book.sheetnames, _values(book))
    assert "2 rounds; 2 results kept" in summary
    assert new.sheet("Ronde 2").value(5, 4) == "0-1"


def test_typed_spellings_are_read_and_nonsense_is_refused(tmp_path):
    book, _ = _file(tmp_path, results={})
    book["Ronde 1"]["D4"] = "½-½"
    book["Ronde 1"]["D5"] = "1-0 F"
    new, _, _, _ = plan_molter_event(book.sheetnames, _values(book))
    assert (new.sheet("Ronde 1").value(4, 4), new.sheet("Ronde 1").value(5, 4)) == ("1/2-1/2", "1-0 F")
    book["Ronde 1"]["D6"] = "won"
    with pytest.raises(TournamentError, match="Sheet Ronde 1, cell D6"):
        plan_molter_event(book.sheetnames, _values(book))


def test_team_sheet_mistakes_are_plain_sentences(tmp_path):
    book, _ = _file(tmp_path, results={})
    book["Équipes"]["B2"] = "deux"
    with pytest.raises(TournamentError, match="cell B2"):
        plan_molter_event(book.sheetnames, _values(book))
    book, _ = _file(tmp_path, results={})
    book["Équipes"]["G7"] = "fifth player"  # team C lists 5 players for 4
    with pytest.raises(TournamentError, match="row 7: .* 5 players for 4"):
        plan_molter_event(book.sheetnames, _values(book))
    book, _ = _file(tmp_path, results={})
    book["Équipes"]["D2"] = 3
    with pytest.raises(TournamentError, match="even"):
        plan_molter_event(book.sheetnames, _values(book))
    with pytest.raises(TournamentError, match="no team sheet"):
        plan_molter_event(["Feuil1"], lambda name: [["x"]])


def test_a_fresh_template_with_names_only(tmp_path):
    rows = [["Coupe"], ["Rondes", 3, "Joueurs par équipe", None], [], ["Équipe", "Nom", "1", "2", "3", "4"]]
    rows += [[None, f"Club {t}", f"{t}1", f"{t}2", f"{t}3", f"{t}4"] for t in "ABCD"]
    new, lang, players, summary = plan_molter_event(["Équipes"], lambda n: rows if n == "Équipes" else None)
    assert (lang, players) == ("fr", 4) and summary.startswith("4 teams of 4 players, 3 rounds")
    assert new.sheet("Équipes").value(1, 1) == "Coupe"


class _NoAlertBook:
    """run_macro on a book whose engine has no alert: the message still comes back."""
    sheets = []


def test_run_macro_returns_the_sentence_instead_of_a_traceback():
    def action(book):
        raise TournamentError("Sheet Équipes lists 2 teams.")
    assert run_macro(_NoAlertBook(), action) == "Sheet Équipes lists 2 teams."


def test_buttons_write_the_layout_into_a_remote_book():
    """Through xlwings' remote-interpreter book, once the live renderer (rr-workbook) is merged."""
    pytest.importorskip("addin.render.live")
    replay_mod = pytest.importorskip("xlwings_replay")
    from addin.events.molter import rebuild_molter_event

    rows = [["Coupe"], ["Rondes", 3, "Joueurs par équipe", 4], [], ["Équipe", "Nom", "1", "2", "3", "4"]]
    rows += [[None, f"Club {t}", f"{t}1", "=x" if t == "B" else f"{t}2", f"{t}3", f"{t}4"] for t in "ABCD"]
    payload = replay_mod.payload_from_sheets([("Équipes", rows), ("Notes", [["keep me"]])])
    book = replay_mod.remote_book(payload)
    assert "4 teams of 4 players, 3 rounds" in rebuild_molter_event(book)
    written = replay_mod.replay(payload, book.json()["actions"])
    expected, _, _, _ = plan_molter_event(["Équipes"], lambda n: rows if n == "Équipes" else None)
    for sheet in expected.sheets:
        cells = {k: c.value
                 for k, c in sheet.cells.items() if c.value is not None}
        assert written[sheet.name] == cells, sheet.name
    assert written["Notes"] == {(1, 1): "keep me"}
