"""Figures and marks as the printed sheets write them, the same in every spreadsheet and language.

A half point is written as on a scoresheet, "3½" ("½" alone below one, "0" for nothing): a
formula that joins a number to text would print "3.5" or "3,5" according to the computer's
locale, so a score inside a sentence goes through :func:`half_text` (the formula) and
:func:`half` (the same text in Python, for the cached value).
"""

from __future__ import annotations


def half_text(x: str) -> str:
    """The formula text of the score ``x`` (a cell or an expression of whole and half points) as "3½"."""
    return f'IF(INT({x})>0,INT({x})&"",IF(MOD({x},1)>0,"","0"))&IF(MOD({x},1)>0,"½","")'


def half(x: float) -> str:
    """``x`` (whole and half points) as :func:`half_text` writes it: 3.5 → "3½", 0.5 → "½", 0 → "0"."""
    whole, has_half = int(x), x % 1 > 0
    return (str(whole) if whole or not has_half else "") + ("½" if has_half else "")
