"""Faults around a write: commands at once, a kill or a stop at any moment, a full disk, a read-only
file, lock files, a file saved by another program meanwhile.

Oracles, all independent of the code under test: the results each command typed (a model: the
union of what the commands were asked), read back from the workbook with openpyxl (the Rounds
sheet's cells, not the project's reader); ``zipfile`` for a whole file; the bytes of the file
before the command; the exit status and the sentence printed. Commands run through the real
entry point (``addin.cli.main``) in forked children (``fault_child.py``), which can be stopped at
every moment of the backup copy and of the write (each built-in call that touches the disk,
just before and just after it).
"""

from __future__ import annotations

import multiprocessing
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.fault_child import moments, results_of, run_cli, warm, whole

from addin.core.errors import TournamentError
from addin.events.dispatch import use_case
from addin.render import backups, sharing
from addin.render.backups import KEEP, versions
from addin.render.file_book import FileBook
from support.cli import digest, invoke

NAMES = ["Ann", "Ben", "Cal", "Dee", "Eli", "Fay"]


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """A 6-player round-robin event (3 boards a round), no result yet."""
    folder = tmp_path_factory.mktemp("base")
    (folder / "p.csv").write_text("name\n" + "".join(f"{n}\n" for n in NAMES), encoding="utf-8")
    assert invoke("berger", 6, "--names", folder / "p.csv", "--lang", "en", "-o", folder / "ev.xlsx").exit_code == 0
    return folder / "ev.xlsx"


def fresh(base: Path, folder: Path, name: str = "ev.xlsx") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    shutil.copyfile(base, path)
    return path


def leftovers(folder: Path) -> list[str]:
    """Temporary files, lock files and copies that are not previous versions, in ``folder`` and its backups."""
    out = []
    for path in folder.rglob("*"):
        name = path.name
        if name.startswith(".~appariements-") or name.startswith(".~lock") or ".bak" in name:
            out.append(str(path.relative_to(folder)))
    return out


# -- several commands at once ------------------------------------------------------------

def _command(argv, go):  # a forked child (warm: fault_child.warm), started when ``go`` is set
    go.wait()
    from addin.cli import main

    main([str(a) for a in argv])


@pytest.mark.parametrize("boards", [(1, 2), (1, 2, 3)], ids=["two", "three"])
def test_commands_at_once_all_keep_their_result(base, tmp_path, boards):
    """Two or three `result` commands on one file at the same moment, 20 times: every result kept (the
    second waits for the first), each told where the previous version is, nothing left behind."""
    warm()
    ctx = multiprocessing.get_context("fork")
    codes = {1: "1-0", 2: "0-1", 3: "1/2-1/2"}
    for attempt in range(20):
        path = fresh(base, tmp_path / str(attempt))
        go = ctx.Event()
        children = [ctx.Process(target=_command, args=(["result", path, 1, b, codes[b]], go)) for b in boards]
        for child in children:
            child.start()
        go.set()
        for child in children:
            child.join(120)
        assert [c.exitcode for c in children] == [0] * len(boards), attempt
        assert results_of(path) == {(1, b): codes[b] for b in boards}, attempt
        assert len(versions(path)) == len(boards) and all(whole(v) for v in versions(path))
        assert leftovers(path.parent) == []


