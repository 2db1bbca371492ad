"""A league season as it happens, through the command line and through the button.

Oracles: a model written here (typed results, line-ups, forfeits, withdrawals), the season
workbook's input cells read back here with openpyxl (not with the project's reader), and
the table of ``division_table`` (checked against Gacrux and LibreOffice elsewhere) fed
with the model. The same operations go through the command line on a file and through
the button on xlwings' remote-interpreter book; both workbooks must hold the same inputs
after every step, and a refusal changes nothing. Finally a whole season typed through the
command line is recalculated by LibreOffice: its table is Python's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from support.doors import TwoDoors, digest, grids_of, grids_of_file, invoke, press
from support.xlwings_replay import payload_from_sheets

from addin.excel.buttons import rebuild_league_season
from addin.systems.directed.league import calendar_for
from addin.systems.league import event as rules
from addin.systems.league.model import Member
from addin.systems.league.table import division_table

OTB = {"1-0", "0-1", "1/2-1/2"}
CODES = ["1-0", "0-1", "1/2-1/2", "+-", "-+", "0-0"]
IN_SHEET = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "+-": "1-0 F", "-+": "0-1 F", "0-0": "0-0 F"}
FROM_SHEET = {v: k for k, v in IN_SHEET.items()}
WORDS = {"domicile": "home", "extérieur": "away", "les deux": "both"}
TEAMS = ["Alpha", "Bravo", "Charlie", "Delta"]
BOARDS = 2


def write_files(folder: Path) -> tuple[Path, Path]:
    teams = folder / "teams.csv"
    teams.write_text("division,team,club\n" + "".join(f"D1,{t},{t}\n" for t in TEAMS), encoding="utf-8")
    rosters = folder / "rosters.csv"
    rosters.write_text("team,name,rating\n" + "".join(f"{t},{t[0]}{k},{1500 + 10 * k}\n" for t in TEAMS
                                                       for k in (1, 2, 3)), encoding="utf-8")
    return teams, rosters


# -- reading the inputs, independently of the project's reader ---------------------------------

def clean(value):
    if isinstance(value, str) and value.startswith("'"):
        return value[1:]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def inputs(grids: dict) -> dict:
    """Team numbers and withdrawals, and per match (round, sheet match): teams, line-ups, results, forfeit."""
    teams = grids["Équipes inscrites"]
    numbers, withdrawn = {}, {}
    for row in range(2, 2 + len(TEAMS)):
        numbers[clean(teams[(row, 3)])] = clean(teams[(row, 2)])
        if (row, 5) in teams:
            withdrawn[clean(teams[(row, 2)])] = clean(teams[(row, 5)])
    matches = {}
    rnd = 1
    while f"Ronde {rnd}" in grids:
        grid = grids[f"Ronde {rnd}"]
        k = 0
        for row in range(1, max(r for r, _ in grid) + 1):
            if not str(grid.get((row, 1), "")).startswith("Match"):
                continue
            k += 1
            home, away = clean(grid[(row, 15)]), clean(grid[(row, 16)])
            lineups = tuple(tuple(clean(grid.get((row + 4 + b, col))) for b in range(BOARDS)) for col in (3, 9))
            results = {b + 1: FROM_SHEET[grid[(row + 4 + b, 6)]] for b in range(BOARDS) if (row + 4 + b, 6) in grid}
            forfeit = WORDS.get(grid.get((row + 1, 10)))
            matches[(rnd, k)] = (home, away, lineups, results, forfeit)
        rnd += 1
    return {"numbers": numbers, "withdrawn": withdrawn, "matches": matches}


def title_row(payload: dict, rnd: int, k: int) -> int:
    values = next(s for s in payload["sheets"] if s["name"] == f"Ronde {rnd}")["values"]
    found = [r for r, line in enumerate(values, 1) if str(line[0]).startswith("Match")]
    return found[k - 1]


# -- regressions ----------------------------------------------------------------------------------

def test_a_season_from_the_files_and_refusals_that_change_nothing(tmp_path):
    teams, rosters = write_files(tmp_path)
    out = tmp_path / "s.xlsx"
    bad = invoke("league", "season", teams, "--rosters", rosters, "-o", out, "--boards", "40")
    assert bad.exit_code == 2 and not out.exists()
    ok = invoke("league", "season", teams, "--rosters", rosters, "-o", out, "--boards", BOARDS, "--seed", 3)
    assert ok.exit_code == 0, ok.output
    assert invoke("result", out, 1, "1.1", "1-0").exit_code == 0
    before = digest(out)
    for args in (("result", out, 1, "1", "1-0"), ("result", out, 1, "9.1", "1-0"), ("result", out, 1, "1.1", "2-0"),
                 ("league", "forfeit", out, 1, 1, "home"), ("league", "lineup", out, 1, 1, "home", "1,1"),
                 ("league", "lineup", out, 1, 1, "away", "4"), ("withdraw", out, "Nobody", "--from-round", 1),
                 ("rename", out, 1, "--name", "X")):
        result = invoke(*args)
        assert result.exit_code == 2, (args, result.output)
        assert digest(out) == before, args
    again = invoke("league", "season", teams, "--rosters", rosters, "-o", out, "--force")
    assert again.exit_code == 2 and "--discard-results" in again.output and digest(out) == before


def test_a_line_up_starting_with_an_empty_board_is_not_taken_for_an_option(tmp_path):
    teams, rosters = write_files(tmp_path)
    out = tmp_path / "s.xlsx"
    assert invoke("league", "season", teams, "--rosters", rosters, "-o", out, "--boards", BOARDS).exit_code == 0
    result = invoke("league", "lineup", out, 1, 1, "away", "-,3")
    assert result.exit_code == 0, result.output
    grid = grids_of_file(out)["Ronde 1"]
    row = next(r for (r, c), v in sorted(grid.items()) if c == 1 and str(v).startswith("Match"))
    assert (grid.get((row + 4, 9)), grid.get((row + 5, 9))) == (None, 3)


def test_the_button_builds_the_season_from_the_registered_teams():
    payload = payload_from_sheets([("Équipes inscrites", [["Division", "Équipe", "Club"]] +
                                    [["D1", t, t] for t in TEAMS]),
                                   ("Effectifs", [["Équipe", "Nom", "Elo"], ["Alpha", "A1", 1500]])])
    message, after = press(rebuild_league_season, payload)
    assert "seed" in message or "graine" in message
    assert after is not None, message
    found = inputs(grids_of(after))
    assert sorted(found["numbers"]) == sorted(TEAMS) and sorted(found["numbers"].values()) == [1, 2, 3, 4]
    assert len(found["matches"]) == 6


# -- the stateful proof ---------------------------------------------------------------------------

class LiveSeason(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        import tempfile

        self.folder = Path(tempfile.mkdtemp(prefix="league-live-"))

    @initialize()
    def build(self):
        teams, rosters = write_files(self.folder)
        self.file = self.folder / "s.xlsx"
        result = invoke("league", "season", teams, "--rosters", rosters, "-o", self.file, "--boards", BOARDS,
                        "--seed", 5)
        assert result.exit_code == 0, result.output
        self.doors = TwoDoors(self.file, rebuild_league_season)  # the command on the file, the button on its twin
        found = inputs(grids_of_file(self.file))
        self.numbers = found["numbers"]
        self.matches = {key: value[:2] for key, value in found["matches"].items()}
        self.results: dict = {}
        self.lineups: dict = {}
        self.forfeits: dict = {}
        self.withdrawn: dict = {}

    def gone(self, team: int, rnd: int) -> bool:
        return team in self.withdrawn and rnd >= self.withdrawn[team]

    @rule(data=st.data())
    def type_a_result(self, data):
        rnd, k = data.draw(st.sampled_from(sorted(self.matches)))
        board = data.draw(st.integers(1, BOARDS))
        code = data.draw(st.sampled_from(CODES + [""]))
        home, away = self.matches[(rnd, k)]
        ok = not (code and (rnd, k) in self.forfeits) and not (code in OTB and (self.gone(home, rnd)
                                                                                  or self.gone(away, rnd)))
        self.doors.by_command("result", self.file, rnd, f"{k}.{board}", code, ok=ok)
        self.doors.by_button([(f"Ronde {rnd}", title_row(self.doors.payload, rnd, k) + 3 + board, 6,
                               IN_SHEET.get(code, ""))], ok=ok)
        if ok:
            if code:
                self.results[(rnd, k, board)] = code
            else:
                self.results.pop((rnd, k, board), None)

    @rule(data=st.data())
    def field_a_line_up(self, data):
        rnd, k = data.draw(st.sampled_from(sorted(self.matches)))
        side = data.draw(st.sampled_from(["home", "away"]))
        numbers = data.draw(st.lists(st.one_of(st.none(), st.integers(1, 4)), min_size=BOARDS, max_size=BOARDS))
        fielded = [n for n in numbers if n is not None]
        ok = len(set(fielded)) == len(fielded) and all(n <= 3 for n in fielded)
        text = ",".join("-" if n is None else str(n) for n in numbers)
        self.doors.by_command("league", "lineup", self.file, rnd, k, side, text, ok=ok)
        col = 3 if side == "home" else 9
        row = title_row(self.doors.payload, rnd, k) + 4
        self.doors.by_button([(f"Ronde {rnd}", row + b, col, numbers[b]) for b in range(BOARDS)], ok=ok)
        if ok:
            self.lineups[(rnd, k, side)] = tuple(numbers)

    @rule(data=st.data())
    def declare_a_forfeit(self, data):
        rnd, k = data.draw(st.sampled_from(sorted(self.matches)))
        side = data.draw(st.sampled_from(["home", "away", "both", "none"]))
        typed = any(key[:2] == (rnd, k) for key in self.results)
        ok = side == "none" or not typed
        self.doors.by_command("league", "forfeit", self.file, rnd, k, side, ok=ok)
        word = {"home": "domicile", "away": "extérieur", "both": "les deux", "none": None}[side]
        self.doors.by_button([(f"Ronde {rnd}", title_row(self.doors.payload, rnd, k) + 1, 10, word)], ok=ok)
        if ok:
            if side == "none":
                self.forfeits.pop((rnd, k), None)
            else:
                self.forfeits[(rnd, k)] = side

    @rule(data=st.data())
    def withdraw(self, data):
        name = data.draw(st.sampled_from(TEAMS))
        rnd = data.draw(st.integers(1, 3))
        team = self.numbers[name]
        ok = not any(r >= rnd and team in self.matches[(r, k)] and code in OTB
                     for (r, k, _), code in self.results.items())
        self.doors.by_command("withdraw", self.file, name, "--from-round", rnd, ok=ok)
        self.doors.by_button([("Équipes inscrites", 1 + team, 5, rnd)], ok=ok)
        if ok:
            self.withdrawn[team] = rnd

    @precondition(lambda self: bool(self.withdrawn))
    @rule(data=st.data())
    def reinstate(self, data):
        team = data.draw(st.sampled_from(sorted(self.withdrawn)))
        name = next(n for n, t in self.numbers.items() if t == team)
        self.doors.by_command("reinstate", self.file, name, ok=True)
        self.doors.by_button([("Équipes inscrites", 1 + team, 5, None)], ok=True)
        del self.withdrawn[team]

    # -- checks --
    def model_season(self):
        cal = calendar_for("D1", self.numbers, "gathering", ["", "", ""])
        rosters = {t: [Member(f"{t[0]}{k}", 1500 + 10 * k) for k in (1, 2, 3)] for t in TEAMS}
        season = rules.season_from_calendars([cal], {t: t for t in TEAMS}, rosters, boards=BOARDS)
        from dataclasses import replace

        lineups = {((1, r, k), 0 if side == "home" else 1): numbers
                   for (r, k, side), numbers in self.lineups.items()}
        return replace(season, results={(1, *key): code for key, code in self.results.items()},
                       forfeits={(1, *key): side for key, side in self.forfeits.items()},
                       withdrawn={(1, t): r for t, r in self.withdrawn.items()}, lineups=lineups)

    @invariant()
    def the_workbooks_hold_the_model_and_its_table(self):
        if not hasattr(self, "file"):
            return
        grids = grids_of_file(self.file, values=True)
        from_file = self.doors.same(inputs, grids)
        assert from_file["withdrawn"] == self.withdrawn
        for (rnd, k), (home, away, lineups, results, forfeit) in from_file["matches"].items():
            assert (home, away) == self.matches[(rnd, k)]
            assert results == {b: c for (r, kk, b), c in self.results.items() if (r, kk) == (rnd, k)}
            assert forfeit == self.forfeits.get((rnd, k))
            for side, numbers in zip(("home", "away"), lineups):
                assert numbers == self.lineups.get((rnd, k, side), (1, 2))
        table = grids["Classement"]
        first = next(r for (r, c), v in table.items() if c == 2 and v == "N°") + 1
        lines = division_table(self.model_season(), 1)
        for k, line in enumerate(lines):
            assert clean(table[(first + k, 2)]) == line.number
            assert [clean(table.get((first + k, c), 0)) for c in (4, 9, 10)] == [line.played, line.mp, line.gp]

    def teardown(self):
        import shutil

        shutil.rmtree(self.folder, ignore_errors=True)


TestLiveSeason = LiveSeason.TestCase
TestLiveSeason.settings = settings(max_examples=5, stateful_step_count=8, deadline=None, derandomize=True,
                                   suppress_health_check=[HealthCheck.too_slow],
                                   phases=[Phase.explicit, Phase.generate])


@pytest.mark.libreoffice
def test_a_whole_season_typed_at_the_command_line_recalculates_to_pythons_table(tmp_path):
    from addin.render.file_book import FileBook
    from addin.render.recalc import recalculated_books
    from addin.sheets.league.reader import read_season

    teams, rosters = write_files(tmp_path)
    out = tmp_path / "s.xlsx"
    assert invoke("league", "season", teams, "--rosters", rosters, "-o", out, "--boards", BOARDS, "--seed", 8,
                  "--scoring", "ffe").exit_code == 0
    codes = iter(["1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "1/2-1/2", "0-1", "+-", "1-0", "0-1", "1-0", "1-0"])
    for rnd in (1, 2, 3):
        for k in (1, 2):
            for board in (1, 2):
                assert invoke("result", out, rnd, f"{k}.{board}", next(codes)).exit_code == 0
    [book] = recalculated_books([out], tmp_path / "out")
    sheet = book["Classement"]
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    first = next(i for i, row in enumerate(rows) if row[1] == "N°") + 1
    season = read_season(FileBook(out))
    for k, line in enumerate(division_table(season, 1)):
        assert rows[first + k][:12] == [line.rank, line.number, season.division(1).team(line.number).name,
                                        line.played, line.won, line.drawn, line.lost, line.forfeited, line.mp,
                                        line.gp, line.ga, line.diff]
