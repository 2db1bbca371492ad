"""``appariements league season|lineup|forfeit|trf``: a league season from the calendar to the table.

These commands join the ``league`` group (``venues``, ``calendar``: ``addin.cli.directed``).
Results, withdrawals and updates use the generic event commands: ``appariements result
season.xlsx ROUND MATCH.BOARD 1-0``, ``withdraw season.xlsx TEAM --from-round R``,
``update season.xlsx``.
"""

from __future__ import annotations

from pathlib import Path

import click

from addin.cli.common import LANG_OPTION, event_file_options, show
from addin.core.header import EventHeader
from addin.events import league as use_cases
from addin.events.dispatch import run
from addin.systems.directed.league import ORDERS, SAME_CLUB
from addin.systems.league.model import COLOUR_RULES, PRESETS


@click.command("season")
@click.argument("teams_file", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Season workbook (.xlsx).")
@click.option("--rosters", type=click.Path(path_type=Path),
              help="Players list (.csv/.xlsx): team, name, rating, id, order (board order).")
@click.option("--boards", default="4", show_default=True, help="Boards per match.")
@click.option("--scoring", type=click.Choice(PRESETS), default="fide", show_default=True,
              help="fide: match points 2-1-0, games 1-½-0; ffe: 3-2-1 (forfeit 0), only won games count.")
@click.option("--colours", type=click.Choice(COLOUR_RULES), default="odd", show_default=True,
              help="The team named first has White on the odd (FIDE) or on the even boards.")
@click.option("--tiebreaks", default=None, help="After match points, e.g. GP,DE,BC (default: the scoring's).")
@click.option("--same-club", type=click.Choice(SAME_CLUB), default="complementary", show_default=True)
@click.option("--half-home", default="", help="Comma-separated clubs wanting half their teams at home each weekend.")
@click.option("--order", type=click.Choice(ORDERS), default="gathering", show_default=True)
@click.option("--start", default=None, help="Date of round 1 (YYYY-MM-DD).")
@click.option("--every", default="7", show_default=True, help="Days between rounds.")
@click.option("--dates", default=None, help="Comma-separated dates of the rounds (instead of --start).")
@click.option("--seed", default=None, help="Seed of the draw of team numbers.")
@click.option("--title", default="", help="Name of the competition (printed on every page).")
@click.option("--place", default="", help="Place (printed on every page).")
@click.option("--season-dates", "season_dates", default="", help="Dates as printed (e.g. 2025-2026).")
@click.option("--arbiter", default="", help="Arbiter or division director (printed on every page).")
@LANG_OPTION
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
@click.option("--discard-results", is_flag=True, help="With --force: also over a season that holds results.")
@event_file_options
def season_command(teams_file, output, rosters, boards, scoring, colours, tiebreaks, same_club, half_home, order,
                   start, every, dates, seed, title, place, season_dates, arbiter, lang, force, discard_results):
    """League season workbook from TEAMS_FILE (division, team, club): match sheets, table, statistics."""
    show(use_cases.build(use_cases.BuildRequest(
        teams=teams_file, rosters=rosters, boards=boards, scoring=scoring, colours=colours, tiebreaks=tiebreaks,
        same_club=same_club, half_home=half_home, order=order, start=start, every=every, dates=dates, seed=seed,
        header=EventHeader(title=title, place=place, dates=season_dates, arbiter=arbiter, lang=lang or "fr"),
        output=output,
        force=force, discard_results=discard_results)))


@click.command("lineup", context_settings={"ignore_unknown_options": True})
@click.argument("event", type=click.Path(path_type=Path))
@click.argument("round")
@click.argument("match")
@click.argument("side", type=click.Choice(["home", "away"]))
@click.argument("numbers")
@LANG_OPTION
def lineup_command(event, round, match, side, numbers, lang):
    """The roster numbers SIDE fields in MATCH of ROUND, board by board: 1,2,4,5 (- for an empty board).

    A line-up that starts with an empty board (``-,2,3,4``) is read as NUMBERS, not as an option.
    """
    show(run(event, "lineup", round, match, side, numbers))


@click.command("forfeit")
@click.argument("event", type=click.Path(path_type=Path))
@click.argument("round")
@click.argument("match")
@click.argument("side", type=click.Choice(["home", "away", "both", "none"]))
@LANG_OPTION
def forfeit_command(event, round, match, side, lang):
    """MATCH of ROUND is lost by forfeit by the SIDE team (home, away, both; none cancels)."""
    show(run(event, "forfeit", round, match, side))


@click.command("trf")
@click.argument("event", type=click.Path(path_type=Path))
@click.option("--division", default="", help="The division to export (needed when there are several).")
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True, help="TRF file to write.")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
@LANG_OPTION
def trf_command(event, division, output, force, lang):
    """FIDE TRF of one division with its team section (rating reports, tie-break checks)."""
    show(use_cases.export_trf(event, division, output, force))


def register(cli: click.Group) -> None:
    group = cli.commands["league"]
    assert isinstance(group, click.Group)  # registered by addin.cli as the league group
    for command in (season_command, lineup_command, forfeit_command, trf_command):
        group.add_command(command)
