"""``appariements publish EVENT -o site/ [--posters posters.pdf]``: the event as a static web site
and as wall posters (``addin.events.publish``)."""

from __future__ import annotations

from pathlib import Path

import click

from addin.cli.common import LANG_OPTION, show
from addin.events import publish as use_cases


@click.command("publish")
@click.argument("event", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path),
              help="Folder of the site to write (it must not exist, unless --force).")
@click.option("--posters", type=click.Path(path_type=Path), help="Wall posters of the round to play (.pdf).")
@click.option("--paper", default="A4", help="Paper of the posters: A4 (default) or A3.")
@click.option("--round", "round_", default=None, help="Round of the posters (default: the round to play).")
@click.option("--url", default="", help="Address where the site will be published: its QR code goes on the "
                                         "event page and on the posters.")
@LANG_OPTION
@click.option("--force", is_flag=True, help="Replace an existing site folder or posters file.")
def publish_command(event, output, posters, paper, round_, url, lang, force):
    """Publish EVENT (any event workbook): pairings, results, standings and crosstable as a site that needs no
    server, and wall posters."""
    show(use_cases.publish(use_cases.PublishRequest(event, output, posters, paper, round_, url, lang or "fr",
                                                    force)))


def register(cli: click.Group) -> None:
    cli.add_command(publish_command)
