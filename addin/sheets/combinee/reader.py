"""Read a Formule Combinée event workbook back into a :class:`~addin.systems.combinee.event.CombineeEvent`.

The inputs of the event are constants in the workbook (formulas only derive from them), so
reading needs no recalculation, and a file (openpyxl, cached values) and an open workbook
(xlwings) read alike (``addin.sheets.book.Book``). Positions are those of ``cells.py``, the
ones the layout writes; sheet names are recognised in French and English.

What is read, and refused with a sentence naming the cell when it cannot be right:

* the settings (column B, found by the hidden key in column C); a workbook made before
  late entries existed has no ``entrants``/``late_*`` rows: their defaults apply;
* the player list: the ``players`` known to the event in rows 2.., with their name, club,
  rating, group and position, withdrawal round and arrival round; a row below them with a
  name is a late entry not yet taken into the event (:class:`Newcomer`);
* every round sheet: the tables paired (both player numbers, the phase-1 group) and the two
  scores, as ``addin.core.cells`` reads a cell (``=380+42`` saved with its value reads 422).
  A score typed at a table that is not paired is kept, counted nowhere, and stops the
  pairing of its round (``addin.systems.combinee.event.next_round``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from addin.core.args import as_int
from addin.core.cells import is_blank, refuse_uncomputed, show, text, whole_or_none, in_sheet, at_cell
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import current_lang, Message, N_
from addin.sheets.book import Book, cell
from addin.sheets.combinee.cells import PlayersCols, RoundCols, SettingsCols, round_sheet
from addin.sheets.combinee.labels import LABELS, detect_lang
from addin.sheets.find import (check_headings, check_names, labels_of, mendable, moved_row, refuse_faults,
                               score_command, stray_row)
from addin.sheets.keys import SHEET as KEY_SHEETS, read_keys
from addin.sheets.model import col_letter
from addin.systems.combinee.event import (FICTITIOUS, CombineeEvent, EventPlayer, Table, check_scores,
                                          Score, played_scores)
from addin.systems.combinee.groups import group_counts
from addin.systems.combinee.phases import check_phases
from addin.systems.combinee.scoring import read_score, scoring

MAX_RATING = 4000
ARRIVAL, WITHDRAWAL = N_("arrival round"), N_("withdrawal round")


@dataclass(frozen=True)
class Newcomer:
    """A row typed below the last player: a late entry to take into the event."""

    row: int
    name: str
    rating: int | None
    club: str
    joined: int | None


def is_event(sheet_names: Sequence[str]) -> bool:
    return detect_lang(sheet_names) is not None and round_sheet(1) in sheet_names


def read_event(book: Book, mend: tuple[int, int] | None = None) -> tuple[CombineeEvent, list[Newcomer]]:
    """The event ``book`` holds, and the late entries typed in its player list.

    ``mend``: the ``(round, table)`` whose scores the running command overwrites or clears; what
    its cells hold is not read. Any other score that cannot be read is refused with the command
    that mends it."""
    names = book.sheet_names()
    lang = detect_lang(names)
    if lang is None or round_sheet(1) not in names:
        raise TournamentError(
            "{name} is not a Formule Combinée event workbook: it has no sheets '{settings}' and '{players}' and R1.",
            name=book.name, settings=LABELS[current_lang()]["settings"], players=LABELS[current_lang()]["players"])
    t = LABELS[lang]
    source = book.name
    book.prefetch([t["settings"], t["players"], KEY_SHEETS[lang]]
                  + [n for n in names if n.startswith("R") and n[1:].isdigit()])
    cfg, rules = _settings(book.values(t["settings"]) or [], in_sheet(source, t['settings']))
    phases = _phases(cfg, in_sheet(source, t['settings']))
    count = _count(cfg.get("players"), in_sheet(source, t['settings']), "players")
    entrants = _count(cfg.get("entrants", cfg.get("players")), in_sheet(source, t['settings']), "entrants")
    check_headings(book.values(t["players"]) or [], 1, {col: labels_of(LABELS, key, lang) for col, key in (
        (PlayersCols.NUMBER, "no"), (PlayersCols.NAME, "name"), (PlayersCols.CLUB, "club"),
        (PlayersCols.RATING, "rating"), (PlayersCols.GROUP, "group"), (PlayersCols.POSITION, "position"))},
        in_sheet(source, t['players']))  # (a workbook made before withdrawals has no heading after these)
    players, withdrawn, placed, newcomers = _players(book.values(t["players"]) or [], count, phases.total,
                                                     in_sheet(source, t['players']))
    check_names(read_keys(book, "players"), {str(p.number): p.name for p in players},
                in_sheet(source, t["players"]), Message(N_("player")))
    groups = _groups(placed, entrants, phases.phase1, in_sheet(source, t['players']))
    rounds: list[tuple[Table, ...]] = []
    scores: dict[tuple[int, int], tuple[Score, Score]] = {}
    faults: dict[tuple[int, int], TournamentError] = {}
    for k in range(1, phases.total + 1):
        sheet = round_sheet(k)
        rows = book.values(sheet)
        if rows is None:
            raise TournamentError("{source}: the sheet {sheet} is missing; the round sheets must not be deleted or "
                                  "renamed.", source=source, sheet=sheet)
        tables, typed, bad = _round(rows, k, count, in_sheet(source, sheet), lang)
        faults.update({(k, table): error for table, error in bad.items()})
        typed = {table: pair for table, pair in typed.items() if (k, table) != mend}
        if tables and len(rounds) != k - 1:
            raise TournamentError(
                "{source}, sheet {sheet}: round {round} is paired but round {previous} is not; the pairing columns "
                "must not be edited.", source=source, sheet=sheet, round=k, previous=len(rounds) + 1)
        if tables:
            rounds.append(tuple(tables))
        scores.update({(k, table): pair for table, pair in typed.items()})
    if len(rounds) < phases.phase1:
        raise TournamentError(
            "{source}, sheet {sheet}: the phase-1 pairings are missing; the pairing columns must not be edited.",
            source=source, sheet=round_sheet(len(rounds) + 1))
    seed = whole_or_none(cfg.get("seed"))
    event = CombineeEvent(tuple(players), phases, rules, 0 if seed is None else seed,
                          text(cfg.get("improved")) != "0", entrants, groups, tuple(rounds), scores, {},
                          EventHeader(text(cfg.get("title")), text(cfg.get("place")), text(cfg.get("dates")),
                                      text(cfg.get("arbiter")), lang))
    refuse_faults(faults, mend, lambda key: score_command(source, *key))
    _check_rounds(event, source)
    for key in sorted(event.scores):
        try:
            check_scores(replace(event, scores={key: event.scores[key]}),
                         lambda rnd, table: Message("{source}, sheet {sheet}, table {table}", source=source,
                                                    sheet=round_sheet(rnd), table=table))
        except TournamentError as error:
            raise mendable(error, score_command(source, *key)) from None
    for number, rnd in withdrawn.items():
        row = PlayersCols.FIRST_ROW + number - 1
        where = at_cell(in_sheet(source, t['players']), f"{col_letter(PlayersCols.WITHDRAWN)}{row}")
        joined = event.player(number).joined
        if rnd < joined:
            raise TournamentError("{where}: player {number} joined at round {joined}, so he cannot withdraw from round "
                                  "{round}.", where=where, number=number, joined=joined, round=rnd)
        played = played_scores(event, number, rnd)
        if played:
            at, table, mine = played[0]
            raise TournamentError(
                "{where}: player {number} withdraws from round {round}, but he played round {played_round} (table "
                "{table}, his score {score}). Give the round after his last game, or clear that score; nothing was "
                "changed.", where=where, number=number, round=rnd, played_round=at, table=table, score=mine)
    return replace(event, withdrawn=withdrawn), newcomers


def is_current(book: Book) -> bool:
    """Whether the workbook was written by this version's layout (a button may then write only a few cells)."""
    lang = detect_lang(book.sheet_names())
    rows = book.values(LABELS[lang]["settings"]) if lang else None
    return any(text(cell(rows, r, SettingsCols.KEY)) == "late_pm" for r in range(1, len(rows or []) + 1))


