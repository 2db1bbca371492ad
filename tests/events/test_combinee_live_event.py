"""A Formule Combinée event as it happens, through the command line and through the buttons.

Oracles: the model of ``combinee_model`` (written from docs/combinee.md, not from the code),
the workbook's input cells read back here with openpyxl and from the xlwings payload (not
with the project's reader), and ``test_combinee_pairing.brute_force`` (the seed's pairing
definition by enumeration) for every round paired. The same operations go through the
command line on a file and through the buttons on xlwings' remote-interpreter book; both
workbooks must hold the same values after every step. Refusals leave the file
byte-identical with no backup, and a refused button writes nothing.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from functools import partial
from pathlib import Path

import pytest
from support.combinee_model import Model, grids_of_file, inputs_of_grids, is_input_sheet
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition, rule,
                                 run_state_machine_as_test)
from openpyxl import load_workbook
from support.combinee_cases import brute_force
from support.doors import TwoDoors, digest, grids_of
from support.xlwings_replay import payload_from_file, remote_book, replay, set_cell

from addin.excel.buttons import combinee_button
from addin.render.file_book import FileBook
from addin.render.live import LiveBook
from addin.sheets.combinee import read_event
from addin.render.backups import versions
from addin.sheets.combinee.cells import StandingsCols  # the table moved down under a title (issue 26)
from support.paths import DATA
from support.combinee_live import build, edit_file, fill_round, invoke, model_of_file, phase1_edits, players_csv

NAMES = ["Zoé", "=1+1", "@home", "Jean-Luc", "-x", "Ana"]


# -- regressions of the issue ----------------------------------------------------------

def test_next_round_refuses_when_the_round_to_pair_already_holds_a_score(tmp_path):
    """Issue 10: scores typed into R6 before it was paired became the result of the new pairing."""
    out = build(tmp_path, 12)
    edit_file(out, phase1_edits(model_of_file(out), random.Random(1)))
    edit_file(out, [("R6", 4, 5, 420), ("R6", 4, 6, 390)])
    before = digest(out)
    result = invoke("combinee", "next-round", out)
    assert result.exit_code == 2, result.output
    assert "Round 6 is not paired yet" in result.output and "420–390" in result.output
    assert digest(out) == before and not versions(out)
    edit_file(out, [("R6", 4, 5, None), ("R6", 4, 6, None)])
    result = invoke("next-round", out)
    assert result.exit_code == 0, result.output
    assert load_workbook(out)["R6"].cell(4, 5).value is None


def test_the_button_refuses_a_stale_score_too_and_writes_nothing(tmp_path):
    out = build(tmp_path, 12)
    payload = payload_from_file(out)
    for edit in phase1_edits(model_of_file(out), random.Random(1)):
        set_cell(payload, *edit)
    set_cell(payload, "R6", 4, 5, 420)
    set_cell(payload, "R6", 4, 6, 390)
    book = remote_book(payload)
    message = combinee_button(book, "next_round")
    assert [a["func"] for a in book.json()["actions"]] == ["alert"]
    assert "La ronde 6 n'est pas encore appariée" in message and "420–390" in message


def test_force_over_an_event_with_scores_is_refused_unless_discarded(tmp_path):
    out = build(tmp_path, 12)
    assert invoke("score", out, 1, 1, 400, 300).exit_code == 0
    before = digest(out)
    again = ["combinee", "--players", tmp_path / "players.csv", "--phase1-rounds", 5, "--phase2-rounds", 3,
             "-o", out, "--force"]
    result = invoke(*again)
    assert result.exit_code == 2 and "--discard-results" in result.output and "1 typed result" in result.output
    assert digest(out) == before
    result = invoke(*again, "--discard-results")
    assert result.exit_code == 0 and "kept as event.backups/event." in result.output
    assert inputs_of_grids(grids_of_file(out))["scores"] == {}
    kept = versions(out)[-1]
    assert inputs_of_grids(grids_of_file(kept))["scores"] == {(1, 1): (400, 300)}


def test_a_uncomputed_formula_score_is_refused_with_a_sentence(tmp_path):
    out = build(tmp_path, 12)
    edit_file(out, [("R1", 4, 5, "=380+42"), ("R1", 4, 6, 300)])
    before = digest(out)
    result = invoke("update", out)
    assert result.exit_code == 2 and "=380+42" in result.output and "never computed" in result.output
    assert digest(out) == before


@pytest.mark.libreoffice
def test_a_formula_score_saved_by_libreoffice_reads_as_its_value(tmp_path, recalc):
    """``=380+42`` saved with its value (LibreOffice) is the score 422, as the sheet's formulas read it."""
    out = build(tmp_path, 12)
    edit_file(out, [("R1", 4, 5, "=380+42"), ("R1", 4, 6, 300)])
    saved = recalc(out)[0]
    assert saved["R1"].cell(4, 9).value == 3  # LibreOffice's own PM formula reads it as a win
    recalculated = next(tmp_path.glob("recalc-*/*event.xlsx"))
    result = invoke("update", recalculated)
    assert result.exit_code == 0, result.output
    assert inputs_of_grids(grids_of_file(recalculated))["scores"][(1, 1)] == (422, 300)


