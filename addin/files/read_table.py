"""Read a small table typed by an organiser: a CSV file or the first sheet of an XLSX.

The header is the first non-empty row, or, for a reader that knows its columns (a player
list: ``name``, ``nom``…), the first of the first :data:`HEADER_ROWS` non-empty rows that
names one of them: the title lines an export puts above its table ("Open de Nîmes 2027",
a date, a blank line) are skipped. Every data row keeps its line number
(CSV: the physical line where the record starts; XLSX: the row number), so
that each check can say "players.csv, line 7: …".

CSV files come from many programs: the bytes are decoded as UTF-8 (with or
without a byte-order mark) and, failing that, as Windows-1252 (what a French
Excel writes with "CSV (séparateur: point-virgule)"). The separator is the one
of ``,``, ``;`` or tab that occurs most in the first :data:`HEADER_ROWS` non-empty lines. Bytes that are
neither UTF-8 nor Windows-1252 are refused with the line they are on.

XLSX files: the first worksheet, read by ``addin.render.xlsx_read`` (a formula saved
without its value is named as such, not taken for an empty cell).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from addin.core.cells import is_blank, text
from addin.core.errors import TournamentError
from addin.core.messages import Message, N_
from addin.core.table import Table, column_map, header_key  # noqa: F401  (re-exported)

ENCODINGS = ("utf-8-sig", "cp1252")
#: how many non-empty rows may stand above the header (titles, dates of an export)
HEADER_ROWS = 10
_ENCODING_NAMES = {"utf-8-sig": "UTF-8", "cp1252": "Windows-1252 (cp1252)"}


def decode(data: bytes, source: str) -> tuple[str, str]:
    """Decode ``data`` as UTF-8, else Windows-1252; return ``(text, encoding name)``."""
    for encoding in ENCODINGS:
        try:
            return data.decode(encoding), _ENCODING_NAMES[encoding]
        except UnicodeDecodeError:
            continue
    # Name the first line holding a byte that fits neither encoding.
    for number, raw in enumerate(data.split(b"\n"), 1):
        try:
            raw.decode("utf-8-sig")
            continue
        except UnicodeDecodeError:
            pass
        try:
            raw.decode("cp1252")
        except UnicodeDecodeError:
            raise TournamentError(
                "{source}, line {line}: the file holds bytes that are neither UTF-8 nor "
                "Windows-1252 (cp1252) text; save it again as \"CSV UTF-8\".", source=source, line=number) from None
    raise TournamentError(
        "{source}: the file mixes UTF-8 and Windows-1252 (cp1252) text; "
        "save it again as \"CSV UTF-8\".", source=source)


def read_table(path: Any, what: str, header: frozenset[str] | None = None) -> Table:
    """Read ``path`` (``.csv``, ``.txt``, ``.tsv`` or ``.xlsx``/``.xlsm``); ``what`` names it in errors.

    ``header``: header keys (``addin.core.table.header_key``) one of which the header row holds;
    rows above it are skipped (module docstring). None: the first non-empty row is the header.
    """
    path = Path(path)
    source = path.name
    if not path.is_file():
        raise TournamentError("The {what} file {path} does not exist.", what=_what(what), path=path)
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return _find_header(_read_xlsx(path, source), header)
    if suffix in (".csv", ".txt", ".tsv", ""):
        text, encoding = decode(path.read_bytes(), source)
        return _find_header(parse_csv(text, source, encoding), header)
    raise TournamentError("The {what} file {source} must be a .csv or .xlsx file, not {suffix}.",
                          what=_what(what), source=source, suffix=suffix)


_WHAT = {"players": N_("players"), "teams": N_("teams"), "results": N_("results"), "team": N_("team"),
         "rosters": N_("rosters")}


def _what(what: str) -> Message | str:
    """The kind of list named in a sentence, translated when it is one of ours."""
    return Message(_WHAT[what]) if what in _WHAT else what


def parse_csv(text: str, source: str, encoding: str = "") -> Table:
    """Split CSV text into header and numbered rows (separator guessed from the header)."""
    first = [line for line in text.splitlines() if line.strip()][:HEADER_ROWS]
    delimiter = max((",", ";", "\t"), key=lambda d: sum(line.count(d) for line in first))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header: list[str] | None = None
    header_line = 1
    rows: list[tuple[int, list[Any]]] = []
    start = 1
    try:
        for record in reader:
            line, start = start, reader.line_num + 1
            if not any(cell.strip() for cell in record):
                continue
            if header is None:
                header, header_line = record, line
            else:
                rows.append((line, record))
    except csv.Error as exc:
        raise TournamentError("{source}, line {line}: this line is not valid CSV ({reason}).", source=source,
                              line=reader.line_num, reason=exc) from None
    if header is None:
        raise TournamentError("{source} is empty: it needs a header row.", source=source)
    return Table(source, header, rows, encoding, header_line)


def _find_header(table: Table, header: frozenset[str] | None) -> Table:
    """``table`` with its header moved down to the first row naming one of ``header`` (if any is near the top)."""
    if not header or any(header_key(cell) in header for cell in table.header):
        return table
    for index, (line, cells) in enumerate(table.rows[:HEADER_ROWS - 1]):
        if any(header_key(cell) in header for cell in cells):
            return Table(table.source, [text(c) for c in cells], table.rows[index + 1:], table.encoding, line)
    return table


def _read_xlsx(path: Path, source: str) -> Table:
    from addin.render.xlsx_read import first_sheet

    header: list[Any] | None = None
    header_line = 1
    rows: list[tuple[int, list[Any]]] = []
    for number, cells in enumerate(first_sheet(path), 1):
        if all(is_blank(v) for v in cells):
            continue
        if header is None:
            header = [text(v) for v in cells]
            header_line = number
        else:
            rows.append((number, cells))
    if header is None:
        raise TournamentError("{source} is empty: its first sheet needs a header row.", source=source)
    return Table(source, header, rows, "", header_line)
