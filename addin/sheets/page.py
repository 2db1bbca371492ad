"""The header and footer of every printed page of an event workbook (issue 11).

Header: the event's name (bold, left), its place and dates (centre), the chief arbiter
(right); footer: the sheet's name (left) and ``Page n / N`` (right). Excel header codes
(``&L``, ``&C``, ``&R``, ``&A``, ``&P``, ``&N``); a literal ``&`` is doubled.
"""

from __future__ import annotations


def escape(text: str) -> str:
    """``text`` as printed literally in a header (``&`` starts a code)."""
    return text.replace("&", "&&")


def page_header(title: str, place: str, dates: str, arbiter: str, page_label: str,
                arbiter_format: str = "{name}") -> tuple[str, str]:
    """``(header, footer)`` codes of every printed page; the arbiter is shown through
    ``arbiter_format`` (e.g. ``"Arbitre principal : {name}"``), nothing when there is none."""
    left = f'&"-,Bold"{escape(title)}' if title else ""
    centre = escape(" — ".join(part for part in (place, dates) if part))
    right = escape(arbiter_format.format(name=arbiter)) if arbiter else ""
    return f"&L{left}&C{centre}&R{right}", f"&L&A&R{escape(page_label)} &P / &N"