def test_withdrawal_refused_after_a_game_he_played_and_his_forfeit_allowed(tmp_path):
    out = build(tmp_path, 12)
    model = model_of_file(out)
    g, a, b = model.rounds[3][0]
    assert invoke("score", out, 3, 1, 350, 300).exit_code == 0
    before = digest(out)
    result = invoke("withdraw", out, a, "--from-round", 2)
    assert result.exit_code == 2 and "he played round 3" in result.output and "nothing was changed" in result.output
    assert digest(out) == before
    assert invoke("score", out, 3, 1, "F", 300).exit_code == 0      # he did not come: a forfeit
    result = invoke("withdraw", out, a, "--from-round", 3)
    assert result.exit_code == 0, result.output
    result = invoke("score", out, 3, 1, 350, 300)
    assert result.exit_code == 2 and "withdrew from round 3" in result.output


def test_a_phase1_withdrawal_gives_his_remaining_opponents_the_bye(tmp_path):
    out = build(tmp_path, 12, extra=["--bye-pdep", 50])
    model = model_of_file(out)
    player = model.rounds[1][0][1]
    assert invoke("withdraw", out, player, "--from-round", 2).exit_code == 0
    event, _ = read_event(FileBook(out))
    assert all(s.pm == 0 and s.pdep == 0 for s in event.standings())  # nothing has started: no bye counts yet
    opponents = [a if b == player else b for k in range(2, 6) for g, a, b in model.rounds[k] if player in (a, b)]
    assert len(opponents) == len(set(opponents)) == 4  # a group of 6: four more opponents
    elsewhere = next(t for t, (g, a, b) in enumerate(model.rounds[5], 1) if {a, b}.isdisjoint(opponents + [player]))
    assert invoke("score", out, 5, elsewhere, 300, 200).exit_code == 0  # round 5 starts: rounds 1-5 count
    table = {s.player: s for s in read_event(FileBook(out))[0].standings()}
    for opp in opponents:  # each of his later opponents has the bye: 3 PM and 50 Pdep
        assert (table[opp].pm, table[opp].pdep) == (3, 50)
    assert (table[player].pm, table[player].pdep) == (0, 0)


def test_late_entry_in_phase1_takes_the_place_of_the_bye(tmp_path):
    out = build(tmp_path, 13)
    model = model_of_file(out)
    assert model.x_group is not None
    assert invoke("score", out, 1, 1, 400, 300).exit_code == 0
    result = invoke("late-entry", out, "Late Comer", "--rating", 1500)
    assert result.exit_code == 0, result.output
    assert "number 14, from round 2" in result.output and "takes the place of the bye" in result.output
    inputs = inputs_of_grids(grids_of_file(out))
    assert inputs["players"][14][0] == "Late Comer" and inputs["players"][14][6] == 2
    for k in range(1, 6):
        byes = [t for t in inputs["rounds"][k] if t[2] == 0]
        assert len(byes) == (1 if k == 1 else 0)
        if k > 1:
            assert sum(1 for t in inputs["rounds"][k] if 14 in t[1:]) == 1
    assert inputs["rounds"][1] == model.rounds[1]  # the round played is untouched


