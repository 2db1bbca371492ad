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
points agree, and each ``+`` is counted in that player's points (a TRF's points are the sum
of its rounds; the season's player statistics count nobody in such a match); its match points follow the scoring of the season only when they equal
those of a match lost on the boards (the French scale's forfeit, 0 instead of 1, has no
TRF record here).

The TRF is a sink of the season's report (``addin.report.league``), a
:class:`~addin.report.model.Visitor` as the round-robin's :class:`~addin.files.trf.TrfExporter`:
the division's teams and rosters, each member's game points and the scoring are the report's
(``groups``, ``scoring``, ``match_scoring``), the boards its rounds' matches.
"""

from __future__ import annotations

from addin.core.errors import TournamentError
from addin.core.results import trf_chars
from addin.files.trf import FIRST_ROUND_COLUMN, ROUND_WIDTH, _field, _one_line, _points, _put
from addin.report.league import report
from addin.report.model import Entrant, EventReport, Group, Match, RoundReport, Team, Visitor, walk
from addin.systems.league.model import Season


class LeagueTrfExporter(Visitor):
    """The TRF of division ``division`` (1-based, in the report's order) of a league season's report (see the
    module docstring): its players are numbered team after team, roster order."""

    def __init__(self, division: int):
        self.division = division
        self.text = ""

    def begin_event(self, report: EventReport) -> None:
        self.group: Group = report.groups[self.division - 1]
        self.teams: dict[str, Team] = {team.ident: team for team in self.group.teams}
        self.first: dict[str, int] = {}
        number = 1
        for team in self.group.teams:
            self.first[team.ident] = number
            number += len(team.members)
        self.total = number - 1
        if self.total == 0:
            raise TournamentError("Division {name} has no roster: a TRF lists players.", name=self.group.name)
        self.blocks: dict[int, list[str]] = {p: ["" for _ in range(self.group.rounds)]
                                             for p in range(1, self.total + 1)}
        self.out_of_order: list[str] = []
        #: game points of the forfeit wins written for matches nobody was fielded in (not in the report's points)
        self.forfeit_points: dict[int, float] = {}
        self.game_win = dict(report.scoring).get("W", 1.0)

    def number(self, team: str, member: int | None) -> int:
        """The TRF number of roster member ``member`` of ``team`` (0 for nobody)."""
        return 0 if member is None else self.first[team] + member - 1

    def end_round(self, rnd: RoundReport) -> None:
        for match in rnd.matches:
            if match.group == self.group.name:
                self.match(rnd.number, match)

    def match(self, rnd: int, match: Match) -> None:
        home, away = self.teams[match.home], self.teams[match.away]
        boards = len(match.boards)
        home_white = [pairing.white.team == home.name for pairing in match.boards]
        if match.forfeit:  # nobody fielded: every board is the two rosters in order
            home_line = tuple(b if b <= len(home.members) else None for b in range(1, boards + 1))
            away_line = tuple(b if b <= len(away.members) else None for b in range(1, boards + 1))
        else:
            sides = [(p.white, p.black) if white else (p.black, p.white) for p, white in zip(match.boards, home_white)]
            home_line = tuple(_member(home, h) for h, _ in sides)
            away_line = tuple(_member(away, a) for _, a in sides)
        for side, line, other in ((match.home, home_line, match.away), (match.away, away_line, match.home)):
            fielded = [m for m in line if m is not None]
            if fielded != sorted(fielded) or (None in line and fielded and line.index(None) < len(fielded)):
                numbers = "".join(f" {self.number(side, m):4d}" for m in line)
                self.out_of_order.append(f"300 {rnd:3d} {int(side):3d} {int(other):3d}{numbers}")
        for b, pairing in enumerate(match.boards, 1):
            h, a = self.number(match.home, home_line[b - 1]), self.number(match.away, away_line[b - 1])
            if not h and not a:
                continue
            white = home_white[b - 1]
            code = pairing.result
            chars = trf_chars(code) if code else (" ", " ")
            chars = chars if white else (chars[1], chars[0])  # the first-named team's side first
            if not (h and a):  # nobody on the other side: a forfeit, no opponent (blank until a result)
                present, char = (h, chars[0]) if h else (a, chars[1])
                if code:
                    self.blocks[present][rnd - 1] = f"0000 - {'+' if char in ('1', '+') else '-'}"
                continue
            self.blocks[h][rnd - 1] = f"{a:04d} {'w' if white else 'b'} {chars[0]}"
            self.blocks[a][rnd - 1] = f"{h:04d} {'b' if white else 'w'} {chars[1]}"
            if match.forfeit:
                for number, char in ((h, chars[0]), (a, chars[1])):
                    if char == "+":
                        self.forfeit_points[number] = self.forfeit_points.get(number, 0.0) + self.game_win

    def end_event(self, report: EventReport) -> None:
        group = self.group
        head = report.header
        lines = [f"012 {_one_line(head.title or group.name)}"]
        if head.place:
            lines.append(f"022 {_one_line(head.place)}")
        lines.append(f"062 {self.total}")
        lines.append(f"072 {sum(1 for team in group.teams for m in team.members if m.rating)}")
        lines.append(f"082 {len(group.teams)}")
        lines.append(f"092 Team round robin ({_one_line(group.name)})")
        if head.arbiter:
            lines.append(f"102 {_one_line(head.arbiter)}")
        lines.append(f"142 {group.rounds}")
        lines.append("162  " + _scores(report.scoring))
        lines.append("362  " + _scores(report.match_scoring))
        for team in group.teams:
            for k, (member, points) in enumerate(zip(team.members, team.points), 1):
                p = self.number(team.ident, k)
                row = list("001")
                _put(row, 5, f"{p:4d}")
                _put(row, 15, _field(member.name, 33))
                if member.rating:
                    _put(row, 49, f"{member.rating:4d}")
                _put(row, 81, _points(points + self.forfeit_points.get(p, 0.0)))
                for index, block in enumerate(self.blocks[p]):
                    if block:
                        _put(row, FIRST_ROUND_COLUMN + ROUND_WIDTH * index, block)
                lines.append("".join(row).rstrip())
        for team in group.teams:
            numbers = " ".join(f"{self.number(team.ident, k):4d}" for k in range(1, len(team.members) + 1))
            lines.append(f"013 {_field(team.name, 32)}{numbers}".rstrip())
        lines.extend(sorted(self.out_of_order, key=lambda text: (int(text[4:7]), int(text[8:11]))))
        self.text = "\n".join(lines) + "\n"

    def result(self) -> str:
        return self.text


def _member(team: Team, entrant: Entrant | None) -> int | None:
    """The roster number of ``entrant`` in ``team`` (None: nobody sat at the board)."""
    if entrant is None:
        return None
    for k, member in enumerate(team.members, 1):
        if member.ident == entrant.ident:
            return k
    return None


def division_trf(season: Season, d: int) -> str:
    """The TRF text of division ``d`` (lines joined by ``\\n``, ending with one): the sink
    :class:`LeagueTrfExporter` of the season's report."""
    return walk(report(season), LeagueTrfExporter(d))


def _scores(values) -> str:
    """``W 1.0    D 0.5    L 0.0``: written from column 6, a letter every 9 columns."""
    return "".join(f"{letter}{value:4.1f}    " for letter, value in values).rstrip()