def typed_results(book: Book) -> int:
    """How many tables hold a typed score (0 for a workbook that is not a Formule Combinée event)."""
    if not is_event(book.sheet_names()):
        return 0
    count = 0
    book.prefetch([round_sheet(k) for k in range(1, 25)])
    for k in range(1, 25):
        rows = book.values(round_sheet(k))
        if rows is None:
            break
        C = RoundCols
        count += sum(1 for row in rows[C.FIRST_ROW - 1:]
                     if not all(is_blank(v) for v in (list(row) + [None] * C.B)[C.SCORE_A - 1:C.SCORE_B]))
    return count


# -- pieces ------------------------------------------------------------------------

def _settings(rows: list[list[Any]], where: str) -> tuple[dict[str, Any], Any]:
    C = SettingsCols
    cfg: dict[str, Any] = {}
    for index in range(C.FIRST_ROW, len(rows) + 1):
        key = cell(rows, index, C.KEY)
        if not is_blank(key):
            value = cell(rows, index, C.VALUE)
            refuse_uncomputed(value, at_cell(where, f"{col_letter(C.VALUE)}{index}"))
            cfg[text(key)] = value
    if not {"phase1", "phase2", "players"} <= set(cfg):
        raise TournamentError("{where}: the event settings are missing; this workbook was not made by 'appariements "
                              "combinee' or its hidden column C was edited.", where=where)
    try:
        rules = scoring(cfg.get("scoring", "3-2-1-0"), cfg.get("cap"), cfg.get("bye_pm"), cfg.get("bye_pdep"),
                        cfg.get("forfeit_pdep"), cfg.get("late_pm"), cfg.get("late_pdep"))
        points: dict[str, Any] = {key: as_int(cfg.get(key), key, 0, 10) for key in ("win", "draw", "loss", "forfeit")
                                  if key in cfg}  # the fields of Scoring the settings name
        rules = replace(rules, **points)
    except TournamentError as exc:
        raise TournamentError("{where}: {message}", where=where, message=exc.message) from None
    return cfg, rules