def test_late_entry_with_an_even_field_joins_at_phase_2(tmp_path):
    out = build(tmp_path, 12, extra=["--late-pm", 1])
    assert invoke("score", out, 1, 1, 400, 300).exit_code == 0
    result = invoke("late-entry", out, "Late Comer")
    assert result.exit_code == 0 and "from round 6" in result.output
    event, _ = read_event(FileBook(out))
    assert event.player(13).joined == 6
    assert {s.player: s.pm for s in event.standings()}[13] == 1  # round 1 has started: 1 PM for it


def test_repair_round_only_for_an_unstarted_phase_2_or_3_round(tmp_path):
    out = build(tmp_path, 12)
    result = invoke("repair-round", out)
    assert result.exit_code == 2 and "phase 1" in result.output
    play_phase1(out)
    assert invoke("next-round", out).exit_code == 0
    first = inputs_of_grids(grids_of_file(out))["rounds"][6]
    player = first[0][1]
    result = invoke("withdraw", out, player, "--from-round", 6)
    assert result.exit_code == 0 and "repair-round" in result.output
    result = invoke("repair-round", out)
    assert result.exit_code == 0, result.output
    again = inputs_of_grids(grids_of_file(out))["rounds"][6]
    assert all(player not in t[1:] for t in again) and len(again) == 6  # 11 players: 5 games and a bye
    assert invoke("score", out, 6, 1, 300, 200).exit_code == 0
    before = digest(out)
    result = invoke("repair-round", out)
    assert result.exit_code == 2 and "already holds a score" in result.output and digest(out) == before


def test_generic_commands_say_what_does_not_apply(tmp_path):
    out = tmp_path / "rr.xlsx"
    assert invoke("berger", 4, "--event", "-o", out).exit_code == 0
    result = invoke("next-round", out)
    assert result.exit_code == 2 and "does not apply to a round-robin event" in result.output
    combinee = build(tmp_path, 12)
    result = invoke("replace", combinee, 1, "Somebody")
    assert result.exit_code == 2 and "does not apply to a Formule Combinée event" in result.output
    result = invoke("result", combinee, 1, 1, "abc")
    assert result.exit_code == 2 and "420-390" in result.output


def play_phase1(path: Path, seed: int = 2) -> None:
    edit_file(path, phase1_edits(model_of_file(path), random.Random(seed)))
    assert invoke("update", path).exit_code == 0


# -- the stateful proof --------------------------------------------------------------

