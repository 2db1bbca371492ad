"""The inputs of every kind of event workbook, and VBA code as LibreOffice lists it.

Shared by render/test_macro_workbooks.py, render/test_lite_part.py and events/test_excel_addin.py.
"""

from __future__ import annotations

from pathlib import Path


def _inputs(folder: Path) -> dict[str, list]:
    (folder / "players.csv").write_text("name,rating\n" + "".join(f"Joueur {i},{1500 + i}\n" for i in range(1, 7)),
                                        encoding="utf-8")
    (folder / "scrabble.csv").write_text("name,rating,club\n" + "".join(
        f"Joueur {i},{800 + 37 * i},Club {i % 3}\n" for i in range(1, 13)), encoding="utf-8")
    teams = ["Alpha", "Bravo", "Charlie", "Delta"]
    (folder / "league.csv").write_text("division,team,club\n" + "".join(f"D1,{t},{t}\n" for t in teams),
                                       encoding="utf-8")
    (folder / "rosters.csv").write_text("team,name,rating\n" + "".join(
        f"{t},{t[0]}{k},{1500 + 10 * k}\n" for t in teams for k in (1, 2, 3)), encoding="utf-8")
    for side in "ab":
        (folder / f"team-{side}.csv").write_text("name,rating\n" + "".join(
            f"{side.upper()}{k},{1500 + k}\n" for k in range(1, 5)), encoding="utf-8")
    return {
        "roundrobin": ["berger", "6", "--names", folder / "players.csv"],
        "molter": ["molter", "--teams", "4", "--players", "4"],
        "combinee": ["combinee", "--players", folder / "scrabble.csv", "--phase1-rounds", "5", "--phase2-rounds", "3"],
        "league": ["league", "season", folder / "league.csv", "--rosters", folder / "rosters.csv", "--boards", "2",
                   "--seed", "3"],
        "scheveningen": ["scheveningen", "match", "--team-a", folder / "team-a.csv", "--team-b",
                         folder / "team-b.csv"],
    }



def without_attributes(code: str) -> str:
    """VBA code without its ``Attribute`` lines (LibreOffice keeps them out of a module's text)."""
    return "\n".join(line for line in code.replace("\r\n", "\n").split("\n")
                     if not line.startswith("Attribute ")).strip()


def libreoffice_code(source: str) -> str:
    """A module's code as LibreOffice lists it, without the lines its VBA import puts first (the module's type,
    ``Option VBASupport 1``, and ``Option ClassModule`` for a class)."""
    lines = source.split("\n")
    assert lines[0].startswith("Rem Attribute VBA_ModuleType=") and lines[1] == "Option VBASupport 1"
    first = 3 if lines[0].endswith("=VBAClassModule") and lines[2] == "Option ClassModule" else 2
    return "\n".join(lines[first:]).strip()
