"""The names of what a report shows: one table of tie-break names and the common columns.

Each label is an English template of the message catalogue (``N_``), so it exists in every
language of the catalogue (French by default); a sink shows it with
:meth:`~addin.core.messages.Message.text` in the language it writes. Short labels head the
columns; the explanations are shown on hover (``title``) and in the legend of the page.

Tie-breaks: the FIDE codes of individual round-robins (C.07, ``addin.systems.standings.fide``)
and of team leagues (``addin.systems.league.table``), and the Molter and Formule Combinée
keys (seeds 001 and 002).
"""

from __future__ import annotations

from addin.core.messages import N_, Message
from addin.report.model import Column

#: tie-break code → (short header, explanation)
TIEBREAKS: dict[str, tuple[str, str]] = {
    "DE": (N_("DE"), N_("Direct encounter")),
    "SB": (N_("SB"), N_("Sonneborn-Berger")),
    "WIN": (N_("Wins"), N_("Number of wins")),
    "KS": (N_("Koya"), N_("Koya: points against the players with at least half of the maximum score")),
    "SB/C1": (N_("SB-C1"), N_("Sonneborn-Berger without the lowest (Cut-1)")),
    "SB/C2": (N_("SB-C2"), N_("Sonneborn-Berger without the two lowest (Cut-2)")),
    "KS/L-2": (N_("KS-2"), N_("Koya, threshold 50 % minus 1 point")),
    "KS/L-1": (N_("KS-1"), N_("Koya, threshold 50 % minus ½ point")),
    "KS/L+1": (N_("KS+1"), N_("Koya, threshold 50 % plus ½ point")),
    "KS/L+2": (N_("KS+2"), N_("Koya, threshold 50 % plus 1 point")),
    "WON": (N_("WON"), N_("Games won over the board")),
    "BPG": (N_("BPG"), N_("Games played with Black")),
    "BWG": (N_("BWG"), N_("Games won with Black")),
    "TPN": (N_("TPN"), N_("Pairing number (lowest first)")),
    "RTNG": (N_("RTNG"), N_("The player's rating")),
    "ARO": (N_("ARO"), N_("Average rating of opponents (games played)")),
    "TPR": (N_("TPR"), N_("Tournament performance rating")),
    "STD": (N_("STD"), N_("Standard points (1 win, ½ draw)")),
    "REP": (N_("REP"), N_("Rounds elected to play (forfeit losses out)")),
    "PS": (N_("PS"), N_("Progressive scores")),
    "APRO": (N_("APRO"), N_("Average performance rating (TPR) of opponents")),
    "PTP": (N_("PTP"), N_("Perfect tournament performance")),
    "APPO": (N_("APPO"), N_("Average perfect performance (PTP) of opponents")),
    "ARO/C1": (N_("ARO-C1"), N_("Average rating of opponents without the lowest")),
    "ARO/C2": (N_("ARO-C2"), N_("Average rating of opponents without the two lowest")),
    "ARO/M1": (N_("ARO-M1"), N_("Average rating of opponents without the lowest and the highest")),
    "ARO/M2": (N_("ARO-M2"), N_("Average rating of opponents without the two lowest and the two highest")),
    "PS/C1": (N_("PS-C1"), N_("Progressive scores without round 1 (Cut-1)")),
    "PS/C2": (N_("PS-C2"), N_("Progressive scores without rounds 1 and 2 (Cut-2)")),
    # team leagues (addin.systems.league.table)
    "GP": (N_("GP"), N_("Game points")),
    "BC": (N_("BC"), N_("Board count (FIDE; lowest first)")),
    "BERLIN": (N_("Berlin"), N_("Berlin board weighting")),
    "ESB": (N_("ESB"), N_("Extended Sonneborn-Berger")),
    "DIFF": (N_("Diff."), N_("Differential (game points for − against)")),
    "MW": (N_("MW"), N_("Matches won")),
}

#: tie-breaks whose values are points (shown with halves); the others are whole numbers
POINT_TIEBREAKS = frozenset({"DE", "SB", "KS", "SB/C1", "SB/C2", "KS/L-2", "KS/L-1", "KS/L+1", "KS/L+2", "STD",
                             "PS", "PS/C1", "PS/C2", "GP", "BC", "BERLIN", "ESB", "DIFF"})


def tiebreak_column(code: str) -> Column:
    """The column of tie-break ``code`` (its FIDE code as header when the table does not name it)."""
    short, explain = TIEBREAKS.get(code, (code, code))
    return Column(f"tb:{code}", Message(short), Message(explain),
                  "points" if code in POINT_TIEBREAKS else "int")


def column(key: str, label: str, explain: str | None = None, kind: str = "int") -> Column:
    """A column headed ``label`` (an ``N_`` template), explained by ``explain``."""
    return Column(key, Message(label), Message(explain) if explain else None, kind)


RANK = column("rank", N_("Rank"), kind="int")
NUMBER = column("number", N_("No."), N_("Pairing number"), kind="text")
NAME = column("name", N_("Name"), kind="text")
RATING = column("rating", N_("Rating"), kind="int")
CLUB = column("club", N_("Club"), kind="text")
POINTS = column("points", N_("Pts"), N_("Points"), kind="points")
PLAYED = column("played", N_("Games"), N_("Games played (forfeits included)"), kind="int")
WINS = column("wins", N_("W"), N_("Won"), kind="int")
DRAWS = column("draws", N_("D"), N_("Drawn"), kind="int")
LOSSES = column("losses", N_("L"), N_("Lost"), kind="int")
PERCENT = column("percent", N_("%"), N_("Percentage of the points of the games played"), kind="percent")
