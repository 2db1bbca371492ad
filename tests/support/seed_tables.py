"""Parsers for the Berger tables printed in the seeds (the tests' oracle).

The seed files are copied verbatim into ``tests/data/seeds``. Seed 003 prints
tables for 3/4 … 19/20 players, two of them side by side (11/12 and 13/14);
seed 000 prints the 12- and 16-player tables with Roman round numbers. Each
parsed table is ``{round: [(white, black) per table, in table order]}``.
"""

from __future__ import annotations

import re
from pathlib import Path
from support.paths import DATA

DATA = DATA / "seeds"
_TOKEN = re.compile(r"\b(\d+)-(\d+)|\b([IVXL]+|\d+)\b")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}


def _roman(text: str) -> int:
    total = 0
    for a, b in zip(text, text[1:] + " "):
        value = _ROMAN[a]
        total += -value if b != " " and _ROMAN.get(b, 0) > value else value
    return total


def _groups(line: str) -> list[tuple[int, list[tuple[int, int]]]]:
    """Split a table line into ``(round, pairs)`` groups (several tables per line)."""
    groups: list[tuple[int, list[tuple[int, int]]]] = []
    for match in _TOKEN.finditer(line):
        if match.group(1):
            if groups:
                groups[-1][1].append((int(match.group(1)), int(match.group(2))))
        else:
            token = match.group(3)
            number = int(token) if token.isdigit() else _roman(token)
            groups.append((number, []))
    return [g for g in groups if g[1]]


def _collect(lines) -> dict[int, dict[int, list[tuple[int, int]]]]:
    tables: dict[int, dict[int, list[tuple[int, int]]]] = {}
    for line in lines:
        for rnd, pairs in _groups(line):
            size = 2 * len(pairs)
            tables.setdefault(size, {})[rnd] = pairs
    return tables


def seed003_tables() -> dict[int, dict[int, list[tuple[int, int]]]]:
    """Every table of seed 003, keyed by its even size (4, 6, …, 20)."""
    text = (DATA / "seed003_berger_wikipedia.txt").read_text(encoding="utf-8")
    body = text.split("3 & 4 joueurs", 1)[1]
    lines = [ln for ln in body.splitlines() if re.match(r"^\s*\d+\t", ln)]
    return _collect(lines)


def seed000_tables() -> dict[int, dict[int, list[tuple[int, int]]]]:
    """The 12- and 16-player Berger tables printed in seed 000 (Roman rounds)."""
    text = (DATA / "seed000_round_robins.txt").read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if re.match(r"^[IVX]+\t\d+-\d+", ln)]
    return _collect(lines)
