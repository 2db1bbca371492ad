"""The workbooks print as an organiser needs them (issue 11), read from LibreOffice's PDF.

For each event workbook printed to PDF: every page carries the event header (name, place,
dates, chief arbiter) and its sheet's footer; each sheet fits the width it is meant for
(its last column is on every one of its pages); the standings and the crosstable say
after which round they are; the short sheets (settings, standings, crosstable of a club
event) take one page; pairing cards of small rounds share pages.
"""

from __future__ import annotations

import os

import pytest
from support.printing import pages, pdftotext_available, print_to_pdf, printed_pages

from addin.core.header import EventHeader
from addin.core.players import Player
from addin.render.xlsx import write_xlsx
from addin.sheets.roundrobin.labels import LABELS
from addin.sheets.roundrobin.norms_sheet import BLOCKS_PER_PAGE
from addin.systems.roundrobin.berger import berger_schedule
from addin.systems.roundrobin.event import RoundRobinEvent
from addin.sheets.roundrobin.layout import event_workbook

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(not pdftotext_available() and not os.environ.get("CI"),
                                 reason="poppler-utils (pdftotext) is not installed (set CI=1 to make this a failure)")]

NAMES = ["Alice Martin", "Bruno Petit", "Chloé Durand", "David Leroy", "Emma Moreau", "Farid Benali",
         "Gaëlle Simon", "Hugo Laurent", "Inès Garcia", "Jules Faure", "Karim Roux", "Léa Blanc",
         "Marc Noël", "Nina Perrin", "Oscar Vidal", "Paula Brun"]


def _event(n: int, cycles: int, played_rounds: int, lang: str) -> RoundRobinEvent:
    schedule = berger_schedule(n, cycles)
    results = {(r, b): ("1-0", "0-1", "1/2-1/2")[(r + b) % 3] for r, b, _, _ in schedule.games()
               if r <= played_rounds}
    players = tuple(Player(i, NAMES[i - 1], 1500 + 10 * i, "Club", "FRA") for i in range(1, n + 1))
    return RoundRobinEvent(schedule, players, results, header=EventHeader(
        title="Open de Printemps", place="Lyon", dates="12-14 mars 2027", arbiter="Jeanne Arbitre", lang=lang))


CASES = [(8, 1, 3, "fr"), (6, 2, 5, "en"), (16, 1, 0, "fr")]


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("print")
    paths = []
    for k, (n, cycles, played, lang) in enumerate(CASES):
        path = folder / f"event{k}.xlsx"
        write_xlsx(event_workbook(_event(n, cycles, played, lang)), path)
        paths.append(path)
    return print_to_pdf(paths, folder / "pdf")


@pytest.fixture(scope="module")
def printed(pdfs):
    out = []
    for (n, cycles, played, lang), pdf in zip(CASES, pdfs):
        L = LABELS[lang]
        sheets = [L[k] for k in ("sheet_settings", "sheet_players", "sheet_rounds", "sheet_crosstable",
                                 "sheet_standings", "sheet_cards", "sheet_performance", "sheet_norms")]
        out.append(((n, cycles, played, lang), printed_pages(pdf, sheets)))
    return out


def test_every_page_carries_the_event_header(printed):
    for case, by_sheet in printed:
        for sheet, texts in by_sheet.items():
            for text in texts:
                head = next(line for line in text.splitlines() if line.strip())  # the page header's line
                assert "Open de Printemps" in head and "Lyon" in head and "12-14 mars 2027" in head, (case, sheet)
                assert "Jeanne Arbitre" in head, (case, sheet)


def test_the_short_sheets_take_one_page_and_every_sheet_its_whole_width(printed):
    for (n, cycles, played, lang), by_sheet in printed:
        L = LABELS[lang]
        assert len(by_sheet[L["sheet_settings"]]) == 1
        assert len(by_sheet[L["sheet_standings"]]) == 1
        assert len(by_sheet[L["sheet_crosstable"]]) == 1
        assert len(by_sheet[L["sheet_players"]]) == 1
        assert len(by_sheet[L["sheet_performance"]]) == 1
        # the norms print one block per player, BLOCKS_PER_PAGE blocks a page (issue 26: one
        # landscape page of 28 columns was unreadable)
        assert len(by_sheet[L["sheet_norms"]]) == -(-n // BLOCKS_PER_PAGE)
        last_columns = {L["sheet_standings"]: L["tb4"], L["sheet_crosstable"]: L["rank"],
                        L["sheet_performance"]: L["change"], L["sheet_norms"]: L["norm_failed"],
                        L["sheet_rounds"]: L["check"], L["sheet_players"]: L["birth"],
                        L["sheet_cards"]: L["signature"]}
        for sheet, last in last_columns.items():
            for text in by_sheet[sheet]:
                assert last in text, (n, sheet, last)


def test_standings_and_crosstable_say_after_which_round(printed):
    for (n, cycles, played, lang), by_sheet in printed:
        L = LABELS[lang]
        rounds = (n - 1 + n % 2) * cycles
        expected = f"{L['after_round']} {played} / {rounds}" if played else L["no_result_yet"]
        for sheet in (L["sheet_standings"], L["sheet_crosstable"]):
            assert expected in by_sheet[sheet][0], (n, sheet)


def test_every_player_is_on_the_printed_standings(printed):
    for (n, cycles, played, lang), by_sheet in printed:
        text = by_sheet[LABELS[lang]["sheet_standings"]][0]
        assert all(NAMES[i] in text for i in range(n))


def test_pairing_cards_of_small_rounds_share_pages(printed):
    for (n, cycles, played, lang), by_sheet in printed:
        L = LABELS[lang]
        rounds = (n - 1 + n % 2) * cycles
        cards = by_sheet[L["sheet_cards"]]
        assert sum(text.count(f"{L['round']} ") for text in cards) >= rounds
        if n <= 8:
            assert len(cards) < rounds


def test_the_norms_sheet_prints_every_missing_requirement_whole(pdfs):
    """Each player's list of the norm requirements his opposition misses (Python's norm_chances, in
    the sheet's words) is printed whole in its wrapped cell, never cut at the cell's edge."""
    from addin.systems.standings.norms import NORMS, NormPlayer, norm_chances

    checked = 0
    for (n, cycles, played, lang), pdf in zip(CASES, pdfs):
        L = LABELS[lang]
        event = _event(n, cycles, played, lang)
        heads = [L[key] for key in ("norm_average", "norm_needed", "norm_still", "norm_status", "norm_failed")]
        raw = " ".join(" ".join(text.split()) for text in pages(pdf, raw=True)
                       if all(head in text for head in heads))  # the norms' pages: their repeated header
        players = {p.number: NormPlayer(p.title, p.federation, p.rating) for p in event.players}
        lists = [", ".join(L["failed_" + key.replace(" ", "_")] for key in chance.failed)
                 for norm in NORMS
                 for chance in norm_chances(event.schedule, event.effective_results(), players, norm).values()]
        for text in set(lists):
            assert raw.count(text) >= lists.count(text), (n, lang, text)
        checked += len(lists)
        assert max(map(len, lists)) > 60  # long lists, several lines each
    assert checked == 4 * sum(n for n, *_ in CASES)
