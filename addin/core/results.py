"""Result codes of a chess game and the points they give.

Six canonical codes (White's result first, as on a scoresheet):

============  =================  ==============  ===========
code          meaning            points (W, B)   a forfeit?
============  =================  ==============  ===========
``1-0``       White won          (1, 0)          no
``0-1``       Black won          (0, 1)          no
``1/2-1/2``   draw               (½, ½)          no
``+-``        Black forfeited    (1, 0)          yes
``-+``        White forfeited    (0, 1)          yes
``0-0``       double forfeit     (0, 0)          yes
============  =================  ==============  ===========

Forfeits are results (FIDE C.07: in round-robins forfeits count as played
games), see ``docs/standings.md``. An empty cell means "not played yet".

:func:`parse_result` accepts what organisers actually type: spaces anywhere,
en/em dashes or a colon instead of the hyphen, ``½``, ``0.5`` or ``0,5`` for a
half point, ``=`` or ``½`` alone for a draw, ``+/-``, ``-/+`` and ``--`` for
forfeits, and the workbooks' spelling of the forfeits, ``1-0 F``, ``0-1 F`` and
``0-0 F`` (a cell starting with ``+`` or ``-`` is taken for a formula when typed in Excel).
Anything else is refused with a sentence naming where it was found.
"""

from __future__ import annotations

from typing import Any

from addin.core.errors import TournamentError
from addin.core.messages import Message, N_

WHITE_WIN = "1-0"
BLACK_WIN = "0-1"
DRAW = "1/2-1/2"
WHITE_FORFEIT_WIN = "+-"
BLACK_FORFEIT_WIN = "-+"
DOUBLE_FORFEIT = "0-0"

RESULT_CODES = (WHITE_WIN, BLACK_WIN, DRAW, WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT)

#: How every workbook spells the six results (the drop-down lists, the cells the sheets'
#: formulas read): forfeits carry an ``F`` — a cell text starting with ``+`` or ``-`` would be
#: taken for a formula when typed. The command line and result files accept both spellings.
WORKBOOK_CODES = {WHITE_WIN: "1-0", BLACK_WIN: "0-1", DRAW: "1/2-1/2", WHITE_FORFEIT_WIN: "1-0 F",
                  BLACK_FORFEIT_WIN: "0-1 F", DOUBLE_FORFEIT: "0-0 F"}
WORKBOOK_RESULT_CODES = tuple(WORKBOOK_CODES[code] for code in RESULT_CODES)


def workbook_code(code: str | None) -> str | None:
    """The workbook spelling of a result (any accepted spelling in, ``None`` for none)."""
    canonical = parse_result(code)
    return None if canonical is None else WORKBOOK_CODES[canonical]

def shown_code(code: Any) -> str:
    """A result as a sentence shows it: the workbook's spelling of what is stored (``+/-`` typed is said
    ``1-0 F``), ``—`` for none, and anything that is not a result as it was typed (its refusal follows)."""
    try:
        return workbook_code(code) or "—"
    except TournamentError:
        return str(code).strip()


_POINTS = {
    WHITE_WIN: (1.0, 0.0),
    BLACK_WIN: (0.0, 1.0),
    DRAW: (0.5, 0.5),
    WHITE_FORFEIT_WIN: (1.0, 0.0),
    BLACK_FORFEIT_WIN: (0.0, 1.0),
    DOUBLE_FORFEIT: (0.0, 0.0),
}
_FORFEITS = frozenset({WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT})


def absence_forfeit(white_absent: bool, black_absent: bool) -> str | None:
    """The forfeit a game gets when a side does not play (FIDE C.05: the absent side loses, both
    absent = double forfeit), or None when both play."""
    if white_absent:
        return DOUBLE_FORFEIT if black_absent else BLACK_FORFEIT_WIN
    return WHITE_FORFEIT_WIN if black_absent else None

# Spellings after normalisation (no spaces, "-" for every dash/colon,
# "0.5" for every half point), mapped to the canonical code.
_SPELLINGS = {
    "1-0": WHITE_WIN,
    "0-1": BLACK_WIN,
    "0.5-0.5": DRAW,
    "=": DRAW,
    "0.5": DRAW,
    "+-": WHITE_FORFEIT_WIN,
    "+/-": WHITE_FORFEIT_WIN,
    "-+": BLACK_FORFEIT_WIN,
    "-/+": BLACK_FORFEIT_WIN,
    "0-0": DOUBLE_FORFEIT,
    "--": DOUBLE_FORFEIT,
    "-/-": DOUBLE_FORFEIT,
    "1-0F": WHITE_FORFEIT_WIN,
    "0-1F": BLACK_FORFEIT_WIN,
    "0-0F": DOUBLE_FORFEIT,
}
_DASHES = str.maketrans({
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
    "\u2015": "-", "\u2212": "-", "\ufe63": "-", "\uff0d": "-", ":": "-",
    "\u00bd": "\x00",  # ½, replaced by 0.5 below
})

ALLOWED_TEXT = N_("1-0, 0-1, 1/2-1/2 (also ½-½ or =), 1-0 F or 0-1 F (forfeits, also +- and -+) "
                  "or 0-0 F (double forfeit, also 0-0)")


def _normalise(text: str) -> str:
    flat = "".join(text.split()).translate(_DASHES).replace("f", "F")
    flat = flat.replace("\x00", "0.5").replace("1/2", "0.5").replace(",", ".")
    flat = flat.replace(".50", ".5")
    if flat.startswith(".5"):
        flat = "0" + flat
    return flat.replace("-.5", "-0.5")


def parse_result(text: Any, where: str | Message = "") -> str | None:
    """Return the canonical code of ``text``; ``None`` for an empty cell.

    ``where`` names the place for the error message (e.g. ``"results.csv,
    line 7"``). Numbers are refused: a result is two scores, not one.
    """
    if text is None:
        return None
    if isinstance(text, str):
        if text.strip() == "":
            return None
        code = _SPELLINGS.get(_normalise(text))
        if code is not None:
            return code
        shown = f'"{text.strip()}"'
    else:
        shown = str(text)
    if where:
        raise TournamentError("{where}: the result {value} is not a result code: use {allowed}.",
                              where=where, value=shown, allowed=Message(ALLOWED_TEXT))
    raise TournamentError("The result {value} is not a result code: use {allowed}.", value=shown,
                          allowed=Message(ALLOWED_TEXT))


def score(code: Any) -> tuple[float, float]:
    """``(white points, black points)`` of a result (any accepted spelling).

    ``+-`` gives ``(1, 0)`` (a forfeit win counts like a win), ``0-0`` gives
    ``(0, 0)``. An empty result has no score: it raises.
    """
    canonical = parse_result(code)
    if canonical is None:
        raise TournamentError("An empty result has no score: the game is not played yet.")
    return _POINTS[canonical]


def is_forfeit(code: Any) -> bool:
    """True for ``+-``, ``-+`` and ``0-0``; False for games played and for empty results."""
    return parse_result(code) in _FORFEITS


def trf_chars(code: str) -> tuple[str, str]:
    """TRF16 result characters ``(white, black)``: ``1``, ``0``, ``=``, ``+``, ``-``."""
    chars: dict[str | None, tuple[str, str]] = {
        WHITE_WIN: ("1", "0"),
        BLACK_WIN: ("0", "1"),
        DRAW: ("=", "="),
        WHITE_FORFEIT_WIN: ("+", "-"),
        BLACK_FORFEIT_WIN: ("-", "+"),
        DOUBLE_FORFEIT: ("-", "-"),
    }
    return chars[parse_result(code)]
