"""Sheets kept between writes (``addin.render.sheet_memo.SheetMemo``): a write that reuses a kept sheet is
the workbook a write that makes every sheet gives, byte for byte, and a sheet declared to be made
without the results (the round-robin's Calc and Cards sheets) is indeed the same whatever the results.

The oracle is the writer itself with nothing kept (every ``SheetLayout.memo`` cleared): every part
of the zip is compared inflated, and the zip's own entries (sizes, checksums, dates) too, except
``docProps/core.xml``, which holds the clock's time.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import replace

import pytest
from support.rr_event_oracle import random_results
from support.kept_parts import events_of_every_shape, own_memo_folder
from support.zip_parts import zip_parts as _parts

from addin.render import xlsx
from addin.render.xlsx import xlsx_bytes
from addin.sheets.roundrobin import event_layout
from addin.sheets.roundrobin.labels import LABELS


@pytest.fixture()
def memo_folder(tmp_path, monkeypatch):
    """A kept-sheets folder of the test's own."""
    return own_memo_folder(tmp_path, monkeypatch)


def _events():
    return events_of_every_shape(28)


def _layout(schedule, players, results, withdrawn, lang, protect, keep=True):
    layout = event_layout(schedule, players, results, lang=lang, withdrawn=withdrawn, protect=protect,
                          title="Open d'été")
    if not keep:
        for sheet in layout.sheets:
            sheet.memo = None
    return layout


def test_a_write_reusing_kept_sheets_is_the_workbook_made_whole(memo_folder, monkeypatch):
    reused = []
    render = xlsx._render_sheet

    def counted(ws, layout, *args, rows=True):
        if not rows:
            reused.append(layout.name)
        render(ws, layout, *args, rows=rows)

    monkeypatch.setattr(xlsx, "_render_sheet", counted)
    for schedule, players, withdrawn, lang, protect, rng in _events():
        before = len(list(memo_folder.glob("*/*.part")))
        for fill in (0.0, 0.4, 1.0):  # the first write keeps the sheets, the later ones reuse them
            results = random_results(schedule, rng, fill)
            whole = xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect, keep=False))
            for _ in range(2):
                memo = xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect))
                assert _parts(memo) == _parts(whole), (len(players), fill)
        kept = len(list(memo_folder.glob("*/*.part"))) - before
        assert kept == 2, kept  # Calc and Cards, made once for all these results
        L = LABELS[lang]
        assert sorted(reused) == sorted([L["sheet_calc"], L["sheet_cards"]] * 5), reused  # 6 writes, 1 making them
        reused.clear()


def test_the_kept_sheets_do_not_depend_on_the_results(memo_folder):
    """The guard of the layout's declaration: the Calc and Cards sheets' parts, made from the same event
    with other results (none, some, all, forfeits among them), are the same bytes."""
    for schedule, players, withdrawn, lang, protect, rng in _events():
        L = LABELS[lang]
        names = [sheet.name for sheet in _layout(schedule, players, {}, withdrawn, lang, protect).sheets]
        wanted = {f"xl/worksheets/sheet{names.index(name) + 1}.xml" for name in (L["sheet_calc"], L["sheet_cards"])}
        seen = None
        for fill in (0.0, 0.3, 0.7, 1.0):
            results = random_results(schedule, rng, fill)
            parts = _parts(xlsx_bytes(_layout(schedule, players, results, withdrawn, lang, protect, keep=False)))
            mine = {name: body[0] for name, body in parts if name in wanted}
            assert seen is None or mine == seen, (len(players), fill)
            seen = mine


def test_a_sheet_of_other_inputs_is_made_again(memo_folder):
    schedule, players, withdrawn, lang, protect, rng = _events()[1]
    xlsx_bytes(_layout(schedule, players, {}, withdrawn, lang, protect))
    renamed = [replace(players[0], name="Quelqu'un d'autre")] + list(players[1:])
    whole = xlsx_bytes(_layout(schedule, renamed, {}, withdrawn, lang, protect, keep=False))
    assert _parts(xlsx_bytes(_layout(schedule, renamed, {}, withdrawn, lang, protect))) == _parts(whole)
    assert len(list(memo_folder.glob("*/*.part"))) == 4  # the renamed event's Calc and Cards kept beside


def test_a_sheet_kept_from_a_plain_workbook_is_not_reused_in_a_macro_enabled_one(memo_folder):
    """A macro-enabled workbook names each sheet for VBA in its own part (``codeName``)."""
    schedule, players, withdrawn, lang, protect, rng = _events()[0]
    xlsx_bytes(_layout(schedule, players, {}, withdrawn, lang, protect))
    macros = xlsx.Macros(b"a VBA project, as XlsxWriter stores it")
    whole = xlsx_bytes(_layout(schedule, players, {}, withdrawn, lang, protect, keep=False), macros)
    assert b'codeName="' in zipfile.ZipFile(io.BytesIO(whole)).read("xl/worksheets/sheet1.xml")
    for _ in range(2):
        assert _parts(xlsx_bytes(_layout(schedule, players, {}, withdrawn, lang, protect), macros)) == _parts(whole)


def test_a_damaged_kept_sheet_is_made_again(memo_folder):
    schedule, players, withdrawn, lang, protect, rng = _events()[2]
    xlsx_bytes(_layout(schedule, players, {}, withdrawn, lang, protect))
    for kept in memo_folder.glob("*/*.part"):
        data = bytearray(kept.read_bytes())
        data[-1] ^= 0xFF  # a byte of the deflated part changed
        kept.write_bytes(bytes(data))
    whole = xlsx_bytes(_layout(schedule, players, {}, withdrawn, lang, protect, keep=False))
    assert _parts(xlsx_bytes(_layout(schedule, players, {}, withdrawn, lang, protect))) == _parts(whole)


def test_a_kept_sheet_written_to_a_stream_that_cannot_seek(memo_folder):
    """A target that cannot seek (a pipe) gets the kept part inflated, as the whole write gives it."""

    class Pipe(io.RawIOBase):
        def __init__(self):
            self.data = bytearray()

        def writable(self):
            return True

        def write(self, chunk):
            self.data += chunk
            return len(chunk)

    schedule, players, withdrawn, lang, protect, rng = _events()[0]
    xlsx_bytes(_layout(schedule, players, {}, withdrawn, lang, protect))
    written = []
    for keep in (False, True):
        pipe = Pipe()
        xlsx.write_book(_layout(schedule, players, {}, withdrawn, lang, protect, keep=keep), pipe)
        written.append(bytes(pipe.data))
    assert _parts(written[1]) == _parts(written[0])
