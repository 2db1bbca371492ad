"""The buttons of the xlwings Lite edition (xlwings ``script``s, listed in Lite's Run menu).

A Lite script receives the workbook as its argument (a parameter annotated ``xw.Book``);
everything it writes travels back to Excel as one batch when it returns. Each button is a
thin door over a use case, like the classic ``RunPython`` buttons of :mod:`addin.excel`;
a refusal is shown as its sentence (:func:`show`), never as a traceback, and leaves the
workbook untouched.

Buttons: :func:`check_installation` ("Vérifier l'installation") writes what this edition
runs on into a sheet (:mod:`addin.events.installation`, the same report as the classic
add-in's button), so an organiser can see at a glance that the functions are there and
whether the CP-SAT solver is (it never is in Lite). The event buttons call one use case of
:mod:`addin.events` with ``book`` through :func:`run_use_case`, as the classic buttons do (the use case of
its own kind, asked of the registry ``addin.events.kinds``):
round-robin — "Toutes rondes : créer ou mettre à jour le tournoi"; Molter — "Mettre à jour le
tournoi Molter"; Formule Combinée — "Ronde suivante", "Mettre à jour", "Réapparier la ronde";
league season; Scheveningen match; every kind — "Publier"
(``addin.events.publish.publish_beside``, which writes the site beside a workbook saved on the
computer; Lite's Python has no access to the organiser's folders, so there it answers with the
sentence that says to publish from the command line).
"""

from __future__ import annotations

import xlwings as xw

from addin.core.errors import TournamentError
from addin.events.installation import write_report

__all__ = ["check_installation", "combinee_next_round", "combinee_refresh", "combinee_repair_round", "league_season",
           "publish_event", "scheveningen_match", "update_molter_event", "update_roundrobin_event"]


def show(book, error: TournamentError) -> None:
    """Show a refusal's sentence to the organiser (an alert where the front end has one)."""
    try:
        book.app.alert(str(error), title="Appariements")
    except Exception:  # a front end without alerts must not hide the outcome behind a crash
        print(str(error))


@xw.script(name="Vérifier l'installation")
def check_installation(book: xw.Book):
    """Vérifier l'installation: what this edition runs on, in a sheet of its own."""
    try:
        write_report(book)
    except TournamentError as exc:
        show(book, exc)


# -- the event buttons -------------------------------------------------------------------

def run_use_case(book, action) -> str:
    """Run ``action`` (a use case) on ``book`` (see :func:`addin.events.press.press`) and show the
    sentence: an alert where the front end has one; the text shown."""
    from addin.events.press import press

    message = press(book, action)
    try:
        book.app.alert(message, title="Appariements")
    except Exception:  # a front end without alerts must not hide the outcome behind a crash
        print(message)
    return message


def _combinee(operation: str):
    from addin.events.kinds import find_kind

    return find_kind("combinee").use_case(operation)


@xw.script(name="Ronde suivante")
def combinee_next_round(book: xw.Book):
    """Formule Combinée: pair the next round from the scores typed (or say why not)."""
    run_use_case(book, _combinee("next_round"))


@xw.script(name="Mettre à jour")
def combinee_refresh(book: xw.Book):
    """Formule Combinée: take in what was typed (scores, withdrawals, late entries) and rewrite the event."""
    run_use_case(book, _combinee("refresh"))


@xw.script(name="Réapparier la ronde")
def combinee_repair_round(book: xw.Book):
    """Formule Combinée: pair the last round again while it has not started."""
    run_use_case(book, _combinee("repair_round"))


# -- Molter ----------------------------------------------------------------------------

@xw.script(name="Mettre à jour le tournoi Molter")
def update_molter_event(book: xw.Book):
    """Créer / mettre à jour le tournoi Molter: the event sheets from the Teams sheet, every result kept."""
    from addin.events.kinds import find_kind

    run_use_case(book, find_kind("molter").use_case("refresh"))


# -- round-robin ------------------------------------------------------------------------

@xw.script(name="Toutes rondes : créer ou mettre à jour le tournoi")
def update_roundrobin_event(book: xw.Book):
    """Toutes rondes : créer ou mettre à jour le tournoi (the event sheets from the player sheet, every result kept;
    ``addin.events.roundrobin.refresh``, the classic buttons' and the command line's ``update``)."""
    from addin.events.kinds import find_kind

    run_use_case(book, find_kind("roundrobin").use_case("refresh"))


# -- team competitions (issue 15) ------------------------------------------------------

@xw.script(name="Ligue : créer ou mettre à jour la saison")
def league_season(book: xw.Book):
    """Ligue : créer ou mettre à jour la saison (the league season's button, ``addin.events.league.refresh``)."""
    from addin.events.kinds import find_kind

    run_use_case(book, find_kind("league").use_case("refresh"))


@xw.script(name="Scheveningen : créer ou mettre à jour le match")
def scheveningen_match(book: xw.Book):
    """Scheveningen : créer ou mettre à jour le match (the match's button, ``addin.events.scheveningen.refresh``)."""
    from addin.events.kinds import find_kind

    run_use_case(book, find_kind("scheveningen").use_case("refresh"))


# -- every kind of event ----------------------------------------------------------------

@xw.script(name="Publier")
def publish_event(book: xw.Book):
    """Publier: the event's web site beside the workbook (``addin.events.publish.publish_beside``)."""
    from addin.events.publish import publish_beside

    run_use_case(book, publish_beside)
