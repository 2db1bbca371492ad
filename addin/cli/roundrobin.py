"""``appariements berger`` / ``rutsch``: round-robin schedules and event workbooks; ``export-trf``.

Without ``--names`` (and without ``--event``) the commands print the schedule or write it
as a plain table (``.csv``/``.xlsx``). With ``--names players.csv`` (or ``--event`` for
players named "Joueur 1", "Joueur 2"…, to be renamed in the Players sheet) they write the
complete event workbook. Everything is decided by ``addin.events.roundrobin``; this module
only reads the options and prints the outcome.
"""

from __future__ import annotations

from pathlib import Path

import click

from addin.cli.common import LANG_OPTION, event_file_options, show
from addin.core.header import EventHeader
from addin.core.messages import Message
from addin.core.schedule import Schedule
from addin.events import roundrobin as events
from addin.events.schedules import write_schedule
from addin.systems.roundrobin.berger import ORDERS, berger_schedule
from addin.systems.roundrobin.rutsch import rutsch_schedule
from addin.systems.standings.roundrobin import DEFAULT_TIEBREAKS


def format_schedule(schedule: Schedule) -> str:
    """A readable text table, in the organiser's language: one block per round, one line per board."""
    width = len(str(schedule.players))
    lines = []
    for rnd in schedule.rounds:
        if rnd.table_round and rnd.table_round != rnd.number:
            title = (Message("Round {round}  (table round {table_round}, return games)", round=rnd.number,
                             table_round=rnd.table_round) if rnd.cycle % 2 == 0 else
                     Message("Round {round}  (table round {table_round})", round=rnd.number,
                             table_round=rnd.table_round))
        elif rnd.cycle % 2 == 0:
            title = Message("Round {round}  (return games)", round=rnd.number)
        else:
            title = Message("Round {round}", round=rnd.number)
        lines.append(title.text())
        board_width = len(str(len(rnd.games)))
        for game in rnd.games:
            lines.append("  " + Message("Board {board}:  {white} - {black}", board=f"{game.board:>{board_width}}",
                                        white=f"{game.white:>{width}}", black=f"{game.black:<{width}}").text())
        for player in rnd.byes:
            lines.append("  " + Message("Bye: {player}", player=player).text())
    return "\n".join(lines)


def event_options(func):
    """Options shared by the commands that can write an event workbook."""
    options = [
        click.option("--names", type=click.Path(path_type=Path),
                     help="Player list (.csv or .xlsx, column 'name'; optional rating, club, federation, "
                          "number): write the event workbook."),
        click.option("--event", "numbered", is_flag=True,
                     help="Without --names: write the event workbook with numbered players to rename."),
        click.option("--results", type=click.Path(path_type=Path),
                     help="Results to pre-fill (.csv or .xlsx with columns round, board, result)."),
        click.option("--numbering", type=click.Choice(["listed", "given", "draw"]), default=None,
                     help="Pairing numbers: as listed (default), as given in the 'number' column, or drawn."),
        click.option("--draw", is_flag=True, help="Draw the pairing numbers by lot (same as --numbering draw)."),
        click.option("--seed", type=str, help="Seed of the draw, to reproduce it (printed and kept in Settings)."),
        click.option("--restrict-by", type=click.Choice(["club", "federation"]), default=None,
                     help="Draw the numbers so that players of one club/federation all meet before "
                          "the last --last-rounds rounds (directed pairings, seed 000)."),
        click.option("--last-rounds", default=None,
                     help="With --restrict-by: the rounds at the end in which they must not meet (default 3)."),
        click.option("--tiebreaks", default=",".join(DEFAULT_TIEBREAKS), show_default=True,
                     help="Tie-break order, at most four, among DE, SB, WIN, KS, SB/C1, SB/C2, KS/L±1, KS/L±2, WON, BPG, "
                          "BWG, TPN, RTNG, ARO, TPR, STD, REP, PS, PS/C1, PS/C2, ARO/C1, ARO/C2, ARO/M1, ARO/M2, APRO, "
                          "PTP, APPO "
                          "(changeable later in the Settings sheet)."),
        click.option("--bye-points", default="0", show_default=True, help="Points for a bye: 0, 0.5 or 1."),
        click.option("--title", default="", help="Event name, printed at the top of every page."),
        click.option("--place", default="", help="Where the event is played (printed on every page)."),
        click.option("--dates", default="", help="When it is played, e.g. '12-14 mars 2027' (printed on every page)."),
        click.option("--arbiter", default="", help="The chief arbiter (printed on every page)."),
        click.option("--protect", is_flag=True,
                     help="Protect the computed sheets (no password; result and player cells stay editable)."),
        click.option("--discard-results", is_flag=True,
                     help="With --force over an event holding typed results: discard them (a copy is kept)."),
        click.option("--large", is_flag=True,
                     help="Write an event of more than 200 players (a large file, slow to open)."),
        LANG_OPTION,
    ]
    for option in reversed(options):
        func = option(func)
    return func


