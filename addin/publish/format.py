"""How a report's values are shown on a page: points with halves, percentages, results.

The rules, per column kind (``addin.report.model.KINDS``), in the page's language:

* ``int``: the whole number (``12``); ``None`` is an empty cell;
* ``points``: a multiple of ½ with the sign ``½`` (``2½``, ``½``, ``-1½``), any other value
  with at most two decimals and the language's decimal sign (``5,25`` in French);
* ``percent``: the value (0–100) with at most one decimal and ``%`` (``37,5 %`` in French,
  ``37.5%`` in English);
* ``symbol``, ``text``: as they are.

A result code is shown as players write it: ``1-0``, ``0-1``, ``½-½``, and a forfeit with
``F`` (``1-0 F``, ``0-1 F``, ``0-0 F``); a Scrabble score is shown as typed.
"""

from __future__ import annotations

from typing import Any

RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "+-": "1-0 F", "-+": "0-1 F", "0-0": "0-0 F"}


def decimal(value: float, places: int, lang: str) -> str:
    text = f"{value:.{places}f}".rstrip("0").rstrip(".") if places else f"{value:.0f}"
    if text in ("-0", ""):
        text = "0"
    return text.replace(".", ",") if lang == "fr" else text


def points(value: float, lang: str) -> str:
    value = float(value)
    if (value * 2).is_integer():
        whole, half = divmod(abs(value), 1)
        sign = "-" if value < 0 else ""
        if not half:
            return f"{sign}{int(whole)}"
        return f"{sign}{int(whole) if whole else ''}½"
    return decimal(value, 2, lang)


def show(value: Any, kind: str, lang: str) -> str:
    """The text of ``value`` in a column of ``kind``."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        return value
    if kind == "points":
        return points(float(value), lang)
    if kind == "percent":
        return decimal(float(value), 1, lang) + ("\u202f%" if lang == "fr" else "%")
    if kind == "int" and float(value).is_integer():
        return str(int(value))
    if isinstance(value, float):
        return decimal(value, 2, lang)
    return str(value)


def result(code: str) -> str:
    return RESULTS.get(code, code)
