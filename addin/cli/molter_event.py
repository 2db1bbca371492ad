"""``appariements molter``: the workbook of a Molter team event (seed 001).

``--teams`` is either a number of teams (named "Équipe A", "Équipe B", …;
player names typed later in the workbook) or a team file (CSV or XLSX, one
row per team: the team name, then its players in board order; see
``addin.systems.molter.teams`` and ``docs/molter-event.md``). The pairings come from
``addin.systems.molter.tables.molter_table`` (the official table where the seed has
one, else a generated one).
"""

from __future__ import annotations

from pathlib import Path

import click

from addin.core.errors import TournamentError
from addin.sheets.molter import molter_event_layout
from addin.systems.molter.event import played_rounds
from addin.systems.molter.model import MAX_TEAMS
from addin.systems.molter.teams import check_shape, numbered_teams
from addin.files.teams import read_teams
from addin.render.xlsx import write_xlsx
from addin.cli.common import LANG_OPTION, write_atomic


def event_table(teams: int, players: int, rounds: int | None, source: str = "auto"):
    """The table to play (``addin.systems.molter.tables.molter_table``) and its rounds in playing order."""
    from addin.systems.molter.tables import molter_table

    table = molter_table(teams, players, rounds, source)
    played = played_rounds(table)
    if rounds is not None and len(played) != rounds:  # a table provider bug, never a user error
        raise TournamentError(f"The Molter table for {teams} teams of {players} players does not give "
                              f"{rounds} rounds.")
    return table, played


def build_event(teams_arg: str, players: int, rounds: int | None, lang: str = "fr",
                source: str = "auto", title: str | None = None):
    """``(layout, table)`` of the event for ``--teams`` (a count or a file) and the options."""
    text = str(teams_arg).strip()
    if text.isdigit():
        teams = numbered_teams(int(text), players, lang)
    else:
        check_shape(3, players)
        teams = read_teams(Path(text), players)
    table, played = event_table(len(teams), players, rounds, source)
    return molter_event_layout(teams, players, played, lang, title), table


def describe(table) -> str:
    from addin.systems.molter.official import label

    return label(table)


@click.command("molter")
@click.option("--teams", "teams_arg", required=True, metavar="FILE|N",
              help=f"Number of teams (3 to {MAX_TEAMS}), or a CSV/XLSX file: team name, then players in board order.")
@click.option("--players", required=True, type=str, help="Players per team (even, 2 to 16).")
@click.option("--rounds", type=str, default=None,
              help="Rounds to play (default: the whole official table).")
@click.option("--source", type=click.Choice(["auto", "official", "generated"]), default="auto",
              show_default=True, help="Official table of the seed, generated table, or official where one exists.")
@click.option("--title", type=str, default=None, help="Event title printed on the sheets.")
@LANG_OPTION
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True, help="Workbook to write (.xlsx).")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
def molter_command(teams_arg, players, rounds, source, title, lang, output, force):
    """Workbook of a Molter team event: teams, rounds with result cells, result grids,
    live team standings, cards per board and round, envelopes per team."""
    from addin.core.args import as_int

    p = as_int(players, "players", 2, 16)
    check_shape(3, p)
    r = None if rounds is None else as_int(rounds, "rounds", 1, 24)
    if output.suffix.lower() != ".xlsx":
        raise TournamentError(f"The output file {output.name} must end in .xlsx.")
    layout, table = build_event(teams_arg, p, r, lang, source, title)
    write_atomic(output, lambda tmp: write_xlsx(layout, tmp), force)
    click.echo(f"Wrote {output} ({describe(table)}, {len(played_rounds(table))} rounds)")


def register(cli: click.Group) -> None:
    cli.add_command(molter_command)