def _phases(cfg: dict[str, Any], where: str):
    try:
        return check_phases(whole_or_none(cfg.get("phase1")), whole_or_none(cfg.get("phase2")),
                            whole_or_none(cfg.get("phase3")) or 0)
    except TournamentError as exc:
        raise TournamentError("{where}: {message}", where=where, message=exc.message) from None


def _count(value: Any, where: str, key: str) -> int:
    number = whole_or_none(value)
    if number is None or number < 2:
        raise TournamentError("{where}: the setting '{key}' was changed; it is written by the program and must stay "
                              "as it is.", where=where, key=key)
    return number


def _players(rows: list[list[Any]], count: int, total: int, where: str):
    """Players 1..count, their withdrawals, their group places, and the newcomers below them."""
    C = PlayersCols
    players: list[EventPlayer] = []
    withdrawn: dict[int, int] = {}
    placed: dict[int, tuple[int, int, int]] = {}  # number -> (group, position, row)
    newcomers: list[Newcomer] = []
    last = max(len(rows), C.FIRST_ROW + count - 1)
    for row in range(C.FIRST_ROW, last + 1):
        values = [cell(rows, row, col) for col in range(1, C.OWN + 1)]
        for col, value in enumerate(values, 1):
            refuse_uncomputed(value, at_cell(where, f"{col_letter(col)}{row}"))
        number = row - C.FIRST_ROW + 1
        at = lambda col: at_cell(where, f"{col_letter(col)}{row}")  # noqa: E731
        name, club = text(values[C.NAME - 1]), text(values[C.CLUB - 1])
        rating = _rating(values[C.RATING - 1], at(C.RATING))
        if number <= count:
            if whole_or_none(values[C.NUMBER - 1]) != number:
                raise TournamentError("{where}: the number of the player of this row must stay {number}; players "
                                      "keep their numbers and their rows.", where=at(C.NUMBER), number=number)
            if not name:
                raise TournamentError("{where}: player {number} needs a name (a player who leaves is withdrawn, "
                                      "not erased).", where=at(C.NAME), number=number)
            joined = _round_cell(values[C.JOINED - 1], at(C.JOINED), total, ARRIVAL) or 1
            players.append(EventPlayer(number, name, rating, club, joined))
            gone = _round_cell(values[C.WITHDRAWN - 1], at(C.WITHDRAWN), total, WITHDRAWAL)
            if gone is not None:
                withdrawn[number] = gone
            group = values[C.GROUP - 1]
            if not is_blank(group):
                placed[number] = (_whole(group, at(C.GROUP)), _position(values[C.POSITION - 1], at(C.POSITION)), row)
            continue
        if all(is_blank(v) for v in values):
            continue
        expected = count + len(newcomers) + 1
        typed_number = values[C.NUMBER - 1]
        if not name or (not is_blank(typed_number) and whole_or_none(typed_number) != expected) \
                or not is_blank(values[C.GROUP - 1]) or not is_blank(values[C.POSITION - 1]) \
                or not is_blank(values[C.WITHDRAWN - 1]):
            raise TournamentError(
                "{where}, row {row}: a player joining late is typed in a new row below the last player, with his "
                "name (and his club and rating if known), the number empty (or {number}) and no group, position "
                "or withdrawal.", where=where, row=row, number=expected)
        newcomers.append(Newcomer(row, name, rating, club,
                                  _round_cell(values[C.JOINED - 1], at(C.JOINED), total, ARRIVAL)))
    return players, withdrawn, placed, newcomers


