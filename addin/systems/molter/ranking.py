"""Team standings of a Molter event (seed 001, "Classement des équipes").

The seed states the ranking in full:

    « Le classement des équipes est obtenu par l'addition des points réalisés
    (1 point par victoire, ½ point par partie nulle, 0 par défaite). En cas
    d'exæquo, le départage s'opère, dans l'ordre :
    1) par le système de Berlin (Dans une équipe de 8 joueurs, les points
       obtenus au premier échiquier sont valorisés en les multipliant par 8,
       ceux du 2ème échiquier par 7, et ainsi de suite...)
    2) ensuite, si besoin est, on additionne les victoires individuelles
       obtenues par chacune des équipes à départager.
    3) Enfin, l'on tiendrait compte des résultats obtenus par des équipes
       l'une vis-à-vis de l'autre; et, en cas de nouvelle égalité, la victoire
       au 1er (éventuellement au 2ème, 3ème, ...) échiquier serait
       prépondérante. »

In a Molter event a team's players face several teams in one round, so
there are no team matches and no match points: a team's score is the sum of
its players' game points. The keys, compared in this order (higher is
better), are:

``points``        the team's game points;
``berlin``        Σ over the team's boards k = 1..P of (P + 1 − k) × points of
                  its k-th player (board 1 weighted P, board 2 P − 1, …, board P 1);
``wins``          individual wins (a forfeit win counts: it is a "victoire");
``head_to_head``  points the team scored in its games against the teams still
                  tied with it on the three keys above (0 when they never met);
``boards``        the points of board 1, then board 2, …: the first board that
                  differs decides ("la victoire au 1er (éventuellement au 2ème,
                  3ème, ...) échiquier serait prépondérante"). Teams of one
                  Molter event rarely face each other board against board, so
                  this is read as each board's result over the event (see
                  ``docs/molter-event.md``).

Teams equal on every key share the place (``place`` = 1 + the number of teams
ranked strictly ahead).

Named rules (``RANKING_RULES``; the event's settings sheet chooses one, the seed's is
the default):

``1991``      the seed's order above.
``ffe-cups``  the Molter phases of today's French federation team cups (Coupe
              Jean-Claude Loubatière, Coupe de la Parité): game points, then Berlin,
              then the team's average rating, the lowest first ("moyenne des derniers
              Elo diffusés (au prorata des participations), la plus basse", Loubatière /
              Parité rules §4.4 as encoded by the peer program Sharly Chess,
              ``src/plugins/ffe/ffe_rule_sets.py`` and ``ffe_tie_breaks.py``, 2026; the
              federation's text itself was not found: see ``docs/molter-event.md``). The
              average is typed per team by the arbiter (the workbook holds no player
              ratings); its key is ``10000 − average`` so that lower ranks ahead, and a
              team without an average (key 0) comes after a tied team that has one.
              Wins, head-to-head and boards are still shown but decide nothing. The workbook computes the same keys with formulas and
ranks with the same comparison, which ``tests/test_molter_event_recalc.py``
checks through LibreOffice.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Sequence

from addin.systems.molter.event import Results, Round, check_results, games, is_win
from addin.systems.molter.model import Seat, team_letters
from addin.core.results import score


SEED_RULE = "1991"
CUP_RULE = "ffe-cups"
RANKING_RULES = (SEED_RULE, CUP_RULE)
RATING_CEILING = 10000  # the rating key is RATING_CEILING − average (lower average ranks ahead)


def rating_key(average: float | None) -> float:
    """The cup rule's rating key: ``10000 − average``, 0 without an average (see the module docstring)."""
    return 0.0 if average is None else RATING_CEILING - average


@dataclass(frozen=True)
class TeamStanding:
    """One team's line of the standings."""

    team: str
    points: float
    berlin: float
    wins: int
    head_to_head: float
    boards: tuple[float, ...]
    place: int
    rating: float | None = None
    rule: str = SEED_RULE

    def key(self) -> tuple:
        """The comparison key (higher is better) of the standing's rule."""
        return rule_key(self.rule, self.points, self.berlin, self.wins, self.head_to_head, self.boards, self.rating)


def rule_key(rule: str, points: float, berlin: float, wins: int, head_to_head: float,
             boards: Sequence[float], rating: float | None) -> tuple:
    """The keys ``rule`` compares, in order (higher is better)."""
    if rule == CUP_RULE:
        return (points, berlin, rating_key(rating))
    return (points, berlin, wins, head_to_head, *boards)


def berlin_weights(players: int) -> list[int]:
    """Board k (1-based) weighs ``players + 1 − k``: 8, 7, …, 1 for 8 players (seed 001)."""
    return [players + 1 - k for k in range(1, players + 1)]


def team_standings(teams: int, players: int, rounds: Sequence[Round],
                   results: Results | None = None, rule: str = SEED_RULE,
                   ratings: dict[str, float] | None = None) -> list[TeamStanding]:
    """The standings under ``rule``, best first (ties in team-letter order); see the module docstring.

    ``ratings``: team letter → average rating (the ``ffe-cups`` rule's last key)."""
    results = results or {}
    ratings = ratings or {}
    if rule not in RANKING_RULES:
        raise ValueError(rule)
    check_results(rounds, results)
    letters = team_letters(teams)
    board_points = {t: [0.0] * players for t in letters}
    wins = {t: 0 for t in letters}
    against: dict[str, dict[str, float]] = {t: defaultdict(float) for t in letters}
    for game in games(rounds, results):
        if game.result is None:
            continue
        white, black = game.pairing.white, game.pairing.black
        w_pts, b_pts = score(game.result)
        for seat, pts, opp, is_white in ((white, w_pts, black, True), (black, b_pts, white, False)):
            _check_seat(seat, letters, players, game.round, game.board)
            board_points[seat.team][seat.board - 1] += pts
            against[seat.team][opp.team] += pts
            if is_win(game.result, is_white):
                wins[seat.team] += 1
    weights = berlin_weights(players)
    base = {t: (sum(board_points[t]), sum(w * p for w, p in zip(weights, board_points[t])), wins[t])
            for t in letters}
    fields = {}
    for t in letters:
        tied = [u for u in letters if base[u] == base[t]]
        h2h = sum(against[t][u] for u in tied if u != t)
        fields[t] = (*base[t], h2h, tuple(board_points[t]), ratings.get(t))
    keys = {t: rule_key(rule, *fields[t]) for t in letters}
    order = sorted(letters, key=lambda t: tuple(-k for k in keys[t]))
    return [TeamStanding(t, *fields[t][:5], 1 + sum(1 for u in letters if keys[u] > keys[t]),
                         rating=fields[t][5], rule=rule)
            for t in order]


def _check_seat(seat: Seat, letters: tuple[str, ...], players: int, rnd: int, board: int) -> None:
    from addin.core.errors import TournamentError

    if seat.team not in letters or not 1 <= seat.board <= players:
        raise TournamentError(
            "Round {rnd}, board {board}: {seat} is not a player of this event.",
            rnd=rnd, board=board, seat=seat)
