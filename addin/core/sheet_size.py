"""What one worksheet can hold, so that a table no sheet can take is refused before it is built.

Excel (2007 and later, every platform) holds 1,048,576 rows by 16,384 columns in a worksheet
(Microsoft, "Excel specifications and limits"; xlwings' ``constants.MAX_ROWS``/``MAX_COLUMNS``
carry the same numbers), and LibreOffice Calc, since 7.4, the same. A spilled array that
would pass those edges cannot be shown (Excel answers ``#SPILL!`` only after Python has
spent its time and memory building it), and openpyxl refuses to save such a file with a
traceback. A CSV file has no such limit: the refusal says so.
"""

from __future__ import annotations

from addin.core.errors import TournamentError
from addin.core.messages import Message

SHEET_ROWS = 1_048_576
SHEET_COLUMNS = 16_384


def fits(rows: int, columns: int) -> bool:
    """True when a table of ``rows`` × ``columns`` cells fits in one worksheet."""
    return rows <= SHEET_ROWS and columns <= SHEET_COLUMNS


def check_fits(rows: int, columns: int, advice: Message | None = None) -> None:
    """Refuse a table of ``rows`` × ``columns`` that no worksheet can hold.

    ``advice`` says what to do instead; by default, write a CSV file with the command line.
    """
    if fits(rows, columns):
        return
    raise TournamentError(
        "This table would take {rows} rows and {columns} columns, more than a worksheet holds "
        "({max_rows} rows, {max_columns} columns): {advice}",
        rows=rows, columns=columns, max_rows=SHEET_ROWS, max_columns=SHEET_COLUMNS,
        advice=advice or Message(
            "write it to a .csv file with the command line instead (option -o table.csv)."))
