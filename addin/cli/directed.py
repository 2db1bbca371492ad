"""Commands for directed pairings, Varma tables, drawing numbers and team leagues.

* ``appariements directed check 16 6 1 2 3 4 5 16`` — do these numbers all meet
  before the last 6 rounds?
* ``appariements directed groups 16 6 6 4 3 3`` — disjoint groups of those sizes;
* ``appariements directed tables [--size 16]`` — the seed's tables (checked);
* ``appariements varma 12 [--valid]`` — FIDE Varma sets, with the 11/12 warning;
* ``appariements draw players.csv --restrict-by club --last-rounds 3`` — numbers;
* ``appariements league venues 12`` — home/away per team number, both orders;
* ``appariements league calendar teams.csv -o calendar.xlsx`` — several divisions.
"""

from __future__ import annotations

import csv
import io
import secrets
from pathlib import Path

import click

from addin.core.messages import Message, N_

from addin.systems.directed.draw import KEYS, draw_numbers
from addin.files.divisions import divisions_from_table
from addin.systems.directed.league import ORDERS, SAME_CLUB, league_calendar, venue_table
from addin.systems.directed.rules import directed_check, field, late_pairs, numbers_arg
from addin.systems.directed.solver import directed_groups
from addin.systems.directed.tables import check_row, rows_of_size
from addin.systems.directed.varma import SET_NAMES, varma_alternative, varma_draw, varma_sets, varma_warnings
from addin.render.output import check_suffix
from addin.cli.common import LANG_OPTION, write_atomic


def _groups_text(groups) -> str:
    return "\n".join(f"{chr(65 + i)}: {', '.join(map(str, g))}" for i, g in enumerate(groups))


@click.group("directed")
def directed_group() -> None:
    """Directed pairings: groups of players who must meet before the last n rounds."""


@directed_group.command("check")
@click.argument("players")
@click.argument("last_rounds")
@click.argument("numbers", nargs=-1, required=True)
def check_command(players, last_rounds, numbers):
    """Do all NUMBERS meet before the last LAST_ROUNDS rounds of a PLAYERS table?"""
    ok = directed_check(players, last_rounds, list(numbers))
    f = field(players, last_rounds)
    if ok:
        click.echo(Message("TRUE: every pair meets by round {round}.", round=f.early_rounds).text())
        return
    click.echo(Message("FALSE:").text())
    for x, y, rnd in late_pairs(f, numbers_arg(f, list(numbers))):
        click.echo("  " + Message("{x} and {y} meet in round {round} (after round {early})", x=x, y=y, round=rnd,
                                   early=f.early_rounds).text())
    raise SystemExit(1)


@directed_group.command("groups")
@click.argument("players")
@click.argument("last_rounds")
@click.argument("sizes", nargs=-1, required=True)
def groups_command(players, last_rounds, sizes):
    """Disjoint groups of SIZES whose members all meet before the last LAST_ROUNDS rounds."""
    click.echo(_groups_text(directed_groups(players, last_rounds, list(sizes))))


@directed_group.command("tables")
@click.option("--size", help="Only the table of this many players (2k = 6 … 30, even).")
@click.option("--printed", is_flag=True, help="Show the rows as printed in the seed, with their faults.")
def tables_command(size, printed):
    """The seed's directed-group tables (valid rows and solver replacements)."""
    for row in rows_of_size(size, printed):
        text = " | ".join(",".join(map(str, g)) for g in row.groups)
        line = f"2k={row.size:>2}  n={row.last_rounds:>2}  {text}"
        if printed:
            check = check_row(row)
            line += "" if check.valid else f"   <-- {check.reason()}"
        click.echo(line)


@click.command("varma")
@click.argument("players")
@click.option("--valid", is_flag=True, help="Show the valid alternative instead of the published sets.")
def varma_command(players, valid):
    """FIDE Varma sets A-D for PLAYERS (9-24) players."""
    sets = varma_alternative(players) if valid else varma_sets(players)
    for name, s in zip(SET_NAMES, sets):
        click.echo(f"{name}: {', '.join(map(str, s))}")
    if not valid:
        for warning in varma_warnings(players):
            click.echo(Message("Warning: {warning}", warning=warning).text(), err=True)


#: the numbered list's header, in the organiser's language (read back by any player-list reader)
HEADER = (N_("number"), N_("name"), N_("club"), N_("federation"))


def _numbered_csv(header, people, numbers) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([Message(word).text() for word in HEADER])
    for number, person in sorted(zip(numbers, people), key=lambda item: item[0]):
        writer.writerow([number, person["name"], person["club"], person["federation"]])
    return out.getvalue()


@click.command("draw")
@click.argument("players_file", type=click.Path(path_type=Path))
@click.option("--restrict-by", "key", type=click.Choice(KEYS), required=True,
              help="Players sharing this column must all meet early.")
@click.option("--last-rounds", default=None, help="They must not meet in the last N rounds (default 3).")
@click.option("--seed", default=None, help="Seed of the draw (printed when not given, to replay it).")
@click.option("--varma", "use_varma", is_flag=True,
              help="Use the published FIDE Varma sets (9-24 players, last 3 rounds).")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write the numbered list (.csv).")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
