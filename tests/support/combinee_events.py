"""A Formule Combinée event made through the command line, and its scores typed into the file (shared by the door tests)."""

from __future__ import annotations

import csv
import random
from pathlib import Path
from click.testing import CliRunner
from openpyxl import load_workbook
from addin.cli import cli
from addin.render.file_book import FileBook
from addin.sheets.combinee import read_event


def players_csv(folder: Path, n: int, seed: int = 3) -> Path:
    rng = random.Random(seed)
    path = folder / f"players{n}.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "rating", "club"])
        for i in range(n):
            writer.writerow([f"Joueur {i + 1}" if i else "=HYPERLINK(\"x\")", rng.randint(800, 2000), "Club"])
    return path


FIRST_TABLE_ROW, COL_A, COL_SCORE_A, COL_SCORE_B, COL_B = 4, 3, 5, 6, 8  # the round sheets, as documented


def build_event_file(players_path, phase1, phase2, phase3, output, *, scoring_name="3-2-1-0", seed=1, lang="fr",
                     **options):
    """``appariements combinee`` (the command line) → the event read back."""
    args = ["combinee", "--players", str(players_path), "--phase1-rounds", str(phase1), "--phase2-rounds",
            str(phase2), "--phase3-rounds", str(phase3), "-o", str(output), "--seed", str(seed), "--lang", lang,
            "--scoring", scoring_name]
    for key, value in options.items():
        args += [f"--{key.replace('_', '-')}", str(value)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return read_event(FileBook(output))[0]


def pair_next_round_file(path: Path):
    """``appariements combinee next-round`` → (round, pairs (a, b) with 0 for the bye, as written)."""
    result = CliRunner().invoke(cli, ["combinee", "next-round", str(path)])
    assert result.exit_code == 0, result.output
    event = read_event(FileBook(path))[0]
    return event.paired, [(t.a, t.b) for t in event.rounds[-1]]


def fill_scores(path: Path, number: int, rng: random.Random) -> None:
    book = load_workbook(path)
    ws = book[f"R{number}"]
    r = FIRST_TABLE_ROW
    while ws.cell(r, 1).value is not None:
        if ws.cell(r, COL_A).value is not None and ws.cell(r, COL_B).value:
            x = rng.random()
            if x < 0.05:
                a, b = "F", rng.randint(0, 400)
            elif x < 0.25:
                a = b = rng.randint(300, 400)
            else:
                a, b = rng.randint(250, 550), rng.randint(250, 550)
            ws.cell(r, COL_SCORE_A).value, ws.cell(r, COL_SCORE_B).value = a, b
        r += 1
    book.save(path)
