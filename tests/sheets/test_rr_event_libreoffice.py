"""The event workbook computed by a real engine (LibreOffice headless).

Oracles: seed 004's worked example (with the correction documented in
``docs/corrections-roundrobin.md``), and ``compute_standings`` (the project's
pure Python standings, ``docs/standings.md``) on random events; the crosstable
against the typed codes themselves. All files of a test go through one
soffice call.
"""

import random

import pytest
from support.rr_event_oracle import (compare, error_cells, random_players, random_results, read_standings,
                            with_withdrawal_forfeits)

from addin.sheets.roundrobin.labels import LABELS
from addin.sheets.roundrobin import event_layout
from addin.core.players import Player
from addin.render.xlsx import write_xlsx
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.rutsch import rutsch_schedule
from addin.core.schedule import Game, Round, Schedule
from addin.systems.standings.roundrobin import compute_standings, evaluate

pytestmark = pytest.mark.libreoffice


def _seed004():
    """Seed 004 "Cas pratique détaillé": pairings and results as printed (Alice always White)."""
    schedule = Schedule("seed-004", 4, (
        Round(1, (Game(1, 1, 2), Game(2, 3, 4))),
        Round(2, (Game(1, 1, 3), Game(2, 2, 4))),
        Round(3, (Game(1, 1, 4), Game(2, 2, 3))),
    ))
    players = [Player(1, "Alice"), Player(2, "Bob"), Player(3, "Charlie"), Player(4, "Diana")]
    results = {(1, 1): "1-0", (1, 2): "½-½", (2, 1): "½-½", (2, 2): "1-0", (3, 1): "1-0", (3, 2): "0-1"}
    return schedule, players, results


def test_seed004_final_table(tmp_path, recalc):
    schedule, players, results = _seed004()
    path = tmp_path / "seed004.xlsx"
    write_xlsx(event_layout(schedule, players, results), path)
    (book,) = recalc(path)
    rows = read_standings(book)
    # seed 004 "Classement final" (Charlie corrected: 1 win, 2 draws, 0 losses, 2 points, 66.7 %)
    seed = [("Alice", 1, 2, 1, 0, 2.5, 83.3), ("Charlie", 2, 1, 2, 0, 2.0, 66.7),
            ("Bob", 3, 1, 0, 2, 1.0, 33.3), ("Diana", 4, 0, 1, 2, 0.5, 16.7)]
    for row, (name, rank, wins, draws, losses, points, percent) in zip(rows, seed):
        assert (row["name"], row["rank"], row["wins"], row["draws"], row["losses"], row["points"]) == \
            (name, rank, wins, draws, losses, points)
        assert round(row["percent"] * 100, 1) == percent
        assert row["games"] == 3
    assert error_cells(book) == []


def _events():
    """Random events of 3–24 players, single and double, forfeits, withdrawals, tie-break orders."""
    rng = random.Random(20240603)
    events = []
    sizes = [(3, 1), (4, 2), (5, 1), (6, 1), (7, 2), (8, 1), (10, 1), (11, 1), (13, 1), (16, 1), (24, 1)]
    orders = [("DE", "SB", "WIN", "KS"), ("SB", "DE", "KS", "WIN"), ("WIN", "KS", "DE"), ("KS",), ("DE",)]
    for k, (n, cycles) in enumerate(sizes):
        schedule = berger_schedule(n, cycles) if k % 4 else rutsch_schedule(n) if cycles == 1 else \
            berger_schedule(n, cycles)
        fill = 1.0 if k % 3 else rng.uniform(0.4, 0.9)
        results = random_results(schedule, rng, fill)
        withdrawn = set(rng.sample(range(1, n + 1), rng.randint(0, 2))) if n > 4 else set()
        events.append(dict(schedule=schedule, players=random_players(n, rng), results=results,
                           withdrawn=withdrawn, bye_points=rng.choice([0, 0.5, 1]),
                           tiebreaks=orders[k % len(orders)], lang="en" if k == 5 else "fr"))
    # C.05: player 3 completes only 2 of his 6 games over the board (forfeits after)
    schedule = berger_schedule(7)
    results = {}
    done = 0
    for rnd, board, white, black in schedule.games():
        if 3 in (white, black):
            done += 1
            results[(rnd, board)] = "1/2-1/2" if done <= 2 else ("-+" if white == 3 else "+-")
        else:
            results[(rnd, board)] = rng.choice(["1-0", "0-1", "1/2-1/2"])
    events.append(dict(schedule=schedule, players=random_players(7, rng), results=results, withdrawn={3},
                       bye_points=0, tiebreaks=("DE", "SB", "WIN", "KS"), lang="fr"))
    # withdrawals from a round: the remaining games are forfeits once their round has started
    for n, cycles, fill in ((8, 1, 0.8), (9, 1, 1.0), (6, 2, 0.9)):
        schedule = berger_schedule(n, cycles)
        rounds = len(schedule.rounds)
        gone = {p: rng.randint(2, rounds) for p in rng.sample(range(1, n + 1), 2)}
        gone[rng.choice([p for p in range(1, n + 1) if p not in gone])] = None  # marked only
        results = {key: code for key, code in random_results(schedule, rng, fill).items()
                   if not any(p in gone and gone[p] is not None and key[0] >= gone[p]
                              for p in schedule.rounds[key[0] - 1].games[key[1] - 1][1:])}
        events.append(dict(schedule=schedule, players=random_players(n, rng), results=results,
                           withdrawn=gone, bye_points=rng.choice([0, 1]), tiebreaks=("DE", "SB", "WIN", "KS"),
                           lang="fr"))
    # an event with no result at all
    events.append(dict(schedule=berger_schedule(5), players=random_players(5, rng), results={},
                       withdrawn=set(), bye_points=1, tiebreaks=("DE", "SB"), lang="fr"))
    return events


