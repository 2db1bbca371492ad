"""A round-robin file not changed since this program wrote it is read from what the write said it holds.

``sheet_rounds.read_back`` says what a read of the written Rounds sheet gives in the cells its reader
reads; ``FileBook.known`` gives those rows back while the file is byte for byte the one written
(``addin.render.known_rows``). The oracle is the file itself, read back by the reader the program uses
otherwise (calamine, formulas without a value found in the XML): for round-robins of every shape
(byes, two cycles, withdrawals, forfeits, English), the known rows are the file's own in every cell the
reader reads, and the event read from them is the event read from the file. A file changed since, a
sheet that holds the organiser's notes, a damaged or foreign kept file: the sheet is read from the file,
and nothing of the organiser's is lost.
"""

from __future__ import annotations

import json
import os
import zipfile

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook
from support.kept_parts import events_of_every_shape, own_memo_folder
from support.rr_event_oracle import random_results

from addin.cli import cli
from addin.core.header import EventHeader
from addin.events import roundrobin as use_cases
from addin.render.file_book import FileBook
from addin.render.output import write_bytes
from addin.render.xlsx import xlsx_bytes
from addin.sheets.roundrobin import read_event
from addin.sheets.roundrobin.cells import RoundsCols
from addin.sheets.roundrobin.labels import LABELS
from addin.sheets.roundrobin.layout import event_workbook
from addin.sheets.roundrobin.workbook import write_event
from addin.systems.roundrobin.event import RoundRobinEvent

#: the cells of a game row the reader reads (``reader.read_rounds``): round, board, numbers, result
READ_COLUMNS = (RoundsCols.ROUND, RoundsCols.BOARD, RoundsCols.WHITE_NO, RoundsCols.RESULT, RoundsCols.BLACK_NO)


@pytest.fixture()
def memo_folder(tmp_path, monkeypatch):
    (tmp_path / "tmp").mkdir()
    return own_memo_folder(tmp_path / "tmp", monkeypatch)


def _written(path, event: RoundRobinEvent):
    """``event`` in a file at ``path``, written a second time through a ``FileBook`` (as a command writes)."""
    write_bytes(path, lambda: xlsx_bytes(event_workbook(event)), force=True, backup=False)
    book = FileBook(path)
    write_event(book, event)
    return path


def _events():
    for schedule, players, withdrawn, lang, protect, rng in events_of_every_shape(4242):
        for fill in (0.0, 0.5, 1.0):
            yield lang, RoundRobinEvent(schedule, tuple(players), random_results(schedule, rng, fill), dict(withdrawn),
                                        header=EventHeader(title="Open", lang=lang))


def _cell(rows, r, c):
    row = rows[r] if r < len(rows) else []
    return row[c - 1] if c <= len(row) else None


def _file_rows(path, lang):
    book = FileBook(path)
    try:
        return book.values(LABELS[lang]["sheet_rounds"])
    finally:
        book.close()


def test_the_known_rows_are_the_files_own_in_every_cell_the_reader_reads(tmp_path, memo_folder):
    for k, (lang, event) in enumerate(_events()):
        path = _written(tmp_path / f"event{k}.xlsx", event)
        book = FileBook(path)
        known = book.known(LABELS[lang]["sheet_rounds"])
        book.close()
        assert known is not None, k
        rows = _file_rows(path, lang)
        assert len(known) == len(rows), k
        for c in range(1, RoundsCols.CHECK + 1):  # the header row, whole
            assert _cell(known, 0, c) == _cell(rows, 0, c), (k, c)
        for r in range(1, len(rows)):
            for c in range(1, RoundsCols.LAST_HIDDEN + 1):
                expected = _cell(rows, r, c) if c in READ_COLUMNS else None
                assert _cell(known, r, c) == expected, (k, r + 1, c)


def test_the_event_read_from_the_known_rows_is_the_event_read_from_the_file(tmp_path, memo_folder):
    for k, (lang, event) in enumerate(_events()):
        path = _written(tmp_path / f"event{k}.xlsx", event)
        from_known = read_event(FileBook(path))
        from_file = read_event(_with_known_off(path))
        assert from_known == from_file, k
        assert from_file.results == event.results and from_file.withdrawn == event.withdrawn, k


def test_a_new_event_file_is_read_from_what_its_first_write_said(tmp_path, memo_folder):
    """``berger N --event`` writes a new file: the first result command reads its rows as it wrote them."""
    path = tmp_path / "new.xlsx"
    result = CliRunner().invoke(cli, ["berger", "9", "--event", "-o", str(path)])
    assert result.exit_code == 0, result.output
    rounds = LABELS["fr"]["sheet_rounds"]
    book = FileBook(path)
    known = book.known(rounds)
    book.close()
    rows = _file_rows(path, "fr")
    assert known is not None and len(known) == len(rows)
    assert all(_cell(known, r, c) == (_cell(rows, r, c) if r == 0 or c in READ_COLUMNS else None)
               for r in range(len(rows)) for c in range(1, RoundsCols.LAST_HIDDEN + 1))
    result = CliRunner().invoke(cli, ["result", str(path), "9", "1", "1-0"])
    assert result.exit_code == 0, result.output
    assert read_event(_with_known_off(path)).results == {(9, 1): "1-0"}


