"""``appariements combinee``: create a Formule Combinée event workbook (and ``next-round``, an alias).

``appariements combinee --players players.csv --phase1-rounds 9 --phase2-rounds 5
--phase3-rounds 4 -o event.xlsx`` writes the workbook (phase-1 rounds paired);
``appariements combinee next-round event.xlsx`` is ``appariements next-round event.xlsx``.
Everything is done by ``addin.events.combinee``; this module parses and shows.
"""

from __future__ import annotations

from pathlib import Path

import click

from addin.cli.common import LANG_OPTION, event_file_options, show
from addin.core.header import EventHeader
from addin.events import combinee as use_cases
from addin.events.dispatch import run
from addin.systems.combinee.scoring import SCORING_PRESETS


@click.group("combinee", invoke_without_command=True)
@click.option("--players", "players_path", type=click.Path(path_type=Path),
              help="Player list (.csv or .xlsx) with columns name, rating, club.")
@click.option("--phase1-rounds", type=click.Choice(["5", "7", "9"]), help="Phase-1 rounds.")
@click.option("--phase2-rounds", type=int, help="Phase-2 rounds (at least 3).")
@click.option("--phase3-rounds", type=int, default=0, show_default=True,
              help="Phase-3 rounds (at most the phase-2 rounds; 24 rounds in all at most).")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Workbook to write (.xlsx).")
@click.option("--scoring", "scoring_name", type=click.Choice(list(SCORING_PRESETS)), default="3-2-1-0",
              show_default=True, help="Match points: win-draw-loss-forfeit.")
@click.option("--cap", type=int, help="Cap of the score difference (Pdep) per game; none by default.")
@click.option("--bye-pm", type=int, help="Match points of the bye (default: a win).")
@click.option("--bye-pdep", type=int, default=0, show_default=True, help="Pdep of the bye.")
@click.option("--forfeit-pdep", type=int, default=0, show_default=True,
              help="Pdep of a forfeit: + for the winner, - for the forfeiter.")
@click.option("--late-pm", type=int, default=0, show_default=True,
              help="PM credited to a late entry for each round played before he joined.")
@click.option("--late-pdep", type=int, default=0, show_default=True,
              help="Pdep credited to a late entry for each round played before he joined.")
@click.option("--seed", type=int, help="Seed of the random positions in the groups (recorded in the workbook).")
@click.option("--plain-snake", is_flag=True, help="Use the plain snake instead of the improved one.")
@click.option("--title", default="", help="Event name, printed at the top of every page.")
@click.option("--place", default="", help="Where the event is played (printed on every page).")
@click.option("--dates", default="", help="When it is played, e.g. '12-14 mars 2027' (printed on every page).")
@click.option("--arbiter", default="", help="The chief arbiter (printed on every page).")
@LANG_OPTION
@click.option("--force", is_flag=True, help="Overwrite an existing output file (a copy of it is kept).")
@click.option("--discard-results", is_flag=True,
              help="With --force: replace an event that already holds typed scores (they are lost; a copy is kept).")
@click.pass_context
@event_file_options
def combinee_command(ctx, players_path, phase1_rounds, phase2_rounds, phase3_rounds, output, scoring_name,
                     cap, bye_pm, bye_pdep, forfeit_pdep, late_pm, late_pdep, seed, plain_snake, title, place, dates,
                     arbiter, lang, force, discard_results):
    """Scrabble Formule Combinée: create the event workbook (see also next-round)."""
    if ctx.invoked_subcommand is not None:
        return
    header = EventHeader(title=title, place=place, dates=dates, arbiter=arbiter, lang=lang)
    show(use_cases.build(use_cases.BuildRequest(
        players_path, phase1_rounds, phase2_rounds, phase3_rounds, output, scoring_name, cap, bye_pm, bye_pdep,
        forfeit_pdep, late_pm, late_pdep, seed, not plain_snake, header, force, discard_results)))


@combinee_command.command("next-round")
@click.argument("workbook", type=click.Path(path_type=Path))
@LANG_OPTION
def next_round_command(workbook, lang):
    """Pair the next round of WORKBOOK (the same as 'appariements next-round WORKBOOK')."""
    show(run(workbook, "next_round"))


def register(cli: click.Group) -> None:
    cli.add_command(combinee_command)
