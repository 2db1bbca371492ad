"""A round-robin event as it happens, through the command line and through the button.

Oracles: a model written here (typed results, names, withdrawals, and the forfeits a
withdrawal gives, from the rule in ``rr_event_oracle.with_withdrawal_forfeits``), the
workbook's input cells read back here with openpyxl (not with the project's reader), and
``compute_standings`` (proven against a naive re-implementation and LibreOffice elsewhere)
fed with the model's results. The same operations go through the command line on a file
and through the button on xlwings' remote-interpreter book; both workbooks must hold the
same values after every step.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from openpyxl import load_workbook
from support.doors import TwoDoors, digest, grids_of_file, invoke
from support.rr_event_oracle import with_withdrawal_forfeits

from addin.excel.buttons import rebuild_event
from addin.render.file_book import FileBook
from addin.sheets.roundrobin.reader import read_event
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.standings.roundrobin import compute_standings
from addin.render.backups import versions

CODES = ["1-0", "0-1", "1/2-1/2", "+-", "-+", "0-0"]
OTB = {"1-0", "0-1", "1/2-1/2"}
#: how the workbooks spell the results (forfeits with an F): typed so in the sheet, read back so
IN_SHEET = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "+-": "1-0 F", "-+": "0-1 F", "0-0": "0-0 F", "": ""}
FROM_SHEET = {v: k for k, v in IN_SHEET.items()}
NAMES = ["Ann", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal"]


def write_players(path: Path, names: list[str]) -> Path:
    path.write_text("name,club\n" + "".join(f"{n},Club {i % 2}\n" for i, n in enumerate(names)), encoding="utf-8")
    return path


# -- reading a workbook's inputs, independently of the project's reader -------------

def inputs_of_file(path: Path) -> dict:
    return inputs_of_grids(grids_of_file(path))


def inputs_of_grids(grids: dict) -> dict:
    """Players (number → name, rating, withdrawal) and typed results (round, board → code)."""
    def clean(value):
        if isinstance(value, str) and value.startswith("'"):
            return value[1:]
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value

    players_grid, rounds_grid = grids["Joueurs"], grids["Rondes"]
    players = {}
    row = 2
    while (row, 1) in players_grid or (row, 2) in players_grid:
        players[clean(players_grid.get((row, 1)))] = (clean(players_grid.get((row, 2))),
                                                      clean(players_grid.get((row, 3))),
                                                      clean(players_grid.get((row, 6))))
        row += 1
    results, games = {}, {}
    last = max((r for r, _ in rounds_grid), default=1)
    for r in range(2, last + 1):
        rnd, board = clean(rounds_grid.get((r, 1))), clean(rounds_grid.get((r, 2)))
        if isinstance(rnd, int) and isinstance(board, int):
            games[(rnd, board)] = (clean(rounds_grid.get((r, 3))), clean(rounds_grid.get((r, 7))))
            if (r, 5) in rounds_grid:
                results[(rnd, board)] = FROM_SHEET[clean(rounds_grid[(r, 5)])]
    return {"players": players, "results": results, "games": games}


def row_of_game(payload: dict, rnd: int, board: int) -> int:
    values = next(s for s in payload["sheets"] if s["name"] == "Rondes")["values"]
    for r, line in enumerate(values, 1):
        if len(line) > 1 and line[0] == rnd and line[1] == board:
            return r
    raise AssertionError((rnd, board))


# -- regressions of the issue ----------------------------------------------------------

def test_force_over_an_event_with_results_is_refused_unless_discarded(tmp_path):
    players = write_players(tmp_path / "p.csv", NAMES[:6])
    out = tmp_path / "event.xlsx"
    assert invoke("berger", 6, "--names", players, "-o", out).exit_code == 0
    assert invoke("result", out, 1, 1, "1-0").exit_code == 0
    before = digest(out)
    result = invoke("berger", 6, "--names", players, "-o", out, "--force")
    assert result.exit_code == 2 and "--discard-results" in result.output and "1 typed result" in result.output
    assert digest(out) == before
    result = invoke("berger", 6, "--names", players, "-o", out, "--force", "--discard-results")
    assert result.exit_code == 0 and "kept as event.backups/event." in result.output
    assert inputs_of_file(out)["results"] == {}
    kept = versions(out)
    assert inputs_of_file(kept[-1])["results"] == {(1, 1): "1-0"}


def test_results_can_be_read_back_from_an_event_workbook(tmp_path):
    players = write_players(tmp_path / "p.csv", NAMES[:6])
    first = tmp_path / "first.xlsx"
    invoke("berger", 6, "--names", players, "-o", first)
    invoke("result", first, 2, 3, "0-1")
    second = tmp_path / "second.xlsx"
    result = invoke("berger", 6, "--names", players, "--results", first, "-o", second)
    assert result.exit_code == 0, result.output
    assert inputs_of_file(second)["results"] == {(2, 3): "0-1"}


def test_a_draw_prints_and_stores_its_seed_and_the_same_seed_draws_the_same(tmp_path):
    players = write_players(tmp_path / "p.csv", NAMES)
    result = invoke("berger", 8, "--names", players, "--draw", "-o", tmp_path / "a.xlsx")
    assert result.exit_code == 0
    seed = int(result.output.split("seed ")[1].split()[0])
    from addin.sheets.roundrobin.cells import SettingsRows

    stored = load_workbook(tmp_path / "a.xlsx")["Paramètres"].cell(SettingsRows.DRAW_SEED, 2).value
    assert stored == seed
    again = invoke("berger", 8, "--names", players, "--draw", "--seed", seed, "-o", tmp_path / "b.xlsx")
    assert again.exit_code == 0
    assert inputs_of_file(tmp_path / "a.xlsx")["players"] == inputs_of_file(tmp_path / "b.xlsx")["players"]


@pytest.mark.parametrize("args, words", [
    (["--seed", "7"], "--seed needs --draw"),
    (["--last-rounds", "2"], "--last-rounds needs --restrict-by"),
    (["--restrict-by", "federation"], "federation"),
])
def test_options_without_effect_or_without_data_are_refused(tmp_path, args, words):
    players = write_players(tmp_path / "p.csv", NAMES)
    out = tmp_path / "e.xlsx"
    result = invoke("berger", 8, "--names", players, "-o", out, *args)
    assert result.exit_code == 2 and words in result.output
    assert not out.exists() and list(tmp_path.iterdir()) == [players]


def test_the_draw_by_club_on_four_players_needs_no_last_rounds(tmp_path):
    players = write_players(tmp_path / "p.csv", NAMES[:4])
    result = invoke("draw", players, "--restrict-by", "club", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "last_rounds" not in result.output


def test_duplicate_names_are_refused_unless_told_apart(tmp_path):
    same = tmp_path / "same.csv"
    same.write_text("name,club\nAnn,A\nBen,A\nAnn,A\nDee,B\n", encoding="utf-8")
    result = invoke("berger", 4, "--names", same, "-o", tmp_path / "e.xlsx")
    assert result.exit_code == 2 and "Ann" in result.output and not (tmp_path / "e.xlsx").exists()
    apart = tmp_path / "apart.csv"
    apart.write_text("name,club\nAnn,A\nBen,A\nAnn,B\nDee,B\n", encoding="utf-8")
    assert invoke("berger", 4, "--names", apart, "-o", tmp_path / "e.xlsx").exit_code == 0


def test_a_withdrawal_refuses_when_he_played_later_and_changes_nothing(tmp_path):
    players = write_players(tmp_path / "p.csv", NAMES[:6])
    out = tmp_path / "e.xlsx"
    invoke("berger", 6, "--names", players, "-o", out)
    schedule = berger_schedule(6)
    rnd, board, white, black = next(g for g in schedule.games() if g[0] == 3)
    invoke("result", out, rnd, board, "1-0")
    before = digest(out)
    result = invoke("withdraw", out, white, "--from-round", 2)
    assert result.exit_code == 2 and "nothing was changed" in result.output
    assert digest(out) == before


def test_a_withdrawal_gives_forfeits_from_its_round_once_the_round_starts(tmp_path):
    players = write_players(tmp_path / "p.csv", NAMES[:6])
    out = tmp_path / "e.xlsx"
    invoke("berger", 6, "--names", players, "-o", out)
    assert invoke("withdraw", out, 2, "--from-round", 4).exit_code == 0
    event = read_event(FileBook(out))
    assert event.withdrawn == {2: 4} and event.effective_results() == {}
    schedule = berger_schedule(6)
    other = next((r, b) for r, b, w, k in schedule.games() if r == 4 and 2 not in (w, k))
    invoke("result", out, *other, "1/2-1/2")
    effective = read_event(FileBook(out)).effective_results()
    game = next((r, b, w, k) for r, b, w, k in schedule.games() if r == 4 and 2 in (w, k))
    assert effective[game[:2]] == ("-+" if game[2] == 2 else "+-")
    assert not any(r == 5 for r, _ in effective)  # round 5 has not started


# -- the stateful proof --------------------------------------------------------------

class LiveRoundRobin(RuleBasedStateMachine):
    """Random sequences of operations, by command and by button, checked against the model."""

    def __init__(self):
        super().__init__()
        import tempfile

        self.folder = Path(tempfile.mkdtemp(prefix="rr-live-"))
        self.doors: TwoDoors | None = None

    @initialize(n=st.integers(4, 7))
    def build(self, n):
        self.n = n
        self.names = {i: NAMES[i - 1] for i in range(1, n + 1)}
        self.ratings = {i: None for i in range(1, n + 1)}
        self.results: dict = {}
        self.withdrawn: dict = {}
        self.file = self.folder / "event.xlsx"
        result = invoke("berger", n, "--names", write_players(self.folder / "p.csv", NAMES[:n]), "-o", self.file)
        assert result.exit_code == 0, result.output
        self.doors = TwoDoors(self.file, rebuild_event)  # the command on the file, the button on its twin
        self.doors.press()

    def otb_after(self, player: int, rnd: int) -> bool:
        games = dict(((r, b), (w, k)) for r, b, w, k in berger_schedule(self.n).games())
        return any(r >= rnd and player in games[(r, b)] and code in OTB for (r, b), code in self.results.items())

    # -- rules --
    @rule(data=st.data())
    def type_a_result(self, data):
        games = list(berger_schedule(self.n).games())
        rnd, board, white, black = data.draw(st.sampled_from(games))
        code = data.draw(st.sampled_from(CODES + [""]))
        gone = [p for p in (white, black) if self.withdrawn.get(p) is not None and rnd >= self.withdrawn[p]]
        ok = not (code in OTB and gone)
        self.doors.by_command("result", self.file, rnd, board, code, ok=ok)
        if ok:
            self.doors.by_button([("Rondes", row_of_game(self.doors.payload, rnd, board), 5, IN_SHEET[code])], ok=True)
            if code:
                self.results[(rnd, board)] = code
            else:
                self.results.pop((rnd, board), None)

    @rule(data=st.data())
    def withdraw(self, data):
        player = data.draw(st.integers(1, self.n))
        rnd = data.draw(st.one_of(st.none(), st.integers(1, len(berger_schedule(self.n).rounds))))
        ok = rnd is None or not self.otb_after(player, rnd)
        args = ["withdraw", self.file, player] + ([] if rnd is None else ["--from-round", rnd])
        self.doors.by_command(*args, ok=ok)
        self.doors.by_button([("Joueurs", player + 1, 6, "oui" if rnd is None else rnd)], ok=ok)
        if ok:
            self.withdrawn[player] = rnd

    @precondition(lambda self: bool(self.withdrawn))
    @rule(data=st.data())
    def reinstate(self, data):
        player = data.draw(st.sampled_from(sorted(self.withdrawn)))
        self.doors.by_command("reinstate", self.file, player, ok=True)
        self.doors.by_button([("Joueurs", player + 1, 6, None)], ok=True)
        del self.withdrawn[player]

    @rule(data=st.data(), name=st.sampled_from(["Zoé", "=1+1", "@home", "Jean-Luc", "-x"]))
    def rename(self, data, name):
        player = data.draw(st.integers(1, self.n))
        self.doors.by_command("rename", self.file, player, "--name", name, ok=True)
        self.doors.by_button([("Joueurs", player + 1, 2, name)], ok=True)
        self.names[player] = name

    @rule(data=st.data())
    def replace(self, data):
        player = data.draw(st.integers(1, self.n))
        games = dict(((r, b), (w, k)) for r, b, w, k in berger_schedule(self.n).games())
        ok = not any(player in games[key] for key in self.results)
        self.doors.by_command("replace", self.file, player, "Newcomer", "--rating", 1500, ok=ok)
        if ok:
            self.doors.by_button([("Joueurs", player + 1, 2, "Newcomer"), ("Joueurs", player + 1, 3, 1500),
                            ("Joueurs", player + 1, 4, ""), ("Joueurs", player + 1, 6, None)], ok=True)
            self.names[player], self.ratings[player] = "Newcomer", 1500
            self.withdrawn.pop(player, None)

    @precondition(lambda self: self.n < 8)
    @rule()
    def late_entry(self):
        ok = not self.results
        self.doors.by_command("late-entry", self.file, f"Late {self.n + 1}", ok=ok)
        if ok:
            self.doors.by_button([("Joueurs", self.n + 2, 2, f"Late {self.n + 1}")], ok=True)
            self.n += 1
            self.names[self.n], self.ratings[self.n] = f"Late {self.n}", None

    @rule()
    def update(self):
        self.doors.by_command("update", self.file, ok=True)
        self.doors.press()

    # -- checks after every step --
    @invariant()
    def the_workbooks_hold_the_model(self):
        if not hasattr(self, "n"):
            return
        from_file = self.doors.same(inputs_of_grids)
        assert from_file["results"] == self.results, "a typed result was lost or moved"
        expected_players = {i: (self.names[i], self.ratings[i],
                                None if i not in self.withdrawn else ("oui" if self.withdrawn[i] is None
                                                                      else self.withdrawn[i]))
                            for i in range(1, self.n + 1)}
        assert from_file["players"] == expected_players
        schedule = berger_schedule(self.n)
        assert from_file["games"] == {(r, b): (w, k) for r, b, w, k in schedule.games()}

    @invariant()
    def the_standings_are_the_models(self):
        if not hasattr(self, "n"):
            return
        event = read_event(FileBook(self.file))
        rounds = {p: r for p, r in self.withdrawn.items() if r is not None}
        effective = with_withdrawal_forfeits(berger_schedule(self.n), self.results, rounds)
        expected = compute_standings(berger_schedule(self.n), effective, ("DE", "SB", "WIN", "KS"),
                                     set(self.withdrawn), 0.0)
        assert event.standings() == expected

    def teardown(self):
        import shutil

        shutil.rmtree(self.folder, ignore_errors=True)
        STEPS.append(self.doors.steps if self.doors else 0)


STEPS: list[int] = []

TestLiveRoundRobin = LiveRoundRobin.TestCase
TestLiveRoundRobin.pytestmark = [pytest.mark.slow]
TestLiveRoundRobin.settings = settings(max_examples=12, stateful_step_count=8, deadline=None, derandomize=True,
                                       suppress_health_check=[HealthCheck.too_slow])


def test_forfeit_codes_are_results_not_options(tmp_path):
    out = tmp_path / "e.xlsx"
    invoke("berger", 4, "--event", "-o", out)
    for code in ("-+", "+-", "0-0"):
        result = invoke("result", out, 1, 1, code)
        assert result.exit_code == 0, result.output
        assert inputs_of_file(out)["results"] == {(1, 1): code}
