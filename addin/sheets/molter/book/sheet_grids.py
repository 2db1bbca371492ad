"""The Grids sheet ("Grilles"): the result grid of every team, as the seed prints it.

Seed 001, "Exemple de grilles de prise de résultats" (``addin.systems.molter.grids``): per
player (board order) and round the colour (``b``/``n``: White when named first), the opponent
and the result (a formula on the round sheet's points), the player's total; the bottom line
"Départage … Place … Total" (Berlin, place and points, from the Calc sheet); then the team's
withdrawal ("abandon" from a round, a formula on the Teams sheet) and who else sat on its
seats, round by round (the Line-ups sheet's entries).
"""

from __future__ import annotations

from addin.sheets.model import PrintSetup, SheetLayout, col_letter, quote_sheet, range_ref, ref
from addin.sheets.molter.book.plan import BookPlan
from addin.sheets.molter.cells import GRID_ROWS_PER_PAGE, GRID_ROWS_PER_PAGE_LANDSCAPE
from addin.sheets.molter.labels import colour_letter
from addin.systems.molter.lineup import Absent, Substitute
from addin.systems.molter.model import Seat
from addin.systems.molter.teams import Team


def write(plan: BookPlan, s: SheetLayout) -> None:
    """The Grids sheet: the title, one grid per team (a page break before a grid that would not fit)."""
    s.set(1, 1, plan.L["grids_title"], style="title", text=True)
    total_col = 2 + 3 * plan.r
    row = 3
    breaks = []
    page_start = 1
    # landscape once three rounds' columns no longer fit a portrait page's width
    landscape = plan.r > 2
    per_page = GRID_ROWS_PER_PAGE_LANDSCAPE if landscape else GRID_ROWS_PER_PAGE
    for t, team in enumerate(plan.event.teams):
        lines = notes(plan, team)
        height = plan.p + 6 + len(lines)
        if row + height - page_start > per_page and row > 3:
            breaks.append(row - 1)
            page_start = row
        row = write_grid(plan, s, t, team, row, lines)
    s.width(1, 10)
    for c in range(2, total_col):
        s.width(c, 6)
    s.width(total_col, 8)
    s.print_setup = PrintSetup(area=(range_ref(1, 1, row - 3, total_col),), row_breaks=tuple(breaks),
                               orientation="landscape" if landscape else "portrait")


def notes(plan: BookPlan, team: Team) -> list[str]:
    """The grid's lines under a team after its withdrawal line: who else sat on its seats, round by round."""
    L, event = plan.L, plan.event
    lines = []
    for r in range(1, plan.r + 1):
        for k in range(1, plan.p + 1):
            entry = event.lineups.get((team.letter, k, r))
            seat = f"{team.letter}{k}"
            if entry is None:
                continue
            if isinstance(entry, Absent):
                lines.append(L["note_absent"].format(r=r, seat=seat))
            elif isinstance(entry, Substitute):
                lines.append(L["note_substitute"].format(r=r, seat=seat, name=entry.name))
            else:
                name = team.players[entry - 1].strip() or "—"
                lines.append(L["note_listed"].format(r=r, seat=seat, name=name, place=entry))
    return lines


def write_grid(plan: BookPlan, s: SheetLayout, t: int, team: Team, row: int, lines: list[str]) -> int:
    """Team ``t``'s grid from ``row``: its letter and name, the round headings, a row per player,
    then the bottom line and the notes; returns the row where the next grid starts."""
    L, p, lang = plan.L, plan.p, plan.event.header.lang
    total_col = 2 + 3 * plan.r
    s.height(row, 22)  # the team's letter, 16 pt
    s.set(row, 1, team.letter, style="team_letter", text=True)
    s.formula(row, 2, f"={plan.team_name_ref(t)}&\"\"", style="grid_title", cached=team.name)
    head, sub = row + 1, row + 2
    s.set(head, 1, None, style="header")
    s.set(sub, 1, None, style="header")
    for r in range(1, plan.r + 1):
        c = 2 + 3 * (r - 1)
        s.set(head, c, L["grid_round"].format(r=r), style="header", text=True)
        s.style_range(head, c + 1, head, c + 2, "header")
        s.merge(head, c, head, c + 2)
        s.row(sub, c, [L["colour"], L["opponent"], L["res"]], style="header")
    s.set(head, total_col, L["total"], style="header", text=True)
    s.set(sub, total_col, None, style="header")
    s.merge(head, total_col, sub, total_col)
    for k in range(1, p + 1):
        line = sub + k
        s.set(line, 1, k, style="number")
        res_cells, total = [], 0
        for r, cell in enumerate(plan.cells[Seat(team.letter, k)], 1):
            c = 2 + 3 * (r - 1)
            s.set(line, c, colour_letter(lang, cell.white), style="center", text=True)
            s.set(line, c + 1, str(cell.opponent), style="center", text=True)
            got = plan.points(r, cell.board, cell.white)
            s.formula(line, c + 2, "=" + plan.points_ref(r, cell), style="number", cached=got)
            res_cells.append(ref(line, c + 2))
            total += got or 0
        s.formula(line, total_col, f"=SUM({','.join(res_cells)})", style="number", cached=total)
    note_row = write_bottom(plan, s, t, team, sub + p + 1)
    for i, note in enumerate(lines, 1):
        s.set(note_row + i, 1, note, style="grid_note", text=True)
    return note_row + len(lines) + 3


def write_bottom(plan: BookPlan, s: SheetLayout, t: int, team: Team, bottom: int) -> int:
    """The bottom line "Départage … Place … Total" of team ``t``'s grid and its withdrawal line;
    returns the withdrawal line's row."""
    L, calc = plan.L, plan.calc
    total_col = 2 + 3 * plan.r
    calc_sheet = quote_sheet(plan.names["calc"])
    team_row = calc.team_row(t)
    # "Départage … Place … Total" as on the seed's forms; with one round the
    # place goes under the tie-break (no room between it and the total).
    place_row, place_col = (bottom, 3) if total_col - 1 > 4 else (bottom + 1, 1)
    s.set(bottom, 1, L["tiebreak"], style="header", text=True)
    st = plan.standing[team.letter]
    s.formula(bottom, 2, f"={calc_sheet}!${col_letter(calc.BERLIN)}${team_row}", style="number",
              cached=st.berlin)
    s.set(place_row, place_col, L["place"], style="header", text=True)
    s.formula(place_row, place_col + 1, f"={calc_sheet}!${col_letter(calc.rank_col)}${team_row}",
              style="number", cached=st.place)
    s.set(bottom, total_col - 1, L["total_row"], style="header", text=True)
    s.formula(bottom, total_col, f"={calc_sheet}!${col_letter(calc.POINTS)}${team_row}", style="number",
              cached=st.points)
    note_row = bottom + (2 if place_row > bottom else 1)
    # its withdrawal, from the Teams sheet's cell (FIDE: "abandon", the round from which)
    gone = plan.withdrawn_ref(t)
    s.formula(note_row, 1, f'=IF(ISNUMBER({gone}),"{L["note_withdrawn_from"]} "&{gone}&"'
                           f'{L["note_withdrawn_tail"]}","")', style="grid_note",
              cached=L["note_withdrawn"].format(r=plan.event.withdrawn[team.letter])
              if team.letter in plan.event.withdrawn else "")
    return note_row
