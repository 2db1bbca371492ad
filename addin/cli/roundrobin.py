"""``appariements berger`` / ``rutsch``: round-robin schedules and event workbooks; ``export-trf``.

Without ``--names`` (and without ``--event``) the commands print the schedule
or write it as a plain table (``.csv``/``.xlsx``). With ``--names players.csv``
(or ``--event`` for players named "Joueur 1", "Joueur 2"…, to be renamed in the
Players sheet) they write the complete event workbook (``addin.sheets.roundrobin``):
players, rounds with result entry, crosstable, standings, pairing cards.
``export-trf`` reads a filled event workbook back and writes FIDE TRF16
(and the standings as CSV with ``--csv``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import click

from addin.core.errors import TournamentError
from addin.sheets.roundrobin_reader import read_event_workbook
from addin.files.standings_csv import standings_csv
from addin.files.trf import trf16
from addin.sheets.labels import LABELS
from addin.sheets.roundrobin import DEFAULT_TIEBREAKS, event_layout
from addin.core.players import Player
from addin.files.players import read_players
from addin.render.table_file import check_suffix, write_table
from addin.render.xlsx import write_xlsx
from addin.files.results import read_results
from addin.systems.standings.roundrobin import check_bye_points, compute_standings
from addin.systems.roundrobin.berger import ORDERS, berger_schedule
from addin.systems.roundrobin.rutsch import rutsch_schedule
from addin.core.schedule import Schedule
from addin.cli.common import LANG_OPTION, write_atomic


def format_schedule(schedule: Schedule) -> str:
    """A readable text table: one block per round, one line per board."""
    width = len(str(schedule.players))
    lines = []
    for rnd in schedule.rounds:
        title = f"Round {rnd.number}"
        if rnd.table_round and rnd.table_round != rnd.number:
            title += f"  (table round {rnd.table_round}{', return games' if rnd.cycle % 2 == 0 else ''})"
        elif rnd.cycle % 2 == 0:
            title += "  (return games)"
        lines.append(title)
        for game in rnd.games:
            lines.append(f"  Board {game.board:>{len(str(len(rnd.games)))}}:  "
                         f"{game.white:>{width}} - {game.black:<{width}}")
        for player in rnd.byes:
            lines.append(f"  Bye: {player}")
    return "\n".join(lines)


def emit(schedule: Schedule, output: Path | None, force: bool) -> None:
    if output is None:
        click.echo(format_schedule(schedule))
        return
    suffix = check_suffix(output)
    write_atomic(output, lambda tmp: write_table(schedule.rows(), tmp, suffix), force)
    click.echo(f"Wrote {output}")


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
        click.option("--seed", type=int, help="Seed of the draw, to reproduce it."),
        click.option("--restrict-by", type=click.Choice(["club", "federation"]), default=None,
                     help="Draw the numbers so that players of one club/federation all meet before "
                          "the last --last-rounds rounds (directed pairings, seed 000)."),
        click.option("--last-rounds", default="3", show_default=True,
                     help="With --restrict-by: the rounds at the end in which they must not meet."),
        click.option("--tiebreaks", default=",".join(DEFAULT_TIEBREAKS), show_default=True,
                     help="Tie-break order, among DE, SB, WIN, KS (changeable later in the Settings sheet)."),
        click.option("--bye-points", default="0", show_default=True, help="Points for a bye: 0, 0.5 or 1."),
        click.option("--title", default="", help="Event name shown on the sheets."),
        click.option("--protect", is_flag=True,
                     help="Protect the computed sheets (no password; result and player cells stay editable)."),
        LANG_OPTION,
    ]
    for option in reversed(options):
        func = option(func)
    return func


def emit_event(schedule_for: Callable[[int], Schedule], players_arg: str, output: Path | None, force: bool,
               names: Path | None, numbered: bool, results: Path | None, numbering: str | None, draw: bool,
               seed: int | None, tiebreaks: str, bye_points: str, title: str, lang: str,
               protect: bool = False, restrict_by: str | None = None, last_rounds: str = "3") -> bool:
    """Write the event workbook if asked (``--names`` or ``--event``); False if not asked."""
    if names is None and not numbered:
        for flag, value in (("--results", results), ("--numbering", numbering), ("--seed", seed)):
            if value is not None:
                raise TournamentError(f"{flag} needs --names (or --event): it applies to an event workbook.")
        if draw or restrict_by:
            raise TournamentError("--draw and --restrict-by need --names: they draw the numbers of the listed players.")
        return False
    if output is None or output.suffix.lower() != ".xlsx":
        raise TournamentError("An event workbook needs an output file ending in .xlsx: add -o event.xlsx.")
    if draw:
        if numbering not in (None, "draw"):
            raise TournamentError("--draw and --numbering listed/given contradict each other: keep one.")
        numbering = "draw"
    if restrict_by is not None:
        if names is None:
            raise TournamentError("--restrict-by needs --names: it reads the players' clubs or federations.")
        if numbering not in (None, "draw"):
            raise TournamentError("--restrict-by draws the numbers: it cannot be combined with --numbering listed/given.")
        players = restricted_draw(read_players(names, "listed"), restrict_by, last_rounds, seed)
        count = schedule_for_count(players_arg)
        if count is not None and count != len(players):
            raise TournamentError(
                f"{names.name} lists {len(players)} players but the command asks for {count}: "
                f"make them agree (or give the number {len(players)}).")
    elif names is not None:
        players = read_players(names, numbering or "listed", seed)
        count = schedule_for_count(players_arg)
        if count is not None and count != len(players):
            raise TournamentError(
                f"{names.name} lists {len(players)} players but the command asks for {count}: "
                f"make them agree (or give the number {len(players)}).")
    else:
        if numbering not in (None, "listed") or seed is not None:
            raise TournamentError("--numbering/--seed need --names: numbered players are simply 1, 2, 3…")
        count = schedule_for_count(players_arg)
        word = "Player" if lang == "en" else "Joueur"
        players = [Player(i, f"{word} {i}") for i in range(1, (count or 0) + 1)]
    schedule = schedule_for(len(players))
    prefilled = read_results(results, schedule) if results is not None else {}
    layout = event_layout(schedule, players, prefilled, lang=lang,
                          tiebreaks=[t for t in tiebreaks.replace(";", ",").split(",") if t.strip()],
                          bye_points=check_bye_points(bye_points), title=title, protect=protect)
    write_atomic(output, lambda tmp: write_xlsx(layout, tmp), force)
    click.echo(f"Wrote {output}")
    return True


def restricted_draw(players: list[Player], key: str, last_rounds: str, seed: int | None) -> list[Player]:
    """Pairing numbers drawn so that each club/federation meets early (``addin.systems.directed.draw``)."""
    from dataclasses import replace

    from addin.systems.directed.draw import draw_numbers

    rows = [{"name": p.name, "club": p.club, "federation": p.federation} for p in players]
    numbers = draw_numbers(rows, key, last_rounds, seed)
    return sorted((replace(p, number=n) for p, n in zip(players, numbers)), key=lambda p: p.number)


def schedule_for_count(players_arg: str) -> int | None:
    """The PLAYERS argument as a number, checked later by the schedule builder."""
    from addin.core.args import as_int

    return as_int(players_arg, "players", 2, 5000)


@click.command("berger")
@click.argument("players", type=str)
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write .xlsx or .csv instead of printing.")
@click.option("--cycles", default="1", show_default=True, help="1 single, 2 double round-robin (up to 4).")
@click.option("--swap-last/--no-swap-last", default=True, show_default=True,
              help="Swap the last two rounds of each cycle followed by another (FIDE).")
@click.option("--order", type=click.Choice(ORDERS), default="normal", show_default=True,
              help="Round order: gathering = 2,3,…,1; gathering-reverse = n-1,…,1.")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
@event_options
def berger_command(players, output, cycles, swap_last, order, force, **event):
    """Berger table for PLAYERS players (an odd field gets a bye); with --names, the event workbook."""
    def build(count: int) -> Schedule:
        return berger_schedule(count, cycles, swap_last, order)

    if not emit_event(build, players, output, force, **event):
        emit(berger_schedule(players, cycles, swap_last, order), output, force)


@click.command("rutsch")
@click.argument("players", type=str)
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write .xlsx or .csv instead of printing.")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
@event_options
def rutsch_command(players, output, force, **event):
    """Rutsch ("taquin") schedule for PLAYERS players; with --names, the event workbook."""
    if event.get("restrict_by"):
        raise TournamentError("--restrict-by applies to Berger tables (seed Rules I and II): use it with "
                              "'appariements berger'.")
    if not emit_event(rutsch_schedule, players, output, force, **event):
        emit(rutsch_schedule(players), output, force)


@click.command("export-trf")
@click.argument("workbook", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True, help="The TRF16 file to write.")
@click.option("--csv", "csv_path", type=click.Path(path_type=Path), help="Also write the standings as CSV.")
@click.option("--force", is_flag=True, help="Overwrite existing output files.")
def export_trf_command(workbook, output, csv_path, force):
    """FIDE TRF16 report (and standings CSV) of a filled round-robin event WORKBOOK."""
    event = read_event_workbook(workbook)
    standings = compute_standings(event.schedule, event.results, event.tiebreaks,
                                  event.standings_withdrawn, event.bye_points)
    info = {"name": event.title} if event.title else {}
    text = trf16(event.players, event.schedule, event.results, standings, info, event.bye_points)
    csv_text = standings_csv(standings, event.players, event.lang, event.tiebreaks) if csv_path else None
    # check both outputs before writing either, so a refusal leaves nothing half-done
    from addin.cli.common import check_output

    check_output(output, force)
    if csv_path is not None:
        check_output(csv_path, force)
    write_atomic(output, lambda tmp: tmp.write_text(text, encoding="utf-8"), force)
    click.echo(f"Wrote {output}")
    if csv_path is not None:
        write_atomic(csv_path, lambda tmp: tmp.write_text(csv_text, encoding="utf-8", newline=""), force)
        click.echo(f"Wrote {csv_path}")


def register(cli: click.Group) -> None:
    cli.add_command(berger_command)
    cli.add_command(rutsch_command)
    cli.add_command(export_trf_command)
