"""Issue 24 (the writer's part): one test per case the issue lists, each failing on the main branch
before the fix (run there from main's folder: ``cd <main> && PYTHONPATH=$PWD python -m pytest
<this worktree>/tests/render/test_write_regressions.py``:
every test fails, for the reason its docstring gives) and passing now.

Only the command line, openpyxl and ``zipfile`` are used (and the CSV writer's own entry point
for the tie-break labels), so that the same file runs against either version. Oracles: the
results typed, read back with openpyxl; the file's bytes before the command; ``zipfile`` for a
whole copy; the TRF files' columns as FIDE's TRF16 and TRF-2026 define them
(``docs/trf.md``; TRF-2026, https://handbook.fide.com/files/handbook/TRF26.pdf: "(blank)
result: equivalent to Z", a zero-point bye).
"""

from __future__ import annotations

import csv
import io
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.fault_child import results_of, run_cli, warm, whole
from openpyxl import load_workbook

from addin.cli import cli
from support.cli import digest, invoke

NAMES = ["Ann", "Ben", "Cal", "Dee", "Eli", "Fay"]


def event(folder: Path, players: int = 6) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "p.csv").write_text("name\n" + "".join(f"{n}\n" for n in NAMES[:players]), encoding="utf-8")
    out = folder / "ev.xlsx"
    assert invoke("berger", players, "--names", folder / "p.csv", "--lang", "en", "-o", out).exit_code == 0
    (folder / "p.csv").unlink()
    return out


def copies(folder: Path, event_file: Path) -> list[Path]:
    """Every workbook in ``folder`` (and below) but the event itself: the copies kept."""
    return sorted(p for p in folder.rglob("*.xlsx") if p != event_file and not p.name.startswith(".~"))


# -- one writer at a time ----------------------------------------------------------------------

def test_two_result_commands_at_once_both_keep_their_result(tmp_path):
    """Main: both print success and one result is lost (the second writes over the first)."""
    base = event(tmp_path / "base")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    for attempt in range(3):
        path = tmp_path / f"a{attempt}" / "ev.xlsx"
        path.parent.mkdir()
        path.write_bytes(base.read_bytes())
        procs = [subprocess.Popen([sys.executable, "-m", "addin", "result", str(path), "3", str(board), "1-0"],
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT) for board in (1, 2)]
        for proc in procs:
            proc.communicate(timeout=300)
        assert [p.returncode for p in procs] == [0, 0]
        assert results_of(path) == {(3, 1): "1-0", (3, 2): "1-0"}, attempt


@pytest.mark.parametrize("lock", [".~lock.ev.xlsx#", "~$ev.xlsx"], ids=["LibreOffice", "Excel"])
def test_a_file_open_in_libreoffice_or_excel_is_not_written(tmp_path, lock):
    """Main: the command writes anyway (the spreadsheet's next save then wipes it or is refused)."""
    path = event(tmp_path)
    (tmp_path / lock).write_bytes(b",someone,host,26.11.2026 10:00,file:///x;")
    before = path.read_bytes()
    result = invoke("result", path, 1, 1, "1-0")
    assert result.exit_code == 2 and "is open in" in result.output
    assert path.read_bytes() == before


# -- backups that help ---------------------------------------------------------------------------

