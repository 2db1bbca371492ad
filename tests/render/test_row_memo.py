"""Blocks of rows kept between writes (``addin.render.sheet_memo.RowMemo``): a write that copies the kept XML of
some rounds of the Rounds sheet is the workbook a write that makes every row gives, byte for byte, and a
round's block digest (``RowBlock.digest``, given by the round-robin layout) covers everything its rows are
made from.

The oracle is the writer itself with nothing kept: every ``RowBlock`` of a stream made into its rows
before the writer sees it, and no sheet kept whole (every ``SheetLayout.memo`` cleared). Every part of
the zip is compared inflated, and the zip's own entries (sizes, checksums, dates) too, except
``docProps/core.xml``, which holds the clock's time.
"""

from __future__ import annotations

import hashlib
import json
import struct
from dataclasses import replace

import pytest
from support.rr_event_oracle import random_results
from support.kept_parts import events_of_every_shape, own_memo_folder
from support.zip_parts import zip_parts

from addin.render import xlsx
from addin.render.sheet_memo import program_digest
from addin.render.xlsx import xlsx_bytes
from addin.sheets.model import Cell, RowBlock, SheetLayout
from addin.sheets.roundrobin import event_layout
from addin.sheets.roundrobin.labels import LABELS


@pytest.fixture()
def memo_folder(tmp_path, monkeypatch):
    """A kept-rows folder of the test's own."""
    return own_memo_folder(tmp_path, monkeypatch)


@pytest.fixture()
def copied(monkeypatch):
    """The blocks of the Rounds sheet each write copied: one list a write (its blocks' first rows); those of
    the other sheets (the Crosstable's) in ``copied.others``, by sheet."""
    writes = _Copied()
    replay = xlsx.RowMemo.replay

    def counted(self, block, shared, formats, ws, batch):
        done = replay(self, block, shared, formats, ws, batch)
        if done and writes:
            if ws.name in {labels["sheet_rounds"] for labels in LABELS.values()}:
                writes[-1].append(block.first)
            else:
                writes.others[-1].setdefault(ws.name, []).append(block.first)
        return done

    monkeypatch.setattr(xlsx.RowMemo, "replay", counted)
    return writes


class _Copied(list):
    """One list of copied Rounds blocks a write, and beside it one ``{sheet: copied blocks}`` a write."""

    def __init__(self) -> None:
        super().__init__()
        self.others: list[dict[str, list[int]]] = []

    def append(self, item) -> None:
        super().append(item)
        self.others.append({})


def _crosstable_rows(layout, lang) -> dict[int, list]:
    """The Crosstable's player rows (row -> its cells: value, formula, style, stored value), from a layout."""
    sheet = layout.sheet(LABELS[lang]["sheet_crosstable"])
    rows: dict[int, list] = {}
    for (r, c), cell in sorted(sheet.cells.items()):
        rows.setdefault(r, []).append((c, cell.value, cell.style, cell.number_format, repr(cell.cached)))
    return rows


def _events():
    return events_of_every_shape(2828)


def _made(source):
    """The stream ``source`` with every block made into its rows (what a writer that keeps nothing sees)."""
    def stream():
        for item in source():
            if isinstance(item, RowBlock):
                yield from item.make()
            else:
                yield item
    return stream


def _layout(schedule, players, results, withdrawn, lang, protect, keep=True):
    layout = event_layout(schedule, players, results, lang=lang, withdrawn=withdrawn, protect=protect,
                          title="Open d'été")
    if not keep:
        for sheet in layout.sheets:
            sheet.memo = None
            if sheet.rows_source is not None:
                sheet.rows_source = _made(sheet.rows_source)
    return layout


def _rounds(layout, lang):
    return layout.sheet(LABELS[lang]["sheet_rounds"])


def _one_changed(schedule, results, rng):
    """``results`` with one game's result changed (typed, cleared or another)."""
    games = [(r, b) for r, b, _, _ in schedule.games()]
    key = rng.choice(games)
    changed = dict(results)
    choices = [code for code in ("1-0", "0-1", "1/2-1/2", "+-", "-+", None) if code != results.get(key)]
    code = rng.choice(choices)
    if code is None:
        changed.pop(key, None)
    else:
        changed[key] = code
    return changed, key[0]


