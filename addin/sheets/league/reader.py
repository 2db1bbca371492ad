"""Read a league season workbook back into a :class:`~addin.systems.league.model.Season`.

The inputs are constants in the workbook (formulas only derive from them), so reading needs
no recalculation: Settings column B; the registered teams (division, number, name, club,
withdrawal round); the rosters (one row per player: division, team number, board order,
name, rating, id — a row added at the bottom joins its team's roster after the others);
the calendar's dates; and each round's sheet: per match its hidden facts (division,
round, match, the two team numbers), its forfeit and colour-override cells, per board the
two roster numbers and the result. Positions are those of ``cells.py``; sheet names and
words are recognised in French and English.

A result must be one of the six workbook codes, a forfeit or override one of the words of
the drop-down list, a roster number a whole number: anything else is refused with the
sheet and the row, since the sheet's formulas would not read it either.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Sequence

from addin.core.cells import Uncomputed, is_blank, refuse_uncomputed, text, whole_or_none, shown, in_sheet
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.core.messages import Message, N_
from addin.core.results import WORKBOOK_RESULT_CODES, parse_result
from addin.sheets.book import Book, cell, read_many
from addin.sheets.find import (check_headings, check_names, heading_mismatch, labels_of, moved_row, refuse_faults,
                               result_command)
from addin.sheets.keys import SHEET as KEY_SHEETS, read_keys
from addin.sheets.league.cells import (FIRST_BOARD, HEADER, NO_TIEBREAK, POINTS, SCORE, TIEBREAK_SLOTS, CalendarCols,
                                       RosterCols, RoundCols, SettingsRows, TeamsCols)
from addin.sheets.league.labels import LABELS
from addin.sheets.model import col_letter
from addin.systems.league.model import (AWAY, BOTH, CUSTOM, HOME, MAX_BOARDS, MIN_BOARDS, SCORINGS, TIEBREAKS, Match,
                                        MatchKey, Member, Scoring, Season, SeasonDivision, SeasonTeam)


def detect_lang(sheet_names: Sequence[str]) -> str | None:
    names = set(sheet_names)
    for lang, L in LABELS.items():
        if L["sheet_rosters"] in names and L["sheet_calendar"] in names:
            return lang
    return None


def is_season(sheet_names: Sequence[str]) -> bool:
    names = set(sheet_names)
    return any(L["sheet_rosters"] in names and L["sheet_calendar"] in names and L["sheet_table"] in names
               for L in LABELS.values())


def read_season(book: Book, mend: tuple[Any, Any, Any] | None = None) -> Season:
    """The season ``book`` holds (see the module doc).

    ``mend``: the ``(round, match, board)`` whose result the running command overwrites (``match``
    numbered as on the round's sheet; ``board`` :data:`FORFEIT_CELL` for the match's forfeit
    cell); its cell is not read. Any other result or forfeit that cannot be read is refused
    with the command that mends it."""
    lang = detect_lang(book.sheet_names())
    if lang is None or not is_season(book.sheet_names()):
        raise TournamentError("{name} is not a league season workbook: it has no sheets '{rosters}' and '{calendar}'.",
                              name=book.name, rosters=LABELS["fr"]["sheet_rosters"],
                              calendar=LABELS["fr"]["sheet_calendar"])
    L = LABELS[lang]
    source = book.name
    read_many(book, [L[key] for key in ("sheet_settings", "sheet_teams", "sheet_rosters", "sheet_calendar")]
              + [KEY_SHEETS[lang]] + [name for name in book.sheet_names() if _is_round_sheet(name, L)])
    settings = book.values(L["sheet_settings"]) or []
    check_headings(book.values(L["sheet_calendar"]) or [], CalendarCols.FIRST_ROW - 1,
                   _headings(CALENDAR_HEADINGS, lang), in_sheet(source, L["sheet_calendar"]))
    check_headings(book.values(L["sheet_rosters"]) or [], RosterCols.FIRST_ROW - 1, _headings(ROSTER_HEADINGS, lang),
                   in_sheet(source, L["sheet_rosters"]))
    check_headings(book.values(L["sheet_teams"]) or [], TeamsCols.FIRST_ROW - 1, _headings(TEAMS_HEADINGS, lang),
                   in_sheet(source, L["sheet_teams"]))
    boards = _boards(settings, L, source)
    scoring, preset = _scoring(settings, L, source)
    divisions_order, teams, withdrawn = read_teams(book.values(L["sheet_teams"]) or [], L, source)
    check_names(read_keys(book, "teams"), {f"{d}/{number}": name for (d, number), (name, _) in teams.items()},
                Message("{source}, sheet {sheet}", source=source, sheet=L["sheet_teams"]), Message(N_("team")))
    rosters = read_rosters(book.values(L["sheet_rosters"]) or [], L, source, teams, divisions_order)
    check_names(read_keys(book, "rosters"), {f"{d}/{t}/{k}": member.name for (d, t), members in rosters.items()
                                             for k, member in enumerate(members, 1)},
                Message("{source}, sheet {sheet}", source=source, sheet=L["sheet_rosters"]), Message(N_("player")))
    dates = _dates(book.values(L["sheet_calendar"]) or [], divisions_order)
    words = {L["home"]: HOME, L["away"]: AWAY, L["both"]: BOTH}
    matches: dict[int, list[Match]] = {d: [] for d in range(1, len(divisions_order) + 1)}
    lineups: dict[tuple[MatchKey, int], tuple[int | None, ...]] = {}
    results: dict[tuple[int, int, int, int], str] = {}
    forfeits: dict[MatchKey, str] = {}
    white_odd: dict[MatchKey, str] = {}
    faults: dict[tuple[int, int, int, int | str], TournamentError] = {}
    planned = _calendar_rounds(book.values(L["sheet_calendar"]) or [], divisions_order)
    planned_matches = set(dates)
    missing = [r for r in range(1, planned + 1) if L["sheet_round"].format(r=r) not in book.sheet_names()]
    if missing:
        raise TournamentError("{name}: the sheet '{sheet}' is missing, and the calendar plays {rounds} rounds; "
                              "restore it (its old name, or undo its deletion) so that no result is lost.",
                              name=source, sheet=L["sheet_round"].format(r=missing[0]), rounds=planned)
    rnd = 1
    while L["sheet_round"].format(r=rnd) in book.sheet_names():
        sheet = L["sheet_round"].format(r=rnd)
        rows = book.values(sheet) or []
        where = in_sheet(source, sheet)
        R = RoundCols
        found: set[tuple[int, int, int]] = set()
        for index, line in enumerate(rows, 1):
            cells = list(line) + [None] * (R.LAST_HIDDEN + 1)
            d, r, m = (whole_or_none(cells[c - 1]) for c in (R.DIV, R.RND, R.IDX))
            home, away = whole_or_none(cells[R.HOME - 1]), whole_or_none(cells[R.AWAY - 1])
            if d is None or r is None or m is None or home is None or away is None or isinstance(cells[R.DIV - 1], str):
                continue
            if not 1 <= d <= len(divisions_order) or r != rnd or (d, r, m) in found:
                raise TournamentError("{where}, row {row}: the match's hidden facts were changed; rebuild the "
                                      "season from its files.", where=where, row=index)
            key = (d, r, m)
            found.add(key)
            _check_block(rows, index, boards, where, lang, m, divisions_order[d - 1])
            neutral = bool(whole_or_none(cells[R.NEUTRAL - 1]))
            matches[d].append(Match(r, m, home, away, dates.get(key, ""), neutral))
            forfeit = cell(rows, index + SCORE, R.INPUT)
            if not is_blank(forfeit):
                word = words.get(text(forfeit))
                if word is None:
                    faults.setdefault((*key, FORFEIT_CELL), TournamentError(
                        "{where}, cell J{row}: the forfeit '{value}' is not one of {words}.", where=where,
                        row=index + SCORE, value=text(forfeit), words=", ".join(words)))
                else:
                    forfeits[key] = word
            override = cell(rows, index + POINTS, R.INPUT)
            if not is_blank(override):
                word = words.get(text(override))
                if word not in (HOME, AWAY):
                    raise TournamentError("{where}, cell J{row}: '{value}' must be {home} or {away} (the team with "
                                          "White on the odd boards) or empty.", where=where, row=index + POINTS,
                                          value=text(override), home=L["home"], away=L["away"])
                white_odd[key] = word
            home_line: list[int | None] = []
            away_line: list[int | None] = []
            for b in range(1, boards + 1):
                row = index + FIRST_BOARD + b - 1
                for col, target in ((R.HOME_NO, home_line), (R.AWAY_NO, away_line)):
                    value = cell(rows, row, col)
                    refuse_uncomputed(value, Message("{where}, row {row}", where=where, row=row))
                    if is_blank(value):
                        target.append(None)
                        continue
                    number = whole_or_none(value) if not isinstance(value, str) else None
                    if number is None or number < 1:
                        raise TournamentError("{where}, row {row}: the roster number '{value}' must be a whole "
                                              "number (a player of the team's roster) or empty.", where=where,
                                              row=row, value=text(value))
                    target.append(number)
                value = cell(rows, row, R.RESULT)
                try:
                    refuse_uncomputed(value, Message("{where}, row {row}", where=where, row=row))
                except TournamentError as error:
                    faults.setdefault((*key, b), error)
                    continue
                if is_blank(value):
                    continue
                if value not in WORKBOOK_RESULT_CODES:
                    faults.setdefault((*key, b), TournamentError(
                        "{where}, row {row} (board {board}): the result '{value}' is not one of the codes {codes}; "
                        "choose it from the drop-down list.", where=where, row=row, board=b, value=value,
                        codes=", ".join(WORKBOOK_RESULT_CODES)))
                    continue
                code = parse_result(value)
                assert code is not None  # one of the workbook's codes, not blank
                results[(*key, b)] = code
            lineups[(key, 0)] = tuple(home_line)
            lineups[(key, 1)] = tuple(away_line)
        absent = sorted(key for key in planned_matches if key[1] == rnd and key not in found)
        if absent:
            d, _, m = absent[0]
            raise TournamentError(
                "{where}: match {match} of {division} is not found on this sheet (its title row, with its hidden "
                "facts in columns {first}–{last}): a row or column was inserted, deleted or moved, and its results "
                "would be lost. Undo that change; nothing was changed.", where=where, match=m,
                division=divisions_order[d - 1], first=col_letter(R.DIV), last=col_letter(R.NEUTRAL))
        rnd += 1
    divisions = []
    for d, name in enumerate(divisions_order, 1):
        numbers = sorted(t for (dd, t) in teams if dd == d)
        division_teams = tuple(SeasonTeam(t, teams[(d, t)][0], teams[(d, t)][1], tuple(rosters.get((d, t), ())))
                               for t in numbers)
        division_matches = tuple(sorted(matches[d], key=lambda m: (m.round, m.index)))
        rounds = max((m.round for m in division_matches), default=0)
        if len(numbers) % 2 == 1:
            rounds = max(rounds, len(numbers))
        byes = {}
        for r in range(1, rounds + 1):
            playing = {x for m in division_matches if m.round == r for x in (m.home, m.away)}
            idle = [t for t in numbers if t not in playing]
            if len(idle) == 1:
                byes[r] = idle[0]
        divisions.append(SeasonDivision(name, division_teams, division_matches, byes))
    season = Season(
        tuple(divisions), boards=boards, scoring=scoring, preset=preset,
        colours="even" if text(cell(settings, SettingsRows.COLOURS, 2)).lower() in (LABELS["fr"]["even"],
                                                                                   LABELS["en"]["even"]) else "odd",
        tiebreaks=_tiebreaks(settings, L, source), order=text(cell(settings, SettingsRows.ORDER, 2)) or "gathering",
        lineups=lineups, results=results, forfeits=forfeits, white_odd=white_odd, withdrawn=withdrawn,
        header=EventHeader(text(cell(settings, SettingsRows.EVENT, 2)), text(cell(settings, SettingsRows.PLACE, 2)),
                           text(cell(settings, SettingsRows.DATES, 2)), text(cell(settings, SettingsRows.ARBITER, 2)),
                           lang),
        seed=whole_or_none(cell(settings, SettingsRows.SEED, 2)))
    season = season.normalised()
    if faults:
        order = [key for key, _ in season.matches()]

        def on_sheet(key: tuple[int, int, int, int | str]) -> tuple[int, int, int | str]:
            """(round, match as numbered on the round's sheet, board) of a result's key."""
            same_round = [k for k in order if k[1] == key[1]]
            return key[1], same_round.index(key[:3]) + 1, key[3]

        wanted = None if mend is None else tuple(part if part == FORFEIT_CELL else whole_or_none(part) for part in mend)
        refuse_faults({on_sheet(key): error for key, error in faults.items()}, wanted,
                      lambda key: forfeit_command(source, key[0], key[1]) if key[2] == FORFEIT_CELL
                      else result_command(source, key[0], f"{key[1]}.{key[2]}"))
    return season


#: heading rows the reader checks (column -> label key): a column inserted, deleted or moved shows there
CALENDAR_HEADINGS = ((CalendarCols.DIVISION, "division"), (CalendarCols.ROUND, "round"),
                     (CalendarCols.MATCH, "match"), (CalendarCols.DATE, "date"))
ROSTER_HEADINGS = ((RosterCols.DIVISION, "division"), (RosterCols.TEAM_NO, "number"), (RosterCols.TEAM, "team"),
                   (RosterCols.NUMBER, "number"), (RosterCols.NAME, "name"), (RosterCols.RATING, "rating"),
                   (RosterCols.IDENT, "ident"))
TEAMS_HEADINGS = ((TeamsCols.DIVISION, "division"), (TeamsCols.NUMBER, "number"), (TeamsCols.NAME, "team"),
                  (TeamsCols.CLUB, "club"), (TeamsCols.WITHDRAWN, "withdrawn"))
BOARD_HEADINGS = ((RoundCols.BOARD, "board"), (RoundCols.COLOUR, "colour"), (RoundCols.HOME_NO, "number"),
                  (RoundCols.HOME_NAME, "player"), (RoundCols.HOME_RATING, "rating"), (RoundCols.RESULT, "result"),
                  (RoundCols.AWAY_NAME, "player"), (RoundCols.AWAY_RATING, "rating"), (RoundCols.AWAY_NO, "number"),
                  (RoundCols.CHECK, "check"))


FORFEIT_CELL = "forfeit"  # the key of a match's forfeit cell among its boards' result cells


def forfeit_command(name: str, rnd: int, match: int) -> Message:
    """The command that sets or clears the forfeit of ``match`` (as numbered on the round's sheet)."""
    return Message("appariements league forfeit {name} {round} {match} <home|away|both|none>", name=name,
                   round=rnd, match=match)


def _headings(pairs, lang: str) -> dict[int, tuple[str, ...]]:
    return {col: labels_of(LABELS, key, lang) for col, key in pairs}


def _check_block(rows, title: int, boards: int, where: str, lang: str, match: int, division: str) -> None:
    """A match block found by its title row holds, below it, its labelled rows, its board heading and
    boards 1..``boards`` in order: else a row was inserted, deleted or sorted inside it."""
    R = RoundCols
    for offset, col, key in ((SCORE, 1, "score"), (SCORE, R.LABEL, "forfeit"), (POINTS, 1, "match_points"),
                             (POINTS, R.LABEL, "white_odd"), (HEADER, R.BOARD, "board")):
        if heading_mismatch(rows, title + offset, {col: labels_of(LABELS, key, lang)}) is not None:
            raise moved_row(where, title + offset, Message("'{label}' (match {match} of {division})",
                                                           label=LABELS[lang][key], match=match, division=division),
                            cell(rows, title + offset, col))
    check_headings(rows, title + HEADER, _headings(BOARD_HEADINGS, lang), where)
    for b in range(1, boards + 1):
        row = title + FIRST_BOARD + b - 1
        value = cell(rows, row, R.BOARD)
        if whole_or_none(value) != b or isinstance(value, str):
            raise moved_row(where, row, Message("board {board} of match {match} of {division}", board=b,
                                                match=match, division=division), value)


def read_teams(rows: list[list[Any]], L: dict, source: str):
    """``(division names in order, {(d, number): (name, club)}, {(d, number): withdrawal round})``."""
    C = TeamsCols
    where = in_sheet(source, L['sheet_teams'])
    order: list[str] = []
    teams: dict[tuple[int, int], tuple[str, str]] = {}
    withdrawn: dict[tuple[int, int], int] = {}
    for index, line in enumerate(rows[C.FIRST_ROW - 1:], C.FIRST_ROW):
        cells = list(line) + [None] * 5
        for col in range(1, 6):
            refuse_uncomputed(cells[col - 1], Message("{where}, row {row}", where=where, row=index))
        if all(is_blank(v) for v in cells[:5]):
            continue
        division = text(cells[C.DIVISION - 1])
        number = whole_or_none(cells[C.NUMBER - 1])
        if not division or number is None:
            raise TournamentError("{where}, row {row}: a team needs its division and its number in the division's "
                                  "table (these two cells come from the calendar: do not change them).",
                                  where=where, row=index)
        if division not in order:
            order.append(division)
        d = order.index(division) + 1
        name = text(cells[C.NAME - 1])
        if not name:
            raise TournamentError("{where}, row {row}: team {number} of {division} needs a name.", where=where,
                                  row=index, number=number, division=division)
        teams[(d, number)] = (name, text(cells[C.CLUB - 1]))
        mark = cells[C.WITHDRAWN - 1]
        if not is_blank(mark):
            rnd = whole_or_none(mark) if not isinstance(mark, str) else None
            if rnd is None or rnd < 1:
                raise TournamentError("{where}, cell E{row}: the withdrawal round '{value}' must be a whole number of "
                                      "at least 1 (typed as a number).", where=where, row=index, value=text(mark))
            withdrawn[(d, number)] = rnd
    for d, name in enumerate(order, 1):
        numbers = sorted(t for dd, t in teams if dd == d)
        if numbers != list(range(1, len(numbers) + 1)):
            raise TournamentError("{where}: the teams of {division} must be numbered 1, 2, 3… without a gap.",
                                  where=where, division=name)
    return order, teams, withdrawn


def read_rosters(rows: list[list[Any]], L: dict, source: str, teams: dict,
                 order: list[str]) -> dict[tuple[int, int], list[Member]]:
    """Each team's roster: its rows in board-order number order (rows without a number last, as listed)."""
    C = RosterCols
    where = in_sheet(source, L['sheet_rosters'])
    entries: dict[tuple[int, int], list[tuple[int, int, Member]]] = {}
    division_names = {name: d for d, name in enumerate(order, 1)}
    for index, line in enumerate(rows[C.FIRST_ROW - 1:], C.FIRST_ROW):
        cells = list(line) + [None] * 7
        for col in (C.DIVISION, C.TEAM_NO, C.NUMBER, C.NAME, C.RATING, C.IDENT):
            refuse_uncomputed(cells[col - 1], Message("{where}, row {row}", where=where, row=index))
        if all(is_blank(cells[c - 1]) for c in (C.DIVISION, C.TEAM_NO, C.NUMBER, C.NAME, C.RATING, C.IDENT)):
            continue
        division, number = text(cells[C.DIVISION - 1]), whole_or_none(cells[C.TEAM_NO - 1])
        d = division_names.get(division)
        if d is None or number is None or (d, number) not in teams:
            raise TournamentError("{where}, row {row}: '{division}' team {number} is not a registered team; give the "
                                  "division and the team's number as in the sheet of registered teams.",
                                  where=where, row=index, division=division, number=text(cells[C.TEAM_NO - 1]))
        name = text(cells[C.NAME - 1])
        if not name:
            raise TournamentError("{where}, row {row}: the player has no name.", where=where, row=index)
        rating_cell = cells[C.RATING - 1]
        rating = None
        if not is_blank(rating_cell):
            rating = whole_or_none(rating_cell) if not isinstance(rating_cell, str) else whole_or_none(
                text(rating_cell))
            if rating is None or not 0 <= rating <= 4000:
                raise TournamentError("{where}, row {row}: the rating '{value}' must be a whole number from 0 to 4000.",
                                      where=where, row=index, value=text(rating_cell))
        rank = whole_or_none(cells[C.NUMBER - 1])
        entries.setdefault((d, number), []).append(
            (rank if rank is not None else 10 ** 6, index, Member(name, rating, text(cells[C.IDENT - 1]))))
    return {key: [m for _, _, m in sorted(items, key=lambda item: (item[0], item[1]))]
            for key, items in entries.items()}


def _calendar_rounds(rows, divisions_order: list[str]) -> int:
    """The last round the calendar sheet plans (0 if it plans none): each needs its round sheet."""
    C = CalendarCols
    rounds = [whole_or_none((list(line) + [None] * 9)[C.ROUND - 1]) for line in rows[C.FIRST_ROW - 1:]
              if text((list(line) + [None] * 9)[C.DIVISION - 1]) in divisions_order]
    return max((r for r in rounds if r is not None), default=0)


def _dates(rows, divisions_order: list[str]) -> dict[tuple[int, int, int], str]:
    C = CalendarCols
    out = {}
    for line in rows[C.FIRST_ROW - 1:]:
        cells = list(line) + [None] * 9
        division = text(cells[C.DIVISION - 1])
        rnd, match = whole_or_none(cells[C.ROUND - 1]), whole_or_none(cells[C.MATCH - 1])
        if division not in divisions_order or rnd is None or match is None:
            continue
        value = cells[C.DATE - 1]
        if isinstance(value, dt.datetime):
            value = value.date().isoformat()
        elif isinstance(value, dt.date):
            value = value.isoformat()
        elif isinstance(value, Uncomputed) or value is None:
            value = ""
        out[(divisions_order.index(division) + 1, rnd, match)] = calendar_date(value)
    return out


def _is_round_sheet(name: str, L: dict) -> bool:
    head, _, tail = L["sheet_round"].partition("{r}")
    return name.startswith(head) and name.endswith(tail) and name[len(head):len(name) - len(tail) or None].isdigit()


def calendar_date(value: Any) -> str:
    """A calendar date as the season stores it: a date cell, ISO text (workbooks written before the
    dates were real cells) or French dd/mm/yyyy text become ISO ``yyyy-mm-dd``; other text stays."""
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    word = text(value)
    try:
        return dt.datetime.strptime(word, "%d/%m/%Y").date().isoformat()
    except ValueError:
        return word


def _boards(settings, L: dict, source: str) -> int:
    value = cell(settings, SettingsRows.BOARDS, 2)
    boards = whole_or_none(value) if not isinstance(value, str) else None
    if boards is None or not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise TournamentError("{source}, sheet {sheet}, cell B{row}: the number of boards must be a whole number "
                              "from {low} to {high}, not {value}.", source=source, sheet=L["sheet_settings"],
                              row=SettingsRows.BOARDS, low=MIN_BOARDS, high=MAX_BOARDS, value=shown(value))
    return boards


def _scoring(settings, L: dict, source: str) -> tuple[Scoring, str]:
    R = SettingsRows
    values = []
    for row in (R.MP_WIN, R.MP_DRAW, R.MP_LOSS, R.MP_FORFEIT, R.GP_WIN, R.GP_DRAW, R.GP_LOSS):
        value = cell(settings, row, 2)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TournamentError("{source}, sheet {sheet}, cell B{row}: the points must be a number, not {value}.",
                                  source=source, sheet=L["sheet_settings"], row=row, value=repr(value))
        values.append(float(value))
    scoring = Scoring(*values)
    preset = next((name for name, preset in SCORINGS.items() if preset == scoring), CUSTOM)
    return scoring, preset


def _tiebreaks(settings, L: dict, source: str) -> tuple[str, ...]:
    codes: list[str] = []
    for k in range(TIEBREAK_SLOTS):
        row = SettingsRows.TB_FIRST + k
        value = cell(settings, row, 2)
        code = text(value).upper()
        if code in ("", NO_TIEBREAK):
            continue
        if code not in TIEBREAKS:
            raise TournamentError("{source}, sheet {sheet}, cell B{row}: the tie-break '{value}' is unknown; choose "
                                  "{codes} or {none}.", source=source, sheet=L["sheet_settings"], row=row, value=value,
                                  codes=", ".join(TIEBREAKS), none=NO_TIEBREAK)
        if code not in codes:
            codes.append(code)
    return tuple(codes)
