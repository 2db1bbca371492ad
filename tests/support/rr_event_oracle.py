"""Helpers for the event-workbook proof tests: random events and the comparison.

The oracle is ``addin.systems.standings.roundrobin.compute_standings`` (the project's
pure Python standings); the engine is LibreOffice recalculating the workbook.
"""

from __future__ import annotations

import random
import re

from addin.sheets.roundrobin.labels import labels
from addin.sheets.roundrobin import STANDINGS_FIELDS, STANDINGS_HEADER_ROW
from addin.core.players import Player
from addin.core.results import RESULT_CODES

WEIGHTS = (30, 30, 25, 5, 5, 5)  # mostly games over the board, some forfeits


def random_players(n: int, rng: random.Random) -> list[Player]:
    tricky = ["=1+1", "+33 club", "-dash", "@home", "Émilie Ñoño"]
    return [Player(i, tricky[i - 1] if i <= len(tricky) and rng.random() < 0.5 else f"Player {i}",
                   rng.choice([None, rng.randint(1000, 2800)]), "Club", "FRA")
            for i in range(1, n + 1)]


def random_results(schedule, rng: random.Random, fill: float) -> dict:
    results = {}
    for rnd, board, _, _ in schedule.games():
        if rng.random() < fill:
            results[(rnd, board)] = rng.choices(RESULT_CODES, WEIGHTS)[0]
    return results


def read_standings(book, lang: str = "fr") -> list[dict]:
    """The Standings sheet of a computed book as dicts, in sheet order."""
    L = labels(lang)
    sheet = book[L["sheet_standings"]]
    rows = []
    for values in sheet.iter_rows(min_row=STANDINGS_HEADER_ROW + 1, max_col=len(STANDINGS_FIELDS),
                                  values_only=True):
        if values[1] is None:
            break
        rows.append(dict(zip(STANDINGS_FIELDS, values)))
    return rows


def compare(rows: list[dict], expected, lang: str = "fr") -> None:
    """Assert that every figure of the sheet equals the oracle's, row by row."""
    L = labels(lang)
    assert len(rows) == len(expected)
    if all(st.played == 0 and st.byes == 0 for st in expected):
        # no result yet: a clean table, players by number, no figures
        assert [row["number"] for row in rows] == sorted(st.number for st in expected)
        for row in rows:
            assert all(row[key] is None for key in STANDINGS_FIELDS if key not in ("number", "name")), row
        return
    for row, st in zip(rows, expected):
        where = f"player {st.number}: sheet {row}, oracle {st}"
        assert row["number"] == st.number, where
        if st.counted:
            assert row["rank"] == st.rank, where
        else:
            assert row["rank"] == L["not_counted"], where
        for key, value in (("points", st.points), ("games", st.played), ("wins", st.wins),
                           ("draws", st.draws), ("losses", st.losses), ("SB", st.sb),
                           ("DE", st.de), ("WIN", st.win), ("KS", st.koya)):
            # blank where a tie-break does not apply: SB, DE, Koya of a player not counted
            # (C.05 6.6), DE when it did not decide his group (docs/standings.md)
            if (key in ("SB", "DE", "KS") and not st.counted) or (key == "DE" and not st.de_levels):
                assert row[key] in (None, ""), f"{key} should be blank: {where}"
                continue
            assert abs(float(row[key]) - value) < 1e-9, f"{key}: {where}"
        assert abs(float(row["percent"]) * 100 - st.percentage) < 1e-9, f"percent: {where}"


ERROR_VALUE = re.compile(r"^(#(DIV/0!|N/A|NAME\?|NULL!|NUM!|REF!|VALUE!|SPILL!|CALC!)|Err:\d+)$")


def error_cells(book) -> list[str]:
    """Every cell of every sheet holding an error value (#DIV/0!, #NAME?, Err:502…)."""
    found = []
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and ERROR_VALUE.match(cell.value):
                    found.append(f"{sheet.title}!{cell.coordinate}={cell.value}")
    return found


def with_withdrawal_forfeits(schedule, results: dict, rounds: dict) -> dict:
    """Typed results plus the forfeits of players withdrawn from a round (C.05), written from the rule.

    A round has started once it holds a typed result; in a started round, a game without
    a result whose White (Black) withdrew at or before that round is lost by forfeit by
    White (Black); both withdrawn: double forfeit. (Independent of the project's code.)
    """
    started = {r for (r, _b) in results}
    out = dict(results)
    for rnd, board, white, black in schedule.games():
        if (rnd, board) in results or rnd not in started:
            continue
        gone_w = rounds.get(white) is not None and rounds[white] <= rnd
        gone_b = rounds.get(black) is not None and rounds[black] <= rnd
        if gone_w or gone_b:
            out[(rnd, board)] = "0-0" if gone_w and gone_b else ("-+" if gone_w else "+-")
    return out
