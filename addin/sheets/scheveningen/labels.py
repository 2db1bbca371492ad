"""Labels of the Scheveningen match workbook, one dict per language (French by default).

Keys are the identifiers the layout and the reader share; values are what the organiser
sees. Sheet names are labels too, so a match is read back in either language.
"""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "fr": {
        "sheet_settings": "Paramètres", "sheet_teams": "Compositions", "sheet_round": "Ronde {r}",
        "sheet_score": "Grilles par équipe",
        "settings_title": "Match Scheveningen : paramètres",
        "help_settings": "Les cellules jaunes se modifient ; noms des joueurs sur la feuille Compositions, résultats "
                         "sur la feuille de chaque ronde ; grilles et score se recalculent seuls.",
        "event": "Compétition", "place": "Lieu", "dates": "Dates", "arbiter": "Arbitre",
        "players": "Joueurs par équipe", "language": "Langue", "generator": "Généré par appariements",
        "codes": "Résultat (Blancs d'abord)", "meaning": "Signification",
        "code_1-0": "les Blancs gagnent", "code_0-1": "les Noirs gagnent", "code_1/2-1/2": "partie nulle",
        "code_+-": "forfait des Noirs", "code_-+": "forfait des Blancs", "code_0-0": "double forfait",
        "team_a": "Équipe A", "team_b": "Équipe B", "number": "N°", "name": "Nom", "rating": "Elo",
        "ident": "Licence", "teams_title": "Compositions des équipes (ordre des échiquiers)",
        "round_title": "Ronde {r}", "round_help": "Résultat côté Blancs : 1-0, 0-1, 1/2-1/2, 1-0 F, 0-1 F, 0-0 F.",
        "board": "Éch.", "white": "Blancs", "black": "Noirs", "result": "Résultat", "check": "Contrôle",
        "bad_code": "code inconnu", "score": "Score",
        "score_title": "Match Scheveningen", "round": "Ronde", "games": "Parties", "points": "Pts",
        "percent": "%", "crosstable": "Grille",
        "won_by": "Victoire : ", "drawn": "Match nul", "open": "Match en cours",
        "page": "Page",
    },
    "en": {
        "sheet_settings": "Settings", "sheet_teams": "Line-ups", "sheet_round": "Round {r}",
        "sheet_score": "Team crosstables",
        "settings_title": "Scheveningen match: settings",
        "help_settings": "Yellow cells may be changed; the players' names on the Line-ups sheet, the results on each "
                         "round's sheet; crosstables and score recompute by themselves.",
        "event": "Event", "place": "Place", "dates": "Dates", "arbiter": "Arbiter",
        "players": "Players per team", "language": "Language", "generator": "Made by appariements",
        "codes": "Result (White first)", "meaning": "Meaning",
        "code_1-0": "White wins", "code_0-1": "Black wins", "code_1/2-1/2": "draw",
        "code_+-": "Black forfeits", "code_-+": "White forfeits", "code_0-0": "double forfeit",
        "team_a": "Team A", "team_b": "Team B", "number": "No.", "name": "Name", "rating": "Rating",
        "ident": "ID", "teams_title": "Line-ups (board order)",
        "round_title": "Round {r}", "round_help": "White's result first: 1-0, 0-1, 1/2-1/2, 1-0 F, 0-1 F, 0-0 F.",
        "board": "Bd", "white": "White", "black": "Black", "result": "Result", "check": "Check",
        "bad_code": "unknown code", "score": "Score",
        "score_title": "Scheveningen match", "round": "Round", "games": "Games", "points": "Pts",
        "percent": "%", "crosstable": "Crosstable",
        "won_by": "Won by ", "drawn": "Drawn match", "open": "Match in progress",
        "page": "Page",
    },
}


def labels(lang: str) -> dict[str, str]:
    return LABELS[lang if lang in LABELS else "fr"]


def detect_lang(sheet_names) -> str | None:
    """The language whose line-ups sheet the workbook holds."""
    names = set(sheet_names)
    for lang, L in LABELS.items():
        if L["sheet_teams"] in names:
            return lang
    return None


def is_match(sheet_names) -> bool:
    """Whether these sheets are those of a Scheveningen match workbook (line-ups and crosstables)."""
    names = set(sheet_names)
    return any(L["sheet_teams"] in names and L["sheet_score"] in names for L in LABELS.values())