class LiveCombinee(RuleBasedStateMachine):
    """Random sequences of operations, by command and by button, checked against the model."""

    def __init__(self):
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="cb-live-"))
        self.rng = random.Random(0)
        self.doors: TwoDoors | None = None

    @initialize(n=st.sampled_from([12, 13, 14, 15]), phase3=st.sampled_from([0, 2]),
                start=st.sampled_from([3, 5, 6, 8]))
    def build(self, n, phase3, start):
        """A new event, played up to round ``start`` (results typed in the file; rounds paired by next-round)."""
        self.n, self.phase3 = n, phase3
        self.file = build(self.folder, n, phase3)
        self.model = model_of_file(self.file)
        edit_file(self.file, [e for k in range(1, min(start, self.model.phase1) + 1) for e in self.typing(k)])
        for k in range(self.model.phase1 + 1, start + 1):
            expected = brute_force(*self.model.pairing_inputs(k))
            assert invoke("next-round", self.file).exit_code == 0
            self.check_pairing(k, expected)
            edit_file(self.file, self.typing(k))
        assert invoke("update", self.file).exit_code == 0
        self.doors = TwoDoors(self.file, partial(combinee_button, operation="refresh"), counts=OPERATIONS)

    def typing(self, k: int) -> list:
        """The organiser types every missing result of round k (the model records them)."""
        scores = fill_round(self.model, k, self.rng)
        self.model.scores.update({(k, t): (a, b) for t, a, b in scores})
        return [e for t, a, b in scores for e in ((f"R{k}", 3 + t, 5, a), (f"R{k}", 3 + t, 6, b))]

    # -- the two doors (support.doors), and typing into the file --
    def by_typing(self, edits, ok: bool):
        """The organiser types into the file, then runs ``appariements update``."""
        saved = self.folder / "typed.xlsx"
        shutil.copyfile(self.file, saved)
        edit_file(self.file, edits)
        result = invoke("update", self.file)
        self.doors.steps += 1
        OPERATIONS[("typing", ok)] = OPERATIONS.get(("typing", ok), 0) + 1
        if ok:
            assert result.exit_code == 0, (edits, result.output)
        else:
            assert result.exit_code == 2, (edits, result.output)
            shutil.copyfile(saved, self.file)  # he undoes his typing

    def by_button(self, edits, operation: str, ok: bool, undo: bool = True) -> str:
        return self.doors.by_button(edits, ok, undo=undo, button=partial(combinee_button, operation=operation))

    def paired_tables(self):
        return [(k, t) for k, tables in self.model.rounds.items() for t, (g, a, b) in enumerate(tables, 1) if b]

    # -- rules --
    @rule(data=st.data())
    def type_scores(self, data):
        """Type, correct or clear the scores of one table (command ``score``; typing + Mettre à jour)."""
        k, t = data.draw(st.sampled_from(self.paired_tables()))
        g, a, b = self.model.rounds[k][t - 1]
        values = st.one_of(st.integers(0, 600), st.sampled_from(["F", None]))
        sa, sb = data.draw(values), data.draw(values)
        ok = not any(s not in (None, "F") and self.model.out(p, k) for p, s in ((a, sa), (b, sb)))
        half = (sa is None) != (sb is None)  # the command refuses half a result (issue 24)
        self.doors.by_command("score", self.file, k, t, "" if sa is None else sa, "" if sb is None else sb,
                              ok=ok and not half)
        if half:
            return  # (one score typed in the sheet, the other still to come, stays allowed: type_a_round)
        self.by_button([(f"R{k}", 3 + t, 5, sa), (f"R{k}", 3 + t, 6, sb)], "refresh", ok=ok)
        if ok:
            if sa is None and sb is None:
                self.model.scores.pop((k, t), None)
            else:
                self.model.scores[(k, t)] = (sa, sb)

    @precondition(lambda self: bool(self.model.missing(self.model.paired)))
    @rule()
    def type_a_round(self):
        """The organiser types every missing result of the first unfinished round, then updates."""
        edits = self.typing(self.model.missing(self.model.paired)[0][0])
        self.by_typing(edits, ok=True)
        self.by_button(edits, "refresh", ok=True)

    @rule(data=st.data())
    def withdraw(self, data):
        player = data.draw(st.sampled_from(sorted(self.model.players)))
        rnd = data.draw(st.integers(max(1, self.model.last_scored() - 1), self.model.total))  # now, or a past round
        ok = rnd >= self.model.players[player][3] and not self.model.played_after(player, rnd)
        self.doors.by_command("withdraw", self.file, player, "--from-round", rnd, ok=ok)
        self.by_button([("Joueurs", player + 1, 7, rnd)], "refresh", ok=ok)
        if ok:
            self.model.withdrawn[player] = rnd

    @precondition(lambda self: bool(self.model.withdrawn))
    @rule(data=st.data())
    def reinstate(self, data):
        player = data.draw(st.sampled_from(sorted(self.model.withdrawn)))
        self.doors.by_command("reinstate", self.file, player, ok=True)
        self.by_button([("Joueurs", player + 1, 7, None)], "refresh", ok=True)
        del self.model.withdrawn[player]

    @precondition(lambda self: len(self.model.players) < 17)
    @rule(name=st.sampled_from(NAMES), rating=st.one_of(st.none(), st.integers(1000, 2000)))
    def late_entry(self, name, rating):
        ok = self.model.entry_round() is not None
        args = ["late-entry", self.file] + ([] if rating is None else ["--rating", rating]) + ["--", name]
        self.doors.by_command(*args, ok=ok)
        row = len(self.model.players) + 2
        self.by_button([("Joueurs", row, 2, name), ("Joueurs", row, 4, rating)], "refresh", ok=ok)
        if ok:
            self.model.enter(name, rating, None)

    @precondition(lambda self: self.model.paired < self.model.total)
    @rule()
    def next_round(self):
        """The organiser types the last missing results, then *Ronde suivante* (``next-round``)."""
        m = self.model
        k = m.paired + 1
        edits = [e for r in sorted({r for r, _ in m.missing(m.paired)}) for e in self.typing(r)]
        ok = sum(1 for p in m.players if m.present(p, k)) >= 2
        if ok:
            expected = brute_force(*m.pairing_inputs(k))
        edit_file(self.file, edits)
        self.doors.by_command("next-round", self.file, ok=ok)
        self.by_button(edits, "next_round", ok=ok, undo=False)  # a refusal keeps what he typed
        if ok:
            self.check_pairing(k, expected)

    @precondition(lambda self: self.model.paired > self.model.phase1)
    @rule()
    def repair_round(self):
        m = self.model
        k = m.paired
        ok = k > m.phase1 and not any(r == k for r, _ in m.scores) and not m.missing(k - 1)
        if ok:
            del m.rounds[k]
            expected = brute_force(*m.pairing_inputs(k))
        self.doors.by_command("repair-round", self.file, ok=ok)
        self.by_button([], "repair_round", ok=ok)
        if ok:
            self.check_pairing(k, expected)

    def check_pairing(self, k, expected):
        got = inputs_of_grids(grids_of_file(self.file))["rounds"][k]
        assert all(g is None for g, a, b in got)
        assert all(self.model.present(p, k) for g, a, b in got for p in (a, b) if p), "a withdrawn player is paired"
        want = [(a, 0 if b is None else b) if a is not None else (b, 0) for a, b in expected]
        assert sorted([(a, b) for g, a, b in got], key=lambda p: p[1] == 0) == \
            sorted(want, key=lambda p: p[1] == 0), "the pairing is not the seed's"
        self.model.rounds[k] = got

    @rule()
    def update(self):
        """``appariements update`` and *Mettre à jour*; rebuilding over it is refused while it holds a score."""
        self.doors.by_command("update", self.file, ok=True)
        self.by_button([], "refresh", ok=True)
        ok = not self.model.scores
        self.doors.by_command("combinee", "--players", self.folder / "players.csv", "--phase1-rounds", 5,
                        "--phase2-rounds", 3, "--phase3-rounds", self.phase3, "-o", self.file, "--seed", 5, "--force",
                        ok=ok)
        if ok:
            self.model = model_of_file(self.file)
            self.doors.reload()

    # -- checks after every step --
    @invariant()
    def the_workbooks_hold_the_model(self):
        if not hasattr(self, "model"):
            return
        m = self.model
        from_file = self.doors.same(inputs_of_grids, sheets=is_input_sheet)
        assert from_file["scores"] == m.scores, "a typed score was lost or moved"
        assert from_file["rounds"] == m.rounds, "a pairing changed"
        players = {p: (name, rating, club, m.withdrawn.get(p), joined if joined > 1 else None)
                   for p, (name, rating, club, joined) in m.players.items()}
        assert {p: (v[0], v[1], v[2], v[5], v[6]) for p, v in from_file["players"].items()} == players

    @invariant()
    def the_standings_are_the_models(self):
        if not hasattr(self, "model"):
            return
        event, newcomers = read_event(LiveBook(remote_book(self.doors.payload)))  # the file's twin (checked above)
        assert newcomers == []
        got = [(s.player, s.pm, s.ppm, s.pdep, s.rank) for s in event.standings()]
        assert got == self.model.standings()

    def teardown(self):
        shutil.rmtree(self.folder, ignore_errors=True)
        STEPS.append(self.doors.steps if self.doors else 0)


