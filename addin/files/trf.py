"""FIDE TRF16 (tournament report file) of a round-robin.

Layout (``docs/references.md``, FIDE C.04 Annex 2 "TRF16"), 1-based columns.

Header lines: the 3-digit code, a space, the text from column 5:
``012`` name, ``022`` city, ``032`` federation, ``042`` start date, ``052``
end date, ``062`` number of players, ``072`` number of rated players, ``092``
type, ``102`` chief arbiter, ``112`` deputy (one line each), ``122`` time
control, ``132`` round dates (``YY/MM/DD`` starting at column 92 + 10·(r−1),
aligned with the round blocks). ``062`` and ``072`` are computed; the others
come from ``info`` and are written only when given (``092`` defaults to
"Round robin" / "Double round robin").

Player line ``001``: 1–3 ``001``; 5–8 starting rank (pairing number); 10 sex
(blank: not in the player list) and 11–13 title; 15–47 name (cut to 33
characters); 49–52 rating; 54–56 federation (upper case, cut to 3); 58–68 FIDE id
(right-aligned) and 70–79 birth date (``YYYY/MM/DD``), blank when not known; 81–84 points (``%4.1f``); 86–89 rank; then one
10-column block per round up to the last round begun (one result typed), starting
at column 92: 92–95 opponent's starting rank (``0000`` for a bye), 97 colour
``w``/``b`` (``-`` for a bye), 99 result: ``1`` win, ``=`` draw, ``0`` loss, ``+``
forfeit win, ``-`` forfeit loss (both players of a ``0-0``), blank for a game of
those rounds not played yet. A bye (odd field) is ``0000 -`` with ``Z`` (0 points),
``H`` (½) or ``U`` (1: a pairing-allocated bye). The rounds not begun have no block
(an unfinished event reports what was played, as a TRF of a Swiss event in progress
does); the number of rounds is given by ``XXR`` in TRF16 (the record of the TRF(x)
extension that JaVaFo and bbpPairings read; FIDE's TRF16 has none) and by ``142`` in
TRF-2026. ``042``/``052`` are written when the Settings sheet's dates are dates
(:func:`header_dates`).

**TRF-2026** (``version="2026"``; FIDE TEC, "Format of Tournament Report
File, Version 2026", https://tec.fide.com/trf-2026/): the same player lines
and header records, plus ``142`` number of rounds, ``162`` the scoring
system (``W``, ``D``, ``L`` and ``P`` — the bye's value — each a letter and a
``%4.1f`` figure, one field every 9 columns from column 6), ``192`` the
encoded tournament type (``FIDE_ROUNDROBIN``; ``FIDE_DOUBLEROUNDROBIN`` when
the first cycle's last two rounds are swapped; ``BERGER_ROUNDROBIN_Gn`` for
*n* plain cycles, ``BERGER_DOUBLEROUNDROBIN`` for two; ``CUSTOM_ROUNDROBIN``
for any other round order), ``202`` the tie-breaks and ``212`` the whole
standings order (``PTS`` first), comma-separated in the TEC codes the
standings use (``SB/C1``, ``KS/L+1`` ...).

Points and rank are the standings' (``addin.systems.standings.roundrobin``): for a
player not counted under C.05 6.6 his own points, and the counted players'
points leave out their games against him, while the round blocks keep every
result (FIDE rates them all).
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Any, Iterable, Mapping, Sequence, cast

from addin.core.errors import TournamentError
from addin.core.players import Player
from addin.core.results import trf_chars
from addin.core.schedule import Game, Round, Schedule
from addin.report.model import EventReport, Pairing, RoundReport, Visitor, walk
from addin.systems.standings.roundrobin import Standing, check_results
from addin.files.standings_csv import standings_csv  # noqa: F401  (part of this module's API)

HEADER_CODES = {
    "name": "012", "city": "022", "federation": "032", "start_date": "042", "end_date": "052",
    "type": "092", "chief_arbiter": "102", "deputy_arbiters": "112", "time_control": "122",
    "round_dates": "132",
}
FIRST_ROUND_COLUMN = 92
ROUND_WIDTH = 10
BYE_CHARS = {0.0: "Z", 0.5: "H", 1.0: "U"}


def _put(line: list[str], column: int, text: str) -> None:
    """Write ``text`` into ``line`` starting at 1-based ``column``."""
    end = column - 1 + len(text)
    if len(line) < end:
        line.extend(" " * (end - len(line)))
    line[column - 1:end] = list(text)


def _field(text: Any, width: int, right: bool = False) -> str:
    value = "" if text is None else " ".join(str(text).split())
    value = value[:width]
    return value.rjust(width) if right else value.ljust(width)


def _one_line(value: Any) -> str:
    return " ".join(str(value).split())


_DATE_PATTERNS = (  # (regex, order of year/month/day groups)
    (re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})"), "ymd"),
    (re.compile(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})"), "dmy"),
    (re.compile(r"(\d{2})/(\d{2})/(\d{2})"), "ymd"),  # the TRF's own YY/MM/DD
)


def _date(value: Any, short: bool) -> str:
    """A date as ``YYYY/MM/DD`` (``YY/MM/DD`` if ``short``), from a date or a text.

    Texts: ISO ``2025-03-01``, ``2025/03/01``, French ``01/03/2025``, or the
    TRF's own ``25/03/01`` (read as 2025-03-01).
    """
    day: _dt.date | None
    if isinstance(value, (_dt.date, _dt.datetime)):
        day = _dt.date(value.year, value.month, value.day)
    else:
        text = _one_line(value)
        day = None
        for pattern, order in _DATE_PATTERNS:
            match = pattern.fullmatch(text)
            if match:
                parts = dict(zip(order, map(int, match.groups())))
                year = parts["y"] + (2000 if parts["y"] < 100 else 0)
                try:
                    day = _dt.date(year, parts["m"], parts["d"])
                except ValueError:
                    day = None
                break
        if day is None:
            raise TournamentError(
                "The date '{text}' is not understood: write it as 2025-03-01 or 01/03/2025.",
                text=text)
    return f"{day.year % 100:02d}/{day.month:02d}/{day.day:02d}" if short else \
        f"{day.year:04d}/{day.month:02d}/{day.day:02d}"


def header_dates(text: Any) -> dict[str, str]:
    """The ``start_date``/``end_date`` of :func:`trf16` from the Settings sheet's dates, when they are dates.

    One date (``2025-03-01``), or two joined by a dash or "au"/"to" (``2025/03/01 – 2025/03/09``, what
    an import writes there from the file's 042 and 052); any other text (``avril 2026``) gives none:
    the dates cell is free text for the organiser, the TRF only takes a date.
    """
    parts = [p.strip() for p in re.split(r"\s+(?:[-–—]|au|to)\s+|\s*[–—]\s*", _one_line(text or "")) if p.strip()]
    if not 1 <= len(parts) <= 2:
        return {}
    try:
        days = [_date(part, short=False) for part in parts]
    except TournamentError:
        return {}
    return {"start_date": days[0], "end_date": days[-1]}


def games_left_blank(schedule: Schedule, results: Mapping | None) -> list[tuple[int, int]]:
    """``(round, games)`` of the rounds a TRF writes (up to the last begun) that still have games
    without a result: their blank result reads as an absence (``Z``) in TRF16 and TRF-2026."""
    codes = check_results(schedule, results)
    begun = [r.number for r in schedule.rounds if any((r.number, g.board) in codes for g in r.games)]
    out = []
    for rnd in schedule.rounds:
        if begun and rnd.number <= max(begun):
            missing = sum(1 for g in rnd.games if (rnd.number, g.board) not in codes)
            if missing:
                out.append((rnd.number, missing))
    return out


def _points(value: float) -> str:
    text = f"{value:4.1f}"
    return text if len(text) <= 4 else f"{value:4.0f}"


TRF_VERSIONS = ("2016", "2026")


def type_code(schedule: Schedule) -> str:
    """The TRF-2026 record 192 code of a round-robin schedule (see the module docstring)."""
    cycles: dict[int, list[int]] = {}
    for rnd in schedule.rounds:
        cycles.setdefault(rnd.cycle, []).append(rnd.table_round)
    count = len(cycles)
    natural = [list(range(1, len(rounds) + 1)) for rounds in cycles.values()]
    orders = list(cycles.values())
    if orders == natural:
        return "FIDE_ROUNDROBIN" if count == 1 else \
            "BERGER_DOUBLEROUNDROBIN" if count == 2 else f"BERGER_ROUNDROBIN_G{count}"
    if count == 2 and len(orders[0]) >= 2 and orders[1] == natural[1] \
            and orders[0] == natural[0][:-2] + natural[0][-2:][::-1]:
        return "FIDE_DOUBLEROUNDROBIN"
    return "CUSTOM_ROUNDROBIN"


def trf16(players: Sequence[Player], schedule: Schedule, results: Mapping | None,
          standings: Iterable[Standing], info: Mapping | None = None,
          bye_points: float | None = None, version: str = "2016",
          tiebreaks: Sequence[str] = ()) -> str:
    """The TRF16 text of the event (lines joined by ``\\n``, ending with one); TRF-2026 with ``version="2026"``.

    ``tiebreaks`` (codes, in order) feed the TRF-2026 records 202 and 212.

    ``bye_points`` (for the bye letter) defaults to the value the standings
    were computed with, read back from any player's credited byes, else 0.
    """
    table = {s.number: s for s in standings}
    if bye_points is None:
        credited = [s for s in table.values() if s.byes]
        bye_points = (credited[0].points - credited[0].game_points) / credited[0].byes if credited else 0.0
    return trf_text(players, schedule, results, {number: (s.points, s.rank) for number, s in table.items()},
                    info, bye_points, version, tiebreaks)


def trf_text(players: Sequence[Player], schedule: Schedule, results: Mapping | None,
             standing: Mapping[int, tuple[float, int]], info: Mapping | None, bye_points: float,
             version: str = "2016", tiebreaks: Sequence[str] = ()) -> str:
    """The TRF text (see the module docstring) of ``players`` playing ``schedule`` with ``results``, each
    player's points and rank given by ``standing`` (number → (points, rank)): the one writer of
    :func:`trf16` and of the report's sink :class:`TrfExporter`."""
    players = sorted(players, key=lambda p: p.number)
    n = schedule.players
    if [p.number for p in players] != list(range(1, n + 1)):
        raise TournamentError("The player list must number the players 1 to {n}, as the schedule does.", n=n)
    if sorted(standing) != list(range(1, n + 1)):
        raise TournamentError("The standings must have one row for each player 1 to {n}.", n=n)
    codes = check_results(schedule, results)
    info = dict(info or {})
    unknown = sorted(set(info) - set(HEADER_CODES))
    if unknown:
        raise TournamentError(
            "The TRF information '{unknown}' is unknown: use {header_codes}.",
            unknown=unknown[0], header_codes=', '.join(HEADER_CODES))
    bye_char = BYE_CHARS.get(float(bye_points))
    if bye_char is None:
        raise TournamentError("The argument '{name}' must be 0, 0.5 or 1, not {value!r}.", name="bye_points",
                              value=bye_points)
    if str(version) not in TRF_VERSIONS:
        raise TournamentError("The TRF version must be 2016 or 2026, not {value!r}.", value=version)

    cycles = max((r.cycle for r in schedule.rounds), default=1)
    lines: list[str] = []
    for key in ("name", "city", "federation", "start_date", "end_date"):
        if info.get(key) not in (None, ""):
            value = _date(info[key], short=False) if key.endswith("date") else _one_line(info[key])
            lines.append(f"{HEADER_CODES[key]} {value}")
    lines.append(f"062 {n}")
    lines.append(f"072 {sum(1 for p in players if p.rating)}")
    kind = info.get("type") or ("Round robin" if cycles == 1 else
                                "Double round robin" if cycles == 2 else f"Round robin, {cycles} cycles")
    lines.append(f"092 {_one_line(kind)}")
    if info.get("chief_arbiter"):
        lines.append(f"102 {_one_line(info['chief_arbiter'])}")
    deputies = info.get("deputy_arbiters") or ()
    for deputy in [deputies] if isinstance(deputies, str) else deputies:
        lines.append(f"112 {_one_line(deputy)}")
    if info.get("time_control"):
        lines.append(f"122 {_one_line(info['time_control'])}")
    if str(version) != "2026":  # TRF16 has no record of the number of rounds: TRF(x)'s XXR gives it
        lines.append(f"XXR {len(schedule.rounds)}")
    if str(version) == "2026":
        lines.append(f"142 {len(schedule.rounds)}")
        lines.append("162  " + "    ".join(f"{letter}{value:4.1f}" for letter, value in
                                          (("W", 1.0), ("D", 0.5), ("L", 0.0), ("P", float(bye_points)))))
        lines.append(f"192 {type_code(schedule)}")
        if tiebreaks:
            lines.append("202 " + ",".join(tiebreaks))
        lines.append("212 " + ",".join(("PTS", *tiebreaks)))
    if info.get("round_dates"):
        dates = info["round_dates"]
        if isinstance(dates, (str, _dt.date)):
            dates = [dates]
        row = list("132")
        for index, date in enumerate(dates):
            _put(row, FIRST_ROUND_COLUMN + ROUND_WIDTH * index, _field(_date(date, short=True), 8))
        lines.append("".join(row).rstrip())

    # Round blocks per player, up to the last round begun: a round not begun yet has no block.
    blocks: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    begun = [rnd.number for rnd in schedule.rounds if any((rnd.number, g.board) in codes for g in rnd.games)]
    for rnd in schedule.rounds:
        if not begun or rnd.number > max(begun):
            break
        started = rnd.number in begun
        seen: set[int] = set()
        for game in rnd.games:
            code = codes.get((rnd.number, game.board))
            w_char, b_char = trf_chars(code) if code else (" ", " ")
            blocks[game.white].append(f"{game.black:04d} w {w_char}")
            blocks[game.black].append(f"{game.white:04d} b {b_char}")
            seen.update((game.white, game.black))
        for p in rnd.byes:
            blocks[p].append(f"0000 - {bye_char if started else ' '}")
            seen.add(p)
        for p in range(1, n + 1):
            if p not in seen:  # not in this round's schedule at all
                blocks[p].append("0000 -  ")

    for player in players:
        points, rank = standing[player.number]
        row = list("001")
        _put(row, 5, f"{player.number:4d}")
        _put(row, 15, _field(player.name, 33))
        if player.rating:
            _put(row, 49, f"{player.rating:4d}")
        if player.title:
            _put(row, 11, _field(player.title.upper(), 3))
        if player.federation:
            _put(row, 54, _field(player.federation.upper(), 3))
        if player.fide_id:
            _put(row, 58, _field(player.fide_id, 11, right=True))
        if player.birth:
            _put(row, 70, _field(player.birth, 10))
        _put(row, 81, _points(points))
        _put(row, 86, f"{rank:4d}")
        for index, block in enumerate(blocks[player.number]):
            _put(row, FIRST_ROUND_COLUMN + ROUND_WIDTH * index, block)
        lines.append("".join(row).rstrip())
    return "\n".join(lines) + "\n"



# -- the report's sink ---------------------------------------------------------------------

class TrfExporter(Visitor):
    """The TRF of a round-robin's report (``addin.report.roundrobin``), a :class:`~addin.report.model.Visitor`
    that computes nothing again: the players are the report's entrants (FIDE id and birth date included), the
    games and results its pairings (withdrawals' forfeits included), points and rank its standings as they
    stand (a player the standings do not count, C.05 6.6, has his place after the counted ones as rank), the
    header its title, place, arbiter and dates (:func:`header_dates`), its bye points and tie-break order."""

    def __init__(self, version: str = "2016"):
        self.version = version
        self.rounds: list[Round] = []
        self.results: dict[tuple[int, int], str] = {}
        self.players: list[Player] = []
        self.text = ""

    def visit_entrants(self, entrants) -> None:
        self.players = [Player(int(e.ident), e.name, e.rating, e.club, e.federation, e.title, e.fide_id, e.birth)
                        for e in entrants]

    def begin_round(self, rnd: RoundReport) -> None:
        self.games: list[Game] = []
        self.byes: list[int] = []

    def visit_pairing(self, rnd: RoundReport, pairing: Pairing) -> None:
        if pairing.black is None:
            self.byes.append(int(pairing.white.ident))
            return
        game = Game(int(pairing.board), int(pairing.white.ident), int(pairing.black.ident))
        self.games.append(game)
        if pairing.result:
            self.results[(rnd.number, game.board)] = pairing.result

    def end_round(self, rnd: RoundReport) -> None:
        self.rounds.append(Round(rnd.number, tuple(self.games), tuple(self.byes), rnd.table_round, rnd.cycle))

    def end_event(self, report: EventReport) -> None:
        table = report.standings[0]
        number, points, rank = (table.column(key) for key in ("number", "points", "rank"))
        standing = {int(str(row[number])): (cast(float, row[points]), place if row[rank] is None else cast(int, row[rank]))
                    for place, row in enumerate(table.rows, 1)}
        head = report.header
        info = {key: value for key, value in (("name", head.title), ("city", head.place),
                                              ("chief_arbiter", head.arbiter)) if value}
        info.update(header_dates(head.dates))
        schedule = Schedule(report.kind, len(self.players), tuple(self.rounds))
        self.text = trf_text(self.players, schedule, self.results, standing, info, report.bye_points,
                             self.version, report.tiebreaks)

    def result(self) -> str:
        return self.text


def report_trf(report: EventReport, version: str = "2016") -> str:
    """The TRF16 (TRF-2026 with ``version="2026"``) text of a round-robin's ``report`` (:class:`TrfExporter`)."""
    return walk(report, TrfExporter(version))
