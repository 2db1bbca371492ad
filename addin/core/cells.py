"""One way to read what a cell holds, whoever read the cell.

A cell arrives as a Python value from one of three readers: openpyxl on a file (cached
values), xlwings on a live workbook (computed values), or a CSV line (text). Whatever the
reader, a cell is one of:

* blank: ``None`` or text made of spaces;
* a number: ``int`` or ``float`` (Excel sends every number as a float, ``12.0``);
* text: ``str`` (a number typed as text, ``"12"`` or ``"12,5"``, reads as that number);
* a boolean (``TRUE``/``FALSE``), never a number here;
* :class:`Uncomputed`: a formula whose value was never computed (a file written by a program
  and never opened in a spreadsheet). Its value is unknown, so reading it refuses with a
  sentence that says what to do, instead of taking it for an empty cell.

A formula whose value *was* computed (``=380+42`` saved by Excel or LibreOffice) arrives as
its value (422) and reads like a typed number, as the sheet's own formulas read it.
"""

from __future__ import annotations

import math
from typing import Any, Callable, TYPE_CHECKING

if TYPE_CHECKING:
    from addin.core.messages import Message

from addin.core.errors import TournamentError


class Uncomputed:
    """A formula cell saved without its value (``formula`` is its text, ``=…``).

    The text may be given as a function that makes it, called the first time it is asked for:
    a file reader then never builds the text of the many cells nobody reads.
    """

    __slots__ = ("_formula",)

    def __init__(self, formula: str | Callable[[], str]):
        self._formula = formula

    @property
    def formula(self) -> str:
        if not isinstance(self._formula, str):
            self._formula = self._formula()
        return self._formula

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Uncomputed) and other.formula == self.formula

    def __hash__(self) -> int:
        return hash(self.formula)

    def __repr__(self) -> str:
        return f"Uncomputed({self.formula!r})"


def is_blank(value: Any) -> bool:
    """True for an empty cell (``None`` or spaces only)."""
    return value is None or (isinstance(value, str) and value.strip() == "")


def refuse_uncomputed(value: Any, where: str | Message) -> None:
    """Raise the sentence for a formula without a value; anything else passes."""
    if isinstance(value, Uncomputed):
        raise TournamentError(
            "{where}: the cell holds the formula {formula} whose value was never computed; open the file "
            "in Excel or LibreOffice and save it again (or type the value itself).",
            where=where, formula=value.formula)


def number_or_none(value: Any) -> float | None:
    """The number a cell holds (numbers, numeric text with ``.`` or ``,``), else None.

    Booleans, NaN and infinities are not numbers here; blank is None.
    """
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip().replace(",", "."))
        except ValueError:
            return None
    else:
        return None
    return number if math.isfinite(number) else None


#: the whole numbers a float holds exactly (2**53): an int beyond goes through float, as any other number
_EXACT = 2 ** 53


def whole_or_none(value: Any) -> int | None:
    """The whole number a cell holds (``12``, ``12.0``, ``"12"``), else None."""
    if type(value) is int and -_EXACT <= value <= _EXACT:  # most cells a reader reads (not a bool): as it is
        return value
    number = number_or_none(value)
    if number is None or not number.is_integer():
        return None
    return int(number)


def text(value: Any) -> str:
    """A cell as text, as it shows: ``12.0`` → ``"12"``, blank → ``""``, spaces trimmed."""
    if value is None or isinstance(value, Uncomputed):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def in_sheet(source: Any, sheet: Any) -> Any:
    """``event.xlsx, sheet Joueurs``, in the organiser's language (a place named in a sentence)."""
    from addin.core.messages import Message

    return Message("{source}, sheet {sheet}", source=source, sheet=sheet)


def at_cell(where: Any, cell: Any) -> Any:
    """``…, cell G14`` after ``where``, in the organiser's language."""
    from addin.core.messages import Message

    return Message("{where}, cell {cell}", where=where, cell=cell)


def shown(value: Any) -> Any:
    """A cell's value for a sentence: :func:`show`, or the words "an empty cell" for a blank one (never ``None``)."""
    from addin.core.messages import Message

    return Message("an empty cell") if is_blank(value) else show(value)


def show(value: Any) -> str:
    """A value quoted for a message: text in quotes, ``12.0`` as ``12``."""
    if isinstance(value, str):
        return f'"{value.strip()}"'
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return str(int(value))
    if isinstance(value, Uncomputed):
        return value.formula
    return str(value)


def read_whole(value: Any, what: str | Message, where: str | Message, low: int | None = None, high: int | None = None,
               required: bool = True) -> int | None:
    """The whole number in a cell, checked against ``[low, high]``.

    ``what`` names the figure (``"round"``, ``"number of rounds"``), ``where`` the place
    (``"players.csv, line 4"``, ``"Sheet Rondes, cell B3"``). A blank cell gives ``None``
    unless ``required``. Raises :class:`TournamentError` with one sentence otherwise.
    """
    refuse_uncomputed(value, where)
    if is_blank(value):
        if not required:
            return None
        raise TournamentError("{where}: the {what} is empty; give a whole number{span}.",
                              where=where, what=what, span=span_text(low, high))
    number = whole_or_none(value)
    if number is None:
        raise TournamentError("{where}: the {what} must be a whole number{span}, not {value}.",
                              where=where, what=what, span=span_text(low, high), value=show(value))
    if (low is not None and number < low) or (high is not None and number > high):
        raise TournamentError("{where}: the {what} is {number}; it must be{span}.",
                              where=where, what=what, number=number, span=span_text(low, high))
    return number


def span_text(low: int | None, high: int | None) -> str:
    """`` from 1 to 9``, `` of at least 2`` … (with its leading space), or nothing."""
    from addin.core.messages import tr

    if low is not None and high is not None:
        return tr(" from {low} to {high}", low=low, high=high)
    if low is not None:
        return tr(" of at least {low}", low=low)
    if high is not None:
        return tr(" of at most {high}", high=high)
    return ""
