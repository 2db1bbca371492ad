"""TRF16 export, read back by fixed columns as docs/references.md lays them
out (1-based, inclusive), and the standings CSV."""

import csv
import datetime
import io

import pytest
from hypothesis import given, settings, strategies as st

from addin.core.errors import TournamentError
from addin.files.trf import standings_csv, trf16
from addin.core.players import Player
from addin.systems.roundrobin.berger import berger_schedule
from addin.core.schedule import Game, Round, Schedule
from addin.systems.standings.roundrobin import compute_standings
from support.paths import DATA


def col(line, first, last):
    """Columns ``first``..``last`` (1-based, inclusive), as the layout numbers them."""
    return line[first - 1:last].ljust(last - first + 1)


def parse_player_line(line, rounds):
    assert col(line, 1, 3) == "001"
    for gap in (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91):
        assert col(line, gap, gap) == " ", f"column {gap} must be blank: {line!r}"
    out = {
        "start": int(col(line, 5, 8)), "sex": col(line, 10, 10), "title": col(line, 11, 13),
        "name": col(line, 15, 47).rstrip(), "rating": col(line, 49, 52).strip(),
        "fed": col(line, 54, 56).strip(), "fide_id": col(line, 58, 68).strip(),
        "birth": col(line, 70, 79).strip(), "points": float(col(line, 81, 84)),
        "rank": int(col(line, 86, 89)), "rounds": [],
    }
    for r in range(rounds):
        base = 92 + 10 * r
        assert col(line, base + 4, base + 4) == " " and col(line, base + 6, base + 6) == " "
        out["rounds"].append((int(col(line, base, base + 3)), col(line, base + 5, base + 5),
                              col(line, base + 7, base + 7)))
    assert len(line.rstrip()) <= 92 + 10 * rounds - 1 - 2
    return out


SEED004 = Schedule("seed004", 4, (
    Round(1, (Game(1, 1, 2), Game(2, 3, 4))),
    Round(2, (Game(1, 1, 3), Game(2, 2, 4))),
    Round(3, (Game(1, 1, 4), Game(2, 2, 3))),
))
SEED004_RESULTS = {(1, 1): "1-0", (1, 2): "½-½", (2, 1): "½-½", (2, 2): "1-0", (3, 1): "1-0", (3, 2): "0-1"}
PLAYERS = [Player(1, "Alice", 1850, "Caissa", "fra"), Player(2, "Bob"),
           Player(3, "Charlie", 2010, "", "BEL"), Player(4, "Diana")]


def test_seed004_trf_by_columns():
    standings = compute_standings(SEED004, SEED004_RESULTS)
    info = {"name": "Club championship", "city": "Lyon", "federation": "FRA",
            "start_date": datetime.date(2025, 3, 1), "end_date": "2025-03-02",
            "chief_arbiter": "Jean Dupont", "deputy_arbiters": ["A One", "B Two"],
            "time_control": "90'+30\"", "round_dates": ["2025-03-01", "01/03/2025", datetime.date(2025, 3, 2)]}
    text = trf16(PLAYERS, SEED004, SEED004_RESULTS, standings, info)
    lines = text.splitlines()
    assert text.endswith("\n")
    header = {line[:3]: line for line in lines if line[:3] != "001"}
    assert col(header["012"], 5, 100).rstrip() == "Club championship"
    assert col(header["022"], 5, 20).rstrip() == "Lyon"
    assert col(header["042"], 5, 14) == "2025/03/01" and col(header["052"], 5, 14) == "2025/03/02"
    assert header["062"] == "062 4" and header["072"] == "072 2"
    assert header["092"] == "092 Round robin"
    assert [line for line in lines if line.startswith("112 ")] == ["112 A One", "112 B Two"]
    assert header["122"] == "122 90'+30\""
    dates = [col(header["132"], 92 + 10 * r, 99 + 10 * r) for r in range(3)]
    assert dates == ["25/03/01", "25/03/01", "25/03/02"]
    assert col(header["132"], 4, 91).strip() == ""

    rows = [parse_player_line(line, 3) for line in lines if line.startswith("001")]
    assert [r["start"] for r in rows] == [1, 2, 3, 4]
    # Expected from the seed's pairings and results (corrected final table).
    expected = {
        1: ("Alice", "1850", "FRA", 2.5, 1, [(2, "w", "1"), (3, "w", "="), (4, "w", "1")]),
        2: ("Bob", "", "", 1.0, 3, [(1, "b", "0"), (4, "w", "1"), (3, "w", "0")]),
        3: ("Charlie", "2010", "BEL", 2.0, 2, [(4, "w", "="), (1, "b", "="), (2, "b", "1")]),
        4: ("Diana", "", "", 0.5, 4, [(3, "b", "="), (2, "b", "0"), (1, "b", "0")]),
    }
    for r in rows:
        assert (r["name"], r["rating"], r["fed"], r["points"], r["rank"], r["rounds"]) == expected[r["start"]]
        assert r["sex"] == " " and r["title"] == "   " and r["fide_id"] == "" and r["birth"] == ""


