"""Labels of the Molter event workbook, one dict per language (French by default).

Keys are stable identifiers used by the layout and the reader; values are what the
organiser sees. Sheet names are labels too, so a workbook is read back in either language.
"""

from __future__ import annotations

from typing import Any

from addin.core.args import as_choice
from addin.systems.molter.grids import TeamGrid
from addin.systems.molter.model import TEAM_NAMES, MolterTable
from addin.systems.molter.tables import played_rounds, table_body
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


# -- the colours and the bare table, spelt (the systems give them as data) -----------

#: Colour letters as the seed prints them (fr: ``b`` = blancs, ``n`` = noirs) and their English
#: counterparts: the Grids sheet's "Cou" column and the Envelopes sheet's slips.
COLOUR_LETTERS = {"fr": ("b", "n"), "en": ("W", "B")}

#: The header of a bare Molter table (``MOLTER_TABLE``, ``molter-table``): the board, a numbered
#: round, the autonomous round.
TABLE_HEADERS = {
    "en": ("Board", "Round {n}", "Autonomous"),
    "fr": ("Échiquier", "Ronde {n}", "Ronde autonome"),
}


def colour_letter(lang: str, white: bool) -> str:
    """The letter of a colour in ``lang`` (``b``/``n`` in French, ``W``/``B`` in English)."""
    return COLOUR_LETTERS[lang][0 if white else 1]


def table_rows(table: MolterTable, lang: Any = "en", body: list[list] | None = None) -> list[list]:
    """Header ``Board, Round 1, …, Autonomous`` then one row per board, cells like ``C2-B1``
    (``body``: the table's :func:`~addin.systems.molter.tables.table_body` when already made)."""
    language = as_choice(lang, "lang", tuple(TABLE_HEADERS), "en")
    board_label, round_label, auto_label = TABLE_HEADERS[language]
    header = [board_label] + [auto_label if lab == "a" else round_label.format(n=lab)
                              for lab, _ in played_rounds(table)]
    return [header] + (table_body(table) if body is None else body)


def show_points(value: float | None) -> str:
    """``1``, ``½``, ``2½``, ``0``; empty when not played yet."""
    if value is None:
        return ""
    whole = int(value)
    half = value - whole == 0.5
    if whole == 0 and half:
        return "½"
    return f"{whole}{'½' if half else ''}"


def grid_text(grid: TeamGrid, lang: str = "fr", results: bool = True) -> list[list[str]]:
    """A team's result grid (``addin.systems.molter.grids.team_grids``) as the seed's forms read it
    (seed 001, "Exemple de grilles de prise de résultats"): rows of strings ``[player, colour,
    opponent, result, …, total]``.

    With ``results=False`` the result and total cells are left blank, as on
    the seed's printed (empty) forms.
    """
    lines = []
    for row in grid.rows:
        line = [str(row.player)]
        for cell in row.cells:
            line += [colour_letter(lang, cell.white), str(cell.opponent), show_points(cell.points) if results else ""]
        line.append(show_points(row.total) if results else "")
        lines.append(line)
    return lines
