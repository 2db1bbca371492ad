"""The Scheveningen match as an event: through the command line and through the button.

Oracles written here, independently of the project's reader and layout: the score of a
game from its code (a table in this file), the match score as the sum of the ``n²`` games,
the inputs read back with openpyxl; the pairings the workbook prints are checked to make
every cross pair meet exactly once. The same operations go through the command line on a
file and through the button on xlwings' remote-interpreter book: both workbooks must hold
the same cells. A refusal changes nothing: the file stays byte-identical, no backup.
"""

from __future__ import annotations

import pytest
from support.doors import TwoDoors, assert_same, digest, grids_of, grids_of_file, invoke, press
from support.xlwings_replay import payload_from_file, payload_from_sheets

from addin.core.errors import TournamentError
from addin.excel.buttons import rebuild_scheveningen_match
from addin.systems import scheveningen_match as rules
from addin.systems.scheveningen_match import SchevPlayer
from addin.render.backups import versions
from support.scheveningen_events import TEAM_A, TEAM_B, build, team_files

#: points of (White, Black) for each code, as the laws of chess and the forfeit rule give them
POINTS = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5), "1-0 F": (1, 0), "0-1 F": (0, 1), "0-0 F": (0, 0)}


def typed(grids: dict, n: int) -> dict:
    """``{(round, board): (White, Black, code)}`` as the round sheets show them (columns B, E, D)."""
    out = {}
    for r in range(1, n + 1):
        grid = grids[f"Ronde {r}"]
        for b in range(1, n + 1):
            row = 4 + b
            assert grid[(row, 1)] == b
            if (row, 4) in grid:
                out[(r, b)] = (grid[(row, 2)], grid[(row, 5)], grid[(row, 4)])
    return out


def score_of(grids_values: dict, n: int) -> tuple[float, float]:
    """The match score by this file's own table, from the codes typed on the round sheets."""
    a = b = 0.0
    for r in range(1, n + 1):
        grid = grids_values[f"Ronde {r}"]
        for row in range(5, 5 + n):
            code = grid.get((row, 4))
            if code is None:
                continue
            white, black = POINTS[code]
            a_white = grid[(row, 2)].startswith("A")
            a += white if a_white else black
            b += black if a_white else white
    return a, b


# -- the rules, worked by hand ---------------------------------------------------------------

def _two():
    return rules.new_match("A", "B", [SchevPlayer("a1"), SchevPlayer("a2")], [SchevPlayer("b1"), SchevPlayer("b2")])


def test_score_by_hand_with_forfeits_and_the_verdict():
    m = _two()  # 2 boards: round 1 A1-B1, A2-B2 (A White on both); round 2 B2-A1, B1-A2 (the printed table)
    assert [[b.text for b in m.pairings(r)] for r in (1, 2)] == [["A1-B1", "A2-B2"], ["B2-A1", "B1-A2"]]
    m = rules.set_result(m, 1, 1, "1-0")        # A1 wins with White
    m = rules.set_result(m, 1, 2, "0-0")        # double forfeit: nobody scores
    s = rules.match_score(m)
    assert (s.a, s.b, s.played, s.verdict) == (1, 0, 2, "open")
    m = rules.set_result(m, 2, 1, "1-0")        # B2 (White) beats A1
    m = rules.set_result(m, 2, 2, "-+")         # B1 (White) forfeits: A2 scores
    s = rules.match_score(m)
    assert (s.a, s.b, s.played, s.verdict) == (2, 1, 4, "open")   # 2 is not more than half of 4
    m = rules.set_result(m, 1, 2, "½-½")
    s = rules.match_score(m)
    assert (s.a, s.b, s.verdict) == (2.5, 1.5, "A")
    assert [m.game_between(2, j).symbol("A") for j in (1, 2)] == ["+", "½"]
    assert rules.player_total(m, "B", 2) == (1.5, 2)
    m = rules.set_result(m, 2, 2, "")
    assert (2, 2) not in m.results


