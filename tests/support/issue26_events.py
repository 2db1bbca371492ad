"""The three events issue 26 was found on, as an organiser ran them, built through the systems' rules.

* a closed round-robin of 10 players: rounds 1-5 typed (draws among them), a correction, player
  7 withdraws from round 6 (C.05: after 5 of his 9 games, so he stays in the standings) and
  player 9 from round 3 (fewer than half: not ranked);
* a Molter cup of 7 teams of 4 boards with reserves: a substitute in round 2, an absent player
  in round 2, rounds 1-2 typed, team G withdraws from round 3;
* a Formule Combinée of 40 players through its three phases (5 + 3 + 2 rounds): player 12
  withdraws from round 4, a late entry joins in round 3 (in the fictitious player's place).
"""

from __future__ import annotations

from dataclasses import replace

from addin.core.header import EventHeader
from addin.core.players import Player
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent

TITLE = dict(place="Nîmes", dates="12-14 mars 2027", arbiter="Jeanne Arbitre")

RR_NAMES = ["Alice Martin", "Bruno Petit", "Chloé Durand", "David Leroy", "Emma Moreau", "Farid Benali",
            "Gaëlle Simon", "Hugo Laurent", "Inès Garcia", "Jules Faure"]
RR_WITHDRAWN = {7: 6, 9: 3}  # player: first round he does not play


