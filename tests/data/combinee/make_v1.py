"""Make tests/data/combinee-v1-event.xlsx with the Formule Combinée code of commit b872c80 (before issue 10)."""
import random
from pathlib import Path
from click.testing import CliRunner
from openpyxl import load_workbook
from addin.cli import cli
rng = random.Random(10)
Path("p.csv").write_text("name,rating,club\n" + "".join(f"Joueur {i + 1},{1200 + 37 * i % 700},Club {i % 3}\n" for i in range(13)))
r = CliRunner().invoke(cli, ["combinee", "--players", "p.csv", "--phase1-rounds", "5", "--phase2-rounds", "3",
                             "--phase3-rounds", "2", "-o", "combinee-v1-event.xlsx", "--seed", "10"])
assert r.exit_code == 0, r.output
book = load_workbook("combinee-v1-event.xlsx")
for k in range(1, 4):  # rounds 1-3 played
    ws = book[f"R{k}"]
    row = 4
    while ws.cell(row, 3).value is not None:
        if ws.cell(row, 8).value:
            ws.cell(row, 5).value, ws.cell(row, 6).value = rng.randint(250, 550), rng.randint(250, 550)
        row += 1
book.save("combinee-v1-event.xlsx")
