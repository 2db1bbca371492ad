"""A command line click cannot parse, told in one sentence in the organiser's language.

click answers a mistyped command line with its usage block and an English sentence
("No such option", "Missing argument", "'x' is not one of …"). The organiser gets instead
one sentence from the catalogue naming what is wrong and where to read the command's help;
a choice or a whole number is checked by ``addin.core.args`` as the Excel functions' arguments
are (same sentences). A click message this module does not know is passed on in English
inside a translated sentence, so nothing is ever lost.
"""

from __future__ import annotations

import re

import click

from addin.core.args import as_choice, as_int
from addin.core.messages import Message
from addin.cli.help import argument_name

_EXTRA = re.compile(r"Got unexpected extra arguments? \((.*)\)")


def _name(param: click.Parameter | None) -> str:
    if param is None:
        return "?"
    if isinstance(param, click.Option):
        return max(param.opts, key=len)
    return argument_name(param)  # as its help shows it, in the organiser's language (JOUEURS)


class _Choice(click.Choice):
    """click's Choice, refused with ``addin.core.args.as_choice``'s sentence."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and value in self.choices:
            return value
        return as_choice(value, _name(param), self.choices)


class _Whole(click.ParamType):
    """A whole number, refused with ``addin.core.args.as_int``'s sentence."""

    name = "integer"

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        return as_int(value, _name(param))


def adjust_types(command: click.Command) -> None:
    """Give ``command``'s choices and whole numbers the catalogue's sentences."""
    for param in command.params:
        if type(param.type) is click.Choice:
            param.type = _Choice(param.type.choices, param.type.case_sensitive)
        elif param.type is click.INT:
            param.type = _Whole()


def usage_sentence(exc: click.ClickException) -> Message:
    """One sentence for a command line click refused (``exc``)."""
    ctx = getattr(exc, "ctx", None)
    command = ctx.command_path if ctx is not None else "appariements"
    if isinstance(exc, click.NoSuchOption):
        if exc.possibilities:
            return Message("{command} has no option {option} (did you mean {suggestion}?): see '{command} --help'.",
                           command=command, option=exc.option_name, suggestion=sorted(exc.possibilities)[0])
        return Message("{command} has no option {option}: see '{command} --help'.", command=command,
                       option=exc.option_name)
    if isinstance(exc, click.BadOptionUsage):
        return Message("The option {option} needs a value.", option=exc.option_name)
    if isinstance(exc, click.MissingParameter):
        return Message("{name} is missing: see '{command} --help'.", command=command, name=_name(exc.param))
    if isinstance(exc, click.BadParameter):
        return Message("The value of {name} is not valid ({detail}): see '{command} --help'.", command=command,
                       name=_name(exc.param), detail=exc.message)
    if getattr(exc, "command_name", None):  # click 8.4's NoSuchCommand
        return Message("{command} has no command {name}: see '{command} --help'.", command=command,
                       name=getattr(exc, "command_name"))
    extra = _EXTRA.fullmatch(exc.message.rstrip("."))
    if extra:
        return Message("{command} does not take {extra}: see '{command} --help'.", command=command,
                       extra=extra.group(1))
    if exc.message.startswith("No such command"):  # click before 8.4
        name = exc.message.split("'")[1] if "'" in exc.message else exc.message
        return Message("{command} has no command {name}: see '{command} --help'.", command=command, name=name)
    if exc.message == "Missing command.":
        return Message("{command} needs a command: see '{command} --help'.", command=command)
    return Message("The command line is not understood ({detail}): see '{command} --help'.", command=command,
                   detail=exc.message)
