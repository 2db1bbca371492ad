"""A league season as data: divisions, teams and their rosters, matches, and the season's rules.

A season is the league calendar of seed 000 ("Application des tables de Berger aux
compétitions par équipes": the team named first receives; complementary numbers; the
gathering round; :mod:`addin.systems.directed.league`) carried through the weekends:
each match is played on ``boards`` boards, each team fields players of its roster
(listed in board order) and each board gets a result. ``docs/league.md`` states every
rule with its source; this module holds the data and the settings:

* **Scoring** (:class:`Scoring`): the match points of a match won, drawn, lost, and lost
  by forfeit, and the game points of a game won, drawn, lost on a board. Presets:
  ``fide`` — match points 2-1-0, game points 1-½-0 (FIDE Tie-Break Regulations C.07, the
  team scores; the defaults of FIDE's reference tie-break program); ``ffe`` — the French
  federation's club championship: match won 3, drawn 2, lost 1, lost by forfeit 0, and
  only won games count in the match score (a draw gives no game point).
* **Colours** (:data:`COLOUR_RULES`): ``odd`` — the team named first has White on the odd
  boards (FIDE's rule for team matches); ``even`` — it has White on the even boards. A
  match may override the rule (the French match sheet records, match by match, which team
  has White on the odd boards).
* **Tie-breaks** (:data:`TIEBREAKS`): applied in the order given after the match points,
  see :mod:`addin.systems.league.table`.

Results are typed from the first-named team's side of the match sheet: ``1-0`` means that
the player of the team named first won, whatever his colour on that board (the match
sheet reads left to right, home team first); forfeits ``+-``/``-+``/``0-0`` likewise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from addin.core.errors import TournamentError
from addin.core.header import EventHeader

MIN_BOARDS, MAX_BOARDS = 1, 16
MAX_ROSTER = 40
HOME, AWAY, BOTH = "home", "away", "both"
FORFEIT_SIDES = (HOME, AWAY, BOTH)
COLOUR_RULES = ("odd", "even")
TIEBREAKS = ("GP", "DE", "BC", "BERLIN", "ESB", "DIFF", "MW")

MatchKey = tuple[int, int, int]          # (division, round, match) — all 1-based
BoardKey = tuple[int, int, int, int]     # (division, round, match, board)
TeamKey = tuple[int, int]                # (division, team number)


@dataclass(frozen=True)
class Scoring:
    """Match points (``win``, ``draw``, ``loss``, ``forfeit``) and game points per board."""

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    forfeit: float = 0.0
    game_win: float = 1.0
    game_draw: float = 0.5
    game_loss: float = 0.0

    def values(self) -> tuple[float, ...]:
        return (self.win, self.draw, self.loss, self.forfeit, self.game_win, self.game_draw, self.game_loss)


SCORINGS: dict[str, Scoring] = {
    "fide": Scoring(2, 1, 0, 0, 1, 0.5, 0),
    "ffe": Scoring(3, 2, 1, 0, 1, 0, 0),
}
#: the tie-breaks each preset applies after the match points, in order
PRESET_TIEBREAKS: dict[str, tuple[str, ...]] = {
    "fide": ("GP", "DE", "BC"),
    "ffe": ("DIFF", "GP"),
}
PRESETS = tuple(SCORINGS)
CUSTOM = "custom"


@dataclass(frozen=True)
class Member:
    """One player of a team's roster (the roster is in board order)."""

    name: str
    rating: int | None = None
    ident: str = ""


@dataclass(frozen=True)
class SeasonTeam:
    """A team: its number in its division's table, name, club, roster in board order."""

    number: int
    name: str
    club: str = ""
    roster: tuple[Member, ...] = ()


@dataclass(frozen=True)
class Match:
    """A match of the calendar: ``home`` is the team named first (it receives), ``away`` the other."""

    round: int
    index: int
    home: int
    away: int
    date: str = ""
    neutral: bool = False


@dataclass(frozen=True)
class SeasonDivision:
    """A division: its teams (``teams[k - 1].number == k``), its matches, and who has a bye when."""

    name: str
    teams: tuple[SeasonTeam, ...]
    matches: tuple[Match, ...]
    byes: Mapping[int, int] = field(default_factory=dict)

    def team(self, number: int) -> SeasonTeam:
        return self.teams[number - 1]

    @property
    def rounds(self) -> int:
        return max([m.round for m in self.matches] + list(self.byes), default=0)

    def match(self, rnd: int, index: int) -> Match | None:
        for m in self.matches:
            if m.round == rnd and m.index == index:
                return m
        return None

    def round_matches(self, rnd: int) -> list[Match]:
        return sorted((m for m in self.matches if m.round == rnd), key=lambda m: m.index)


