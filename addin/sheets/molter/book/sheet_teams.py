"""The Teams sheet ("Équipes"): the event's settings and every team's list — the organiser's input.

Row 1: the title, then the place, dates and chief arbiter (printed on every page); row 2: the
number of rounds, the boards per team and the table's source (``auto``, ``officiel``,
``généré``), with the event's shape; row 3: the ranking rule (``1991`` or ``Coupes FFE``) and the
list's groups. Then one row per team: its letter, name, withdrawal round (empty: plays to the
end) and its list, strongest first (seed 001: player k of the list plays board k), the regular
players on the first P columns and the reserves after, then its average rating (read by the
``ffe-cups`` rule only).
"""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout, col_letter, range_ref, ref
from addin.sheets.molter.book.plan import BookPlan
from addin.sheets.molter.cells import (SETTINGS_ROW, TEAMS_FIRST_ROW, TEAMS_GROUP_ROW, TEAMS_HEADER_ROW, TITLE_ROW,
                                       DetailsCols, RankingCols, SettingsCols, TeamsCols)
from addin.sheets.molter.labels import ranking_word, source_word
from addin.systems.molter.ranking import RANKING_RULES


def write(plan: BookPlan, s: SheetLayout) -> None:
    """The Teams sheet: the settings, the teams and their lists, the print set-up."""
    write_settings(plan, s)
    write_teams(plan, s)
    first = TeamsCols.FIRST_PLAYER
    s.width(TeamsCols.LETTER, 11)
    s.width(TeamsCols.NAME, 22)
    s.width(TeamsCols.WITHDRAWN, 10)
    for k in range(max(plan.width, DetailsCols.ARBITER - first + 1)):
        s.width(first + k, 14)
    s.width(plan.rating_col, 12)
    for row in (TITLE_ROW, SETTINGS_ROW, TEAMS_HEADER_ROW):
        s.height(row, 30)  # "Arbitre principal", "Joueurs par équipe", "Abandon (ronde)" on two lines
    last_col = max(plan.rating_col, DetailsCols.ARBITER)
    s.print_setup = PrintSetup(area=(range_ref(1, 1, TEAMS_FIRST_ROW + plan.n - 1, last_col),),
                               orientation="landscape")


def write_settings(plan: BookPlan, s: SheetLayout) -> None:
    """Rows 1-3: the title and event details, the shape and source, the ranking rule (drop-down lists)."""
    L, event, p = plan.L, plan.event, plan.p
    s.set(TITLE_ROW, 1, event.header.title or L["title"], style="title", text=True)
    D = DetailsCols
    for label_col, col, key, value in ((D.PLACE_LABEL, D.PLACE, "place_setting", event.header.place),
                                       (D.DATES_LABEL, D.DATES, "dates_setting", event.header.dates),
                                       (D.ARBITER_LABEL, D.ARBITER, "arbiter_setting", event.header.arbiter)):
        s.set(TITLE_ROW, label_col, L[key], style="header", text=True)
        s.set(TITLE_ROW, col, value or None, style="input", text=bool(value))
    C = SettingsCols
    s.set(SETTINGS_ROW, C.ROUNDS_LABEL, L["rounds_setting"], style="header", text=True)
    s.set(SETTINGS_ROW, C.ROUNDS, plan.r, style="input_center")
    s.set(SETTINGS_ROW, C.BOARDS_LABEL, L["players_setting"], style="header", text=True)
    s.set(SETTINGS_ROW, C.BOARDS, p, style="input_center")
    s.set(SETTINGS_ROW, C.SOURCE_LABEL, L["source_setting"], style="header", text=True)
    s.set(SETTINGS_ROW, C.SOURCE, source_word(L, event.source), style="input_center", text=True)
    s.validation(ref(SETTINGS_ROW, C.SOURCE), [source_word(L, x) for x in ("auto", "official", "generated")])
    s.set(SETTINGS_ROW, C.SHAPE, L["shape"].format(n=plan.n, p=p, r=plan.r), style="subtitle", text=True)
    s.set(TEAMS_GROUP_ROW, RankingCols.LABEL, L["ranking_setting"], style="header", text=True)
    s.set(TEAMS_GROUP_ROW, RankingCols.VALUE, ranking_word(L, event.ranking), style="input_center", text=True)
    s.validation(ref(TEAMS_GROUP_ROW, RankingCols.VALUE), [ranking_word(L, x) for x in RANKING_RULES])


def write_teams(plan: BookPlan, s: SheetLayout) -> None:
    """The list's group headings ("regular players", "reserves"), the header, then one row per team."""
    L, event, p, width = plan.L, plan.event, plan.p, plan.width
    first = TeamsCols.FIRST_PLAYER
    s.set(TEAMS_GROUP_ROW, first, L["players"].format(p=p), style="header", text=True)
    s.style_range(TEAMS_GROUP_ROW, first + 1, TEAMS_GROUP_ROW, first + p - 1, "header")
    s.merge(TEAMS_GROUP_ROW, first, TEAMS_GROUP_ROW, first + p - 1)
    s.set(TEAMS_GROUP_ROW, first + p, L["reserves"], style="header", text=True)
    s.style_range(TEAMS_GROUP_ROW, first + p + 1, TEAMS_GROUP_ROW, first + width - 1, "header")
    if width - p > 1:
        s.merge(TEAMS_GROUP_ROW, first + p, TEAMS_GROUP_ROW, first + width - 1)
    s.row(TEAMS_HEADER_ROW, 1, [L["team"], L["name"], L["withdrawn"]] + [str(k) for k in range(1, width + 1)]
          + [L["rating_avg"]], style="header")
    for t, team in enumerate(event.teams):
        row = plan.team_row(t)
        s.height(row, 22)  # the team's letter, 16 pt
        s.set(row, TeamsCols.LETTER, team.letter, style="team_letter", text=True)
        s.set(row, TeamsCols.NAME, team.name, style="input", text=True)
        s.set(row, TeamsCols.WITHDRAWN, event.withdrawn.get(team.letter), style="input_center")
        for k in range(1, width + 1):
            name = team.players[k - 1] if k <= len(team.players) else None
            s.set(row, first + k - 1, name or None, style="input", text=bool(name))
        s.set(row, plan.rating_col, event.ratings.get(team.letter), style="input_center")


def freeze() -> str:
    """The Teams sheet's scrolling area: the lists scroll, the letters, names and withdrawals stay."""
    return f"{col_letter(TeamsCols.FIRST_PLAYER)}{TEAMS_FIRST_ROW}"
