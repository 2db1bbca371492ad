"""The seed's printed directed-group tables: every row checked, the broken
ones documented, the shipped tables valid (independent validator)."""

from __future__ import annotations

import re
from pathlib import Path

from addin.systems.directed.tables import check_row, printed_rows, shipped_rows
from support.paths import ROOT

try:
    from support.directed_oracle import valid_group
except ImportError:  # tests/ is not a package
    from support.directed_oracle import valid_group

DOC = ROOT / "docs" / "corrections-directed.md"
SEED_ROW_COUNTS = {6: 1, 8: 1, 10: 2, 12: 6, 14: 6, 16: 7, 18: 8, 20: 7, 22: 8,
                   24: 9, 26: 10, 28: 11, 30: 12}


def oracle_valid(row) -> bool:
    flat = [v for g in row.groups for v in g]
    return (len(flat) == len(set(flat)) and all(1 <= v <= row.size for v in flat)
            and all(valid_group(row.size, row.last_rounds, g) for g in row.groups))


def test_transcription_has_every_printed_row():
    rows = printed_rows()
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.size] = counts.get(row.size, 0) + 1
    assert counts == SEED_ROW_COUNTS
    # spot checks against the seed text
    assert rows[0].groups == ((1, 2, 6), (3, 4, 5)) and rows[0].last_rounds == 2
    assert rows[-1].groups[-1] == (15, 16, 29) and rows[-1].size == 30


def test_checker_agrees_with_independent_validator_on_every_row():
    for row in printed_rows():
        assert check_row(row).valid == oracle_valid(row), row.label()


def test_broken_rows_are_exactly_the_documented_ones():
    broken = {row.line for row in printed_rows() if not oracle_valid(row)}
    documented = {int(m) for m in re.findall(r"^\| (\d+) \|", DOC.read_text(encoding="utf-8"), re.M)}
    assert broken == documented
    assert len(broken) == 11


def test_ocr_duplicate_is_reported():
    row = next(r for r in printed_rows() if r.line == 496)
    assert (15, 15, 19) in row.groups
    assert check_row(row).repeated == [15]


def test_shipped_rows_are_valid_and_keep_valid_printed_rows():
    printed = {r.line: r for r in printed_rows()}
    for row in shipped_rows():
        assert oracle_valid(row), row.label()
        original = printed[row.line]
        if oracle_valid(original):
            assert row.groups == original.groups
        else:
            # same number of groups, printed sizes kept except dropped repeats
            assert len(row.groups) == len(original.groups)
            assert sum(map(len, row.groups)) >= sum(map(len, original.groups)) - 1


def test_documented_replacements_are_the_shipped_rows():
    shipped = {r.line: r.groups for r in shipped_rows()}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| (\d+) \|", line)
        if not m:
            continue
        last = line.rstrip(" |").split("|")[-1].strip()
        groups = tuple(tuple(int(v) for v in g.split(",")) for g in last.split(" / "))
        assert groups == shipped[int(m.group(1))]
