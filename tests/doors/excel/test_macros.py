"""The Excel buttons (addin.excel.buttons) run on xlwings' remote-interpreter book.

The oracle for what the buttons write is the event layout itself (the file
renderer's cells, proven with LibreOffice in test_rr_event_libreoffice.py):
the cells the macro wrote, replayed from its JSON actions, must be exactly
the layout's cells, typed text kept as text.
"""

import pytest
from support.xlwings_replay import payload_from_file, payload_from_sheets, remote_book, replay

from addin.core.errors import TournamentError
from addin.sheets.roundrobin import RoundsCols, event_layout
from addin.core.results import workbook_code
from addin.events.roundrobin import refresh
from addin.excel.buttons import rebuild_event
from addin.render.live import LiveBook
from addin.core.players import Player
from addin.render.xlsx import write_xlsx
from addin.systems.roundrobin.berger import berger_schedule

HEADER = ["N°", "Nom", "Elo", "Club", "Féd.", "Abandon"]


def _expected_cells(layout, sheet_name):
    sheet = layout.sheet(sheet_name)
    out = {}
    for key, cell in sheet.cells.items():
        if cell.value is None:
            continue
        out[key] = cell.value
    return out


def _assert_same_sheets(written, layout, skip=()):
    for sheet in layout.sheets:
        if sheet.name in skip:
            continue
        assert written[sheet.name] == _expected_cells(layout, sheet.name), sheet.name


def test_build_from_a_bare_player_sheet_writes_the_whole_event():
    players = [["", "Alice", 1800, "Club A", "FRA", ""], ["", "=Bob", "", "+club", "", ""],
               ["", "Chloé", 1500, "", "", ""], ["", "", "", "", "", ""], ["", "@Dan", "", "", "", "oui"],
               ["", "Eve", 1400, "", "", ""]]
    payload = payload_from_sheets([("Joueurs", [HEADER] + players), ("Notes", [["keep me"]])])
    book = remote_book(payload)
    rebuild_event(book)
    actions = book.json()["actions"]
    written = replay(payload, actions)
    expected = event_layout(berger_schedule(5), [
        Player(1, "Alice", 1800, "Club A", "FRA"), Player(2, "=Bob", None, "+club"), Player(3, "Chloé", 1500),
        Player(4, "@Dan"), Player(5, "Eve", 1400)], withdrawn={4})
    _assert_same_sheets(written, expected)
    assert written["Notes"] == {(1, 1): "keep me"}  # other sheets untouched
    assert written["Joueurs"][(3, 2)] == "=Bob" and written["Joueurs"][(5, 2)] == "@Dan"
    sent = [v for a in actions if a["func"] == "setValues" for row in a["values"] for v in row]
    assert "'=Bob" in sent and "'@Dan" in sent  # sent as text, never as a formula
    funcs = [a["func"] for a in actions]
    assert "setDataValidationList" in funcs and "setSheetVisibility" in funcs
    assert not any(a["func"] == "sheetClear" and a["sheet_position"] == 1 for a in actions)


def _event_file(tmp_path, results):
    players = [Player(i, name) for i, name in enumerate(["Ann", "Ben", "Cal", "Dee", "Eli", "Fay"], 1)]
    path = tmp_path / "event.xlsx"
    write_xlsx(event_layout(berger_schedule(6), players, results, tiebreaks=("SB", "DE"), bye_points=0.5,
                            title="Club 2025"), path)
    return path


def test_refresh_keeps_typed_results_and_settings_and_takes_a_corrected_name(tmp_path):
    results = {(1, 1): "1-0", (1, 2): "1/2-1/2", (2, 3): "-+"}
    payload = payload_from_file(_event_file(tmp_path, results))
    players_sheet = next(s for s in payload["sheets"] if s["name"] == "Joueurs")
    players_sheet["values"][2][1] = "Benoît"  # corrected name of player 2
    book = remote_book(payload)
    rebuild_event(book)
    written = replay(payload, book.json()["actions"])
    players = [Player(i, name) for i, name in enumerate(["Ann", "Benoît", "Cal", "Dee", "Eli", "Fay"], 1)]
    expected = event_layout(berger_schedule(6), players, results, tiebreaks=("SB", "DE"), bye_points=0.5,
                            title="Club 2025")
    _assert_same_sheets(written, expected)
    typed = {(v[(r, 1)], v[(r, 2)]): v.get((r, RoundsCols.RESULT)) for v in [written["Rondes"]]
             for r in range(2, 60) if isinstance(v.get((r, 2)), int)}
    assert {k: c for k, c in typed.items() if c} == {k: workbook_code(c) for k, c in results.items()}


def test_refresh_refuses_to_orphan_results_and_changes_nothing(tmp_path):
    payload = payload_from_file(_event_file(tmp_path, {(1, 1): "1-0"}))
    players_sheet = next(s for s in payload["sheets"] if s["name"] == "Joueurs")
    del players_sheet["values"][6]  # player 6 removed after round 1 started
    book = remote_book(payload)
    with pytest.raises(TournamentError, match="nothing was changed"):
        refresh(LiveBook(book))
    assert book.json()["actions"] == []
    book = remote_book(payload)
    message = rebuild_event(book)
    assert "Ronde 1, table 1" in message  # the workbook is French: so is its alert
    assert [a["func"] for a in book.json()["actions"]] == ["alert"]


def test_late_entry_before_round_one_rebuilds_for_seven(tmp_path):
    payload = payload_from_file(_event_file(tmp_path, {}))
    players_sheet = next(s for s in payload["sheets"] if s["name"] == "Joueurs")
    players_sheet["values"].append(["", "Gus", "", "", "", ""])
    book = remote_book(payload)
    assert "7 joueurs" in rebuild_event(book)
    written = replay(payload, book.json()["actions"])
    players = [Player(i, name) for i, name in enumerate(["Ann", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus"], 1)]
    expected = event_layout(berger_schedule(7), players, {}, tiebreaks=("SB", "DE"), bye_points=0.5,
                            title="Club 2025")
    _assert_same_sheets(written, expected)


def test_a_workbook_without_player_sheet_gets_a_plain_message():
    book = remote_book(payload_from_sheets([("Feuil1", [["x"]])]))
    message = rebuild_event(book)
    assert "Joueurs" in message and [a["func"] for a in book.json()["actions"]] == ["alert"]


def test_refresh_keeps_pairings_built_with_other_options(tmp_path):
    """An event built with the gathering round order keeps its pairings on refresh."""
    schedule = berger_schedule(6, order="gathering")
    players = [Player(i, f"P{i}") for i in range(1, 7)]
    path = tmp_path / "gathering.xlsx"
    write_xlsx(event_layout(schedule, players, {(1, 1): "1-0"}), path)
    payload = payload_from_file(path)
    book = remote_book(payload)
    rebuild_event(book)
    written = replay(payload, book.json()["actions"])["Rondes"]
    games = sorted((v, written[(r, 2)], written[(r, 3)], written[(r, 7)]) for (r, c), v in written.items()
                   if c == 1 and isinstance(v, int) and isinstance(written.get((r, 2)), int))
    assert games == sorted(schedule.games())
