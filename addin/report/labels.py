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

import re
from dataclasses import dataclass

from addin.core.messages import N_, Message
from addin.report.model import Column

@dataclass(frozen=True)
class TieBreakName:
    """The names of one tie-break, each an English template of the catalogue (``N_``).

    ``short`` heads a standings column (``SB-C1``); ``name`` is the tie-break's name where it is
    chosen or listed (the Settings sheets' lists, the CSV's headers); ``explain`` is the sentence a
    report shows on hover and in its legend (the ``name`` when not given)."""

    short: str
    name: str
    explain: str | None = None

    @property
    def sentence(self) -> str:
        return self.explain or self.name


#: THE table of tie-break names: code → its names. Every code of ``addin.systems.standings.fide``
#: (``all_codes``: the 29 of an individual round-robin) and of the team leagues
#: (``addin.systems.league.model.TIEBREAKS``); read by the report, the sheets' labels
#: (``addin.sheets.roundrobin.labels``, ``addin.sheets.league.labels``) and the standings CSV.
TIEBREAK_NAMES: dict[str, TieBreakName] = {
    "DE": TieBreakName(N_("DE"), N_("Direct encounter")),
    "SB": TieBreakName(N_("SB"), N_("Sonneborn-Berger")),
    "WIN": TieBreakName(N_("Wins"), N_("Number of wins")),
    "KS": TieBreakName(N_("Koya"), N_("Koya"),
                       N_("Koya: points against the players with at least half of the maximum score")),
    "SB/C1": TieBreakName(N_("SB-C1"), N_("Sonneborn-Berger without the lowest (Cut-1)")),
    "SB/C2": TieBreakName(N_("SB-C2"), N_("Sonneborn-Berger without the two lowest (Cut-2)")),
    "KS/L-2": TieBreakName(N_("KS-2"), N_("Koya, threshold 50 % minus 1 point")),
    "KS/L-1": TieBreakName(N_("KS-1"), N_("Koya, threshold 50 % minus ½ point")),
    "KS/L+1": TieBreakName(N_("KS+1"), N_("Koya, threshold 50 % plus ½ point")),
    "KS/L+2": TieBreakName(N_("KS+2"), N_("Koya, threshold 50 % plus 1 point")),
    "WON": TieBreakName(N_("WON"), N_("Games won over the board")),
    "BPG": TieBreakName(N_("BPG"), N_("Games played with Black")),
    "BWG": TieBreakName(N_("BWG"), N_("Games won with Black")),
    "TPN": TieBreakName(N_("TPN"), N_("Pairing number (lowest first)")),
    "RTNG": TieBreakName(N_("RTNG"), N_("The player's rating")),
    "ARO": TieBreakName(N_("ARO"), N_("Average rating of opponents (games played)")),
    "TPR": TieBreakName(N_("TPR"), N_("Tournament performance rating")),
    "STD": TieBreakName(N_("STD"), N_("Standard points (1 win, ½ draw)")),
    "REP": TieBreakName(N_("REP"), N_("Rounds elected to play (forfeit losses out)")),
    "PS": TieBreakName(N_("PS"), N_("Progressive scores")),
    "APRO": TieBreakName(N_("APRO"), N_("Average performance rating (TPR) of opponents")),
    "PTP": TieBreakName(N_("PTP"), N_("Perfect tournament performance")),
    "APPO": TieBreakName(N_("APPO"), N_("Average perfect tournament performance (PTP) of opponents"),
                         N_("Average perfect performance (PTP) of opponents")),
    "ARO/C1": TieBreakName(N_("ARO-C1"), N_("Average rating of opponents without the lowest")),
    "ARO/C2": TieBreakName(N_("ARO-C2"), N_("Average rating of opponents without the two lowest")),
    "ARO/M1": TieBreakName(N_("ARO-M1"), N_("Average rating of opponents without the lowest and the highest")),
    "ARO/M2": TieBreakName(N_("ARO-M2"),
                           N_("Average rating of opponents without the two lowest and the two highest")),
    "PS/C1": TieBreakName(N_("PS-C1"), N_("Progressive scores without round 1 (Cut-1)")),
    "PS/C2": TieBreakName(N_("PS-C2"), N_("Progressive scores without rounds 1-2 (Cut-2)"),
                          N_("Progressive scores without rounds 1 and 2 (Cut-2)")),
    # team leagues (addin.systems.league.table)
    "GP": TieBreakName(N_("GP"), N_("Game points")),
    "BC": TieBreakName(N_("BC"), N_("Board count (FIDE, lowest first)"), N_("Board count (FIDE; lowest first)")),
    "BERLIN": TieBreakName(N_("Berlin"), N_("Berlin board weighting")),
    "ESB": TieBreakName(N_("ESB"), N_("Extended Sonneborn-Berger")),
    "DIFF": TieBreakName(N_("Diff."), N_("Differential (points for − against)"),
                         N_("Differential (game points for − against)")),
    "MW": TieBreakName(N_("MW"), N_("Matches won")),
}

#: the words a tie-break's name may begin with that stay capitalised inside a sentence
PROPER_NAMES = ("Berlin", "Sonneborn-Berger", "Koya")

_KOYA_LIMIT = re.compile(r"^KS/L([+-])(\d)$")


def tiebreak_name(code: str) -> TieBreakName:
    """The names of tie-break ``code``: its entry in :data:`TIEBREAK_NAMES`; a Koya limit the table does
    not list (``KS/L+5``, C.07 14.5: any number of half points) is named from its limit; a code no
    table knows is its own name."""
    if code in TIEBREAK_NAMES:
        return TIEBREAK_NAMES[code]
    koya = _KOYA_LIMIT.match(code)
    if koya:
        # two halves per point: 3 → 1½, 4 → 2
        return TieBreakName(f"KS{koya[1]}{koya[2]}", N_("Koya, threshold 50 % plus {points} points")
                            if koya[1] == "+" else N_("Koya, threshold 50 % minus {points} points"))
    return TieBreakName(code, code)


def _koya_points(code: str) -> str:
    halves = int(code[-1])
    return (str(halves // 2) if halves > 1 else "") + ("½" if halves % 2 else "")


def _message(template: str, code: str) -> Message:
    if "{points}" in template:
        return Message(template, points=_koya_points(code))
    return Message(template)


def tiebreak_label(code: str, lang: str, form: str = "name") -> str:
    """Tie-break ``code``'s ``short`` header, ``name`` or ``sentence`` (explanation) in ``lang``."""
    names = tiebreak_name(code)
    template = {"short": names.short, "name": names.name, "sentence": names.sentence}[form]
    return _message(template, code).text(lang)


def in_sentence(text: str) -> str:
    """A name as it reads inside a sentence (the league's Settings sheet): first letter in lower case
    unless the name begins with a proper name (:data:`PROPER_NAMES`)."""
    if not text or text.startswith(PROPER_NAMES):
        return text
    return text[0].lower() + text[1:]


#: tie-breaks whose values are points (shown with halves); the others are whole numbers
POINT_TIEBREAKS = frozenset({"DE", "SB", "KS", "SB/C1", "SB/C2", "KS/L-2", "KS/L-1", "KS/L+1", "KS/L+2", "STD",
                             "PS", "PS/C1", "PS/C2", "GP", "BC", "BERLIN", "ESB", "DIFF"})


def tiebreak_column(code: str) -> Column:
    """The column of tie-break ``code``: its short name as header, its sentence as explanation."""
    names = tiebreak_name(code)
    return Column(f"tb:{code}", _message(names.short, code), _message(names.sentence, code),
                  "points" if code in POINT_TIEBREAKS or code.startswith("KS/") else "int")


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
