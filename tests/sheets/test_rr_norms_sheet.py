"""The Norms sheet ("Normes") of the round-robin event workbook (issue 14).

Oracle: LibreOffice recalculating the file. Every visible formula of the sheet stores the value
Python's ``addin.systems.standings.norms`` computes (the cached values), and LibreOffice must
compute exactly that; the events are drawn so that every requirement passes and fails somewhere
(titles, federations, unrated opponents, forfeits, a double round-robin), and a hand-made
event checks a few figures against the B.01 / B.02 arithmetic done here.
"""

from __future__ import annotations

import random

import pytest
from openpyxl import load_workbook

from addin.core.header import EventHeader
from addin.core.players import TITLES, Player
from addin.render.xlsx import write_xlsx
from addin.sheets.roundrobin.labels import LABELS
from addin.sheets.roundrobin.layout import event_workbook
from addin.sheets.roundrobin.norms_sheet import MAX_PLAYERS, STATUS_COL, VISIBLE
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent
from addin.systems.standings.norms import NORMS, NormPlayer, norm_chances

FEDS = ["FRA", "GER", "ESP", "ITA", "NED", ""]


def _event(rng, n, cycles, fill, lang, titled=0.7, unrated=0.1):
    schedule = berger_schedule(n, cycles)
    players = tuple(Player(i, f"Joueur {i}", None if rng.random() < unrated else rng.randint(1900, 2700), "",
                           rng.choice(FEDS), rng.choice(TITLES[:6]) if rng.random() < titled else "")
                    for i in range(1, n + 1))
    codes = ["1-0", "0-1", "1/2-1/2", "1/2-1/2", "1-0", "+-", "-+", "0-0"]
    results = {(r, b): rng.choice(codes) for r, b, _, _ in schedule.games() if rng.random() < fill}
    return RoundRobinEvent(schedule, players, results, header=EventHeader(lang=lang))


def _strong(rng, feds, lang, first="IM"):
    """Nine GMs (2550-2650) and player 1 titled ``first`` (IM: his IM, WGM and WIM norms are titles he holds;
    FM: all four open, the WGM and WIM scores set by the 35 % minimum of B.01 1.4.8b); he wins every game he has
    played (rounds 1-7): a GM norm achieved."""
    schedule = berger_schedule(10)
    players = tuple(Player(i, f"P{i}", rng.randint(2550, 2650), "", feds[i - 1], first if i == 1 else "GM")
                    for i in range(1, 11))
    results = {}
    for r, b, w, k in schedule.games():
        if r <= 7:
            results[(r, b)] = "1-0" if w == 1 else "0-1" if k == 1 else rng.choice(["1-0", "0-1", "1/2-1/2"])
    return RoundRobinEvent(schedule, players, results, header=EventHeader(lang=lang))


def _events():
    rng = random.Random(14)
    return [_event(rng, 10, 1, 1.0, "fr"), _event(rng, 12, 1, 0.5, "en", titled=0.9, unrated=0.0),
            _event(rng, 6, 2, 0.7, "fr"), _event(rng, 11, 1, 0.0, "fr", titled=1.0, unrated=0.3),
            _event(rng, 14, 1, 0.9, "en", titled=0.95, unrated=0.0),
            _strong(rng, ["FRA", "GER", "ESP", "ITA", "NED", "USA", "ENG", "NOR", "HUN", "POL"], "fr"),
            _strong(rng, ["FRA"] * 7 + ["GER", "ESP", "ITA"], "en"),  # own federation and one federation fail
            _strong(rng, ["FRA", "GER", "ESP", "ITA", "NED", "USA", "ENG", "NOR", "HUN", "POL"], "en", "FM")]


@pytest.mark.libreoffice
def test_every_norms_formula_stores_what_libreoffice_computes(tmp_path, recalc):
    events = _events()
    paths = []
    for k, event in enumerate(events):
        path = tmp_path / f"n{k}.xlsx"
        write_xlsx(event_workbook(event), path)
        paths.append(path)
    books = recalc(*paths)
    checked, statuses = 0, set()
    for event, path, computed in zip(events, paths, books):
        name = LABELS[event.header.lang]["sheet_norms"]
        formulas, stored = load_workbook(path)[name], load_workbook(path, data_only=True)[name]
        for row in formulas.iter_rows(min_row=1, max_col=VISIBLE):
            for cell in row:
                if cell.data_type != "f":
                    continue
                value = stored[cell.coordinate].value
                expected = computed[name][cell.coordinate].value
                assert (value if value is not None else "") == (expected if expected is not None else ""), \
                    (path.name, cell.coordinate, value, expected)
                checked += 1
                if cell.column == STATUS_COL:
                    statuses.add(value)
    assert checked > 1200
    for key in ("no_norm", "possible", "out_of_reach", "achieved", "title_held"):  # every status is met somewhere
        assert statuses & {LABELS["fr"]["status_" + key], LABELS["en"]["status_" + key]}, key


def test_the_35_percent_minimum_sets_the_weaker_norms_score_against_a_strong_field():
    """The last event: an FM among nine GMs over 2550; the WIM norm's performance asks less than 35 % of 9
    games, so its score is 3.5 (B.01 1.4.8b: 3/9 = .33 is short)."""
    event = _events()[-1]
    players = {p.number: NormPlayer(p.title, p.federation, p.rating) for p in event.players}
    wim = norm_chances(event.schedule, event.results, players, "WIM")[1]
    assert wim.average >= 2550 and wim.needed == 3.5


def test_the_python_rules_on_a_hand_made_field():
    """Ten players of five federations: player 1 untitled, 2-9 GMs rated 2500, player 10 (IM, 2100): by hand.

    Player 1 (FRA): 9 games; average = (8 × 2500 + max(2100, 2200)) / 9 = 2466.67 → 2467 for the GM
    norm (the lowest raised to the 2200 floor); the GM norm needs 2600 − 2467 = 133 of dp, i.e. p ≥ 0.68
    (B.02 8.1(a): dp(0.68) = 133) → 9 × 0.68 = 6.12 → 6.5 points (6.0 gives p = 0.67, dp 125).
    """
    feds = ["FRA", "GER", "ESP", "ITA", "NED"] * 2
    players = {i: NormPlayer("" if i == 1 else "GM" if i < 10 else "IM", feds[i - 1],
                            2500 if i < 10 else 2100) for i in range(1, 11)}
    chance = norm_chances(berger_schedule(10), {}, players, "GM")[1]
    assert (chance.games, chance.failed, chance.average, chance.needed) == (9, (), 2467, 6.5)
    assert chance.status == "possible"


def test_large_fields_have_no_norms_sheet():
    rng = random.Random(1)
    small = event_workbook(_event(rng, MAX_PLAYERS, 1, 0.0, "en"))
    large = event_workbook(_event(rng, MAX_PLAYERS + 1, 1, 0.0, "en"))
    assert "Norms" in [s.name for s in small.sheets] and "Norms" not in [s.name for s in large.sheets]


def test_the_title_column_is_read_back_and_offered_as_a_list(tmp_path):
    from addin.render.file_book import FileBook
    from addin.sheets.roundrobin.reader import read_event

    event = _event(random.Random(5), 6, 1, 0.5, "fr")
    path = tmp_path / "e.xlsx"
    write_xlsx(event_workbook(event), path)
    back = read_event(FileBook(path))
    assert [(p.title, p.federation) for p in back.players] == [(p.title, p.federation) for p in event.players]
    sheet = load_workbook(path)["Joueurs"]
    assert any("GM" in str(v.formula1) for v in sheet.data_validations.dataValidation)
