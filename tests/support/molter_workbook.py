"""Reading a Molter event workbook's inputs in the tests, independently of the project's reader,
and pressing the Molter button on xlwings' remote-interpreter book (``support.doors.press``).

The positions are written out here from ``docs/molter-event.md`` (the Teams sheet: settings
in row 2, teams from row 5 — name in B, withdrawal round in C, the list from D; the round
sheets: board, White, result in D, Black from row 4; the Line-ups sheet: a block of P + 3
rows per team from row 4, who takes seat k in round r in column 2r), not imported from
``addin.sheets.molter``.
"""

from __future__ import annotations

from typing import Any

from support import doors

from addin.excel.buttons import rebuild_molter_event

SHEETS = {"fr": ("Équipes", "Ronde {r}", "Compositions"), "en": ("Teams", "Round {r}", "Line-ups")}


def clean(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("'"):
        value = value[1:]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if value == "":
        return None
    return value


def inputs(grids: dict, lang: str = "fr") -> dict:
    """The event's input cells: settings, teams (name, withdrawal, list), results, line-up cells."""
    teams_name, round_name, lineups_name = SHEETS[lang]
    teams_grid = grids[teams_name]
    settings = tuple(clean(teams_grid.get((2, c))) for c in (2, 4, 6))
    rounds, boards = settings[0], settings[1]
    teams = []
    row = 5
    while any((row, c) in teams_grid for c in range(2, 40)):
        names = [clean(teams_grid.get((row, c))) for c in range(4, 40)]
        while names and names[-1] is None:
            names.pop()
        teams.append((clean(teams_grid.get((row, 2))), clean(teams_grid.get((row, 3))), tuple(names)))
        row += 1
    results, games = {}, {}
    r = 1
    while round_name.format(r=r) in grids:
        grid = grids[round_name.format(r=r)]
        b = 1
        while (3 + b, 1) in grid:
            games[(r, b)] = (grid[(3 + b, 2)], grid[(3 + b, 5)])
            if (3 + b, 4) in grid:
                results[(r, b)] = clean(grid[(3 + b, 4)])
            b += 1
        r += 1
    lineups = {}
    grid = grids.get(lineups_name, {})
    for t in range(len(teams)):
        top = 4 + t * (boards + 3)
        letter = grid.get((top, 1))
        for k in range(1, boards + 1):
            for rnd in range(1, rounds + 1):
                value = clean(grid.get((top + 1 + k, 2 * rnd)))
                if value is not None:
                    lineups[(letter, k, rnd)] = value
    return {"settings": settings, "teams": teams, "results": results, "games": games, "lineups": lineups}


def press(payload: dict) -> tuple[str, dict | None]:
    """Press the Molter button on the workbook ``payload``: its message and the new payload (None: nothing written)."""
    return doors.press(rebuild_molter_event, payload)
