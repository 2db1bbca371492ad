"""The standings as a CSV table (``export-trf --csv``).

One row per player in standings order: rank, number, name, rating, club,
points, games played, wins, draws, losses, percentage (one decimal), then the
tie-breaks in the order asked, then a remark. Comma-separated, decimal point,
header labels in French (default) or English. Numbers are written without a
useless ``.0`` (``2``, ``2.5``, ``0.75``). A player not counted under C.05 6.6
has an empty rank and the remark "not ranked". A tie-break that does not apply is empty, as
in the workbook's standings (``Standing.shown``): DE where it decided nothing, and the
figures ranking a player the standings do not count. Text cells that a spreadsheet
would read as a formula (starting with ``=``, ``+``, ``-``, ``@``, tab or
carriage return) get a leading apostrophe, so they open as text.
"""

from __future__ import annotations

import csv
import io
from typing import Any, Iterable, Sequence

from addin.core.args import as_choice
from addin.core.errors import TournamentError
from addin.core.players import Player
from addin.sheets.roundrobin.labels import LABELS as SHEET_LABELS
from addin.systems.standings.roundrobin import DEFAULT_TIEBREAKS, Standing, check_tiebreaks

LABELS = {
    "fr": {
        "rank": "Rang", "number": "N°", "name": "Nom", "rating": "Elo", "club": "Club",
        "points": "Points", "played": "Parties", "wins": "Gains", "draws": "Nulles",
        "losses": "Pertes", "percentage": "%", "remark": "Remarque",
        "uncounted": "non classé (retrait, C.05 6.6)",
    },
    "en": {
        "rank": "Rank", "number": "No", "name": "Name", "rating": "Rating", "club": "Club",
        "points": "Points", "played": "Played", "wins": "Won", "draws": "Drawn",
        "losses": "Lost", "percentage": "%", "remark": "Remark",
        "uncounted": "not ranked (withdrew, C.05 6.6)",
    },
}


def tiebreak_label(code: str, lang: str) -> str:
    """The column label of tie-break ``code`` (``SB/C1``…) in ``lang``: the Settings sheet's name of it
    (a code the workbook does not offer, such as ``KS/L+5``, is its own label)."""
    return SHEET_LABELS[lang].get(f"tb_{code}", code)


def number_text(value: float) -> str:
    """``2`` for 2.0, ``2.5``, ``0.75``: the shortest exact decimal."""
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def safe_text(value: Any) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_csv(standings: Iterable[Standing], players: Sequence[Player], lang: str = "fr",
                  tiebreaks: Any = DEFAULT_TIEBREAKS) -> str:
    """The CSV text of the standings (rows in the order given, normally by rank)."""
    lang = as_choice(lang, "lang", ("fr", "en"), default="fr")
    order = check_tiebreaks(tiebreaks)
    labels = LABELS[lang]
    by_number = {p.number: p for p in players}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([labels[k] for k in ("rank", "number", "name", "rating", "club", "points", "played",
                                         "wins", "draws", "losses", "percentage")]
                    + [tiebreak_label(t, lang) for t in order] + [labels["remark"]])
    for s in standings:
        player = by_number.get(s.number)
        if player is None:
            raise TournamentError(
                "The standings list player {number}, who is not in the player list.",
                number=s.number)
        writer.writerow([
            s.rank if s.counted else "", s.number, safe_text(player.name),
            "" if player.rating is None else player.rating, safe_text(player.club),
            number_text(s.points), s.played, s.wins, s.draws, s.losses, f"{s.percentage:.1f}",
            *["" if (shown := s.shown(t)) is None else number_text(shown) for t in order],
            "" if s.counted else labels["uncounted"],
        ])
    return out.getvalue()