def _one_event(tmp_path):
    lang, event = next(e for e in _events() if e[0] == "fr" and e[1].results)
    return _written(tmp_path / "event.xlsx", event), event


def test_a_file_changed_since_it_was_written_is_read_from_the_file(tmp_path, memo_folder):
    path, event = _one_event(tmp_path)
    assert FileBook(path).known(LABELS["fr"]["sheet_rounds"]) is not None
    with zipfile.ZipFile(path, "a") as archive:  # any change: here the zip's comment
        archive.comment = b"saved again"
    assert FileBook(path).known(LABELS["fr"]["sheet_rounds"]) is None


def test_a_note_typed_beside_a_game_is_kept_by_every_later_write(tmp_path, memo_folder):
    """His note makes the file another one (read from the file, the note carried); the file then written
    holds his note, so its Rounds sheet is not known and the next write reads and carries it again."""
    path, event = _one_event(tmp_path)
    rounds = LABELS["fr"]["sheet_rounds"]
    note_col = RoundsCols.LAST_HIDDEN + 2
    book = load_workbook(path)
    book[rounds].cell(3, note_col).value = "pendule changée"
    book.save(path)
    games = [(r, b) for r, b, _, _ in event.schedule.games() if (r, b) not in event.results]
    for rnd, board in games[:2]:
        outcome = use_cases.set_result(FileBook(path), rnd, board, "1-0")
        assert outcome.backup is not None
        assert FileBook(path).known(rounds) is None
        assert load_workbook(path)[rounds].cell(3, note_col).value == "pendule changée"
        assert read_event(FileBook(path)).results[(rnd, board)] == "1-0"


def test_results_typed_one_after_the_other_are_all_read(tmp_path, memo_folder):
    """A command after a command: each reads the rows the one before wrote, and finds every result."""
    path, event = _one_event(tmp_path)
    rounds = LABELS["fr"]["sheet_rounds"]
    expected = dict(event.results)
    games = [(r, b) for r, b, _, _ in event.schedule.games() if (r, b) not in event.results]
    for rnd, board in games[:3]:
        assert FileBook(path).known(rounds) is not None
        use_cases.set_result(FileBook(path), rnd, board, "0-1")
        expected[(rnd, board)] = "0-1"
        assert read_event(FileBook(path)).results == expected
    assert read_event(_with_known_off(path)).results == expected


@pytest.mark.parametrize("damage", ["not json", "not rows", "a float", "another user's folder"])
def test_a_damaged_or_foreign_kept_file_is_not_read(tmp_path, memo_folder, damage):
    path, event = _one_event(tmp_path)
    rounds = LABELS["fr"]["sheet_rounds"]
    (kept,) = memo_folder.glob("*/*.known")
    if damage == "not json":
        kept.write_text("{not json")
    elif damage == "not rows":
        kept.write_text(json.dumps({rounds: {"1": [1]}}))
    elif damage == "a float":
        rows = json.loads(kept.read_text())[rounds]
        game = next(row for row in rows[1:] if len(row) >= RoundsCols.RESULT)
        game[RoundsCols.RESULT - 1] = 0.5
        kept.write_text(json.dumps({rounds: rows}))
    else:
        os.chmod(kept.parent, 0o777)
    assert FileBook(path).known(rounds) is None
    assert read_event(FileBook(path)) == read_event(_with_known_off(path))


def _with_known_off(path):
    book = FileBook(path)
    book.known = lambda sheet: None  # type: ignore[method-assign]
    return book


def test_the_rows_of_a_file_read_again_stay_while_others_are_written(tmp_path, memo_folder):
    """The kept files go least recently used first: an event file read by every command keeps its rows
    while other files' writes come and go (``KNOWN_KEEP`` of them)."""
    from addin.render.known_rows import KNOWN_KEEP

    path, event = _one_event(tmp_path)
    rounds = LABELS["fr"]["sheet_rounds"]
    other = _written(tmp_path / "other.xlsx", event)
    # each step types another game's result, one it did not hold: a file never written before
    steps = [(r, b, next(code for code in ("1-0", "0-1") if code != event.results.get((r, b))))
             for r, b, _, _ in event.schedule.games()][:KNOWN_KEEP + 2]
    assert len(steps) == KNOWN_KEEP + 2
    for k, (rnd, board, code) in enumerate(steps):
        assert FileBook(path).known(rounds) is not None, k  # read: the most recently used again
        use_cases.set_result(FileBook(other), rnd, board, code)  # another file written
    assert FileBook(path).known(rounds) is not None
    assert len(list(memo_folder.glob("*/*.known"))) == KNOWN_KEEP