def _complement(char):
    return {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", " ": " "}[char]


@st.composite
def events(draw):
    n = draw(st.integers(3, 9))
    cycles = draw(st.integers(1, 2))
    sched = berger_schedule(n, cycles=cycles)
    codes = ["1-0", "0-1", "1/2-1/2", "+-", "-+", "0-0", None]
    results = {(r, b): draw(st.sampled_from(codes)) for r, b, _, _ in sched.games()}
    bye_points = draw(st.sampled_from([0.0, 0.5, 1.0]))
    names = draw(st.lists(st.text(alphabet="abcé XYZ,'-", min_size=1, max_size=45).filter(str.strip),
                          min_size=n, max_size=n))
    players = [Player(i + 1, " ".join(name.split()), draw(st.none() | st.integers(1000, 2800)))
               for i, name in enumerate(names)]
    return sched, results, bye_points, players


@settings(max_examples=80, deadline=None)
@given(events())
def test_trf_columns_agree_with_schedule_results_and_standings(event):
    sched, results, bye_points, players = event
    standings = {s.number: s for s in compute_standings(sched, results, bye_points=bye_points)}
    text = trf16(players, sched, results, standings.values(), {})
    # blocks up to the last round with a result, none after (FIDE's TRF reports what was played)
    rounds = max((r for (r, _), code in results.items() if code), default=0)
    assert f"XXR {len(sched.rounds)}" in text.splitlines()
    assert all(len(line) <= 89 + 10 * rounds for line in text.splitlines() if line.startswith("001"))
    rows = {r["start"]: r for r in (parse_player_line(line, rounds)
                                    for line in text.splitlines() if line.startswith("001"))}
    assert sorted(rows) == list(range(1, sched.players + 1))
    bye_char = {0.0: "Z", 0.5: "H", 1.0: "U"}[bye_points]
    for p, row in rows.items():
        assert row["name"] == players[p - 1].name[:33].rstrip()
        assert row["rating"] == ("" if players[p - 1].rating is None else str(players[p - 1].rating))
        assert row["points"] == standings[p].points and row["rank"] == standings[p].rank
        total = 0.0
        for index, (opp, colour, res) in enumerate(row["rounds"]):
            rnd = sched.rounds[index]
            if p in rnd.byes:
                started = any((rnd.number, g.board) in results and results[(rnd.number, g.board)]
                              for g in rnd.games)
                assert (opp, colour, res) == (0, "-", bye_char if started else " ")
                total += bye_points if started else 0
                continue
            game = next(g for g in rnd.games if p in (g.white, g.black))
            assert opp == (game.black if p == game.white else game.white)
            assert colour == ("w" if p == game.white else "b")
            other = rows[opp]["rounds"][index]
            assert other[0] == p and other[1] == ("b" if colour == "w" else "w")
            code = results.get((rnd.number, game.board))
            if code == "0-0":
                assert res == other[2] == "-"
            else:
                assert other[2] == _complement(res)
            total += {"1": 1, "+": 1, "=": 0.5}.get(res, 0)
        # No withdrawal: the round blocks add up to the points field.
        assert total == row["points"]


def test_withdrawn_player_points_and_double_round_robin_type():
    sched = berger_schedule(4, cycles=2)
    results = {(r, b): ("1-0" if 4 in (w, k) and w == 4 else "0-1" if 4 in (w, k) else "1/2-1/2")
               for r, b, w, k in sched.games() if r <= 2 or 4 not in (w, k)}
    standings = compute_standings(sched, results, withdrawn={4})
    text = trf16([Player(i, f"P{i}") for i in range(1, 5)], sched, results, standings, {})
    assert "092 Double round robin" in text.splitlines()
    rows = {r["start"]: r for r in (parse_player_line(line, 6) for line in text.splitlines()
                                    if line.startswith("001"))}
    # Player 4 played 2 of 6 games (< half): not counted, listed last, own points 2.
    assert rows[4]["rank"] == 4 and rows[4]["points"] == 2.0
    assert [res for _, _, res in rows[4]["rounds"]] == ["1", "1", " ", " ", " ", " "]
    # The others' points leave out the games against him: 4 draws each.
    assert all(rows[p]["points"] == 2.0 and rows[p]["rank"] == 1 for p in (1, 2, 3))


def test_long_names_and_federations_are_cut_to_their_columns():
    long_name = "Bartholomew-Alexander von Ostermann-Longname, Maximilian"
    players = [Player(1, long_name, 2000, "", "FRANCE"), Player(2, "B"), Player(3, "C")]
    sched = berger_schedule(3)
    text = trf16(players, sched, {}, compute_standings(sched, {}), {})
    line = next(l for l in text.splitlines() if l.startswith("001    1"))
    row = parse_player_line(line, 0)
    assert row["name"] == long_name[:33] and row["rating"] == "2000" and row["fed"] == "FRA"
    # nothing played yet: no round block (FIDE's TRF reports what was played), XXR gives the 3 rounds
    assert len(line) == 89 and "XXR 3" in text.splitlines()


def test_trf_errors():
    sched = berger_schedule(4)
    standings = compute_standings(sched, {})
    players = [Player(i, f"P{i}") for i in range(1, 5)]
    with pytest.raises(TournamentError, match="The TRF information 'venue' is unknown"):
        trf16(players, sched, {}, standings, {"venue": "x"})
    with pytest.raises(TournamentError, match="number the players 1 to 4"):
        trf16(players[:3], sched, {}, standings, {})
    with pytest.raises(TournamentError, match="The date '31/02/2025' is not understood"):
        trf16(players, sched, {}, standings, {"start_date": "31/02/2025"})


def test_standings_csv_french_and_english():
    standings = compute_standings(SEED004, SEED004_RESULTS)
    players = [Player(1, "=Alice", 1850, "+Club"), Player(2, "Bob"), Player(3, "Charlie"), Player(4, "Diana")]
    rows = list(csv.reader(io.StringIO(standings_csv(standings, players))))
    assert rows[0] == ["Rang", "N°", "Nom", "Elo", "Club", "Points", "Parties", "Gains", "Nulles", "Pertes",
                       "%", "Confrontation directe", "Sonneborn-Berger", "Nombre de gains", "Koya", "Remarque"]
    # Corrected seed 004 table (ranks, points, W/D/L, %) and the hand SB/Koya of the standings tests.
    # DE empty (Alice alone on 2.5: it decides nothing), as the workbook's standings show it
    assert rows[1] == ["1", "1", "'=Alice", "1850", "'+Club", "2.5", "3", "2", "1", "0", "83.3", "", "2.5", "2", "0.5", ""]
    assert rows[2][:11] == ["2", "3", "Charlie", "", "", "2", "3", "1", "2", "0", "66.7"]
    assert [r[2] for r in rows[1:]] == ["'=Alice", "Charlie", "Bob", "Diana"]
    en = list(csv.reader(io.StringIO(standings_csv(standings, players, "en", ("SB", "WON")))))
    assert en[0][-3:] == ["Sonneborn-Berger", "Games won over the board", "Remark"]
    assert en[4][-3:] == ["1", "0", ""]


def test_standings_csv_uncounted_player():
    sched = berger_schedule(4)
    results = {(r, b): "1/2-1/2" for r, b, w, k in sched.games() if 4 not in (w, k)}
    standings = compute_standings(sched, results, withdrawn={4})
    rows = list(csv.reader(io.StringIO(standings_csv(standings, [Player(i, f"P{i}") for i in range(1, 5)], "en"))))
    assert rows[-1][0] == "" and rows[-1][1] == "4" and rows[-1][-1].startswith("not ranked")


# -- TRF-2026 ----------------------------------------------------------------

def test_trf2026_read_by_gacrux_gives_our_points_ranks_and_tiebreaks():
    """Gacrux, given only our TRF-2026 file (order from record 212, byes from 162), agrees with our standings.

    Fixture: tests/data/fide/gacrux_trf2026.json (tools/gacrux_trf2026.py; command inside).
    SB and Koya are left out when byes score (Gacrux leaves bye points out of
    the opponents' scores: docs/standings.md, "Where peers differ").
    """
    import json
    from pathlib import Path

    from addin.systems.standings.roundrobin import evaluate
    from support.tools_path import gacrux_fixtures

    fixture = json.loads((DATA / "fide" / "gacrux_trf2026.json").read_text())
    compared = 0
    for case in fixture["cases"]:
        schedule = berger_schedule(case["players"], case["cycles"])
        results = gacrux_fixtures.event_results(case)
        ratings = {i + 1: r for i, r in enumerate(case["ratings"])}
        report = evaluate(schedule, results, case["order"], (), case["bye_points"], ratings)
        mine = {s.number: s for s in report.standings}
        header = case["gacrux_header"]
        for row in case["gacrux_rows"]:
            s = mine[int(row[0])]
            for column, value in zip(header[1:], row[1:]):
                base = column.split("/")[0]
                if case["bye_points"] and (base in ("SB", "KS") or column == "Rank"):
                    continue
                ours = s.rank if column == "Rank" else s.points if column == "PTS" else \
                    None if column == "DE" else s.value(column)
                if ours is None:
                    continue
                assert ours == float(value), (case["order"], row[0], column)
                compared += 1
    assert compared > 200


def test_trf2026_records():
    from addin.files.trf import type_code
    schedule = berger_schedule(5, 2)  # FIDE: the first cycle's last two rounds swapped
    players = [Player(number=i, name=f"P{i}") for i in range(1, 6)]
    results = {(1, 1): "1-0"}
    standings = compute_standings(schedule, results, ("DE", "SB/C1"), bye_points=0.5)
    text = trf16(players, schedule, results, standings, bye_points=0.5, version="2026", tiebreaks=("DE", "SB/C1"))
    lines = {line[:3]: line for line in text.splitlines() if not line.startswith("001")}
    assert lines["142"] == "142 10"
    assert lines["192"] == "192 FIDE_DOUBLEROUNDROBIN"
    assert lines["202"] == "202 DE,SB/C1" and lines["212"] == "212 PTS,DE,SB/C1"
    score = lines["162"]
    assert {score[c]: float(score[c + 1:c + 5]) for c in range(5, len(score), 9)} == \
        {"W": 1.0, "D": 0.5, "L": 0.0, "P": 0.5}
    assert type_code(berger_schedule(5, 2, swap_last=False)) == "BERGER_DOUBLEROUNDROBIN"
    assert type_code(berger_schedule(6, 3, swap_last=False)) == "BERGER_ROUNDROBIN_G3"
    assert type_code(berger_schedule(6, 1)) == "FIDE_ROUNDROBIN"
    assert type_code(berger_schedule(6, 1, order="gathering")) in ("CUSTOM_ROUNDROBIN", "FIDE_ROUNDROBIN")
    # TRF16 stays as it was: none of the 2026 records
    assert not {"142", "162", "192", "202", "212"} & {line[:3] for line in
                                                     trf16(players, schedule, results, standings).splitlines()}
    with pytest.raises(TournamentError):
        trf16(players, schedule, results, standings, version="2025")
