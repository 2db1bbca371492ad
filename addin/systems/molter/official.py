"""The official Molter tables of seed 001 ("Tableaux officiels d'appariements").

Data: ``addin/data/molter/table_NN.csv`` holds what the seed prints for table
``NN`` (one row per board, one column per round, ``autonomous`` for the
round ``NNa``; cells ``C2-B1``, White first), with the corrections listed in
``addin/data/molter/corrections.csv`` already applied; ``peyrin.csv`` is the
3-team 3-round table at the end of the seed. Tables given by a rule
(9, 10, 15, 18, 19, 23, 27, 30, 31, 35, 39, 43) are built by
:mod:`addin.systems.molter.derive`.

Sizes (seed 001):

* a table printed "à 4 / 8 / 12 joueurs" serves every listed size: "the
  first boards form the smaller table" — ``N·P/2`` boards;
* 3 teams of more than 12 players: « reprendre le tableau N°1 (éventuellement
  N°1a) autant de fois que nécessaire depuis le 1er échiquier en le mettant
  bout à bout » — table 1 repeated, players 13–24 on the second copy, …;
* the autonomous round 42a is printed only for boards 1–39 and 78, so tables
  42 and 43 have no autonomous round here (their notes say so).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from addin.core.messages import package_bytes
from addin.systems.molter.derive import RULES as DERIVED, derive
from addin.systems.molter.model import MolterTable, Pairing, Seat

Round = tuple[Pairing, ...]

#: printed table number -> (teams, player sizes it serves)
PRINTED: dict[int, tuple[int, tuple[int, ...]]] = {
    1: (3, (4, 8, 12)), 2: (3, (6,)), 3: (3, (10,)),
    4: (4, (4,)), 5: (4, (6, 12)), 6: (4, (8,)), 7: (4, (10,)),
    8: (5, (4, 6, 12)),
    11: (6, (4,)), 12: (6, (6,)), 13: (6, (8,)), 14: (6, (10,)),
    16: (7, (4,)), 17: (7, (6, 12)),
    20: (8, (4,)), 21: (8, (6,)), 22: (8, (8,)), 24: (8, (12,)),
    25: (9, (6,)), 26: (9, (4, 8, 12)),
    28: (10, (6,)), 29: (10, (8,)),
    32: (11, (6,)), 33: (11, (8,)), 34: (11, (10,)),
    36: (12, (6,)), 37: (12, (8,)), 38: (12, (12,)),
    40: (13, (6,)), 41: (13, (8,)), 42: (13, (12,)),
}

#: tables whose autonomous round the seed does not print completely
INCOMPLETE_AUTONOMOUS = {
    42: "The seed prints the autonomous round 42a only for boards 1-39 and 78 (boards 40-77 are "
        "missing): this table has no autonomous round.",
    43: "Table 43a is built from 42a, which the seed prints only for boards 1-39 and 78: "
        "this table has no autonomous round.",
}

#: the tables a derived table reads (for the notes on corrections)
_SOURCES = {9: (8,), 10: (8,), 15: (14,), 18: (17,), 19: (17,), 23: (23, 24), 27: (26,),
            30: (29, 30), 31: (29, 30), 35: (34, 35), 39: (38, 39), 43: (42,)}

#: "3 équipes à 4 / 8 / 12 joueurs": table 1 repeated end to end beyond 12 players
REPEAT_TABLE = 1
REPEAT_CATALOGUE_MAX = 100
PEYRIN = "Peyrin"


@dataclass(frozen=True)
class CatalogueEntry:
    """One official shape: ``rounds`` numbered rounds, plus an autonomous round or not."""

    teams: int
    players: int
    rounds: int
    autonomous: bool
    table: str          # "8", "9", "1 (repeated)", "Peyrin"
    derived: bool = False


# -- data files -----------------------------------------------------------------
def _data_file(name: str) -> str:
    data = package_bytes("data", "molter", name)
    if data is None:
        raise FileNotFoundError(f"addin/data/molter/{name}")
    return data.decode("utf-8")


@lru_cache(maxsize=None)
def printed(number: int | str) -> dict[str, dict[int, Pairing]]:
    """``{column: {board: pairing}}`` as printed (corrected) for table ``number``."""
    name = "peyrin.csv" if number == PEYRIN else f"table_{int(number):02d}.csv"
    import csv  # only when an official table is read (a library lookup never needs it)

    rows = csv.DictReader(io.StringIO(_data_file(name)))
    out: dict[str, dict[int, Pairing]] = {}
    for row in rows:
        board = int(row.pop("board"))
        for column, cell in row.items():
            if cell:
                out.setdefault(column, {})[board] = Pairing.parse(cell)
    return out


@lru_cache(maxsize=1)
def corrections() -> tuple[dict[str, str], ...]:
    """The rows of ``corrections.csv`` (table, column, board, printed, corrected, …)."""
    import csv

    return tuple(csv.DictReader(io.StringIO(_data_file("corrections.csv"))))


def _column(number: int, column: str) -> Round:
    cells = printed(number).get(column, {})
    return tuple(cells[b] for b in sorted(cells))


def _columns(number: int) -> list[str]:
    if number in DERIVED:
        base = {9: 8, 10: 8, 15: 14, 18: 17, 19: 17, 23: 24, 27: 26, 30: 29, 31: 29, 35: 34,
                39: 38, 43: 42}[number]
        return _columns(base)
    return list(printed(number))


@lru_cache(maxsize=None)
def full_table(number: int) -> MolterTable:
    """Table ``number`` at its largest size, every round it has (official numbering)."""
    if number in DERIVED:
        teams, players, _ = DERIVED[number]
    else:
        teams, players = PRINTED[number][0], max(PRINTED[number][1])
    columns = _columns(number)
    rounds = []
    autonomous = None
    for column in columns:
        if column == "autonomous":
            if number in INCOMPLETE_AUTONOMOUS:
                continue
            autonomous = _round(number, column)
        else:
            rounds.append(_round(number, column))
    return MolterTable(teams, players, tuple(rounds), autonomous, "official", number, _notes(number))


def _round(number: int, column: str) -> Round:
    if number in DERIVED:
        return derive(number, _column, column)
    return _column(number, column)


def _notes(number: int) -> tuple[str, ...]:
    notes = []
    for source in dict.fromkeys((*_SOURCES.get(number, ()), number)):
        for row in corrections():
            if row["table"] != str(source):
                continue
            if row["column"] == "rule_example":
                if source == number:
                    notes.append(f"The seed's rule for table {number} quotes '{row['printed']}'; "
                                 f"the rule gives '{row['corrected']}' (see docs/corrections-molter.md).")
            else:
                where = "autonomous round" if row["column"] == "autonomous" else row["column"].replace("_", " ")
                notes.append(f"Table {source}, {where}, board {row['board']}: the seed prints "
                             f"{row['printed']}, read {row['corrected']} ({row['confidence']} confidence; "
                             "see docs/corrections-molter.md).")
    if number in INCOMPLETE_AUTONOMOUS:
        notes.append(INCOMPLETE_AUTONOMOUS[number])
    return tuple(notes)


def _cut(table: MolterTable, players: int) -> MolterTable:
    """The first ``N·P/2`` boards of every round: the table for ``players`` per team."""
    boards = table.teams * players // 2
    return MolterTable(table.teams, players, tuple(r[:boards] for r in table.rounds),
                       table.autonomous[:boards] if table.autonomous is not None else None,
                       table.source, table.number, table.notes)


def _repeat(table: MolterTable, players: int) -> MolterTable:
    """Table 1 repeated end to end from board 1 (players 13–24 on the second copy, …)."""
    boards = table.teams * players // 2

    def long(rnd: Round) -> Round:
        out: list[Pairing] = []
        offset = 0
        while len(out) < boards:
            for p in rnd:
                if len(out) == boards:
                    break
                out.append(Pairing(Seat(p.white.team, p.white.board + offset),
                                   Seat(p.black.team, p.black.board + offset)))
            offset += table.players
        return tuple(out)

    note = (f"Table 1 repeated end to end for {players} players per team (seed 001, note (2) of "
            "table 1).",)
    return MolterTable(table.teams, players, tuple(long(r) for r in table.rounds),
                       long(table.autonomous) if table.autonomous is not None else None,
                       "official", table.number, table.notes + note)


@lru_cache(maxsize=1)
def peyrin_table() -> MolterTable:
    """The 3-team, 4-player, 3-round table "proposé par Jean Peyrin" (end of seed 001)."""
    columns = printed(PEYRIN)
    rounds = tuple(tuple(columns[c][b] for b in sorted(columns[c])) for c in sorted(columns))
    note = ("3 teams of 4 in 3 rounds, proposed by Jean Peyrin for the federation cup: with 3 "
            "teams every player meets one team twice.",)
    return MolterTable(3, 4, rounds, None, "official", None, note)


def _index() -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for number, (teams, sizes) in PRINTED.items():
        for players in sizes:
            out[(teams, players)] = number
    for number, (teams, players, _) in DERIVED.items():
        out[(teams, players)] = number
    return out


def official_table(teams: int, players: int, rounds: int | None = None) -> MolterTable | None:
    """The official table for ``teams`` teams of ``players``, or None if the seed has none.

    ``rounds=3`` with 3 teams of 4 gives the Peyrin table (the only official
    3-team table in 3 rounds); otherwise ``rounds`` is ignored here (see
    :func:`addin.systems.molter.tables.molter_table` for choosing the rounds).
    """
    if (teams, players, rounds) == (3, 4, 3):
        return peyrin_table()
    number = _index().get((teams, players))
    if number is not None:
        return _cut(full_table(number), players)
    if teams == 3 and players > 12 and players % 2 == 0:
        return _repeat(full_table(REPEAT_TABLE), players)
    return None


def official_catalogue() -> list[CatalogueEntry]:
    """Every official shape: (teams, players, rounds, autonomous round, table number)."""
    out = []
    for (teams, players), number in sorted(_index().items()):
        table = full_table(number)
        out.append(CatalogueEntry(teams, players, len(table.rounds), table.autonomous is not None,
                                  str(number), number in DERIVED))
    out.append(CatalogueEntry(3, 4, 3, False, PEYRIN))
    for players in range(14, REPEAT_CATALOGUE_MAX + 1, 2):
        out.append(CatalogueEntry(3, players, 2, True, f"{REPEAT_TABLE} (repeated)"))
    return sorted(out, key=lambda e: (e.teams, e.players, e.rounds))


def playable_rounds(table: MolterTable) -> list[int]:
    """The event lengths the seed allows with ``table`` (see :func:`select_rounds`)."""
    top = len(table.rounds) + (1 if table.autonomous is not None else 0)
    return [r for r in range(1, top + 1) if select_rounds(table, r) is not None]


def select_rounds(table: MolterTable, rounds: int) -> MolterTable | None:
    """The rounds to play for an event of ``rounds`` rounds, or None if the seed forbids it.

    Seed 001, "Comment utiliser les tableaux ?": the numbered rounds "doivent
    obligatoirement se jouer par deux"; the autonomous round alone makes a
    one-round event, or ends an event of 3 (5, 7, …) rounds after the 2 (4,
    6, …) rounds before it. The 3-team tables are complete in 2 rounds: their
    autonomous round "n'est appelée qu'à organiser des tournois en une seule
    ronde"; likewise the complete 5- and 7-team tables (4 and 6 rounds) take
    no autonomous round after their last round. In general an odd event of
    more than one round needs ``rounds ≤ teams − 1``.
    """
    numbered = len(table.rounds)
    if table.source == "official" and table.number is None and table.teams == 3:  # Peyrin
        return table if rounds == numbered else None
    if rounds % 2 == 0:
        if rounds > numbered:
            return None
        return _with_rounds(table, table.rounds[:rounds], None, rounds)
    if table.autonomous is None:
        return None
    if rounds > 1 and (rounds - 1 > numbered or rounds > table.teams - 1):
        return None
    return _with_rounds(table, table.rounds[:rounds - 1], table.autonomous, rounds)


def _with_rounds(table: MolterTable, rounds: tuple, autonomous, count: int) -> MolterTable:
    if len(rounds) == len(table.rounds) and autonomous is table.autonomous:
        return table
    return MolterTable(table.teams, table.players, tuple(rounds), autonomous, table.source,
                       table.number, table.notes)


def label(table: MolterTable) -> str:
    """``"Table 8"``, ``"Table 1 (repeated)"``, ``"Peyrin table"``, or ``"generated"``."""
    if table.source != "official":
        return "generated"
    if table.number is None:
        return "Peyrin table"
    return f"Table {table.number}"


Builder = Callable[[int, int, int], MolterTable]
