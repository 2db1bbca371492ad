"""Every ``--help`` in the organiser's language, through the message catalogue.

A command's help is written once, in English, where click expects it: the command's
docstring, each option's ``help=``, each argument's name (shown upper case, ``PLAYERS``).
``python tools/catalogue.py update`` extracts those texts with the other templates (it
reads the click decorators of every module), their French goes in the same ``.po``, and
:func:`translate_help` shows them in the language of the run when click formats a help
page: the command's text, its options' and arguments' texts and metavars, the short help
of a group's commands, and click's own words (``Usage:``, ``Options``, ``Show this
message and exit.``, ``default: …``), which click asks of :mod:`gettext` and which are
asked of the catalogue instead while the page is formatted.

Nothing is translated ahead of time: the texts are swapped for their translations while
one help page is written and put back afterwards, so the same command can show its help
in French and in English in one process. :func:`translate_help` is applied to every
command when the command line loads it (``addin.cli._adjust``), commands added later
included: a new command needs no work of its own beyond French texts in the catalogue
(``tests/test_one_language.py`` fails on a help text the catalogue does not know).
"""

from __future__ import annotations

import textwrap

import contextlib
import inspect
from typing import Iterator

import click
import click.core
import click.formatting

from addin.core.messages import Message, N_

#: click's own words on a help page (asked of gettext by click), kept here for the catalogue
CLICK_TEXTS = (N_("Usage:"), N_("Options"), N_("Commands"), N_("Show this message and exit."),
               N_("Show the version and exit."), N_("default: {default}"), N_("required"), N_("[OPTIONS]"),
               N_("COMMAND [ARGS]..."), N_("[COMMAND] [ARGS]..."),  # (the latter: a group run bare, click 8.5)
               N_("TEXT"), N_("INTEGER"), N_("PATH"), N_("FLOAT"), N_("BOOLEAN"), N_("env var: {var}"),
               N_("(dynamic)"), N_("deprecated"))


def text(english: str | None) -> str | None:
    """The translation of one help text (as click shows it: :func:`inspect.cleandoc`), or the text itself."""
    if not english:
        return english
    return Message(inspect.cleandoc(english)).text()


def _click_words(template: str) -> str:
    return Message(template).text()


def _metavar(param: click.Parameter, ctx: click.Context) -> str | None:
    """The metavar click would show for ``param``, translated (``PLAYERS`` → ``JOUEURS``, ``TEXT`` → ``TEXTE``)."""
    shown: str | None
    if isinstance(param, click.Argument):
        name = param.metavar or (param.name or "").upper()
        shown = text(name) or ""
        if param.nargs != 1:
            shown += "..."
        return shown if param.required else f"[{shown}]"
    if isinstance(param, click.Option) and not param.is_flag and not param.count:
        if param.metavar is not None:
            return text(param.metavar)
        shown = param.type.get_metavar(param=param, ctx=ctx)
        if shown is None:
            shown = text(param.type.name.upper()) or ""
        return shown + ("..." if param.nargs != 1 else "")
    return param.metavar


def argument_name(param: click.Parameter) -> str:
    """An argument's name as the organiser sees it in the help (``PLAYERS``, ``JOUEURS``)."""
    return text(param.metavar or (param.name or "").upper()) or ""


@contextlib.contextmanager
def translated(command: click.Command, ctx: click.Context) -> Iterator[None]:
    """Inside the block, ``command``'s help texts (and click's words) are in the current language."""
    saved: list[tuple[object, str, object]] = []

    def swap(owner: object, attribute: str, value: object) -> None:
        saved.append((owner, attribute, getattr(owner, attribute)))
        setattr(owner, attribute, value)

    try:
        swap(command, "help", text(command.help))
        swap(command, "short_help", text(command.short_help))
        if command.options_metavar:
            swap(command, "options_metavar", text(command.options_metavar))
        if isinstance(command, click.Group):
            swap(command, "subcommand_metavar", text(command.subcommand_metavar))
            for name in command.list_commands(ctx):  # loads the commands a lazy group adds when listed
                sub = command.get_command(ctx, name)
                if sub is not None:
                    swap(sub, "short_help", text(sub.short_help) or _first_sentence(text(sub.help)))
        for param in command.get_params(ctx):
            metavar = _metavar(param, ctx)
            if isinstance(param, click.Option):
                swap(param, "help", text(param.help))
            swap(param, "metavar", metavar)
        for module in (click.core, click.formatting):
            swap(module, "_", _click_words)
        yield
    finally:
        for owner, attribute, value in reversed(saved):
            setattr(owner, attribute, value)


#: the width of a command's short help in a group's list (click's own default)
SHORT_HELP = 45


def _first_sentence(help_text: str | None) -> str | None:
    """The short help of a command in a group's list: the first sentence of its help's first paragraph (a
    period followed by a word that does not start in lower case ends it, so "p. ex." does not), cut between
    words to :data:`SHORT_HELP` characters with "..." when longer. Written here rather than taken from
    click, whose helper for it changed its rule and became private in click 8.5: the list reads the same
    whatever click is installed."""
    if not help_text:
        return help_text
    words = help_text.partition("\n\n")[0].split()
    if words and words[0] == "\b":  # click's "no rewrap" marker
        words = words[1:]
    for i, word in enumerate(words):
        if word.endswith(".") and (i == len(words) - 1 or not words[i + 1][0].islower()):
            words = words[:i + 1]
            break
    text = " ".join(words)
    if len(text) <= SHORT_HELP:
        return text
    return textwrap.shorten(text, SHORT_HELP, placeholder="...", break_on_hyphens=False)


def translate_help(command: click.Command) -> None:
    """Show ``command``'s help in the language of the run (once per command)."""
    if getattr(command, "_help_translated", False):
        return
    original = command.format_help

    def format_help(ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with translated(command, ctx):
            original(ctx, formatter)

    command.format_help = format_help  # type: ignore[method-assign]  # this one command's help, translated
    command._help_translated = True  # type: ignore[attr-defined]  # a mark on the command: wrapped once
