"""The FIDE tie-breaks the event workbook computes (SB Cut-1/2, Koya limits, WON, BPG, BWG, TPN, RTNG, ARO, TPR,
STD, REP, PS and its cuts, ARO's cuts and medians, APRO, PTP, APPO), by LibreOffice.

Oracle: ``addin.systems.standings.roundrobin.evaluate`` (itself proven against
Gacrux in test_fide_tiebreaks.py). Every order is drawn from the workbook's
codes, DE anywhere in it; the ranks prove the sort keys (TPN: lowest first),
the four "tie-break" columns of the Standings sheet prove each figure.
"""

import random
from dataclasses import replace

import pytest
from support.rr_event_oracle import compare, error_cells, random_players, random_results, read_standings

from addin.render.xlsx import write_xlsx
from addin.sheets.roundrobin import event_layout
from addin.sheets.roundrobin.cells import COUNTED_ONLY, TIEBREAK_CODES
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.standings.roundrobin import compute_standings

pytestmark = pytest.mark.libreoffice


def _events():
    """One event per code; slot k of event e holds code (e + 5k) mod 29 of a shuffled list: every code in every
    slot."""
    rng = random.Random(2026)
    codes = list(TIEBREAK_CODES)
    rng.shuffle(codes)
    assert len(codes) == 29  # 5 is then a step giving four distinct codes per event
    sizes = [(4, 1), (5, 2), (6, 1), (7, 1), (8, 2), (9, 1), (10, 1), (12, 1), (5, 1), (6, 2), (11, 1), (3, 2),
             (8, 1), (7, 2), (9, 1), (6, 1), (10, 2), (4, 2), (13, 1), (7, 1), (9, 2), (5, 1),
             (8, 1), (6, 2), (10, 1), (11, 1), (7, 2), (12, 1), (5, 2)]
    events = []
    for k, (n, cycles) in enumerate(sizes):
        schedule = berger_schedule(n, cycles)
        fill = 1.0 if k % 3 else rng.uniform(0.5, 0.9)
        results = random_results(schedule, rng, fill)
        order = [codes[(k + 5 * slot) % len(codes)] for slot in range(4)]
        withdrawn = set(rng.sample(range(1, n + 1), 1)) if n > 6 and k % 2 else set()
        players = random_players(n, rng)
        if k % 5 != 4:  # rated fields (an unrated counted player makes every rating tie-break 0: C.07 art. 10)
            players = [replace(p, rating=p.rating or rng.randint(1000, 2800)) for p in players]
        events.append(dict(schedule=schedule, players=players, results=results,
                           withdrawn=withdrawn, bye_points=rng.choice([0, 0.5, 1]), tiebreaks=tuple(order)))
    for last in (1, 2):  # progressive scores when the cut reaches the last round with a result (0)
        schedule = berger_schedule(5)
        results = {key: code for key, code in random_results(schedule, rng, 1.0).items() if key[0] <= last}
        events.append(dict(schedule=schedule, players=random_players(5, rng), results=results, withdrawn=set(),
                           bye_points=1, tiebreaks=("PS/C2", "PS/C1", "PS", "TPN")))
    # an unrated player the standings do not count (withdrawn, forfeits from round 2): the others' rating
    # tie-breaks still apply (C.07 art. 10 asks it of the counted players only)
    schedule = berger_schedule(8)
    results = random_results(schedule, rng, 1.0)
    for rnd in schedule.rounds[1:]:
        for game in rnd.games:
            if 3 in (game.white, game.black):
                results[(rnd.number, game.board)] = "-+" if game.white == 3 else "+-"
    players = [replace(p, rating=None if p.number == 3 else 1200 + 97 * p.number) for p in random_players(8, rng)]
    events.append(dict(schedule=schedule, players=players, results=results, withdrawn={3}, bye_points=0,
                       tiebreaks=("ARO", "TPR", "APRO", "ARO/M1")))
    # PTP's ends (C.07 10.3): a player winning every game over the board (the highest opponent + 736) and one
    # losing them all (the lowest opponent - 800), ratings spread from 400 to 3,200 (the bisection's range),
    # one double round-robin; with a forfeit each, which PTP leaves out (15.2)
    for n, cycles in ((9, 1), (6, 2)):
        schedule = berger_schedule(n, cycles)
        results = random_results(schedule, rng, 1.0)
        for rnd in schedule.rounds:
            for game in rnd.games:
                for player, won, lost in ((2, "0-1", "1-0"), (1, "1-0", "0-1")):  # 1 beats 2 too
                    if player in (game.white, game.black):
                        results[(rnd.number, game.board)] = won if game.white == player else lost
        first = next(g for g in schedule.rounds[0].games if len({g.white, g.black} & {1, 2}) == 1)
        results[(1, first.board)] = "+-" if 1 == first.white or 2 == first.black else "-+"
        ratings = [400, 3200] + [rng.randint(400, 3200) for _ in range(n - 2)]
        players = [replace(p, rating=ratings[p.number - 1]) for p in random_players(n, rng)]
        events.append(dict(schedule=schedule, players=players, results=results, withdrawn=set(), bye_points=0,
                           tiebreaks=("PTP", "APPO", "TPR", "DE"), ends=True))
    return events


def _expected(st, code):
    """The figure the sheet shows: blank for SB, Koya (and cuts, limits), the rating tie-breaks, STD, REP and DE
    of a player not counted, DE that did not decide."""
    base = code.split("/")[0]
    if (base in COUNTED_ONLY or base == "DE") and not st.counted:
        return None
    if base == "DE":
        return st.de if st.de_levels else None
    return st.value(code)


