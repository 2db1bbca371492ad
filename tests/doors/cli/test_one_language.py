"""One language per run (issue 26): every command, every help page and every refusal of the
bad-input harness, in French and in English, shows no word of the other language and no
internal identifier (``tests/support/language.py`` holds the tell-tale words).

* every help text of the command line (command, option, argument) has its French in the
  catalogue — a command added later is checked as soon as it is loaded;
* every help page (``--help``) of every command, in both languages;
* every valid call of the harness (``tests/support/bad_input_harness.py``), in both languages: what it
  prints (tables, summaries, warnings);
* every hostile case of the harness in French (the harness itself runs them in English and
  checks the English refusals the same way): each refusal's sentence.

The counts of refusals checked per language are printed (``pytest -s``) for the closing note.
"""

from __future__ import annotations

import inspect
from collections import Counter

import click
import pytest
from click.testing import CliRunner

from addin.cli import cli, load_commands
from addin.core.messages import catalogue
import support.bad_input_harness as harness
from support.language import foreign_words, identifiers

LANGS = ("fr", "en")
CHECKED: Counter[str] = Counter()  # refusals checked, per language


def _commands(command: click.Command, path: tuple = ()):
    yield path, command
    if isinstance(command, click.Group):
        for name, sub in sorted(command.commands.items()):
            yield from _commands(sub, path + (name,))


COMMAND_PATHS = [path for path, _ in _commands(load_commands())]


def _help_texts(command: click.Command) -> list[str]:
    texts = [inspect.cleandoc(command.help)] if command.help else []
    for param in command.params:
        if isinstance(param, click.Option) and param.help:
            texts.append(param.help)
        if isinstance(param, click.Argument):
            texts.append(param.metavar or param.name.upper())
        if isinstance(param, click.Option) and param.metavar:
            texts.append(param.metavar)
    return texts


def test_every_help_text_has_its_french():
    """A command added later gets its French from the catalogue or fails here (docs/developing.md)."""
    french = getattr(catalogue("fr"), "_catalog", {})
    missing = sorted({(" ".join(path), text) for path, command in _commands(load_commands())
                      for text in _help_texts(command) if not french.get(text)})
    assert missing == []


def _run(argv, lang, monkeypatch):
    monkeypatch.setenv("APPARIEMENTS_LANG", lang)
    # wide pages: click would otherwise cut an option's name at its hyphen (--to-|round)
    return CliRunner().invoke(cli, argv, prog_name="appariements", terminal_width=200, max_content_width=200)


#: words the organiser types as values (the SIDE of ``absent``, the choices of every option), and the commands
TYPED_WORDS = ("white", "black", "home", "away", "both", "none")


def _typed(command: click.Command) -> tuple[str, ...]:
    out = list(TYPED_WORDS) + [name for path in COMMAND_PATHS for name in path]
    for param in command.params:
        out += [str(c) for c in getattr(param.type, "choices", ())]
    return tuple(out)


def _check(text: str, lang: str, typed=()) -> None:
    assert foreign_words(text, lang, tuple(typed)) == [], text
    assert identifiers(text, tuple(typed)) == [], text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", COMMAND_PATHS, ids=lambda p: " ".join(p) or "appariements")
def test_every_help_page_speaks_one_language(path, lang, monkeypatch):
    result = _run([*path, "--help"], lang, monkeypatch)
    assert result.exit_code == 0, result.output
    command = load_commands()
    for name in path:
        command = command.commands[name]
    _check(result.output, lang, _typed(command))


