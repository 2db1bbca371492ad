"""Labels of the Formule Combinée event workbook, one dict per language (French by default).

Sheet names are labels too, so a workbook is read back in either language; round sheets
are ``R1``, ``R2``… in both.
"""

from __future__ import annotations

LABELS = {
    "fr": {
        "players": "Joueurs", "groups": "Groupes", "standings": "Classement", "settings": "Réglages",
        "calc": "Calcul", "no": "N°", "name": "Nom", "club": "Club", "rating": "Cote", "group": "Groupe",
        "position": "Position", "round": "Ronde", "phase": "Phase", "table": "Table", "player": "Joueur",
        "score": "Score", "pm": "PM", "ppm": "PPM", "pdep": "Pdep", "rank": "Rang", "bye": "Exempt",
        "withdrawn": "Abandon (ronde)", "joined": "Arrivée (ronde)",
        "final_title": "Classement", "remark": "Remarque", "mark_withdrawn": "abandon ronde",
        "mark_joined": "arrivée ronde", "mark_forfeit": "forfait", "mark_bye": "exempt", "yes": "oui", "no_word": "non",
        "title": "Formule Combinée", "entry": "Tapez les deux scores (F = forfait). PM et Pdep se calculent.",
        "group_title": "Groupe {g} ({n} joueurs)", "setting": "Réglage", "value": "Valeur",
        "not_paired": "Appariée par le bouton « Ronde suivante » (appariements next-round) une fois la ronde "
                      "précédente terminée.",
        "s_players": "Nombre de joueurs", "s_entrants": "Joueurs inscrits au départ",
        "s_phase1": "Rondes de la phase 1", "s_phase2": "Rondes de la phase 2",
        "s_phase3": "Rondes de la phase 3", "s_scoring": "Barème", "s_win": "PM victoire",
        "s_draw": "PM nul", "s_loss": "PM défaite", "s_forfeit": "PM forfait",
        "s_bye_pm": "PM de l'exempt", "s_bye_pdep": "Pdep de l'exempt",
        "s_forfeit_pdep": "Pdep d'un forfait (gagnant +, forfait −)",
        "s_cap": "Plafond de Pdep par partie (vide = aucun)",
        "s_late_pm": "PM par ronde manquée d'un joueur arrivé en retard",
        "s_late_pdep": "Pdep par ronde manquée d'un joueur arrivé en retard",
        "s_seed": "Graine du tirage des positions",
        "s_improved": "Serpentin amélioré", "s_lang": "Langue",
        "s_title": "Nom du tournoi (imprimé en tête de chaque page)", "s_place": "Lieu", "s_dates": "Dates",
        "s_arbiter": "Arbitre principal", "arbiter": "Arbitre principal", "page": "Page",
        "after_round": "Après la ronde", "no_result_yet": "Aucun résultat pour l'instant",
    },
    "en": {
        "players": "Players", "groups": "Groups", "standings": "Standings", "settings": "Settings",
        "calc": "Calc", "no": "No", "name": "Name", "club": "Club", "rating": "Rating", "group": "Group",
        "position": "Position", "round": "Round", "phase": "Phase", "table": "Table", "player": "Player",
        "score": "Score", "pm": "PM", "ppm": "PPM", "pdep": "Pdep", "rank": "Rank", "bye": "Bye",
        "withdrawn": "Withdrawn (round)", "joined": "Joined (round)",
        "final_title": "Standings", "remark": "Remark", "mark_withdrawn": "withdrew round",
        "mark_joined": "joined round", "mark_forfeit": "forfeit", "mark_bye": "bye", "yes": "yes", "no_word": "no",
        "title": "Formule Combinée", "entry": "Type both scores (F = forfeit). PM and Pdep are computed.",
        "group_title": "Group {g} ({n} players)", "setting": "Setting", "value": "Value",
        "not_paired": "Paired by the button 'Next round' (appariements next-round) once the previous round is over.",
        "s_players": "Number of players", "s_entrants": "Players entered at the start",
        "s_phase1": "Phase-1 rounds", "s_phase2": "Phase-2 rounds",
        "s_phase3": "Phase-3 rounds", "s_scoring": "Scoring", "s_win": "PM for a win",
        "s_draw": "PM for a draw", "s_loss": "PM for a loss", "s_forfeit": "PM for a forfeit",
        "s_bye_pm": "PM for the bye", "s_bye_pdep": "Pdep for the bye",
        "s_forfeit_pdep": "Pdep of a forfeit (winner +, forfeiter −)",
        "s_cap": "Pdep cap per game (empty = none)",
        "s_late_pm": "PM per round missed by a late entry",
        "s_late_pdep": "Pdep per round missed by a late entry",
        "s_seed": "Seed of the positions draw",
        "s_improved": "Improved snake", "s_lang": "Language",
        "s_title": "Event name (printed at the top of every page)", "s_place": "Place", "s_dates": "Dates",
        "s_arbiter": "Chief arbiter", "arbiter": "Chief arbiter", "page": "Page",
        "after_round": "After round", "no_result_yet": "No result yet",
    },
}


def sheet_names(lang: str) -> dict[str, str]:
    t = LABELS[lang]
    return {key: t[key] for key in ("players", "groups", "standings", "settings", "calc")}


def detect_lang(names) -> str | None:
    """The language whose settings and player sheets the workbook has, else None."""
    present = set(names)
    for lang, t in LABELS.items():
        if t["settings"] in present and t["players"] in present:
            return lang
    return None