@pytest.mark.slow
def test_fide_tiebreaks_in_the_workbook_equal_python(tmp_path, recalc):
    events = _events()
    paths = []
    for k, ev in enumerate(events):
        path = tmp_path / f"fide{k}.xlsx"
        write_xlsx(event_layout(ev["schedule"], ev["players"], ev["results"], lang="en", tiebreaks=ev["tiebreaks"],
                                bye_points=ev["bye_points"], withdrawn=ev["withdrawn"]), path)
        paths.append(path)
    books = recalc(*paths)
    figures = rated_figures = ps_figures = cut_figures = perfect_figures = 0
    ends = set()
    for ev, book in zip(events, books):
        standings = compute_standings(ev["schedule"], ev["results"], ev["tiebreaks"], ev["withdrawn"],
                                      ev["bye_points"], ratings={p.number: p.rating for p in ev["players"]})
        rows = read_standings(book, "en")
        compare(rows, standings, "en")
        assert error_cells(book) == [], error_cells(book)[:5]
        if not ev["results"]:
            continue
        for row, st in zip(rows, standings):
            for k, code in enumerate(ev["tiebreaks"]):
                want = _expected(st, code)
                got = row[f"tb{k + 1}"]
                if want is None:
                    assert got in (None, ""), (code, st.number, got)
                else:
                    assert abs(float(got) - want) < 1e-9, (ev["tiebreaks"], code, st.number, got, want)
                    figures += 1
                    rated_figures += code.split("/")[0] in ("RTNG", "ARO", "TPR", "APRO") and want > 0
                    perfect_figures += code in ("PTP", "APPO") and want != 0
                    if code == "PTP" and st.number in (1, 2) and ev.get("ends"):
                        ends.add(want - max(p.rating for p in ev["players"] if p.number != st.number) == 736
                                 if st.number == 1 else
                                 want - min(p.rating for p in ev["players"] if p.number != st.number) == -800)
                    cut_figures += code.startswith("ARO/") and want > 0
                    ps_figures += code.startswith("PS") and want > 0
    assert figures >= 300
    used = {(slot, c) for ev in events for slot, c in enumerate(ev["tiebreaks"])}
    assert used == {(slot, c) for slot in range(4) for c in TIEBREAK_CODES}
    assert rated_figures >= 40  # rating tie-breaks of rated fields, not all zero
    assert ps_figures >= 40
    assert cut_figures >= 20
    assert perfect_figures >= 60  # PTP and APPO of rated fields
    assert ends == {True}  # the perfect and the zero score reached both ends of PTP's range


def _oracle_performance(ev):
    """Per player: the games over the board against rated opponents, from the typed results (B.02)."""
    from addin.core.results import parse_result, score
    from addin.systems.standings import rating as R
    ratings = {p.number: p.rating for p in ev["players"]}
    games = {p: [] for p in ratings}
    for (rnd, board), text in ev["results"].items():
        code = parse_result(text)
        if code not in ("1-0", "0-1", "1/2-1/2"):
            continue
        game = ev["schedule"].rounds[rnd - 1].games[board - 1]
        w, b = score(code)
        for me, other, pts in ((game.white, game.black, w), (game.black, game.white, b)):
            if ratings[other]:
                games[me].append((ratings[other], pts))
    out = {}
    for p, played in games.items():
        opp = [r for r, _ in played]
        pts = sum(x for _, x in played)
        own = ratings[p]
        expected = sum(R.pd_hundredths(max(-400, min(400, own - r))) for r in opp) if own and opp else None
        out[p] = dict(rated_games=len(opp), score=pts, aro=R.aro(opp), tpr=R.tpr(pts, opp),
                      expected=None if expected is None else expected / 100,
                      change=None if expected is None else 20 * (round(100 * pts) - expected) / 100)
    return out


def test_performance_sheet_equals_the_fide_arithmetic(tmp_path, recalc):
    from addin.sheets.roundrobin.cells import PERFORMANCE_FIELDS, PERFORMANCE_HEADER_ROW
    from addin.sheets.roundrobin.labels import LABELS
    rng = random.Random(8)
    events = []
    for n, cycles in ((6, 1), (7, 2), (10, 1)):
        schedule = berger_schedule(n, cycles)
        events.append(dict(schedule=schedule, players=random_players(n, rng),
                           results=random_results(schedule, rng, 0.9)))
    paths = []
    for k, ev in enumerate(events):
        path = tmp_path / f"perf{k}.xlsx"
        write_xlsx(event_layout(ev["schedule"], ev["players"], ev["results"], lang="en"), path)
        paths.append(path)
    checked = 0
    for ev, book in zip(events, recalc(*paths)):
        sheet = book[LABELS["en"]["sheet_performance"]]
        want = _oracle_performance(ev)
        for values in sheet.iter_rows(min_row=PERFORMANCE_HEADER_ROW + 1, max_col=len(PERFORMANCE_FIELDS),
                                      values_only=True):
            if values[0] is None:
                break
            row = dict(zip(PERFORMANCE_FIELDS, values))
            expected = want[row["number"]]
            for key in ("rated_games", "score", "aro", "tpr", "expected", "change"):
                if expected[key] is None:
                    assert row[key] in (None, ""), (row, key)
                else:
                    assert abs(float(row[key]) - expected[key]) < 1e-9, (row, key, expected[key])
                    checked += 1
        assert error_cells(book) == []
    assert checked >= 80
