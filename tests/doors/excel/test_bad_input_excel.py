"""The bad-input harness of the Excel doors (issue 16): every function × a hostile corpus, every button ×
a damaged workbook.

* Functions: each of the add-in's functions, from one valid call, gets every hostile value in each of
  its arguments in turn, through xlwings Server's own call path (``tests/support/xlwings_server.py``: the
  payload Excel's Office.js client sends, numbers as floats, ranges as 2D lists). The cell must
  show a result or a sentence, never an exception: no exception out of the call path, and never
  the ``guard``'s "could not compute this" (that sentence is a bug's, ``addin.excel.support``).
* Buttons: each product's button runs on its own workbook damaged as an organiser might (a sheet
  renamed or deleted, a column deleted, another product's workbook, a foreign workbook), through
  xlwings' remote-interpreter book. Either it refuses — then its only action is the alert with the
  sentence: not one cell written — or, where the damage does not touch what it reads, it runs
  as on the intact workbook.

The harness prints its counts (``pytest -s``) for the closing note of issue 16.
"""

from __future__ import annotations

import random
import time

import pytest
from openpyxl import load_workbook
from support.xlwings_replay import payload_from_file, payload_from_sheets, remote_book
from support.xlwings_server import call_udf, registered_functions

from addin.excel.buttons import (combinee_button, import_trf_in_book, rebuild_event, rebuild_league_season,
                                 rebuild_molter_event, rebuild_scheveningen_match)
from support.language import foreign_words, identifiers

#: one valid call of every function (every argument given)
BASE: dict[str, tuple] = {
    "BERGER_BOARD": (12, 3, 5, 1, True, "normal"),
    "BERGER_COLOR": (12, 3, 5, 1, True, "normal"),
    "BERGER_OPPONENT": (12, 3, 5, 1, True, "normal"),
    "BERGER_ROUND": (12, 2, 9, 2, 1, True, "normal"),
    "BERGER_TABLE": (6, 1, True, "normal"),
    "BERGER_WHITE": (12, 2, 9, 2, 1),
    "COMBINEE_GROUPS": (64, 9),
    "COMBINEE_PAIRING": ([[1], [2], [3], [4], [5]], [[5, "BYE"], [1, 2]]),
    "COMBINEE_PHASE1": (12, 9, 4),
    "COMBINEE_SNAKE": (64, 9, True),
    "DIRECTED_CHECK": (16, 6, [[1], [2]]),
    "DIRECTED_GROUPS": (16, 6, [[4], [3]]),
    "DIRECTED_LARGEST": (16, 6),
    "LEAGUE_COMPLEMENT": (12, 3),
    "LEAGUE_HOME": (16, 3, 9, "gathering"),
    "LEAGUE_HOST": (12, 1, 2),
    "LEAGUE_BOARD_COLOR": (4, 3, "odd"),
    "SCHEVENINGEN_PAIR": (4, 2, 3),
    "SCHEVENINGEN_TABLE": (4,),
    "MOLTER_BOARD": (5, 4, 1, "D4", 4, "auto"),
    "MOLTER_COLOR": (5, 4, 1, "D4", 4, "auto"),
    "MOLTER_OPPONENT": (5, 4, 1, "D4", 4, "auto"),
    "MOLTER_PAIR": (5, 4, 1, 2, 4, "auto"),
    "MOLTER_TABLE": (5, 4, 4, "auto", "en"),
    "RUTSCH_BERGER_SEATS": (9, 2),
    "RUTSCH_BOARD": (9, 2, 3),
    "RUTSCH_COLOR": (9, 2, 3),
    "RUTSCH_OPPONENT": (9, 2, 3),
    "RUTSCH_TABLE": (9,),
    "VARMA_GROUPS": (12, False),
    "VARMA_WARNING": (12,),
}

