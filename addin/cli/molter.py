"""``appariements molter-table``: print or write a Molter pairing table.

The table comes from :func:`addin.systems.molter.tables.molter_table` (the official
table of seed 001 where one exists, else a generated one); ``--source
generated`` and shapes past the official letters (more than 25 teams) use
:func:`addin.systems.molter.generator.generate` directly. The verifier's grade and
quality metrics are printed under the table.
"""

from __future__ import annotations

from pathlib import Path

import click

from addin.core.messages import Message, N_, current_lang

from addin.systems.molter.generator import MAX_TEAMS, generate
from addin.systems.molter.model import MolterTable
from addin.systems.molter.tables import molter_table
from addin.render.table_file import check_suffix, write_table
from addin.cli.common import LANG_OPTION, write_atomic


def _table(teams: int, players: int, rounds: int | None, source: str, autonomous: bool) -> MolterTable:
    if source == "generated" or autonomous:
        return generate(teams, players, rounds if rounds is not None else min(2, teams - 1), autonomous)
    return molter_table(teams, players, rounds, source)


#: the verifier's quality metrics (``addin.systems.molter.verify``), as the organiser reads them
METRIC_WORDS = {
    "i1_pair_spread": N_("I1 spread of the games between two teams {value}"),
    "i1_distinct_short": N_("I1 opposing teams missing {value}"),
    "i2_float_balance": N_("I2 floater balance {value}"),
    "i3_float_spread": N_("I3 floater spread {value}"),
    "i4_block_floats": N_("I4 floats within a block {value}"),
    "i5_round_spread": N_("I5 excess games against one team in a round {value}"),
    "round_colour": N_("rounds without half the Whites {value}"),
}


def summary(table: MolterTable) -> str:
    """One line: source, grade and the quality metrics that miss their ideal."""
    from addin.systems.molter.verify import verify

    report = verify(table)
    metrics, mark = report.metrics, report.grade
    shown = ", ".join(Message(METRIC_WORDS.get(k, k), value=v).text() for k, v in metrics.items())
    if table.source == "official":
        return Message("official table {number}; grade {grade} ({metrics})", number=table.number, grade=mark,
                       metrics=shown).text()
    return Message("generated table; grade {grade} ({metrics})", grade=mark, metrics=shown).text()


def format_table(table: MolterTable, lang: str = "en") -> str:
    from addin.sheets.molter.labels import table_rows

    rows = table_rows(table, lang)
    widths = [max(len(str(row[c])) for row in rows) for c in range(len(rows[0]))]
    return "\n".join("  ".join(str(cell).rjust(w) if c == 0 else str(cell).ljust(w)
                               for c, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows)


@click.command("molter-table")
@click.option("--teams", type=str, required=True, help="Number of teams (3 to 30).")
@click.option("--players", type=str, required=True, help="Players per team (even).")
@click.option("--rounds", type=str, default=None, help="Rounds to play (default: the whole official table, "
              "or 2 rounds when generated).")
@click.option("--source", type=click.Choice(["auto", "official", "generated"]), default="auto",
              show_default=True, help="Official table of seed 001, generated table, or official when it exists.")
@click.option("--autonomous", is_flag=True, help="Generated table: add the autonomous round (even rounds).")
@LANG_OPTION
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write .xlsx or .csv instead of printing.")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
def molter_table_command(teams, players, rounds, source, autonomous, lang, output, force):
    """Molter pairing table for TEAMS teams of PLAYERS players (white first, like C2-B1)."""
    from addin.core.args import as_int
    from addin.sheets.molter.labels import table_rows

    n = as_int(teams, "teams", 3, MAX_TEAMS)
    p = as_int(players, "players", 2, None)
    r = None if rounds is None else as_int(rounds, "rounds", 1, None)
    table = _table(n, p, r, source, autonomous)
    lang = current_lang()  # a bare table, printed or written, in the language of what the run shows
    if output is None:
        click.echo(format_table(table, lang))
        click.echo(summary(table))
        return
    suffix = check_suffix(output)
    rows = table_rows(table, lang)
    write_atomic(output, lambda tmp: write_table(rows, tmp, suffix, title="Molter"), force)
    click.echo(Message("Wrote {path}: {summary}", path=output, summary=summary(table)).text())


def register(cli: click.Group) -> None:
    cli.add_command(molter_table_command)
