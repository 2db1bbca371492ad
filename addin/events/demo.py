"""Example outputs built from embedded sample data (``appariements demo``).

:data:`DEMOS` lists ``(file name, builder)``; a builder writes its file to the
path it is given. Each product adds its own examples here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.events.schedules import schedule_rows
from addin.render.table_file import write_table
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.rutsch import rutsch_schedule


def _write_event(layout, path: Path, event: str) -> None:
    """An example event workbook, written as the commands write one (with xlwings Lite's code)."""
    from addin.events.common import event_package

    Path(path).write_bytes(event_package(layout, event, macros=False))


def _berger_10(path: Path) -> None:
    write_table(schedule_rows(berger_schedule(10)), path, ".xlsx", "Berger 10")


def _double_6(path: Path) -> None:
    write_table(schedule_rows(berger_schedule(6, cycles=2)), path, ".csv")


def _rutsch_7(path: Path) -> None:
    write_table(schedule_rows(rutsch_schedule(7)), path, ".csv")


def _molter_5x4(path: Path) -> None:
    """A Molter team event: 5 teams of 4 in 4 rounds (official table 8), sample clubs, a reserve in two lists."""
    from addin.events.molter import demo_event
    from addin.sheets.molter import event_workbook
    from addin.systems.molter.teams import Team

    clubs = [("Échiquier Lyonnais", ("Anne Martin", "Paul Roy", "Léa Petit", "Marc Blanc", "Zoé Garnier")),
             ("Cercle de Nîmes", ("Jean Vidal", "Inès Garcia", "Luc Fabre", "Rose Brun")),
             ("Tour de Sète", ("Hugo Marty", "Zoé Rey", "Noé Pons", "Lina Roux", "Axel Colin")),
             ("Cavalier d'Alès", ("Yves Bonnet", "Emma Faure", "Tom Girard", "Eva Mercier")),
             ("Fou d'Uzès", ("Max Durand", "Lou Morel", "Jade Simon", "Théo Laurent"))]
    teams = [Team("ABCDE"[i], name, players) for i, (name, players) in enumerate(clubs)]
    _write_event(event_workbook(demo_event(teams, 4, 4, title="Coupe Molter (démonstration)")), path, "molter")


def _lorraine_divisions():
    """Two divisions of made-up Lorraine clubs (three clubs field several teams)."""
    from addin.systems.directed.league import Division, Team

    return [
        Division("Nationale 3", [Team(n, c) for n, c in [
            ("Nancy 1", "Nancy"), ("Nancy 2", "Nancy"), ("Metz 1", "Metz"), ("Toul", "Toul"),
            ("Épinal", "Épinal"), ("Verdun", "Verdun"), ("Lunéville", "Lunéville"), ("Bar-le-Duc", "Bar")]]),
        Division("Régionale", [Team(n, c) for n, c in [
            ("Metz 2", "Metz"), ("Metz 3", "Metz"), ("Nancy 3", "Nancy"), ("Thionville", "Thionville"),
            ("Sarrebourg", "Sarrebourg"), ("Pont-à-Mousson", "PAM")]]),
    ]


def _league_calendar(path: Path) -> None:
    from addin.systems.directed.league import league_calendar
    from addin.sheets.league import league_layout
    from addin.render.xlsx import write_xlsx

    divisions = _lorraine_divisions()
    calendars = league_calendar(divisions, "complementary", ["Nancy"], "gathering", seed=2025,
                                start="2025-10-05", every=14)
    clubs = {t.name: t.club for d in divisions for t in d.teams}
    write_xlsx(league_layout(calendars, clubs, "gathering"), path)


def _league_season(path: Path) -> None:
    """The same two divisions as a season of 4-board matches: rosters, rounds 1-2 played, one team forfeit."""
    from addin.sheets.league.layout import season_workbook
    from addin.systems.directed.league import league_calendar
    from addin.systems.league import event as league
    from addin.systems.league.model import PRESET_TIEBREAKS, SCORINGS, Member

    divisions = _lorraine_divisions()
    calendars = league_calendar(divisions, "complementary", ["Nancy"], "gathering", seed=2025,
                                start="2025-10-05", every=14)
    clubs = {t.name: t.club for d in divisions for t in d.teams}
    first = ["Anne", "Paul", "Léa", "Marc", "Zoé", "Hugo"]
    rosters = {t.name: [Member(f"{name} {t.name.split()[0]}", 2100 - 60 * k - 15 * i)
                        for k, name in enumerate(first)]
               for d in divisions for i, t in enumerate(d.teams)}
    season = league.season_from_calendars(
        calendars, clubs, rosters, boards=4, scoring=SCORINGS["fide"], preset="fide", colours="odd",
        tiebreaks=PRESET_TIEBREAKS["fide"], order="gathering", seed=2025,
        header=EventHeader("Interclubs de Lorraine 2025-2026", "Nancy", "2025-2026", "Jeanne Arbitre", "fr"))
    codes = ["1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "1-0", "0-1"]
    for d, division in enumerate(season.divisions, 1):
        for match in division.matches:
            if match.round > 2:
                continue
            key = (d, match.round, match.index)
            if d == 2 and match.round == 2 and match.index == 1:
                season = league.set_forfeit(season, key, "away")
                continue
            for board in range(1, season.boards + 1):
                season = league.set_result(season, key, board, codes[(match.index + board + match.round) % 7])
    _write_event(season_workbook(season.normalised()), path, "league")


def _scheveningen_4(path: Path) -> None:
    """A Scheveningen match of two teams of 4, rounds 1-2 played."""
    from addin.sheets.scheveningen.layout import match_workbook
    from addin.systems import scheveningen_match as schev

    a = [schev.SchevPlayer(n, r) for n, r in [("Alice Martin", 2105), ("Bruno Petit", 1987),
                                               ("Chloé Durand", 1950), ("David Leroy", 1876)]]
    b = [schev.SchevPlayer(n, r) for n, r in [("Emma Moreau", 2060), ("Farid Benali", 1995),
                                               ("Gaëlle Simon", 1930), ("Hugo Laurent", 1890)]]
    match = schev.new_match("Lyon", "Nice", a, b,
                            EventHeader("Match Lyon – Nice", "Lyon", "12 avril 2026", "Jeanne Arbitre", "fr"))
    codes = ["1-0", "1/2-1/2", "0-1", "1/2-1/2"]
    for rnd in (1, 2):
        for board in range(1, 5):
            match = schev.set_result(match, rnd, board, codes[(rnd + board) % 4])
    _write_event(match_workbook(match), path, "scheveningen")


def _combinee_64(path: Path) -> None:
    """The seed's 64-player example (9 phase-1 rounds), with made-up names and ratings."""
    from addin.systems.combinee.event import create_event
    from addin.sheets.combinee import event_workbook

    entries = [(f"Joueur {i:02d}", 2000 - 10 * i, "") for i in range(1, 65)]
    _write_event(event_workbook(create_event(entries, 9, 5, 4, seed=2024)), path, "combinee")


def _event_8(path: Path) -> None:
    """An 8-player Berger event (French), rounds 1-4 played, with a forfeit."""
    from addin.sheets.roundrobin import event_layout
    from addin.core.players import Player

    names = [("Alice Martin", 2105, "Échiquier Lyonnais"), ("Bruno Petit", 1987, "Cercle de Nice"),
             ("Chloé Durand", 1950, "Échiquier Lyonnais"), ("David Leroy", 1876, "Tour Blanche"),
             ("Emma Moreau", 1802, "Cercle de Nice"), ("Farid Benali", 1755, "Tour Blanche"),
             ("Gaëlle Simon", 1690, "Club de Rennes"), ("Hugo Laurent", 1620, "Club de Rennes")]
    players = [Player(i, n, r, c, "FRA") for i, (n, r, c) in enumerate(names, 1)]
    schedule = berger_schedule(8)
    cycle = ["1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "+-", "0-1", "1/2-1/2"]
    results = {(r, b): cycle[(r * 3 + b) % len(cycle)] for r, b, _, _ in schedule.games() if r <= 4}
    _write_event(event_layout(schedule, players, results, title="Fermé du club 2025"), path, "roundrobin")


def _event_6_double(path: Path) -> None:
    """A 6-player double round-robin (English labels), first cycle played."""
    from addin.sheets.roundrobin import event_layout
    from addin.core.players import Player

    players = [Player(i, n) for i, n in enumerate(["Ann", "Ben", "Cal", "Dee", "Eli", "Fay"], 1)]
    schedule = berger_schedule(6, cycles=2)
    codes = ["1-0", "0-1", "1/2-1/2"]
    results = {(r, b): codes[(r + 2 * b) % 3] for r, b, _, _ in schedule.games() if r <= 5}
    _write_event(event_layout(schedule, players, results, lang="en", title="Double round-robin"), path, "roundrobin")


DEMOS: list[tuple[str, Callable[[Path], None]]] = [
    ("berger-10.xlsx", _berger_10),
    ("berger-6-double.csv", _double_6),
    ("rutsch-7.csv", _rutsch_7),
    ("molter-5x4.xlsx", _molter_5x4),
    ("league-calendar.xlsx", _league_calendar),
    ("league-season.xlsx", _league_season),
    ("scheveningen-4.xlsx", _scheveningen_4),
    ("combinee-64.xlsx", _combinee_64),
    ("event-berger-8.xlsx", _event_8),
    ("event-double-6-en.xlsx", _event_6_double),
]


def check_folder(folder: Path, force: bool) -> None:
    """Refuse to overwrite an example already in ``folder`` unless ``force``."""
    existing = [name for name, _ in DEMOS if (Path(folder) / name).exists()]
    if existing and not force:
        raise TournamentError("{path} already exists: choose another folder or add --force.",
                              path=Path(folder) / existing[0])
