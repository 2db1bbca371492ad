"""Read a small table typed by an organiser: a CSV file or the first sheet of an XLSX.

The first non-empty row is the header. Every data row keeps its line number
(CSV: the physical line where the record starts; XLSX: the row number), so
that each check can say "players.csv, line 7: …".

CSV files come from many programs: the bytes are decoded as UTF-8 (with or
without a byte-order mark) and, failing that, as Windows-1252 (what a French
Excel writes with "CSV (séparateur: point-virgule)"). The separator is the one
of ``,``, ``;`` or tab that occurs most in the header line. Bytes that are
neither UTF-8 nor Windows-1252 are refused with the line they are on.

XLSX files are read with openpyxl (imported only here, on demand), values
only, first worksheet.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import TournamentError

ENCODINGS = ("utf-8-sig", "cp1252")
_ENCODING_NAMES = {"utf-8-sig": "UTF-8", "cp1252": "Windows-1252 (cp1252)"}


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
                f"{source}, line {number}: the file holds bytes that are neither UTF-8 nor "
                "Windows-1252 (cp1252) text; save it again as \"CSV UTF-8\".") from None
    raise TournamentError(
        f"{source}: the file mixes UTF-8 and Windows-1252 (cp1252) text; "
        "save it again as \"CSV UTF-8\".")


def read_table(path: Any, what: str) -> Table:
    """Read ``path`` (``.csv``, ``.txt``, ``.tsv`` or ``.xlsx``/``.xlsm``); ``what`` names it in errors."""
    path = Path(path)
    source = path.name
    if not path.is_file():
        raise TournamentError(f"The {what} file {path} does not exist.")
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return _read_xlsx(path, source)
    if suffix in (".csv", ".txt", ".tsv", ""):
        text, encoding = decode(path.read_bytes(), source)
        return parse_csv(text, source, encoding)
    raise TournamentError(
        f"The {what} file {source} must be a .csv or .xlsx file, not {suffix}.")


def parse_csv(text: str, source: str, encoding: str = "") -> Table:
    """Split CSV text into header and numbered rows (separator guessed from the header)."""
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    delimiter = max((",", ";", "\t"), key=first.count)
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
        raise TournamentError(f"{source}, line {reader.line_num}: this line is not valid CSV ({exc}).") from None
    if header is None:
        raise TournamentError(f"{source} is empty: it needs a header row.")
    return Table(source, header, rows, encoding, header_line)


def _read_xlsx(path: Path, source: str) -> Table:
    try:
        import openpyxl  # only here: the pure core never imports it

        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # a broken or non-Excel file
        raise TournamentError(f"{source} cannot be opened as an Excel workbook ({type(exc).__name__}).") from None
    try:
        sheet = book.worksheets[0]
        header: list[Any] | None = None
        header_line = 1
        rows: list[tuple[int, list[Any]]] = []
        for number, values in enumerate(sheet.iter_rows(values_only=True), 1):
            cells = list(values)
            if all(v is None or (isinstance(v, str) and v.strip() == "") for v in cells):
                continue
            if header is None:
                header = ["" if v is None else str(v) for v in cells]
                header_line = number
            else:
                rows.append((number, cells))
    finally:
        book.close()
    if header is None:
        raise TournamentError(f"{source} is empty: its first sheet needs a header row.")
    return Table(source, header, rows, "", header_line)


def column_map(header: list[Any], aliases: dict[str, tuple[str, ...]], source: str,
               header_line: int = 1) -> dict[str, int]:
    """Map each known field to its column index; a field given twice is refused."""
    found: dict[str, int] = {}
    for index, cell in enumerate(header):
        key = header_key(cell)
        for field, names in aliases.items():
            if key in names:
                if field in found:
                    raise TournamentError(
                        f"{source}, line {header_line}: the column '{field}' appears twice in the header.")
                found[field] = index
    return found
