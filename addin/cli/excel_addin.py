"""``appariements excel-addin``: the classic Excel add-in, written, installed or removed in one command."""

from __future__ import annotations

from pathlib import Path

import click

from addin.cli.common import LANG_OPTION, show
from addin.events import excel_addin


@click.command("excel-addin")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write the add-in to this file (.xlam).")
@click.option("--install", "action", flag_value="install",
              help="Put the add-in where Excel opens it at start-up (then restart Excel).")
@click.option("--uninstall", "action", flag_value="uninstall", help="Remove the installed add-in.")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
@LANG_OPTION
def excel_addin_command(output: Path | None, action: str | None, force: bool, lang: str) -> None:
    """The Excel add-in: an Appariements ribbon tab with every button, and the Excel functions in every workbook.

    The ribbon's labels are in the language of --lang (French by default)."""
    if action == "install":
        show(excel_addin.install(lang))
    elif action == "uninstall":
        show(excel_addin.uninstall())
    else:
        show(excel_addin.build(output or Path(excel_addin.ADDIN_NAME), lang, force))


def register(cli: click.Group) -> None:
    cli.add_command(excel_addin_command)