def test_the_command_list_is_translated_in_a_fresh_run(tmp_path):
    """The commands are loaded when listed (addin.cli.COMMAND_MODULES): their short help is translated all the same."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "APPARIEMENTS_LANG": "fr"}
    done = subprocess.run([sys.executable, "-c", "from addin.cli import main; main()", "--help"], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert catalogue("fr").gettext("Rebuild EVENT's sheets from what is typed in it (player list, settings, results), "
                                   "keeping every result.")[:30] in done.stdout
    _check(done.stdout, "fr", _typed(load_commands()))


def test_lang_on_the_command_line_chooses_the_help_wherever_it_is(monkeypatch):
    english = _run(["berger", "--help", "--lang", "en"], "fr", monkeypatch).output
    french = _run(["berger", "--lang", "fr", "--help"], "en", monkeypatch).output
    assert english.startswith("Usage: appariements berger")
    assert french.startswith(catalogue("fr").gettext("Usage:") + " appariements berger")
    assert french != english


VALID = [c for c in harness.COMMANDS if harness._slot(c)[1].base is not None]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", VALID, ids=lambda c: " ".join(a if isinstance(a, str) else a.base for a in c))
def test_every_command_speaks_one_language(command, lang, sources, tmp_path, monkeypatch):
    harness._copy_sources(sources, tmp_path)
    index, slot = harness._slot(command)
    value = slot.base if slot.kind not in ("file", "event", "output") else str(tmp_path / slot.base)
    argv = harness._argv(command, index, value, tmp_path)
    result = _run(argv, lang, monkeypatch)
    assert result.exit_code == 0, result.output
    spoken = argv[argv.index("--lang") + 1] if "--lang" in argv else lang  # --lang typed decides
    _check(result.stdout + result.stderr, spoken, [a for a in command if isinstance(a, str)])


sources = harness.sources
private_tmp = harness.private_tmp


@pytest.mark.parametrize("case", harness.CASES, ids=[c[0] for c in harness.CASES])
def test_every_refusal_speaks_french(case, sources, tmp_path, private_tmp, monkeypatch):
    name, command, index, entry = case
    folder = tmp_path / "case"
    folder.mkdir()
    harness._copy_sources(sources, folder)
    value = harness._value(command[index], entry, folder)
    try:
        result = _run(harness._argv(command, index, value, folder), "fr", monkeypatch)
    finally:
        harness.unlock(folder)
    if result.exit_code != 2:
        return
    CHECKED["fr"] += 1
    verb = load_commands()
    for name in (a for a in command[:2] if isinstance(a, str)):
        verb = verb.commands.get(name, verb) if isinstance(verb, click.Group) else verb
    _check(result.stderr, "fr", harness.typed_values(command, value) + _typed(verb) + harness.FILE_WORDS
           + harness.sheet_names(sources))


def test_the_refusals_checked(capsys):
    """Refusals checked per language, quoted in the closing note of issue 26."""
    CHECKED["en"] = harness.CHECKED_EN["en"]
    with capsys.disabled():
        print(f"\none language per run: refusals checked — French {CHECKED['fr']}, English {CHECKED['en']}; "
              f"help pages {len(COMMAND_PATHS)} × 2; valid calls {len(VALID)} × 2")


def test_help_texts_state_the_limits_the_code_holds():
    """Help texts are plain catalogue texts (no f-string): the numbers they quote are checked here."""
    from addin.events.roundrobin import LARGE_EVENT
    from addin.systems.molter.model import MAX_TEAMS

    commands = dict(load_commands().commands)
    large = next(p for p in commands["berger"].params if p.name == "large")
    assert f"more than {LARGE_EVENT} players" in large.help
    for name in ("molter", "molter-table"):
        teams = next(p for p in commands[name].params if p.name in ("teams", "teams_arg"))
        assert f"(3 to {MAX_TEAMS})" in teams.help


def test_a_full_disk_is_said_in_the_organiser_s_language(tmp_path, monkeypatch):
    """The system's own English ("No space left on device") never reaches a sentence: our catalogue's does."""
    import errno
    import os

    real = os.replace

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    for lang, words in (("fr", "est plein"), ("en", "is full")):
        result = _run(["berger", "4", "--event", "-o", str(tmp_path / f"{lang}.xlsx")], lang, monkeypatch)
        assert result.exit_code == 2 and words in result.stderr, result.output
        assert "No space left" not in result.stderr
        _check(result.stderr, lang)
    monkeypatch.setattr(os, "replace", real)


def test_a_command_on_a_workbook_speaks_the_workbook_s_language_unless_told(tmp_path, monkeypatch):
    """No --lang, no APPARIEMENTS_LANG: an English workbook is answered in English (issue 26: export-trf said
    "Écrit" for an English workbook), its refusals too; --lang still decides."""
    event = tmp_path / "event.xlsx"
    assert _run(["berger", "4", "--event", "--lang", "en", "-o", str(event)], "en", monkeypatch).exit_code == 0
    for name in ("APPARIEMENTS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    run = lambda *args: CliRunner().invoke(cli, [str(a) for a in args], prog_name="appariements")  # noqa: E731
    done = run("export-trf", event, "-o", tmp_path / "e.trf", "--csv", tmp_path / "e.csv")
    assert done.exit_code == 0 and done.output.startswith("Wrote "), done.output
    assert (tmp_path / "e.csv").read_text(encoding="utf-8").startswith("Rank,")
    done = run("withdraw", event, "2")
    assert done.exit_code == 0 and done.output.startswith("Player 2 is marked withdrawn."), done.output
    refused = run("withdraw", event, "9", "--from-round", "2")
    assert refused.exit_code == 2 and refused.stderr.startswith("Error: "), refused.output
    french = run("reinstate", event, "2", "--lang", "fr")
    assert french.exit_code == 0 and french.output.startswith(
        catalogue("fr").gettext("Player {number} is no longer withdrawn.").format(number=2)), french.output
    fr_csv = run("export-trf", event, "-o", tmp_path / "f.trf", "--csv", tmp_path / "f.csv", "--lang", "fr")
    assert fr_csv.exit_code == 0 and not (tmp_path / "f.csv").read_text(encoding="utf-8").startswith("Rank,")


LABEL_TABLES = ("addin.files.standings_csv", "addin.sheets.scheveningen.labels", "addin.sheets.combinee.labels",
                "addin.sheets.roundrobin.labels", "addin.sheets.league.calendar", "addin.sheets.league.labels",
                "addin.sheets.molter.labels")


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


@pytest.mark.parametrize("module", LABEL_TABLES)
def test_every_label_table_speaks_its_language(module):
    """Sheet labels and CSV headers (the label tables the workbooks are written from): the French table has no
    English word, the English table no French one (a template's {fields} are not words)."""
    import importlib
    import re

    labels = importlib.import_module(module).LABELS
    checked = 0
    for lang in LANGS:
        for text in _strings(labels[lang]):
            text = re.sub(r"\{[^{}]*\}", " ", text)
            assert foreign_words(text, lang) == [] and identifiers(text) == [], (lang, text)
            checked += 1
    assert checked > 10
