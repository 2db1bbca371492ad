"""Workbook layout of a team-league calendar (seed 000, "Application des
tables de Berger aux compétitions par équipes").

Two sheets: the calendar (one line per fixture: division, round, date, home
team first, away team, a mark for the gathering round on neutral ground, the
bye) and the team numbers with their home/away counts. Team and club names
are user text, written as text. Labels in French by default, English on
request. Pure: rendered by :mod:`addin.render.xlsx`.
"""

from __future__ import annotations

import datetime as dt
from typing import Sequence

from addin.core.args import as_choice
from addin.systems.directed.league import AWAY, HOME, DivisionCalendar, Team, venue
from addin.sheets.model import PrintSetup, WorkbookLayout

LABELS = {
    "fr": {"calendar": "Calendrier", "numbers": "Numéros", "division": "Division", "round": "Ronde",
           "date": "Date", "home": "Domicile", "away": "Extérieur", "note": "Remarque",
           "neutral": "rassemblement (terrain neutre)", "bye": "exempt", "number": "Numéro",
           "team": "Équipe", "club": "Club", "home_count": "Matchs à domicile",
           "away_count": "Matchs à l'extérieur", "title": "Calendrier du championnat"},
    "en": {"calendar": "Calendar", "numbers": "Numbers", "division": "Division", "round": "Round",
           "date": "Date", "home": "Home", "away": "Away", "note": "Note",
           "neutral": "gathering round (neutral ground)", "bye": "bye", "number": "Number",
           "team": "Team", "club": "Club", "home_count": "Home games",
           "away_count": "Away games", "title": "League calendar"},
}


def league_layout(calendars: Sequence[DivisionCalendar], clubs: dict[str, str], order: str,
                  lang: str = "fr") -> WorkbookLayout:
    """The calendar workbook; ``clubs`` maps a team name to its club."""
    words = LABELS[as_choice(lang, "lang", tuple(LABELS), default="fr")]
    book = WorkbookLayout(title=words["title"])
    # Printing (issue 11): the title on every page, the sheet and page number in the footer,
    # every column on the page (the notes column no longer spills onto pages of its own).
    book.header = f'&L&"-,Bold"{words["title"]}'
    book.footer = "&L&A&RPage &P / &N"
    cal = book.add_sheet(words["calendar"], freeze="A2")
    cal.row(1, 1, [words[k] for k in ("division", "round", "date", "home", "away", "note")], "header")
    r = 2
    for division in calendars:
        rounds = sorted({f.round for f in division.fixtures} | set(division.byes))
        for rnd in rounds:
            for fx in (f for f in division.fixtures if f.round == rnd):
                cal.set(r, 1, division.name, "cell", text=True)
                cal.set(r, 2, rnd, "number")
                _date(cal, r, 3, fx.date)
                cal.set(r, 4, fx.home, "cell", text=True)
                cal.set(r, 5, fx.away, "cell", text=True)
                cal.set(r, 6, words["neutral"] if fx.neutral else "", "cell", text=True)
                r += 1
            if rnd in division.byes:
                date = next((f.date for f in division.fixtures if f.round == rnd), "")
                cal.set(r, 1, division.name, "cell", text=True)
                cal.set(r, 2, rnd, "number")
                _date(cal, r, 3, date)
                cal.set(r, 4, division.byes[rnd], "cell", text=True)
                cal.set(r, 5, "", "cell")
                cal.set(r, 6, words["bye"], "cell", text=True)
                r += 1
    for col, width in zip(range(1, 7), (14, 8, 12, 28, 28, 30)):
        cal.width(col, width)
    cal.print_setup = PrintSetup(area=(f"A1:F{max(r - 1, 1)}",), repeat_rows=(1, 1), fit_width=1,
                                 orientation="landscape")
    num = book.add_sheet(words["numbers"], freeze="A2")
    num.row(1, 1, [words[k] for k in ("division", "number", "team", "club", "home_count", "away_count")],
            "header")
    r = 2
    for division in calendars:
        teams = len(division.numbers)
        for team, x in sorted(division.numbers.items(), key=lambda item: item[1]):
            seq = [venue(teams, x, rnd, order) for rnd in range(1, teams + (teams & 1))]
            num.set(r, 1, division.name, "cell", text=True)
            num.set(r, 2, x, "number")
            num.set(r, 3, team, "cell", text=True)
            num.set(r, 4, clubs.get(team, ""), "cell", text=True)
            num.set(r, 5, seq.count(HOME), "number")
            num.set(r, 6, seq.count(AWAY), "number")
            r += 1
    for col, width in zip(range(1, 7), (14, 9, 28, 20, 12, 12)):
        num.width(col, width)
    num.height(1, 30)  # two-line headers
    num.print_setup = PrintSetup(area=(f"A1:F{max(r - 1, 1)}",), repeat_rows=(1, 1), fit_width=1)
    book.active = words["calendar"]
    return book


def _date(sheet, row: int, col: int, text: str) -> None:
    """An ISO date becomes a real date cell (dd/mm/yyyy); anything else stays text."""
    try:
        value = dt.date.fromisoformat(text)
    except ValueError:
        sheet.set(row, col, text, "center", text=True)
        return
    sheet.set(row, col, value, "center", number_format="dd/mm/yyyy")


def clubs_of(teams: Sequence[Team]) -> dict[str, str]:
    return {t.name: t.club for t in teams}