def test_a_write_copying_kept_rows_is_the_workbook_made_whole(memo_folder, copied):
    for schedule, players, withdrawn, lang, protect, rng in _events():
        rounds = len(schedule.rounds)
        results = {}
        sets = []
        for fill in (0.0, 0.4, 1.0):
            results = random_results(schedule, rng, fill)
            sets.append((results, None))
            for _ in range(3):  # one result typed, changed or cleared at a time, as an organiser does
                results, changed = _one_changed(schedule, results, rng)
                sets.append((results, changed))
        cross = LABELS[lang]["sheet_crosstable"]
        before: dict[int, list] = {}
        for results, changed in sets:
            whole_layout = _layout(schedule, players, results, withdrawn, lang, protect, keep=False)
            whole = xlsx_bytes(whole_layout)
            now = _crosstable_rows(_layout(schedule, players, results, withdrawn, lang, protect, keep=False), lang)
            player_rows = [r for r in now if r > 3]  # below the header row (3)
            for attempt in range(2):
                copied.append([])
                memo = xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))
                assert zip_parts(memo) == zip_parts(whole), (len(players), changed, attempt)
                made = set(player_rows) - set(copied.others[-1].get(cross, []))
                if attempt == 1:  # the same event again: every round but the first (which numbers formats)
                    assert len(copied[-1]) == rounds - 1, (len(players), copied[-1])
                    assert made == {player_rows[0]}, (len(players), sorted(made))  # the first numbers formats
                elif changed is not None:  # one result changed: its round made, and the first
                    assert len(copied[-1]) >= rounds - 2, (len(players), changed, copied[-1])
                    # the Crosstable: only the rows whose cells changed are made, and the first
                    moved = {r for r in player_rows if now[r] != before.get(r)}
                    assert made <= moved | {player_rows[0]}, (len(players), changed, sorted(made), sorted(moved))
            before = now


def test_each_block_digest_covers_what_its_rows_are_made_from(memo_folder):
    """The guard of the layout's digests: two blocks of the same digest, from events with other results
    (forfeits among them), withdrawals or names, hold the same cells (values, formulas, styles, stored
    values), and two events that differ in a round's results differ in that round's digest."""
    for schedule, players, withdrawn, lang, protect, rng in _events():
        seen: dict[str, list] = {}
        renamed = [replace(players[0], name="Quelqu'un d'autre")] + list(players[1:])
        variants = [(players, withdrawn), (renamed, withdrawn), (players, {})]
        digests_by_results = []
        for fill in (0.0, 0.3, 0.7, 1.0):
            results = random_results(schedule, rng, fill)
            for names, gone in variants:
                sheet = _rounds(_layout(schedule, names, results, gone, lang, protect), lang)
                digests = {}
                for item in sheet.rows_source():
                    if not isinstance(item, RowBlock):
                        continue
                    cells = [(r, c, cell.value, cell.style, cell.number_format, cell.formula, cell.text,
                              repr(cell.cached)) for r, row in item.make() for c, cell in sorted(row.items())]
                    assert seen.setdefault(item.digest, cells) == cells, (len(players), item.first)
                    digests[item.first] = item.digest
                if names is players and gone is withdrawn:
                    digests_by_results.append((results, digests))
        for (a, da), (b, db) in zip(digests_by_results, digests_by_results[1:]):
            for rnd, first in _round_first_rows(schedule, da):
                if any(a.get((rnd, board)) != b.get((rnd, board)) for board in range(1, len(players))):
                    assert da[first] != db[first], (len(players), rnd)