def test_random_events_match_the_python_standings(tmp_path, recalc):
    events = _events()
    paths = []
    for k, ev in enumerate(events):
        path = tmp_path / f"event{k}.xlsx"
        write_xlsx(event_layout(ev["schedule"], ev["players"], ev["results"], lang=ev["lang"],
                                tiebreaks=ev["tiebreaks"], bye_points=ev["bye_points"],
                                withdrawn=ev["withdrawn"]), path)
        paths.append(path)
    books = recalc(*paths)
    uncounted = 0
    derived = 0
    for ev, book in zip(events, books):
        rounds = ev["withdrawn"] if isinstance(ev["withdrawn"], dict) else {}
        typed = len(ev["results"])
        ev["results"] = with_withdrawal_forfeits(ev["schedule"], ev["results"], rounds)
        derived += len(ev["results"]) - typed
        args = (ev["schedule"], ev["results"], ev["tiebreaks"], set(ev["withdrawn"]), ev["bye_points"])
        report = evaluate(*args)
        uncounted += len(report.uncounted)
        compare(read_standings(book, ev["lang"]), compute_standings(*args), ev["lang"])
        assert error_cells(book) == [], error_cells(book)[:5]
        _check_crosstable(book, ev)
    assert uncounted >= 1  # the C.05 rule was exercised
    assert sum(1 for ev in events if isinstance(ev["withdrawn"], dict)) == 3
    assert derived >= 5  # forfeits derived from withdrawal rounds were computed by the sheet


def _check_crosstable(book, ev):
    """Each game shows in both rows, from each player's view, in its cycle's sub-column."""
    L = LABELS[ev["lang"]]
    sheet = book[L["sheet_crosstable"]]
    schedule = ev["schedule"]
    cycles = max(r.cycle for r in schedule.rounds)
    view = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("½", "½"), "+-": ("+", "-"),
            "-+": ("-", "+"), "0-0": ("-", "-")}
    from addin.core.results import parse_result
    seen: dict[tuple[int, int], int] = {}
    for rnd, board, white, black in schedule.games():
        key = (min(white, black), max(white, black))
        k = seen.get(key, 0)
        seen[key] = k + 1
        code = parse_result(ev["results"].get((rnd, board)))
        for me, other, side in ((white, black, 0), (black, white, 1)):
            value = sheet.cell(row=3 + me, column=3 + (other - 1) * cycles + k).value
            assert (value or "") == (view[code][side] if code else ""), (rnd, board, me, value)


def test_de_reapplied_to_a_sub_tie_matches_python(tmp_path, recalc):
    """The hand-built event of ``test_de_reapplication_splits_a_sub_tie``: DE splits the four players
    on 3 points into {1, 2} and {3, 4}, then again within {1, 2} (2 beat 1); {3, 4} stay tied. The
    sheet works a level out only when the level before moved someone (``moved`` under each r column
    of Calc): levels 1 and 2 moved, level 3 did not, and the ranks are Python's."""
    sched = berger_schedule(6)
    own = {}

    def put(a, b, pts):
        own[(a, b)], own[(b, a)] = pts, 1 - pts
    for a, b, pts in ((2, 1, 1), (1, 3, 1), (1, 4, 1), (2, 3, 0.5), (2, 4, 0.5), (3, 4, 0.5), (5, 1, 1),
                      (1, 6, 1), (5, 2, 1), (2, 6, 1), (3, 5, 1), (3, 6, 1), (4, 5, 1), (4, 6, 1), (6, 5, 1)):
        put(a, b, pts)
    results = {(r, b): {1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[own[(w, k)]] for r, b, w, k in sched.games()}
    players = [Player(i, f"P{i}", 1500) for i in range(1, 7)]
    path = tmp_path / "de.xlsx"
    write_xlsx(event_layout(sched, players, results, lang="en", tiebreaks=("DE", "SB")), path)
    (book,) = recalc(path)
    expected = compute_standings(sched, results, ("DE", "SB"))
    compare(read_standings(book, "en"), expected, "en")
    assert [s.rank for s in sorted(expected, key=lambda s: s.number)] == [2, 1, 3, 3, 5, 6]
    calc = book[LABELS["en"]["sheet_calc"]]
    header = {cell.value: cell.column for cell in calc[1] if cell.value}
    moved = [calc.cell(row=6 + 2, column=header[f"r{k}"]).value for k in (1, 2, 3, 4)]
    assert moved == [1, 1, 0, 0]
