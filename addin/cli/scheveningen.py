"""``appariements scheveningen match``: a Scheveningen match workbook from the two teams' files.

Results, corrections and updates use the generic event commands: ``appariements result
match.xlsx ROUND BOARD 1-0`` (White's result first), ``rename match.xlsx A3 --name …``,
``update match.xlsx``. The tables alone: ``SCHEVENINGEN_TABLE`` in Excel.
"""

from __future__ import annotations

from pathlib import Path

import click

from addin.cli.common import LANG_OPTION, event_file_options, show
from addin.core.header import EventHeader
from addin.events import scheveningen as use_cases


@click.group("scheveningen")
def scheveningen_group() -> None:
    """Scheveningen matches: every player of a team meets every player of the other."""


@click.command("match")
@click.option("--team-a", "team_a", type=click.Path(path_type=Path), required=True,
              help="Team A's players (.csv/.xlsx): name, rating, id, order (board order).")
@click.option("--team-b", "team_b", type=click.Path(path_type=Path), required=True,
              help="Team B's players, as many as team A's.")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Match workbook (.xlsx).")
@click.option("--name-a", default="", help="Team A's name (default: the file's 'team' column, else its name).")
@click.option("--name-b", default="", help="Team B's name.")
@click.option("--title", default="", help="Name of the event (printed on every page).")
@click.option("--place", default="", help="Place (printed on every page).")
@click.option("--dates", default="", help="Dates as printed.")
@click.option("--arbiter", default="", help="Arbiter (printed on every page).")
@LANG_OPTION
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
@click.option("--discard-results", is_flag=True, help="With --force: also over a match that holds results.")
@event_file_options
def match_command(team_a, team_b, output, name_a, name_b, title, place, dates, arbiter, lang, force,
                  discard_results):
    """Scheveningen match workbook: one sheet per round, results, a crosstable per team, the match score."""
    show(use_cases.build(use_cases.BuildRequest(
        team_a=team_a, team_b=team_b, name_a=name_a, name_b=name_b,
        header=EventHeader(title=title, place=place, dates=dates, arbiter=arbiter, lang=lang or "fr"), output=output, force=force, discard_results=discard_results)))


def register(cli: click.Group) -> None:
    scheveningen_group.add_command(match_command)
    cli.add_command(scheveningen_group)
