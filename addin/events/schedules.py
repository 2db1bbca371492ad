"""Bare schedules (no event workbook): a round-robin table written as ``.csv`` or ``.xlsx``."""

from __future__ import annotations

from pathlib import Path

from addin.core.messages import Message
from addin.core.schedule import Schedule
from addin.events.common import Outcome
from addin.render.output import write_bytes
from addin.render.table_file import check_suffix, table_bytes


def write_schedule(schedule: Schedule, output: Path, force: bool = False, title: str = "Schedule") -> Outcome:
    """Write ``schedule`` as a table (``Round, Board, White, Black``) to ``output``."""
    suffix = check_suffix(output)
    backup = write_bytes(Path(output), lambda: table_bytes(schedule.rows(), suffix, title), force=force)
    return Outcome(Message("Wrote {path}", path=output), [Path(output)], backup)
