"""The Settings sheet of a round-robin workbook, each setting read by its one parser.

Both readers of the sheet go through :class:`SettingsSheet`: the event's reader
(``reader.read_event``) and the schedule settings a use case reads before the event is
built or rebuilt (:func:`read_schedule_settings`, the button *Mettre à jour* and ``update``),
so that a value typed in a cell means the same thing, or is refused with the same sentence,
whichever command reads it. A setting left blank takes its default (the sheet of a workbook
made before that setting existed, or before the event was built, has none); a value the
sheet's formulas or the schedule could not use is refused with a sentence naming its cell.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from addin.core.cells import Uncomputed, is_blank, text, whole_or_none
from addin.core.errors import TournamentError
from addin.sheets.book import Book, cell
from addin.sheets.roundrobin.cells import NO_TIEBREAK, TIEBREAK_CODES, TIEBREAK_SLOTS, SettingsRows, workbook_code
from addin.sheets.roundrobin.labels import LABELS
from addin.systems.roundrobin.berger import MAX_CYCLES, ORDERS
from addin.systems.standings.roundrobin import check_bye_points

SYSTEMS = ("berger", "rutsch")


class SettingsSheet:
    """The values of a Settings sheet (``rows``, as ``Book.values`` gives them; None or empty: no
    sheet) of a workbook named ``source`` in language ``lang``, each read by its parser."""

    def __init__(self, rows: list[list[Any]] | None, lang: str, source: str) -> None:
        self.rows, self.source = rows or [], source
        self.L = LABELS[lang]

    def value(self, row: int) -> Any:
        """Column B of ``row``, as typed."""
        return cell(self.rows, row, 2)

    def text(self, row: int) -> str:
        """Column B of ``row`` as text, as it shows (the event's name, place, dates, arbiter)."""
        return text(self.value(row))

    def players(self) -> int | None:
        """The number of players the event was built for (None: the event was not built, or the cell lost it)."""
        return whole_or_none(self.value(SettingsRows.PLAYERS))

    def cycles(self) -> int:
        """How many times each pair meets: 1 when blank, else a whole number from 1 to ``MAX_CYCLES``;
        anything else is refused with a sentence naming the cell."""
        value = self.value(SettingsRows.CYCLES)
        if value in (None, ""):
            return 1
        given = whole_or_none(value)
        if given is None or not 1 <= given <= MAX_CYCLES:
            raise TournamentError(
                "{source}, sheet {sheet}, cell B{row}: the number of cycles must be a whole number from 1 to "
                "{high}, not {value}.", source=self.source, sheet=self.L["sheet_settings"], row=SettingsRows.CYCLES,
                high=MAX_CYCLES, value=repr(value))
        return given

    def system(self) -> str:
        """The pairing system's name as typed ("berger" when blank): the built event keeps it as it stands."""
        return self.text(SettingsRows.SYSTEM) or "berger"

    def order(self) -> str:
        """The Berger round order (one of ``ORDERS``; anything else: "normal")."""
        order = self.text(SettingsRows.ORDER).lower()
        return order if order in ORDERS else "normal"

    def yes(self, row: int, default: bool) -> bool:
        """A yes/no cell: blank or uncomputed is ``default``; yes in either language (or true, 1) is yes."""
        value = self.value(row)
        if is_blank(value) or isinstance(value, Uncomputed):
            return default
        return text(value).lower() in (self.L["yes"], "oui", "yes", "true", "vrai", "1")

    def bye_points(self) -> float:
        """The points of a bye: 0, 0.5 or 1 (``check_bye_points``), refused naming the cell otherwise."""
        value = self.value(SettingsRows.BYE_POINTS)
        try:
            return check_bye_points(value)
        except TournamentError:
            raise TournamentError(
                "{source}, sheet {sheet}, cell B{row}: the points for a bye must be 0, 0.5 or 1, not {value}.",
                source=self.source, sheet=self.L["sheet_settings"], row=SettingsRows.BYE_POINTS,
                value=repr(value)) from None

    def k_factor(self) -> float:
        """The K factor of the rating change (FIDE B.02 8.3): blank, or a workbook made before it existed: 20."""
        value = self.value(SettingsRows.K_FACTOR)
        if value is None or text(value) == "":
            return 20.0
        try:
            number = float(str(value).replace(",", "."))
        except ValueError:
            number = -1.0
        if isinstance(value, bool) or not 1 <= number <= 100:
            raise TournamentError(
                "{source}, sheet {sheet}, cell B{row}: the K factor must be a number from 1 to 100 (FIDE uses 10, 20 "
                "or 40), not {value}.", source=self.source, sheet=self.L["sheet_settings"], row=SettingsRows.K_FACTOR,
                value=repr(value))
        return number

    def tiebreaks(self) -> tuple[str, ...]:
        """The tie-break codes of the slots, in order, each once (an empty slot or the "none" mark skipped)."""
        codes: list[str] = []
        for k in range(TIEBREAK_SLOTS):
            row = SettingsRows.TB_FIRST + k
            value = self.value(row)
            if text(value) in ("", NO_TIEBREAK):
                continue
            code = workbook_code(text(value))
            if code is None:
                raise TournamentError(
                    "{source}, sheet {sheet}, cell B{row}: the tie-break '{value}' is unknown; choose {codes} or "
                    "{none}.", source=self.source, sheet=self.L["sheet_settings"], row=row, value=value,
                    codes=", ".join(TIEBREAK_CODES), none=NO_TIEBREAK)
            if code not in codes:
                codes.append(code)
        return tuple(codes)


class ScheduleSettings(NamedTuple):
    """What the Settings sheet says of the schedule, read once (:func:`read_schedule_settings`)."""

    system: str    # "berger" or "rutsch" (anything else typed: "berger")
    cycles: int    # 1 to MAX_CYCLES
    order: str     # one of ORDERS (anything else typed: "normal")
    built: bool    # the sheet holds the number of players the event was built for
    title: str     # the event's name, "" when none


def read_schedule_settings(book: Book, lang: str) -> ScheduleSettings:
    """The schedule's settings typed in ``book``'s Settings sheet (cycles checked: a refusal names its cell)."""
    sheet = SettingsSheet(book.values(LABELS[lang]["sheet_settings"]), lang, book.name)
    cycles = sheet.cycles()
    system = sheet.system().lower()
    return ScheduleSettings(system if system in SYSTEMS else "berger", cycles, sheet.order(),
                            sheet.players() is not None, sheet.text(SettingsRows.EVENT))
