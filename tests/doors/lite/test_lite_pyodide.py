"""The xlwings Lite edition, run inside a real Pyodide, gives the desktop's answers.

``tests/support/pyodide_harness.py`` installs the Lite edition in Pyodide as an organiser would
(``lite/main.py``, the project's ``addin`` folder dropped under ``/data``, the packages of
``lite/requirements.txt``; the other route, the project's wheel, is checked too) and calls every Excel function with the arguments of the desktop
UDF tests (``tests/support/udf_cases.py``) through xlwings' own Office.js call path; the same driver
runs the same calls in a fresh CPython (the desktop). Results must be equal, except where
only CP-SAT can answer: there Lite shows the CP-SAT gate's sentence. The button scripts
run against xlwings' book object inside Pyodide (the installation report, a Formule
Combinée event's "Ronde suivante", the Molter, league season, Scheveningen match and
round-robin buttons, whose writes must be the desktop's). The third route, the ``main.py`` an event workbook carries
(the package inside it, nothing under ``/data``), read back from a file the command line wrote,
runs every call and script again and must give the same.

Needs Node and the npm package ``pyodide`` (``npm ci`` in ``tests/pyodide``); skipped
without them, except in CI (``CI`` set), where that is a failure.
"""

from __future__ import annotations

import os
import statistics

import pytest

import addin
from addin.core.messages import Message
from support.pyodide_harness import missing, run_cpython, run_pyodide
from support.udf_cases import NEEDS_CP_SAT, desktop_cases
from support.xlwings_replay import payload_from_sheets, replay
from support.xlwings_server import payload, registered_functions

REASON = missing()
pytestmark = [pytest.mark.pyodide,
              pytest.mark.skipif(REASON is not None and not os.environ.get("CI"), reason=str(REASON))]

CASES = desktop_cases() + NEEDS_CP_SAT
BOOK = payload_from_sheets([("Feuil1", [["Tournoi du club"]])])
#: a Molter workbook as an organiser starts it: the teams typed, the button not yet pressed
MOLTER_BOOK = payload_from_sheets([("Équipes", [["Coupe"], ["Rondes", 2, "Joueurs par équipe", 4], [],
                                                ["Équipe", "Nom", "Abandon (ronde)", "1", "2", "3", "4", "5"]]
                                    + [[None, f"Club {t}", None, f"{t}1", f"{t}2", f"{t}3", f"{t}4"] for t in "ABC"])])
GATE = "CP-SAT"
SCRIPT_NAMES = [{"name": n} for n in ("check_installation", "combinee_next_round", "update_molter_event",
                                      "league_season", "scheveningen_match", "update_roundrobin_event",
                                      "publish_event")]


@pytest.fixture(scope="module")
def combinee_book(tmp_path_factory):
    """A 12-player Formule Combinée event whose phase 1 is played, as the Office.js client sends it."""
    import random

    from support.combinee_live import build, edit_file, model_of_file, phase1_edits
    from support.xlwings_replay import payload_from_file

    path = build(tmp_path_factory.mktemp("lite-combinee"), 12)
    edit_file(path, phase1_edits(model_of_file(path), random.Random(4)))
    return payload_from_file(path)


@pytest.fixture(scope="module")
def league_book(tmp_path_factory):
    """A league season with round 1 played (two divisions, the ``ffe`` preset), as the client sends it."""
    from support.league_fixture import season
    from support.xlwings_replay import payload_from_file

    from addin.render.xlsx import write_xlsx
    from addin.sheets.league.layout import season_workbook

    path = tmp_path_factory.mktemp("lite-league") / "season.xlsx"
    write_xlsx(season_workbook(season("ffe", rounds=1)), path)
    return payload_from_file(path)


@pytest.fixture(scope="module")
def scheveningen_book(tmp_path_factory):
    """A 4-board Scheveningen match built by the command, as the client sends it."""
    from support.scheveningen_events import build
    from support.xlwings_replay import payload_from_file

    return payload_from_file(build(tmp_path_factory.mktemp("lite-scheveningen")))


@pytest.fixture(scope="module")
def roundrobin_book(tmp_path_factory):
    """A 6-player round-robin event whose first player's name was corrected in the player sheet, as the client
    sends it: the button takes the correction into every sheet."""
    from click.testing import CliRunner
    from openpyxl import load_workbook

    from addin.cli import cli
    from support.xlwings_replay import payload_from_file

    path = tmp_path_factory.mktemp("lite-roundrobin") / "event.xlsx"
    done = CliRunner().invoke(cli, ["berger", "6", "--event", "-o", str(path)])
    assert done.exit_code == 0, done.output
    book = load_workbook(path)
    book["Joueurs"].cell(2, 2).value = "Joueur Un (corrigé)"
    book.save(path)
    return payload_from_file(path)


