"""The round-robin event workbook (issue 3) as a layout.

Sheets (French names by default, English with ``lang="en"``):

* **Settings**: event name, bye points, the C.05 withdrawn rule (yes/no),
  the tie-break order (four cells, codes DE, SB, WIN, KS) and the result codes;
* **Players**: number, name, rating, club, federation, withdrawn mark;
* **Rounds**: per round its boards, White and Black (names are formulas on
  Players, so a corrected name shows everywhere), the result cell (the only
  place results are typed; drop-down list of the six codes) and a check cell
  flagging an unknown code. Hidden helper columns decode each result once
  (``RoundsCols``): absent players, typed round, effective result, each side's
  view for the crosstable, each side's code for Calc's games matrix and round ×
  points for the progressive scores;
* **Crosstable** ("grille américaine"): players × opponents, each game from
  the row player's view (``1``, ``½``, ``0``, ``+``, ``-``); one sub-column per
  cycle in multi-cycle events;
* **Standings**: sorted by the formulas themselves (rank, number, name,
  points, games, W/D/L, %, SB, DE, WIN, Koya);
* **Cards**: one printable block per round (A4, page break after each);
* **Calc** (hidden): per player aggregates and the n×n games matrix: the games
  of each pair coded in one number (score, games, then each game's result and
  colour: ``pair_figure``), whose cells reference each side's code on the
  Rounds sheet. Every per-player formula reads a column of n cells, so the
  number of formulas grows as O(n²) (games + matrix) and no formula references
  a whole column.

The large sheets (Rounds, Calc, Crosstable, Cards) give their rows lazily
(``SheetLayout.stream``): the file writer writes them a row at a time, so a
large event is never held whole in memory.

The rules reproduced are those of ``docs/standings.md`` (``compute_standings``):
see the docstring of :func:`event_layout` for each figure's formula.
Only portable functions are used (SUMPRODUCT, COUNTIF, INDEX, MATCH, IF, OR,
AND, IFERROR, LEN, TRIM, SUM, N, and Excel 2010's AGGREGATE for the cuts): no
dynamic arrays, no IF inside SUMPRODUCT (which would need an array formula in
Excel 2010).

This module keeps the entry points; each sheet is written by its module of
``addin.sheets.roundrobin.book`` from the plan they share (``book.plan.BookPlan``).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Iterable, Mapping, Sequence

from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.results import parse_result
from addin.core.schedule import Schedule
from addin.sheets.keys import key_sheet
from addin.sheets.model import WorkbookLayout
from addin.sheets.roundrobin.book.assemble import build_book, page_header  # noqa: F401
from addin.sheets.roundrobin.book.plan import EVENT_STYLES, PTP_STEPS  # noqa: F401
from addin.sheets.roundrobin.book.sheet_calc import PTP_FLOOR  # noqa: F401
from addin.sheets.roundrobin.book.sheet_cards import CARD_PAGE_PT, CARD_ROW_PT, CARD_TITLE_PT, DEFAULT_ROW_PT  # noqa: F401
from addin.sheets.roundrobin.cells import workbook_code
from addin.sheets.roundrobin.cells import (CALC_FIRST_COL, COUNTED_ONLY, DEFAULT_TIEBREAKS, GENERATOR_VERSION,  # noqa: F401
                                           NO_TIEBREAK, PERFORMANCE_FIELDS, PERFORMANCE_HEADER_ROW,
                                           SCALAR_COL, SCALAR_LABEL_COL, STANDINGS_FIELDS,
                                           STANDINGS_HEADER_ROW, TIEBREAK_CODES, TIEBREAK_SLOTS, PlayersCols,
                                           RoundsCols, Scalars, SettingsRows)
from addin.sheets.roundrobin.labels import labels
from addin.systems.roundrobin.event import RoundRobinEvent


def check_tiebreaks(tiebreaks: Iterable[str] | None) -> tuple[str, ...]:
    """Tie-break codes of ``TIEBREAK_CODES``, each at most once, at most four."""
    if tiebreaks is None:
        return DEFAULT_TIEBREAKS
    codes = []
    for item in tiebreaks:
        if str(item).strip() in ("", NO_TIEBREAK):
            continue
        code = workbook_code(item)
        if code is None:
            raise TournamentError("The tie-break '{item}' is unknown in the workbook: use {codes}.",
                                  item=item, codes=", ".join(TIEBREAK_CODES))
        if code in codes:
            raise TournamentError("The tie-break '{code}' is given twice.", code=code)
        codes.append(code)
    return tuple(codes)


def event_workbook(event: RoundRobinEvent, protect: bool = False) -> WorkbookLayout:
    """The complete event workbook of ``event``.

    ``protect`` protects the computed sheets (no password; only input cells stay
    editable). Off by default: the Excel buttons rewrite those sheets.
    """
    players = sorted(event.players, key=lambda p: p.number)
    if [p.number for p in players] != list(range(1, event.schedule.players + 1)):
        raise TournamentError(
            "The event has {count} players but the player list has {listed}: give one player per number "
            "from 1 to {count}.", count=event.schedule.players, listed=len(players))
    games = {(r, b) for r, b, _, _ in event.schedule.games()}
    clean: dict[tuple[int, int], str] = {}
    for key, code in (event.results or {}).items():
        if key not in games:
            raise TournamentError("Round {round}, board {board} does not exist in this schedule.",
                                  round=key[0], board=key[1])
        canonical = parse_result(code, f"round {key[0]}, board {key[1]}")
        if canonical is not None:
            clean[key] = canonical
    event = replace(event, players=tuple(players), results=clean, tiebreaks=check_tiebreaks(event.tiebreaks),
                    bye_points=float(event.bye_points))
    book = build_book(event, bool(protect))
    book.sheets.append(key_sheet(event.header.lang, (("players", p.number, p.name) for p in event.players)))
    # the Calc and Cards sheets read no result (no cached value of theirs depends on one; the guard is
    # tests/render/test_sheet_memo.py): made from the event without its results, the writer may reuse them
    # (the dataclasses' repr names every field: 8 ms at 200 players, pickle takes 21)
    inputs = repr((replace(event, results={}), bool(protect)))
    memo = hashlib.sha256(inputs.encode("utf-8", "surrogatepass")).hexdigest()
    L = labels(event.header.lang)
    for sheet in book.sheets:
        if sheet.name in (L["sheet_calc"], L["sheet_cards"]):
            sheet.memo = memo
    return book


def event_layout(schedule: Schedule, players: Sequence, results: Mapping[tuple[int, int], str] | None = None,
                 *, lang: str = "fr", tiebreaks: Iterable[str] | None = DEFAULT_TIEBREAKS,
                 bye_points: float = 0.0, withdrawn: Iterable[int] | Mapping[int, int | None] = (),
                 withdrawn_rule: bool = True, title: str = "", protect: bool = False) -> WorkbookLayout:
    """:func:`event_workbook` of the event made of these parts (``withdrawn``: players marked
    withdrawn, or ``{player: first round not played}``)."""
    marks = dict(withdrawn) if isinstance(withdrawn, Mapping) else {p: None for p in withdrawn}
    event = RoundRobinEvent(schedule, tuple(players), dict(results or {}), marks, bool(withdrawn_rule),
                            float(bye_points), check_tiebreaks(tiebreaks), EventHeader(title=title, lang=lang))
    return event_workbook(event, protect)


