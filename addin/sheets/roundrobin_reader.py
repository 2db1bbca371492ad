"""Read a round-robin event workbook back: players, schedule, results, settings.

The inputs of the event are constants in the workbook (formulas only derive
from them), so reading needs no recalculation: the Players sheet (number,
name, rating, club, federation, withdrawn mark), the Rounds sheet (round,
board, White and Black numbers, the typed result; bye rows) and the Settings
sheet (cycles, system, bye points, C.05 switch, tie-break order, language).
Sheet names and the yes/no words are recognised in French and English.

The same reader serves the CLI (:func:`read_event_workbook`, openpyxl) and the
Excel buttons (:func:`event_from_values`, values fetched through xlwings).

Results must be one of the six codes of the drop-down list exactly: the
sheet's formulas ignore anything else (and flag it in the check column), so
the export refuses it too, naming the row, rather than disagree with the sheet.
"""

from __future__ import annotations

from addin.core.args import whole_or_none

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from addin.core.errors import TournamentError
from addin.sheets.labels import LABELS
from addin.sheets.roundrobin import (NO_TIEBREAK, TIEBREAK_CODES, TIEBREAK_SLOTS, PlayersCols, RoundsCols,
                                      SettingsRows)
from addin.core.players import Player, players_from_rows
from addin.core.results import RESULT_CODES
from addin.core.schedule import Game, Round, Schedule
from addin.systems.standings.roundrobin import check_bye_points

EVENT_SHEET_KEYS = ("sheet_settings", "sheet_players", "sheet_rounds", "sheet_crosstable",
                    "sheet_standings", "sheet_cards", "sheet_calc")


@dataclass
class EventData:
    """What an event workbook holds, ready for ``compute_standings`` and the exports."""

    schedule: Schedule
    players: list[Player]
    results: dict[tuple[int, int], str]
    withdrawn: frozenset[int]
    withdrawn_rule: bool
    bye_points: float
    tiebreaks: tuple[str, ...]
    lang: str
    title: str = ""
    result_rows: dict[tuple[int, int], int] = field(default_factory=dict)

    @property
    def standings_withdrawn(self) -> frozenset[int]:
        """The withdrawn players the standings must treat under C.05 (none if the switch is off)."""
        return self.withdrawn if self.withdrawn_rule else frozenset()


def detect_lang(sheet_names: Sequence[str]) -> str | None:
    """The language whose Rounds and Players sheet names the workbook has, else None."""
    names = set(sheet_names)
    for lang, labels in LABELS.items():
        if labels["sheet_rounds"] in names and labels["sheet_players"] in names:
            return lang
    return None


def event_sheet_names(lang: str) -> list[str]:
    return [LABELS[lang][key] for key in EVENT_SHEET_KEYS]


def read_event_workbook(path: Path | str) -> EventData:
    """Read an event workbook file (``.xlsx``) written by ``appariements`` and filled in."""
    from openpyxl import load_workbook

    path = Path(path)
    if not path.exists():
        raise TournamentError(f"The file {path} does not exist.")
    try:
        book = load_workbook(path, read_only=True, data_only=False)
    except Exception:
        raise TournamentError(f"{path.name} is not an Excel workbook (.xlsx) that can be read.") from None
    try:
        lang = detect_lang(book.sheetnames)
        if lang is None:
            raise TournamentError(
                f"{path.name} is not an event workbook: it has no sheets "
                f"'{LABELS['fr']['sheet_rounds']}'/'{LABELS['fr']['sheet_players']}' "
                f"(or '{LABELS['en']['sheet_rounds']}'/'{LABELS['en']['sheet_players']}').")
        wanted = [LABELS[lang][k] for k in ("sheet_settings", "sheet_players", "sheet_rounds")]
        values = {name: [list(row) for row in book[name].iter_rows(values_only=True)]
                  for name in wanted if name in book.sheetnames}
    finally:
        book.close()
    return event_from_values(lambda name: values.get(name), lang, source=path.name)


def event_from_values(sheet: Callable[[str], list[list[Any]] | None], lang: str,
                      source: str = "the workbook", read_players: bool = True) -> EventData:
    """Build :class:`EventData` from sheet values (``sheet(name)`` → rows, from A1).

    ``read_players=False`` reads the event as it was built (schedule, results,
    settings) without the player sheet, which the organiser may be editing:
    ``players`` is then empty and the number of players comes from Settings.
    """
    L = LABELS[lang]
    settings = sheet(L["sheet_settings"]) or []
    rounds_rows = sheet(L["sheet_rounds"])
    players_rows = sheet(L["sheet_players"]) if read_players else []
    if players_rows is None or rounds_rows is None:
        raise TournamentError(f"{source} has no '{L['sheet_players']}' or '{L['sheet_rounds']}' sheet.")
    if read_players:
        players, withdrawn = read_players_sheet(players_rows, lang, source)
        count = len(players)
    else:
        players, withdrawn = [], frozenset()
        count = whole_or_none(_setting(settings, SettingsRows.PLAYERS))
        if count is None or count < 2:
            raise TournamentError(
                f"{source}, sheet {L['sheet_settings']}, cell B{SettingsRows.PLAYERS}: the number of players "
                f"of the event was changed; it must stay the number the event was built for.")
    schedule, results, rows = _rounds(rounds_rows, count, _setting(settings, SettingsRows.CYCLES),
                                      _setting(settings, SettingsRows.SYSTEM), lang, source)
    rule_text = _setting(settings, SettingsRows.WITHDRAWN_RULE)
    rule = str(rule_text).strip().lower() == L["yes"] if rule_text is not None else True
    bye = _setting(settings, SettingsRows.BYE_POINTS)
    try:
        bye_points = check_bye_points(bye)
    except TournamentError:
        raise TournamentError(
            f"{source}, sheet {L['sheet_settings']}, cell B{SettingsRows.BYE_POINTS}: the points for a bye "
            f"must be 0, 0.5 or 1, not {bye!r}.") from None
    tiebreaks: list[str] = []
    for k in range(TIEBREAK_SLOTS):
        row = SettingsRows.TB_FIRST + k
        value = _setting(settings, row)
        code = "" if value is None else str(value).strip().upper()
        if code in ("", NO_TIEBREAK):
            continue
        if code not in TIEBREAK_CODES:
            raise TournamentError(
                f"{source}, sheet {L['sheet_settings']}, cell B{row}: the tie-break '{value}' is unknown; "
                f"choose DE, SB, WIN, KS or {NO_TIEBREAK}.")
        if code not in tiebreaks:
            tiebreaks.append(code)
    title = _setting(settings, SettingsRows.EVENT)
    return EventData(schedule, players, results, withdrawn, rule, bye_points, tuple(tiebreaks), lang,
                     "" if title is None else str(title), rows)


