"""A Molter event as it happens, through the command line and through the button.

Oracles: a model written here — the teams' lists, the typed results, the withdrawals and the
Line-ups cells, the rules of ``docs/molter-event.md`` (a player of a list plays once a round
and in the list's order, a substitute from outside the list takes a seat as it is, no game
played over the board where a side does not play) and the forfeits that absences and
withdrawals give — the workbook's input cells read back by the test itself
(``molter_workbook.inputs``, not the project's reader), and ``team_standings`` (proven
against the seed's hand-worked cases and LibreOffice elsewhere) fed with the model's
results. The same operations go through the command line on a file and through the button
on xlwings' remote-interpreter book (the organiser types in the sheets, then presses
*Mettre à jour*); both workbooks must hold the same cells (values, and formulas as their
text, in every sheet) after every step, and a refusal must change nothing on either path.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from support.doors import TwoDoors, invoke
from support.molter_workbook import clean, inputs

from addin.excel.buttons import rebuild_molter_event
from addin.render.file_book import FileBook
from addin.sheets.molter import read_event
from addin.systems.molter.event import played_rounds
from addin.systems.molter.ranking import team_standings
from addin.systems.molter.tables import molter_table

#: the workbook's spellings (the drop-down list) and the canonical codes the ranking reads
CANONICAL = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "1-0 F": "+-", "0-1 F": "-+", "0-0 F": "0-0"}
OTB = {"1-0", "0-1", "1/2-1/2"}
SHAPES = [(3, 4, 2), (4, 4, 3), (5, 4, 2)]  # official tables 1, 4 and 8
LETTERS = "ABCDE"
EXTRA = {0: 2, 1: 1}  # team A lists two reserves, team B one
OUTSIDERS = ["Sub One", "Sub Two"]


def same_cells(grids: dict) -> dict:
    """Every cell of every sheet (values, and formulas as their text), as either path stores them."""
    return {name: {key: clean(value) for key, value in cells.items()} for name, cells in grids.items()}


class Model:
    """What the event holds, and the rules that say whether a state is allowed (docs/molter-event.md)."""

    def __init__(self, n: int, boards: int, rounds: int):
        self.n, self.boards, self.round_count = n, boards, rounds
        self.rounds = played_rounds(molter_table(n, boards, rounds))
        self.team_names = [f"Club {t}" for t in LETTERS[:n]]
        self.lists = [[f"{t}{k} {'Reserve' if k > boards else 'Player'}" for k in range(1, boards + 1 + EXTRA.get(i, 0))]
                      for i, t in enumerate(LETTERS[:n])]
        self.results: dict = {}  # (round, board) -> workbook spelling
        self.withdrawn: dict = {}  # letter -> first round not played
        self.cells: dict = {}  # (letter, seat, round) -> place (int), substitute's name, or "absent"

    def copy(self) -> "Model":
        other = Model.__new__(Model)
        other.__dict__.update({k: (v.copy() if isinstance(v, (dict, list)) else v) for k, v in self.__dict__.items()})
        other.lists = [list(x) for x in self.lists]
        return other

    def games(self):
        return {(r, b): p for r, rnd in enumerate(self.rounds, 1) for b, p in enumerate(rnd, 1)}

    def out(self, seat, r) -> bool:
        gone = self.withdrawn.get(seat.team)
        return (gone is not None and r >= gone) or self.cells.get((seat.team, seat.board, r)) == "absent"

    def put(self, letter: str, seat: int, rnd: int, value) -> None:
        """Record who takes a seat: a list player's name becomes his place; the regular player is no entry."""
        index = LETTERS.index(letter)
        if isinstance(value, str) and value != "absent":
            for place, name in enumerate(self.lists[index], 1):
                if name.casefold() == value.casefold():
                    value = place
                    break
        if value is None or value == seat:
            self.cells.pop((letter, seat, rnd), None)
        else:
            self.cells[(letter, seat, rnd)] = value

    def allowed(self) -> bool:
        names = [n.casefold() for n in self.team_names]
        if len(set(names)) != len(names):
            return False
        for roster in self.lists:
            listed = [n.casefold() for n in roster if n]
            if len(set(listed)) != len(listed):
                return False
        for index, letter in enumerate(LETTERS[:self.n]):
            for r in range(1, self.round_count + 1):
                seen, last = set(), 0
                for k in range(1, self.boards + 1):
                    who = self.cells.get((letter, k, r), k)
                    if who == "absent":
                        continue
                    key = who.casefold() if isinstance(who, str) else who
                    if key in seen:
                        return False
                    seen.add(key)
                    if isinstance(who, int):
                        if who < last:
                            return False
                        last = who
        for (r, b), code in self.results.items():
            pairing = self.games()[(r, b)]
            if code in OTB and (self.out(pairing.white, r) or self.out(pairing.black, r)):
                return False
        return True

    def effective(self) -> dict:
        """Typed results, and the forfeits of absent sides in the other games of a started round."""
        out = {key: CANONICAL[code] for key, code in self.results.items()}
        started = {r for r, _ in self.results}
        for (r, b), pairing in self.games().items():
            if (r, b) in out or r not in started:
                continue
            white, black = self.out(pairing.white, r), self.out(pairing.black, r)
            if white or black:
                out[(r, b)] = "0-0" if white and black else ("-+" if white else "+-")
        return out

    def expected_inputs(self) -> dict:
        teams = [(self.team_names[i], self.withdrawn.get(LETTERS[i]), tuple(self.lists[i])) for i in range(self.n)]
        games = {key: (str(p.white), str(p.black)) for key, p in self.games().items()}
        return {"settings": (self.round_count, self.boards, "auto"), "teams": teams, "results": dict(self.results),
                "games": games, "lineups": dict(self.cells)}


