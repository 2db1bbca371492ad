"""Finding an event's blocks by what they hold, never by where they are assumed to be.

A workbook lives in a spreadsheet: the organiser may insert or delete a row or a column,
sort a block, or move rows. The readers (``sheets/*/reader.py``) therefore check every
block against what it must hold before they read it — its headings, the numbers of its
rows (tables, boards, players), the event's own keys — and either read it where it is, or
refuse with one sentence naming the cell where the sheet no longer matches. A block is
never read shifted: a result is never credited to another game.

The checks here are the shared ones:

* :func:`check_headings` — a heading row holds its labels in its columns (in either
  language): a column inserted, deleted or moved left of or inside the event's columns
  shows here;
* :func:`moved_row` — the sentence for a row that does not hold what the layout put there;
* :func:`check_names` — names sorted apart from their numbers (the workbook's hidden key
  sheet, ``addin.sheets.keys``, remembers each number's name);
* :func:`refuse_faults` — a result or score cell that cannot be read is refused with the
  command that mends it (:func:`result_command`, :func:`score_command`), except the very
  cell the running command overwrites: a mistake is mended from where the refusal sent the
  organiser, without a spreadsheet program.
"""

from __future__ import annotations

from typing import Any, Collection, Mapping, Sequence

from addin.core.cells import Uncomputed, is_blank, show, shown, text
from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.sheets.book import cell
from addin.sheets.model import ref


def labels_of(tables: Mapping[str, Mapping[str, str]], key: str, lang: str | None = None) -> tuple[str, ...]:
    """The label ``key`` in every language of a ``LABELS`` table (``{lang: {key: label}}``), that of
    ``lang`` first (the one a sentence shows)."""
    first = [tables[lang][key]] if lang is not None and lang in tables and key in tables[lang] else []
    return tuple(dict.fromkeys(first + [table[key] for table in tables.values() if key in table]))


def heading_mismatch(rows: Sequence[Sequence[Any]], row: int,
                     headings: Mapping[int, Collection[str]]) -> tuple[int, str, Any] | None:
    """The first ``(column, expected label, found value)`` of ``row`` that is not its heading, or None."""
    for col, labels in sorted(headings.items()):
        value = cell(rows, row, col)
        found = value.formula if isinstance(value, Uncomputed) else text(value)
        if found.casefold() not in {label.casefold() for label in labels}:
            return col, list(labels)[0], value
    return None


def check_headings(rows: Sequence[Sequence[Any]], row: int, headings: Mapping[int, Collection[str]],
                   where: Any) -> None:
    """Refuse when a heading of ``row`` is not in its column (a column inserted, deleted or moved).

    ``headings``: column → the labels accepted there (every language's).
    """
    wrong = heading_mismatch(rows, row, headings)
    if wrong is not None:
        col, label, value = wrong
        raise TournamentError(
            "{where}, cell {cell}: this cell should hold the heading {heading} but holds {found}: a column was "
            "inserted, deleted or moved in this sheet, and its results would be read in the wrong column. Undo that "
            "change (your own columns go right of the event's); nothing was changed.", where=where,
            cell=ref(row, col), heading=show(label), found=shown(value))


def moved_row(where: Any, row: int, expected: Any, found: Any) -> TournamentError:
    """The sentence for row ``row`` that should hold ``expected`` (e.g. "table 3") but holds ``found``."""
    return TournamentError(
        "{where}, row {row}: this row should hold {expected} but holds {found}: a row was inserted, deleted, moved or "
        "sorted here, and the results would be read against the wrong games. Undo that change; nothing was changed.",
        where=where, row=row, expected=expected, found=shown(found))


def stray_row(where: Any, row: int, what: Any) -> TournamentError:
    """The sentence for a row typed inside a block that belongs to none of its entries."""
    return TournamentError(
        "{where}, row {row}: this row inside {what} holds values but belongs to no game of it (was a row inserted "
        "here?). Delete the row or move what you typed right of the event's columns; nothing was changed.",
        where=where, row=row, what=what)


def check_names(known: Mapping[str, str] | None, found: Mapping[str, str], where: Any, what: Any) -> None:
    """Refuse names sorted apart from their numbers.

    ``known``: each number's name when the program last wrote the workbook (the key sheet,
    ``addin.sheets.keys``; None for a workbook made before it: nothing to compare);
    ``found``: each number's name now. Several numbers whose new name is another number's
    old name are a sort that left the numbers behind; a single corrected name is a rename,
    and stays allowed.
    """
    if not known:
        return

    def norm(name: Any) -> str:
        return " ".join(text(name).split()).casefold()

    old = {norm(name): number for number, name in known.items() if not is_blank(name)}
    moved = [number for number, name in found.items()
             if number in known and norm(name) != norm(known[number]) and old.get(norm(name), number) != number]
    if len(moved) >= 2:
        first = moved[0]
        raise TournamentError(
            "{where}: {what} {number} now has the name '{name}', which {what} {other} had when the workbook was last "
            "written: the names were sorted or moved apart from their numbers, and every game would be credited to "
            "someone else. Undo that change (sort whole rows, numbers included); nothing was changed.",
            where=where, what=what, number=first, name=text(found[first]), other=old[norm(found[first])])


def mendable(error: TournamentError, command: Message) -> TournamentError:
    """``error`` (a result or score cell that cannot be read) with the command that overwrites or
    clears that very cell: the organiser mends the workbook from where the refusal sent him."""
    return TournamentError("{problem} Or mend it from the command line: {command}", problem=error.message,
                           command=command)


def refuse_faults(faults: Mapping[Any, TournamentError], mend: Any, command: Any) -> None:
    """Raise the first of ``faults`` (result cells that cannot be read, by key) except the one at
    ``mend`` — the cell the running command overwrites, so its old content does not matter.
    ``command(key)``: the command that mends the cell at ``key`` (a :class:`Message`)."""
    for key, error in faults.items():
        if key != mend:
            raise mendable(error, command(key))


def result_command(name: str, rnd: Any, board: Any) -> Message:
    """The command that types or clears the result of ``board`` of round ``rnd`` in the file ``name``."""
    return Message("appariements result {name} {round} {board} <result> (without <result>: clear it)", name=name,
                   round=rnd, board=board)


def score_command(name: str, rnd: Any, table: Any) -> Message:
    """The command that types or clears the two scores of ``table`` of round ``rnd`` (Formule Combinée)."""
    return Message("appariements score {name} {round} {table} <score> <score> (without scores: clear the table)",
                   name=name, round=rnd, table=table)
