"""The Formule Combinée workbook prints as an organiser needs it (issue 11), read from LibreOffice's PDF.

Issue 11 found: the *Groupes* sheet printed rounds 3–9 on pages apart from the names, the
phase-2 instruction line of a round sheet was cut at the pairing's width, and the
*Classement* printed its helper columns. Here: every page carries the event header (name,
place, dates, chief arbiter) and its sheet's footer; every page of *Groupes* holding names
holds the last phase-1 round beside them; the instruction line of a phase-2 round prints
to its last word; the standings take one page, show only rank, number, name, PM, PPM and
Pdep, and say after which round they stand; the settings take one page.
"""

from __future__ import annotations

import os

import pytest
from support.printing import pdftotext_available, print_to_pdf, printed_pages

from addin.core.header import EventHeader
from addin.render.xlsx import write_xlsx
from addin.sheets.combinee.cells import round_sheet
from addin.sheets.combinee.labels import LABELS
from addin.sheets.combinee.layout import event_workbook
from addin.systems.combinee import event as rules
from addin.systems.combinee.event import FICTITIOUS

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(not pdftotext_available() and not os.environ.get("CI"),
                                 reason="poppler-utils (pdftotext) is not installed (set CI=1 to make this a failure)")]

#: (players, phase-1, phase-2, phase-3 rounds, rounds played, language)
CASES = [(20, 9, 5, 4, 2, "fr"), (11, 5, 3, 0, 0, "en")]


def _name(i: int) -> str:
    return f"Joueuse{i:02d} Longuenom-Dupont"


def _event(n, phase1, phase2, phase3, played, lang):
    event = rules.create_event([(_name(i), 2000 - 7 * i, "Club") for i in range(1, n + 1)], phase1, phase2, phase3,
                               seed=4, header=EventHeader(title="Festival de Vichy", place="Vichy",
                                                          dates="3-5 mai 2027", arbiter="Jeanne Arbitre", lang=lang))
    for k in range(1, played + 1):
        for t, table in enumerate(event.rounds[k - 1], 1):
            if table.b != FICTITIOUS:
                event = rules.set_scores(event, k, t, 300 + 11 * t, 350 - 3 * t)
    return event


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("print_combinee")
    paths = []
    for k, case in enumerate(CASES):
        path = folder / f"combinee{k}.xlsx"
        write_xlsx(event_workbook(_event(*case)), path)
        paths.append(path)
    pdfs = print_to_pdf(paths, folder / "pdf")
    out = []
    for case, pdf in zip(CASES, pdfs):
        t = LABELS[case[-1]]
        total = sum(case[1:4])
        sheets = [t[k] for k in ("players", "groups", "standings", "settings")] + \
            [round_sheet(k) for k in range(1, total + 1)]
        out.append((case, printed_pages(pdf, sheets)))
    return out


def test_every_page_carries_the_event_header(printed):
    for case, by_sheet in printed:
        assert len(by_sheet) == 4 + sum(case[1:4]), case  # every sheet printed but the hidden ledger
        for sheet, texts in by_sheet.items():
            for text in texts:
                head = next(line for line in text.splitlines() if line.strip())
                for part in ("Festival de Vichy", "Vichy", "3-5 mai 2027", "Jeanne Arbitre"):
                    assert part in head, (case, sheet, head)


def test_the_groups_print_every_round_beside_the_names(printed):
    for (n, phase1, _, _, _, lang), by_sheet in printed:
        t = LABELS[lang]
        pages = by_sheet[t["groups"]]
        for text in pages:
            if "Longuenom" in text:
                assert f"{t['round']} {phase1}" in text, (n, text)
        joined = "\n".join(pages)
        assert all(_name(i) in joined for i in range(1, n + 1))


def test_the_instruction_line_of_a_phase2_round_prints_whole(printed):
    for (n, phase1, _, _, _, lang), by_sheet in printed:
        t = LABELS[lang]
        text = " ".join(" ".join(by_sheet[round_sheet(phase1 + 1)]).split())
        last_words = t["not_paired"].split()[-3:]
        assert all(word in text for word in last_words), (lang, last_words, text[:600])


def test_the_standings_take_one_page_without_helper_columns_and_say_after_which_round(printed):
    for (n, phase1, phase2, phase3, played, lang), by_sheet in printed:
        t = LABELS[lang]
        pages = by_sheet[t["standings"]]
        assert len(pages) == 1 and len(by_sheet[t["settings"]]) == 1
        text = pages[0]
        assert all(_name(i) in text for i in range(1, n + 1))
        assert t["pdep"] in text
        for helper in ("sortkey", "allmet", "ppm_raw", "missed"):
            assert helper not in text
        total = phase1 + phase2 + phase3
        assert (f"{t['after_round']} {played} / {total}" if played else t["no_result_yet"]) in text


@pytest.mark.parametrize("n, phase1", [(100, 9), (90, 5), (96, 7)])
def test_no_group_straddles_two_pages(tmp_path, n, phase1):
    """Every page holding a group's title holds all of its players too (issue 11: a group split across pages)."""
    event = _event(n, phase1, 3, 0, 0, "fr")
    t = LABELS["fr"]
    layout = event_workbook(event)
    layout.sheets = [sheet for sheet in layout.sheets if sheet.name == t["groups"]]
    path = tmp_path / "groups.xlsx"
    write_xlsx(layout, path)
    pages = printed_pages(print_to_pdf([path], tmp_path / "pdf")[0], [t["groups"]])[t["groups"]]
    assert len(pages) > 1  # the case is big enough to need page breaks
    seen = 0
    for g, members in enumerate(event.groups, 1):
        real = [m for m in members if m != FICTITIOUS]
        title = t["group_title"].format(g=g, n=len(real))
        holding = [text for text in pages if title in text]
        assert len(holding) == 1, (g, len(holding))
        assert all(_name(m) in holding[0] for m in real), (g, pages.index(holding[0]))
        seen += 1
    assert seen == len(event.groups) >= 10
