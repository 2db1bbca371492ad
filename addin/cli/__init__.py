"""The ``appariements`` command line (click).

Each pairing system adds its commands from its own module in this package;
:func:`main` is the console entry point. Whatever goes wrong on the organiser's side —
a :class:`TournamentError` from a use case, or a command line that click cannot parse
(unknown option, missing argument, a choice that is not one) — prints one sentence on
standard error, in the organiser's language, and exits with status 2; nothing is printed
on standard output and no file is written (outputs are written whole, through
``addin.render.output``). A stop request (SIGTERM, SIGHUP, Ctrl-C) never cuts a write in
two: it prints one sentence saying what the run wrote whole before stopping (often nothing)
and exits with status 128 + the signal's number (``addin.render.stopping``).

Each command's module is imported when the command runs (:data:`COMMAND_MODULES`), so that
a command pays only for its own imports; the help and :func:`load_commands` import them all.

Three adjustments to click, made once here for every command (:func:`_adjust`):

* a negative number is an argument, not an unknown option: ``appariements berger -1``
  is answered by the players argument's own range check, not by ``No such option '-1'``;
* a choice or a whole number that click would refuse in English with its usage block is
  checked by ``addin.core.args`` (the sentences of the Excel functions, translated);
* every command takes ``--lang`` (one language per run), and its help is shown in the language of the
  run (``addin.cli.help``): ``--lang`` anywhere on
  the command line, else ``APPARIEMENTS_LANG`` or ``LANG``, else French.
"""

from __future__ import annotations

import errno
import importlib
import re
import sys

import click

from addin.core.errors import TournamentError
from addin.core.messages import Message, N_, chosen_lang, language, scope, set_language
from addin.cli.common import LANG_OPTION, add_lang_option  # noqa: F401  (LANG_OPTION re-exported)
from addin.cli.help import argument_name, translate_help
from addin.cli.usage import adjust_types, usage_sentence

_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())  # click 8.2+
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_NUMBER = re.compile(r"-(\d[\d.,eE+-]*|\.\d+|inf|nan)", re.IGNORECASE)


#: the top-level commands and the modules of this package that add them (their ``register``), in
#: the order they are loaded: ``league`` is a group of ``directed`` that ``league`` adds to
COMMAND_MODULES = {
    **dict.fromkeys(("berger", "rutsch", "export-trf", "import-trf"), ("roundrobin",)),
    "demo": ("demo",),
    "combinee": ("combinee",),
    **dict.fromkeys(("molter", "substitute", "absent", "lineup"), ("molter_event",)),
    **dict.fromkeys(("directed", "varma", "draw"), ("directed",)),
    "league": ("directed", "league"),
    "molter-table": ("molter",),
    **dict.fromkeys(("update", "withdraw", "reinstate", "result", "rename", "replace", "late-entry", "next-round",
                     "repair-round", "score"), ("event",)),
    "scheveningen": ("scheveningen",),
    "excel-addin": ("excel_addin",),
    "publish": ("publish",),
}
_LOADED: set[str] = set()


def _load(modules) -> None:
    """Import the command modules ``modules`` (names in this package) not yet loaded, and add their commands."""
    for name in modules:
        if name not in _LOADED:
            _LOADED.add(name)
            before = set(cli.commands)
            importlib.import_module(f"addin.cli.{name}").register(cli)
            for command in (cli.commands[c] for c in set(cli.commands) - before):
                _adjust(command)
            if name == "league":  # its commands join directed's group, adjusted once they are in it
                _adjust(cli.commands["league"])


def load_commands() -> click.Group:
    """Every command loaded (what the help lists): the command line's group."""
    _load(dict.fromkeys(m for modules in COMMAND_MODULES.values() for m in modules))
    return cli


class _Group(click.Group):
    def get_command(self, ctx, name):
        _load(COMMAND_MODULES.get(name, ()))
        return super().get_command(ctx, name)

    def list_commands(self, ctx):
        load_commands()
        return super().list_commands(ctx)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        from addin.render import stopping

        before = len(stopping.INSTALLED)
        with scope():  # a --lang option chooses the messages' language for this run only
            set_language(_lang_in(sys.argv[1:] if args is None else args))  # before --help, wherever it is
            try:
                value = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            except TournamentError as exc:
                _refuse(exc.message, getattr(exc, "lang", None))
            except stopping.Stopped as stop:
                if not standalone_mode:
                    raise
                _stopped(stop, before)
            except click.Abort:
                if not standalone_mode:
                    raise
                click.echo(Message("Stopped.").text(), err=True)
                sys.exit(1)
            except _NO_ARGS_IS_HELP as exc:  # a bare group: its help, as click shows it
                if not standalone_mode:
                    raise
                exc.show()
                sys.exit(exc.exit_code)
            except click.ClickException as exc:
                if not standalone_mode:
                    raise
                _refuse(usage_sentence(exc))
            except OSError as exc:  # output piped into a program that stopped reading (| head)
                if exc.errno != errno.EPIPE:
                    raise
                sys.exit(1)
            finally:  # the command's locks on its files, whether it wrote, refused or was stopped
                from addin.render.sharing import release_all

                release_all()
        if standalone_mode:
            sys.exit(value if isinstance(value, int) and not isinstance(value, bool) else 0)
        return value


