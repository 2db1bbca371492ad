"""FIDE TRF of one division of a league season, with its team section.

The players are the teams' rosters, numbered team after team (team 1's roster first, in
roster order). Layout (FIDE TRF16, with the team records of TRF-2016/TRF-25 that FIDE's
reference tie-break program reads):

* header lines ``012`` (name), ``022`` (place), ``062`` (players), ``072`` (rated
  players), ``082`` (teams), ``092`` (type), ``102`` (chief arbiter), ``142`` (rounds),
  ``162`` (game points of a win, draw, loss) and ``362`` (match points of a match won,
  drawn, lost) — the scoring records of TRF-25, written as FIDE's reference tie-break
  program reads them: each value a letter and a 4-character number in a 9-character field
  from column 6;
* one ``001`` player line per roster member (columns as in :mod:`addin.files.trf`): a
  10-column block per round, ``opponent colour result`` (``1``, ``=``, ``0``, ``+``,
  ``-``) where he was fielded, blank otherwise (``0000 - +`` or ``0000 - -`` when nobody
  sat opposite him); points = his game points in the season's
  scoring (``162``: the French scale counts no draw);
* one ``013`` line per team: name (columns 5–36), then its players' numbers in 4-digit
  fields from column 37, one space apart;
* one ``300`` line per match side whose board order is not the roster order: round,
  team, opponent team (3 digits each), then the players' numbers board by board
  (0 for an empty board) — the "out of order" record.

A match lost by forfeit has no player fielded: it is written as every board won by
forfeit by the team present against its roster in order (``+``/``-``), so that the game
points agree; its match points follow the scoring of the season only when they equal
those of a match lost on the boards (the French scale's forfeit, 0 instead of 1, has no
TRF record here).
"""

from __future__ import annotations

from addin.core.errors import TournamentError
from addin.core.results import trf_chars
from addin.files.trf import FIRST_ROUND_COLUMN, ROUND_WIDTH, _field, _one_line, _points, _put
from addin.systems.league.match import outcomes
from addin.systems.league.model import Season
from addin.systems.league.stats import player_stats


def division_trf(season: Season, d: int) -> str:
    """The TRF text of division ``d`` (lines joined by ``\\n``, ending with one)."""
    division = season.division(d)
    first: dict[int, int] = {}
    number = 1
    for team in division.teams:
        first[team.number] = number
        number += len(team.roster)
    total = number - 1
    if total == 0:
        raise TournamentError("Division {name} has no roster: a TRF lists players.", name=division.name)

    def player(team: int, member: int | None) -> int:
        return 0 if member is None else first[team] + member - 1

    rounds = division.rounds
    blocks: dict[int, list[str]] = {p: ["" for _ in range(rounds)] for p in range(1, total + 1)}
    out_of_order: list[str] = []
    for key, res in outcomes(season).items():
        if key[0] != d:
            continue
        rnd = key[1]
        if res.forfeit is not None:
            home_line = tuple(b if b <= len(division.team(res.home).roster) else None
                              for b in range(1, season.boards + 1))
            away_line = tuple(b if b <= len(division.team(res.away).roster) else None
                              for b in range(1, season.boards + 1))
        else:
            home_line, away_line = season.lineup(key, 0), season.lineup(key, 1)
        for side, line, other in ((res.home, home_line, res.away), (res.away, away_line, res.home)):
            fielded = [m for m in line if m is not None]
            if fielded != sorted(fielded) or (None in line and fielded and line.index(None) < len(fielded)):
                numbers = "".join(f" {player(side, m):4d}" for m in line)
                out_of_order.append(f"300 {rnd:3d} {side:3d} {other:3d}{numbers}")
        for b, code in enumerate(res.boards, 1):
            h, a = player(res.home, home_line[b - 1]), player(res.away, away_line[b - 1])
            if not h and not a:
                continue
            home_white = season.home_white(key, b)
            chars = trf_chars(code) if code else (" ", " ")
            if not (h and a):  # nobody on the other side: a forfeit, no opponent (blank until a result)
                present, char = (h, chars[0]) if h else (a, chars[1])
                if code:
                    blocks[present][rnd - 1] = f"0000 - {'+' if char in ('1', '+') else '-'}"
                continue
            blocks[h][rnd - 1] = f"{a:04d} {'w' if home_white else 'b'} {chars[0]}"
            blocks[a][rnd - 1] = f"{h:04d} {'b' if home_white else 'w'} {chars[1]}"
    stats = {(line.team, line.member): line for line in player_stats(season) if line.division == d}
    sc = season.scoring

    def game_points(line) -> float:
        return (line.wins + line.forfeits_won) * sc.game_win + line.draws * sc.game_draw + line.losses * sc.game_loss
    lines = [f"012 {_one_line(season.header.title or division.name)}"]
    if season.header.place:
        lines.append(f"022 {_one_line(season.header.place)}")
    members = [(team, k, m) for team in division.teams for k, m in enumerate(team.roster, 1)]
    lines.append(f"062 {total}")
    lines.append(f"072 {sum(1 for _, _, m in members if m.rating)}")
    lines.append(f"082 {len(division.teams)}")
    lines.append(f"092 Team round robin ({_one_line(division.name)})")
    if season.header.arbiter:
        lines.append(f"102 {_one_line(season.header.arbiter)}")
    lines.append(f"142 {rounds}")
    lines.append("162  " + _scores((("W", sc.game_win), ("D", sc.game_draw), ("L", sc.game_loss))))
    lines.append("362  " + _scores((("W", sc.win), ("D", sc.draw), ("L", sc.loss))))
    for team, k, member in members:
        p = player(team.number, k)
        row = list("001")
        _put(row, 5, f"{p:4d}")
        _put(row, 15, _field(member.name, 33))
        if member.rating:
            _put(row, 49, f"{member.rating:4d}")
        _put(row, 81, _points(game_points(stats[(team.number, k)])))
        for index, block in enumerate(blocks[p]):
            if block:
                _put(row, FIRST_ROUND_COLUMN + ROUND_WIDTH * index, block)
        lines.append("".join(row).rstrip())
    for team in division.teams:
        numbers = " ".join(f"{player(team.number, k):4d}" for k in range(1, len(team.roster) + 1))
        lines.append(f"013 {_field(team.name, 32)}{numbers}".rstrip())
    lines.extend(sorted(out_of_order, key=lambda text: (int(text[4:7]), int(text[8:11]))))
    return "\n".join(lines) + "\n"


def _scores(values) -> str:
    """``W 1.0    D 0.5    L 0.0``: written from column 6, a letter every 9 columns."""
    return "".join(f"{letter}{value:4.1f}    " for letter, value in values).rstrip()
