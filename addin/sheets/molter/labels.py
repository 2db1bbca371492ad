"""Labels of the Molter event workbook, one dict per language (French by default).

Keys are stable identifiers used by the layout and the reader; values are what the
organiser sees. Sheet names are labels too, so a workbook is read back in either language.
"""

from __future__ import annotations

from typing import Any

from addin.systems.molter.model import TEAM_NAMES
from addin.systems.molter.teams import Team, check_shape

LANGS = ("fr", "en")

LABELS: dict[str, dict[str, str]] = {
    "fr": {
        "teams_sheet": "Équipes", "round_sheet": "Ronde {r}", "lineups_sheet": "Compositions",
        "grids_sheet": "Grilles", "standings_sheet": "Classement", "cards_sheet": "Cartons",
        "envelopes_sheet": "Enveloppes", "calc_sheet": "Calcul",
        "title": "Tournoi par équipes, système Molter",
        "shape": "{n} équipes de {p} joueurs, {r} rondes",
        "rounds_setting": "Rondes", "players_setting": "Joueurs par équipe", "source_setting": "Tableau",
        "source_auto": "auto", "source_official": "officiel", "source_generated": "généré",
        "team": "Équipe", "team_placeholder": "Équipe {t}", "name": "Nom", "withdrawn": "Abandon (ronde)",
        "players": "Titulaires, du plus fort au moins fort (échiquiers 1 à {p})",
        "reserves": "Réserves, dans l'ordre",
        "round": "Ronde {r}", "board": "Éch.", "white": "Blancs", "black": "Noirs",
        "white_name": "Nom (blancs)", "black_name": "Nom (noirs)", "result": "Résultat",
        "white_pts": "Pts blancs", "black_pts": "Pts noirs", "forfeit": "Forfait (absent)",
        "result_prompt": "1-0, 0-1, 1/2-1/2 ; forfaits : 1-0 F, 0-1 F, 0-0 F",
        "result_error": "Choisissez un résultat de la liste.",
        "lineups_title": "Compositions des équipes, ronde par ronde",
        "lineups_help": ("Case vide : le titulaire du siège (le n° k de la liste joue l'échiquier k). Sinon taper "
                         "le numéro d'un joueur de la liste (ils jouent dans l'ordre de la liste), le nom d'un "
                         "remplaçant hors liste (il prend la place du sortant), ou absent (forfait sur cet "
                         "échiquier). Puis « Mettre à jour »."),
        "seat": "Siège", "who": "Joue", "who_name": "Nom",
        "grid_round": "{r}° RONDE", "colour": "Cou", "opponent": "Adv", "res": "Rés", "total": "TOTAL",
        "tiebreak": "Départage", "place": "Place", "total_row": "Total",
        "grids_title": "Grilles de prise de résultats",
        "note_withdrawn": "Abandon à partir de la ronde {r} : ses échiquiers sont perdus par forfait.",
        "note_substitute": "Ronde {r}, {seat} : {name} (remplaçant)",
        "note_listed": "Ronde {r}, {seat} : {name} (n° {place} de la liste)",
        "note_absent": "Ronde {r}, {seat} : absent (forfait)",
        "standings_title": "Classement des équipes", "points": "Points", "berlin": "Berlin",
        "wins": "Victoires", "h2h": "Confrontations", "board_n": "Éch. {k}", "withdrawn_short": "Abandon",
        "standings_note": ("Départage : Berlin (échiquier 1 × {p}, 2 × {p1}, …), victoires individuelles, "
                           "résultats entre équipes à égalité, puis échiquier 1, 2, …"),
        "card_round": "Ronde {r}", "envelope": "Enveloppe {t}",
        "rank_footer_1991": "Classement : règles de 1991", "rank_footer_ffe-cups": "Classement : coupes FFE",
        "card_out_withdrawn": "forfait (retrait)", "card_out_absent": "absent (forfait)",
        "note_withdrawn_from": "Abandon à partir de la ronde", "note_withdrawn_tail": " : ses échiquiers sont perdus par forfait.",
        "envelope_note": "Une fiche par joueur : découper et glisser dans l'enveloppe.",
        "slip_boards": "Ronde {r} : éch. {b} ({c})",
        "code": "Code", "white_pts_short": "Blancs", "black_pts_short": "Noirs",
        "idx": "n°",
        "place_setting": "Lieu", "dates_setting": "Dates", "arbiter_setting": "Arbitre principal",
        "arbiter_header": "Arbitre principal : {name}", "page": "Page",
        "after_round": "Après la ronde {r} / {n}", "no_result_yet": "Aucun résultat saisi",
        "ranking_setting": "Classement", "rank_1991": "1991", "rank_ffe-cups": "Coupes FFE",
        "rank_title_1991": "Classement : règles de 1991 (points, Berlin, victoires, confrontations, échiquiers)",
        "rank_title_ffe-cups": "Classement : coupes FFE, phases Molter (points, Berlin, moyenne Elo la plus basse)",
        "rating_avg": "Moyenne Elo",
        "standings_note_ffe-cups": ("Départage : Berlin (échiquier 1 × {p}, 2 × {p1}, …), puis la moyenne Elo la plus "
                                    "basse (tapée dans la feuille Équipes ; sans moyenne, après)."),
    },
    "en": {
        "teams_sheet": "Teams", "round_sheet": "Round {r}", "lineups_sheet": "Line-ups",
        "grids_sheet": "Grids", "standings_sheet": "Standings", "cards_sheet": "Cards",
        "envelopes_sheet": "Envelopes", "calc_sheet": "Calc",
        "title": "Team tournament, Molter system",
        "shape": "{n} teams of {p} players, {r} rounds",
        "rounds_setting": "Rounds", "players_setting": "Players per team", "source_setting": "Table",
        "source_auto": "auto", "source_official": "official", "source_generated": "generated",
        "team": "Team", "team_placeholder": "Team {t}", "name": "Name", "withdrawn": "Withdrawn (round)",
        "players": "Regular players, strongest first (boards 1 to {p})",
        "reserves": "Reserves, in order",
        "round": "Round {r}", "board": "Board", "white": "White", "black": "Black",
        "white_name": "Name (White)", "black_name": "Name (Black)", "result": "Result",
        "white_pts": "White pts", "black_pts": "Black pts", "forfeit": "Forfeit (absent)",
        "result_prompt": "1-0, 0-1, 1/2-1/2; forfeits: 1-0 F, 0-1 F, 0-0 F",
        "result_error": "Choose a result from the list.",
        "lineups_title": "Team line-ups, round by round",
        "lineups_help": ("Empty cell: the seat's regular player (player k of the list plays board k). Otherwise "
                         "type the number of a player of the list (they play in the list's order), the name of a "
                         "substitute from outside the list (he takes the seat as it is), or absent (forfeit on "
                         "that board). Then press Update."),
        "seat": "Seat", "who": "Plays", "who_name": "Name",
        "grid_round": "ROUND {r}", "colour": "Col", "opponent": "Opp", "res": "Res", "total": "TOTAL",
        "tiebreak": "Tie-break", "place": "Place", "total_row": "Total",
        "grids_title": "Result grids",
        "note_withdrawn": "Withdrawn from round {r}: its boards are lost by forfeit.",
        "note_substitute": "Round {r}, {seat}: {name} (substitute)",
        "note_listed": "Round {r}, {seat}: {name} (no. {place} of the list)",
        "note_absent": "Round {r}, {seat}: absent (forfeit)",
        "standings_title": "Team standings", "points": "Points", "berlin": "Berlin",
        "wins": "Wins", "h2h": "Head-to-head", "board_n": "Board {k}", "withdrawn_short": "Withdrawn",
        "standings_note": ("Tie-breaks: Berlin (board 1 × {p}, 2 × {p1}, …), individual wins, "
                           "results between the tied teams, then board 1, 2, …"),
        "card_round": "Round {r}", "envelope": "Envelope {t}",
        "rank_footer_1991": "Ranking: 1991 rules", "rank_footer_ffe-cups": "Ranking: FFE cups",
        "card_out_withdrawn": "forfeit (withdrawn)", "card_out_absent": "absent (forfeit)",
        "note_withdrawn_from": "Withdrawn from round", "note_withdrawn_tail": ": its boards are lost by forfeit.",
        "envelope_note": "One slip per player: cut out and put in the envelope.",
        "slip_boards": "Round {r}: board {b} ({c})",
        "code": "Code", "white_pts_short": "White", "black_pts_short": "Black",
        "idx": "no.",
        "place_setting": "Venue", "dates_setting": "Dates", "arbiter_setting": "Chief arbiter",
        "arbiter_header": "Chief arbiter: {name}", "page": "Page",
        "after_round": "After round {r} / {n}", "no_result_yet": "No result yet",
        "ranking_setting": "Ranking", "rank_1991": "1991", "rank_ffe-cups": "FFE cups",
        "rank_title_1991": "Ranking: 1991 rules (points, Berlin, wins, head-to-head, boards)",
        "rank_title_ffe-cups": "Ranking: FFE cups, Molter phases (points, Berlin, lowest average rating)",
        "rating_avg": "Average rating",
        "standings_note_ffe-cups": ("Tie-breaks: Berlin (board 1 × {p}, 2 × {p1}, …), then the lowest average "
                                    "rating (typed in the Teams sheet; a team without one comes after)."),
    },
}


def round_sheet(labels: dict, rnd: int) -> str:
    return labels["round_sheet"].format(r=rnd)


def source_word(labels: dict, source: str) -> str:
    """How the Teams sheet spells the table's source (``auto``, ``officiel``, ``généré``…)."""
    return labels[f"source_{source}"]


def ranking_word(labels: dict, rule: str) -> str:
    """How the Teams sheet spells a ranking rule (``1991``, ``Coupes FFE``…)."""
    return labels[f"rank_{rule}"]


def numbered_teams(teams: Any, players: Any, lang: str = "fr") -> list[Team]:
    """``teams`` teams named "Équipe A" … (or "Team A" …) in ``lang``, player names blank."""
    n, p = check_shape(teams, players)
    return [Team(TEAM_NAMES[i], LABELS[lang]["team_placeholder"].format(t=TEAM_NAMES[i]), ("",) * p)
            for i in range(n)]