def _scripts(combinee_book, league_book, scheveningen_book, roundrobin_book) -> list[dict]:
    """Every Run script of the Lite edition, each on a workbook it runs on."""
    return [{"name": "check_installation", "book": BOOK}, {"name": "combinee_next_round", "book": combinee_book},
            {"name": "update_molter_event", "book": MOLTER_BOOK}, {"name": "league_season", "book": league_book},
            {"name": "scheveningen_match", "book": scheveningen_book},
            {"name": "update_roundrobin_event", "book": roundrobin_book},
            {"name": "publish_event", "book": scheveningen_book}]


@pytest.fixture(scope="module")
def runs(combinee_book, league_book, scheveningen_book, roundrobin_book):
    if REASON is not None:
        pytest.fail(f"CI must run the Lite edition in Pyodide: {REASON}")
    calls = [payload(name, *args) for name, args in CASES]
    scripts = _scripts(combinee_book, league_book, scheveningen_book, roundrobin_book)
    return run_pyodide(calls, scripts), run_cpython(calls, scripts)


def test_lite_runs_in_pyodide_without_what_pyodide_lacks(runs):
    lite, desktop = runs
    assert lite["platform"] == "emscripten" and lite["python"].startswith("3.")
    assert lite["imported"] == []  # no ortools, pandas, numpy, openpyxl, networkx, click
    assert desktop["platform"] != "emscripten"


def test_lite_registers_every_function_of_the_desktop(runs):
    lite, _ = runs
    assert lite["functions"] == sorted(registered_functions())
    assert {name for name, _ in CASES} == set(registered_functions())  # each one is called


def test_every_call_gives_the_desktop_result(runs):
    lite, desktop = runs
    assert len(lite["calls"]) == len(desktop["calls"]) == len(CASES)
    unequal = []
    for (name, args), mine, theirs in zip(CASES, lite["calls"], desktop["calls"]):
        assert "error" not in mine, f"{name}{args} failed in Pyodide:\n{mine.get('details')}"
        assert "error" not in theirs, f"{name}{args} failed in CPython:\n{theirs.get('details')}"
        if (name, args) not in NEEDS_CP_SAT and mine["result"] != theirs["result"]:
            unequal.append((name, args, mine["result"], theirs["result"]))
    assert unequal == []


def test_what_only_cp_sat_answers_is_refused_with_a_sentence_in_lite(runs):
    lite, desktop = runs
    for case in NEEDS_CP_SAT:
        i = CASES.index(case)
        assert GATE in lite["calls"][i]["result"][0][0]       # the gate's sentence, in the cell
        assert GATE not in desktop["calls"][i]["result"][0][0]  # the desktop answers


def test_refusals_are_sentences_in_french_by_default(runs):
    lite, _ = runs
    shown = lite["calls"][CASES.index(("BERGER_TABLE", (5000,)))]["result"]
    assert shown[0][0].startswith("Ce tableau occuperait 12497501 lignes")


def test_a_button_script_runs_on_the_workbook_in_pyodide(runs):
    lite, desktop = runs
    # in the order of their functions' names
    assert [s["name"] for s in lite["scripts_meta"]] == ["Vérifier l'installation", "Ronde suivante",
                                                         "Mettre à jour", "Réapparier la ronde",
                                                         "Ligue : créer ou mettre à jour la saison",
                                                         "Publier",
                                                         "Scheveningen : créer ou mettre à jour le match",
                                                         "Mettre à jour le tournoi Molter",
                                                         "Toutes rondes : créer ou mettre à jour le tournoi"]
    assert "error" not in lite["scripts"][0], lite["scripts"][0].get("details")
    sheet = replay(BOOK, lite["scripts"][0]["actions"])["Installation"]
    assert sheet[(1, 1)] == "appariements" and sheet[(1, 2)] == addin.__version__
    assert sheet[(2, 2)].endswith("(emscripten)") and sheet[(4, 2)] == "fr"
    assert sheet[(5, 2)] == Message(
        "not available: the few requests that need it answer with a sentence saying so").text("fr")
    on_desktop = replay(BOOK, desktop["scripts"][0]["actions"])["Installation"]
    assert on_desktop[(5, 2)] == Message("available").text("fr")


