"""Helpers shared by every Excel function (UDF) module.

* :func:`guard` keeps the error contract: a refusal reaches the organiser as its plain
  sentence, in the organiser's language, *as the cell's value*; any other exception,
  which would be a bug, becomes a plain sentence too, never a traceback.
* :func:`pad` makes a ragged list of rows rectangular (xlwings refuses ragged
  2D lists), padding with ``""``.

Why a returned sentence and not a raised exception (``docs/excel-addin.md`` quotes the
source lines): every front end that runs these functions turns a raised exception into
something else than the sentence alone —

* classic xlwings (Windows, COM): the generated VBA wrapper writes ``Err.Description`` into
  the cell, and pywin32 makes that description ``"Unexpected Python Error: "`` followed by
  the exception's class and traceback for any exception that is not a COM exception;
* xlwings Server: the server answers an exception that is not an ``XlwingsError`` with HTTP
  500 and ``"An error occurred."`` (its message only in development mode), and the
  add-in shows ``#VALUE!``;
* xlwings Lite: the runtime passes ``str(exception)`` to ``CustomFunctions.Error``, so the
  cell shows ``#VALUE!`` and the sentence only when the pointer hovers over the error flag.

A returned string is written into the cell as it is by all three (classic: ``CallUDF``
returns the 1×1 value; Server and Lite: the 2D result of ``custom_functions_call``). The
price: ``ISERROR``/``IFERROR`` do not see a refusal (classic xlwings never let them).
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Sequence, TypeVar

from addin.core.errors import TournamentError

_F = TypeVar("_F", bound=Callable[..., Any])


def guard(func: _F) -> _F:
    """Wrap a UDF so that a refusal or a bug shows one plain sentence in the cell.

    The undecorated function stays reachable as ``__wrapped__`` (``functools.wraps``):
    called directly it still raises :class:`TournamentError`.
    """

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except TournamentError as exc:
            return cell_text(exc)
        except Exception as exc:  # a bug: never show a traceback to the organiser
            return cell_text(TournamentError(
                "{function} could not compute this ({error}). Please check the arguments; "
                "if they are right, report this to the maintainers.",
                function=func.__name__, error=type(exc).__name__))

    return wrapper  # type: ignore[return-value]  # the same signature as func, by functools.wraps


def cell_text(error: TournamentError) -> str:
    """What a cell shows for ``error``: its sentence alone, in the current language."""
    return error.text()


def pad(rows: Sequence[Sequence[Any]], fill: Any = "") -> list[list[Any]]:
    """Return ``rows`` as a rectangular 2D list, short rows padded with ``fill``."""
    width = max((len(r) for r in rows), default=0)
    if width == 0:
        return [[fill]]
    return [list(r) + [fill] * (width - len(r)) for r in rows]
