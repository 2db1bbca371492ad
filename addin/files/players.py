"""Read a player list file (CSV or XLSX) and number it (``addin.core.players`` has the rules)."""

from __future__ import annotations

from typing import Any

from addin.core.args import as_choice
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.core.players import ALIASES, NUMBERINGS, OPTIONAL_TEXT, Player, number_records
from addin.core.table import column_map
from addin.files.read_table import read_table


def read_players(path: Any, numbering: str = "listed", seed: int | None = None) -> list[Player]:
    """Read a CSV or XLSX player list and number it; sorted by pairing number."""
    numbering = as_choice(numbering, "numbering", NUMBERINGS, default="listed")
    table = read_table(path, "players", frozenset(ALIASES["name"]))
    columns = column_map(table.header, ALIASES, table.source, table.header_line)
    if "name" not in columns:
        raise TournamentError(
            "{source}, line {line}: there is no 'name' column; the header row must name a column 'name' "
            "(optional columns: {optional}).", source=table.source, line=table.header_line,
            optional=Message(OPTIONAL_TEXT))
    records = []
    for line, cells in table.rows:
        record = {field: (cells[index] if index < len(cells) else None)
                  for field, index in columns.items()}
        records.append((line, record))
    return number_records(records, numbering, seed, table.source, "line", "number" in columns,
                   table.header_line)
