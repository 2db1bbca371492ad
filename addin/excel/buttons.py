"""Entry points of the workbook buttons (xlwings ``RunPython``): one line each.

Round-robin (``vba_stub/Appariements.bas``):

* :func:`build_event` ("Créer le tournoi") and :func:`refresh_event` ("Mettre à jour"):
  ``addin.events.roundrobin.refresh`` on the calling workbook — the event sheets written
  from the player sheet and the settings, every typed result kept; a withdrawal round, a
  corrected name or result typed in the sheets are taken into account.

Molter (``vba_stub/Molter.bas``): :func:`build_molter_event`, :func:`refresh_molter_event`.
Formule Combinée (``vba_stub/Combinee.bas``): :func:`combinee_next_round`.
League season (``vba_stub/League.bas``): :func:`build_league_season`, :func:`refresh_league_season`.
Scheveningen match (``vba_stub/Scheveningen.bas``): :func:`scheveningen_match`.

Each runs on any xlwings book: the caller's workbook in Excel, or ``xw.Book(json=…)`` from
xlwings' remote interpreter (how the tests run them on Linux); :func:`rebuild_event` and
the other ``*_in_book`` functions take that book directly.
"""

from __future__ import annotations

from typing import Any

from addin.excel.button_support import run_macro, run_on_caller  # noqa: F401  (run_macro re-exported)


def build_event() -> None:
    """Button "Créer le tournoi" / "Build event" (RunPython)."""
    run_on_caller(_refresh)


def refresh_event() -> None:
    """Button "Mettre à jour" / "Refresh" (RunPython)."""
    run_on_caller(_refresh)


def rebuild_event(book: Any) -> str:
    """The round-robin button on an xlwings ``book``; returns the message it showed."""
    return run_macro(book, _refresh)


def _refresh(live):
    from addin.events.roundrobin import refresh

    return refresh(live)


# -- the other products' buttons, so that every RunPython call names addin.excel.buttons --

def build_molter_event() -> None:
    """Button "Créer le tournoi Molter" / "Build Molter event" (RunPython)."""
    from addin.events.molter import rebuild_molter_event

    run_on_caller(lambda live: rebuild_molter_event(live.book))


def refresh_molter_event() -> None:
    """Button "Mettre à jour" of a Molter event (RunPython): typed results are kept."""
    build_molter_event()


def combinee_next_round() -> None:
    """Button "Ronde suivante" / "Next round" of a Formule Combinée event (RunPython)."""
    from addin.events.combinee import combinee_next_round as next_round

    next_round()


# -- team competitions (issue 15): league seasons and Scheveningen matches ---------------

def build_league_season() -> None:
    """Button "Créer la saison" / "Build season" (RunPython): the season from its registered teams."""
    run_on_caller(_refresh_league)


def refresh_league_season() -> None:
    """Button "Mettre à jour" of a league season (RunPython): every typed result, line-up, forfeit kept."""
    run_on_caller(_refresh_league)


def rebuild_league_season(book: Any) -> str:
    """The league button on an xlwings ``book``; returns the message it showed."""
    return run_macro(book, _refresh_league)


def _refresh_league(live):
    from addin.events.league import refresh

    return refresh(live)


def scheveningen_match() -> None:
    """Button "Créer / mettre à jour le match" of a Scheveningen match (RunPython): built from the line-ups
    sheet, then every typed result, name and rating kept."""
    run_on_caller(_refresh_scheveningen)


def rebuild_scheveningen_match(book: Any) -> str:
    """The Scheveningen button on an xlwings ``book``; returns the message it showed."""
    return run_macro(book, _refresh_scheveningen)


def _refresh_scheveningen(live):
    from addin.events.scheveningen import refresh

    return refresh(live)