def roundrobin() -> RoundRobinEvent:
    schedule = berger_schedule(10)
    players = tuple(Player(i, name, 2150 - 40 * i, "Club de Nîmes" if i % 2 else "Échiquier Lyonnais", "FRA")
                    for i, name in enumerate(RR_NAMES, 1))
    cycle = ["1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "0-1", "1/2-1/2"]
    results = {}
    for r, b, white, black in schedule.games():
        if r > 5 or (r >= 3 and 9 in (white, black)):
            continue
        results[(r, b)] = cycle[(r * 3 + b) % len(cycle)]
    results[(2, 3)] = "1-0"  # a correction
    return RoundRobinEvent(schedule, players, results, withdrawn=dict(RR_WITHDRAWN),
                           header=EventHeader(title="Fermé de Nîmes 2027", lang="fr", **TITLE))


MOLTER_CLUBS = [
    ("Échiquier Lyonnais", ["Anne Martin", "Paul Roy", "Léa Petit", "Marc Blanc", "Zoé Garnier"]),
    ("Cercle de Nîmes", ["Jean Vidal", "Inès Garcia", "Luc Fabre", "Rose Brun"]),
    ("Tour de Sète", ["Hugo Marty", "Zoé Rey", "Noé Pons", "Lina Roux", "Axel Colin"]),
    ("Cavalier d'Alès", ["Yves Bonnet", "Emma Faure", "Tom Girard", "Eva Mercier"]),
    ("Fou d'Uzès", ["Max Durand", "Lou Morel", "Jade Simon", "Théo Laurent"]),
    ("Roi de Montpellier", ["Nina Perrin", "Oscar Vidal", "Paula Brun", "Karim Roux", "Léon Marchand"]),
    ("Dame d'Avignon", ["Iris Lambert", "Sacha Fontaine", "Maëlle Chevalier", "Yanis Robin"]),
]
MOLTER_WITHDRAWN = ("G", 3)
MOLTER_SUBSTITUTE = ("B", 3, "Bernard Rivière", 2)  # team, seat, who, round
MOLTER_ABSENT = (2, 1, "white")  # round, board, side


def molter():
    from addin.events.molter import demo_event
    from addin.systems.molter import live
    from addin.systems.molter.teams import Team

    teams = [Team("ABCDEFG"[i], name, tuple(players)) for i, (name, players) in enumerate(MOLTER_CLUBS)]
    event = demo_event(teams, 4, 6, title="Coupe Molter du Gard")
    event = replace(event, header=replace(event.header, **TITLE))
    team, seat, who, rnd = MOLTER_SUBSTITUTE
    event = live.substitute(event, team, seat, who, rnd)
    event, _ = live.mark_absent(event, *MOLTER_ABSENT)
    codes = ["1-0", "1/2-1/2", "0-1", "1-0", "0-1", "1/2-1/2"]
    for r in (1, 2):
        for b in range(1, len(event.rounds[r - 1]) + 1):
            if (r, b) == MOLTER_ABSENT[:2]:
                continue
            event = live.set_result(event, r, b, codes[(r + b) % len(codes)])
    return live.withdraw(event, *MOLTER_WITHDRAWN)


COMBINEE_WITHDRAWN = (12, 4)  # player, first round he does not play
COMBINEE_LATE = "Zoé Tardive"


def combinee():
    """40 players (phase 1: 5 rounds in groups), phases 2 and 3 paired from the standings."""
    from addin.systems.combinee import event as rules
    from addin.systems.combinee.event import FICTITIOUS

    first = ["Bérénice", "Élodie", "Gaël", "Hélène", "Jérôme", "Loïc", "Maëlys", "Noémie", "Raphaël", "Sébastien"]
    last = ["Bernard", "Robert", "Picard", "Lefèvre"]
    entries = [(f"{first[i % 10]} {last[i // 10]}", 1900 - 11 * i, f"Club {1 + i % 6}") for i in range(39)]
    event = rules.create_event(entries, 5, 3, 2, seed=26,
                               header=EventHeader(title="Festival de Vichy", lang="fr", **TITLE))

    def score_round(event, k):
        for t, table in enumerate(event.rounds[k - 1], 1):
            if table.b == FICTITIOUS:
                continue
            a = "F" if event.out(table.a, k) else 300 + (7 * t + 13 * k) % 120
            b = "F" if event.out(table.b, k) else 310 + (11 * t + 5 * k) % 110
            event = rules.set_scores(event, k, t, a, b)
        return event

    event = score_round(event, 1)
    event = score_round(event, 2)
    event = rules.add_player(event, COMBINEE_LATE, 1500, "Club 7")
    event = rules.withdraw(event, *COMBINEE_WITHDRAWN)
    for k in range(3, event.phases.total + 1):
        if k > event.paired:
            event = rules.next_round(event)
        event = score_round(event, k)
    return event


LEAGUE_WITHDRAWN = (1, 4, 3)  # division, team number, first round it does not play


def league():
    """The demo's league season (two divisions of 4-board matches, rounds 1-2 played, a team forfeit);
    team 4 of division 1 withdraws from round 3."""
    from addin.events.demo import _lorraine_divisions
    from addin.systems.directed.league import league_calendar
    from addin.systems.league import event as rules
    from addin.systems.league.model import PRESET_TIEBREAKS, SCORINGS, Member

    divisions = _lorraine_divisions()
    calendars = league_calendar(divisions, "complementary", ["Nancy"], "gathering", seed=2025,
                                start="2025-10-05", every=14)
    clubs = {t.name: t.club for d in divisions for t in d.teams}
    first = ["Anne", "Paul", "Léa", "Marc", "Zoé", "Hugo"]
    rosters = {t.name: [Member(f"{name} {t.name.split()[0]}", 2100 - 60 * k - 15 * i) for k, name in enumerate(first)]
               for d in divisions for i, t in enumerate(d.teams)}
    season = rules.season_from_calendars(
        calendars, clubs, rosters, boards=4, scoring=SCORINGS["fide"], preset="fide", colours="odd",
        tiebreaks=PRESET_TIEBREAKS["fide"], order="gathering",
        header=EventHeader(title="Interclubs de Lorraine", lang="fr", **TITLE), seed=2025)
    codes = ["1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "1-0", "0-1"]
    for d, division in enumerate(season.divisions, 1):
        for match in division.matches:
            if match.round <= 2:
                for board in range(1, season.boards + 1):
                    season = rules.set_result(season, (d, match.round, match.index), board,
                                              codes[(match.index + board + match.round) % 7])
    return rules.withdraw(season, *LEAGUE_WITHDRAWN).normalised()
