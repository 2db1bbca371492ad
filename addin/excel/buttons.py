"""Entry points of the workbook buttons (xlwings ``RunPython``): one line each.

Round-robin (``vba_stub/Appariements.bas``):

* :func:`build_event` ("Créer le tournoi") and :func:`refresh_event` ("Mettre à jour"):
  ``addin.events.roundrobin.refresh`` on the calling workbook — the event sheets written
  from the player sheet and the settings, every typed result kept; a withdrawal round, a
  corrected name or result typed in the sheets are taken into account;
* :func:`import_trf_event` ("Importer un TRF"): ``addin.events.roundrobin.import_trf_into`` — the
  event of a TRF file (its full path typed in cell A1 of a sheet named TRF) written into
  the calling workbook, as ``appariements import-trf`` writes it to a file.

Molter (``vba_stub/Molter.bas``): :func:`build_molter_event` ("Créer le tournoi Molter") and
:func:`refresh_molter_event` ("Mettre à jour"): ``addin.events.molter.refresh`` on the calling
workbook — the event sheets written from the Teams sheet, every typed result kept; a result, a
withdrawal round, a corrected name, a reserve, a line-up, a substitute or an absence typed in
the sheets is taken into account (:func:`rebuild_molter_event` takes the book directly).
Formule Combinée (``vba_stub/Combinee.bas``): :func:`combinee_next_round` ("Ronde suivante"),
:func:`combinee_refresh` ("Mettre à jour"), :func:`combinee_repair_round` ("Réapparier la ronde"):
``addin.events.combinee.next_round``, ``refresh`` and ``repair_round`` on the calling workbook
(:func:`combinee_button` takes an xlwings book directly).
League season (``vba_stub/League.bas``): :func:`build_league_season`, :func:`refresh_league_season`.
Scheveningen match (``vba_stub/Scheveningen.bas``): :func:`scheveningen_match`.
Every kind (``vba_stub/Publication.bas``, on every workbook and in the add-in's ribbon): :func:`publish_event` ("Publier"):
``addin.events.publish.publish_beside`` — the event's site written in ``<workbook>-site`` beside the
workbook's file (:func:`publish_in_book` takes the book directly).

Installation (``vba_stub/Installation.bas``, on every workbook and in the add-in's ribbon):
:func:`check_installation` ("Vérifier l'installation"): ``addin.events.installation.check``.

An event's button asks the registry of the kinds of event for its own kind (``addin.events.kinds.find_kind``)
and runs that kind's use case, the one the command line's ``addin.events.dispatch`` runs.

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
    from addin.events.kinds import find_kind

    return find_kind("roundrobin").refresh(live)


def import_trf_event() -> None:
    """Button "Importer un TRF" / "Import a TRF file" (RunPython)."""
    run_on_caller(_import_trf)


def import_trf_in_book(book: Any) -> str:
    """The TRF import button on an xlwings ``book``; returns the message it showed."""
    return run_macro(book, _import_trf)


def _import_trf(live):
    from addin.events.roundrobin import import_trf_into

    return import_trf_into(live)


# -- the other products' buttons, so that every RunPython call names addin.excel.buttons --

# -- Molter (vba_stub/Molter.bas) ---------------------------------------------------------

def build_molter_event() -> None:
    """Button "Créer le tournoi Molter" / "Build Molter event" (RunPython)."""
    run_on_caller(_molter_refresh)


def refresh_molter_event() -> None:
    """Button "Mettre à jour" of a Molter event (RunPython): what is typed is read, every result kept."""
    run_on_caller(_molter_refresh)


def rebuild_molter_event(book: Any) -> str:
    """The Molter button on an xlwings ``book``; returns the message it showed."""
    return run_macro(book, _molter_refresh)


def _molter_refresh(live):
    from addin.events.kinds import find_kind

    return find_kind("molter").refresh(live)


# -- Formule Combinée -----------------------------------------------------------------------

def combinee_next_round() -> None:
    """Button "Ronde suivante" / "Next round" of a Formule Combinée event (RunPython)."""
    run_on_caller(lambda live: _combinee(live, "next_round"))


def combinee_refresh() -> None:
    """Button "Mettre à jour" / "Refresh" of a Formule Combinée event (RunPython)."""
    run_on_caller(lambda live: _combinee(live, "refresh"))


def combinee_repair_round() -> None:
    """Button "Réapparier la ronde" / "Pair the round again" of a Formule Combinée event (RunPython)."""
    run_on_caller(lambda live: _combinee(live, "repair_round"))


def combinee_button(book: Any, operation: str) -> str:
    """A Formule Combinée button (``next_round``, ``refresh``, ``repair_round``) on an xlwings ``book``."""
    return run_macro(book, lambda live: _combinee(live, operation))


def _combinee(live, operation: str):
    from addin.events.kinds import find_kind

    return find_kind("combinee").use_case(operation)(live)
# -- end of Formule Combinée ---------------------------------------------------------------


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
    from addin.events.kinds import find_kind

    return find_kind("league").refresh(live)


def scheveningen_match() -> None:
    """Button "Créer / mettre à jour le match" of a Scheveningen match (RunPython): built from the line-ups
    sheet, then every typed result, name and rating kept."""
    run_on_caller(_refresh_scheveningen)


def rebuild_scheveningen_match(book: Any) -> str:
    """The Scheveningen button on an xlwings ``book``; returns the message it showed."""
    return run_macro(book, _refresh_scheveningen)


def _refresh_scheveningen(live):
    from addin.events.kinds import find_kind

    return find_kind("scheveningen").refresh(live)


# -- the installation check (vba_stub/Installation.bas) ----------------------------------

def check_installation() -> None:
    """Button "Vérifier l'installation" / "Check the installation" (RunPython): what the buttons run on."""
    run_on_caller(_check_installation)


def check_installation_in_book(book: Any) -> str:
    """The installation check on an xlwings ``book``; returns the message it showed."""
    return run_macro(book, _check_installation)


def _check_installation(live):
    from addin.events.installation import check

    return check(live)
# -- every kind of event ----------------------------------------------------------------------

def publish_event() -> None:
    """Button "Publier" / "Publish" of any event workbook (RunPython): its site, beside the workbook."""
    run_on_caller(_publish)


def publish_in_book(book: Any) -> str:
    """The "Publier" button on an xlwings ``book``; returns the message it showed."""
    return run_macro(book, _publish)


def _publish(live):
    from addin.events.publish import publish_beside

    return publish_beside(live)