def _lang_in(args) -> str | None:
    """The value of the last ``--lang`` of the command line (``--lang en`` or ``--lang=en``), if any."""
    found = None
    args = [str(a) for a in args]
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


def _refuse(message: Message, lang: str | None = None) -> None:
    """Print the refusal (in ``lang``, the workbook's, when the organiser chose no language) and exit 2."""
    with language(None if chosen_lang() else lang):
        text = Message("Error: {message}", message=message).text()
    # one line, and nothing a terminal would act on: a typed name may hold line breaks or escape codes
    click.echo(_CONTROL.sub(lambda m: "\\x%02x" % ord(m.group()), text), err=True)
    sys.exit(2)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="appariements")
def cli() -> None:
    """Pairings for chess and Scrabble events: Berger, Rutsch, Molter, Formule Combinée."""


add_lang_option(cli)
translate_help(cli)


def _negative_numbers_are_arguments(command: click.Command) -> None:
    """Let ``-1`` or ``-2.5`` reach the command as an argument (its own check answers it)."""
    parse = command.parse_args
    options = {name for param in command.params for name in getattr(param, "opts", ())}

    def parse_args(ctx, args):
        if any(_NUMBER.fullmatch(a) and a not in options for a in args):
            ctx.ignore_unknown_options = True
        return parse(ctx, args)

    command.parse_args = parse_args  # type: ignore[method-assign]  # this one command's parsing, wrapped


def _adjust(command: click.Command) -> None:
    """Both adjustments, once for each command (a group's commands that another module adds later
    are adjusted with the group again)."""
    adjust_types(command)
    add_lang_option(command)
    translate_help(command)
    _names_as_typed(command)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _adjust(sub)
    elif any(isinstance(p, click.Argument) for p in command.params) and command not in _NEGATIVES:
        _NEGATIVES.add(command)
        _negative_numbers_are_arguments(command)


_NEGATIVES: set[click.Command] = set()  # the commands whose arguments may be negative numbers


def _stopped(stop, written_before: int) -> None:
    """Say what a stopped run wrote (nothing, or files whole), then exit with 128 + the signal's number."""
    from addin.render.stopping import INSTALLED

    written = INSTALLED[written_before:]
    if written:
        path, backup = written[-1]
        names = ", ".join(str(p) for p, _ in written)
        if backup is not None:
            text = Message("Stopped ({signal}) after writing {paths} whole; the previous version of {name} is kept "
                           "as {backup}.", signal=stop.name, paths=names, name=path.name,
                           backup=f"{backup.parent.name}/{backup.name}").text()
        else:
            text = Message("Stopped ({signal}) after writing {paths} whole.", signal=stop.name, paths=names).text()
    else:
        text = Message("Stopped ({signal}): nothing was written, every file is as it was.", signal=stop.name).text()
    click.echo(text, err=True)
    sys.exit(128 + stop.signum)


def _names_as_typed(command: click.Command) -> None:
    """A refusal of ``command`` names its arguments as the organiser typed them: the rules name an argument
    by its identifier (``phase2_rounds``, shared with the Excel functions), the command line by its option
    (``--phase2-rounds``) or its argument's name in the help (``JOUEURS``)."""
    if getattr(command, "_names_as_typed", False):
        return
    invoke = command.invoke

    def invoke_named(ctx):
        try:
            return invoke(ctx)
        except TournamentError as exc:
            exc.message = as_typed(exc.message, command)
            raise

    command.invoke = invoke_named  # type: ignore[method-assign]  # this one command's run, wrapped
    command._names_as_typed = True  # type: ignore[attr-defined]  # a mark on the command: wrapped once


def as_typed(message: Message, command: click.Command) -> Message:
    """``message`` with every argument identifier of ``command`` (a ``name`` field) replaced by what was typed."""
    shown = {}
    for param in command.params:
        if isinstance(param, click.Option):
            for opt in param.opts:  # --teams names "teams" whatever the parameter is called
                shown[opt.lstrip("-").replace("-", "_")] = max(param.opts, key=len)
            shown[param.name] = max(param.opts, key=len)
        elif param.name:
            shown[param.name] = argument_name(param)
    params = {}
    for key, value in message.params.items():
        if isinstance(value, Message):
            value = as_typed(value, command)
        elif key == "name" and isinstance(value, str) and "argument" in message.template:
            value = shown.get(value) or (Message(ARGUMENT_WORDS[value]) if value in ARGUMENT_WORDS else value)
        params[key] = value
    return Message(message.template, **params)


#: what an argument the command line does not take under that name is, in words (``round``: the round
#: of ``--from-round``)
ARGUMENT_WORDS = {word: word for word in (N_("round"), N_("rounds"), N_("player"), N_("players"), N_("teams"),
                                          N_("team"), N_("board"), N_("table"), N_("match"), N_("seat"))}



def main(argv: list[str] | None = None) -> None:
    """Console entry point: a stop request (SIGTERM, SIGHUP, Ctrl-C) never cuts a write in two and is
    answered with one sentence saying what was written (``addin.render.stopping``)."""
    import signal

    from addin.files import usercache
    from addin.render import stopping
    from addin.systems.molter import stored

    for name in ("SIGTERM", "SIGHUP", "SIGINT"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stopping.on_signal)
    stored.use_cache(usercache)  # generated Molter tables beyond the library are kept between runs
    cli.main(args=argv, prog_name="appariements")
