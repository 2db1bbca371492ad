"""``appariements molter`` (the workbook of a Molter team event, seed 001) and the Molter-only
commands of the event as it happens: ``substitute``, ``absent``, ``lineup``.

``--teams`` is either a number of teams (named "Équipe A", "Équipe B", …; player names
typed later in the workbook) or a team file (CSV or XLSX, one row per team: the team name,
then its players, strongest first; reserves after the ``--players`` regular ones). The
generic event commands (``update``, ``withdraw``, ``result``, ``rename``, ``late-entry``) are
in ``addin.cli.event``. Everything is decided in ``addin.events.molter``.
"""

from __future__ import annotations

from pathlib import Path

import click

from addin.cli.common import LANG_OPTION, event_file_options, show
from addin.core.header import EventHeader
from addin.events.dispatch import run
from addin.events.molter import BuildRequest, build

EVENT = click.argument("event", type=click.Path(path_type=Path))


@click.command("molter")
@click.option("--teams", "teams_arg", required=True, metavar="FILE|N",
              help="Number of teams (3 to 30), or a CSV/XLSX file: team name, then its players, "
                   "strongest first (reserves after the regular players).")
@click.option("--players", required=True, type=str, help="Players a team fields, one per board (even, 2 to 16).")
@click.option("--rounds", type=str, default=None, help="Rounds to play (default: the whole official table).")
@click.option("--source", type=click.Choice(["auto", "official", "generated"]), default="auto",
              show_default=True, help="Official table of the seed, generated table, or official where one exists.")
@click.option("--ranking", type=click.Choice(["1991", "ffe-cups"]), default="1991", show_default=True,
              help="Team ranking: the seed's 1991 rule, or the French cups' Molter phases (points, Berlin, lowest "
                   "average rating, typed per team in the Teams sheet). Changeable in the Teams sheet (B3).")
@click.option("--title", type=str, default=None, help="Event title printed on the sheets.")
@click.option("--place", default="", help="Where the event is played (printed on every page).")
@click.option("--dates", default="", help="When it is played, e.g. '12-14 mars 2027' (printed on every page).")
@click.option("--arbiter", default="", help="The chief arbiter (printed on every page).")
@LANG_OPTION
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True, help="Workbook to write (.xlsx).")
@click.option("--force", is_flag=True, help="Overwrite an existing output file (a copy of it is kept).")
@click.option("--discard-results", is_flag=True,
              help="With --force, allow overwriting an event that already holds typed results.")
@event_file_options
def molter_command(teams_arg, players, rounds, source, ranking, title, place, dates, arbiter, lang, output, force,
                   discard_results):
    """Workbook of a Molter team event: teams and their lists, rounds with result cells, line-ups,
    result grids, live team standings, cards per board and round, envelopes per team."""
    header = EventHeader(title=title, place=place, dates=dates, arbiter=arbiter, lang=lang or "fr")
    show(build(BuildRequest(teams_arg, players, rounds, source, header, output, force, discard_results,
                            ranking=ranking)))


@click.command("substitute")
@EVENT
@click.argument("team")
@click.argument("seat")
@click.argument("name")
@click.option("--round", "from_round", required=True, help="The round he plays (the first one, with --to-round).")
@click.option("--to-round", "to_round", help="The last round he plays that seat (default: only --round).")
@LANG_OPTION
def substitute_command(event, team, seat, name, from_round, to_round, lang):
    """NAME takes SEAT (1, 2, …) of TEAM (letter or name) in a Molter EVENT: the seat keeps its boards.

    NAME is a substitute from outside the team's list (he takes the seat as it is), or a
    player of the list (name or number), who must then keep the list's order. The seat's
    regular player's name gives the seat back to him."""
    show(run(event, "substitute", team, seat, name, from_round, to_round))


@click.command("absent")
@EVENT
@click.argument("round")
@click.argument("board")
@click.argument("side")
@click.option("--cancel", is_flag=True, help="He is not absent after all.")
@LANG_OPTION
def absent_command(event, round, board, side, cancel, lang):
    """The player of SIDE (white, black, or his seat like A2) on BOARD of ROUND is absent in a
    Molter EVENT: that board only is lost by forfeit."""
    show(run(event, "absent", round, board, side, cancel))


@click.command("lineup")
@EVENT
@click.argument("team")
@click.argument("players", nargs=-1, required=True)
@click.option("--round", "from_round", required=True, help="The round of this line-up (the first one, with "
                                                            "--to-round).")
@click.option("--to-round", "to_round", help="The last round of this line-up (default: only --round).")
@LANG_OPTION
def lineup_command(event, team, players, from_round, to_round, lang):
    """The PLAYERS of its list (numbers or names) that TEAM fields in a Molter EVENT: they sit in
    the list's order; with fewer players than boards the last boards are lost by forfeit."""
    show(run(event, "lineup", team, list(players), from_round, to_round))


def register(cli: click.Group) -> None:
    for command in (molter_command, substitute_command, absent_command, lineup_command):
        cli.add_command(command)
