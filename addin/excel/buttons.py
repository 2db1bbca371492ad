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

Buttons that ask (the ``Saisie`` questions of ``vba_stub/``: a ``Application.InputBox`` or a file
dialog per answer, handed over by ``Saisie.PyArgs`` as code units that :func:`typed` reads back):
:func:`enter_result` ("Saisir un résultat"), :func:`enter_scores` ("Saisir les scores"),
:func:`withdraw_entrant` ("Abandon"), :func:`late_entrant` ("Inscription tardive"),
:func:`replace_entrant` ("Remplacer un joueur"), :func:`substitute_entrant` ("Remplaçant"), each the
operation the command line's ``result``, ``score``, ``withdraw``, ``late-entry``, ``replace`` and
``substitute`` run (``addin.events.dispatch.use_case``) on the calling workbook;
:func:`export_trf_file` ("Exporter en TRF": ``addin.events.roundrobin.export_trf`` or the league's, on the
workbook as it stands in Excel), :func:`import_trf_file` ("Importer un TRF", the file chosen in the
dialog) and :func:`new_roundrobin_from_list` ("Nouveau tournoi depuis une liste": what
``appariements roundrobin --names LIST -o EVENT`` writes, then opened in Excel).

Installation (``vba_stub/Installation.bas``, on every workbook and in the add-in's ribbon):
:func:`check_installation` ("Vérifier l'installation"): ``addin.events.installation.check``.

An event's button asks the registry of the kinds of event for its own kind (``addin.events.kinds.find_kind``)
and runs that kind's use case, the one the command line's ``addin.events.dispatch`` runs.

Each runs on any xlwings book: the caller's workbook in Excel, or ``xw.Book(json=…)`` from
xlwings' remote interpreter (how the tests run them on Linux); :func:`rebuild_event` and
the other ``*_in_book`` functions take that book directly.
"""

from __future__ import annotations

from typing import Any, Callable

from addin.excel.button_support import run_macro, run_on_caller, typed  # noqa: F401  (run_macro re-exported)


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

    return find_kind("roundrobin").use_case("refresh")(live)


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

    return find_kind("molter").use_case("refresh")(live)


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

    return find_kind("league").use_case("refresh")(live)


def scheveningen_match() -> None:
    """Button "Créer / mettre à jour le match" of a Scheveningen match (RunPython): built from the line-ups
    sheet, then every typed result, name and rating kept."""
    run_on_caller(_refresh_scheveningen)


def rebuild_scheveningen_match(book: Any) -> str:
    """The Scheveningen button on an xlwings ``book``; returns the message it showed."""
    return run_macro(book, _refresh_scheveningen)


def _refresh_scheveningen(live):
    from addin.events.kinds import find_kind

    return find_kind("scheveningen").use_case("refresh")(live)


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


# -- the buttons that ask (vba_stub/Saisie.bas): each answer arrives as UTF-16 code units ----------
# Each answer is read back inside the action, so that even a malformed hand-over ends as a sentence.

def _optional(text: str) -> str | None:
    """An answer left empty is an option not given (no round, no rating)."""
    return text if text.strip() else None


def _operation(operation: str, *answers: Any, optional: tuple[int, ...] = ()) -> Callable[[Any], Any]:
    """The action running ``operation`` of the calling workbook's kind of event (the command line's dispatch) on
    the typed ``answers``; those at the positions ``optional`` are None when left empty."""
    def action(live):
        from addin.events.dispatch import use_case

        texts = [typed(answer) for answer in answers]
        args = [_optional(text) if index in optional else text for index, text in enumerate(texts)]
        return use_case(live, operation)(live, *args)
    return action


def enter_result(rnd: Any, board: Any, result: Any) -> None:
    """Button "Saisir un résultat" / "Enter a result": ``appariements result`` on this workbook (empty: cleared)."""
    run_on_caller(_operation("set_result", rnd, board, result))


def enter_scores(rnd: Any, table: Any, score_a: Any, score_b: Any) -> None:
    """Button "Saisir les scores" / "Enter the scores" of a Formule Combinée event: ``appariements score``."""
    run_on_caller(_operation("set_scores", rnd, table, score_a, score_b))


def withdraw_entrant(entrant: Any, from_round: Any) -> None:
    """Button "Abandon" / "Withdrawal": ``appariements withdraw`` (no round: only marked withdrawn)."""
    run_on_caller(_operation("withdraw", entrant, from_round, optional=(1,)))


def late_entrant(name: Any, rating: Any) -> None:
    """Button "Inscription tardive" / "Late entry": ``appariements late-entry`` (no rating: none)."""
    run_on_caller(_operation("late_entry", name, rating, optional=(1,)))


def replace_entrant(entrant: Any, name: Any, rating: Any) -> None:
    """Button "Remplacer un joueur" / "Replace a player": ``appariements replace``."""
    run_on_caller(_operation("replace_player", entrant, name, rating, optional=(2,)))


def substitute_entrant(team: Any, seat: Any, name: Any, from_round: Any, to_round: Any) -> None:
    """Button "Remplaçant" / "Substitute" of a Molter event: ``appariements substitute``."""
    run_on_caller(_operation("substitute", team, seat, name, from_round, to_round, optional=(4,)))


def export_trf_file(output: Any, division: Any) -> None:
    """Button "Exporter en TRF" / "Export a TRF file": the FIDE report of the workbook as it stands, written to the
    file chosen in the dialog (a file there is kept as a copy first, as every write does); ``division``: a league's
    (``addin.events.reports.export_trf``)."""
    def action(live):
        from addin.events.reports import export_trf

        return export_trf(live, typed(output), typed(division))
    run_on_caller(action)


def import_trf_file(source: Any) -> None:
    """Button "Importer un TRF" / "Import a TRF file": the event of the TRF file chosen in the dialog, written into
    this workbook (``addin.events.roundrobin.import_trf_into``)."""
    def action(live):
        from addin.events.roundrobin import import_trf_into

        return import_trf_into(live, typed(source))
    run_on_caller(action)


def _new_event(kind: str, output: Any, *answers: Any) -> Callable[[Any], Any]:
    """The action writing a new event of ``kind`` from the typed ``answers`` to the file ``output``
    (``addin.events.reports.new_event``, in the language of the workbook the button was pressed in), then
    opening it in Excel."""
    def action(live):
        from addin.events.press import workbook_language
        from addin.events.reports import new_event

        path = typed(output)
        outcome = new_event(kind, path, [typed(answer) for answer in answers], workbook_language(live))
        try:
            live.book.app.books.open(path)
        except Exception:  # an engine that cannot open files: the sentence says where it is
            pass
        return outcome
    return action


def new_roundrobin_from_list(players: Any, output: Any) -> None:
    """Button "Nouveau tournoi depuis une liste" / "New event from a list": what ``appariements berger N --names
    LIST -o EVENT`` writes (N the list's length), then opened in Excel."""
    run_on_caller(_new_event("roundrobin", output, players))


def new_molter_from_file(teams: Any, players: Any, output: Any) -> None:
    """Button "Nouveau tournoi depuis un fichier" of Molter: ``appariements molter --teams FILE --players N``."""
    run_on_caller(_new_event("molter", output, teams, players))


def new_combinee_from_list(players: Any, phase1: Any, phase2: Any, output: Any) -> None:
    """Button "Nouveau tournoi depuis une liste" of the Formule Combinée: ``appariements combinee --players LIST
    --phase1-rounds P1 --phase2-rounds P2``."""
    run_on_caller(_new_event("combinee", output, players, phase1, phase2))


def new_league_from_files(teams: Any, rosters: Any, boards: Any, output: Any) -> None:
    """Button "Nouvelle saison depuis un fichier": ``appariements league season TEAMS [--rosters ROSTERS] --boards
    N`` (no rosters: the file left unchosen)."""
    run_on_caller(_new_event("league", output, teams, rosters, boards))


def new_match_from_files(team_a: Any, team_b: Any, output: Any) -> None:
    """Button "Nouveau match depuis deux fichiers": ``appariements scheveningen match --team-a A --team-b B``."""
    run_on_caller(_new_event("scheveningen", output, team_a, team_b))
