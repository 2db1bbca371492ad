"""Official Molter tables: transcription, corrections, derivations, verifier verdicts.

Oracles: the seed text itself (``tests/data/seeds/seed001_molter.txt``, read by
``tests/support/molter_seed.py``), the verifier (an independent checker of the
seed's stated invariants), the examples quoted inside the seed's derivation
rules, and the seed's three result grids.
"""

from __future__ import annotations

import re

import pytest

import support.molter_seed as molter_seed
from addin.systems.molter import official
from addin.systems.molter.grids import player_cells
from addin.systems.molter.model import MolterTable, Pairing, Seat, team_letters
from addin.systems.molter.official import (
    corrections, full_table, official_catalogue, official_table, playable_rounds, printed,
    select_rounds,
)
from addin.systems.molter.verify import HARD_RULES, verify

CELL_CORRECTIONS = [row for row in corrections() if row["column"] != "rule_example"]
RULE_CORRECTIONS = [row for row in corrections() if row["column"] == "rule_example"]


# -- transcription -----------------------------------------------------------------
PRINTED_NUMBERS = sorted(n for n in molter_seed.segments() if n != "peyrin" and molter_seed.printed(n))


@pytest.mark.parametrize("number", PRINTED_NUMBERS + ["peyrin"])
def test_data_file_is_the_seed_plus_recorded_corrections(number):
    seed = molter_seed.printed_normalised(number)
    data = printed(official.PEYRIN if number == "peyrin" else number)
    fixes = {(row["column"], int(row["board"])): row for row in CELL_CORRECTIONS
             if row["table"] == str(number)}
    assert set(seed) == set(data)
    for column, cells in seed.items():
        assert set(cells) == set(data[column]), (number, column)
        for board, cell in cells.items():
            got = str(data[column][board])
            if (column, board) in fixes:
                assert cell == fixes[(column, board)]["printed"]
                assert got == fixes[(column, board)]["corrected"] != cell
            else:
                assert got == cell, (number, column, board)


def test_every_correction_is_used():
    for row in CELL_CORRECTIONS:
        seed = molter_seed.printed_normalised(int(row["table"]))
        assert seed[row["column"]][int(row["board"])] == row["printed"]


def test_table_26_continues_beside_table_25():
    # table 26 prints boards 1-14; boards 15-54 sit in the "suite" columns of table 25
    assert sorted(printed(26)["round_1"]) == list(range(1, 55))
    assert sorted(printed(25)["round_1"]) == list(range(1, 28))
    assert str(printed(26)["round_1"][15]) == "D4-B4"


# -- verifier on every official table ----------------------------------------------
#: (table, players, rounds) -> hard rules the official table itself breaks (see docs/molter-official.md)
KNOWN_BREAKS = {
    ("11", 4, 1): {"team_colour"},   # 11a: teams C +2 and D -2; the seed's 6-team grid confirms it
    ("11", 4, 3): {"team_colour"},
    ("26", 12, 3): {"team_twice"},   # A10, C10, E10, G10 meet a team in round 2 and again in 26a
    ("40", 6, 3): {"team_twice"},    # B4 meets C4 in round 1 and C3 in 40a
    ("Peyrin", 4, 3): {"team_twice"},  # 3 teams, 3 rounds: unavoidable
}


def _entries():
    for entry in official_catalogue():
        if entry.table.endswith("(repeated)") and entry.players > 40:
            continue
        yield entry


@pytest.mark.parametrize("entry", list(_entries()), ids=lambda e: f"{e.table}-{e.teams}x{e.players}")
def test_official_tables_pass_the_verifier(entry):
    table = official_table(entry.teams, entry.players, entry.rounds if entry.table == "Peyrin" else None)
    assert table is not None and table.boards == entry.teams * entry.players // 2
    for rounds in playable_rounds(table):
        report = verify(select_rounds(table, rounds))
        expected = KNOWN_BREAKS.get((entry.table, entry.players, rounds), set())
        assert set(report.broken()) == expected, [str(v) for v in report.violations][:5]


def test_catalogue_covers_every_table_number():
    numbers = {e.table for e in official_catalogue()}
    assert {str(n) for n in range(1, 44)} <= numbers
    assert "Peyrin" in numbers and "1 (repeated)" in numbers


def test_autonomous_round_after_a_complete_odd_table_meets_a_team_twice():
    # 3, 5 and 7 teams are complete in 2, 4 and 6 rounds: the seed allows 'a' only as a one-round event
    for teams, players, last in ((3, 4, "2"), (5, 4, "4"), (7, 6, "6")):
        table = official_table(teams, players)
        labels = [str(r) for r in range(1, int(last) + 1)] + ["a"]
        assert "team_twice" in verify(table, labels).broken()
        assert select_rounds(table, int(last) + 1) is None
        assert verify(table, ["a"]).ok