def test_a_full_disk_during_the_backup_is_one_sentence_and_leaves_no_partial_copy(tmp_path):
    """Main: a traceback (OSError from the backup copy) and a partial ``ev.bak1.xlsx`` left."""
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("mounting a small disk (tmpfs) needs root: CI runs as root")
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(disk)], capture_output=True,
                             text=True)
    if mounted.returncode:
        pytest.skip(f"this machine does not let root mount a tmpfs: {mounted.stderr.strip()}")
    try:
        path = disk / "ev.xlsx"
        path.write_bytes(event(tmp_path / "base").read_bytes())
        stat = os.statvfs(disk)
        with open(disk / "filler", "wb") as handle:  # room for half a copy
            handle.write(b"\0" * (stat.f_bavail * stat.f_frsize - path.stat().st_size // 2))
        before = path.read_bytes()
        result = CliRunner().invoke(cli, ["result", str(path), "1", "1", "1-0"])
        assert result.exit_code == 2, repr(result.exception)
        assert "full" in result.output
        assert path.read_bytes() == before
        assert copies(disk, path) == []
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_kill_during_the_backup_copy_leaves_no_truncated_copy(tmp_path):
    """Main: a kill after the backup file is opened and before its content is copied leaves a
    truncated ``ev.bak1.xlsx`` for good. Here every workbook left is whole, at every moment."""
    warm()
    base = event(tmp_path / "base")
    dry_folder = tmp_path / "dry"
    dry_folder.mkdir()
    (dry_folder / "ev.xlsx").write_bytes(base.read_bytes())
    dry = run_cli(["result", dry_folder / "ev.xlsx", 1, 1, "1-0"], dry_folder)
    assert dry.status == 0 and dry.calls
    for n in range(1, len(dry.calls) + 1):
        folder = tmp_path / f"k{n}"
        folder.mkdir()
        path = folder / "ev.xlsx"
        path.write_bytes(base.read_bytes())
        killed = run_cli(["result", path, 1, 1, "1-0"], folder, stop_at=(n, "before"), signum=signal.SIGKILL)
        assert killed.status == -signal.SIGKILL, n
        assert whole(path), n
        for copy in copies(folder, path):
            assert whole(copy) and copy.read_bytes() == base.read_bytes(), (n, dry.calls[n - 1], copy.name)


def test_a_stop_signal_is_answered_with_a_sentence(tmp_path):
    """Main: a SIGTERM after the backup exits with status 143 and no word."""
    warm()
    base = event(tmp_path / "base")
    for n, when in ((1, "before"), (3, "after"), (6, "before")):
        folder = tmp_path / f"k{n}"
        folder.mkdir()
        path = folder / "ev.xlsx"
        path.write_bytes(base.read_bytes())
        stopped = run_cli(["result", path, 1, 1, "1-0"], folder, stop_at=(n, when), signum=signal.SIGTERM)
        assert stopped.status == 143
        assert stopped.output.startswith("Stopped (SIGTERM)"), (n, stopped.output)


def test_an_event_keeps_a_bounded_set_of_copies_each_named_where_it_is(tmp_path):
    """Main: every ``result`` keeps one more full copy (a 10-player event left 35)."""
    path = event(tmp_path)
    states = []
    for rnd in (1, 2, 3, 4):
        for board in (1, 2, 3):
            states.append(digest(path))
            result = invoke("result", path, rnd, board, "0-1")
            assert result.exit_code == 0
            named = re.search(r"kept as (\S+)\.\n", result.output).group(1)
            assert digest(path.parent / named) == states[-1]
    assert len(copies(tmp_path, path)) == 10


# -- TRF and CSV -------------------------------------------------------------------------------

def test_the_csv_has_a_label_for_every_tiebreak_the_workbook_computes():
    """Main: ``KeyError: 'SB/C1'`` for 22 of the 29 codes (the CSV's label table knew 7)."""
    from addin.core.players import Player
    from addin.files.standings_csv import standings_csv
    from addin.sheets.roundrobin.cells import TIEBREAK_CODES
    from addin.systems.roundrobin.berger import berger_schedule
    from addin.systems.standings.roundrobin import compute_standings

    assert len(TIEBREAK_CODES) == 29
    schedule = berger_schedule(4)
    players = [Player(i, f"P{i}", 2000 + i) for i in range(1, 5)]
    for lang in ("fr", "en"):
        for start in range(0, 29, 4):
            codes = TIEBREAK_CODES[start:start + 4]
            standings = compute_standings(schedule, {(1, 1): "1-0", (1, 2): "1/2-1/2"}, codes,
                                          ratings={p.number: p.rating for p in players})
            header = next(csv.reader(io.StringIO(standings_csv(standings, players, lang, codes))))
            labels = header[11:-1]
            assert len(labels) == len(codes) and all(label.strip() for label in labels)
            assert all(label != code for label, code in zip(labels, codes) if "/" in code)


def test_export_trf_csv_with_a_modified_tiebreak(tmp_path):
    """Main: a traceback, ``KeyError: 'SB/C1'``."""
    (tmp_path / "p.csv").write_text("name\n" + "".join(f"{n}\n" for n in NAMES[:4]), encoding="utf-8")
    out = tmp_path / "ev.xlsx"
    assert invoke("berger", 4, "--names", tmp_path / "p.csv", "--tiebreaks", "SB/C1,KS/L+1,ARO/M1,PS/C2",
                  "-o", out).exit_code == 0
    result = invoke("export-trf", out, "-o", tmp_path / "ev.trf", "--csv", tmp_path / "s.csv")
    assert result.exit_code == 0, result.output
    header = next(csv.reader(io.StringIO((tmp_path / "s.csv").read_text(encoding="utf-8"))))
    assert len(header) == 11 + 4 + 1


def trf_line(rank: int, name: str, title: str = "", blocks: tuple[str, ...] = ()) -> str:
    """A TRF16 player line, field by field at FIDE's columns (5-8 rank, 10 sex, 11-13 title, 15-47 name,
    86-89 rank, round blocks of 10 columns from 92)."""
    line = [" "] * 89
    for column, text in ((1, "001"), (5, f"{rank:4d}"), (10, "m"), (11, title), (15, name), (81, " 0.0"),
                         (86, f"{rank:4d}")):
        line[column - 1:column - 1 + len(text)] = list(text)
    return "".join(line) + "".join(f"  {block}" for block in blocks)


# 4 players, Berger round 1 (C.05 Annex 1): 1-4 and 2-3; player 1 wins, 2 and 3 draw
ROUND_1 = {1: "0004 w 1", 2: "0003 w =", 3: "0002 b =", 4: "0001 b 0"}


def write_trf(path: Path, header: list[str], titles=("", "", "", "")) -> Path:
    lines = header + [trf_line(r, f"Player {r}", titles[r - 1], (ROUND_1[r],)) for r in (1, 2, 3, 4)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_an_imported_202_record_of_more_than_four_codes_names_those_left_out(tmp_path):
    """Main: cut to four without a word."""
    trf = write_trf(tmp_path / "e.trf", ["012 Open", "202 DE,SB,WIN,KS,BPG,WON"])
    result = invoke("import-trf", trf, "-o", tmp_path / "ev.xlsx", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "BPG" in result.output and "WON" in result.output


def test_lowercase_trf16_titles_are_read(tmp_path):
    """Main: refused ("the title g is not a FIDE title"), though FIDE's checker reads them."""
    trf = write_trf(tmp_path / "e.trf", ["012 Open"], titles=("g", "m", "wg", "f"))
    result = invoke("import-trf", trf, "-o", tmp_path / "ev.xlsx", "--lang", "en")
    assert result.exit_code == 0, result.output
    sheet = load_workbook(tmp_path / "ev.xlsx")["Players"]
    header = [c.value for c in sheet[1]]
    titles = [sheet.cell(row, header.index("Title") + 1).value for row in (2, 3, 4, 5)]
    assert titles == ["GM", "IM", "WGM", "FM"]


def test_the_export_writes_back_the_dates_and_the_xxr_record_it_read(tmp_path):
    """Main: the exported file has no 042, 052 or XXR, though the imported one had them."""
    trf = write_trf(tmp_path / "e.trf", ["012 Open", "042 2025/03/01", "052 2025/03/03", "XXR 6"])
    assert invoke("import-trf", trf, "-o", tmp_path / "ev.xlsx", "--lang", "en").exit_code == 0
    assert invoke("export-trf", tmp_path / "ev.xlsx", "-o", tmp_path / "back.trf").exit_code == 0
    lines = (tmp_path / "back.trf").read_text(encoding="utf-8").splitlines()
    assert {"042 2025/03/01", "052 2025/03/03", "XXR 6"} <= set(lines)


def test_an_unfinished_event_is_exported_without_blank_future_rounds(tmp_path):
    """Main: rounds 2 and 3 (not played) are written with blank results, which TRF16 and TRF-2026 read
    as zero-point byes (absences). Here each player line stops after round 1."""
    trf = write_trf(tmp_path / "e.trf", ["012 Open"])
    assert invoke("import-trf", trf, "-o", tmp_path / "ev.xlsx", "--lang", "en").exit_code == 0
    assert invoke("export-trf", tmp_path / "ev.xlsx", "-o", tmp_path / "back.trf").exit_code == 0
    players = [line for line in (tmp_path / "back.trf").read_text(encoding="utf-8").splitlines()
               if line.startswith("001")]
    assert len(players) == 4
    for line in players:
        rank = int(line[4:8])
        assert line[91:] == ROUND_1[rank], line
