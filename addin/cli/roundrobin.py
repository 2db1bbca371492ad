"""``appariements berger`` and ``appariements rutsch``: round-robin schedules."""

from __future__ import annotations

from pathlib import Path

import click

from ..render.table_file import check_suffix, write_table
from ..roundrobin.berger import ORDERS, berger_schedule
from ..roundrobin.rutsch import rutsch_schedule
from ..schedule import Schedule
from .common import write_atomic


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


@click.command("berger")
@click.argument("players", type=str)
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write .xlsx or .csv instead of printing.")
@click.option("--cycles", default="1", show_default=True, help="1 single, 2 double round-robin (up to 4).")
@click.option("--swap-last/--no-swap-last", default=True, show_default=True,
              help="Swap the last two rounds of each cycle followed by another (FIDE).")
@click.option("--order", type=click.Choice(ORDERS), default="normal", show_default=True,
              help="Round order: gathering = 2,3,…,1; gathering-reverse = n-1,…,1.")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
def berger_command(players, output, cycles, swap_last, order, force):
    """Berger table for PLAYERS players (an odd field gets a bye)."""
    emit(berger_schedule(players, cycles, swap_last, order), output, force)


@click.command("rutsch")
@click.argument("players", type=str)
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write .xlsx or .csv instead of printing.")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
def rutsch_command(players, output, force):
    """Rutsch ("taquin") schedule for PLAYERS players."""
    emit(rutsch_schedule(players), output, force)


def register(cli: click.Group) -> None:
    cli.add_command(berger_command)
    cli.add_command(rutsch_command)