@pytest.mark.parametrize("call, words", [
    (lambda: rules.new_match("A", "a", [SchevPlayer("x")] * 2, [SchevPlayer("y")] * 2), "different names"),
    (lambda: rules.new_match("A", "B", [SchevPlayer("x")] * 3, [SchevPlayer("y")] * 2), "as many players"),
    (lambda: rules.new_match("A", "B", [SchevPlayer("x")] * 13, [SchevPlayer("y")] * 13), "2 to 12"),
    (lambda: rules.new_match("A", "B", [SchevPlayer("x")], [SchevPlayer("y")]), "2 to 12"),
    (lambda: rules.set_result(_two(), 3, 1, "1-0"), "round"),
    (lambda: rules.set_result(_two(), 1, 1, "2-0"), "not a result code"),
    (lambda: rules.edit_player(_two(), "C1", name="x"), "A1 to A2"),
    (lambda: rules.edit_player(_two(), "A1", club="x"), "name and rating only"),
    (lambda: rules.edit_player(_two(), "A1", name=" "), "no name"),
])
def test_rules_refuse_with_one_sentence(call, words):
    with pytest.raises(TournamentError) as caught:
        call()
    assert words in str(caught.value)


# -- the command line ------------------------------------------------------------------------

def test_the_command_builds_a_match_whose_rounds_meet_every_cross_pair_once(tmp_path):
    out = build(tmp_path, "--title", "Match amical", "--place", "Metz", "--arbiter", "J. Arbitre")
    grids = grids_of_file(out)
    assert set(grids) >= {"Paramètres", "Compositions", "Ronde 1", "Ronde 4", "Grilles par équipe"}
    assert "Ronde 5" not in grids
    teams = grids["Compositions"]
    assert (teams[(2, 2)], teams[(2, 7)]) == ("Club A", "Échiquier Nord")
    assert [teams[(4 + k, 2)] for k in range(4)] == [n for n, _ in TEAM_A]
    assert (6, 8) not in teams and teams[(7, 8)] == 1700          # Fred has no rating
    met, colours = set(), {}
    for r in range(1, 5):
        grid = grids[f"Ronde {r}"]
        for b in range(1, 5):
            white, black = grid[(4 + b, 2)], grid[(4 + b, 5)]
            a = white if white.startswith("A") else black
            assert a == f"A{b}"                                   # team A's player keeps his board
            pair = (a, black if a == white else white)
            assert pair not in met
            met.add(pair)
            for player, colour in ((white, 1), (black, -1)):
                colours[player] = colours.get(player, 0) + colour
    assert met == {(f"A{i}", f"B{j}") for i in range(1, 5) for j in range(1, 5)}
    assert all(abs(v) <= 1 for v in colours.values()) and max(colours.values()) == 0


def test_results_by_command_give_the_score_as_the_sum_of_the_games(tmp_path):
    out = build(tmp_path)
    steps = [(1, 1, "1-0"), (1, 2, "½-½"), (2, 3, "0-1"), (3, 4, "+-"), (4, 1, "0-0"), (4, 2, "-+"), (2, 3, "1-0")]
    for r, b, code in steps:
        result = invoke("result", out, r, b, code)
        assert result.exit_code == 0, result.output
    assert "Score: Club A" in result.output
    values = grids_of_file(out, values=True)
    a, b = score_of(values, 4)
    sheet = values["Grilles par équipe"]
    assert (sheet[(3, 3)], sheet[(3, 4)]) == (a, b)
    assert sum(sheet[(7 + k, 4)] for k in range(4)) == 6        # games played, round by round
    assert len(typed(grids_of_file(out), 4)) == 6
    assert invoke("result", out, 4, 1, "").exit_code == 0         # cleared
    assert len(typed(grids_of_file(out), 4)) == 5


def test_rename_corrects_a_player_and_every_sheet_follows(tmp_path):
    out = build(tmp_path)
    assert invoke("rename", out, "b3", "--name", "Frédéric", "--rating", "1720").exit_code == 0
    values = grids_of_file(out, values=True)
    assert values["Compositions"][(6, 7)] == "Frédéric" and values["Compositions"][(6, 8)] == 1720
    names = {v for r in range(1, 5) for (row, col), v in values[f"Ronde {r}"].items() if col in (3, 6)}
    assert "Frédéric" in names and "Fred" not in names


