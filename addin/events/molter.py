"""Entry points of the Molter workbook buttons (xlwings ``RunPython``).

The same template-and-button pattern as the round-robin workbook: the
organiser types the teams into the sheet ``Équipes`` (``Teams``) — team name
in column B, players in board order from column C, one row per team from
row 5 — and the number of rounds in B2 (players per team in D2, optional:
otherwise the number of names typed), then presses a button:

* :func:`build_molter_event` ("Créer le tournoi Molter"): writes the event
  sheets (rounds, grids, standings, cards, envelopes, calc) into the same
  workbook, on the official table where the seed has one, else a generated one;
* :func:`refresh_molter_event` ("Mettre à jour"): the same after a change (a
  corrected name, a late team before round 1). Every result already typed is
  kept; if a typed result would no longer belong to the same game (round,
  board, White, Black), it refuses with a message and changes nothing.

:func:`plan_molter_event` is the pure part (sheet values in, layout out);
:func:`rebuild_molter_event` reads and writes an xlwings book (the caller's
workbook in Excel, or ``xw.Book(json=…)`` from xlwings' remote interpreter)
through ``addin.render.live.render_into_book``, the round-robin buttons' renderer
(branch rr-workbook; imported when a button runs). ``addin/excel/buttons.py`` did not
exist on main when this was written; the integrator may move these entry
points there.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from addin.core.errors import TournamentError
from addin.sheets.model import WorkbookLayout
from addin.sheets.molter import (LABELS, ROUND_FIRST_ROW, SETTINGS_ROW, TEAMS_FIRST_ROW, WORKBOOK_RESULTS,
                                  molter_event_layout, put_results)
from addin.systems.molter.event import played_rounds
from addin.systems.molter.model import TEAM_NAMES
from addin.systems.molter.teams import MAX_PLAYERS, MAX_TEAMS, MIN_TEAMS, Team
from addin.core.results import parse_result

ValuesOf = Callable[[str], "list[list[Any]] | None"]


def rebuild_molter_event(book: Any) -> str:
    """Write (or rewrite) the Molter event sheets of ``book``; return a summary."""
    from addin.render.live import render_into_book, sheet_values

    names = [s.name for s in book.sheets]
    layout, lang, players, summary = plan_molter_event(names, lambda name: sheet_values(book, name))
    render_into_book(book, layout, own_columns={LABELS[lang]["teams_sheet"]: 2 + players})
    return summary


def _cell(rows: Sequence[Sequence[Any]], row: int, col: int) -> Any:
    if len(rows) >= row and len(rows[row - 1]) >= col:
        return rows[row - 1][col - 1]
    return None


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def _text(value: Any) -> str:
    if _blank(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _whole(value: Any, what: str, where: str, low: int, high: int) -> int | None:
    if _blank(value):
        return None
    try:
        number = float(str(value).strip().replace(",", "."))
    except ValueError:
        number = float("nan")
    if not number.is_integer() or not low <= number <= high:
        raise TournamentError(f"{where}: the {what} must be a whole number from {low} to {high}, not {value!r}.")
    return int(number)


def read_teams_sheet(rows: Sequence[Sequence[Any]], lang: str) -> tuple[list[Team], int, int | None, str]:
    """``(teams, players per team, rounds or None, title)`` from the teams sheet's values."""
    L = LABELS[lang]
    sheet = L["teams_sheet"]
    rounds = _whole(_cell(rows, SETTINGS_ROW, 2), "number of rounds", f"Sheet {sheet}, cell B{SETTINGS_ROW}", 1, 24)
    players = _whole(_cell(rows, SETTINGS_ROW, 4), "number of players per team",
                     f"Sheet {sheet}, cell D{SETTINGS_ROW}", 2, MAX_PLAYERS)
    title = _text(_cell(rows, 1, 1))
    found: list[tuple[int, str, list[str]]] = []
    for row in range(TEAMS_FIRST_ROW, len(rows) + 1):
        values = [_text(v) for v in rows[row - 1][1:]]
        if not any(values):
            continue
        name, names = values[0], values[1:]
        while names and not names[-1]:
            names.pop()
        if not name:
            raise TournamentError(f"Sheet {sheet}, row {row}: the team name (column B) is empty.")
        found.append((row, name, names))
    if players is None:
        players = max((len(names) for _, _, names in found), default=0)
    if players < 2 or players % 2:
        raise TournamentError(
            f"Sheet {sheet}: players per team must be even (2 to {MAX_PLAYERS}); type them from column C, "
            f"in board order, or give their number in D{SETTINGS_ROW}.")
    if not MIN_TEAMS <= len(found) <= MAX_TEAMS:
        raise TournamentError(f"Sheet {sheet} lists {len(found)} teams from row {TEAMS_FIRST_ROW}: "
                              f"a Molter event needs {MIN_TEAMS} to {MAX_TEAMS} teams.")
    teams = []
    for i, (row, name, names) in enumerate(found):
        if len(names) > players:
            raise TournamentError(f"Sheet {sheet}, row {row}: the team \"{name}\" lists {len(names)} players "
                                  f"for {players} per team.")
        teams.append(Team(TEAM_NAMES[i], name, tuple(names) + ("",) * (players - len(names))))
    return teams, players, rounds, title


