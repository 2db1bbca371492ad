"""A corpus of hostile inputs, by kind of argument (issue 16), for the bad-input harness.

Each entry is ``(label, value, bad)``: ``bad`` says the value must be refused wherever an
argument of that kind is expected; the other entries are odd but may be accepted (a CSV
separated by semicolons, a name starting with ``=``), and must then not break anything.
File entries are builders ``make(folder) -> path`` so that every case gets its own copy.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from openpyxl import Workbook

#: what a number argument may be typed as, on the command line
NUMBERS: list[tuple[str, str, bool]] = [
    ("zero", "0", False), ("minus one", "-1", False), ("fraction", "2.5", True), ("huge", "1e9", False),
    ("NaN", "nan", True), ("infinity", "inf", True), ("text", "abc", True), ("empty", "", False),
    ("date", "2027-03-12", True), ("boolean", "TRUE", True), ("21 digits", "9" * 21, False),
    ("arabic digits", "١٢", False), ("comma fraction", "2,5", True),
]

#: names typed by organisers (stored as text, never run as formulas)
NAMES: list[tuple[str, str, bool]] = [
    ("formula", "=cmd|' /C calc'!A0", False), ("plus", "+33 6 12", False), ("minus", "-Bob", False),
    ("at", "@SUM(A1)", False), ("control characters", "a\x07b\x1bc", False), ("300 characters", "x" * 300, False),
    ("right to left", "\u202eelif.exe", False), ("emoji", "♟️😀", False), ("empty", "", False),
]

Make = Callable[[Path], Path]


def _text(name: str, content: str, encoding: str = "utf-8") -> Make:
    def make(folder: Path) -> Path:
        path = folder / name
        path.write_bytes(content.encode(encoding))
        return path
    return make


def _bytes(name: str, content: bytes) -> Make:
    def make(folder: Path) -> Path:
        path = folder / name
        path.write_bytes(content)
        return path
    return make


def _missing(folder: Path) -> Path:
    return folder / "missing.csv"


def _folder(folder: Path) -> Path:
    path = folder / "a-folder.csv"
    path.mkdir()
    return path


def _big(folder: Path) -> Path:
    path = folder / "big.csv"
    path.write_text("name,rating,club\n" + "".join(f"P{i},1500,C{i % 50}\n" for i in range(100_000)),
                    encoding="utf-8")
    return path


def _foreign_book(folder: Path) -> Path:
    """A workbook from another program: a budget, numbers and a formula, no list of ours."""
    book = Workbook()
    sheet = book.active
    sheet.title = "Budget 2027"
    for row in (["Poste", "Montant"], ["Salle", 350], ["Arbitre", 120], ["Total", "=SUM(B2:B3)"]):
        sheet.append(row)
    book.create_sheet("Feuil2")
    path = folder / "budget.xlsx"
    book.save(path)
    return path


def _empty_book(folder: Path) -> Path:
    path = folder / "empty.xlsx"
    Workbook().save(path)
    return path


def _uncomputed_book(folder: Path) -> Path:
    book = Workbook()
    for row in (["name", "rating", "club"], ["=UPPER(\"ann\")", 1500, "A"], ["Bob", 1600, "B"], ["Cy", 1700, "C"]):
        book.active.append(row)
    path = folder / "formulas.xlsx"
    book.save(path)
    return path


#: list files (players, teams, divisions, results): bad ones must be refused
FILES: list[tuple[str, Make, bool]] = [
    ("missing", _missing, True),
    ("a folder", _folder, True),
    ("empty", _text("empty.csv", ""), True),
    ("blank lines", _text("blank.csv", "\n  \n\n"), True),
    ("header only", _text("header.csv", "name,rating,club\n"), True),
    ("binary", _bytes("binary.csv", bytes(range(256)) * 4), True),
    ("neither UTF-8 nor cp1252", _bytes("latin.csv", b"name,club\n\x81\x8d\x8f,\x90\n"), True),
    ("semicolons", _text("semi.csv", "nom;elo;club\nAnn;1500;A\nBob;1600;B\nCy;1700;A\nDee;1800;B\n"), False),
    ("tabs", _text("tabs.csv", "name\trating\tclub\nAnn\t1500\tA\nBob\t1600\tB\nCy\t1700\tA\nDee\t1800\tB\n"), False),
    ("BOM", _text("bom.csv", "\ufeffname,rating,club\nAnn,1500,A\nBob,1600,B\nCy,1700,A\nDee,1800,B\n"), False),
    ("cp1252", _text("cp.csv", "nom;club\nAnaïs;Nîmes\nBéa;Sète\nCé;Nîmes\nDé;Sète\n", "cp1252"), False),
    ("ragged rows", _text("ragged.csv", "name,rating,club\nAnn\nBob,1600,B,extra,more\n,,\nCy,1700\n"), False),
    ("unclosed quote", _text("quote.csv", 'name,club\n"Ann,A\nBob,B\n'), False),
    ("100,000 rows", _big, True),
    ("fake .xlsx", _text("fake.xlsx", "name,rating\nAnn,1500\n"), True),
    ("zip, not a workbook", _bytes("zip.xlsx", b"PK\x05\x06" + b"\0" * 18), True),
    ("another program's workbook", _foreign_book, True),
    ("empty workbook", _empty_book, True),
    ("formula without value", _uncomputed_book, True),
    ("a .pdf", _text("list.pdf", "%PDF-1.4\n"), True),
]


def _read_only(folder: Path) -> Path:
    locked = folder / "locked"
    locked.mkdir()
    os.chmod(locked, 0o500)
    return locked / "out.xlsx"


def _existing(folder: Path) -> Path:
    path = folder / "existing.xlsx"
    path.write_bytes(b"the organiser's own file")
    return path


def _under_a_file(folder: Path) -> Path:
    blocker = folder / "notes.txt"
    blocker.write_text("a file", encoding="utf-8")
    return blocker / "out.xlsx"


#: output paths, all to be refused (the suffix is put right by the harness where one is needed)
OUTPUTS: list[tuple[str, Make, bool]] = [
    ("missing folder", lambda folder: folder / "no" / "such" / "out.xlsx", True),
    ("a file where a folder should be", _under_a_file, True),
    ("an existing output", _existing, True),
    ("a folder", lambda folder: folder, True),
] + ([("read-only folder", _read_only, True)] if os.geteuid() != 0 else [])  # root writes anywhere
