"""The Molter event's named ranking rules (issue 15): the seed's 1991 order stays the default,
``ffe-cups`` ranks by game points, then Berlin, then the lowest average rating (the Molter
phases of the French federation's team cups, as the peer Sharly Chess encodes them; see
``docs/molter-event.md``).

Oracles: a hand-worked event (3 teams of 4 on Peyrin's table, every game drawn: every team
has 6 points and Berlin 15, so the 1991 rule ties all three and the cup rule orders them by
rating, the team without one last); a direct count written here (points and Berlin summed
game by game, then the cup order) on events with mixed results; LibreOffice's recalculation
of the workbooks (standings by formulas = this test's order; every visible formula's stored
value = LibreOffice's); the rule chosen by typing its word in the Teams sheet, read back.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from click.testing import CliRunner

from addin.cli import cli
from addin.core.errors import TournamentError
from addin.core.header import EventHeader
from addin.events.molter import demo_event
from addin.render.file_book import FileBook
from addin.render.xlsx import write_xlsx
from addin.sheets.molter.layout import event_workbook
from addin.sheets.molter.reader import read_event
from addin.systems.molter import live as rules
from addin.systems.molter.teams import Team

POINTS = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5)}


def squads(n, p):
    return [Team(chr(65 + t), f"Club {chr(65 + t)}", tuple(f"P{t}{k}" for k in range(1, p + 1))) for t in range(n)]


def peyrin_all_draws(rule, ratings):
    event = demo_event(squads(3, 4), 4, 3)
    for key in sorted(event.games()):
        event = rules.set_result(event, *key, "1/2-1/2")
    return replace(event, ranking=rule, ratings=ratings)


def direct_cup_order(event):
    """Points and Berlin counted game by game, then (points, Berlin, lower rating, rated first)."""
    p = event.boards
    pts = {t: 0.0 for t in event.letters}
    berlin = {t: 0.0 for t in event.letters}
    for key, pairing in event.games().items():
        code = event.results.get(key)
        if code is None:
            continue
        for seat, got in zip((pairing.white, pairing.black), POINTS[code]):
            pts[seat.team] += got
            berlin[seat.team] += got * (p + 1 - seat.board)

    def key(t):
        rating = event.ratings.get(t)
        return (pts[t], berlin[t], 0 if rating is None else 10000 - rating)

    order = sorted(event.letters, key=lambda t: tuple(-k for k in key(t)))
    places = [1 + sum(1 for u in event.letters if key(u) > key(t)) for t in order]
    return list(zip(places, order)), pts, berlin


def test_the_seed_rule_is_the_default_and_ties_an_all_drawn_peyrin_event():
    event = peyrin_all_draws("1991", {"A": 1700, "B": 1500})
    assert demo_event(squads(3, 4), 4, 3).ranking == "1991"
    standings = event.standings()
    assert [(s.place, s.points, s.berlin) for s in standings] == [(1, 6.0, 15.0)] * 3


def test_the_cup_rule_orders_tied_teams_by_the_lowest_average_rating_then_the_unrated():
    event = peyrin_all_draws("ffe-cups", {"A": 1700, "B": 1500})
    assert [(s.place, s.team, s.points, s.berlin, s.rating) for s in event.standings()] == [
        (1, "B", 6.0, 15.0, 1500), (2, "A", 6.0, 15.0, 1700), (3, "C", 6.0, 15.0, None)]
    both = replace(event, ratings={"A": 1600, "C": 1600})
    assert [(s.place, s.team) for s in both.standings()] == [(1, "A"), (1, "C"), (3, "B")]


def mixed(n, p, rounds, rule, ratings, seed):
    event = demo_event(squads(n, p), p, rounds)
    codes = ("1-0", "0-1", "1/2-1/2", "1/2-1/2")
    for k, key in enumerate(sorted(event.games())):
        if (k * 7 + seed) % 5:
            event = rules.set_result(event, *key, codes[(k * seed + k // 3) % 4])
    return replace(event, ranking=rule, ratings=ratings)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_cup_rule_equals_a_direct_count(seed):
    event = mixed(5, 4, 4, "ffe-cups", {"A": 1800, "B": 1450.5, "D": 2010}, seed)
    want, pts, berlin = direct_cup_order(event)
    got = event.standings()
    assert [(s.place, s.team) for s in got] == want
    assert all(s.points == pts[s.team] and s.berlin == berlin[s.team] for s in got)


def test_bad_rules_and_ratings_are_refused_with_one_sentence():
    event = peyrin_all_draws("1991", {})
    with pytest.raises(TournamentError, match="ranking rule"):
        rules.check_event(replace(event, ranking="swiss"))
    with pytest.raises(TournamentError, match="ranking rule"):
        rules.check_event(replace(event, ranking="Coupes FFE"))  # a word of the sheet, not the rule's code
    with pytest.raises(TournamentError, match="average rating of team A"):
        rules.check_event(replace(event, ratings={"A": -5}))
    with pytest.raises(TournamentError, match="no team"):
        rules.check_event(replace(event, ratings={"Z": 1500}))


def _type(path, sheet, cells):
    from openpyxl import load_workbook

    book = load_workbook(path)
    for coordinate, value in cells.items():
        book[sheet][coordinate].value = value
    book.save(path)


def test_the_rule_is_chosen_in_the_teams_sheet_and_read_back(tmp_path):
    from openpyxl import load_workbook

    out = tmp_path / "cup.xlsx"
    result = CliRunner().invoke(cli, ["molter", "--teams", 3, "--players", 4, "--rounds", 3, "-o", str(out)])
    assert result.exit_code == 0, result.output
    sheet = load_workbook(out)["Équipes"]
    assert (sheet["A3"].value, sheet["B3"].value) == ("Classement", "1991")
    rating_col = next(c.column_letter for c in sheet[4] if c.value == "Moyenne Elo")
    _type(out, "Équipes", {"B3": "Coupes FFE", f"{rating_col}5": 1720, f"{rating_col}7": 1490})
    result = CliRunner().invoke(cli, ["update", str(out)])
    assert result.exit_code == 0, result.output
    event = read_event(FileBook(out))
    assert (event.ranking, dict(event.ratings)) == ("ffe-cups", {"A": 1720.0, "C": 1490.0})
    book = load_workbook(out)
    assert book["Classement"]["A1"].value == "Classement des équipes — Coupes FFE"
    assert "Classement : coupes FFE" in book["Classement"].oddFooter.center.text
    chosen = tmp_path / "chosen.xlsx"  # or at the command line
    result = CliRunner().invoke(cli, ["molter", "--teams", 3, "--players", 4, "--ranking", "ffe-cups", "-o", str(chosen)])
    assert result.exit_code == 0, result.output
    assert read_event(FileBook(chosen)).ranking == "ffe-cups"
    _type(out, "Équipes", {"B3": "FFE cups"})  # the English word is read too
    assert read_event(FileBook(out)).ranking == "ffe-cups"
    _type(out, "Équipes", {"B3": None})  # blank: the seed's rule
    assert read_event(FileBook(out)).ranking == "1991"
    before = out.read_bytes()
    for cell, value, words in (("B3", "Suisse", "ranking rule is 'Suisse'"),
                               (f"{rating_col}6", "fort", "average rating of team B")):
        _type(out, "Équipes", {"B3": "1991", cell: value})
        before = out.read_bytes()
        result = CliRunner().invoke(cli, ["update", str(out)])
        assert result.exit_code == 2 and words in result.output, result.output
        assert out.read_bytes() == before
        _type(out, "Équipes", {cell: None})


@pytest.mark.libreoffice
def test_libreoffice_ranks_the_cup_rule_as_python(tmp_path, recalc):
    from openpyxl import load_workbook

    cases = [peyrin_all_draws("ffe-cups", {"A": 1700, "B": 1500}),
             replace(mixed(5, 4, 4, "ffe-cups", {"A": 1800, "B": 1450.5, "D": 2010}, 2),
                     header=EventHeader(lang="en")),
             mixed(6, 6, 5, "ffe-cups", {"F": 1999}, 3),
             peyrin_all_draws("1991", {"A": 1700, "B": 1500})]
    paths = []
    for k, event in enumerate(cases):
        path = tmp_path / f"cup{k}.xlsx"
        write_xlsx(event_workbook(event), path)
        paths.append(path)
    books = recalc(*paths)
    checked = 0
    for event, path, book in zip(cases, paths, books):
        name = "Classement" if event.header.lang == "fr" else "Standings"
        p, n = event.boards, len(event.teams)
        rows = list(book[name].iter_rows(min_row=4, max_row=3 + n, values_only=True))
        if event.ranking == "ffe-cups":
            want, pts, berlin = direct_cup_order(event)
            assert [(row[0], row[1]) for row in rows] == want, path.name
            assert [row[8 + p] for row in rows] == [event.ratings.get(t) for _, t in want]
        else:
            assert [row[0] for row in rows] == [1, 1, 1]
        stored = load_workbook(path, data_only=True)
        formulas = load_workbook(path)
        helper = 10 + p if event.ranking == "ffe-cups" else 9 + p
        for ws in formulas.worksheets:
            if ws.sheet_state != "visible":
                continue
            for line in ws.iter_rows():
                for c in line:
                    if c.data_type != "f" or (ws.title == name and c.column == helper) or \
                            (ws.title.startswith(("Ronde ", "Round ")) and c.column >= 10):
                        continue
                    mine, theirs = stored[ws.title][c.coordinate].value, book[ws.title][c.coordinate].value
                    mine = "" if mine is None else mine
                    theirs = "" if theirs is None else theirs
                    if isinstance(mine, (int, float)) and isinstance(theirs, (int, float)):
                        assert abs(mine - theirs) < 1e-9, (path.name, ws.title, c.coordinate, mine, theirs)
                    else:
                        assert mine == theirs, (path.name, ws.title, c.coordinate, mine, theirs)
                    checked += 1
    assert checked > 500


#: The 3-teams-of-4 table the peer Sharly Chess uses for the French cups' 3-round Molter
#: phases (``src/plugins/ffe/ffe_rule_sets.py``, ``_FFE_CUP_3T_4P_TABLE``, snapshot b28ab10c),
#: transcribed as data (White first): it must be the table the program picks, Peyrin's.
PEER_CUP_TABLE = [
    ["A1-B1", "A2-C1", "B2-C2", "C3-B3", "C4-A3", "B4-A4"],
    ["B1-C1", "B2-A1", "C2-A2", "A3-C3", "A4-B3", "C4-B4"],
    ["C1-A1", "C2-B1", "A2-B2", "B3-A3", "B4-C3", "A4-C4"],
]


def test_the_cups_table_for_3_teams_of_4_is_peyrins_the_one_the_program_picks():
    from addin.systems.molter.official import peyrin_table

    event = demo_event(squads(3, 4), 4, 3)
    assert [[f"{p.white}-{p.black}" for p in rnd] for rnd in event.rounds] == PEER_CUP_TABLE
    assert [[f"{p.white}-{p.black}" for p in rnd] for rnd in peyrin_table().rounds] == PEER_CUP_TABLE
