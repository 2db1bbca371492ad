"""Coercion of raw arguments (as Excel, a CSV file or the CLI send them).

Excel sends every number as a float (``12.0``), an empty cell as ``None``,
a one-cell range as a scalar and a larger range as a list of rows. These
helpers turn such values into checked Python values or raise
:class:`~addin.core.errors.TournamentError` with a sentence naming the argument and
the allowed range. Nothing else may escape: no TypeError, no IndexError.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

from addin.core.errors import TournamentError


def _unwrap(value: Any) -> Any:
    """A 1×1 range arrives as [[x]] through some call paths: take x."""
    while isinstance(value, (list, tuple)) and len(value) == 1:
        value = value[0]
    return value


def as_int(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an int within ``[low, high]`` or raise a plain error.

    Accepts ints, integral floats (``12.0``) and numeric text (``"12"``);
    refuses empty cells, booleans, other text, fractions, NaN and out-of-range
    numbers.
    """
    value = _unwrap(value)
    where = _range_text(low, high)
    if value is None or (isinstance(value, str) and value.strip() == ""):
        raise TournamentError(f"The argument '{name}' is empty: give a whole number{where}.")
    if isinstance(value, bool):
        raise TournamentError(f"The argument '{name}' must be a whole number{where}, not TRUE/FALSE.")
    if isinstance(value, str):
        text = value.strip().replace(",", ".")
        try:
            value = float(text)
        except ValueError:
            raise TournamentError(
                f"The argument '{name}' must be a whole number{where}, not the text \"{value}\"."
            ) from None
    if isinstance(value, (list, tuple)):
        raise TournamentError(f"The argument '{name}' must be a single cell holding a whole number{where}.")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise TournamentError(f"The argument '{name}' must be a whole number{where}.") from None
    if math.isnan(number) or math.isinf(number) or number != int(number):
        raise TournamentError(f"The argument '{name}' must be a whole number{where}, not {_show(value)}.")
    result = int(number)
    if (low is not None and result < low) or (high is not None and result > high):
        raise TournamentError(f"The argument '{name}' is {result}: it must be{where}.")
    return result


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
        if text in {"true", "vrai", "yes", "oui", "1", "y", "o"}:
            return True
        if text in {"false", "faux", "no", "non", "0", "n"}:
            return False
    raise TournamentError(f"The argument '{name}' must be TRUE or FALSE, not {_show(value)}.")


def as_choice(value: Any, name: str, choices: Iterable[str], default: str | None = None) -> str:
    """Return one of ``choices`` (case-insensitive); empty gives ``default``."""
    if value is not None and value == default:
        return default
    value = _unwrap(value)
    options = list(choices)
    if value is None or (isinstance(value, str) and value.strip() == ""):
        if default is not None:
            return default
        raise TournamentError(f"The argument '{name}' is empty: give one of {', '.join(options)}.")
    text = str(value).strip().lower()
    for option in options:
        if option.lower() == text:
            return option
    raise TournamentError(f"The argument '{name}' must be one of {', '.join(options)}, not {_show(value)}.")


def as_int_list(value: Any, name: str, low: int | None = None, high: int | None = None) -> list[int]:
    """Flatten a range (column, row or block) into whole numbers, skipping empty cells."""
    if value is None:
        raise TournamentError(f"The argument '{name}' is empty: give a range of whole numbers.")
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
        raise TournamentError(f"The argument '{name}' is empty: give a range of whole numbers.")
    return numbers


def _range_text(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" of at least {low}"
    if high is not None:
        return f" of at most {high}"
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