#: what a cell can hand a function: Excel's values (every number a float), ranges, error texts
CELLS: list[tuple[str, object]] = [
    ("zero", 0), ("minus one", -1), ("fraction", 2.5), ("huge", 1e9), ("largest float", 1.7976931348623157e308),
    ("tiny", 5e-324), ("empty", None), ("empty text", ""), ("text", "abc"), ("TRUE", True), ("FALSE", False),
    ("date text", "12/03/2027"), ("error value", "#N/A"), ("2x2 range", [[1, 2], [3, 4]]),
    ("column with blanks", [[1], [None], ["x"]]), ("300 characters", "x" * 300), ("formula text", "=1+1"),
    ("number as text", " 12 "), ("emoji", "♟"),
]
BUG = "could not compute this"


def _cases():
    out = []
    for name, args in BASE.items():
        for position in range(len(args)):
            for label, value in CELLS:
                call = list(args)
                call[position] = value
                out.append((f"{name} arg {position + 1} [{label}]", name, tuple(call)))
    return out


CASES = _cases()


def test_every_function_has_a_valid_call_and_it_answers():
    assert set(BASE) == set(registered_functions())
    for name, args in BASE.items():
        result = call_udf(name, *args)
        cells = [str(v) for row in result for v in row]
        assert not any(BUG in c or "must be" in c or "argument" in c for c in cells), (name, result)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_hostile_cell_gets_a_result_or_a_sentence(case, monkeypatch):
    label, name, args = case
    started = time.perf_counter()
    result = call_udf(name, *args)  # an exception here would have leaked out of the guard
    assert time.perf_counter() - started < 10, label
    assert isinstance(result, list) and all(isinstance(row, list) for row in result), result
    assert not any(BUG in str(v) for row in result for v in row), (label, result)
    # one language per cell (issue 26): the sentence in English, then in French, with no word of the other;
    # the function's own argument names (phase1_rounds) are what the organiser sees in Excel, not identifiers
    typed = tuple(p["name"] for p in _FUNCTIONS[name]["parameters"]) + tuple(a for a in args if isinstance(a, str))
    for lang in ("en", "fr"):
        if lang == "fr":
            monkeypatch.setenv("APPARIEMENTS_LANG", "fr")
            result = call_udf(name, *args)
        sentences = _sentences(result)
        for sentence in sentences:
            assert foreign_words(sentence, lang, typed) == [] and identifiers(sentence, typed) == [], sentence
        CHECKED[lang] += bool(sentences)


_FUNCTIONS = registered_functions()
#: cells and alerts whose sentences were checked for words of the other language, per language (issue 26)
CHECKED: dict[str, int] = {"en": 0, "fr": 0}


def _sentences(result) -> list[str]:
    return [v for row in result for v in row if isinstance(v, str) and " " in v.strip() and v.rstrip()[-1:] in ".?"]


# -- buttons --------------------------------------------------------------------------------

def _rr_file(folder):
    from addin.core.players import Player
    from addin.render.xlsx import write_xlsx
    from addin.sheets.roundrobin import event_layout
    from addin.systems.roundrobin.berger import berger_schedule

    players = [Player(i, name) for i, name in enumerate(["Ann", "Ben", "Cal", "Dee", "Eli"], 1)]
    path = folder / "rr.xlsx"
    write_xlsx(event_layout(berger_schedule(5), players, {(1, 1): "1-0", (2, 1): "0-1"}, tiebreaks=("SB",),
                            bye_points=0.5, title="Club"), path)
    return path


def _molter_file(folder):
    from addin.render.xlsx import write_xlsx
    from addin.sheets.molter import molter_event_layout, put_results
    from addin.systems.molter.event import played_rounds
    from addin.systems.molter.tables import molter_table
    from addin.systems.molter.teams import Team

    teams = [Team(t, f"Club {t}", tuple(f"{t.lower()}{k}" for k in range(1, 5))) for t in "ABCDE"]
    layout = molter_event_layout(teams, 4, played_rounds(molter_table(5, 4, 4)), "fr")
    put_results(layout, {(1, 1): "1-0", (2, 5): "1/2-1/2"}, "fr")
    path = folder / "molter.xlsx"
    write_xlsx(layout, path)
    return path


