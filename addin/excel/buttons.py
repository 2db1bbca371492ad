"""Entry points of the workbook buttons (xlwings ``RunPython``).

* :func:`build_event` ("Créer le tournoi"): reads the caller workbook's player
  sheet (``Joueurs`` or ``Players``) and writes the event sheets (settings,
  rounds with result entry, crosstable, standings, pairing cards) into the same
  workbook.
* :func:`refresh_event` ("Mettre à jour"): the same after a change (a late
  entry before round 1, a corrected name, a withdrawal mark, another number of
  cycles). Every result already typed is kept. If a typed result would no
  longer belong to the same game (same round, board, White and Black), for
  instance fewer players after round 1 started, it refuses with a message and
  changes nothing.

Both keep the Settings sheet's choices (cycles, system, bye points, C.05
switch, tie-break order, event name). While the number of players and of
rounds is unchanged the pairings are kept exactly as they are in the Rounds
sheet (whatever options built them); otherwise they are rebuilt with the
default Berger (or Rutsch) table. Numbers: column A of the player sheet
when every player has one, otherwise the order of the list.

The logic is :func:`rebuild_event`, which works on any xlwings book: the
caller's workbook in Excel, or ``xw.Book(json=…)`` from xlwings' remote
interpreter (how the tests run it on Linux).
"""

from __future__ import annotations

from typing import Any

from addin.core.errors import TournamentError
from addin.excel.button_support import run_macro, run_on_caller, sheet_values  # noqa: F401  (run_macro re-exported)
from addin.sheets.roundrobin_reader import EventData, detect_lang, event_from_values, read_players_sheet
from addin.sheets.labels import LABELS
from addin.sheets.roundrobin import DEFAULT_TIEBREAKS, PlayersCols, SettingsRows, event_layout
from addin.render.live import render_into_book
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.rutsch import rutsch_schedule
from addin.core.schedule import Schedule

SYSTEMS = {"berger": lambda n, cycles: berger_schedule(n, cycles),
           "rutsch": lambda n, cycles: rutsch_schedule(n)}


def build_event() -> None:
    """Button "Créer le tournoi" / "Build event" (RunPython)."""
    run_on_caller(rebuild_event)


def refresh_event() -> None:
    """Button "Mettre à jour" / "Refresh" (RunPython)."""
    run_on_caller(rebuild_event)


def rebuild_event(book: Any) -> str:
    """Write (or rewrite) the event sheets of ``book`` from its player sheet; return a summary.

    Raises :class:`TournamentError` before writing anything when the player
    sheet is missing or wrong, or when a typed result would be orphaned.
    """
    names = [s.name for s in book.sheets]
    lang = detect_lang(names) or next(
        (lang for lang, L in LABELS.items() if L["sheet_players"] in names), None)
    if lang is None:
        raise TournamentError(
            "This workbook has no player sheet: add a sheet named 'Joueurs' (or 'Players') with the "
            "columns N°, Nom, Elo, Club, Féd., Abandon and one player per row from row 2.")
    L = LABELS[lang]
    source = book.name
    players_rows = sheet_values(book, L["sheet_players"]) or []
    rows = players_rows[PlayersCols.FIRST_ROW - 1:]
    numbered = [r for r in rows if r and any(v not in (None, "") for v in r)]
    given = bool(numbered) and all(_is_number(r[PlayersCols.NUMBER - 1]) for r in numbered)
    players, withdrawn = read_players_sheet(players_rows, lang, source, "given" if given else "listed")

    old: EventData | None = None
    if L["sheet_rounds"] in names:
        old = event_from_values(lambda name: sheet_values(book, name), lang, source, read_players=False)
    settings = sheet_values(book, L["sheet_settings"]) or []
    cycles = _setting_int(settings, SettingsRows.CYCLES, 1, 1, 4, L)
    system = str(_setting(settings, SettingsRows.SYSTEM) or "berger").strip().lower()
    if system not in SYSTEMS:
        system = "berger"
    schedule: Schedule = SYSTEMS[system](len(players), cycles)
    if old is not None and old.schedule.players == len(players) and \
            len(old.schedule.rounds) == len(schedule.rounds):
        # same field and length: keep the pairings exactly as built (whatever
        # options built them: round order, last rounds swapped or not)
        schedule = old.schedule

    results: dict[tuple[int, int], str] = {}
    if old is not None and old.results:
        new_games = {(r, b): (w, k) for r, b, w, k in schedule.games()}
        old_games = {(r, b): (w, k) for r, b, w, k in old.schedule.games()}
        for key, code in sorted(old.results.items()):
            if new_games.get(key) != old_games[key]:
                white, black = old_games[key]
                raise TournamentError(
                    f"Round {key[0]}, board {key[1]} ({white} – {black}) already has the result {code}, "
                    f"and that game would no longer exist after this change ({len(players)} players, "
                    f"{cycles} cycle{'s' if cycles > 1 else ''}): nothing was changed. Undo the change "
                    f"in the player list (or clear those results) and try again.")
        results = dict(old.results)
    layout = event_layout(
        schedule, players, results, lang=lang,
        tiebreaks=old.tiebreaks if old is not None else DEFAULT_TIEBREAKS,
        bye_points=old.bye_points if old is not None else 0.0,
        withdrawn=withdrawn,
        withdrawn_rule=old.withdrawn_rule if old is not None else True,
        title=old.title if old is not None else str(_setting(settings, SettingsRows.EVENT) or ""))
    render_into_book(book, layout, own_columns={L["sheet_players"]: 6})
    return (f"{len(players)} players, {len(schedule.rounds)} rounds; "
            f"{len(results)} result{'s' if len(results) != 1 else ''} kept.")


def _is_number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return float(value).is_integer()
    return isinstance(value, str) and value.strip().isdigit()


def _setting(rows: list[list[Any]], row: int) -> Any:
    if len(rows) >= row and len(rows[row - 1]) >= 2:
        return rows[row - 1][1]
    return None


def _setting_int(rows, row: int, default: int, low: int, high: int, L: dict) -> int:
    value = _setting(rows, row)
    if value in (None, ""):
        return default
    if not _is_number(value) or not low <= int(float(value)) <= high:
        raise TournamentError(
            f"Sheet {L['sheet_settings']}, cell B{row}: the number of cycles must be a whole number "
            f"from {low} to {high}, not {value!r}.")
    return int(float(value))


# -- the other products' buttons, so that every RunPython call names addin.excel.buttons --

def build_molter_event() -> None:
    """Button "Créer le tournoi Molter" / "Build Molter event" (RunPython)."""
    from addin.events.molter import rebuild_molter_event

    run_on_caller(rebuild_molter_event)


def refresh_molter_event() -> None:
    """Button "Mettre à jour" of a Molter event (RunPython): typed results are kept."""
    build_molter_event()


def combinee_next_round() -> None:
    """Button "Ronde suivante" / "Next round" of a Formule Combinée event (RunPython)."""
    from addin.events.combinee import combinee_next_round as next_round

    next_round()