def test_each_crosstable_row_digest_covers_what_the_row_shows(memo_folder):
    """The Crosstable gives one block a player: two rows of the same digest, from events with other
    results, withdrawals or names, hold the same cells; a player whose games' results differ has
    another digest."""
    for schedule, players, withdrawn, lang, protect, rng in _events():
        seen: dict[str, list] = {}
        renamed = [replace(players[0], name="Quelqu'un d'autre")] + list(players[1:])
        variants = [(players, withdrawn), (renamed, withdrawn), (players, {})]
        by_results = []
        for fill in (0.0, 0.3, 0.7, 1.0):
            results = random_results(schedule, rng, fill)
            for names, gone in variants:
                sheet = _layout(schedule, names, results, gone, lang, protect).sheet(LABELS[lang]["sheet_crosstable"])
                digests = {}
                for item in sheet.rows_source():
                    assert isinstance(item, RowBlock) and item.first == item.last
                    cells = [(c, cell.value, cell.style, cell.number_format, cell.formula, repr(cell.cached))
                             for r, row in item.make() for c, cell in sorted(row.items())]
                    assert seen.setdefault(item.digest, cells) == cells, (len(players), item.first)
                    digests[item.first - 3] = item.digest  # player number (rows below the header row 3)
                if names is players and gone is withdrawn:
                    by_results.append((results, digests))
        games = [(r, b, w, k) for r, b, w, k in schedule.games()]
        for (a, da), (b, db) in zip(by_results, by_results[1:]):
            for rnd, board, white, black in games:
                if a.get((rnd, board)) != b.get((rnd, board)):
                    assert da[white] != db[white] and da[black] != db[black], (len(players), rnd, board)


def _round_first_rows(schedule, digests):
    """(round number, first row of its block), in order."""
    return list(zip(range(1, len(schedule.rounds) + 1), sorted(digests)))


def _kept(folder):
    """The Rounds sheet's kept file, its text and index (``RowMemo``: the text, the JSON index, its length on 8
    bytes). The file is named by the program's digest, the sheet's place and its name (``SheetMemo.rows``); the
    Crosstable's is beside it."""
    names = set()
    for labels in LABELS.values():
        for number in range(1, 13):
            key = hashlib.sha256()
            for part in (program_digest(), "rows", str(number), labels["sheet_rounds"]):
                key.update(part.encode() + b"\0")
            names.add(f"{key.hexdigest()}.rows")
    (kept,) = [path for path in folder.glob("*/*.rows") if path.name in names]
    data = kept.read_bytes()
    (length,) = struct.unpack("<Q", data[-8:])
    return kept, data[:-8 - length], json.loads(data[-8 - length:-8])


def _write_kept(kept, text, index):
    head = json.dumps(index).encode()
    kept.write_bytes(text + head + struct.pack("<Q", len(head)))


def test_damaged_kept_rows_are_made_again(memo_folder, copied):
    schedule, players, withdrawn, lang, protect, rng = _events()[2]
    results = random_results(schedule, rng, 0.5)
    whole = xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect, keep=False))

    def every_block(kept, text, index):
        text = bytearray(text)
        for entry in index.values():
            text[(entry[5] + entry[6]) // 2] ^= 0x20  # a byte in the middle of each block
        _write_kept(kept, bytes(text), index)

    damages = {
        "a byte of each block": every_block,
        "the index cut": lambda kept, text, index: kept.write_bytes(kept.read_bytes()[:-20]),
        "the length wrong": lambda kept, text, index: kept.write_bytes(kept.read_bytes()[:-8] + b"\xff" * 8),
        "the text cut": lambda kept, text, index: _write_kept(kept, text[:len(text) // 2], index),
        "nothing": lambda kept, text, index: kept.write_bytes(b""),
    }
    for name, damage in damages.items():
        xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))
        xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))  # every block kept
        damage(*_kept(memo_folder))
        copied.append([])
        assert zip_parts(xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))) == \
            zip_parts(whole), name
        if name != "the text cut":
            assert copied[-1] == [], (name, copied[-1])
        else:  # the blocks of the first half are whole
            assert copied[-1] and len(copied[-1]) < len(schedule.rounds) - 1, copied[-1]
    # one block damaged: that one made, the others copied
    xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))
    kept, text, index = _kept(memo_folder)
    entry = sorted(index.values(), key=lambda e: e[5])[3]
    damaged = bytearray(text)
    damaged[entry[5]] ^= 0x01
    _write_kept(kept, bytes(damaged), index)
    copied.append([])
    assert zip_parts(xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))) == zip_parts(whole)
    assert len(copied[-1]) == len(schedule.rounds) - 2, copied[-1]  # the first round (formats) and the damaged one