def _combinee_file(folder):
    from support.combinee_events import build_event_file, fill_scores, players_csv

    path = folder / "combinee.xlsx"
    build_event_file(players_csv(folder, 15), 5, 3, 2, path, seed=9)
    rng = random.Random(2)
    for number in range(1, 6):
        fill_scores(path, number, rng)
    return path


def _season_file(folder):
    from click.testing import CliRunner

    from addin.cli import cli

    teams, rosters, path = folder / "league.csv", folder / "rosters.csv", folder / "season.xlsx"
    names = ["Alpha", "Bravo", "Charlie", "Delta"]
    teams.write_text("division,team,club\n" + "".join(f"D1,{t},{t}\n" for t in names), encoding="utf-8")
    rosters.write_text("team,name,rating\n" + "".join(f"{t},{t[0]}{k},{1500 + 10 * k}\n" for t in names
                                                       for k in (1, 2, 3)), encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(cli, ["league", "season", str(teams), "--rosters", str(rosters), "-o", str(path),
                               "--boards", "2", "--seed", "3"]).exit_code == 0
    assert runner.invoke(cli, ["result", str(path), "1", "1.1", "1-0"]).exit_code == 0
    return path


def _match_file(folder):
    from click.testing import CliRunner

    from addin.cli import cli

    for side in "ab":
        (folder / f"team-{side}.csv").write_text("name,rating\n" + "".join(
            f"{side.upper()}{k},{1500 + k}\n" for k in range(1, 5)), encoding="utf-8")
    path = folder / "match.xlsx"
    assert CliRunner().invoke(cli, ["scheveningen", "match", "--team-a", str(folder / "team-a.csv"), "--team-b",
                                    str(folder / "team-b.csv"), "-o", str(path)]).exit_code == 0
    assert CliRunner().invoke(cli, ["result", str(path), "1", "1", "1-0"]).exit_code == 0
    return path


def _trf_file(folder):
    """A TRF file of a round-robin begun elsewhere (test_trf_import's hand-made one)."""
    from support.trf_hand import HAND

    path = folder / "begun-elsewhere.trf"
    path.write_text(HAND, encoding="utf-8")
    return path


def _trf_payload(path):
    """The workbook the button "Importer un TRF" runs on: the file's path in sheet TRF, cell A1."""
    from addin.events.roundrobin import TRF_SHEET

    return payload_from_sheets([(TRF_SHEET, [[str(path)]])])


BUTTONS = {
    "round-robin": (rebuild_event, _rr_file, payload_from_file),
    "Molter": (rebuild_molter_event, _molter_file, payload_from_file),
    "Formule Combinée": (lambda book: combinee_button(book, "next_round"), _combinee_file, payload_from_file),
    "league season": (rebuild_league_season, _season_file, payload_from_file),
    "Scheveningen match": (rebuild_scheveningen_match, _match_file, payload_from_file),
    "TRF import": (import_trf_in_book, _trf_file, _trf_payload),
    # the buttons that ask (vba_stub/Saisie.bas), with their answers as VBA hands them over
    "result typed (round-robin)": (lambda book: _asked(book, "set_result", "2", "1", "1/2"), _rr_file,
                                   payload_from_file),
    "withdrawal typed (Molter)": (lambda book: _asked(book, "withdraw", "C", "3", optional=(1,)), _molter_file,
                                  payload_from_file),
    "scores typed (Formule Combinée)": (lambda book: _asked(book, "set_scores", "5", "1", "350", "290"),
                                        _combinee_file, payload_from_file),
}
#: buttons of every kind of event (they act on any event workbook): on another product's workbook they run
GENERIC = {"result typed (round-robin)", "withdrawal typed (Molter)", "scores typed (Formule Combinée)"}


def _asked(book, operation, *answers, optional=()):
    """An asking button pressed on ``book`` with ``answers`` typed in its questions."""
    from addin.excel.buttons import _operation, run_macro

    units = [[int.from_bytes(t.encode("utf-16-le")[i:i + 2], "little") for i in range(0, 2 * len(t), 2)]
             for t in answers]
    return run_macro(book, _operation(operation, *units, optional=optional))


def _renamed(payload, index):
    payload["sheets"][index]["name"] += " (2)"


def _deleted(payload, index):
    del payload["sheets"][index]


def _column_deleted(payload, index, column=1):
    sheet = payload["sheets"][index]
    sheet["values"] = [row[:column] + row[column + 1:] + [""] for row in sheet["values"]]


def _damages(payload):
    """``(label, damage)`` for every sheet: renamed, deleted, its second column deleted."""
    out = []
    for index, sheet in enumerate(payload["sheets"]):
        for how, damage in (("renamed", _renamed), ("deleted", _deleted), ("column B deleted", _column_deleted)):
            out.append((f"sheet {sheet['name']} {how}", (lambda d, i: lambda p: d(p, i))(damage, index)))
    return out


@pytest.fixture(scope="module")
def payloads(tmp_path_factory):
    return {name: make_payload(make(tmp_path_factory.mktemp("buttons")))
            for name, (_, make, make_payload) in BUTTONS.items()}


def _run(button, payload):
    import copy
    book = remote_book(copy.deepcopy(payload))
    message = button(book)
    actions = book.json()["actions"]
    if message is None:  # the Formule Combinée button returns nothing: its alert is the outcome
        message = next((a["args"][0] for a in actions if a["func"] == "alert"), "")
    return message, actions


def _writes(actions):
    return [a for a in actions if a["func"] != "alert"]


BUTTON_CASES = [(product, other) for product in BUTTONS for other in [*BUTTONS, "foreign"]
                if other != product and (product not in GENERIC or other == "foreign") and other not in GENERIC]


@pytest.mark.parametrize("product", list(BUTTONS))
def test_a_button_on_its_damaged_workbook_refuses_before_writing_or_runs_as_on_the_intact_one(product, payloads):
    button = BUTTONS[product][0]
    intact, intact_actions = _run(button, payloads[product])
    assert _writes(intact_actions), f"{product}: the intact workbook must be written ({intact})"
    refused = ran = 0
    differ = set()
    for label, damage in _damages(payloads[product]):
        import copy
        payload = copy.deepcopy(payloads[product])
        damage(payload)
        message, actions = _run(button, payload)
        assert message and "Traceback" not in message and BUG not in message, (label, message)
        assert "\n" not in message.strip() or _writes(actions), (label, message)  # a refusal is one sentence
        if not _writes(actions):
            _check_alert(button, payload, message)
        if _writes(actions):
            ran += 1
            if message != intact:  # written, but not as the intact workbook
                differ.add(label)
        else:
            refused += 1
            assert [a["func"] for a in actions] == ["alert"], (label, actions)
    COUNTS[product] = (refused, ran)
    assert differ == KNOWN_GAPS.get(product, set()), f"{product}: written, but not as the intact workbook"


#: damage a button still rebuilds from, losing something: left to the product's owner (closing note of issue 16)
KNOWN_GAPS: dict[str, set[str]] = {}


@pytest.mark.parametrize("product,other", BUTTON_CASES, ids=[f"{p} on {o}" for p, o in BUTTON_CASES])
def test_a_button_on_another_workbook_refuses_before_writing(product, other, payloads):
    payload = payloads[other] if other != "foreign" else payload_from_sheets(
        [("Budget 2027", [["Poste", "Montant"], ["Salle", 350.0], ["Total", "=SUM(B2)"]]), ("Feuil2", [[""]])])
    message, actions = _run(BUTTONS[product][0], payload)
    assert [a["func"] for a in actions] == ["alert"], (message, actions)
    assert message and "\n" not in message.strip() and BUG not in message, message
    _check_alert(BUTTONS[product][0], payload, message)


#: what the corpus's workbooks hold and an alert may quote (their own sheet names, in either language)
WORKBOOK_WORDS = ("Budget 2027", "Feuil2", "Sheet", "Feuille 1", "Settings", "Paramètres", "Players", "Joueurs")


def _check_alert(button, payload, message):
    """A refusal's alert speaks one language — the workbook's, whatever the environment says — and names no
    internal identifier; the same refusal with the environment in French too."""
    import os

    for run in ("en", "fr"):
        if run == "fr":
            before = os.environ.get("APPARIEMENTS_LANG")
            os.environ["APPARIEMENTS_LANG"] = "fr"
            try:
                message, _ = _run(button, payload)
            finally:
                os.environ["APPARIEMENTS_LANG"] = before or "en"
        spoken = [lang for lang in ("fr", "en") if foreign_words(message, lang, WORKBOOK_WORDS) == []]
        assert spoken and identifiers(message) == [], message
        CHECKED[spoken[0]] += 1


# -- Publier: the button that writes a folder (the site beside the workbook), not the workbook --------------

class _SavedAt:
    """The remote workbook as the Publier button sees one saved on this computer: its ``fullname`` a path in a
    test folder (xlwings' remote interpreter knows only a name)."""

    def __init__(self, book, fullname: str):
        self._book, self.fullname = book, fullname

    def __getattr__(self, name):
        return getattr(self._book, name)


PUBLISHED = [product for product in BUTTONS if BUTTONS[product][2] is payload_from_file and product not in GENERIC]


@pytest.mark.parametrize("product", PUBLISHED)
def test_publier_on_a_damaged_workbook_refuses_before_writing_or_writes_the_whole_site(product, payloads, tmp_path):
    """Every damage of the sweep, then *Publier*: one sentence and no folder, or the site written whole (its
    index); never a traceback, never half a site."""
    import copy

    from addin.excel.buttons import publish_in_book

    written = refused = 0
    for n, (label, damage) in enumerate([("intact", lambda p: None), *_damages(payloads[product])]):
        payload = copy.deepcopy(payloads[product])
        damage(payload)
        folder = tmp_path / f"case{n}"
        folder.mkdir()
        book = remote_book(payload)
        message = publish_in_book(_SavedAt(book, str(folder / "event.xlsx")))
        site = folder / "event-site"
        assert message and "Traceback" not in message and BUG not in message, (label, message)
        assert [a["func"] for a in book.json()["actions"]] == ["alert"], label  # the workbook itself untouched
        if site.exists():
            written += 1
            assert (site / "index.html").is_file(), (label, sorted(p.name for p in site.iterdir()))
        else:
            refused += 1
            assert "\n" not in message.strip(), (label, message)
        assert label != "intact" or site.exists(), message
    COUNTS[f"Publier on {product}"] = (refused, written)


def test_publier_on_a_foreign_workbook_refuses_before_writing(tmp_path):
    from addin.excel.buttons import publish_in_book

    book = remote_book(payload_from_sheets([("Budget 2027", [["Poste", "Montant"], ["Salle", 350.0]])]))
    message = publish_in_book(_SavedAt(book, str(tmp_path / "budget.xlsx")))
    assert not (tmp_path / "budget-site").exists() and "\n" not in message.strip() and BUG not in message, message


COUNTS: dict[str, tuple[int, int]] = {}


def test_the_harness_counts(capsys, payloads):
    damages = sum(len(_damages(p)) for p in payloads.values())
    with capsys.disabled():
        print(f"\nbad-input harness (Excel): {len(CASES)} function calls ({len(BASE)} functions × their "
              f"arguments × {len(CELLS)} cells); buttons: {damages} damaged workbooks and "
              f"{len(BUTTON_CASES)} other workbooks on {len(BUTTONS)} buttons; refused/ran per button: {COUNTS}; "
              f"cells and alerts checked for one language: {CHECKED}")
    assert len(CASES) > 1000

