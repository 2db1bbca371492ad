"""``appariements demo``: write example files built from embedded sample data.

Each product registers a builder in :data:`addin.events.demo.DEMOS`; this command
runs them all into one folder (the README's first quick-start command).
"""

from __future__ import annotations

from pathlib import Path

import click

from addin.core.messages import Message

from addin.events.demo import DEMOS, check_folder
from addin.cli.common import write_atomic
from addin.render.output import make_folder


@click.command("demo")
@click.option("-o", "--output", "folder", type=click.Path(path_type=Path), default=Path("examples"),
              show_default=True, help="Folder to write the examples into (created if missing).")
@click.option("--force", is_flag=True, help="Overwrite example files that already exist.")
def demo_command(folder: Path, force: bool) -> None:
    """Write example schedules and event workbooks with sample players."""
    make_folder(folder)
    check_folder(folder, force)
    for name, build in DEMOS:
        write_atomic(folder / name, build, force=True)
        click.echo(Message("Wrote {path}", path=folder / name).text())


def register(cli: click.Group) -> None:
    cli.add_command(demo_command)
