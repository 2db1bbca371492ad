"""Coercion of raw arguments (as Excel, a CSV file or the CLI send them).

Excel sends every number as a float (``12.0``), an empty cell as ``None``,
a one-cell range as a scalar and a larger range as a list of rows. These
helpers turn such values into checked Python values or raise
:class:`~addin.core.errors.TournamentError` with a sentence naming the argument and
the allowed range. Nothing else may escape: no TypeError, no IndexError.

Speed: a spreadsheet calls a per-cell function in every cell of a grid, and
almost every argument it sends is already right (a whole float in range). The
checks therefore test that case first, in a few comparisons, and build no
sentence: a sentence is only put together, by the slow path, once an argument
is found wrong.
"""

from __future__ import annotations

import math
from math import floor
TYPE_CHECKING = False  # typing stays off the import path of a Molter library lookup (annotations only)
if TYPE_CHECKING:
    from typing import Any, Iterable

from addin.core.errors import TournamentError
from addin.core.messages import Message


def _unwrap(value: Any) -> Any:
    """A 1×1 range arrives as [[x]] through some call paths: take x."""
    while isinstance(value, (list, tuple)) and len(value) == 1:
        value = value[0]
    return value


def as_int(value: Any, name: str | Message, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an int within ``[low, high]`` or raise a plain error.

    Accepts ints, integral floats (``12.0``) and numeric text (``"12"``);
    refuses empty cells, booleans, other text, fractions, NaN and out-of-range
    numbers.
    """
    kind = type(value)
    if kind is float:  # what Excel sends: the usual case, checked first
        if value.is_integer():  # False for NaN and infinities
            result = floor(value)  # the int; math.floor is a cheaper call than int()
            if (low is None or result >= low) and (high is None or result <= high):
                return result
    elif kind is int:
        if (low is None or value >= low) and (high is None or value <= high):
            return value
    return _as_int_checked(value, name, low, high)


def _as_int_checked(value: Any, name: str | Message, low: int | None, high: int | None) -> int:
    """The whole check of :func:`as_int`, with its sentences (any value, any type)."""
    value = _unwrap(value)
    if value is None or (isinstance(value, str) and value.strip() == ""):
        raise TournamentError("The argument '{name}' is empty: give a whole number{span}.",
                              name=name, span=_span(low, high))
    if isinstance(value, bool):
        raise TournamentError("The argument '{name}' must be a whole number{span}, not TRUE/FALSE.",
                              name=name, span=_span(low, high))
    if isinstance(value, str):
        text = value.strip().replace(",", ".")
        try:
            value = float(text)
        except ValueError:
            raise TournamentError(
                "The argument '{name}' must be a whole number{span}, not the text \"{text}\".",
                name=name, span=_span(low, high), text=value) from None
    if isinstance(value, (list, tuple)):
        raise TournamentError("The argument '{name}' must be a single cell holding a whole number{span}.",
                              name=name, span=_span(low, high))
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise TournamentError("The argument '{name}' must be a whole number{span}.",
                              name=name, span=_span(low, high)) from None
    if math.isnan(number) or math.isinf(number) or number != int(number):
        raise TournamentError("The argument '{name}' must be a whole number{span}, not {value}.",
                              name=name, span=_span(low, high), value=_show(value))
    result = int(number)
    if (low is not None and result < low) or (high is not None and result > high):
        raise TournamentError("The argument '{name}' is {number}: it must be{span}.",
                              name=name, number=result, span=_span(low, high))
    return result


_TRUE = frozenset({"true", "vrai", "yes", "oui", "1", "y", "o"})
_FALSE = frozenset({"false", "faux", "no", "non", "0", "n"})


def as_bool(value: Any, name: str, default: bool) -> bool:
    """Return a boolean from TRUE/FALSE, 1/0, yes/no, oui/non; empty gives ``default``."""
    if value is True or value is False:
        return value
    value = _unwrap(value)
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value in (0, 1):
            return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    raise TournamentError("The argument '{name}' must be TRUE or FALSE, not {value}.",
                          name=name, value=_show(value))


def as_choice(value: Any, name: str, choices: Iterable[str], default: str | None = None) -> str:
    """Return one of ``choices`` (case-insensitive); empty gives ``default``."""
    if value is not None and default is not None and value == default:
        return default
    value = _unwrap(value)
    options = list(choices)
    if value is None or (isinstance(value, str) and value.strip() == ""):
        if default is not None:
            return default
        raise TournamentError("The argument '{name}' is empty: give one of {options}.",
                              name=name, options=", ".join(options))
    text = str(value).strip().lower()
    for option in options:
        if option.lower() == text:
            return option
    raise TournamentError("The argument '{name}' must be one of {options}, not {value}.",
                          name=name, options=", ".join(options), value=_show(value))


def as_int_list(value: Any, name: str, low: int | None = None, high: int | None = None) -> list[int]:
    """Flatten a range (column, row or block) into whole numbers, skipping empty cells."""
    if type(value) is list and value:  # the usual case: a column or a row of whole floats in range
        try:
            whole = all(map(float.is_integer, value))  # TypeError unless every cell is a float
        except TypeError:
            whole = False
        if whole:
            numbers = list(map(floor, value))
            if (low is None or min(numbers) >= low) and (high is None or max(numbers) <= high):
                return numbers
    if value is None:
        raise TournamentError("The argument '{name}' is empty: give a range of whole numbers.", name=name)
    cells: list[Any] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(reversed(item))
        else:
            cells.append(item)
    numbers = [
        as_int(cell, name, low, high)
        for cell in cells
        if not (cell is None or (isinstance(cell, str) and cell.strip() == ""))
    ]
    if not numbers:
        raise TournamentError("The argument '{name}' is empty: give a range of whole numbers.", name=name)
    return numbers


def _span(low: int | None, high: int | None) -> Message | str:
    """`` from 1 to 9``, `` of at least 2`` … (with its leading space), or nothing."""
    if low is not None and high is not None:
        return Message(" from {low} to {high}", low=low, high=high)
    if low is not None:
        return Message(" of at least {low}", low=low)
    if high is not None:
        return Message(" of at most {high}", high=high)
    return ""


def _show(value: Any) -> str:
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        return str(int(value))
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def whole_or_none(value: Any) -> int | None:
    """``value`` as an int if it is a whole number (int or integral float), else None.

    For reading back cells whose content is only trusted when it is already a
    number (a workbook's own pairing numbers, result keys); booleans are not numbers.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None
