"""The K factor of the Performance sheet is an input of Settings: read back, refused when absurd."""


import pytest
from openpyxl import load_workbook

from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.players import Player
from addin.render.file_book import FileBook
from addin.render.xlsx import write_xlsx
from addin.sheets.roundrobin import event_layout
from addin.sheets.roundrobin.cells import SettingsRows
from addin.sheets.roundrobin.labels import LABELS
from addin.sheets.roundrobin.layout import event_workbook
from addin.sheets.roundrobin.reader import read_event
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent


def _event(k):
    schedule = berger_schedule(4)
    players = tuple(Player(i, f"P{i}", 2000 + 10 * i) for i in range(1, 5))
    return RoundRobinEvent(schedule, players, {(1, 1): "1-0"}, header=EventHeader(lang="en"), k_factor=k)


def test_k_factor_round_trip_and_default(tmp_path):
    path = tmp_path / "k.xlsx"
    write_xlsx(event_workbook(_event(40.0)), path)
    assert read_event(FileBook(path)).k_factor == 40.0
    sheet = load_workbook(path)[LABELS["en"]["sheet_settings"]]
    assert sheet.cell(SettingsRows.K_FACTOR, 2).value == 40
    old = tmp_path / "old.xlsx"  # a workbook made before the K factor existed: 20
    book = load_workbook(path)
    book[LABELS["en"]["sheet_settings"]].cell(SettingsRows.K_FACTOR, 2).value = None
    book.save(old)
    assert read_event(FileBook(old)).k_factor == 20.0


@pytest.mark.parametrize("bad", [0, -10, "abc", 1000])
def test_k_factor_refused_in_one_sentence(tmp_path, bad):
    path = tmp_path / "k.xlsx"
    write_xlsx(event_layout(berger_schedule(4), [Player(i, f"P{i}") for i in range(1, 5)], lang="en"), path)
    book = load_workbook(path)
    book[LABELS["en"]["sheet_settings"]].cell(SettingsRows.K_FACTOR, 2).value = bad
    book.save(path)
    with pytest.raises(TournamentError, match="K factor must be a number from 1 to 100"):
        read_event(FileBook(path))
