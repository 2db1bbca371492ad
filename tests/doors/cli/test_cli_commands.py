"""The command line loads a command's module when the command runs (``addin.cli.COMMAND_MODULES``)."""

import subprocess
import sys

import click

from addin.cli import COMMAND_MODULES, load_commands


def test_the_table_names_the_module_of_every_command():
    """Each module's ``register``, run on a group of its own, adds exactly the commands the table
    gives it (``league`` joins the group ``directed`` adds)."""
    import importlib

    found: dict[str, set[str]] = {}
    for module in dict.fromkeys(m for modules in COMMAND_MODULES.values() for m in modules):
        group = click.Group()
        if module == "league":
            group.add_command(click.Group("league"))
        importlib.import_module(f"addin.cli.{module}").register(group)
        for name in group.commands:
            found.setdefault(name, set()).add(module)
    assert set(found) == set(COMMAND_MODULES)
    for name, modules in COMMAND_MODULES.items():
        assert set(modules) == found[name], name
    assert set(load_commands().commands) == set(COMMAND_MODULES)


def test_a_command_imports_only_its_own_module(tmp_path):
    """``berger`` writes its table without importing the Molter, league or Scrabble commands."""
    code = ("import sys; from addin.cli import main\n"
            "sys.argv = ['appariements', 'berger', '6', '-o', 'b.csv']\n"
            "try:\n    main()\nexcept SystemExit as stop:\n    assert stop.code in (0, None), stop.code\n"
            "print(sorted(m for m in sys.modules if m.startswith('addin.cli.')))")
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    loaded = eval(run.stdout.strip().splitlines()[-1])
    assert "addin.cli.roundrobin" in loaded
    assert not {"addin.cli.molter_event", "addin.cli.combinee", "addin.cli.league", "addin.cli.directed"} & set(loaded)
    assert (tmp_path / "b.csv").read_text(encoding="utf-8").count("\n") > 15