def test_commands_at_once_through_the_installed_program(base, tmp_path):
    """The same through `python -m addin` (interpreter start-up included): both results kept."""
    path = fresh(base, tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    procs = [subprocess.Popen([sys.executable, "-m", "addin", "result", str(path), "2", str(b), "1-0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for b in (1, 2)]
    outs = [p.communicate(timeout=300)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert results_of(path) == {(2, 1): "1-0", (2, 2): "1-0"}
    assert leftovers(path.parent) == []


# -- a kill or a stop at any moment of the backup and of the write --------------------------

def _dry_run(base: Path, folder: Path):
    path = fresh(base, folder)
    dry = run_cli(["result", path, 1, 1, "1-0"], folder)
    assert dry.status == 0 and {"fsync", "replace"} <= set(dry.calls), dry
    return dry


def test_a_kill_at_any_moment_leaves_the_file_old_or_new_and_the_copies_whole(base, tmp_path):
    dry = _dry_run(base, tmp_path / "dry")
    # between "after call n" and "before call n+1" the disk does not change: one of them is enough for a kill
    points = [k for k in moments(dry) if k[1] == "before"] + [(len(dry.calls), "after")]
    assert len(points) >= 20
    outcomes = {"old": 0, "new": 0}
    for k in points:
        folder = tmp_path / f"k{k[0]}{k[1]}"
        path = fresh(base, folder)
        old = path.read_bytes()
        killed = run_cli(["result", path, 1, 1, "1-0"], folder, stop_at=k, signum=signal.SIGKILL)
        assert killed.status == -signal.SIGKILL, (k, killed)
        if path.read_bytes() == old:
            outcomes["old"] += 1
        else:
            assert whole(path) and results_of(path) == {(1, 1): "1-0"}, k
            outcomes["new"] += 1
        kept = list(backups.folder_of(path).glob("*")) if backups.folder_of(path).exists() else []
        for copy in kept:  # a previous version is whole and is the file before; else a temporary file
            if copy.name.startswith(".~appariements-"):
                continue
            assert copy in versions(path) and copy.read_bytes() == old, (k, copy.name)
        if k[0] % 3 and k != points[-1]:
            continue
        # the next command finds the dead run's lock stale and its temporary files gone, and works
        after = run_cli(["result", path, 1, 2, "0-1"], folder)
        assert after.status == 0, (k, after.output)
        assert results_of(path)[(1, 2)] == "0-1"
        assert leftovers(folder) == [], k
        assert all(whole(v) for v in versions(path))
    assert outcomes["old"] and outcomes["new"], outcomes


def test_a_stop_signal_at_any_moment_says_what_was_written(base, tmp_path):
    """SIGTERM: exit status 143 and one sentence; the file old (the sentence: nothing written) or new
    (the sentence: written whole, where the previous version is); nothing left behind."""
    dry = _dry_run(base, tmp_path / "dry")
    points = moments(dry)[::2]
    seen = set()
    for k in points:
        folder = tmp_path / f"k{k[0]}{k[1]}"
        path = fresh(base, folder)
        old = path.read_bytes()
        stopped = run_cli(["result", path, 1, 1, "1-0"], folder, stop_at=k, signum=signal.SIGTERM)
        assert stopped.status == 128 + signal.SIGTERM, (k, stopped)
        assert "Traceback" not in stopped.output
        if path.read_bytes() == old:
            assert "Stopped (SIGTERM): nothing was written" in stopped.output, (k, stopped.output)
            assert versions(path) == []
            seen.add("old")
        else:
            assert results_of(path) == {(1, 1): "1-0"}
            copy = versions(path)[-1]
            assert f"after writing {path} whole; the previous version of ev.xlsx is kept as " \
                   f"ev.backups/{copy.name}" in stopped.output, (k, stopped.output)
            assert copy.read_bytes() == old
            seen.add("new")
        assert leftovers(folder) == [], (k, leftovers(folder))
    assert seen == {"old", "new"}


# -- a full disk, a read-only file -----------------------------------------------------------

def _mount_tmpfs(folder: Path, size_kb: int) -> None:
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("mounting a small disk (tmpfs) needs root: CI runs as root")
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(folder)],
                          capture_output=True, text=True)
    if done.returncode:
        pytest.skip(f"this machine does not let root mount a tmpfs: {done.stderr.strip()}")


def _unmount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(folder: Path, leave: int) -> None:
    """Fill the disk of ``folder`` so that ``leave`` bytes stay free."""
    stat = os.statvfs(folder)
    free = stat.f_bavail * stat.f_frsize
    with open(folder / "filler", "wb") as handle:
        handle.write(b"\0" * max(0, free - leave))
    stat = os.statvfs(folder)
    assert abs(stat.f_bavail * stat.f_frsize - leave) <= 8192


@pytest.mark.parametrize("room", ["no room for the copy", "room for the copy only"])
def test_a_full_disk_is_one_sentence_and_changes_nothing(base, tmp_path, room):
    disk = tmp_path / "disk"
    _mount_tmpfs(disk, 4096)  # the event (about 0.45 MB with the Lite code it carries), its copy and the new file
    try:
        path = fresh(base, disk)
        size = path.stat().st_size
        _fill(disk, size // 2 if room == "no room for the copy" else size + size // 2)
        before = path.read_bytes()
        result = invoke("result", path, 1, 1, "1-0")
        assert result.exit_code == 2, result.output
        assert f"The disk holding {path} is full: nothing was changed" in result.output
        assert path.read_bytes() == before and versions(path) == []
        assert not backups.folder_of(path).exists()
        assert leftovers(disk) == []
        (disk / "filler").unlink()  # space again: the same command works
        assert invoke("result", path, 1, 1, "1-0").exit_code == 0 and results_of(path) == {(1, 1): "1-0"}
    finally:
        _unmount(disk)


def test_a_read_only_file_is_refused_and_left_alone(base, tmp_path):
    if os.name == "posix" and os.geteuid() == 0:  # root writes any file: a read-only disk then
        disk = tmp_path / "disk"
        _mount_tmpfs(disk, 1024)
        path = fresh(base, disk)
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        words = "read-only"
    else:
        path = fresh(base, tmp_path / "ro")
        path.chmod(0o444)
        path.parent.chmod(0o555)
        disk, words = None, "no permission"
    try:
        before = path.read_bytes()
        result = invoke("result", path, 1, 1, "1-0")
        assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output, result.output
        assert path.read_bytes() == before and versions(path) == []
    finally:
        if disk is not None:
            _unmount(disk)
        else:
            path.parent.chmod(0o755)


# -- lock files -----------------------------------------------------------------------------

@pytest.mark.parametrize("program, lock, content, who", [
    ("LibreOffice", ".~lock.ev.xlsx#", b",jeanne,salle-1,26.11.2026 10:12,file:///home/jeanne/.config/libreoffice/4;",
     "jeanne@salle-1"),
    ("LibreOffice", ".~lock.ev.xlsx#", "Jeanne Arbitre,jeanne,salle-1,26.11.2026 10:12,file:///x;".encode(),
     "Jeanne Arbitre@salle-1"),
    ("Excel", "~$ev.xlsx", bytes([6]) + b"Jeanne" + b"\0" * 40, "Jeanne"),
    ("Excel", "~$ev.xlsx", b"", ""),
])
def test_a_file_open_in_a_spreadsheet_is_not_written(base, tmp_path, program, lock, content, who):
    path = fresh(base, tmp_path)
    (tmp_path / lock).write_bytes(content)
    before = path.read_bytes()
    result = invoke("result", path, 1, 1, "1-0")
    assert result.exit_code == 2, result.output
    assert f"ev.xlsx is open in {program}" in result.output and f"delete the lock file {lock}" in result.output
    if who:
        assert f"(by {who})" in result.output
    assert path.read_bytes() == before and versions(path) == []
    (tmp_path / lock).unlink()  # closed: the command works
    assert invoke("result", path, 1, 1, "1-0").exit_code == 0


def _hold(path: str, ready, release) -> None:
    claim = sharing.Claim(Path(path))
    ready.set()
    release.wait(60)
    claim.release()


def test_a_command_waits_for_another_then_gives_up_with_a_sentence(base, tmp_path, monkeypatch):
    path = fresh(base, tmp_path)
    ctx = multiprocessing.get_context("fork")
    ready, release = ctx.Event(), ctx.Event()
    holder = ctx.Process(target=_hold, args=(str(path), ready, release))
    holder.start()
    try:
        assert ready.wait(30)
        assert sharing.lock_path(path).exists()
        monkeypatch.setattr(sharing, "LOCK_WAIT", 1.5)
        before, start = path.read_bytes(), time.monotonic()
        result = invoke("result", path, 1, 1, "1-0")
        assert time.monotonic() - start >= 1.5
        assert result.exit_code == 2, result.output
        assert f"ev.xlsx is being changed by another appariements command (process {holder.pid})" in result.output
        assert f"delete {sharing.lock_path(path).name}" in result.output
        assert path.read_bytes() == before
        # the holder finishes while a command waits: the command goes on
        monkeypatch.setattr(sharing, "LOCK_WAIT", 60)
        releaser = ctx.Process(target=_later, args=(release, 1.0))
        releaser.start()
        assert invoke("result", path, 1, 1, "1-0").exit_code == 0
        releaser.join()
    finally:
        release.set()
        holder.join(30)
    assert results_of(path) == {(1, 1): "1-0"} and not sharing.lock_path(path).exists()


def _later(event, seconds: float) -> None:
    time.sleep(seconds)
    event.set()


def _die_holding(path: str) -> None:
    claim = sharing.Claim(Path(path))
    os.kill(os.getpid(), signal.SIGKILL)
    claim.release()  # never reached


def test_the_lock_of_a_dead_command_is_taken_over(base, tmp_path):
    path = fresh(base, tmp_path)
    dead = multiprocessing.get_context("fork").Process(target=_die_holding, args=(str(path),))
    dead.start()
    dead.join(30)
    assert dead.exitcode == -signal.SIGKILL and sharing.lock_path(path).exists()
    start = time.monotonic()
    assert invoke("result", path, 1, 1, "1-0").exit_code == 0
    assert time.monotonic() - start < 30
    assert results_of(path) == {(1, 1): "1-0"} and not sharing.lock_path(path).exists()


# -- a file saved by another program while a command runs -----------------------------------

def test_a_file_changed_after_it_was_read_is_not_overwritten(base, tmp_path):
    path = fresh(base, tmp_path)
    other = fresh(base, tmp_path / "other")
    assert invoke("result", other, 2, 3, "0-1").exit_code == 0  # what "LibreOffice" saves meanwhile
    book = FileBook(path)
    book.values("Rounds")
    shutil.copyfile(other, path)
    saved = path.read_bytes()
    with pytest.raises(TournamentError, match="ev.xlsx was changed by another program while this command ran"):
        use_case(book, "set_result")(book, 1, 1, "1-0")
    book.close()
    assert path.read_bytes() == saved and versions(path) == []


def test_a_file_saved_during_the_backup_copy_is_not_overwritten(base, tmp_path, monkeypatch):
    path = fresh(base, tmp_path)
    other = fresh(base, tmp_path / "other")
    assert invoke("result", other, 2, 3, "0-1").exit_code == 0
    keep = backups.keep

    def keep_while_saved(target):
        copy = keep(target)
        shutil.copyfile(other, target)  # a spreadsheet saves while the copy is made
        return copy

    monkeypatch.setattr(backups, "keep", keep_while_saved)
    result = invoke("result", path, 1, 1, "1-0")
    assert result.exit_code == 2 and "was changed by another program" in result.output
    assert path.read_bytes() == other.read_bytes()
    assert versions(path) == [] and leftovers(path.parent) == []


# -- the rotating set of previous versions ------------------------------------------------------

def test_an_event_keeps_its_last_ten_versions_each_named_by_its_sentence(base, tmp_path):
    path = fresh(base, tmp_path)
    states = []
    games = [(r, b) for r in (1, 2, 3, 4) for b in (1, 2, 3)]
    for rnd, board in games:
        states.append(digest(path))
        result = invoke("result", path, rnd, board, "1-0")
        assert result.exit_code == 0
        named = re.search(r"The previous version is kept as (\S+)\.\n", result.output).group(1)
        assert digest(path.parent / named) == states[-1]
    kept = versions(path)
    assert len(kept) == KEEP == 10
    assert [digest(v) for v in kept] == states[-KEEP:]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ev.backups", "ev.xlsx"]
    assert results_of(path) == {g: "1-0" for g in games}


# -- a real LibreOffice in the loop ----------------------------------------------------------------

@pytest.mark.libreoffice
def test_an_event_open_in_libreoffice_is_left_to_it_then_written_after_it_saved(base, tmp_path, office):
    """LibreOffice (UNO, headless) opens the event: a command refuses it, naming LibreOffice and its lock
    file; the organiser types a result there, saves and closes; the same command then keeps both."""
    path = fresh(base, tmp_path)
    book = office.open(path)
    lock = tmp_path / ".~lock.ev.xlsx#"
    assert lock.exists()
    before = path.read_bytes()
    result = invoke("result", path, 1, 2, "0-1")
    assert result.exit_code == 2 and "ev.xlsx is open in LibreOffice" in result.output, result.output
    assert f"delete the lock file {lock.name}" in result.output
    assert path.read_bytes() == before
    book.type("Rounds", "E3", "1-0")  # round 1, board 1 (row 2 is the title "Round 1"): typed in LibreOffice
    book.save()
    book.close()
    assert not lock.exists()
    result = invoke("result", path, 1, 2, "0-1")
    assert result.exit_code == 0, result.output
    assert results_of(path) == {(1, 1): "1-0", (1, 2): "0-1"}


def test_a_file_that_cannot_be_read_is_one_sentence(base, tmp_path, monkeypatch):
    """An unreadable file (no permission: root reads everything, so the refusal is simulated at the read)."""
    path = fresh(base, tmp_path)

    def refuse(_path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(sharing, "fingerprint", refuse)
    result = invoke("result", path, 1, 1, "1-0")
    assert result.exit_code == 2 and f"The file {path} cannot be read: permission denied" in result.output
    assert not sharing.lock_path(path).exists() and versions(path) == []


@pytest.mark.parametrize("clock", ["frozen", "set back"])
def test_the_copy_just_kept_is_the_newest_whatever_the_clock(tmp_path, monkeypatch, clock):
    """Twenty copies in one second, or with the clock set back an hour half-way: each copy just
    made is the one a refusal or a sentence names, so it must sort newest and survive the pruning;
    the model is the list of contents in the order they were kept, whose last ``KEEP`` remain."""
    import datetime as real_dt

    start = real_dt.datetime(2026, 11, 26, 14, 32, 5)

    class Clock(real_dt.datetime):
        calls = 0

        @classmethod
        def now(cls, tz=None):
            cls.calls += 1
            if clock == "set back" and cls.calls > 10:
                return start - real_dt.timedelta(hours=1)
            return start

    monkeypatch.setattr(backups._dt, "datetime", Clock)
    path = tmp_path / "ev.xlsx"
    kept_contents = []
    for k in range(20):
        content = f"version {k}".encode()
        path.write_bytes(content)
        copy = backups.keep(path)
        backups.prune(path)
        kept_contents.append(content)
        assert copy.exists() and copy.read_bytes() == content, (k, copy.name)
        assert versions(path)[-1] == copy
    assert [p.read_bytes() for p in versions(path)] == kept_contents[-KEEP:]
