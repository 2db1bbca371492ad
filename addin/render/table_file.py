"""Write a plain table (list of rows, header first) to ``.xlsx`` or ``.csv``.

Text cells are written as text, never as formulas: a cell starting with ``=``
stays a literal string. XLSX rows are streamed (XlsxWriter, constant memory). A table no worksheet
can hold is refused before the workbook is made (:mod:`addin.core.sheet_size`), with a
sentence pointing to the CSV output, instead of openpyxl's traceback after the work.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Sequence

from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.core.sheet_size import check_fits

SUFFIXES = (".xlsx", ".csv")


def check_suffix(path: Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise TournamentError("The output file must end in .xlsx or .csv, not '{name}'.", name=Path(path).name)
    return suffix


def write_table(rows: Sequence[Sequence], path: Path, suffix: str, title: str = "Schedule") -> None:
    """Write ``rows`` to ``path`` in the format named by ``suffix``."""
    Path(path).write_bytes(table_bytes(rows, suffix, title))


def table_bytes(rows: Sequence[Sequence], suffix: str, title: str = "Schedule") -> bytes:
    """The file of ``rows`` in the format named by ``suffix`` (``.csv`` or ``.xlsx``), in memory."""
    if suffix == ".csv":
        text = io.StringIO(newline="")
        csv.writer(text).writerows(rows)
        return text.getvalue().encode("utf-8")
    check_fits(len(rows), max((len(row) for row in rows), default=0),
               Message("write it to a file ending in .csv instead."))
    from addin.render.xlsx import table_xlsx  # XlsxWriter only when an .xlsx is asked for

    return table_xlsx(rows, title)
