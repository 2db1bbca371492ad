"""Shared pieces of the command line: the language option, showing an outcome, writing a file."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path
from typing import Callable

import click

from addin.core.messages import chosen_lang, language, set_language, workbook_lang
from addin.events.common import check_macros_output
from addin.render.lite_part import hosted_wheel
from addin.render.output import write_bytes


def _choose_language(ctx, param, value):
    """One language for the run: the workbook's labels and the messages (``--lang``, else the system's locale;
    ``addin.core.messages.workbook_lang``)."""
    set_language(value)
    return value or workbook_lang()


LANG_OPTION = click.option(
    "--lang", type=click.Choice(["fr", "en"]), default=None, callback=_choose_language, is_eager=True,
    help="Language of the workbook labels and of the messages (default: fr, or en on an English system).")


def add_lang_option(command: click.Command) -> None:
    """Give ``command`` the ``--lang`` option if it has none (every command takes it: one language per run)."""
    if any(param.name == "lang" for param in command.params):
        return
    command.params.append(click.Option(
        ["--lang"], type=click.Choice(["fr", "en"]), default=None, callback=_choose_language, is_eager=True,
        expose_value=False, help="Language of the messages (default: fr, or en on an English system)."))


def event_file_options(command):
    """``--macros`` and ``--lite-wheel`` for a command that writes a new event workbook (its ``-o`` is ``output``).

    Put it last, right above the function: the options' values are taken here, the command
    itself never sees them.
    """
    @functools.wraps(command)
    def run(*args, macros: bool, lite_wheel: str | None, **kwargs):
        check_macros_output(kwargs.get("output"), macros)
        with hosted_wheel(lite_wheel):
            return command(*args, **kwargs)

    run = click.option("--lite-wheel", metavar="URL",
                       help="The workbook's xlwings Lite code installs the package from this wheel (https://…whl) "
                            "instead of carrying it (a smaller file).")(run)
    return click.option("--macros", is_flag=True,
                        help="Write a macro-enabled workbook (.xlsm) with the Excel buttons of the event "
                             "(needs Python and xlwings on the computer that runs Excel).")(run)


def show(outcome) -> None:
    """Print what a use case did, one sentence per line (then its listing, if it has one), in the language
    the use case chose (an event workbook's) when the organiser chose none."""
    with language(None if chosen_lang() else getattr(outcome, "lang", None)):
        for line in outcome.lines():
            click.echo(line)
        for line in getattr(outcome, "listing", None) or ():
            click.echo("  " + line.text())


def write_atomic(path: Path, writer: Callable[[Path], object], force: bool = False) -> None:
    """Write ``path`` with ``writer(tmp)`` through ``addin.render.output`` (made aside, then installed whole)."""
    path = Path(path)

    def make() -> bytes:
        with tempfile.TemporaryDirectory(prefix="appariements-") as folder:
            tmp = Path(folder) / ("out" + path.suffix)
            writer(tmp)
            return tmp.read_bytes()

    write_bytes(path, make, force=force)