class LiveMolter(RuleBasedStateMachine):
    """Random sequences of operations, by command and by button, checked against the model."""

    def __init__(self):
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="molter-live-"))
        self.model: Model | None = None

    @initialize(shape=st.sampled_from(SHAPES))
    def build(self, shape):
        self.model = model = Model(*shape)
        lines = ["team," + ",".join(str(k) for k in range(1, model.boards + 3))]
        lines += [",".join([model.team_names[i], *model.lists[i]]) for i in range(model.n)]
        teams = self.folder / "teams.csv"
        teams.write_text("\n".join(lines) + "\n", encoding="utf-8")
        self.file = self.folder / "event.xlsx"
        result = invoke("molter", "--teams", teams, "--players", model.boards, "--rounds", model.round_count,
                        "-o", self.file)
        assert result.exit_code == 0, result.output
        self.doors = TwoDoors(self.file, rebuild_molter_event, counts=COUNTS)  # the file and its twin
        self.doors.by_button([], ok=True)

    def attempt(self, candidate: Model, args, edits, extra_ok: bool = True):
        ok = extra_ok and candidate.allowed()
        self.doors.by_command(*args, ok=ok)
        if edits is not None:
            self.doors.by_button(edits, ok=ok)
        if ok:
            self.model = candidate

    # -- where the organiser types -------------------------------------------------------------
    def team_row(self, letter):
        return 5 + LETTERS.index(letter)

    def lineup_cell(self, letter, seat, rnd):
        top = 4 + LETTERS.index(letter) * (self.model.boards + 3)
        return ("Compositions", top + 1 + seat, 2 * rnd)

    # -- rules -------------------------------------------------------------------------------------
    @rule(data=st.data())
    def operation(self, data):
        """One operation, drawn here rather than as separate rules, and uniformly: with few examples,
        Hypothesis' swarm testing (some rules disabled per example) and its preference for the first
        choices would leave whole operations untried."""
        choices = ["type_a_result"] * 3 + ["withdraw"] * 2 + ["substitute", "change_a_line_up", "mark_absent",
                                                               "mark_absent", "rename", "update"]
        if self.model.withdrawn:
            choices.append("reinstate")
        self.rng = data.draw(st.randoms(use_true_random=False), label="operation")
        getattr(self, self.rng.choice(choices))(data)

    def type_a_result(self, data):
        m = self.model
        idle = sorted(key for key, p in m.games().items() if m.out(p.white, key[0]) or m.out(p.black, key[0]))
        if idle and self.rng.random() < 0.5:  # a game one side does not play: over the board is refused
            rnd, board = data.draw(st.sampled_from(idle))
        else:
            rnd, board = data.draw(st.sampled_from(sorted(m.games())))
        code = data.draw(st.sampled_from(list(CANONICAL) + [""]))
        candidate = m.copy()
        if code:
            candidate.results[(rnd, board)] = code
        else:
            candidate.results.pop((rnd, board), None)
        self.attempt(candidate, ["result", self.file, rnd, board, code],
                     [(f"Ronde {rnd}", 3 + board, 4, code)])

    def withdraw(self, data):
        m = self.model
        played = sorted((r, side.team) for (r, b), code in m.results.items() if code in OTB
                        for side in (m.games()[(r, b)].white, m.games()[(r, b)].black))
        if played and self.rng.random() < 0.5:  # a team that played over the board in that round: refused
            rnd, letter = data.draw(st.sampled_from(played))
        else:
            letter = data.draw(st.sampled_from(LETTERS[:m.n]))
            rnd = data.draw(st.integers(1, m.round_count))
        candidate = m.copy()
        candidate.withdrawn[letter] = rnd
        who = letter if data.draw(st.booleans()) else m.team_names[LETTERS.index(letter)]
        self.attempt(candidate, ["withdraw", self.file, who, "--from-round", rnd],
                     [("Équipes", self.team_row(letter), 3, rnd)])

    def reinstate(self, data):
        letter = data.draw(st.sampled_from(sorted(self.model.withdrawn)))
        candidate = self.model.copy()
        del candidate.withdrawn[letter]
        self.attempt(candidate, ["reinstate", self.file, letter], [("Équipes", self.team_row(letter), 3, None)])

    def substitute(self, data):
        m = self.model
        letter = data.draw(st.sampled_from(LETTERS[:m.n]))
        index = LETTERS.index(letter)
        seat = data.draw(st.integers(1, m.boards))
        first = data.draw(st.integers(1, m.round_count))
        last = data.draw(st.integers(first, m.round_count))
        outsider = self.rng.random() < 0.5
        name = data.draw(st.sampled_from(OUTSIDERS if outsider else m.lists[index]))
        candidate = m.copy()
        for r in range(first, last + 1):
            candidate.put(letter, seat, r, name)
        edits = [self.lineup_cell(letter, seat, r) + (name,) for r in range(first, last + 1)]
        self.attempt(candidate, ["substitute", self.file, letter, seat, name, "--round", first, "--to-round", last],
                     edits)

    def change_a_line_up(self, data):
        m = self.model
        letter = data.draw(st.sampled_from(LETTERS[:m.n]))
        roster = m.lists[LETTERS.index(letter)]
        places = sorted(data.draw(st.sets(st.integers(1, len(roster)), min_size=m.boards - 1, max_size=m.boards)))
        rnd = data.draw(st.integers(1, m.round_count))
        by_name = data.draw(st.booleans())
        candidate = m.copy()
        edits = []
        for k in range(1, m.boards + 1):
            value = places[k - 1] if k <= len(places) else "absent"
            candidate.put(letter, k, rnd, value)
            typed = roster[value - 1] if by_name and isinstance(value, int) else value
            edits.append(self.lineup_cell(letter, k, rnd) + (typed,))
        named = [roster[p - 1] if by_name else p for p in reversed(places)]  # any order: seated by the list
        self.attempt(candidate, ["lineup", self.file, letter, *named, "--round", rnd], edits)

    def mark_absent(self, data):
        m = self.model
        played = sorted(key for key, code in m.results.items() if code in OTB)
        if played and self.rng.random() < 0.5:  # a game played over the board: marking a side absent is refused
            rnd, board = data.draw(st.sampled_from(played))
            pairing = m.games()[(rnd, board)]
        else:
            (rnd, board), pairing = data.draw(st.sampled_from(sorted(m.games().items())))
        white = data.draw(st.booleans())
        seat = pairing.white if white else pairing.black
        cancel = data.draw(st.booleans())
        key = (seat.team, seat.board, rnd)
        candidate = m.copy()
        args = ["absent", self.file, rnd, board, "white" if white else "black"]
        if cancel:
            if m.cells.get(key) == "absent":
                del candidate.cells[key]
                self.attempt(candidate, args + ["--cancel"], [self.lineup_cell(*key) + (None,)])
            else:
                self.attempt(candidate, args + ["--cancel"], None, extra_ok=False)
            return
        candidate.cells[key] = "absent"
        self.attempt(candidate, args, [self.lineup_cell(*key) + ("absent",)])

    def rename(self, data):
        m = self.model
        letter = data.draw(st.sampled_from(LETTERS[:m.n]))
        index = LETTERS.index(letter)
        candidate = m.copy()
        if data.draw(st.booleans()):
            name = data.draw(st.sampled_from(["Échiquier Nord", "Club A", "=Tour"]))
            candidate.team_names[index] = name
            self.attempt(candidate, ["rename", self.file, letter, "--name", name],
                         [("Équipes", self.team_row(letter), 2, name)])
            return
        roster = m.lists[index]
        place = data.draw(st.integers(1, len(roster) + 1))
        name = data.draw(st.sampled_from(["Zoé Renamed", "Sub One", roster[0], "-x"]))
        if place > len(roster):
            candidate.lists[index].append(name)
        else:
            candidate.lists[index][place - 1] = name
        for (t, seat, r), value in list(candidate.cells.items()):  # a substitute now on the list is that player
            if t == letter and isinstance(value, str) and value != "absent":
                candidate.put(t, seat, r, value)
        self.attempt(candidate, ["rename", self.file, f"{letter}{place}", "--name", name],
                     [("Équipes", self.team_row(letter), 3 + place, name)])

    def update(self, data):
        self.doors.by_command("update", self.file, ok=True)
        self.doors.by_button([], ok=True)

    # -- checks after every step -------------------------------------------------------------
    @invariant()
    def the_workbooks_hold_the_model(self):
        if self.model is None:
            return
        file_cells = self.doors.same(same_cells)
        assert inputs(file_cells) == self.model.expected_inputs()

    @invariant()
    def the_standings_are_the_models(self):
        if self.model is None:
            return
        m = self.model
        event = read_event(FileBook(self.file))
        effective = m.effective()
        assert event.effective_results() == effective
        assert event.standings() == team_standings(m.n, m.boards, m.rounds, effective)

    def teardown(self):
        shutil.rmtree(self.folder, ignore_errors=True)


#: (command, allowed) → how many times the machine tried it (read by the test below)
COUNTS: dict[tuple[str, bool], int] = {}

TestLiveMolter = LiveMolter.TestCase
TestLiveMolter.pytestmark = [pytest.mark.slow]
TestLiveMolter.settings = settings(max_examples=10, stateful_step_count=14, deadline=None, derandomize=True,
                                   suppress_health_check=[HealthCheck.too_slow],
                                   **({"phases": [Phase.explicit, Phase.reuse, Phase.generate]}
                                      if os.environ.get("MOLTER_LIVE_NO_SHRINK") else {}))


def test_the_machine_tried_every_operation_both_ways():
    """Run after the machine: each operation was done, and the refusals were exercised too."""
    if not COUNTS:
        import pytest

        pytest.skip("the state machine did not run in this session")
    print(sorted(COUNTS.items()))
    for command in ("result", "withdraw", "substitute", "lineup", "absent", "rename"):
        assert COUNTS.get((command, True)), command
    for command in ("result", "withdraw", "substitute", "absent"):
        assert COUNTS.get((command, False)), command
