"""Helpers shared by every Excel function (UDF) module.

* :func:`guard` keeps the error contract: a :class:`TournamentError` passes
  through unchanged (xlwings shows its sentence in the cell); any other
  exception, which would be a bug, is turned into a TournamentError with a
  plain sentence instead of a traceback.
* :func:`pad` makes a ragged list of rows rectangular (xlwings refuses ragged
  2D lists), padding with ``""``.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Sequence, TypeVar

from addin.core.errors import TournamentError

_F = TypeVar("_F", bound=Callable[..., Any])


def guard(func: _F) -> _F:
    """Wrap a UDF so that only :class:`TournamentError` can reach Excel."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except TournamentError:
            raise
        except Exception as exc:  # a bug: never show a traceback to the organiser
            raise TournamentError(
                f"{func.__name__} could not compute this: {type(exc).__name__}. "
                "Please check the arguments; if they are right, report this to the maintainers."
            ) from exc

    return wrapper  # type: ignore[return-value]


def pad(rows: Sequence[Sequence[Any]], fill: Any = "") -> list[list[Any]]:
    """Return ``rows`` as a rectangular 2D list, short rows padded with ``fill``."""
    width = max((len(r) for r in rows), default=0)
    if width == 0:
        return [[fill]]
    return [list(r) + [fill] * (width - len(r)) for r in rows]