def _groups(placed: dict[int, tuple[int, int, int]], entrants: int, phase1: int, where: str):
    plan = group_counts(entrants, phase1)
    sizes = plan.sizes()
    groups: list[list[int | None]] = [[None] * size for size in sizes]
    for number, (g, pos, row) in sorted(placed.items()):
        if not 1 <= g <= len(sizes) or not 1 <= pos <= sizes[g - 1] or groups[g - 1][pos - 1] is not None:
            raise TournamentError(
                "{where}, row {row}: group {group}, position A{position} is not a free place of the groups; the "
                "group and position columns are written by the program and must stay as they are.",
                where=where, row=row, group=g, position=pos)
        groups[g - 1][pos - 1] = number
    empty = sum(1 for members in groups for m in members if m is None)
    entered = sum(1 for number in placed if number <= entrants)
    took_place = sum(1 for number in placed if number > entrants)
    if entered != entrants or empty != plan.players - entrants - took_place:
        raise TournamentError(
            "{where}: the group and position columns do not hold every place of the groups; they are written by the "
            "program and must stay as they are.", where=where)
    return tuple(tuple(FICTITIOUS if m is None else m for m in members) for members in groups)


#: the round sheet's heading row: column -> label key (the hidden helpers are headed by their own names)
ROUND_HEADINGS = ((RoundCols.TABLE, "table"), (RoundCols.GROUP, "group"), (RoundCols.A, "no"),
                  (RoundCols.NAME_A, "player"), (RoundCols.SCORE_A, "score"), (RoundCols.SCORE_B, "score"),
                  (RoundCols.NAME_B, "player"), (RoundCols.B, "no"), (RoundCols.PM_A, "pm"), (RoundCols.PM_B, "pm"),
                  (RoundCols.PDEP_A, "pdep"), (RoundCols.PDEP_B, "pdep"))