def draw_command(players_file, key, last_rounds, seed, use_varma, output, force):
    """Draw pairing numbers so that club-mates / compatriots meet early."""
    from addin.files.players import read_players

    people = [{"name": p.name, "club": p.club, "federation": p.federation}
              for p in read_players(players_file)]
    drawn_seed = seed is None
    if drawn_seed:
        seed = str(secrets.randbelow(10 ** 6))
    warnings: list[str | Message] = []
    if use_varma:
        numbers, warnings = varma_draw(people, key, seed, last_rounds=last_rounds)
    else:
        numbers = draw_numbers(people, key, last_rounds, seed)
    text = _numbered_csv(None, people, numbers)
    if output is not None:
        check_suffix(output, ".csv")
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomic(output, lambda tmp: tmp.write_text(text, encoding="utf-8"), force)
        click.echo(Message("Wrote {path}", path=output).text())
    if drawn_seed:  # told once the draw is made and written, so that a refusal stays one sentence
        click.echo(Message("Seed of the draw: {seed}", seed=seed).text(), err=True)
    for warning in warnings:
        click.echo(Message("Warning: {warning}", warning=warning).text(), err=True)


@click.group("league")
def league_group() -> None:
    """Team leagues on Berger tables: home/away, gathering round, calendars."""


@league_group.command("venues")
@click.argument("teams")
@click.option("--order", type=click.Choice(ORDERS), default="gathering", show_default=True)
def venues_command(teams, order):
    """Home (H) / away (A) / gathering (N) / bye (-) per team number and round."""
    rows = venue_table(teams, order)  # checked before anything is printed
    click.echo(Message("order {order}: rounds {rounds}", order=order,
                       rounds="2,3,…,1" if order == "gathering" else "n-1,…,2,1").text())
    click.echo(", ".join(Message(word).text() for word in VENUE_CODES.values()))
    click.echo("  ".join(Message(word).text() for word in VENUE_HEADER))
    codes = {code: Message(word).text().split(" ")[0] for code, word in VENUE_CODES.items()}
    widths = [max(len(Message(word).text()), len(str(rows[0][key])) if rows else 0)
              for word, key in zip(VENUE_HEADER, ("number", "sequence", "home", "away", "breaks"))]
    for row in rows:
        sequence = "".join(codes.get(c, c) for c in row["sequence"])
        click.echo("  ".join(f"{value:>{w}}" for value, w in zip(
            (row["number"], sequence, row["home"], row["away"], row["breaks"]), widths)))


#: the columns of ``league venues`` and its codes, in the organiser's language (H home, A away,
#: N neutral: the gathering round; French D domicile, E extérieur, N neutre)
VENUE_HEADER = (N_("number"), N_("sequence"), N_("home"), N_("away"), N_("breaks"))
VENUE_CODES = {"H": N_("H (home)"), "A": N_("A (away)"), "N": N_("N (neutral)")}


@league_group.command("calendar")
@click.argument("teams_file", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True, help="Workbook (.xlsx).")
@click.option("--same-club", type=click.Choice(SAME_CLUB), default="complementary", show_default=True,
              help="Teams of one club in one division: complementary numbers, or meeting in the gathering round.")
@click.option("--half-home", default="", help="Comma-separated clubs wanting half their teams at home each weekend.")
@click.option("--order", type=click.Choice(ORDERS), default="gathering", show_default=True)
@click.option("--start", default=None, help="Date of round 1 (YYYY-MM-DD).")
@click.option("--every", default=7, show_default=True, help="Days between rounds.")
@click.option("--dates", default=None, help="Comma-separated dates of the rounds (instead of --start).")
@click.option("--seed", default=None, help="Seed of the draw of team numbers.")
@LANG_OPTION
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
def calendar_command(teams_file, output, same_club, half_home, order, start, every, dates, seed, lang, force):
    """League calendar for several divisions (CSV/XLSX with division, team, club)."""
    from addin.sheets.league import league_layout
    from addin.files.read_table import read_table
    from addin.render.xlsx import write_xlsx

    check_suffix(output, ".xlsx")
    table = read_table(teams_file, "teams")
    divisions = divisions_from_table(table.header, table.rows, table.source, table.header_line)
    drawn_seed = seed is None
    if drawn_seed:
        seed = str(secrets.randbelow(10 ** 6))
    calendars = league_calendar(divisions, same_club, half_home.split(","), order, seed,
                                dates.split(",") if dates else None, start, every)
    clubs = {t.name: t.club for d in divisions for t in d.teams}
    layout = league_layout(calendars, clubs, order, lang)
    write_atomic(output, lambda tmp: write_xlsx(layout, tmp), force)
    if drawn_seed:
        click.echo(Message("Seed of the draw: {seed}", seed=seed).text(), err=True)
    click.echo(Message("Wrote {path}", path=output).text())


def register(cli: click.Group) -> None:
    cli.add_command(directed_group)
    cli.add_command(varma_command)
    cli.add_command(draw_command)
    cli.add_command(league_group)
