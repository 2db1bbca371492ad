"""The bad-input harness of the command line (issue 16): every command and option × a hostile corpus.

Every command line of ``COMMANDS`` is a valid call with one *slot*; the harness puts each
hostile value of the slot's kind (``tests/support/hostile.py``) in the slot and runs the command
in-process (click's runner; ``tests/doors/cli/test_bad_input_cases.py`` adds real subprocess runs).
A refusal must keep the contract:

* exit status 2, exactly one sentence on standard error (``Error: …`` ending in a full stop),
  whose template has its French text in the catalogue; nothing on standard output;
* no file created or changed in the case's folder (hidden files included), no temporary file
  left in the temporary folder;
* under 10 seconds.

A value marked bad in the corpus must be refused; another may be accepted (exit 0) but must not
crash. Every valid call is run once as it stands (exit 0), so that a refusal is the value's
doing. Slots of the commands that rewrite an event workbook (slow when they succeed) get every
bad value and a rotating sample of the others; all other slots get the whole corpus.
The harness prints its counts (``pytest -s``) for the closing note of issue 16.
"""

from __future__ import annotations

import hashlib
from collections import Counter
import os
import random
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

import addin.cli
from addin.cli import cli, load_commands

from addin.core.messages import Message, catalogue
from addin.render.xlsx import write_xlsx
from addin.sheets.molter import molter_event_layout
from addin.sheets.roundrobin import event_layout
from addin.core.players import Player
from addin.systems.molter.event import played_rounds
from addin.systems.molter.tables import molter_table
from addin.sheets.molter.labels import numbered_teams
from addin.systems.roundrobin.berger import berger_schedule
from support.hostile import FILES, NAMES, NUMBERS, OUTPUTS
from support.language import foreign_words, identifiers
from support.combinee_events import build_event_file, fill_scores, players_csv
from support.bad_input_harness import (CASES, CHECKED_EN, COMMANDS, EVENTS, FILE_WORDS, KINDS, _argv, _copy_sources,
                                       _slot, _value, private_tmp, sheet_names, sources, typed_values, unlock)


def _snapshot(folder: Path) -> dict[str, tuple]:
    out = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            stat = path.lstat()
            digest = hashlib.sha1(path.read_bytes()).hexdigest() if path.is_file() else "dir"
            out[str(path.relative_to(folder))] = (digest, stat.st_mode)
    return out


#: sentences refused without a French text (f-string messages left for the French sweep, issue 11)
UNTRANSLATED: Counter[str] = Counter()


class Refusals:
    """The sentences the command line refused with, as messages (to check their translation)."""

    def __init__(self, monkeypatch):
        self.messages: list[Message] = []
        original = addin.cli._refuse

        def record(message, *more):
            self.messages.append(message)
            original(message, *more)

        monkeypatch.setattr(addin.cli, "_refuse", record)


def _untranslated(message: Message) -> list[str]:
    french = getattr(catalogue("fr"), "_catalog", {})
    missing = [] if french.get(message.template) else [message.template]
    for value in message.params.values():
        if isinstance(value, Message):
            missing += _untranslated(value)
    return missing


def _run(argv):
    started = time.perf_counter()
    result = CliRunner().invoke(cli, argv, prog_name="appariements")
    return result, time.perf_counter() - started


@pytest.mark.parametrize("command", [c for c in COMMANDS if _slot(c)[1].base is not None],
                         ids=lambda c: " ".join(a if isinstance(a, str) else a.base for a in c))
def test_every_valid_call_runs(command, sources, tmp_path):
    """The calls the harness starts from are right: a refusal in the harness is the hostile value's."""
    _copy_sources(sources, tmp_path)
    index, slot = _slot(command)
    value = slot.base if slot.kind not in ("file", "event", "output") else str(tmp_path / slot.base)
    result, _ = _run(_argv(command, index, value, tmp_path))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_hostile_value_gets_one_sentence_and_changes_nothing(case, sources, tmp_path, private_tmp, monkeypatch):
    name, command, index, entry = case
    slot = command[index]
    folder = tmp_path / "case"
    folder.mkdir()
    _copy_sources(sources, folder)
    value = _value(slot, entry, folder)
    before = _snapshot(folder)
    refusals = Refusals(monkeypatch)
    try:
        result, seconds = _run(_argv(command, index, value, folder))
    finally:
        unlock(folder)
    assert seconds < 10, f"{name}: {seconds:.1f} s"
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code == 0 or (command[:2] == ["directed", "check"] and result.exit_code == 1
                                 and result.stdout.startswith("FALSE")):  # the answer "no", not a refusal
        assert not entry[2], f"{name}: accepted\n{result.output}"
        return
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.stdout == "", result.stdout
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and lines[0].endswith("."), result.stderr
    for message in refusals.messages:
        UNTRANSLATED.update(_untranslated(message))
    # one language per run (issue 26; tests/doors/cli/test_one_language.py runs the same cases in French)
    assert foreign_words(lines[0], "en", typed_values(command, value) + FILE_WORDS + sheet_names(sources)) == [], \
        lines[0]
    assert identifiers(lines[0], typed_values(command, value)) == [], lines[0]
    CHECKED_EN["en"] += 1
    assert _snapshot(folder) == before
    assert os.listdir(private_tmp) == []


def _command_paths(command: click.Command, path: tuple = ()) -> set[tuple]:
    if isinstance(command, click.Group):
        out = {path} if any(isinstance(p, click.Option) and not p.is_flag and p.name != "lang"  # swept once below
                            for p in command.params) else set()
        for name, sub in command.commands.items():
            out |= _command_paths(sub, path + (name,))
        return out
    return {path}


def test_every_command_of_the_command_line_is_in_the_harness():
    """A new command gets its slots here (``docs/developing.md``, rule 9)."""
    swept = {tuple(a for a in c[:2] if isinstance(a, str) and a in _NAMES) for c in COMMANDS}
    assert _command_paths(load_commands()) - swept == set()


_NAMES = {name for path in _command_paths(load_commands()) for name in path}


def test_the_harness_counts(capsys):
    """Inputs tried and doors covered, quoted in the closing note of issue 16."""
    commands = {" ".join(a for a in c[:3] if isinstance(a, str) and not a[0].isdigit() and "." not in a)
                for c in COMMANDS}
    kinds = {k: len(v) for k, v in KINDS.items()} | {"event": len(EVENTS) + 2}
    with capsys.disabled():
        print(f"\nbad-input harness (command line): {len(CASES)} cases, {len(COMMANDS)} slots "
              f"(command, argument or option), corpus per kind {kinds}")
        if UNTRANSLATED:
            print(f"{len(UNTRANSLATED)} refusals have no French text yet (f-string messages, issue 11):")
            for sentence, count in UNTRANSLATED.most_common():
                print(f"  {count:>3} × {sentence[:110]}")
    # a template with fields and no French text is an omission of the catalogue, not an old f-string
    assert [t for t in UNTRANSLATED if "{" in t] == []
    assert len(CASES) > 500 and len(COMMANDS) > 60
