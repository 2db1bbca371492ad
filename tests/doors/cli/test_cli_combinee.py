"""The Formule Combinée event: CLI, workbook, next-round, and the LibreOffice proof."""

from __future__ import annotations

import csv
import itertools
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from addin.sheets.combinee.cells import StandingsCols
from addin.cli import cli
from addin.render.file_book import FileBook
from addin.sheets.combinee import read_event
from addin.systems.combinee.groups import group_counts
from addin.systems.combinee.phase1 import group_schedule
from addin.render.backups import versions
from support.cli import digest
from support.combinee_cases import brute_force
from support.combinee_events import (COL_A, COL_B, COL_SCORE_A, COL_SCORE_B, FIRST_TABLE_ROW, build_event_file,
                                     fill_scores, pair_next_round_file, players_csv)


def round_rows(book, number):
    ws = book[f"R{number}"]
    rows = []
    r = FIRST_TABLE_ROW
    while ws.cell(r, 1).value is not None:
        rows.append((ws.cell(r, COL_A).value, ws.cell(r, COL_B).value, ws.cell(r, COL_SCORE_A).value,
                     ws.cell(r, COL_SCORE_B).value, ws.cell(r, 2).value))
        r += 1
    return rows


def state_of(path: Path, lang="fr"):
    return read_event(FileBook(path))[0]


def test_create_writes_the_phase1_rounds(tmp_path):
    src = players_csv(tmp_path, 21)
    out = tmp_path / "event.xlsx"
    result = CliRunner().invoke(cli, ["combinee", "--players", str(src), "--phase1-rounds", "5",
                                      "--phase2-rounds", "3", "--phase3-rounds", "2", "-o", str(out),
                                      "--seed", "11"])
    assert result.exit_code == 0, result.output
    book = load_workbook(out)
    assert {"Joueurs", "Groupes", "Classement", "Réglages", "Calcul"} <= set(book.sheetnames)
    assert [f"R{k}" for k in range(1, 11)] == [s for s in book.sheetnames if s.startswith("R") and s[1:].isdigit()]
    players = book["Joueurs"]
    ratings = [players.cell(r, 4).value for r in range(2, 23)]
    assert ratings == sorted(ratings, reverse=True)  # numbered by seed rank
    names = [players.cell(r, 2).value for r in range(2, 23)]
    assert '=HYPERLINK("x")' in names and players.cell(names.index('=HYPERLINK("x")') + 2, 2).data_type == "s"
    group = {players.cell(r, 1).value: players.cell(r, 5).value for r in range(2, 23)}
    sizes = {}
    for g in group.values():
        sizes[g] = sizes.get(g, 0) + 1
    plan = group_counts(21, 5)
    full = plan.sizes()  # the group holding the fictitious player has one real player fewer
    assert any(sorted(sizes.values()) == sorted(full[:i] + [full[i] - 1] + full[i + 1:])
               for i in range(len(full)))
    seen = set()
    for number in range(1, 6):
        rows = round_rows(book, number)
        players_in = [p for a, b, *_ in rows for p in (a, b) if p]
        assert sorted(players_in) == list(range(1, 22))          # everyone once, one bye
        assert sum(1 for a, b, *_ in rows if b == 0) == 1
        for a, b, _, _, g in rows:
            if b:
                assert group[a] == group[b] == g
                assert frozenset((a, b)) not in seen
                seen.add(frozenset((a, b)))
    # per group: the number of games is the schedule's
    for g, size in sizes.items():
        padded = size + size % 2
        expected = sum(len(r) for r in group_schedule(padded, 5)) - (5 if size % 2 else 0)
        assert sum(1 for pair in seen if group[min(pair)] == g) == expected
    assert book["R6"].cell(FIRST_TABLE_ROW, COL_A).value is None


def test_next_round_refuses_and_changes_nothing(tmp_path):
    out = tmp_path / "event.xlsx"
    build_event_file(players_csv(tmp_path, 20), 5, 3, 0, out, seed=2)
    rng = random.Random(0)
    for number in range(1, 6):
        fill_scores(out, number, rng)
    book = load_workbook(out)
    book["R5"].cell(FIRST_TABLE_ROW + 3, COL_SCORE_B).value = None
    book.save(out)
    before = digest(out)
    result = CliRunner().invoke(cli, ["combinee", "next-round", str(out)])
    assert result.exit_code == 2
    assert "round 5, table 4 is missing" in result.output and "nothing was changed" in result.output
    assert not versions(tmp_path / "event.xlsx")
    assert digest(out) == before


@pytest.mark.slow
def test_whole_event_pairs_exactly_and_keeps_results(tmp_path):
    """Every later round equals the brute-force pairing of Python's standings; typed scores stay."""
    out = tmp_path / "event.xlsx"
    event = build_event_file(players_csv(tmp_path, 11), 5, 4, 3, out, seed=4)
    rng = random.Random(5)
    total = event.phases.total
    for number in range(1, total + 1):
        if number > 5:
            state = state_of(out)
            before = {k: round_rows(load_workbook(out), k) for k in range(1, number)}
            order = [s.player for s in state.standings()]
            first = 1 if number <= 9 else 10
            rematches = [(t.a, t.b) for rnd, tables in enumerate(state.rounds, 1) if rnd >= first
                         for t in tables if t.b]
            byes = {}
            for tables in state.rounds:
                for t in tables:
                    if t.b == 0:
                        byes[t.a] = byes.get(t.a, 0) + 1
            expected = brute_force(order, rematches, byes)
            got_number, pairs = pair_next_round_file(out)
            assert got_number == number
            as_bye = sorted(pairs, key=lambda p: p[1] == 0)
            assert as_bye == sorted([(a, 0 if b is None else b) for a, b in expected], key=lambda p: p[1] == 0)
            book = load_workbook(out)
            assert {k: round_rows(book, k) for k in range(1, number)} == before
            assert [(a, b) for a, b, *_ in round_rows(book, number) if a] == pairs
        fill_scores(out, number, rng)
    # nobody got two byes (11 players, 12 rounds: 12 byes for 11 players -> at most one player twice)
    state = state_of(out)
    counts = {}
    for tables in state.rounds:
        for t in tables:
            if t.b == 0:
                counts[t.a] = counts.get(t.a, 0) + 1
    assert sum(counts.values()) == total and max(counts.values()) <= 2
    assert sorted(counts.values()).count(2) <= 1
    result = CliRunner().invoke(cli, ["combinee", "next-round", str(out)])
    assert result.exit_code == 2 and "already paired" in result.output