def test_the_molter_button_builds_the_event_in_pyodide_as_on_the_desktop(runs):
    lite, desktop = runs
    assert "error" not in lite["scripts"][2], lite["scripts"][2].get("details")
    sheets = replay(MOLTER_BOOK, lite["scripts"][2]["actions"])
    assert sheets == replay(MOLTER_BOOK, desktop["scripts"][2]["actions"])
    assert [name for name in sheets][:4] == ["Équipes", "Ronde 1", "Ronde 2", "Compositions"]
    assert sheets["Ronde 1"][(4, 2)] == "A1" and sheets["Équipes"][(5, 4)] == "A1"
    alert = next(a for a in lite["scripts"][2]["actions"] if a["func"] == "alert")
    assert alert["args"][0].startswith("3 équipes de 4 joueurs, 2 rondes")


@pytest.mark.parametrize("index, book, sheet", [(3, "league_book", "Ronde 1"), (4, "scheveningen_book", "Ronde 1"),
                                                (5, "roundrobin_book", "Rondes")],
                         ids=["league", "scheveningen", "roundrobin"])
def test_the_league_scheveningen_and_roundrobin_buttons_update_in_pyodide_as_on_the_desktop(runs, request, index, book,
                                                                                            sheet):
    """Lite's league, Scheveningen and round-robin buttons rewrite the workbook exactly as the desktop's, without an
    error."""
    lite, desktop = runs
    payload_in = request.getfixturevalue(book)
    assert "error" not in lite["scripts"][index], lite["scripts"][index].get("details")
    assert "error" not in desktop["scripts"][index], desktop["scripts"][index].get("details")
    sheets = replay(payload_in, lite["scripts"][index]["actions"])
    assert sheets == replay(payload_in, desktop["scripts"][index]["actions"])
    assert sheet in sheets and sheets[sheet]
    assert any(a["func"] == "alert" for a in lite["scripts"][index]["actions"])


def test_the_publish_button_answers_with_its_sentence_in_pyodide(runs):
    """Lite's Python cannot write beside the organiser's workbook: "Publier" says so (the command line
    publishes), writing nothing into the workbook, and imports nothing Lite lacks."""
    lite, _ = runs
    assert "error" not in lite["scripts"][6], lite["scripts"][6].get("details")
    actions = lite["scripts"][6]["actions"]
    assert [a["func"] for a in actions] == ["alert"]
    assert "n'a pas de dossier sur cet ordinateur" in actions[0]["args"][0]
    assert "appariements publish" in actions[0]["args"][0]


def test_the_next_round_button_of_a_formule_combinee_event_runs_in_pyodide(runs, combinee_book):
    """Lite's "Ronde suivante" writes the same cells as the desktop's, and speaks the workbook's French."""
    lite, desktop = runs
    assert "error" not in lite["scripts"][1], lite["scripts"][1].get("details")
    assert lite["scripts"][1]["actions"] == desktop["scripts"][1]["actions"]
    alert = lite["scripts"][1]["actions"][-1]
    assert alert["func"] == "alert" and alert["args"][0].startswith("La ronde 6 est appariée")
    round6 = replay(combinee_book, lite["scripts"][1]["actions"])["R6"]
    paired = sorted(p for r in range(4, 10) for p in (round6[(r, 3)], round6.get((r, 8), 0)) if p)
    assert paired == list(range(1, 13))


def test_figures(runs, capsys):
    """Calls, equal results and time per call, Pyodide against CPython in the same run."""
    lite, desktop = runs
    same = [i for i, case in enumerate(CASES) if case not in NEEDS_CP_SAT]
    pairs = [(lite["calls"][i]["seconds"], desktop["calls"][i]["seconds"]) for i in same]
    ratios = [m / t for m, t in pairs if t > 0]
    equal = sum(lite["calls"][i]["result"] == desktop["calls"][i]["result"] for i in same)
    refusals = ", ".join(f"{lite['calls'][CASES.index(c)]['seconds']:.2f} s against "
                         f"{desktop['calls'][CASES.index(c)]['seconds']:.2f} s" for c in NEEDS_CP_SAT)
    with capsys.disabled():
        print(f"\nLite in Pyodide {lite['pyodide_version']} (Python {lite['python']}) against CPython "
              f"{desktop['python']}: {len(CASES)} calls, {equal} of {len(same)} results equal; per call median "
              f"{statistics.median(m for m, _ in pairs) * 1e3:.2f} ms against "
              f"{statistics.median(t for _, t in pairs) * 1e3:.2f} ms (median ratio "
              f"{statistics.median(ratios):.2f}), total {sum(m for m, _ in pairs):.2f} s against "
              f"{sum(t for _, t in pairs):.2f} s; needing CP-SAT (refused in Lite, answered on the desktop): "
              f"{refusals}; Pyodide start {lite['pyodide_load_ms'] / 1e3:.1f} s, "
              f"main.py import {lite['import_seconds']:.2f} s against {desktop['import_seconds']:.2f} s; buttons "
              + ", ".join(f"{s['name']} {a['seconds']:.2f} s against {b['seconds']:.2f} s"
                          for s, a, b in zip(SCRIPT_NAMES, lite["scripts"], desktop["scripts"])))
    assert equal == len(same)


