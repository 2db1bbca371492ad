"""Read a FIDE TRF file (TRF16 or TRF-2026) of an individual event: players, games, byes.

The layout is the one ``addin.files.trf`` writes (FIDE C.04 Annex 2 "TRF16"; FIDE TEC
"Format of Tournament Report File, Version 2026"), read with 1-based columns:

* header records, the text from column 5: ``012`` name, ``022`` city, ``032`` federation,
  ``042``/``052`` start and end dates, ``092`` type, ``102`` chief arbiter, ``112`` deputies,
  ``122`` time control; ``062``/``072`` (counts) are recomputed, not read. TRF-2026: ``142``
  number of rounds, ``162`` scoring system (letter + points, e.g. ``W 1.0 D 0.5 L 0.0 P
  0.0``: only ``W``, ``D``, ``L`` and ``P``, the bye, are read), ``192`` encoded type, ``202``
  tie-breaks. ``XXR`` (the rounds record of JaVaFo and bbpPairings TRF(x) files) gives the
  number of rounds as ``142`` does. Team records (``013``, ``3x0``) are refused: this reader
  is for individual events. Any other record is ignored.
* player line ``001``: 5–8 starting rank, 10 sex, 11–13 title (``GM`` … ``WCM``, or the one- and
  two-letter lowercase codes of the TRF before 2016 that FIDE's checker still reads: ``g`` GM,
  ``m`` IM, ``f`` FM, ``c`` CM, ``wg`` WGM, ``wm`` WIM, ``wf`` WFM, ``wc`` WCM), 15–47 name, 49–52 rating,
  54–56 federation, 58–68 FIDE id, 70–79 birth date; 81–84 points and 86–89 rank are
  derived and not read. Then one block per round from column 92, every 10 columns:
  92–95 opponent (``0000`` or blank: no opponent), 97 colour ``w``/``b`` (``-`` without
  opponent), 99 result.

Results of a game, one character per player: ``1`` win, ``=`` draw, ``0`` loss, ``+``
forfeit win, ``-`` forfeit loss, ``W``/``D``/``L`` a win, draw or loss not rated (read
as ``1``, ``=``, ``0``), blank not played yet. The two lines of a game must agree:
White ``1`` with Black ``0`` (``1-0``), ``=`` with ``=``, ``+`` with ``-`` (``+-``), ``-``
with ``-`` (a double forfeit ``0-0``)… Without an opponent: ``Z`` 0, ``H`` ½, ``U``/``F``/``+``
1, ``-`` 0 points (a bye or an absence), blank before the round is played.

:raises TournamentError: for a missing or unreadable file and for every bad line, with
    one sentence naming the file and the line (and round): an unknown record layout, a
    starting rank missing, repeated or out of 1..n, an empty name, a rating, title, FIDE
    id or birth date that is not one, a round block that is not ``NNNN c r``, an opponent
    who is not in the file or does not name the player back with the other colour, two
    results that contradict each other, a scoring system other than 1, ½, 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from addin.core.errors import TournamentError
from addin.core.messages import Message
from addin.core.players import MAX_RATING, check_birth, check_fide_id, check_title
from addin.files.read_table import decode

FIRST_ROUND_COLUMN = 92
ROUND_WIDTH = 10
HEADER_FIELDS = {"012": "name", "022": "city", "032": "federation", "042": "start_date", "052": "end_date",
                 "092": "type", "102": "chief_arbiter", "122": "time_control"}
TRF2026_RECORDS = ("142", "152", "162", "172", "182", "192", "202", "212", "222")
GAME_POINTS = {"1": 1.0, "W": 1.0, "+": 1.0, "0": 0.0, "L": 0.0, "-": 0.0, "=": 0.5, "D": 0.5}
OVER_THE_BOARD = set("10=WDL")
BYE_POINTS = {"Z": 0.0, "H": 0.5, "U": 1.0, "F": 1.0, "+": 1.0, "-": 0.0}
MAX_ROUNDS = 999
#: the titles of the TRF before 2016 (lowercase letters; any case read), as TRF16 writes them
OLD_TITLES = {"G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM"}


@dataclass(frozen=True)
class TrfBlock:
    """One round of a player line: opponent (None: none), colour (``w``, ``b`` or ""), result character ("")."""

    opponent: int | None
    colour: str
    result: str


@dataclass(frozen=True)
class TrfPlayer:
    number: int
    line: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    blocks: tuple[TrfBlock, ...] = ()


@dataclass(frozen=True)
class TrfRound:
    """A round as the file has it: games ``(white, black, code or None)`` and byes ``(player, points or None)``."""

    games: tuple[tuple[int, int, str | None], ...]
    byes: tuple[tuple[int, float | None], ...]


@dataclass(frozen=True)
class TrfFile:
    source: str
    version: str                       # "2026" when a TRF-2026 record is present, else "2016"
    info: dict[str, Any]
    players: tuple[TrfPlayer, ...]
    rounds: tuple[TrfRound, ...]       # the rounds with at least one block, in order
    declared_rounds: int | None = None  # 142 or XXR
    bye_points: float | None = None     # 162's P
    type_code: str = ""                # 192
    tiebreaks: tuple[str, ...] = ()    # 202
    deputies: tuple[str, ...] = field(default=())


def read_trf(path: Any) -> TrfFile:
    """The TRF file at ``path``, checked line by line (see the module).

    :raises TournamentError: the file is missing or neither UTF-8 nor Windows-1252 text, or a
        line is bad (one sentence naming the file and the line).
    """
    path = Path(path)
    if not path.is_file():
        raise TournamentError("The TRF file {path} does not exist.", path=path)
    text, _ = decode(path.read_bytes(), path.name)
    return parse_trf(text, path.name)


def parse_trf(text: str, source: str = "TRF") -> TrfFile:
    """The TRF ``text`` (``source`` names it in messages), checked line by line (see the module).

    :raises TournamentError: for the first bad line (or pair of lines of one game), naming it.
    """
    info: dict[str, Any] = {}
    deputies: list[str] = []
    players: list[TrfPlayer] = []
    declared: int | None = None
    bye_points: float | None = None
    type_code = ""
    tiebreaks: tuple[str, ...] = ()
    version = "2016"
    owner: dict[int, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r\n").replace("\t", " ")
        if not line.strip():
            continue
        where = Message("{source}, line {line}", source=source, line=number)
        code = line[:3]
        body = line[4:].strip()
        if code == "001":
            player = _player(line, number, where)
            if player.number in owner:
                raise TournamentError("{where}: the starting rank {number} is already on line {other}; each player "
                                      "needs his own.", where=where, number=player.number, other=owner[player.number])
            owner[player.number] = number
            players.append(player)
        elif code in HEADER_FIELDS:
            info[HEADER_FIELDS[code]] = body
        elif code == "112":
            deputies.append(body)
        elif code in ("142", "XXR"):
            declared = _whole(body.split()[0] if body else "", 1, MAX_ROUNDS)
            if declared is None:
                raise TournamentError("{where}: the number of rounds '{value}' is not a whole number from 1 to "
                                      "{most}.", where=where, value=body, most=MAX_ROUNDS)
        elif code == "162":
            bye_points = _scoring(body, where)
        elif code == "192":
            type_code = body.upper()
        elif code == "202":
            tiebreaks = tuple(t.strip() for t in body.split(",") if t.strip())
        elif code == "013" or re.fullmatch(r"3\d0", code):
            raise TournamentError("{where}: the record {code} belongs to a team event; only individual events "
                                  "(player lines 001) can be imported.", where=where, code=code)
        if code in TRF2026_RECORDS:
            version = "2026"
    if not players:
        raise TournamentError("{source} has no player line (001): it is not a TRF file of an event.", source=source)
    count = len(players)
    for player in players:
        if not 1 <= player.number <= count:
            raise TournamentError(
                "{source}, line {line}: the starting rank {number} is out of range: the {count} players must be "
                "numbered 1 to {count}.", source=source, line=player.line, number=player.number, count=count)
    players.sort(key=lambda p: p.number)
    return TrfFile(source, version, info, tuple(players), _rounds(players, source), declared, bye_points,
                   type_code, tiebreaks, tuple(deputies))


def _player(line: str, number: int, where: Message) -> TrfPlayer:
    line = line.ljust(FIRST_ROUND_COLUMN - 1)
    rank = _whole(line[4:8].strip(), 1, 9999)
    if rank is None:
        raise TournamentError("{where}: columns 5-8 must hold the player's starting rank (a whole number), not "
                              "'{value}'.", where=where, value=line[4:8].strip())
    name = " ".join(line[14:47].split())
    if not name:
        raise TournamentError("{where}: the name (columns 15-47) is empty.", where=where)
    rating_text = line[48:52].strip()
    rating = None
    if rating_text:
        rating = _whole(rating_text, 0, MAX_RATING)
        if rating is None:
            raise TournamentError("{where}: the rating (columns 49-52) '{value}' is not a whole number from 0 to "
                                  "{most}.", where=where, value=rating_text, most=MAX_RATING)
    blocks = []
    rest = line[FIRST_ROUND_COLUMN - 1:]
    for index in range(0, len(rest.rstrip()), ROUND_WIDTH):
        blocks.append(_block(rest[index:index + ROUND_WIDTH - 2].ljust(8), where, index // ROUND_WIDTH + 1))
    title = line[10:13].strip()
    title = OLD_TITLES.get(title.upper(), title)
    return TrfPlayer(rank, number, name, line[9].strip().lower(), check_title(title, where), rating or None,
                     line[53:56].strip().upper(), check_fide_id(line[57:68], where), check_birth(line[69:79], where),
                     tuple(blocks))


def _block(text: str, where: Message, rnd: int) -> TrfBlock:
    opponent_text, colour, result = text[:4].strip(), text[5].strip().lower(), text[7].strip().upper()
    bad = text[4] != " " or text[6] != " "
    opponent = None
    if opponent_text not in ("", "0", "0000"):
        opponent = _whole(opponent_text, 1, 9999)
        bad = bad or opponent is None or colour not in ("w", "b") or (result != "" and result not in GAME_POINTS)
    else:
        bad = bad or colour not in ("", "-") or (result != "" and result not in BYE_POINTS)
    if bad:
        raise TournamentError(
            "{where}, round {round} (columns {first}-{last}): '{value}' is not a round as a TRF writes it: the "
            "opponent's starting rank (0000 for none), a colour w, b or -, a result 1, =, 0, +, -, W, D, L (Z, H, "
            "U, F without an opponent) or blank.", where=where, round=rnd,
            first=FIRST_ROUND_COLUMN + ROUND_WIDTH * (rnd - 1), last=FIRST_ROUND_COLUMN + ROUND_WIDTH * (rnd - 1) + 7,
            value=text.rstrip())
    return TrfBlock(opponent, colour if opponent is not None else "", result)


def _rounds(players: list[TrfPlayer], source: str) -> tuple[TrfRound, ...]:
    """Each round's games and byes, every game checked from both lines."""
    by_number = {p.number: p for p in players}
    count = max((len(p.blocks) for p in players), default=0)
    out = []
    for rnd in range(1, count + 1):
        games, byes = [], []
        for p in players:
            block = p.blocks[rnd - 1] if rnd <= len(p.blocks) else TrfBlock(None, "", "")
            where = Message("{source}, line {line} (player {number})", source=source, line=p.line, number=p.number)
            if block.opponent is None:
                byes.append((p.number, BYE_POINTS[block.result] if block.result else None))
                continue
            other = by_number.get(block.opponent)
            if other is None or other is p:
                raise TournamentError("{where}, round {round}: the opponent {opponent} is not another player of "
                                      "the file (starting ranks 1 to {count}).", where=where, round=rnd,
                                      opponent=block.opponent, count=len(players))
            back = other.blocks[rnd - 1] if rnd <= len(other.blocks) else TrfBlock(None, "", "")
            if back.opponent != p.number or back.colour == block.colour:
                raise TournamentError(
                    "{where}, round {round}: he plays {opponent} with {colour}, but line {other_line} (player "
                    "{opponent}) does not play him with the other colour in that round.", where=where, round=rnd,
                    opponent=block.opponent, colour=Message("White") if block.colour == "w" else Message("Black"),
                    other_line=other.line)
            if block.colour == "b":
                continue  # the game is read once, from White's line
            games.append((p.number, other.number, _game_code(block.result, back.result, where, rnd, other)))
        if games or any(points is not None for _, points in byes):
            out.append(TrfRound(tuple(games), tuple(byes)))
        elif rnd < count:
            out.append(TrfRound((), tuple(byes)))
    while out and not out[-1].games and all(points is None for _, points in out[-1].byes):
        out.pop()
    return tuple(out)


