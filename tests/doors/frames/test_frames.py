"""pandas views reshape the schedule/standings/table objects without changing them."""

from __future__ import annotations

from addin.frames import molter_frame, schedule_frame, standings_frame
from addin.systems.molter.tables import molter_table
from addin.core.players import Player
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.standings.roundrobin import compute_standings


def test_schedule_frame_has_every_game_and_bye():
    schedule = berger_schedule(7, cycles=2)
    frame = schedule_frame(schedule)
    games = list(schedule.games())
    byes = [(r.number, p) for r in schedule.rounds for p in r.byes]
    assert len(frame) == len(games) + len(byes) == 2 * (7 * 3 + 7)
    played = frame[frame["black"] != "BYE"]
    assert [tuple(int(v) for v in row) for row in played[["round", "board", "white", "black"]].values] == games
    assert sorted(frame[frame["black"] == "BYE"][["round", "white"]].itertuples(index=False, name=None)) == sorted(byes)


def test_standings_frame_keeps_order_and_names():
    schedule = berger_schedule(4)
    results = {(1, 1): "1-0", (1, 2): "0-1"}
    standings = compute_standings(schedule, results)
    players = [Player(i, f"P{i}") for i in range(1, 5)]
    frame = standings_frame(standings, players)
    assert list(frame["number"]) == [s.number for s in standings]
    assert list(frame["name"]) == [f"P{s.number}" for s in standings]
    assert list(frame["points"]) == [s.points for s in standings]


def test_molter_frame_is_board_by_round():
    table = molter_table(4, 4)
    frame = molter_frame(table)
    assert frame.shape[0] == table.boards
    assert frame.iloc[0, 0] == str(table.rounds[0][0])
    assert frame.index[0] == 1
