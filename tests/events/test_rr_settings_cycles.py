"""The number of cycles typed in a round-robin's Settings sheet means the same to every command.

Two readers of the sheet used to disagree on it: the event's reader (``result``, ``withdraw``…)
took anything that was not a whole number as 1 cycle, while ``update`` (the button *Mettre à
jour*, through ``read_schedule_settings``) refused it naming the cell. One parser now serves both
(``addin.sheets.roundrobin.settings``), with the stricter rule: blank is 1 cycle, a whole number
from 1 to 4 (``MAX_CYCLES``) is taken, anything else is refused with one sentence naming the cell,
and nothing is written. Oracle: the sentence as the rule states it, written out here, and the
file's bytes before and after each command.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from addin.core.errors import TournamentError
from addin.render.file_book import FileBook
from addin.sheets.roundrobin.reader import read_event
from support.cli import digest, invoke

SETTINGS = "Settings"  # the English workbook's sheet
CYCLES_CELL = "B8"


def event_with_cycles(tmp_path: Path, players: int, cycles: int, typed: object) -> Path:
    """An English event workbook of ``players`` players and ``cycles`` cycles, one result typed, its cycles
    cell then changed to ``typed`` (with openpyxl, as a spreadsheet would save it)."""
    path = tmp_path / "event.xlsx"
    result = invoke("berger", players, "--cycles", cycles, "--event", "-o", path, "--lang", "en")
    assert result.exit_code == 0, result.output
    result = invoke("result", path, 1, 1, "1-0", "--lang", "en")
    assert result.exit_code == 0, result.output
    book = load_workbook(path)
    assert book[SETTINGS][CYCLES_CELL].value == cycles
    book[SETTINGS][CYCLES_CELL] = typed
    book.save(path)
    return path


@pytest.mark.parametrize("typed", [0, 5, "deux", 2.5, " "])
def test_a_bad_number_of_cycles_is_refused_alike_by_every_command(tmp_path, typed):
    path = event_with_cycles(tmp_path, 6, 2, typed)
    sentence = (f"event.xlsx, sheet Settings, cell B8: the number of cycles must be a whole number from 1 to 4, "
                f"not {typed!r}.")
    book = FileBook(path)
    with pytest.raises(TournamentError) as refused:
        read_event(book)
    book.close()
    assert str(refused.value) == sentence
    before, files = digest(path), sorted(tmp_path.rglob("*"))
    for command in (["update", path], ["result", path, 1, 2, "0-1"], ["withdraw", path, 3, "--from-round", 4]):
        result = invoke(*command, "--lang", "en")
        assert result.exit_code == 2, (command, result.output)  # a refusal: a sentence and exit code 2
        assert sentence in result.output, (command, result.output)
        assert "Traceback" not in result.output and "ValueError" not in result.output
        assert digest(path) == before, command  # nothing written
    assert sorted(tmp_path.rglob("*")) == files  # no backup kept either: no write began


def test_a_blank_number_of_cycles_is_one_cycle_for_every_command(tmp_path):
    path = event_with_cycles(tmp_path, 5, 1, None)
    assert read_event(FileBook(path)).rounds == 5
    for command in (["result", path, 1, 2, "0-1"], ["update", path]):
        result = invoke(*command, "--lang", "en")
        assert result.exit_code == 0, (command, result.output)
    book = load_workbook(path)
    assert book[SETTINGS][CYCLES_CELL].value == 1  # written back as the one cycle it was read as
    rounds = [row for row in book["Rounds"].iter_rows(min_row=2, values_only=True) if isinstance(row[0], int)]
    assert max(row[0] for row in rounds) == 5  # 5 players, one cycle: 5 rounds


@pytest.mark.parametrize("typed, cycles", [(1, 1), (3, 3), (None, 1)])
def test_a_number_of_cycles_not_applied_yet_is_refused_until_update_applies_it(tmp_path, typed, cycles):
    """A double round-robin whose cycles cell now says another valid number (or nothing: one cycle): the
    rounds built are still two cycles'. A result or a withdrawal would write the event back with 2 in the
    cell (the organiser's change lost without a word), so each refuses with one sentence and writes
    nothing; ``update`` applies the change (6 players: 5 rounds a cycle)."""
    path = event_with_cycles(tmp_path, 6, 2, typed)
    assert read_event(FileBook(path)).rounds == 10  # the rounds sheet's two cycles, whatever the cell says
    sentence = (f"event.xlsx, sheet Settings: 'Number of cycles' was changed to {cycles}, but the rounds are those "
                f"of 2 cycle(s).")
    before, files = digest(path), sorted(tmp_path.rglob("*"))
    for command in (["result", path, 1, 2, "0-1"], ["withdraw", path, 3, "--from-round", 8]):
        result = invoke(*command, "--lang", "en")
        assert result.exit_code == 2, (command, result.output)
        assert sentence in result.output, (command, result.output)
        assert "Traceback" not in result.output and "ValueError" not in result.output
        assert digest(path) == before, command
    assert sorted(tmp_path.rglob("*")) == files
    result = invoke("update", path, "--lang", "en")
    assert result.exit_code == 0, result.output
    book = load_workbook(path)
    rounds = [row for row in book["Rounds"].iter_rows(min_row=2, values_only=True) if isinstance(row[0], int)]
    assert max(row[0] for row in rounds) == 5 * cycles
    assert invoke("result", path, 1, 2, "0-1", "--lang", "en").exit_code == 0
