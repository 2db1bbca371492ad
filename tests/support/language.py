"""Is a text the program showed in one language? Tell-tale words of each language (issue 26).

A French run must show no English word and an English run no French word: each language has
a list of words that only it uses (``the``, ``players``, ``sheet`` …; ``le``, ``joueurs``,
``feuille`` …), checked as whole words, any case. Words shared by both languages (``table``,
``club``, ``points``, ``options``, ``division``, ``match``, ``note``, ``format``, ``score``,
``phase``, ``version``, ``argument``, ``abandon``, ``parties``, ``en``) are on neither list.

What the organiser typed or owns is not the program's language and is taken out first: a
cell's text quoted in double quotes (``"Joueurs par équipe"``) or a formula, file names and
paths, option names (``--from-round``), the fixtures' player and team names (``Joueur 5``,
``Équipe A``: the test data's, :data:`DATA`), an option's choices (``[listed|given|draw]``),
codes written alike in both languages (:data:`CODES`) and the values the harness typed. An
internal identifier in a sentence (``set_scores``, ``phase2_rounds``) is refused in both
languages.
"""

from __future__ import annotations

import re

#: English words no French sentence of the program uses
ENGLISH = frozenset("""
the and of with is are was must not no yes player players round rounds board boards bye group groups sheet
cell cells away home wrote written warning error usage show this that from which when file files name names
number numbers rating ratings seed published team teams result results line lines row rows column columns
missing empty should between only has have does cannot already give instead space left device forfeit
forfeits withdrawn withdraws event events workbook whole apply write see in to or by for it be at if
he his her she they than more one two three first last next each every any other after before until
return games game white black draw drawn order sequence breaks late entry meets meet
round-robin help exit command commands default required path text integer
""".split())

#: French words no English sentence of the program uses
FRENCH = frozenset("""
le la les des du est sont joueur joueurs ronde rondes échiquier échiquiers exempt exempte feuille cellule écrit
écrite équipe équipes groupe groupes forfait forfaits pas une aux avec pour dans sur ligne lignes colonne
colonnes fichier fichiers erreur être doit aucun aucune déjà nom numéro numéros classement elle il ils
abandonne partie blancs noirs résultat résultats vide manque tableau tirage graine
utilisation afficher ce cette ces qui que et de à au un par ou où sans entre avant après chaque
""".split())

#: the test data's own names (organisers' data, not the program's words)
DATA = (re.compile(r"Joueur \d+"), re.compile(r"Équipe [A-Z]\b"), re.compile(r"Player \d+"),
        re.compile(r"Team [A-Z]\b"), re.compile(r"\bteam-[ab]\b"))

_FORMULA = re.compile(r"=\S+")  # a formula quoted from a cell: =IF($H4="","",…) is the workbook's, not ours
_QUOTED = re.compile(r'"[^"]*"')  # a cell's text as a sentence quotes it (addin.core.cells.show): its own words
_PATH = re.compile(r"\S*[/\\]\S*|\S+\.(?:csv|xlsx|xlsm|trf|txt|tsv|pdf|xls|ods)\b", re.IGNORECASE)
_OPTION = re.compile(r"(?<!\w)--?[a-z][a-z0-9-]*")
_CHOICES = re.compile(r"\[[\w.-]+(?:\|[\w.-]+)+\]")  # an option's choices, as typed: [listed|given|draw]
_COMMAND = re.compile(r"'appariements[^']*'|appariements( [a-z-]+)*")
_IDENTIFIER = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w.-])")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


#: codes written the same in both languages that look like a word of the other (DE: direct encounter)
CODES = frozenset({"DE", "BYE"})  # BYE: the code typed in a pairing cell, in both languages
_DEFAULT = re.compile(r"((?:default|défaut)\s?:\s?)[^\]]*")  # a default value, as typed: [default: swap-last]


def _strip(text: str, typed: tuple[str, ...] = ()) -> str:
    text = _DEFAULT.sub(r"\1", text)
    text = _FORMULA.sub(" ", text)
    text = _QUOTED.sub(" ", text)
    for value in sorted((v for v in typed if v and v.strip()), key=len, reverse=True):
        text = re.sub(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", " ", text) if value[-1:].isalnum() \
            else text.replace(value, " ")
    for pattern in DATA:
        text = pattern.sub(" ", text)
    text = _CHOICES.sub(" ", text)
    text = _COMMAND.sub(" ", text)
    text = _PATH.sub(" ", text)
    return _OPTION.sub(" ", text)


def foreign_words(text: str, lang: str, typed: tuple[str, ...] = ()) -> list[str]:
    """The words of ``text`` (shown in a ``lang`` run) that belong to the other language."""
    other = ENGLISH if lang == "fr" else FRENCH
    found = []
    for word in _WORD.findall(_strip(text, typed)):
        if word in CODES:
            continue
        parts = [word] + re.split(r"['’-]", word)
        if any(part.lower() in other for part in parts):
            found.append(word)
    return found


def identifiers(text: str, typed: tuple[str, ...] = ()) -> list[str]:
    """Internal identifiers (``snake_case``) shown in ``text``."""
    return _IDENTIFIER.findall(_strip(text, typed))
