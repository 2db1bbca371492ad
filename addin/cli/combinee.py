"""``appariements combinee``: create a Formule Combinée event workbook, pair the next round.

``appariements combinee --players players.csv --phase1-rounds 9 --phase2-rounds 5
--phase3-rounds 4 -o event.xlsx`` writes the workbook (phase-1 rounds paired);
``appariements combinee next-round event.xlsx`` reads the typed scores, ranks
the players and writes the next round's pairing into its sheet, refusing (and
changing nothing) while a result is missing.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import click

from addin.systems.combinee.event import create_event
from addin.systems.combinee.scoring import SCORING_PRESETS, scoring
from addin.core.errors import TournamentError
from addin.files.players import read_players
from addin.cli.common import LANG_OPTION, write_atomic


def build_event_file(players_path, phase1, phase2, phase3, output: Path, *, scoring_name="3-2-1-0",
                     cap=None, bye_pm=None, bye_pdep=0, forfeit_pdep=0, seed=None, improved=True,
                     lang="fr", force=False):
    """Read the players, build the event and write its workbook atomically; returns the event."""
    from addin.sheets.combinee import event_layout
    from addin.render.xlsx import write_xlsx

    players = read_players(players_path)
    entries = [(p.name, p.rating, p.club) for p in players]
    rules = scoring(scoring_name, cap, bye_pm, bye_pdep, forfeit_pdep)
    if seed is None:
        seed = secrets.randbelow(10 ** 6)
    event = create_event(entries, phase1, phase2, phase3, rules, seed, improved)
    layout = event_layout(event, lang)
    write_atomic(Path(output), lambda tmp: write_xlsx(layout, tmp), force)
    return event


def pair_next_round_file(path: Path):
    """Pair the next round of the workbook at ``path`` in place; returns ``(round, pairs, names)``."""
    from openpyxl import load_workbook

    from addin.systems.combinee.event import next_round, pairing_writes, read_state
    from addin.sheets.combinee import LABELS

    path = Path(path)
    if not path.exists():
        raise TournamentError("The file {path} does not exist.", path=path)
    try:
        book = load_workbook(path)
    except Exception:
        raise TournamentError("The file {path} is not an Excel workbook (.xlsx) that can be read.", path=path) from None
    for lang in ("fr", "en"):
        names = LABELS[lang]
        if names["settings"] in book.sheetnames and names["players"] in book.sheetnames:
            break
    else:
        raise TournamentError("The file {path} is not a Formule Combinée workbook (no settings sheet).", path=path)

    def read(sheet, row, col):
        if sheet not in book.sheetnames:
            raise TournamentError("The sheet {sheet} is missing from {path}: it must not be deleted or renamed.",
                                  sheet=sheet, path=path)
        return book[sheet].cell(row=row, column=col).value

    state = read_state(read, names["settings"], names["players"])
    number, pairs = next_round(state)
    for sheet, row, col, value in pairing_writes(number, pairs):
        book[sheet].cell(row=row, column=col).value = value
    write_atomic(path, book.save, force=True)
    return number, pairs, state.names


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
@click.option("--seed", type=int, help="Seed of the random positions in the groups (recorded in the workbook).")
@click.option("--plain-snake", is_flag=True, help="Use the plain snake instead of the improved one.")
@LANG_OPTION
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
@click.pass_context
def combinee_command(ctx, players_path, phase1_rounds, phase2_rounds, phase3_rounds, output, scoring_name,
                     cap, bye_pm, bye_pdep, forfeit_pdep, seed, plain_snake, lang, force):
    """Scrabble Formule Combinée: create the event workbook (or see next-round)."""
    if ctx.invoked_subcommand is not None:
        return
    missing = [name for name, value in (("--players", players_path), ("--phase1-rounds", phase1_rounds),
                                        ("--phase2-rounds", phase2_rounds), ("-o", output)) if value is None]
    if missing:
        raise TournamentError("Missing option(s) {options}: see 'appariements combinee --help'.",
                              options=", ".join(missing))
    if output.suffix.lower() != ".xlsx":
        raise TournamentError("The output file must end in .xlsx, not '{name}'.", name=output.name)
    event = build_event_file(players_path, phase1_rounds, phase2_rounds, phase3_rounds, output,
                             scoring_name=scoring_name, cap=cap, bye_pm=bye_pm, bye_pdep=bye_pdep,
                             forfeit_pdep=forfeit_pdep, seed=seed, improved=not plain_snake, lang=lang,
                             force=force)
    click.echo(f"Wrote {output}: {event.n} players, {event.plan.describe()}, "
               f"{event.phases.total} rounds (seed {event.seed}).")


@combinee_command.command("next-round")
@click.argument("workbook", type=click.Path(path_type=Path))
def next_round_command(workbook):
    """Read the typed scores of WORKBOOK, rank, and write the next round's pairing."""
    number, pairs, names = pair_next_round_file(workbook)
    click.echo(f"Round {number} paired in {workbook}:")
    for table, (a, b) in enumerate(pairs, 1):
        right = "BYE" if b == 0 else f"{b} {names[b]}"
        click.echo(f"  {table:>3}. {a} {names[a]}  -  {right}")


def register(cli: click.Group) -> None:
    cli.add_command(combinee_command)