def _round(rows: list[list[Any]], k: int, count: int, where: str, lang: str = "fr"):
    """The tables paired in a round sheet, the scores typed in it and the scores that cannot be read
    (per table number).

    Each table is found by its number in column A, wherever its row is (a blank row inserted
    among the tables, or the tables sorted, read alike); the headings must be in their columns,
    every table from 1 to the last appear once, and a row holding a number or a score but no
    table number is refused: it belongs to no table.
    """
    C = RoundCols
    check_headings(rows, C.HEADER_ROW, {col: labels_of(LABELS, key, lang) for col, key in ROUND_HEADINGS}, where)
    found: dict[int, int] = {}  # table number -> row
    for row in range(C.FIRST_ROW, len(rows) + 1):
        value = cell(rows, row, C.TABLE)
        if is_blank(value):
            if any(not is_blank(cell(rows, row, col)) for col in (C.GROUP, C.A, C.SCORE_A, C.SCORE_B, C.B)):
                raise stray_row(where, row, Message(N_("the tables of the round")))
            continue
        number = whole_or_none(value) if not isinstance(value, (str, bool)) else None
        if number is None or number < 1 or number in found:
            expected = len(found) + 1 if number is None or number < 1 else number
            raise moved_row(where, row, Message("table {table}", table=expected), value)
        found[number] = row
    last = max(found, default=0)
    missing = next((t for t in range(1, max(last, (count + 1) // 2) + 1) if t not in found), None)
    if missing is not None:
        row = found.get(missing - 1, C.FIRST_ROW - 1) + 1
        raise moved_row(where, row, Message("table {table}", table=missing), cell(rows, row, C.TABLE))
    tables: list[Table] = []
    typed: dict[int, tuple[Any, Any]] = {}
    faults: dict[int, TournamentError] = {}
    gap = False
    for number in range(1, last + 1):
        row = found[number]
        a_value, b_value = cell(rows, row, C.A), cell(rows, row, C.B)
        at = Message("{where}, row {row}", where=where, row=row)
        for col in (C.A, C.B, C.GROUP):
            refuse_uncomputed(cell(rows, row, col), at)
        table_where = Message("{where}, table {table}", where=where, table=number)
        try:
            sa = read_score(cell(rows, row, C.SCORE_A), table_where)
            sb = read_score(cell(rows, row, C.SCORE_B), table_where)
        except TournamentError as error:
            faults[number] = error
            sa = sb = None
        if sa is not None or sb is not None:
            typed[number] = (sa, sb)
        if is_blank(a_value):
            if not is_blank(b_value):
                raise _edited(at, count)
            gap = True
        else:
            a, b = whole_or_none(a_value), whole_or_none(b_value)
            if gap or a is None or not 1 <= a <= count or b is None or not 0 <= b <= count or a == b:
                raise _edited(at, count)
            group = cell(rows, row, C.GROUP)
            tables.append(Table(None if is_blank(group) else whole_or_none(group), a, b))
    return tables, typed, faults


def _edited(where: str | Message, count: int) -> TournamentError:
    return TournamentError("{where}: the player numbers of this table were changed; they must be numbers from 1 to "
                           "{count} (0 for the bye), written by the program.", where=where, count=count)


def _check_rounds(event: CombineeEvent, source: str) -> None:
    """Nobody twice in a round; nobody paired before the round he joined at."""
    for k, tables in enumerate(event.rounds, 1):
        seen: set[int] = set()
        for t, table in enumerate(tables, 1):
            for player in (table.a, table.b):
                if player == FICTITIOUS:
                    continue
                where = Message("{source}, sheet {sheet}, table {table}", source=source, sheet=round_sheet(k), table=t)
                if player in seen:
                    raise TournamentError("{where}: player {number} is paired twice in round {round}; the pairing "
                                          "columns must not be edited.", where=where, number=player, round=k)
                if event.player(player).joined > k:
                    raise TournamentError("{where}: player {number} joined at round {joined} but is paired in round "
                                          "{round}; correct his arrival round.", where=where, number=player,
                                          joined=event.player(player).joined, round=k)
                seen.add(player)


def _rating(value: Any, where: str) -> int | None:
    if is_blank(value):
        return None
    number = whole_or_none(value)
    if number is None or not 0 <= number <= MAX_RATING:
        raise TournamentError("{where}: the rating must be a whole number from 0 to {high}, not {value}.",
                              where=where, high=MAX_RATING, value=show(value))
    return number


def _round_cell(value: Any, where: str, total: int, what: str) -> int | None:
    if is_blank(value):
        return None
    number = whole_or_none(value) if not isinstance(value, (str, bool)) else None
    if number is None or not 1 <= number <= total:
        raise TournamentError("{where}: the {what} must be a round number from 1 to {rounds}, typed as a number, not "
                              "{value}.", where=where, what=Message(what), rounds=total, value=show(value))
    return number


def _whole(value: Any, where: str) -> int:
    number = whole_or_none(value)
    if number is None:
        raise TournamentError("{where}: {value} is not a group number; the group column is written by the program.",
                              where=where, value=show(value))
    return number


def _position(value: Any, where: str) -> int:
    label = text(value).upper()
    number = whole_or_none(label[1:]) if label.startswith("A") else None
    if number is None:
        raise TournamentError("{where}: {value} is not a position (A1, A2…); the position column is written by the "
                              "program.", where=where, value=show(value))
    return number
