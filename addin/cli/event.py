"""The event as it happens, from the command line: ``update``, ``withdraw``, ``result``, ``rename``…

Each command takes an event workbook made by appariements (round-robin, Molter or
Formule Combinée), runs the use case of that kind of event (``addin.events``), and prints
what it did. The file is rewritten whole and the previous one kept beside it; a refusal
changes nothing.
"""

from __future__ import annotations

from pathlib import Path

import click

from addin.cli.common import LANG_OPTION, show
from addin.events.dispatch import run

EVENT = click.argument("event", type=click.Path(path_type=Path))


@click.command("update")
@EVENT
@LANG_OPTION
def update_command(event, lang):
    """Rebuild EVENT's sheets from what is typed in it (player list, settings, results), keeping every result."""
    show(run(event, "refresh"))


@click.command("withdraw")
@EVENT
@click.argument("player")
@click.option("--from-round", "from_round", help="First round he does not play (his games from then on are "
                                                  "forfeits); without it he is only marked withdrawn.")
@LANG_OPTION
def withdraw_command(event, player, from_round, lang):
    """PLAYER (number or name; team letter or name in a Molter event) withdraws from EVENT."""
    show(run(event, "withdraw", player, from_round))


@click.command("reinstate")
@EVENT
@click.argument("player")
@LANG_OPTION
def reinstate_command(event, player, lang):
    """Cancel the withdrawal of PLAYER (its forfeits go with it)."""
    show(run(event, "reinstate", player))


@click.command("result", context_settings={"ignore_unknown_options": True})  # "-+" is a result, not an option
@EVENT
@click.argument("round")
@click.argument("board")
@click.argument("result", required=False, default="")
@LANG_OPTION
def result_command(event, round, board, result, lang):
    """Type or correct the RESULT of ROUND, BOARD in EVENT (no RESULT: clear it)."""
    show(run(event, "set_result", round, board, result))


@click.command("rename")
@EVENT
@click.argument("player")
@click.option("--name", help="The corrected name.")
@click.option("--rating", help="The corrected rating (empty to clear).")
@click.option("--club", help="The corrected club.")
@click.option("--federation", help="The corrected federation.")
@LANG_OPTION
def rename_command(event, player, name, rating, club, federation, lang):
    """Correct PLAYER's name, rating, club or federation (any time)."""
    fields = {key: value for key, value in (("name", name), ("club", club), ("federation", federation))
              if value is not None}
    if rating is not None:
        fields["rating"] = rating if rating.strip() else None
    show(run(event, "edit_player", player, **fields))


@click.command("replace")
@EVENT
@click.argument("player")
@click.argument("name")
@click.option("--rating", help="The newcomer's rating.")
@click.option("--club", default="", help="The newcomer's club.")
@click.option("--federation", default="", help="The newcomer's federation.")
@LANG_OPTION
def replace_command(event, player, name, rating, club, federation, lang):
    """Another person, NAME, takes PLAYER's number (only before PLAYER has played)."""
    show(run(event, "replace_player", player, name, rating, club, federation))


@click.command("late-entry")
@EVENT
@click.argument("name")
@click.option("--rating", help="The newcomer's rating.")
@click.option("--club", default="", help="The newcomer's club.")
@click.option("--federation", default="", help="The newcomer's federation.")
@LANG_OPTION
def late_entry_command(event, name, rating, club, federation, lang):
    """NAME joins EVENT late (a round-robin: only before round 1)."""
    show(run(event, "late_entry", name, rating, club, federation))


# -- Formule Combinée (the only event paired round by round) -----------------------------

@click.command("next-round")
@EVENT
@LANG_OPTION
def next_round_command(event, lang):
    """Pair the next round of EVENT from the standings (a Formule Combinée event)."""
    show(run(event, "next_round"))


@click.command("repair-round")
@EVENT
@LANG_OPTION
def repair_round_command(event, lang):
    """Pair the last paired round of EVENT again, while it holds no score (phases 2 and 3)."""
    show(run(event, "repair_round"))


@click.command("score")
@EVENT
@click.argument("round")
@click.argument("table")
@click.argument("score_a", required=False, default="")
@click.argument("score_b", required=False, default="")
@LANG_OPTION
def score_command(event, round, table, score_a, score_b, lang):
    """Type or correct the two scores of ROUND, TABLE in EVENT (F: forfeit; none: clear them)."""
    show(run(event, "set_scores", round, table, score_a, score_b))


COMBINEE_COMMANDS = (next_round_command, repair_round_command, score_command)
# -- end of Formule Combinée ---------------------------------------------------------------


def register(cli: click.Group) -> None:
    for command in (update_command, withdraw_command, reinstate_command, result_command, rename_command,
                    replace_command, late_entry_command) + COMBINEE_COMMANDS:
        cli.add_command(command)