def typed_results(values_of: ValuesOf, lang: str) -> dict[tuple[int, int], tuple[str, str, str]]:
    """Results already typed in the round sheets: ``{(round, board): (White, Black, code)}``."""
    L = LABELS[lang]
    labels = dict(WORKBOOK_RESULTS)
    out = {}
    r = 1
    while True:
        sheet = L["round_sheet"].format(r=r)
        rows = values_of(sheet)
        if rows is None:
            return out
        for row in range(ROUND_FIRST_ROW, len(rows) + 1):
            board, white, result, black = (_cell(rows, row, c) for c in (1, 2, 4, 5))
            if _blank(result) or _blank(board):
                continue
            text = _text(result)
            code = labels.get(text) or parse_result(text, f"Sheet {sheet}, cell D{row}")
            out[(r, int(float(board)))] = (_text(white), _text(black), code)
        r += 1


def _check_round_sheets(sheet_names: Sequence[str], lang: str) -> None:
    """The round sheets run 1, 2, 3… without a gap: a missing one (renamed or deleted) would lose its results."""
    pattern = LABELS[lang]["round_sheet"]
    present = [r for r in range(1, len(sheet_names) + 1) if pattern.format(r=r) in sheet_names]
    missing = next((r for r in range(1, max(present, default=0)) if r not in present), None)
    if missing is not None:
        raise TournamentError(
            "The sheet {sheet} is missing (renamed or deleted) while later rounds are there: its results would be "
            "lost. Give it back its name; nothing was changed.", sheet=pattern.format(r=missing))


def plan_molter_event(sheet_names: Sequence[str], values_of: ValuesOf) -> tuple[WorkbookLayout, str, int, str]:
    """``(layout, lang, players per team, summary)`` for a workbook's typed teams and results.

    Raises :class:`TournamentError` before anything is written when the teams
    sheet is missing or wrong, or when a typed result would be orphaned.
    """
    lang = next((lang for lang, L in LABELS.items() if L["teams_sheet"] in sheet_names), None)
    if lang is None:
        raise TournamentError(
            "This workbook has no team sheet: add a sheet named 'Équipes' (or 'Teams') with the number of "
            f"rounds in B{SETTINGS_ROW}, then one team per row from row {TEAMS_FIRST_ROW}: its name in "
            "column B and its players, in board order, from column C.")
    _check_round_sheets(sheet_names, lang)
    teams, players, rounds, title = read_teams_sheet(values_of(LABELS[lang]["teams_sheet"]) or [], lang)
    from addin.systems.molter.tables import molter_table

    table = molter_table(len(teams), players, rounds)
    played = played_rounds(table)
    old = typed_results(values_of, lang)
    results = {}
    for (r, b), (white, black, code) in sorted(old.items()):
        if r > len(played) or b > len(played[r - 1]) or \
                (str(played[r - 1][b - 1].white), str(played[r - 1][b - 1].black)) != (white, black):
            raise TournamentError(
                f"Round {r}, board {b} ({white} – {black}) already has the result {code}, and that game "
                f"would no longer exist with {len(teams)} teams of {players} players in {len(played)} rounds: "
                "nothing was changed. Undo the change (or clear those results) and try again.")
        results[(r, b)] = code
    layout = molter_event_layout(teams, players, played, lang, title or None)
    put_results(layout, results, lang)
    summary = (f"{len(teams)} teams of {players} players, {len(played)} rounds; "
               f"{len(results)} result{'s' if len(results) != 1 else ''} kept.")
    return layout, lang, players, summary


def recognises(sheet_names: list[str]) -> bool:
    """Whether these sheets are those of a Molter event workbook (its team sheet and round 1)."""
    return any(L["teams_sheet"] in sheet_names and L["round_sheet"].format(r=1) in sheet_names
               for L in LABELS.values())
