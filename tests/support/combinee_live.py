"""A Formule Combinée event as it happens, made and edited through the command line (shared with the Lite tests)."""

from __future__ import annotations

import random
from pathlib import Path
from support.combinee_model import Model, Rules, grids_of_file, inputs_of_grids
from support.doors import invoke
from openpyxl import load_workbook


def players_csv(folder: Path, n: int, seed: int = 3) -> Path:
    rng = random.Random(seed)
    path = folder / "players.csv"
    path.write_text("name,rating,club\n" + "".join(f"Joueur {i + 1},{rng.randint(800, 2000)},Club {i % 3}\n"
                                                   for i in range(n)), encoding="utf-8")
    return path


def build(folder: Path, n: int, phase3: int = 0, seed: int = 5, extra=()) -> Path:
    out = folder / "event.xlsx"
    result = invoke("combinee", "--players", players_csv(folder, n), "--phase1-rounds", 5, "--phase2-rounds", 3,
                    "--phase3-rounds", phase3, "-o", out, "--seed", seed, *extra)
    assert result.exit_code == 0, result.output
    return out


def edit_file(path: Path, edits) -> None:
    """The organiser types into the file (as in Excel or LibreOffice): ``(sheet, row, col, value)``."""
    if not edits:
        return
    book = load_workbook(path)
    for sheet, row, col, value in edits:
        book[sheet].cell(row, col).value = value
    book.save(path)


def fill_round(model: Model, k: int, rng: random.Random) -> list:
    """Scores for every game of round k still waiting for its result: ``(table, a, b)``."""
    out = []
    for t, (g, a, b) in enumerate(model.rounds[k], 1):
        if b and not model.out(a, k) and not model.out(b, k) and not model.complete(k, t):
            x = rng.random()
            sa, sb = ("F", rng.randint(0, 400)) if x < 0.05 else (rng.randint(300, 400),) * 2 if x < 0.2 else \
                (rng.randint(250, 550), rng.randint(250, 550))
            out.append((t, sa, sb))
    return out


def model_of_file(path: Path, players="Joueurs", settings_sheet="Réglages") -> Model:
    """A model set up from a freshly built workbook (its phase-1 tables and players)."""
    grids = grids_of_file(path)
    inputs = inputs_of_grids(grids, players)
    cfg = {grids[settings_sheet].get((r, 3)): grids[settings_sheet].get((r, 2)) for r in range(2, 40)}
    rules = Rules(cfg["win"], cfg["draw"], cfg["loss"], cfg["forfeit"], cfg["bye_pm"], cfg["bye_pdep"],
                  cfg["forfeit_pdep"], cfg.get("cap"), cfg.get("late_pm") or 0, cfg.get("late_pdep") or 0)
    model = Model(cfg["phase1"], cfg["phase2"], cfg["phase3"], rules)
    for number, (name, rating, club, *_rest) in inputs["players"].items():
        model.players[number] = [name, rating, club or None, 1]
    model.rounds = {k: list(v) for k, v in inputs["rounds"].items()}
    byes = {g for g, a, b in model.rounds[1] if b == 0}
    model.x_group = byes.pop() if byes else None
    for k in range(1, model.phase1 + 1):  # the phase-1 tables: everyone once per round
        seen = [p for g, a, b in model.rounds[k] for p in (a, b) if p]
        assert sorted(seen) == sorted(model.players)
    return model


def phase1_edits(model: Model, rng: random.Random) -> list:
    """Typing every phase-1 result: ``(sheet, row, col, value)``."""
    edits = []
    for k in range(1, model.phase1 + 1):
        for t, a, b in fill_round(model, k, rng):
            edits += [(f"R{k}", 3 + t, 5, a), (f"R{k}", 3 + t, 6, b)]
    return edits