def test_refusals_leave_the_file_byte_identical_and_write_no_backup(tmp_path):
    out = build(tmp_path)
    assert invoke("result", out, 1, 1, "1-0").exit_code == 0
    before = digest(out)
    backups = versions(out)
    fa, fb = tmp_path / "a.csv", tmp_path / "b.csv"
    for args in (("result", out, 5, 1, "1-0"), ("result", out, 1, 9, "1-0"), ("result", out, 1, 1, "2-0"),
                 ("rename", out, "C1", "--name", "X"), ("rename", out, "A1", "--club", "X"),
                 ("withdraw", out, "A1"), ("late-entry", out, "Zoé"),
                 ("scheveningen", "match", "--team-a", fa, "--team-b", fb, "-o", out, "--force")):
        result = invoke(*args)
        assert result.exit_code == 2, (args, result.output)
        assert digest(out) == before, args
    assert "--discard-results" in result.output
    assert versions(out) == backups


def test_bad_team_files_are_refused_with_their_line(tmp_path):
    fa, fb = team_files(tmp_path, b=TEAM_B[:3])
    out = tmp_path / "m.xlsx"
    result = invoke("scheveningen", "match", "--team-a", fa, "--team-b", fb, "-o", out)
    assert result.exit_code == 2 and "as many players" in result.output and not out.exists()
    fb.write_text("nom,elo\nDenis,abc\n", encoding="utf-8")
    result = invoke("scheveningen", "match", "--team-a", fa, "--team-b", fb, "-o", out)
    assert result.exit_code == 2 and "line 2" in result.output and not out.exists()


# -- the button, against the command ---------------------------------------------------------


def _norm(grids: dict) -> dict:
    def clean(value):
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value

    return {sheet: {k: clean(v) for k, v in grid.items()} for sheet, grid in grids.items()}


def test_the_button_and_the_command_write_the_same_workbook(tmp_path):
    doors = TwoDoors(build(tmp_path), rebuild_scheveningen_match)
    steps = [(1, 1, "1-0"), (2, 2, "1/2-1/2"), (3, 3, "0-1 F"), (4, 4, "0-0 F"), (2, 2, "0-1")]
    for r, b, code in steps:
        doors.by_command("result", doors.file, r, b, code, ok=True)
        doors.by_button([(f"Ronde {r}", 4 + b, 4, code)], ok=True)
    doors.by_command("rename", doors.file, "A2", "--name", "Bruno Dupont", ok=True)
    message = doors.by_button([("Compositions", 5, 2, "Bruno Dupont")], ok=True)
    assert "Score" in message
    doors.same(_norm)  # every sheet holds the same cells
    # a refused button writes nothing
    message = doors.by_button([("Ronde 1", 6, 4, "2-0")], ok=False)
    # the French workbook answers in French (events.press.workbook_language): the sentence names the cell and value
    assert "D6" in message and '"2-0"' in message and "1-0 F" in message


def test_the_button_builds_the_match_from_the_line_ups_sheet_as_the_command_does(tmp_path):
    out = build(tmp_path)
    rows = [["Compositions"], ["Équipe A", "Club A", "", "", "", "Équipe B", "Échiquier Nord"],
            ["N°", "Nom", "Elo", "Licence", "", "N°", "Nom", "Elo", "Licence"]]
    rows += [["", a[0], a[1], "", "", "", b[0], b[1] or "", ""] for a, b in zip(TEAM_A, TEAM_B)]
    message, after = press(rebuild_scheveningen_match, payload_from_sheets([("Compositions", rows)]))
    assert after is not None and "4 rondes" in message  # the workbook speaks French
    assert_same(_norm(grids_of_file(out)), _norm(grids_of(after)))


def test_a_built_match_keeps_its_size(tmp_path):
    out = build(tmp_path)
    message, after = press(rebuild_scheveningen_match, payload_from_file(out),
                           [("Compositions", 8, 2, "Hugo"), ("Compositions", 8, 7, "Ivan")])
    assert after is None and "équipes de 4 joueurs" in message
