"""The ``appariements`` command line (click).

Each pairing system adds its commands from its own module in this package;
:func:`main` is the console entry point. A :class:`TournamentError` anywhere
prints one sentence on standard error and exits with status 2; nothing else
is written (outputs are written whole, through ``addin.render.output``).
"""

from __future__ import annotations

import sys

import click

from addin.core.errors import TournamentError
from addin.core.messages import Message, scope
from addin.cli.common import LANG_OPTION  # noqa: F401  (re-exported for command modules)


class _Group(click.Group):
    def main(self, *args, **kwargs):
        with scope():  # a --lang option chooses the messages' language for this run only
            return super().main(*args, **kwargs)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except TournamentError as exc:
            click.echo(Message("Error: {message}", message=exc.message).text(), err=True)
            sys.exit(2)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="appariements")
def cli() -> None:
    """Pairings for chess and Scrabble events: Berger, Rutsch, Molter, Formule Combinée."""


def _register() -> None:
    from addin.cli import demo, molter_event, roundrobin
    from addin.cli import combinee
    from addin.cli import directed
    from addin.cli import molter
    from addin.cli import event
    from addin.cli import league  # after directed: it adds its commands to the ``league`` group
    from addin.cli import scheveningen

    for module in (roundrobin, demo, combinee, molter_event, directed, molter, event, league, scheveningen):
        module.register(cli)


_register()


def _stop(signum, frame):  # a killed run unwinds, so that no temporary file stays behind
    raise SystemExit(128 + signum)


def main(argv: list[str] | None = None) -> None:
    """Console entry point."""
    import signal

    from addin.files import usercache
    from addin.systems.molter import stored

    signal.signal(signal.SIGTERM, _stop)
    stored.use_cache(usercache)  # generated Molter tables beyond the library are kept between runs
    cli.main(args=argv, prog_name="appariements")
