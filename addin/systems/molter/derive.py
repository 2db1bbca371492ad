"""The official tables that seed 001 defines by a rule instead of printing them.

Every rule takes whole *levels* (the ``k``-th players of all teams) from a
printed table, in a given order, and renumbers them 1, 2, … — "en remontant
la partie inférieure du tableau": the boards keep their order and players
and boards are renumbered. With an even number of teams a level fills
``N/2`` consecutive boards; with an odd number the levels go by pairs
``(2j−1, 2j)`` filling ``N`` boards (the floaters cross inside a pair), so a
rule for odd ``N`` always moves two levels together.

:func:`compose` does the renumbering; :data:`RULES` writes each table's rule
as the levels it takes. Each function below quotes the seed's wording; where
the printed wording is wrong (a board quoted wrongly, a garbled verb) the
docstring says so and ``docs/corrections-molter.md`` records it.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from addin.core.errors import TournamentError
from addin.systems.molter.model import Pairing, Seat

Round = tuple[Pairing, ...]
#: one source round and the levels taken from it, in order
Part = tuple[Sequence[Pairing], Sequence[int]]


def unit_of(pairing: Pairing, teams: int) -> int:
    """The level (even ``N``) or the first level of the level pair (odd ``N``) of a board."""
    low = min(pairing.white.board, pairing.black.board)
    return low if teams % 2 == 0 else low - (low + 1) % 2


def compose(teams: int, parts: Sequence[Part]) -> Round:
    """Concatenate levels taken from source rounds, renumbered 1, 2, … in order.

    ``parts`` is a list of ``(source round, levels)``. For odd ``teams`` the
    levels must come in aligned pairs ``(i, i+1)`` with ``i`` odd.
    """
    out: list[Pairing] = []
    new = 1
    step = 1 if teams % 2 == 0 else 2
    for source, levels in parts:
        levels = list(levels)
        for k in range(0, len(levels), step):
            first = levels[k]
            if step == 2 and (first % 2 == 0 or levels[k + 1] != first + 1):
                raise ValueError(f"levels {levels[k:k + 2]} are not a level pair")
            boards = [p for p in source if unit_of(p, teams) == first]
            if not boards:
                raise ValueError(f"level {first} is not in the source")
            shift = new - first
            out.extend(Pairing(Seat(p.white.team, p.white.board + shift),
                               Seat(p.black.team, p.black.board + shift)) for p in boards)
            new += step
    return tuple(out)


def levels(*spans: tuple[int, int] | int) -> list[int]:
    """``levels((1, 4), (9, 12))`` → ``[1, 2, 3, 4, 9, 10, 11, 12]``."""
    out: list[int] = []
    for span in spans:
        if isinstance(span, int):
            out.append(span)
        else:
            out.extend(range(span[0], span[1] + 1))
    return out


def table_9(src, column):
    """Table 9, 5 teams of 8, from table 8 (12 players).

    « Ce tableau s'obtient en supprimant, dans le tableau 8 (5 équipes à 12
    joueurs) les appariements des 4 joueurs du milieu, soit les 5èmes, 6èmes,
    7èmes et 8èmes joueurs en remontant la partie inférieure du tableau en
    conséquence (21 B9 – D9 devenant 11 B5 – D5, etc.) » — and 9a « de la même
    façon en utilisant la ronde 8a à 12 joueurs (21 D9 – C9 devenant 11 D5 – C5) ».
    """
    return compose(5, [(src(8, column), levels((1, 4), (9, 12)))])


def table_10(src, column):
    """Table 10, 5 teams of 10, from table 8 (12 players).

    « Utiliser le tableau 8 (5 équipes à 12 joueurs) en supprimant les
    appariements des 7èmes et 8èmes joueurs, et en remontant la partie
    inférieure du tableau (21 B9 – D9 devenant 16 B7 – D7, etc.) » — 10a the
    same way from 8a. The seed's 10a example « 21 D9 – C9 devenant 11 D7 – C7 »
    quotes board 11 where the rule gives board 16 (16 D7 – C7): a wrong board
    in the printed rule (the rule itself is unambiguous).
    """
    return compose(5, [(src(8, column), levels((1, 6), (9, 12)))])


def table_15(src, column):
    """Table 15, 6 teams of 12, from table 14 (10 players).

    « Intercaler entre les 5èmes et 6èmes joueurs du tableau 14 (soit après
    l'échiquier N°15), les appariements des 9èmes et 10èmes joueurs, qui
    prennent ainsi la place des 6èmes et 7èmes joueurs, la moitié inférieure
    du tableau descendant de 2 places (25 A9 – C9 devient 16 A6 – C6, tandis
    que 16 A6 – F6 devient 22 A8 – F8, etc.) » — 15a the same way from 14a
    (25 A9 – B9 devenant 16 A6 – B6). Levels 9 and 10 are copied (they stay
    at the bottom too, as levels 11 and 12): 12 levels from 10.
    """
    return compose(6, [(src(14, column), levels((1, 5), (9, 10), (6, 10)))])


def table_18(src, column):
    """Table 18, 7 teams of 8, from table 17 (12 players).

    « Utiliser le tableau 17 (à 12 joueurs) en y remplaçant les appariements
    des 7èmes et 8èmes joueurs (Échiquiers N° 22 à 28 inclus) par ceux des
    11èmes et 12èmes joueurs (Échiquiers N° 36 à 42 inclus), les suivants étant
    supprimés. Donc 36 B11 – G11 devient 22 B7 – G7 » — 18a the same way
    from 17a (36 A11 – E11 devient 22 A7 – E7).
    """
    return compose(7, [(src(17, column), levels((1, 6), (11, 12)))])


def table_19(src, column):
    """Table 19, 7 teams of 10, from table 17 (12 players).

    « Utiliser le tableau 17 (à 12 joueurs) en y remplaçant [supprimant] les
    appariements des 7èmes et 8èmes joueurs (Échiquiers N° 22 à 28 inclus) et
    en remontant d'autant la partie inférieure du tableau. Ainsi, 29 B9 – F9
    devient 22 B7 – G7 » — 19a: « en y supprimant simplement les appariements
    des 7èmes et 8èmes joueurs … 29 A9 – C9 devient 22 A7 – C7 ». The printed
    rule says "remplaçant" with nothing to replace by, and its example turns
    B9 – F9 into B7 – **G**7: both are misprints (the 19a wording and the
    board numbers say delete levels 7–8; renumbering keeps the team, B7 – F7).
    """
    return compose(7, [(src(17, column), levels((1, 6), (9, 12)))])


def table_23(src, column):
    """Table 23, 8 teams of 10: rounds from table 24 (12 players), 23a printed.

    « Les 1ère et 2ème rondes du tableau 23 sont identiques à celles du
    tableau 24 (8 équipes à 12 joueurs), à condition d'en supprimer les 8ème
    et 9ème joueurs se trouvant aux échiquiers N° 29 à 36 et de remonter les
    suivants, en sorte que 37 A10 – D10 devienne 29 A8 – D8 » ; « La ronde
    autonome 23a est ici reproduite intégralement. »
    """
    if column == "autonomous":
        return src(23, column)
    return compose(8, [(src(24, column), levels((1, 7), (10, 12)))])


def table_27(src, column):
    """Table 27, 9 teams of 10, from table 26 (12 players).

    « Ce tableau s'obtient en supprimant dans le tableau 26 (9 équipes à 12
    joueurs) les 9èmes et 10èmes joueurs (échiquiers 37 à 45) et en remontant
    la partie inférieure du tableau, en sorte que 46. A11 - G11 devienne
    37. A9 - G9 … La ronde autonome 27a … de la même façon en utilisant la
    ronde autonome 26a. Ainsi 46. A11 - F11 devient 37. A9 - F9. »
    """
    return compose(9, [(src(26, column), levels((1, 8), (11, 12)))])


def table_30(src, column):
    """Table 30, 10 teams of 12, from table 29 (8 players) and its own boards.

    « Utiliser le tableau 29 (10 équipes à 8 joueurs) en y supprimant les
    appariements des 4èmes joueurs en les remplaçant par ceux ci-contre
    [boards 16–40]. Ensuite, ajouter les 4 derniers joueurs du même tableau 29
    en les décalant de 4 places vers le bas, en sorte que 21. A5 - J5 B5 - A5
    deviennent 41. A9 - J9 B9 - A9 » ; 30a: « utiliser la ronde 29a jusqu'aux
    6èmes joueurs (30. H6 - J6) inclus, et continuer par le tableau ci-contre
    [boards 31–60]. »
    """
    if column == "autonomous":
        return compose(10, [(src(29, column), levels((1, 6))), (src(30, column), levels((7, 12)))])
    return compose(10, [(src(29, column), levels((1, 3))), (src(30, column), levels((4, 8))),
                        (src(29, column), levels((5, 8)))])


def table_31(src, column):
    """Table 31, 10 teams of 10, from table 30 (12 players).

    « Utiliser le tableau 30 en y supprimant les 6èmes et 7èmes joueurs
    (échiquiers 26 à 35 inclus), le bas du tableau remontant en conséquence :
    36. B8 - J8 devient 26. B6 - J6 » ; 31a: « utiliser le tableau 30a, en y
    supprimant les appariements des 10èmes et 11èmes joueurs (échiquiers 46 à
    55 inclus), les 12èmes joueurs remontant à la place des 10èmes. Ainsi
    56. A12 - B12 devient 46. A10 - B10. »
    """
    if column == "autonomous":
        return compose(10, [(table_30(src, column), levels((1, 9), 12))])
    return compose(10, [(table_30(src, column), levels((1, 5), (8, 12)))])


def table_35(src, column):
    """Table 35, 11 teams of 12, from table 34 (10 players) and its own boards.

    « Utiliser le tableau 34 en y remplaçant les appariements des 5èmes et
    6èmes joueurs (échiquiers 23 à 33) par ceux qui suivent [boards 23–44],
    les joueurs suivants étant décalés de 2 places vers le bas. 34 A7 - K7
    C7 - A7 devient 45 A9 - K9 C9 - A9 » ; 35a: « en intercalant entre les
    6èmes et 7èmes joueurs de la ronde 34a, les appariements ci-contre [boards
    34–44], et en descendant la partie inférieure du tableau. En conséquence,
    34 A7 - D7 devenant 45 A9 - D9. »
    """
    if column == "autonomous":
        return compose(11, [(src(34, column), levels((1, 6))), (src(35, column), levels((7, 8))),
                            (src(34, column), levels((7, 10)))])
    return compose(11, [(src(34, column), levels((1, 4))), (src(35, column), levels((5, 8))),
                        (src(34, column), levels((7, 10)))])


def table_39(src, column):
    """Table 39, 12 teams of 10, from table 38 (12 players) and its own level 6.

    « Utiliser le tableau 38 en y supprimant les appariements des 6èmes, 7èmes
    et 8èmes joueurs (échiquiers N° 31 à 48) et en remplaçant par ci-contre
    [boards 31–36], puis en remontant le bas du tableau en sorte que 49 A9 - K9
    B9 - M9 deviennent 37 A7 - K7 B7 - M7 » ; « La ronde autonome 39a est
    obtenue en supprimant dans le tableau 38a les appariements des 2 derniers
    joueurs de chaque équipe (échiquiers N° 61 à 72). »
    """
    if column == "autonomous":
        return compose(12, [(src(38, column), levels((1, 10)))])
    return compose(12, [(src(38, column), levels((1, 5))), (src(39, column), [6]),
                        (src(38, column), levels((9, 12)))])


def table_43(src, column):
    """Table 43, 13 teams of 10, from table 42 (12 players).

    « Supprimer dans le tableau 42 les appariements des 7èmes et 8èmes joueurs
    (échiquiers N° 40 à 52) et remonter la partie inférieure du tableau en
    conséquence (53 A9 - K9 C9 - A9 deviennent 40 A7 - K7 C7 - A7) » ; 43a:
    « en supprimant dans la ronde 42a les appariements des 9èmes et 10èmes
    joueurs (échiquiers N° 53 à 65) et en remontant le bas du tableau (66 H11 -
    G11 devenant 53 H9 - G9) ». The seed prints 42a only for boards 1–39 and
    78, so 43a cannot be built (see :mod:`addin.systems.molter.official`).
    """
    if column == "autonomous":
        return compose(13, [(src(42, column), levels((1, 8), (11, 12)))])
    return compose(13, [(src(42, column), levels((1, 6), (9, 12)))])


#: derived table number -> (teams, players, builder(src, column) -> round)
RULES: Mapping[int, tuple[int, int, Callable]] = {
    9: (5, 8, table_9),
    10: (5, 10, table_10),
    15: (6, 12, table_15),
    18: (7, 8, table_18),
    19: (7, 10, table_19),
    23: (8, 10, table_23),
    27: (9, 10, table_27),
    30: (10, 12, table_30),
    31: (10, 10, table_31),
    35: (11, 12, table_35),
    39: (12, 10, table_39),
    43: (13, 10, table_43),
}


def derive(number: int, src: Callable[[int, str], Round], column: str) -> Round:
    """Round ``column`` (``round_1``…, ``autonomous``) of derived table ``number``."""
    try:
        return RULES[number][2](src, column)
    except KeyError:
        raise TournamentError("Table {number} is not defined by a derivation rule.", number=number) from None
