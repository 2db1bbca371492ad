"""Parser for the Molter tables printed in seed 001 (the tests' oracle).

The seed is copied verbatim into ``tests/data/seeds/seed001_molter.txt``. A
table starts at a line ``Tableau N`` (the 3-team 3-round table of Jean Peyrin
at ``TABLEAUX pour 3 équipes``) and runs to the next one. Inside a table,
only lines that start with a board number are read (prose lines such as the
derivation rules are skipped; the HTML paragraphs of table 30 are removed);
each line is cut into groups "board number, then the pairings that follow
it". A group holding as many pairings as the table has numbered rounds gives
those rounds for that board; a group holding one pairing gives the
autonomous round. This covers the plain layout, the side-by-side "suite"
columns (tables 25, 34, 38, 42), the separate autonomous lists (23a, 24a,
40a, 41a) and the replacement rows of tables 30, 35 and 39.

Cells are returned as printed (``raw``: e.g. ``"D6 C 6"``, ``"J 10"``,
``"R4 - A4"``) and normalised (``"D6-C6"``) — no correction is applied here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from support.paths import DATA

SEED = DATA / "seeds" / "seed001_molter.txt"

_HEADING = re.compile(r"^Tableau (\d+)\b")
_PEYRIN = "TABLEAUX pour 3 équipes en 3 rondes"
_END = "Exemple de grilles"
_SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_TOKEN = re.compile(
    r"(?P<pair>(?P<w>[A-Z]) ?(?P<wn>\d{1,2})(?: *[-–] *| +)(?P<b>[A-Z]) ?(?P<bn>\d{1,2}))"
    r"|(?P<num>(?<![\w.])\d{1,3}(?![\w]))")
_ROWSTART = re.compile(r"^[\s.]*\d")

#: numbered rounds printed per table (the others print 2)
ROUNDS = {8: 4, 17: 6, "peyrin": 3}


def normalise(raw: str) -> str:
    match = _TOKEN.fullmatch(raw.strip())
    if not match or not match.group("pair"):
        raise ValueError(raw)
    return f"{match['w']}{match['wn']}-{match['b']}{match['bn']}"


@lru_cache(maxsize=1)
def segments() -> dict:
    """``{table number or "peyrin": [lines]}`` in the order of the seed."""
    text = SEED.read_text(encoding="utf-8").translate(_SUB)
    out: dict = {}
    current = None
    for line in text.splitlines():
        if line.startswith(_END):
            current = None
            continue
        if line.startswith(_PEYRIN):
            current = "peyrin"
            out[current] = []
            continue
        match = _HEADING.match(line)
        if match:
            current = int(match.group(1))
            out[current] = []
            continue
        if current is not None:
            out[current].append(line)
    return out


def _groups(line: str) -> list[tuple[int, list[str]]]:
    groups: list[tuple[int, list[str]]] = []
    for match in _TOKEN.finditer(line):
        if match.group("num"):
            groups.append((int(match.group("num")), []))
        elif groups:
            groups[-1][1].append(match.group("pair"))
    return groups


def _rows(number):
    """Yield ``(line, groups)`` for the board lines of table ``number``.

    Table 26 (9 teams of 4/8/12) prints boards 1–14 under its own heading and
    its continuation, boards 15–54 with its autonomous round, in the "suite"
    columns beside table 25 (9 teams of 6, boards 1–27): on a line of table
    25 that starts with a board number, the first rounds group and the
    autonomous group right after it are table 25's, everything else is
    table 26's.
    """
    sources = [(26, segments()[26]), (25, segments()[25])] if number == 26 else [(number, segments()[number])]
    for segment, lines in sources:
        for line in lines:
            line = re.sub(r"<p>.*?</p>", "\t", line)
            if not _ROWSTART.match(line):
                continue
            groups = [g for g in _groups(line) if g[1]]
            if segment == 25:
                own, other = _split_25_26(line, groups)
                groups = own if number == 25 else other
            yield line, groups


def _split_25_26(line: str, groups):
    """Groups of a table-25 line: (table 25's groups, table 26's groups)."""
    if not line[:1].isdigit():
        return [], groups
    head, rest = groups[:1], groups[1:]
    if rest and len(rest[0][1]) == 1:
        head, rest = head + rest[:1], rest[1:]
    return head, rest


@lru_cache(maxsize=None)
def printed(number) -> dict[str, dict[int, str]]:
    """The cells printed for table ``number``: ``{column: {board: raw cell}}``.

    Columns are ``round_1`` … ``round_k`` and ``autonomous``. Raises
    ``ValueError`` on a group of unexpected size or a board printed twice in
    one column, so that a layout the parser misreads cannot pass silently.
    """
    k = ROUNDS.get(number, 2)
    columns: dict[str, dict[int, str]] = {f"round_{i}": {} for i in range(1, k + 1)}
    columns["autonomous"] = {}
    for line, groups in _rows(number):
        for board, cells in groups:
            if len(cells) == k:
                targets = [f"round_{i}" for i in range(1, k + 1)]
            elif len(cells) == 1 and number != "peyrin":
                targets = ["autonomous"]
            else:
                raise ValueError(f"table {number}: board {board} has {len(cells)} cells: {cells}")
            for column, cell in zip(targets, cells):
                if board in columns[column]:
                    raise ValueError(f"table {number}: board {board} twice in {column}")
                columns[column][board] = cell
    return {c: v for c, v in columns.items() if v}


def printed_normalised(number) -> dict[str, dict[int, str]]:
    return {c: {b: normalise(raw) for b, raw in cells.items()} for c, cells in printed(number).items()}
