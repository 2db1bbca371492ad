"""Benchmark of the Molter event workbook (issue 5): 10 teams × 8 players × 7 rounds.

Figures printed (one line each):

* time to build the layout and to write the .xlsx (best of 3), file size,
  formula count;
* LibreOffice recalculation of that workbook with random results typed in
  (one soffice call; the computed standings are checked against
  ``addin.systems.molter.ranking.team_standings``);
* the same for a batch of 4 such workbooks in one soffice call.

The table is ``molter_table(10, 8, 7)`` (a generated table: the seed's table
29 has 3 rounds). Where this version has no generator yet, a stand-in of the
same size is used (per board level, teams paired by the circle method, every
player once per round) and the output says so: the workbook's size and
formulas depend only on the shape.

Run: ``python benchmarks/bench_molter_event.py``.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from addin.core.errors import TournamentError  # noqa: E402
from addin.sheets.molter import LABELS, molter_event_layout, put_results  # noqa: E402
from addin.systems.molter.event import played_rounds  # noqa: E402
from addin.systems.molter.model import Pairing, Seat, team_letters  # noqa: E402
from addin.systems.molter.ranking import team_standings  # noqa: E402
from addin.systems.molter.teams import numbered_teams# noqa: E402
from addin.render.recalc import recalculated_books  # noqa: E402
from addin.render.xlsx import write_xlsx  # noqa: E402
from addin.core.results import RESULT_CODES  # noqa: E402

TEAMS, PLAYERS, ROUNDS = 10, 8, 7


def stand_in_rounds(teams: int, players: int, rounds: int) -> list[tuple[Pairing, ...]]:
    """Circle-method rounds per board level (even ``teams``): a same-size stand-in."""
    letters = team_letters(teams)
    out = []
    for r in range(rounds):
        ring = [0] + [(i + r) % (teams - 1) + 1 for i in range(teams - 1)]
        pairs = []
        for k in range(1, players + 1):
            for i in range(teams // 2):
                a, b = ring[i], ring[teams - 1 - i]
                if (k + r + i) % 2:
                    a, b = b, a
                pairs.append(Pairing(Seat(letters[a], k), Seat(letters[b], k)))
        out.append(tuple(pairs))
    return out


def event_rounds():
    try:
        from addin.systems.molter.tables import molter_table

        return played_rounds(molter_table(TEAMS, PLAYERS, ROUNDS)), "molter_table (generated)"
    except TournamentError as exc:
        return stand_in_rounds(TEAMS, PLAYERS, ROUNDS), f"stand-in circle schedule ({exc})"


def random_results(rounds, rng):
    return {(r, b): rng.choice(RESULT_CODES + ("1-0", "0-1", "1/2-1/2") * 3)
            for r, rnd in enumerate(rounds, 1) for b in range(1, len(rnd) + 1)}


def main() -> None:
    rounds, origin = event_rounds()
    teams = numbered_teams(TEAMS, PLAYERS)
    print(f"shape: {TEAMS} teams x {PLAYERS} players x {ROUNDS} rounds, table: {origin}")
    folder = Path(tempfile.mkdtemp(prefix="bench-molter-"))
    build, write = [], []
    for _ in range(3):
        t0 = time.perf_counter()
        layout = molter_event_layout(teams, PLAYERS, rounds)
        t1 = time.perf_counter()
        write_xlsx(layout, folder / "event.xlsx")
        t2 = time.perf_counter()
        build.append(t1 - t0)
        write.append(t2 - t1)
    size = (folder / "event.xlsx").stat().st_size
    print(f"layout build: {min(build):.3f} s; xlsx write: {min(write):.3f} s; "
          f"file {size / 1024:.0f} KiB; {layout.formula_count()} formulas")

    rng = random.Random(5)
    paths, expected = [], []
    for i in range(4):
        results = random_results(rounds, rng)
        layout = molter_event_layout(teams, PLAYERS, rounds)
        put_results(layout, results)
        path = folder / f"event-{i}.xlsx"
        write_xlsx(layout, path)
        paths.append(path)
        expected.append([(s.place, s.team, s.points) for s in team_standings(TEAMS, PLAYERS, rounds, results)])

    def check(books, wanted):
        sheet = LABELS["fr"]["standings_sheet"]
        for book, want in zip(books, wanted):
            got = [tuple(row[:2]) + (row[3],) for row in
                   book[sheet].iter_rows(min_row=4, max_row=3 + TEAMS, values_only=True)]
            assert got == want, (got, want)

    t0 = time.perf_counter()
    books = recalculated_books(paths[:1], folder / "out1")
    one = time.perf_counter() - t0
    check(books, expected[:1])
    t0 = time.perf_counter()
    books = recalculated_books(paths, folder / "out4")
    four = time.perf_counter() - t0
    check(books, expected)
    print(f"LibreOffice recalculation (incl. start-up and reading back): 1 workbook {one:.2f} s; "
          f"4 workbooks in one call {four:.2f} s ({four / 4:.2f} s each); standings equal Python's")


if __name__ == "__main__":
    main()
