"""The Scheveningen match event made through the command line (shared with the Lite tests)."""

from __future__ import annotations

from pathlib import Path
from support.doors import invoke


TEAM_A = [("Anne", 2100), ("Bruno", 2000), ("Carla", 1900), ("Dora", 1850)]


TEAM_B = [("Denis", 2050), ("Eve", 1950), ("Fred", None), ("Gil", 1700)]


def team_files(folder: Path, a=TEAM_A, b=TEAM_B) -> tuple[Path, Path]:
    fa, fb = folder / "a.csv", folder / "b.csv"
    fa.write_text("name,rating\n" + "".join(f"{n},{r or ''}\n" for n, r in a), encoding="utf-8")
    fb.write_text("équipe;nom;elo\n" + "".join(f"Échiquier Nord;{n};{r or ''}\n" for n, r in b), encoding="utf-8")
    return fa, fb


def build(folder: Path, *extra) -> Path:
    fa, fb = team_files(folder)
    out = folder / "m.xlsx"
    result = invoke("scheveningen", "match", "--team-a", fa, "--team-b", fb, "--name-a", "Club A", "-o", out, *extra)
    assert result.exit_code == 0, result.output
    return out