@pytest.mark.parametrize("args, words", [
    (["--phase1-rounds", "9", "--phase2-rounds", "2"], "at least 3"),
    (["--phase1-rounds", "9", "--phase2-rounds", "4", "--phase3-rounds", "5"], "--phase3-rounds"),  # the option typed, not the rule's identifier
    (["--phase1-rounds", "9", "--phase2-rounds", "8", "--phase3-rounds", "8"], "at most 24"),
    (["--phase1-rounds", "7", "--phase2-rounds", "4"], "22 players cannot be split"),
])
def test_create_refuses_with_a_sentence_and_writes_nothing(tmp_path, args, words):
    src = players_csv(tmp_path, 22)
    out = tmp_path / "event.xlsx"
    result = CliRunner().invoke(cli, ["combinee", "--players", str(src), "-o", str(out), *args])
    assert result.exit_code == 2 and words in result.output
    assert "Traceback" not in result.output and not out.exists()
    assert list(tmp_path.iterdir()) == [src]


def test_missing_options_and_bad_files(tmp_path):
    result = CliRunner().invoke(cli, ["combinee", "--phase1-rounds", "9"])
    assert result.exit_code == 2 and "--players" in result.output
    result = CliRunner().invoke(cli, ["combinee", "next-round", str(tmp_path / "none.xlsx")])
    assert result.exit_code == 2 and "does not exist" in result.output
    bad = tmp_path / "bad.xlsx"
    bad.write_text("not a workbook")
    result = CliRunner().invoke(cli, ["combinee", "next-round", str(bad)])
    assert result.exit_code == 2 and "cannot be opened as an Excel workbook" in result.output


def test_bad_score_is_named(tmp_path):
    out = tmp_path / "event.xlsx"
    build_event_file(players_csv(tmp_path, 12), 5, 3, 0, out, seed=2)
    rng = random.Random(0)
    for number in range(1, 6):
        fill_scores(out, number, rng)
    book = load_workbook(out)
    book["R2"].cell(FIRST_TABLE_ROW + 1, COL_SCORE_A).value = "abc"
    book.save(out)
    result = CliRunner().invoke(cli, ["combinee", "next-round", str(out)])
    assert result.exit_code == 2 and "sheet R2, table 2" in result.output and "abc" in result.output


@pytest.mark.slow
@pytest.mark.libreoffice
def test_recalculated_standings_equal_python(tmp_path, recalc):
    """LibreOffice computes the workbook's live standings; they equal Python's ranking."""
    cases = [(tmp_path / "fr.xlsx", 14, "fr", dict(cap=150, bye_pdep=0), 7),
             (tmp_path / "en.xlsx", 13, "en", dict(scoring_name="2-1-0-0", bye_pdep=50, forfeit_pdep=100), 8)]
    expected = []
    for path, n, lang, options, seed in cases:
        event = build_event_file(players_csv(tmp_path, n, seed), 5, 3, 3, path, seed=seed, lang=lang, **options)
        rng = random.Random(seed)
        for number in range(1, event.phases.total + 1):
            if number > 5:
                pair_next_round_file(path)
            fill_scores(path, number, rng)
        state = state_of(path, lang)
        assert len(state.scores) == sum(len(t) for t in state.rounds) - state.phases.total * (n % 2)
        expected.append([(s.rank, s.player, s.pm, s.ppm, s.pdep) for s in state.standings()])
        assert any(s.ppm is not None for s in state.standings())  # the PPM path is exercised
    books = recalc(*(c[0] for c in cases))
    for book, (path, n, lang, _, _), want in zip(books, cases, expected):
        ws = book["Classement" if lang == "fr" else "Standings"]
        got = []
        for r in range(StandingsCols.FIRST_ROW, StandingsCols.FIRST_ROW + n):  # under its title (issue 26)
            rank, number, pm, ppm, pdep = (ws.cell(r, c).value for c in (1, 2, 4, 5, 6))
            got.append((rank, number, pm, None if ppm in (None, "") else ppm, pdep))
        assert got == want


def test_demo_event_has_the_seed_64_player_groups(tmp_path):
    from addin.events.demo import DEMOS
    from support.combinee_cases import IMPROVED_64, columns

    builder = dict(DEMOS)["combinee-64.xlsx"]
    path = tmp_path / "combinee-64.xlsx"
    builder(path)
    ws = load_workbook(path)["Joueurs"]
    groups = {}
    for r in range(2, 66):
        groups.setdefault(ws.cell(r, 5).value, []).append(ws.cell(r, 1).value)
    assert [sorted(groups[g]) for g in sorted(groups)] == [sorted(c) for c in columns(IMPROVED_64)]