def _rewrite(folder, change):
    """The kept file with its index changed by ``change(index)``, every block's CRC still right."""
    kept, text, index = _kept(folder)
    change(index)
    _write_kept(kept, text, index)


def test_a_kept_block_is_copied_only_in_the_state_it_was_kept_in(memo_folder, copied):
    """A block whose shared formulas would take other numbers, or whose cells' formats are numbered
    otherwise, is made (the kept file altered as another program's state would leave it)."""
    schedule, players, withdrawn, lang, protect, rng = _events()[1]
    results = random_results(schedule, rng, 0.5)
    whole = xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect, keep=False))

    def shifted(blocks):
        for state in blocks.values():
            state[0] += 1  # shared formulas begun before it

    def renumbered(blocks):
        for state in blocks.values():
            state[2] = [[style, number_format, ' s="99"'] for style, number_format, _ in state[2]]

    def unknown_format(blocks):
        for state in blocks.values():
            state[2].append(["no such style", None, ""])

    for change in (shifted, renumbered, unknown_format):
        xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))
        _rewrite(memo_folder, change)
        copied.append([])
        assert zip_parts(xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))) == \
            zip_parts(whole)
        assert copied[-1] == [], (change.__name__, copied[-1])


def test_a_block_holding_a_cell_put_directly_is_made():
    """``SheetLayout.rows(blocks=True)`` gives a block as it is only when no cell put directly (an
    organiser's column carried over) lies in its rows; its rows are made otherwise, merged with it."""
    def stream():
        yield 1, {1: Cell("a")}
        yield RowBlock(2, 3, "d1", lambda: iter([(2, {1: Cell("b")}), (3, {1: Cell("c")})]))
        yield RowBlock(4, 5, "d2", lambda: iter([(4, {1: Cell("d")}), (5, {1: Cell("e")})]))

    sheet = SheetLayout("s")
    sheet.stream(stream)
    sheet.set(5, 9, "his")
    items = list(sheet.rows(blocks=True))
    assert isinstance(items[1], RowBlock) and items[1].digest == "d1"
    assert [(r, sorted(row)) for r, row in items[2:]] == [(4, [1]), (5, [1, 9])]
    assert [r for r, _ in sheet.rows()] == [1, 2, 3, 4, 5]
    assert sorted(sheet.cells) == [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (5, 9)]


def test_a_block_with_a_row_outside_it_is_refused():
    sheet = SheetLayout("s")
    sheet.stream(lambda: iter([RowBlock(2, 3, "d", lambda: iter([(4, {1: Cell("x")})]))]))
    with pytest.raises(ValueError):
        list(sheet.rows())


def test_the_kept_file_is_written_again_only_for_a_block_it_lacks(memo_folder, copied):
    schedule, players, withdrawn, lang, protect, rng = _events()[0]
    results = random_results(schedule, rng, 0.5)
    xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))
    kept, text, index = _kept(memo_folder)
    stamp = kept.stat().st_mtime_ns
    xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))  # the same blocks
    assert kept.stat().st_mtime_ns == stamp and _kept(memo_folder)[1:] == (text, index)
    changed, rnd = _one_changed(schedule, results, rng)
    copied.append([])
    assert zip_parts(xlsx_bytes(_layout(schedule, players, changed, withdrawn, lang, protect))) == \
        zip_parts(xlsx_bytes(_layout(schedule, players, changed, withdrawn, lang, protect, keep=False)))
    kept, text2, index2 = _kept(memo_folder)
    assert set(index2) != set(index) and len(set(index2) - set(index)) == 1  # the changed round's block
    assert not list(memo_folder.glob("*/*.tmp"))