def run(players: str, output: Path | None, force: bool, options: events.ScheduleOptions,
        schedule: Schedule | None, event: dict) -> None:
    printed = ("title", "place", "dates", "arbiter", "lang")
    header = EventHeader(**{field: event[field] for field in printed})
    rest = {field: value for field, value in event.items() if field not in printed}
    request = events.BuildRequest(count=players, output=output, force=force, options=options, header=header, **rest)
    if request.wants_event:
        show(events.build(request))
        return
    events.check_schedule_only(request)
    assert schedule is not None  # the commands compute it whenever no event workbook is wanted
    if output is None:
        click.echo(format_schedule(schedule))
    else:
        show(write_schedule(schedule, output, force))


@click.command("berger")
@click.argument("players", type=str)
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write .xlsx or .csv instead of printing.")
@click.option("--cycles", default="1", show_default=True, help="1 single, 2 double round-robin (up to 4).")
@click.option("--swap-last/--no-swap-last", default=True, show_default=True,
              help="Swap the last two rounds of each cycle followed by another (FIDE).")
@click.option("--order", type=click.Choice(ORDERS), default="normal", show_default=True,
              help="Round order: gathering = 2,3,…,1; gathering-reverse = n-1,…,1.")
@click.option("--force", is_flag=True, help="Replace an existing output file (a copy of it is kept).")
@event_options
@event_file_options
def berger_command(players, output, cycles, swap_last, order, force, **event):
    """Berger table for PLAYERS players (an odd field gets a bye); with --names, the event workbook."""
    options = events.ScheduleOptions("berger", events.cycles_option(cycles), swap_last, order)
    wants_event = event["names"] is not None or event["numbered"]
    schedule = None if wants_event else berger_schedule(players, cycles, swap_last, order)
    run(players, output, force, options, schedule, event)


@click.command("rutsch")
@click.argument("players", type=str)
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write .xlsx or .csv instead of printing.")
@click.option("--force", is_flag=True, help="Replace an existing output file (a copy of it is kept).")
@event_options
@event_file_options
def rutsch_command(players, output, force, **event):
    """Rutsch ("taquin") schedule for PLAYERS players; with --names, the event workbook."""
    options = events.ScheduleOptions("rutsch")
    wants_event = event["names"] is not None or event["numbered"]
    schedule = None if wants_event else rutsch_schedule(players)
    run(players, output, force, options, schedule, event)


@click.command("export-trf")
@click.argument("workbook", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True, help="The TRF16 file to write.")
@click.option("--csv", "csv_path", type=click.Path(path_type=Path), help="Also write the standings as CSV.")
@click.option("--force", is_flag=True, help="Replace existing output files (a copy of each is kept).")
@click.option("--trf-version", "version", type=click.Choice(["2016", "2026"]), default="2016", show_default=True,
              help="TRF16, or TRF-2026 (adds rounds, scoring, encoded type and tie-break records).")
@LANG_OPTION
def export_trf_command(workbook, output, csv_path, force, version, lang):
    """FIDE TRF report (and standings CSV) of a filled round-robin event WORKBOOK."""
    given = click.get_current_context().get_parameter_source("lang") == click.core.ParameterSource.COMMANDLINE
    show(events.export_trf(workbook, output, csv_path, force, version, lang if given else None))


@click.command("import-trf")
@click.argument("trf", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path), help="The event workbook to write (.xlsx).")
@click.option("--force", is_flag=True, help="Replace an existing output file (a copy of it is kept).")
@click.option("--discard-results", is_flag=True,
              help="With --force over an event holding typed results: discard them (a copy is kept).")
@LANG_OPTION
@event_file_options
def import_trf_command(trf, output, force, discard_results, lang):
    """Carry on here a round-robin begun in another program: the event workbook of its TRF file (TRF16 or 2026)."""
    show(events.import_trf(events.ImportRequest(trf, output, force, discard_results, lang)))


def register(cli: click.Group) -> None:
    cli.add_command(berger_command)
    cli.add_command(rutsch_command)
    cli.add_command(export_trf_command)
    cli.add_command(import_trf_command)