def _game_code(white: str, black: str, where: Message, rnd: int, other: TrfPlayer) -> str | None:
    if not white and not black:
        return None
    forfeit = {white, black} <= {"+", "-"}
    if forfeit:
        code = {("+", "-"): "+-", ("-", "+"): "-+", ("-", "-"): "0-0"}.get((white, black))
    elif white in OVER_THE_BOARD and black in OVER_THE_BOARD and GAME_POINTS[white] + GAME_POINTS[black] == 1:
        code = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[GAME_POINTS[white]]
    else:
        code = None
    if code is None:
        raise TournamentError(
            "{where}, round {round}: his result '{white}' and the result '{black}' of his opponent (line {line}) "
            "do not make one game result (1 and 0, = and =, + and -, - and -).", where=where, round=rnd,
            white=white or " ", black=black or " ", line=other.line)
    return code


def _scoring(body: str, where: Message) -> float | None:
    """The bye's points of a 162 record; a scoring other than win 1, draw ½, loss 0 is refused."""
    values = {letter: value for letter, value in re.findall(r"([A-Z])\s*(\d+(?:[.,]\d+)?)", body.upper())}
    points = {letter: float(value.replace(",", ".")) for letter, value in values.items()}
    for letter, expected in (("W", 1.0), ("D", 0.5), ("L", 0.0)):
        if letter in points and points[letter] != expected:
            raise TournamentError(
                "{where}: the scoring system gives {letter} = {value}; the event workbook scores a win 1, a draw "
                "0.5 and a loss 0.", where=where, letter=letter, value=values[letter])
    bye = points.get("P")
    if bye is not None and bye not in (0.0, 0.5, 1.0):
        raise TournamentError("{where}: the points of a bye (P) must be 0, 0.5 or 1, not {value}.", where=where,
                              value=values["P"])
    return bye


def _whole(text: str, low: int, high: int) -> int | None:
    if not (text.isdigit() and text.isascii()):
        return None
    value = int(text)
    return value if low <= value <= high else None
