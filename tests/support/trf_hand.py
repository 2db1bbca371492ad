"""The hand-made TRF16 file of the TRF import tests: FIDE C.04 Annex 2 columns, the FIDE Berger table of C.05 Annex 1."""

from __future__ import annotations

from addin.core.players import TITLES, Player


def line(rank, name, rating=None, fed="", title="", fide="", birth="", blocks=(), sex="m"):
    """A TRF16 player line, each field at its columns (C.04 Annex 2), written independently of the exporter."""
    row = [" "] * 91
    def put(col, text):
        while len(row) < col - 1 + len(text):
            row.append(" ")
        row[col - 1:col - 1 + len(text)] = list(text)
    put(1, "001")
    put(5, f"{rank:4d}")
    put(10, sex)
    put(11, title)
    put(15, name)
    if rating:
        put(49, f"{rating:4d}")
    put(54, fed)
    put(58, fide.rjust(11) if fide else "")
    put(70, birth)
    for k, block in enumerate(blocks):
        put(92 + 10 * k, block)
    return "".join(row).rstrip()


# FIDE C.05 Annex 1, table for 5 or 6 players (6 = the bye when there are 5):
# R1 1-6 2-5 3-4 | R2 6-4 5-3 1-2 | R3 2-6 3-1 4-5 | R4 6-5 1-4 2-3 | R5 3-6 4-2 5-1
HAND = "\n".join([
    "012 Open de Nulle Part",
    "022 Nulle Part",
    "102 A. Arbitre",
    "092 Round robin",
    line(1, "Alpha, Anne", 2410, "FRA", "IM", "651234", "1990/05/17",
         ["0000 - H", "   2 w 0", "   3 b -"]),
    line(2, "Bravo, Bruno", 2305, "GER", "FM", "4612345", "1985/00/00",
         ["   5 w 1", "   1 b 1", "0000 - H"], sex="m"),
    line(3, "Charlie, Chloé", 2190, "BEL", "WIM", "", "",
         ["   4 w =", "   5 b -", "   1 w -"], sex="w"),
    line(4, "Delta, Dan", None, "", "", "", "",
         ["   3 b =", "0000 - H", "   5 w  "]),
    line(5, "Echo, Eve", 1980, "ESP", "", "2200001", "2001",
         ["   2 b 0", "   3 w +", "   4 b  "], sex="w"),
]) + "\n"


HAND_RESULTS = {(1, 1): "1-0", (1, 2): "1/2-1/2", (2, 1): "+-", (2, 2): "0-1", (3, 1): "0-0"}


HAND_PLAYERS = [
    Player(1, "Alpha, Anne", 2410, "", "FRA", "IM", "651234", "1990/05/17"),
    Player(2, "Bravo, Bruno", 2305, "", "GER", "FM", "4612345", "1985/00/00"),
    Player(3, "Charlie, Chloé", 2190, "", "BEL", "WIM", "", ""),
    Player(4, "Delta, Dan", None, "", "", "", "", ""),
    Player(5, "Echo, Eve", 1980, "", "ESP", "", "2200001", "2001"),
]
