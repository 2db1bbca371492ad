"""Independent readers of a written package: the Open XML schemas (openxml-audit) and xlwings Lite's part.

``audit_errors(path, version)`` runs PyPI's ``openxml-audit`` — a Python port of the Open XML
SDK's validator (``OpenXmlValidator``), with the schemas and semantic constraints of each
Office version — as its command line does (``openxml-audit -f office2010 -o json FILE``) and
returns the findings of severity ``error`` (its warnings, such as inline strings that Excel
moves to a shared-string table on its next save, are not schema errors).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def audit_errors(path: Path, version: str) -> list[str]:
    """The schema and semantic errors ``openxml-audit`` finds in ``path`` against ``version``."""
    done = subprocess.run([sys.executable, "-m", "openxml_audit", "-f", version, "-o", "json", "-m", "0", str(path)],
                          capture_output=True, text=True, timeout=600)
    try:
        report = json.loads(done.stdout)[0]
    except (ValueError, IndexError):
        raise AssertionError(f"openxml-audit gave no report ({done.returncode}): {done.stderr[-2000:]}") from None
    return [f"{e.get('part_uri')} {e.get('path')}: {e['description']}" for e in report["errors"]
            if e.get("severity") == "error"]


# -- from test_macro_workbooks.py ----------

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


# -- from test_excel_addin.py ----------

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