STEPS: list[int] = []
OPERATIONS: dict[tuple[str, bool], int] = {}  # (command, accepted) -> how many times the machine ran it

# derandomize: the examples' seed is a digest of the machine's source, so any edit of the class draws other
# sequences; 12 examples of 12 steps run every operation, accepted, at least once with this source (8 did not)
MACHINE_SETTINGS = settings(max_examples=12, stateful_step_count=12, deadline=None, derandomize=True,
                            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@pytest.mark.slow
def test_the_event_as_it_happens_by_command_and_by_button():
    """The stateful proof; it must have run every operation, accepted, at least once."""
    run_state_machine_as_test(LiveCombinee, settings=MACHINE_SETTINGS)
    accepted = {command for (command, ok), count in OPERATIONS.items() if ok and count}
    assert accepted >= {"score", "withdraw", "reinstate", "late-entry", "next-round", "repair-round",
                        "update"}, OPERATIONS
    assert ("withdraw", False) in OPERATIONS and ("repair-round", False) in OPERATIONS  # refusals too


# -- LibreOffice: the workbook's own formulas after a withdrawal, a late entry and a correction --

def played_event(folder: Path, n: int, seed: int, extra, lang: str) -> tuple[Path, Model]:
    """A whole event through the command line: withdrawals (phases 1 and 2), two late entries, corrections."""
    sub = folder / f"e{n}"
    sub.mkdir()
    out = sub / "event.xlsx"
    result = invoke("combinee", "--players", players_csv(sub, n, seed), "--phase1-rounds", 5, "--phase2-rounds", 3,
                    "--phase3-rounds", 3, "-o", out, "--seed", seed, "--lang", lang, *extra)
    assert result.exit_code == 0, result.output
    sheets = ("Joueurs", "Réglages") if lang == "fr" else ("Players", "Settings")
    model = model_of_file(out, *sheets)
    rng = random.Random(seed)

    def play(k):  # the organiser types the results of round k in the file
        scores = fill_round(model, k, rng)
        edit_file(out, [e for t, a, b in scores for e in ((f"R{k}", 3 + t, 5, a), (f"R{k}", 3 + t, 6, b))])
        model.scores.update({(k, t): (a, b) for t, a, b in scores})

    def ok(*args):
        result = invoke(*args)
        assert result.exit_code == 0, (args, result.output)

    play(1)
    withdrawn = model.rounds[2][0][1]
    ok("withdraw", out, withdrawn, "--from-round", 2)
    model.withdrawn[withdrawn] = 2
    ok("late-entry", out, "Late One", "--rating", 1500)
    model.enter("Late One", 1500, None)
    for k in range(2, 6):
        play(k)
    ok("late-entry", out, "Late Two")
    model.enter("Late Two", None, None)
    for k in range(6, 12):
        expected = brute_force(*model.pairing_inputs(k))
        ok("next-round", out)
        got = inputs_of_grids(grids_of_file(out), sheets[0])["rounds"][k]
        assert [(a, b) for g, a, b in got] == [(a, 0 if b is None else b) for a, b in
                                               sorted(expected, key=lambda p: None in p)]
        model.rounds[k] = got
        if k == 7:
            leaver = got[0][1]
            ok("withdraw", out, leaver, "--from-round", 9)
            model.withdrawn[leaver] = 9
        play(k)
        if k == 8:
            (r, t), (a, b) = next((key, v) for key, v in sorted(model.scores.items()) if key[0] == 3)
            ok("score", out, r, t, b, a)  # a correction in round 3, after round 8 was paired
            model.scores[(r, t)] = (b, a)
    return out, model


@pytest.mark.libreoffice
def test_libreoffice_standings_after_withdrawals_late_entries_and_corrections(tmp_path, recalc):
    cases = [(13, 7, ["--cap", 150, "--late-pm", 1, "--late-pdep", -20], "fr"),
             (14, 3, ["--scoring", "2-1-0-0", "--bye-pdep", 50, "--forfeit-pdep", 100, "--late-pm", 2], "en")]
    events = [played_event(tmp_path, n, seed, extra, lang) for n, seed, extra, lang in cases]
    books = recalc(*(path for path, _ in events))
    for book, (path, model), (n, seed, extra, lang) in zip(books, events, cases):
        python = [(s.player, s.pm, s.ppm, s.pdep, s.rank) for s in read_event(FileBook(path))[0].standings()]
        assert python == model.standings()
        ws = book["Classement" if lang == "fr" else "Standings"]
        sheet = []
        for r in range(StandingsCols.FIRST_ROW, StandingsCols.FIRST_ROW + len(model.players)):
            rank, number, pm, ppm, pdep = (ws.cell(r, c).value for c in (1, 2, 4, 5, 6))
            sheet.append((number, pm, None if ppm in (None, "") else ppm, pdep, rank))
        assert sheet == python
    assert any(ppm is not None for _, model in events for _, _, ppm, _, _ in model.standings())


def visible_formulas(path: Path) -> dict[tuple[str, str], object]:
    """``{(sheet, cell): stored value}`` of every formula a reader sees (round sheets' and standings'
    visible columns), read without calculation."""
    formulas, values = load_workbook(path), load_workbook(path, data_only=True)
    out = {}
    for ws in formulas.worksheets:
        if ws.sheet_state != "visible":
            continue
        hidden = {c for dim in ws.column_dimensions.values() if dim.hidden for c in range(dim.min, dim.max + 1)}
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f" and cell.column not in hidden:
                    out[(ws.title, cell.coordinate)] = values[ws.title][cell.coordinate].value
    return out


@pytest.mark.libreoffice
def test_every_visible_formula_stores_the_value_libreoffice_computes(tmp_path, recalc):
    """Issue 11: a preview (mail, phone, pandas) shows the values stored with the formulas; the
    oracle is LibreOffice recalculating the same file. A played event (withdrawals, late entries,
    corrections: written whole by ``update``), and one in phase 1 with a withdrawal whose later
    rounds have not started (empty PM, byes to come)."""
    played, _ = played_event(tmp_path, 13, 7, ["--cap", 150, "--late-pm", 1, "--late-pdep", -20], "fr")
    assert invoke("update", played).exit_code == 0
    early = build(tmp_path, 11, phase3=2, extra=["--lang", "en", "--bye-pdep", 50, "--title", "Open & Co"])
    for args in (("score", early, 1, 1, 410, 380), ("score", early, 1, 2, "F", 300), ("score", early, 2, 1, 350, 350),
                 ("withdraw", early, 4, "--from-round", 3), ("late-entry", early, "Late", "--rating", 900)):
        result = invoke(*args)
        assert result.exit_code == 0, (args, result.output)
    paths = [played, early]
    checked = 0
    for path, computed in zip(paths, recalc(*paths)):
        stored = visible_formulas(path)
        assert len({sheet for sheet, _ in stored}) >= 10, path
        for (sheet, coordinate), value in stored.items():
            expected = computed[sheet][coordinate].value
            assert (value if value is not None else "") == (expected if expected is not None else ""), \
                (path.parent.name, sheet, coordinate, value, expected)
            checked += 1
    assert checked > 800


# -- a workbook made before issue 10 -------------------------------------------------------

V1 = DATA / "combinee" / "combinee-v1-event.xlsx"


def test_an_event_made_before_issue_10_is_taken_over_with_every_score(tmp_path):
    """``tests/data/combinee/make_v1.py`` made it with the code of commit b872c80 (``PYTHONPATH`` on an export of
    that commit's ``addin``): no entrants/late-entry settings, six player columns, rounds 1-3 scored."""
    path = tmp_path / "event.xlsx"
    shutil.copyfile(V1, path)
    before = inputs_of_grids(grids_of_file(path))
    assert len(before["scores"]) == 3 * 6 and before["rounds"].keys() == {1, 2, 3, 4, 5}
    result = invoke("update", path)
    assert result.exit_code == 0, result.output
    after = inputs_of_grids(grids_of_file(path))
    assert after["scores"] == before["scores"] and after["rounds"] == before["rounds"]
    assert {p: v[:5] for p, v in after["players"].items()} == {p: v[:5] for p, v in before["players"].items()}
    assert invoke("late-entry", path, "Late").exit_code == 0  # 13 players: he takes the bye's place from round 4
    assert read_event(FileBook(path))[0].player(14).joined == 4


def test_the_button_rewrites_a_workbook_made_before_issue_10_whole():
    """Its round sheets lack the withdrawal columns: pairing a round rewrites every sheet, not just the pairing."""
    payload = payload_from_file(V1)
    for k in (4, 5):
        for t, (g, a, b) in enumerate(inputs_of_grids(grids_of(payload))["rounds"][k], 1):
            if b:
                set_cell(payload, f"R{k}", 3 + t, 5, 300 + t)
                set_cell(payload, f"R{k}", 3 + t, 6, 200)
    book = remote_book(payload)
    message = combinee_button(book, "next_round")
    assert message.startswith("La ronde 6 est appariée"), message
    after = replay(payload, [a for a in book.json()["actions"] if a["func"] != "alert"])
    assert after["R6"][(3, 13)] == "out_a"  # the new layout's hidden columns are there
    assert sum(1 for r in range(4, 11) if (r, 3) in after["R6"]) == 7  # 13 players: six games and a bye
