"""Parsers for the parts of seed 001 the event workbook is checked against.

``tests/data/seeds/seed001_molter.txt`` is a verbatim copy of the seed. These
parsers read, independently of ``addin``'s table code, the three tables the
seed's result-grid examples are built from (4, 8 and 11) and the examples
themselves ("Exemple de grilles de prise de résultats pour N équipes de 4
joueurs"). They only split text; they never correct it.
"""

from __future__ import annotations

import re
from pathlib import Path
from support.paths import DATA
from addin.systems.molter.model import MolterTable, Pairing, Seat

SEED = DATA / "seeds" / "seed001_molter.txt"
_PAIR = re.compile(r"([A-HJ-N])\s*(\d+)\s*[-–]\s*([A-HJ-N])\s*(\d+)")


def seed_lines() -> list[str]:
    return SEED.read_text(encoding="utf-8").splitlines()


def seed_table(number: int) -> tuple[list[list[tuple[str, str]]], list[tuple[str, str]] | None]:
    """``(numbered rounds, autonomous round)`` of official table ``number`` as printed.

    Each round is a list of ``(white, black)`` symbols in board order. The
    block starts at the line ``Tableau <number>`` and ends at the first blank
    line after its board lines.
    """
    lines = seed_lines()
    start = next(i for i, line in enumerate(lines)
                 if re.match(rf"^Tableau {number}\b", line.strip()))
    header = None
    rows = []
    for line in lines[start + 1:]:
        if "Ronde 1" in line and header is None:
            header = line.split("\t")
            continue
        if header is not None and re.match(r"^\d+\t", line):
            rows.append(line.split("\t"))
        elif rows and not line.strip():
            break
    auto = "autonome" in header[-1].lower()
    columns = len(header) - 1
    rounds = [[] for _ in range(columns)]
    for row in rows:
        for c in range(columns):
            match = _PAIR.search(row[c + 1])
            rounds[c].append((match.group(1) + match.group(2), match.group(3) + match.group(4)))
    if auto:
        return rounds[:-1], rounds[-1]
    return rounds, None


def seed_grids(teams: int) -> dict[str, list[list[str]]]:
    """The seed's result-grid example for ``teams`` teams of 4 players.

    ``{team letter: rows}``, each row ``[player, c1, adv1, res1, …, c4, adv4, res4]``
    (13 strings; the seed's forms always print four rounds).
    """
    lines = seed_lines()
    title = f"Exemple de grilles de prise de résultats pour {teams} équipes de 4 joueurs."
    start = lines.index(title)
    grids: dict[str, list[list[str]]] = {}
    team = None
    for line in lines[start + 1:]:
        if line.startswith("Exemple de grilles") or line.startswith("D'autres grilles"):
            break
        fields = line.split("\t")
        if re.fullmatch(r"[A-HJ-N]", fields[0].strip()):
            team = fields[0].strip()
            grids[team] = []
        elif team and re.fullmatch(r"\d+", fields[0].strip()):
            row = [f.strip() for f in fields[:13]]
            grids[team].append(row + [""] * (13 - len(row)))
    return grids


# -- the seed's tables as a MolterTable (systems/test_molter_grids.py) ----------

def seed_molter_table(number: int, teams: int, players: int) -> MolterTable:
    """The seed's table restricted to the boards of ``players`` players per team."""
    numbered, auto = seed_table(number)

    def keep(rnd):
        pairs = [Pairing(Seat.parse(w), Seat.parse(b)) for w, b in rnd]
        return tuple(p for p in pairs if p.white.board <= players and p.black.board <= players)

    return MolterTable(teams, players, tuple(keep(r) for r in numbered),
                       keep(auto) if auto else None, source="official", number=number)
