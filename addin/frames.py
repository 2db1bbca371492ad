"""pandas views of schedules, standings and Molter tables.

For organisers and federations who script their events in Python or Jupyter:
the same objects the workbooks are built from, as DataFrames that filter,
pivot and export (``to_csv``, ``to_excel``) in one line. Nothing here computes
a rule: each function only reshapes the single source of truth.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Iterable

import pandas as pd

from addin.systems.molter.model import MolterTable
from addin.core.schedule import Schedule


def schedule_frame(schedule: Schedule) -> pd.DataFrame:
    """One row per game and per bye: round, board, white, black, cycle, table_round.

    A bye has an empty board and ``black`` = ``"BYE"``.
    """
    rows: list[tuple] = []
    for rnd in schedule.rounds:
        for game in rnd.games:
            rows.append((rnd.number, game.board, game.white, game.black, rnd.cycle, rnd.table_round))
        for player in rnd.byes:
            rows.append((rnd.number, pd.NA, player, "BYE", rnd.cycle, rnd.table_round))
    frame = pd.DataFrame(rows, columns=["round", "board", "white", "black", "cycle", "table_round"])
    frame["board"] = frame["board"].astype("Int64")
    return frame


def standings_frame(standings: Iterable, players: Iterable | None = None) -> pd.DataFrame:
    """Standings (``addin.systems.standings.roundrobin.Standing``) as a frame, names joined if given."""
    frame = pd.DataFrame([asdict(s) for s in standings])
    if players is not None and not frame.empty:
        names = {p.number: p.name for p in players}
        frame.insert(2, "name", frame["number"].map(names))
    return frame


def molter_frame(table: MolterTable) -> pd.DataFrame:
    """A Molter table laid out as printed: one row per board, one column per round."""
    columns = {}
    for label, rnd in table.all_rounds():
        columns["autonomous" if label == "a" else f"round {label}"] = [str(p) for p in rnd]
    frame = pd.DataFrame(columns)
    frame.index = pd.RangeIndex(1, len(frame) + 1, name="board")
    return frame
