"""The Excel button "Importer un TRF" (addin.excel.buttons.import_trf_event) on xlwings' remote-interpreter book.

Oracles: the hand-made TRF16 file of test_trf_import.py, whose games are the FIDE Berger table typed from
C.05 Annex 1 and whose results, players and byes are typed there by hand: the cells the button writes
must be those of the event workbook of that hand-made event (the layout, proven by LibreOffice
elsewhere); a refusal writes nothing (the only action is the alert).
"""

from __future__ import annotations

from support.xlwings_replay import payload_from_file, payload_from_sheets, remote_book, replay
from support.trf_hand import HAND, HAND_PLAYERS, HAND_RESULTS

from addin.core.header import EventHeader
from addin.core.results import workbook_code
from addin.events.roundrobin import TRF_SHEET
from addin.excel.buttons import import_trf_in_book
from addin.render.xlsx import write_xlsx
from addin.sheets.roundrobin import RoundsCols
from addin.sheets.roundrobin.layout import event_workbook
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent


def _hand_event(results=HAND_RESULTS, lang="fr"):
    return RoundRobinEvent(berger_schedule(5), tuple(HAND_PLAYERS), dict(results), bye_points=0.5,
                           header=EventHeader(title="Open de Nulle Part", place="Nulle Part", arbiter="A. Arbitre",
                                              lang=lang))


def _cells(layout):
    return {sheet.name: {key: c.value for key, c in sheet.cells.items() if c.value is not None}
            for sheet in layout.sheets}


def _trf(tmp_path, text=HAND):
    path = tmp_path / "nulle part.trf"
    path.write_text(text, encoding="utf-8")
    return path


def _only_alert(book):
    return [a["func"] for a in book.json()["actions"]] == ["alert"]


def test_a_bare_workbook_becomes_the_event_of_the_file(tmp_path):
    payload = payload_from_sheets([(TRF_SHEET, [[str(_trf(tmp_path))]]), ("Notes", [["keep me"]])])
    book = remote_book(payload)
    message = import_trf_in_book(book)
    assert "5 joueurs" in message and "5 résultat(s)" in message and "nulle part.trf" in message
    written = replay(payload, book.json()["actions"])
    expected = _cells(event_workbook(_hand_event()))
    for name, cells in expected.items():
        assert written[name] == cells, name
    rounds = written["Rondes"]
    typed = {(rounds[(r, 1)], rounds[(r, 2)]): rounds.get((r, RoundsCols.RESULT)) for r in range(2, 40)
             if isinstance(rounds.get((r, 2)), int)}
    assert {k: c for k, c in typed.items() if c} == {k: workbook_code(c) for k, c in HAND_RESULTS.items()}
    assert written["Notes"] == {(1, 1): "keep me"} and written[TRF_SHEET] == {(1, 1): str(_trf(tmp_path))}


def _event_payload(tmp_path, results, lang="fr"):
    path = tmp_path / "event.xlsx"
    write_xlsx(event_workbook(_hand_event(results, lang)), path)
    payload = payload_from_file(path)
    payload["sheets"].append(payload_from_sheets([(TRF_SHEET, [[str(_trf(tmp_path))]])])["sheets"][0])
    return payload


def test_an_event_carried_on_elsewhere_is_imported_again_over_its_typed_results(tmp_path):
    """The workbook holds two of the file's results as typed: the file's five come in, nothing lost."""
    payload = _event_payload(tmp_path, {key: HAND_RESULTS[key] for key in [(1, 1), (2, 2)]}, lang="en")
    book = remote_book(payload)
    assert "Imported nulle part.trf into this workbook: 5 players" in import_trf_in_book(book)
    written = replay(payload, book.json()["actions"])
    for name, cells in _cells(event_workbook(_hand_event(lang="en"))).items():
        assert written[name] == cells, name


def test_a_result_typed_otherwise_here_refuses_and_changes_nothing(tmp_path):
    payload = _event_payload(tmp_path, {(1, 1): "0-1", (2, 2): "0-1"})  # round 1, board 1 is 1-0 in the file
    book = remote_book(payload)
    message = import_trf_in_book(book)
    assert "ronde 1, table 1" in message and "rien n'a été changé" in message
    assert _only_alert(book)


def test_no_file_chosen_or_a_missing_file_is_one_sentence_and_nothing_written(tmp_path):
    book = remote_book(payload_from_sheets([("Feuil1", [["x"]])]))
    message = import_trf_in_book(book)
    assert TRF_SHEET in message and "A1" in message and _only_alert(book)
    book = remote_book(payload_from_sheets([(TRF_SHEET, [[str(tmp_path / "absent.trf")]])]))
    message = import_trf_in_book(book)
    assert "absent.trf" in message and _only_alert(book)
    bad = _trf(tmp_path, HAND.replace("   3 b -", "   9 b -"))  # an opponent not in the file
    book = remote_book(payload_from_sheets([(TRF_SHEET, [[str(bad)]])]))
    message = import_trf_in_book(book)
    assert "nulle part.trf" in message and _only_alert(book)
