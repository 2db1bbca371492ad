"""What the proofs of kept sheets and kept rows share (``tests/render/test_sheet_memo.py``,
``tests/render/test_row_memo.py``): a kept-parts folder of the test's own, and round-robins of every
shape the layout makes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from support.rr_event_oracle import random_players

from addin.systems.roundrobin.berger import berger_schedule


def own_memo_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the writer's temporary folder (where it keeps sheets and rows) at ``tmp_path``."""
    import tempfile

    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    return tmp_path


def events_of_every_shape(seed: int) -> list[tuple]:
    """Round-robins of every shape the layout makes: odd fields (byes), two cycles, withdrawals, English,
    protected — each ``(schedule, players, withdrawn, lang, protect, rng)``, drawn from ``seed``."""
    rng = random.Random(seed)
    out = []
    for n, cycles, lang, protect in ((5, 1, "fr", False), (8, 2, "en", False), (11, 1, "fr", True),
                                     (16, 1, "fr", False)):
        schedule = berger_schedule(n, cycles)
        players = random_players(n, rng)
        withdrawn = {rng.randint(1, n): len(schedule.rounds) // 2} if n >= 8 else {}
        out.append((schedule, players, withdrawn, lang, protect, rng))
    return out
