"""`appariements berger --names … --restrict-by club --last-rounds n` (issues 3 and 4).

Oracle: seed 000's closed formulas, written again here — every pair of club
mates must meet in a round ``<= R - n`` of the Berger table.
"""

from __future__ import annotations

import itertools

from click.testing import CliRunner

from addin.cli import cli
from addin.render.file_book import FileBook
from addin.sheets.roundrobin.reader import read_event

CLUBS = ["Nancy"] * 4 + ["Metz"] * 3 + ["Toul"] * 2 + [f"Solo {i}" for i in range(7)]


def meeting_round(n, x, y):
    """Seed 000: x+y > 2k gives R = x+y-2k, else x+y-1; the pivot 2k meets x in 2x-2k or 2x-1."""
    if y == n:
        x, y = y, x
    if x == n:
        return 2 * y - n if 2 * y > n else 2 * y - 1
    return x + y - n if x + y > n else x + y - 1


def write_players(path):
    lines = ["name,club"] + [f"Player {i:02d},{club}" for i, club in enumerate(CLUBS, 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_club_mates_meet_before_the_last_rounds(tmp_path):
    players = tmp_path / "players.csv"
    write_players(players)
    out = tmp_path / "event.xlsx"
    result = CliRunner().invoke(cli, ["berger", "16", "--names", str(players), "--restrict-by", "club",
                                      "--last-rounds", "4", "--seed", "11", "-o", str(out)])
    assert result.exit_code == 0, result.output
    event = read_event(FileBook(out))
    club_of = {f"Player {i:02d}": club for i, club in enumerate(CLUBS, 1)}
    by_club = {}
    for p in event.players:
        by_club.setdefault(club_of[p.name], []).append(p.number)
    assert sorted(p.number for p in event.players) == list(range(1, 17))
    last_allowed = 15 - 4
    for club, numbers in by_club.items():
        for x, y in itertools.combinations(numbers, 2):
            assert meeting_round(16, x, y) <= last_allowed, (club, x, y)
    # and the schedule in the workbook agrees with the formula
    for rnd in event.schedule.rounds:
        for g in rnd.games:
            assert meeting_round(16, g.white, g.black) == rnd.number


def test_same_seed_same_numbers(tmp_path):
    players = tmp_path / "players.csv"
    write_players(players)
    numbers = []
    for name in ("a.xlsx", "b.xlsx"):
        out = tmp_path / name
        CliRunner().invoke(cli, ["berger", "16", "--names", str(players), "--restrict-by", "club",
                                 "--seed", "3", "-o", str(out)])
        numbers.append([(p.number, p.name) for p in read_event(FileBook(out)).players])
    assert numbers[0] == numbers[1]


def test_refusals(tmp_path):
    players = tmp_path / "players.csv"
    write_players(players)
    runner = CliRunner()
    for args in (["berger", "16", "--restrict-by", "club", "-o", str(tmp_path / "x.xlsx")],
                 ["berger", "16", "--names", str(players), "--restrict-by", "club", "--numbering", "given",
                  "-o", str(tmp_path / "x.xlsx")],
                 ["rutsch", "16", "--names", str(players), "--restrict-by", "club", "-o", str(tmp_path / "x.xlsx")],
                 ["berger", "16", "--names", str(players), "--restrict-by", "club", "--last-rounds", "14",
                  "-o", str(tmp_path / "x.xlsx")]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith("Error: ") and "Traceback" not in result.output
    assert not (tmp_path / "x.xlsx").exists()