def test_smaller_sizes_are_the_first_boards():
    for teams, players, big in ((3, 4, 12), (3, 8, 12), (4, 6, 12), (5, 4, 12), (5, 6, 12), (7, 6, 12),
                                (9, 4, 12), (9, 8, 12)):
        small, large = official_table(teams, players), official_table(teams, big)
        assert small.number == large.number
        for a, b in zip(small.all_rounds(), large.all_rounds()):
            assert a[1] == b[1][:teams * players // 2]


def test_table_1_repeated_end_to_end():
    table = official_table(3, 30)
    base = official_table(3, 12)
    r1 = table.rounds[0]
    assert str(r1[18]) == "A13-C13" and str(r1[36]) == "A25-C25" and len(r1) == 45
    assert [str(p) for p in r1[18:36]] == [
        str(Pairing(Seat(p.white.team, p.white.board + 12), Seat(p.black.team, p.black.board + 12)))
        for p in base.rounds[0]]
    for players in (14, 16, 50, 100):
        t = official_table(3, players)
        for rounds in playable_rounds(t):
            assert verify(select_rounds(t, rounds)).ok


def test_peyrin_table_as_printed():
    table = official_table(3, 4, 3)
    assert [str(p) for p in table.rounds[2]] == ["C1-A1", "C2-B1", "A2-B2", "B3-A3", "B4-C3", "A4-C4"]
    assert official_table(3, 4).number == 1


# -- corrections: the printed cell breaks an invariant, the corrected one holds ----------------
def _replace(table: MolterTable, column: str, board: int, cell: str) -> MolterTable:
    pairing = Pairing.parse(cell)
    if column == "autonomous":
        auto = list(table.autonomous)
        auto[board - 1] = pairing
        return MolterTable(table.teams, table.players, table.rounds, tuple(auto))
    index = int(column.split("_")[1]) - 1
    rounds = [list(r) for r in table.rounds]
    rounds[index][board - 1] = pairing
    return MolterTable(table.teams, table.players, tuple(tuple(r) for r in rounds), table.autonomous)


def _labels(table, column):
    return ["a"] if column == "autonomous" else [str(i) for i in range(1, len(table.rounds) + 1)]


@pytest.mark.parametrize("row", CELL_CORRECTIONS, ids=lambda r: f"{r['table']}-{r['column']}-{r['board']}")
def test_correction_restores_the_invariant(row):
    table = full_table(int(row["table"]))
    column, board = row["column"], int(row["board"])
    labels = _labels(table, column)
    assert str(table.round("a" if column == "autonomous" else column.split("_")[1])[board - 1]) \
        == row["corrected"]
    listed = {rule.strip() for rule in row["broken"].split(",")}
    assert listed <= set(HARD_RULES)
    raw = verify(_replace(table, column, board, row["printed"]), labels)
    fixed = verify(table, labels)
    assert listed <= set(raw.broken()), raw.broken()
    assert fixed.ok, [str(v) for v in fixed.violations]


@pytest.mark.parametrize("row", [r for r in CELL_CORRECTIONS if r["confidence"] == "high"],
                         ids=lambda r: f"{r['table']}-{r['column']}-{r['board']}")
def test_high_confidence_corrections_are_the_unique_fix_of_that_cell(row):
    """Brute force: every way to rewrite the printed cell with players of the table."""
    table = full_table(int(row["table"]))
    column, board = row["column"], int(row["board"])
    labels = _labels(table, column)
    seats = [f"{t}{b}" for t in team_letters(table.teams) for b in range(1, table.players + 1)]
    raw_w, raw_b = row["printed"].split("-")
    candidates = {f"{w}-{raw_b}" for w in seats} | {f"{raw_w}-{b}" for b in seats}
    candidates |= {f"{raw_b}-{w}" for w in seats} | {f"{b}-{raw_w}" for b in seats}
    passing = [c for c in sorted(candidates) if verify(_replace(table, column, board, c), labels).ok]
    assert passing == [row["corrected"]], passing


@pytest.mark.parametrize("row", RULE_CORRECTIONS, ids=lambda r: r["table"])
def test_rule_examples_printed_wrong(row):
    table = full_table(int(row["table"]))
    column = "a" if row["table"] == "10" else "1"
    printed_board, printed_cell = re.search(r"-> (\d+) (\S+)$", row["printed"]).groups()
    board, cell = re.search(r"-> (\d+) (\S+)$", row["corrected"]).groups()
    assert str(table.round(column)[int(board) - 1]) == cell
    assert str(table.round(column)[int(printed_board) - 1]) != printed_cell


# -- derivations -------------------------------------------------------------------------
#: the examples quoted inside the seed's rules: (table, round, board, pairing)
RULE_EXAMPLES = [
    (9, "1", 11, "B5-D5"), (9, "a", 11, "D5-C5"), (10, "1", 16, "B7-D7"),
    (15, "1", 16, "A6-C6"), (15, "1", 22, "A8-F8"), (15, "a", 16, "A6-B6"),
    (18, "1", 22, "B7-G7"), (18, "a", 22, "A7-E7"), (19, "a", 22, "A7-C7"),
    (23, "1", 29, "A8-D8"), (27, "1", 37, "A9-G9"), (27, "a", 37, "A9-F9"),
    (30, "1", 41, "A9-J9"), (30, "2", 41, "B9-A9"), (30, "a", 30, "H6-J6"),
    (31, "1", 26, "B6-J6"), (31, "a", 46, "A10-B10"),
    (35, "1", 45, "A9-K9"), (35, "2", 45, "C9-A9"), (35, "a", 45, "A9-D9"),
    (39, "1", 37, "A7-K7"), (39, "2", 37, "B7-M7"), (43, "1", 40, "A7-K7"), (43, "2", 40, "C7-A7"),
]


@pytest.mark.parametrize("number, rnd, board, cell", RULE_EXAMPLES)
def test_derivation_rule_examples(number, rnd, board, cell):
    assert str(full_table(number).round(rnd)[board - 1]) == cell


def _shift(p: Pairing, by: int) -> str:
    return f"{p.white.team}{p.white.board + by}-{p.black.team}{p.black.board + by}"


def test_derivations_take_whole_levels_by_hand():
    # table 9 = table 8 (12 players) boards 1-10 then boards 21-30 with players 9-12 renamed 5-8
    t8, t9 = full_table(8), full_table(9)
    for r8, r9 in zip(t8.all_rounds(), t9.all_rounds()):
        assert r9[1][:10] == r8[1][:10]
        assert [str(p) for p in r9[1][10:]] == [_shift(p, -4) for p in r8[1][20:30]]
    # table 15 = table 14 levels 1-5, 9-10, then 6-10 (3 boards a level)
    t14, t15 = full_table(14), full_table(15)
    for r14, r15 in zip(t14.all_rounds(), t15.all_rounds()):
        assert r15[1][:15] == r14[1][:15]
        assert [str(p) for p in r15[1][15:21]] == [_shift(p, -3) for p in r14[1][24:30]]
        assert [str(p) for p in r15[1][21:36]] == [_shift(p, 2) for p in r14[1][15:30]]
    # table 39 round 1 = 38 boards 1-30, its own boards 31-36, 38 boards 49-72 renamed -2
    t38, t39 = full_table(38), full_table(39)
    assert t39.rounds[0][:30] == t38.rounds[0][:30]
    assert [str(p) for p in t39.rounds[0][30:36]] == ["B6-L6", "C6-K6", "D6-J6", "E6-H6", "F6-G6", "M6-A6"]
    assert [str(p) for p in t39.rounds[0][36:]] == [_shift(p, -2) for p in t38.rounds[0][48:]]
    assert t39.autonomous == t38.autonomous[:60]


def test_tables_42_43_have_no_autonomous_round():
    for teams, players in ((13, 12), (13, 10)):
        table = official_table(teams, players)
        assert table.autonomous is None and any("autonomous" in note for note in table.notes)
        assert playable_rounds(table) == [2]


# -- the seed's result grids --------------------------------------------------------------
def _seed_grids():
    text = molter_seed.SEED.read_text(encoding="utf-8")
    out = {}
    for block in re.split(r"Exemple de grilles de prise de résultats pour ", text)[1:]:
        teams = int(block.split()[0])
        grids: dict[str, list] = {}
        team = None
        for line in block.splitlines():
            head = re.match(r"^([A-N])(\t|$)", line)
            if head:
                team = head.group(1)
                grids[team] = []
                continue
            row = re.match(r"^(\d+)\t(.*)$", line)
            if row and team:
                grids[team].append(re.findall(r"\b([bn])\t([A-N]\d+)", row.group(2)))
        out[teams] = grids
    return out


@pytest.mark.parametrize("teams, rounds", [(4, ["1", "2", "a"]), (5, ["1", "2", "3", "4"]),
                                           (6, ["1", "2", "a"])])
def test_result_grids_of_the_seed(teams, rounds):
    seed = _seed_grids()[teams]
    table = official_table(teams, 4)
    chosen = select_rounds(table, len(rounds))
    assert [lab for lab, _ in chosen.all_rounds()] == rounds
    cells = player_cells(teams, 4, [rnd for _, rnd in chosen.all_rounds()])
    assert set(seed) == {seat.team for seat in cells}
    for team, rows in seed.items():
        ours = [[("b" if c.white else "n", str(c.opponent)) for c in cells[Seat(team, player)]]
                for player in range(1, 5)]
        assert [[tuple(cell) for cell in row] for row in rows] == ours, team
