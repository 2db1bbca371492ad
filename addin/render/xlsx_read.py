"""Read the values of an ``.xlsx`` file (openpyxl): what the event readers and list readers see.

Each cell is given as :mod:`addin.core.cells` describes it: the value Excel or LibreOffice
saved with the cell, or :class:`~addin.core.cells.Uncomputed` for a formula saved without
one (a file written by a program and never opened in a spreadsheet). Files are opened
read-only; only the sheets asked for are read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

from addin.core.cells import Uncomputed
from addin.core.errors import TournamentError, os_reason

Rows = list[list[Any]]


def open_error(path: Path, exc: Exception) -> TournamentError:
    return TournamentError("{name} cannot be opened as an Excel workbook (.xlsx): {reason}.",
                           name=path.name, reason=os_reason(exc))


def read_sheets(path: Path | str, wanted: Callable[[list[str]], Iterable[str]],
                formulas: bool = False) -> tuple[list[str], dict[str, Rows]]:
    """``(sheet names, {name: rows})`` for the sheets ``wanted(sheet names)`` chooses.

    With ``formulas=True`` a formula cell gives its text (``"=A1+1"``) instead of its value.
    """
    from openpyxl import load_workbook

    path = Path(path)
    if not path.is_file():
        raise TournamentError("The file {path} does not exist.", path=path)
    books = []

    def load(data_only: bool):
        try:
            book = load_workbook(path, read_only=True, data_only=data_only)
        except Exception as exc:  # not a zip, not a workbook, a workbook of another kind
            raise open_error(path, exc) from None
        books.append(book)
        return book

    try:
        first = load(data_only=not formulas)
        names = list(first.sheetnames)
        chosen = [name for name in wanted(names) if name in names]
        out: dict[str, Rows] = {}
        if formulas:
            for name in chosen:
                out[name] = [list(row) for row in first[name].iter_rows(values_only=True)]
        elif chosen:  # a formula saved without its value is told apart from an empty cell
            formulas_book = load(data_only=False)
            for name in chosen:
                out[name] = _merge(first[name].iter_rows(values_only=True),
                                   formulas_book[name].iter_rows(values_only=True))
        return names, out
    finally:
        for book in books:
            book.close()


def first_sheet(path: Path | str) -> list[list[Any]]:
    """The rows of the first worksheet (for player, team and result lists)."""
    names, sheets = read_sheets(path, lambda names: names[:1])
    return sheets.get(names[0], []) if names else []


def _merge(values: Iterable[tuple], formulas: Iterable[tuple]) -> Rows:
    rows: Rows = []
    for value_row, formula_row in zip(values, formulas):
        row = list(value_row)
        for index, formula in enumerate(formula_row):
            if index < len(row) and row[index] is None and isinstance(formula, str) and formula.startswith("="):
                row[index] = Uncomputed(formula)
        rows.append(row)
    return rows
