"""Bare schedules (no event workbook): a round-robin table written as ``.csv`` or ``.xlsx``."""

from __future__ import annotations

from pathlib import Path

from addin.core.messages import Message, N_
from addin.core.schedule import Schedule
from addin.events.common import Outcome
from addin.render.output import write_bytes
from addin.render.table_file import check_suffix, table_bytes


#: the table's header, its bye and its sheet's name, in the organiser's language
HEADER = N_("Round,Board,White,Black")
BYE, TITLE = N_("BYE"), N_("Schedule")


def schedule_rows(schedule: Schedule) -> list[list]:
    """The schedule as a table (``Schedule.rows``) with its header and byes in the organiser's language."""
    rows = schedule.rows(Message(BYE).text())
    rows[0] = Message(HEADER).text().split(",")
    return rows


def write_schedule(schedule: Schedule, output: Path, force: bool = False) -> Outcome:
    """Write ``schedule`` as a table (``Round, Board, White, Black``, in the organiser's language) to ``output``."""
    suffix = check_suffix(output)
    rows = schedule_rows(schedule)
    backup = write_bytes(Path(output), lambda: table_bytes(rows, suffix, Message(TITLE).text()), force=force)
    return Outcome(Message("Wrote {path}", path=output), [Path(output)], backup)