def read_players_sheet(rows: list[list[Any]], lang: str, source: str,
                       numbering: str = "given") -> tuple[list[Player], frozenset[int]]:
    """Players and withdrawn marks of a Players sheet (numbers of column A, or as listed)."""
    L = LABELS[lang]
    C = PlayersCols
    records: list[dict] = []
    marks: list[bool] = []  # one per non-empty row, in sheet order
    for row in rows[C.FIRST_ROW - 1:]:
        cells = list(row) + [None] * 6
        if all(v is None or (isinstance(v, str) and not v.strip()) for v in cells[:6]):
            records.append({})  # keeps the row numbers of later rows in messages
            continue
        records.append({"number": cells[C.NUMBER - 1], "name": cells[C.NAME - 1],
                        "rating": cells[C.RATING - 1], "club": cells[C.CLUB - 1],
                        "federation": cells[C.FEDERATION - 1]})
        mark = cells[C.WITHDRAWN - 1]
        marks.append(mark is not None and str(mark).strip() != "")
    while records and not records[-1]:
        records.pop()
    players = players_from_rows(records, numbering, source=f"{source}, sheet {L['sheet_players']}",
                                first_line=C.FIRST_ROW, unit="row")
    listed = [r for r in records if r]
    if numbering == "given":
        numbers = [int(float(r["number"])) for r in listed]
    else:
        numbers = list(range(1, len(listed) + 1))
    return players, frozenset(num for num, marked in zip(numbers, marks) if marked)


def _setting(rows: list[list[Any]], row: int) -> Any:
    if len(rows) >= row and len(rows[row - 1]) >= 2:
        return rows[row - 1][1]
    return None


def _rounds(rows: list[list[Any]], n: int, cycles: Any, system: Any, lang: str,
            source: str) -> tuple[Schedule, dict[tuple[int, int], str], dict[tuple[int, int], int]]:
    """Games, byes and typed results of the Rounds sheet (rows with a round number)."""
    L = LABELS[lang]
    C = RoundsCols
    where_sheet = f"{source}, sheet {L['sheet_rounds']}"
    games: dict[int, list[Game]] = {}
    byes: dict[int, list[int]] = {}
    results: dict[tuple[int, int], str] = {}
    result_rows: dict[tuple[int, int], int] = {}
    for index, row in enumerate(rows[C.HEADER_ROW:], C.HEADER_ROW + 1):
        cells = list(row) + [None] * 8
        rnd = whole_or_none(cells[C.ROUND - 1])
        if rnd is None:
            continue
        white, board = whole_or_none(cells[C.WHITE_NO - 1]), whole_or_none(cells[C.BOARD - 1])
        black = whole_or_none(cells[C.BLACK_NO - 1])
        if white is None or not 1 <= white <= n or (board is not None and (black is None or not 1 <= black <= n)):
            raise TournamentError(
                f"{where_sheet}, row {index}: the player numbers of this game were changed; "
                f"they must be numbers from 1 to {n} (rebuild the event sheets to repair them).")
        if board is None:
            byes.setdefault(rnd, []).append(white)
            continue
        games.setdefault(rnd, []).append(Game(board, white, black))
        result_rows[(rnd, board)] = index
        value = cells[C.RESULT - 1]
        if value is None or (isinstance(value, str) and value.strip() == ""):
            continue
        if value not in RESULT_CODES:
            raise TournamentError(
                f"{where_sheet}, row {index} (round {rnd}, board {board}): the result '{value}' is not one "
                f"of the codes {', '.join(RESULT_CODES)}; choose it from the drop-down list.")
        results[(rnd, board)] = value
    numbers = sorted(set(games) | set(byes))
    if not numbers or numbers != list(range(1, len(numbers) + 1)):
        raise TournamentError(f"{where_sheet}: the rounds must be numbered 1, 2, 3… without a gap.")
    cycles = whole_or_none(cycles) or 1
    per_cycle = max(1, len(numbers) // cycles)
    schedule = Schedule(str(system or "berger"), n, tuple(
        Round(r, tuple(games.get(r, ())), tuple(byes.get(r, ())), table_round=0,
              cycle=min(cycles, (r - 1) // per_cycle + 1))
        for r in numbers))
    return schedule, results, result_rows
