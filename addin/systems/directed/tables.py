"""The seed's printed tables of directed groups, checked, and the shipped tables.

Seed 000, "Appariements dirigés", prints for ``2k`` = 6 … 30 and several
``n`` rows of groups A, B, C … whose members all meet outside the last ``n``
rounds. ``addin/data/directed/printed_groups.tsv`` holds those rows verbatim
(with their seed line). Every row is checked here with the rule checker
(:mod:`addin.systems.directed.rules`): numbers must lie in ``1 … 2k``, appear once,
and every pair of a group must meet in rounds ``1 … 2k − 1 − n``.

The shipped table (:func:`shipped_rows`) keeps the valid printed rows as they
are; a broken row keeps as many of its valid groups as possible and gets
solver replacements, with the printed sizes, for the others (see
:func:`replacement`). docs/corrections-directed.md lists every broken row.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field
from functools import lru_cache
from importlib import resources

from addin.core.args import as_int
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.systems.directed.rules import Field, late_pairs
from addin.systems.directed.solver import closest_valid

DATA = ("addin", "data/directed/printed_groups.tsv")

# OCR damage repaired before the solver is asked (seed line -> group index ->
# the evident reading), each documented in docs/corrections-directed.md and
# itself checked by the rule checker in the tests.
OCR_REPAIRS: dict[int, dict[int, tuple[int, ...]]] = {
    # "15,15,19": the row lacks 12, 18, 21, 22 and column E starts with 12
    # (B..F start 9, 10, 11, 12, 13): read "12,15,19".
    496: {4: (12, 15, 19)},
}


@dataclass(frozen=True)
class PrintedRow:
    """One printed row: table size ``2k``, ``n`` and the groups as printed."""

    line: int
    size: int
    last_rounds: int
    groups: tuple[tuple[int, ...], ...]

    @property
    def field(self) -> Field:
        return Field(self.size, self.last_rounds)

    def label(self) -> str:
        return f"2k={self.size}, n={self.last_rounds} (seed line {self.line})"


@dataclass
class RowCheck:
    """What is wrong with a printed row (empty lists: the row is valid)."""

    row: PrintedRow
    out_of_range: list[int] = dataclass_field(default_factory=list)
    repeated: list[int] = dataclass_field(default_factory=list)
    late: list[tuple[str, int, int, int]] = dataclass_field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not (self.out_of_range or self.repeated or self.late)

    def broken_groups(self) -> list[int]:
        """Indexes of the groups that hold a fault."""
        letters = {name for name, *_ in self.late}
        bad = []
        for i, group in enumerate(self.row.groups):
            if (chr(65 + i) in letters or any(v in self.repeated for v in group)
                    or any(v in self.out_of_range for v in group)):
                bad.append(i)
        return bad

    def reason(self) -> str:
        parts = []
        if self.repeated:
            parts.append(Message("number(s) printed twice: {numbers}",
                                 numbers=", ".join(map(str, self.repeated))).text())
        if self.out_of_range:
            parts.append(Message("number(s) outside 1-{size}: {numbers}", size=self.row.size,
                                 numbers=", ".join(map(str, self.out_of_range))).text())
        for name, x, y, rnd in self.late:
            parts.append(Message("group {name}: {x} and {y} meet in round {round} (after round {early})", name=name,
                                 x=x, y=y, round=rnd, early=self.row.field.early_rounds).text())
        return "; ".join(parts)


def _parse(text: str) -> list[PrintedRow]:
    rows = []
    for raw in text.splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        cells = raw.split("\t")
        line, size, n = int(cells[0]), int(cells[1]), int(cells[2])
        groups = tuple(tuple(int(v) for v in cell.split(",")) for cell in cells[3:] if cell.strip())
        rows.append(PrintedRow(line, size, n, groups))
    return rows


@lru_cache(maxsize=1)
def printed_rows() -> tuple[PrintedRow, ...]:
    """Every printed row, in seed order."""
    text = resources.files(DATA[0]).joinpath(*DATA[1].split("/")).read_text(encoding="utf-8")
    return tuple(_parse(text))


def check_row(row: PrintedRow) -> RowCheck:
    """Check one printed row with the rule checker."""
    result = RowCheck(row)
    seen: set[int] = set()
    for group in row.groups:
        for v in group:
            if not 1 <= v <= row.size:
                result.out_of_range.append(v)
            if v in seen and v not in result.repeated:
                result.repeated.append(v)
            seen.add(v)
    f = row.field
    for i, group in enumerate(row.groups):
        usable = sorted({v for v in group if 1 <= v <= row.size})
        for x, y, rnd in late_pairs(f, usable):
            result.late.append((chr(65 + i), x, y, rnd))
    return result


def repaired(row: PrintedRow) -> PrintedRow:
    """The row with its evident OCR damage repaired (see :data:`OCR_REPAIRS`)."""
    fixes = OCR_REPAIRS.get(row.line)
    if not fixes:
        return row
    groups = tuple(fixes.get(i, g) for i, g in enumerate(row.groups))
    return PrintedRow(row.line, row.size, row.last_rounds, groups)


def replacement(row: PrintedRow) -> tuple[tuple[int, ...], ...]:
    """A valid row close to the printed one: evident OCR damage repaired
    (:func:`repaired`), then :func:`addin.systems.directed.solver.closest_valid`
    (valid printed groups kept, broken ones re-solved with their sizes)."""
    row = repaired(row)
    return tuple(closest_valid(row.field, row.groups))


@lru_cache(maxsize=1)
def shipped_rows() -> tuple[PrintedRow, ...]:
    """The tables the add-in offers: valid printed rows and replacements."""
    return tuple(PrintedRow(r.line, r.size, r.last_rounds, replacement(r)) for r in printed_rows())


def rows_of_size(size=None, printed: bool = False) -> list[PrintedRow]:
    """The rows of the table of ``size`` players (every table when ``size`` is None), printed or shipped.

    The seed prints tables for the even sizes ``2k`` = 6 … 30 only: any other size is refused.
    """
    rows = printed_rows() if printed else shipped_rows()
    if size is None:
        return list(rows)
    sizes = sorted({row.size for row in rows})
    number = as_int(size, "size", None, None)
    if number not in sizes:
        raise TournamentError("The seed has no directed-group table for {size} players: it has tables for "
                              "{low} to {high} players, even numbers only.", size=number, low=sizes[0],
                              high=sizes[-1])
    return [row for row in rows if row.size == number]