def test_the_wheel_route_works_too():
    """The wheel built by pip, dropped under /data, imports as a zip: catalogue and data files included."""
    if REASON is not None:
        pytest.fail(f"CI must run the Lite edition in Pyodide: {REASON}")
    cases = [("BERGER_TABLE", (5000,)), ("MOLTER_PAIR", (8, 12, 3, 17)), ("DIRECTED_GROUPS", (16, 3, [[8]]))]
    lite = run_pyodide([payload(name, *args) for name, args in cases], route="wheel")
    desktop = run_cpython([payload(name, *args) for name, args in cases])
    assert [c["result"] for c in lite["calls"]] == [c["result"] for c in desktop["calls"]]
    assert lite["calls"][0]["result"][0][0].startswith("Ce tableau occuperait")  # the French catalogue


# -- the Lite code a workbook carries ----------------------------------------------------------

@pytest.fixture(scope="module")
def carried(tmp_path_factory):
    """The ``main.py`` and ``requirements.txt`` a round-robin event workbook carries, read from the file."""
    from click.testing import CliRunner

    from addin.cli import cli
    from addin.render.lite_part import read_lite

    path = tmp_path_factory.mktemp("lite-workbook") / "event.xlsx"
    done = CliRunner().invoke(cli, ["berger", "6", "--event", "-o", str(path)])
    assert done.exit_code == 0, done.output
    return read_lite(path.read_bytes())


@pytest.fixture(scope="module")
def workbook_runs(runs, carried, combinee_book, league_book, scheveningen_book, roundrobin_book):
    """Every call and script of :func:`runs`, in Pyodide, with only the workbook's ``main.py`` (nothing in /data)."""
    calls = [payload(name, *args) for name, args in CASES]
    scripts = _scripts(combinee_book, league_book, scheveningen_book, roundrobin_book)
    return run_pyodide(calls, scripts, route="workbook", main_py=carried["main.py"]), runs[1]


def test_the_workbooks_requirements_are_lites(carried):
    from support.pyodide_harness import LITE

    assert carried["requirements.txt"] == (LITE / "requirements.txt").read_text(encoding="utf-8")


def test_the_code_a_workbook_carries_registers_every_function_and_script(workbook_runs, runs):
    lite, _ = workbook_runs
    assert lite["platform"] == "emscripten" and lite["imported"] == []
    assert lite["functions"] == sorted(registered_functions())
    assert lite["scripts_meta"] == runs[0]["scripts_meta"]  # the same Run scripts as the README's route


def test_the_code_a_workbook_carries_computes_as_the_desktop(workbook_runs, request):
    lite, desktop = workbook_runs
    unequal = []
    for (name, args), mine, theirs in zip(CASES, lite["calls"], desktop["calls"]):
        assert "error" not in mine, f"{name}{args} failed in Pyodide:\n{mine.get('details')}"
        if (name, args) not in NEEDS_CP_SAT and mine["result"] != theirs["result"]:
            unequal.append((name, args, mine["result"], theirs["result"]))
    assert unequal == []
    books = [BOOK, request.getfixturevalue("combinee_book"), MOLTER_BOOK, request.getfixturevalue("league_book"),
             request.getfixturevalue("scheveningen_book"), request.getfixturevalue("roundrobin_book"),
             request.getfixturevalue("scheveningen_book")]
    for index, book in enumerate(books):
        assert "error" not in lite["scripts"][index], lite["scripts"][index].get("details")
        if index:  # the installation report says where it runs: emscripten here
            assert replay(book, lite["scripts"][index]["actions"]) == replay(book, desktop["scripts"][index]["actions"])
    assert replay(BOOK, lite["scripts"][0]["actions"])["Installation"][(2, 2)].endswith("(emscripten)")