@dataclass(frozen=True)
class Season:
    """Everything a season workbook holds (its input cells).

    ``lineups[(match key, side)]`` (side 0 = team named first, 1 = the other) gives, board
    by board, the roster number of the player fielded (None: nobody); a match without an
    entry fields the roster in order (players 1, 2, …). ``results`` are canonical result
    codes from the first-named team's side. ``forfeits`` marks a match lost by forfeit
    (``home``, ``away`` or ``both`` teams absent). ``white_odd`` overrides the colour rule
    for one match (``home``/``away``: the team with White on the odd boards).
    ``withdrawn[(division, team)]`` is the first round the team does not play.
    """

    divisions: tuple[SeasonDivision, ...]
    boards: int = 4
    scoring: Scoring = SCORINGS["fide"]
    preset: str = "fide"
    colours: str = "odd"
    tiebreaks: tuple[str, ...] = PRESET_TIEBREAKS["fide"]
    order: str = "gathering"
    lineups: Mapping[tuple[MatchKey, int], tuple[int | None, ...]] = field(default_factory=dict)
    results: Mapping[BoardKey, str] = field(default_factory=dict)
    forfeits: Mapping[MatchKey, str] = field(default_factory=dict)
    white_odd: Mapping[MatchKey, str] = field(default_factory=dict)
    withdrawn: Mapping[TeamKey, int] = field(default_factory=dict)
    header: EventHeader = EventHeader()  # title, place, dates, chief arbiter, language
    seed: int | None = None

    # -- views ------------------------------------------------------------------
    def division(self, d: int) -> SeasonDivision:
        return self.divisions[d - 1]

    @property
    def rounds(self) -> int:
        return max((d.rounds for d in self.divisions), default=0)

    def matches(self) -> list[tuple[MatchKey, Match]]:
        """Every match, division by division, round by round."""
        return [((d, m.round, m.index), m) for d, div in enumerate(self.divisions, 1)
                for m in sorted(div.matches, key=lambda m: (m.round, m.index))]

    def match(self, key: MatchKey) -> Match:
        found = self.division(key[0]).match(key[1], key[2])
        if found is None:
            raise KeyError(key)
        return found

    def lineup(self, key: MatchKey, side: int) -> tuple[int | None, ...]:
        """The roster numbers fielded on boards 1..n by one side (the roster in order by default)."""
        given = self.lineups.get((key, side))
        if given is not None:
            return tuple(given)[:self.boards] + (None,) * (self.boards - len(given))
        return self.default_lineup(key, side)

    def default_lineup(self, key: MatchKey, side: int) -> tuple[int | None, ...]:
        match = self.match(key)
        team = self.division(key[0]).team(match.home if side == 0 else match.away)
        return tuple(b if b <= len(team.roster) else None for b in range(1, self.boards + 1))

    def normalised(self) -> "Season":
        """The same season with the line-ups that field the roster in order left implicit."""
        from dataclasses import replace

        kept = {k: v for k, v in self.lineups.items()
                if tuple(v) + (None,) * (self.boards - len(v)) != self.default_lineup(*k)}
        return replace(self, lineups=kept)

    def home_white(self, key: MatchKey, board: int) -> bool:
        """Whether the team named first has White on ``board`` of this match."""
        side = self.white_odd.get(key) or (HOME if self.colours == "odd" else AWAY)
        odd = board % 2 == 1
        return odd if side == HOME else not odd


def board_colours(boards: int, rule: str = "odd") -> list[str]:
    """``W``/``B`` of the team named first on boards 1..n under ``rule`` (``odd`` or ``even``)."""
    if rule not in COLOUR_RULES:
        raise TournamentError("The colour rule '{rule}' is unknown: use {rules}.", rule=rule,
                              rules=", ".join(COLOUR_RULES))
    return ["W" if (b % 2 == 1) == (rule == "odd") else "B" for b in range(1, boards + 1)]


def check_tiebreaks(codes) -> tuple[str, ...]:
    """Tie-break codes, each of :data:`TIEBREAKS` at most once."""
    out: list[str] = []
    for item in codes or ():
        code = str(item).strip().upper()
        if code in ("", "-"):
            continue
        if code not in TIEBREAKS:
            raise TournamentError("The tie-break '{item}' is unknown: use {codes}.", item=item,
                                  codes=", ".join(TIEBREAKS))
        if code in out:
            raise TournamentError("The tie-break '{code}' is given twice.", code=code)
        out.append(code)
    return tuple(out)
