"""A small table typed by an organiser: a header row and numbered data rows.

Whatever file it came from (CSV or the first sheet of an XLSX, read by
``addin.files.read_table``), every data row keeps its line number so that each check
can say "players.csv, line 7: …". Columns are found by their header, in any case, with
or without accents, under any of their French or English names.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from addin.core.errors import TournamentError


@dataclass(frozen=True)
class Table:
    """A header and its data rows, each row with its 1-based line number."""

    source: str
    header: list[str]
    rows: list[tuple[int, list[Any]]]
    encoding: str = ""  # "UTF-8" or "Windows-1252 (cp1252)" for CSV, "" for XLSX
    header_line: int = 1


def header_key(text: Any) -> str:
    """A header cell as a key: lower case, no accents, no spaces or punctuation around."""
    if text is None:
        return ""
    flat = unicodedata.normalize("NFKD", str(text))
    flat = "".join(ch for ch in flat if not unicodedata.combining(ch))
    return " ".join(flat.lower().replace("_", " ").split()).strip(" .:°#")


def column_map(header: list[Any], aliases: dict[str, tuple[str, ...]], source: str,
               header_line: int = 1) -> dict[str, int]:
    """Map each known field to its column index; a field given twice is refused."""
    found: dict[str, int] = {}
    for index, cell in enumerate(header):
        key = header_key(cell)
        for field, names in aliases.items():
            if key in names:
                if field in found:
                    raise TournamentError("{source}, line {line}: the column '{field}' appears twice in the header.",
                                          source=source, line=header_line, field=field)
                found[field] = index
    return found


def row_cells(columns: dict[str, int], cells: Sequence[Any]) -> Callable[[str], Any]:
    """The data row ``cells`` read by field (``column_map``'s names): a field whose column is absent,
    or beyond the end of a short row, reads as None."""
    def cell(field: str) -> Any:
        index = columns.get(field)
        return cells[index] if index is not None and index < len(cells) else None

    return cell
