"""Labels of the league season workbook, one dict per language (French by default).

Keys are the identifiers the layout and the reader share; values are what the organiser
sees. Sheet names are labels too, so a season is read back in either language.
"""

from __future__ import annotations

from addin.report.labels import in_sentence, tiebreak_label
from addin.systems.league.model import TIEBREAKS

LANGS = ("fr", "en")

LABELS: dict[str, dict[str, str]] = {
    "fr": {
        "sheet_settings": "Paramètres", "sheet_teams": "Équipes inscrites", "sheet_rosters": "Effectifs",
        "sheet_calendar": "Calendrier", "sheet_round": "Ronde {r}", "sheet_table": "Classement",
        "sheet_stats": "Statistiques", "sheet_matches": "Matchs", "sheet_calc": "Calcul", "sheet_games": "Parties",
        "settings_title": "Paramètres de la saison",
        "help_settings": "Les cellules jaunes se modifient ; scores, classement et statistiques se recalculent seuls.",
        "event": "Compétition", "place": "Lieu", "dates": "Dates", "arbiter": "Arbitre / directeur de groupe",
        "boards": "Échiquiers par match", "preset": "Règlement (barème)",
        "mp_win": "Points de match : match gagné", "mp_draw": "Points de match : match nul",
        "mp_loss": "Points de match : match perdu", "mp_forfeit": "Points de match : match perdu par forfait",
        "gp_win": "Points de partie : partie gagnée", "gp_draw": "Points de partie : partie nulle",
        "gp_loss": "Points de partie : partie perdue",
        "colours": "Blancs aux échiquiers impairs pour l'équipe citée en premier",
        "odd": "oui", "even": "non",
        "tiebreak_order": "Départages (après les points de match)", "tiebreak": "Départage",
        "codes": "Codes", "meaning": "Signification",
        "tb_none": "aucun",
        "result_codes": "Codes de résultat (côté de l'équipe citée en premier)",
        "code_1-0": "le joueur de l'équipe citée en premier gagne", "code_0-1": "son adversaire gagne",
        "code_1/2-1/2": "partie nulle", "code_+-": "forfait de l'adversaire", "code_-+": "forfait du joueur",
        "code_0-0": "double forfait",
        "forfeit_words": "Forfait d'équipe (feuille de chaque ronde)",
        "home": "domicile", "away": "extérieur", "both": "les deux",
        "language": "Langue", "generator": "Généré par appariements", "order": "Ordre des rondes",
        "seed": "Graine du tirage des numéros",
        "division": "Division", "number": "N°", "team": "Équipe", "club": "Club", "withdrawn": "Abandon (ronde)",
        "name": "Nom", "rating": "Elo", "ident": "Licence",
        "round": "Ronde", "match": "Match", "date": "Date", "home_team": "Domicile", "away_team": "Extérieur",
        "note": "Remarque", "neutral": "rassemblement (terrain neutre)", "bye": "exempt",
        "score": "Score", "match_points": "Points de match", "forfeit": "Forfait",
        "white_odd": "Blancs aux éch. impairs", "board": "Éch.", "colour": "Coul.", "player": "Joueur",
        "result": "Résultat", "check": "Contrôle", "white": "B", "black": "N",
        "bad_code": "code inconnu", "ignored": "ignoré (forfait)", "missing": "joueur absent ?",
        "withdrawn_played": "abandon ?",
        "team_withdrawn": "forfait (retrait)", "withdrawn_from": "abandon ronde", "remark": "Remarque",
        "table_title": "Classement", "after_round": "Après la ronde", "no_result_yet": "Aucun résultat saisi",
        "rank": "Pl.", "played": "J", "won": "G", "drawn": "N", "lost": "P", "forfeited": "F",
        "points": "Pts", "gp": "PP", "ga": "PC", "diff": "Diff.",
        "scoring_line": "Barème : {preset} — match gagné {win}, nul {draw}, perdu {loss}, forfait {forfeit} ; "
                        "partie gagnée {gwin}, nulle {gdraw}, perdue {gloss}",
        "stats_title": "Statistiques des joueurs", "games": "Parties", "forfeits": "Forfaits", "perf": "Perf.",
        "page": "Page", "calendar_title": "Calendrier et résultats",
    },
    "en": {
        "sheet_settings": "Settings", "sheet_teams": "Registered teams", "sheet_rosters": "Rosters",
        "sheet_calendar": "Calendar", "sheet_round": "Round {r}", "sheet_table": "Table",
        "sheet_stats": "Statistics", "sheet_matches": "Matches", "sheet_calc": "Calc", "sheet_games": "Games",
        "settings_title": "Season settings",
        "help_settings": "Yellow cells may be changed; scores, table and statistics recompute by themselves.",
        "event": "Competition", "place": "Place", "dates": "Dates", "arbiter": "Arbiter / division director",
        "boards": "Boards per match", "preset": "Regulations (scoring)",
        "mp_win": "Match points: match won", "mp_draw": "Match points: match drawn",
        "mp_loss": "Match points: match lost", "mp_forfeit": "Match points: match lost by forfeit",
        "gp_win": "Game points: game won", "gp_draw": "Game points: game drawn", "gp_loss": "Game points: game lost",
        "colours": "White on the odd boards for the team named first",
        "odd": "yes", "even": "no",
        "tiebreak_order": "Tie-breaks (after match points)", "tiebreak": "Tie-break",
        "codes": "Codes", "meaning": "Meaning",
        "tb_none": "none",
        "result_codes": "Result codes (side of the team named first)",
        "code_1-0": "the player of the team named first wins", "code_0-1": "his opponent wins",
        "code_1/2-1/2": "draw", "code_+-": "the opponent forfeits", "code_-+": "the player forfeits",
        "code_0-0": "double forfeit",
        "forfeit_words": "Team forfeit (each round's sheet)",
        "home": "home", "away": "away", "both": "both",
        "language": "Language", "generator": "Made by appariements", "order": "Round order",
        "seed": "Seed of the draw of the numbers",
        "division": "Division", "number": "No.", "team": "Team", "club": "Club", "withdrawn": "Withdrawn (round)",
        "name": "Name", "rating": "Rating", "ident": "ID",
        "round": "Round", "match": "Match", "date": "Date", "home_team": "Home", "away_team": "Away",
        "note": "Note", "neutral": "gathering round (neutral ground)", "bye": "bye",
        "score": "Score", "match_points": "Match points", "forfeit": "Forfeit",
        "white_odd": "White on odd boards", "board": "Bd", "colour": "Col.", "player": "Player",
        "result": "Result", "check": "Check", "white": "W", "black": "B",
        "bad_code": "unknown code", "ignored": "ignored (forfeit)", "missing": "player missing?",
        "withdrawn_played": "withdrawn?",
        "team_withdrawn": "forfeit (withdrawn)", "withdrawn_from": "withdrew round", "remark": "Remark",
        "table_title": "Table", "after_round": "After round", "no_result_yet": "No result yet",
        "rank": "Rk", "played": "P", "won": "W", "drawn": "D", "lost": "L", "forfeited": "F",
        "points": "Pts", "gp": "GP", "ga": "GA", "diff": "Diff.",
        "scoring_line": "Scoring: {preset} — match won {win}, drawn {draw}, lost {loss}, forfeit {forfeit}; "
                        "game won {gwin}, drawn {gdraw}, lost {gloss}",
        "stats_title": "Player statistics", "games": "Games", "forfeits": "Forfeits", "perf": "Perf.",
        "page": "Page", "calendar_title": "Calendar and results",
    },
}

# the tie-breaks' names (``tb_GP``…), as they read inside the Settings sheet's lines: from the one table of
# tie-break names (addin.report.labels)
for _lang, _labels in LABELS.items():
    _labels.update({f"tb_{code}": in_sentence(tiebreak_label(code, _lang)) for code in TIEBREAKS})


def labels(lang: str) -> dict[str, str]:
    return LABELS[lang if lang in LABELS else "fr"]
