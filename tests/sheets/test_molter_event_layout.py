"""The event workbook's sheets: cards, envelopes, result cells, print set-up, labels.

Oracles: the seed's wording ("15. D4 – B4", "le premier nommé a les blancs",
one card colour per round, one envelope per team with its players' symbols),
the table itself (every board once on a card, every seat once in an
envelope) and the written file read back with openpyxl.
"""

import re

import pytest
from openpyxl import load_workbook

from addin.core.errors import TournamentError
from addin.sheets.molter import (LABELS, WORKBOOK_RESULTS, card_text, molter_event_layout)
from addin.systems.molter.event import played_rounds
from addin.systems.molter.model import Pairing, Seat
from addin.sheets.molter.labels import numbered_teams
from addin.systems.molter.teams import Team
from addin.render.xlsx import write_xlsx
from addin.core.results import parse_result
from support.molter_grid_seed import seed_molter_table


@pytest.fixture(scope="module")
def event():
    rounds = played_rounds(seed_molter_table(8, 5, 4), 4)
    teams = numbered_teams(5, 4)
    return rounds, molter_event_layout(teams, 4, rounds)


def test_card_text_is_the_seeds():
    assert card_text(15, Pairing(Seat("D", 4), Seat("B", 4))) == "15. D4 – B4"


def test_one_card_per_board_per_round_each_round_its_colour(event):
    rounds, book = event
    cards = book.sheet("Cartons")
    by_round = {}
    for (r, c), cell in cards.cells.items():
        if cell.value and re.match(r"^\d+\. ", str(cell.value)):
            fill = book.styles[cell.style].fill
            label = cards.value(r - 1, c)
            by_round.setdefault(label, []).append((cell.value, fill))
    assert sorted(by_round) == [f"Ronde {r}" for r in range(1, 5)]
    for r, rnd in enumerate(rounds, 1):
        texts = [text for text, _ in by_round[f"Ronde {r}"]]
        assert texts == [f"{b}. {p.white} – {p.black}" for b, p in enumerate(rnd, 1)]
    fills = [{fill for _, fill in by_round[f"Ronde {r}"]} for r in range(1, 5)]
    assert all(len(f) == 1 for f in fills) and len(set.union(*fills)) == 4
    # a new page for every round
    assert len(cards.print_setup.row_breaks) >= 3


def test_envelopes_hold_every_players_symbol(event):
    rounds, book = event
    env = book.sheet("Enveloppes")
    titles = [v.value for v in env.cells.values() if str(v.value).startswith("Enveloppe ")]
    assert titles == [f"Enveloppe {t}" for t in "ABCDE"]
    symbols = sorted(str(v.value) for v in env.cells.values() if re.fullmatch(r"[A-E]\d", str(v.value)))
    assert symbols == sorted(f"{t}{k}" for t in "ABCDE" for k in range(1, 5))
    assert len(env.print_setup.row_breaks) == 4  # one page per team
    # the slip of A1 lists its boards and colours, read from the table
    (row, col), = [(r, c) for (r, c), v in env.cells.items() if v.value == "A1"]
    note = env.value(row + 1, col).splitlines()
    for r, rnd in enumerate(rounds, 1):
        (b, p), = [(b, p) for b, p in enumerate(rnd, 1) if Seat("A", 1) in (p.white, p.black)]
        assert note[r - 1] == f"Ronde {r} : éch. {b} ({'b' if p.white == Seat('A', 1) else 'n'})"


def test_result_cells_offer_the_codes(event, tmp_path):
    rounds, book = event
    assert [parse_result(label) if " F" not in label else None for label, _ in WORKBOOK_RESULTS][:3] == \
        ["1-0", "0-1", "1/2-1/2"]
    path = tmp_path / "e.xlsx"
    write_xlsx(book, path)
    wb = load_workbook(path)
    assert wb.sheetnames == ["Équipes", "Ronde 1", "Ronde 2", "Ronde 3", "Ronde 4", "Compositions", "Grilles",
                             "Classement", "Cartons", "Enveloppes", "Calcul", "Clés"]
    ws = wb["Ronde 2"]
    (dv,) = ws.data_validations.dataValidation
    assert str(dv.sqref) == f"D4:D{3 + len(rounds[1])}"
    assert dv.formula1 == '"' + ",".join(label for label, _ in WORKBOOK_RESULTS) + '"'
    for b, p in enumerate(rounds[1], 1):
        assert (ws.cell(3 + b, 1).value, ws.cell(3 + b, 2).value, ws.cell(3 + b, 5).value) == \
            (b, str(p.white), str(p.black))
    for name in wb.sheetnames[:-2]:
        assert int(wb[name].page_setup.paperSize) == 9  # A4
        assert wb[name].print_area
    assert wb["Calcul"].sheet_state == wb["Clés"].sheet_state == "hidden"
    assert not any(str(f).startswith(("+", "-")) for f, _ in WORKBOOK_RESULTS)


def test_english_labels_on_request():
    rounds = played_rounds(seed_molter_table(4, 4, 4), 3)
    book = molter_event_layout(numbered_teams(4, 4, "en"), 4, rounds, "en")
    assert [s.name for s in book.sheets] == ["Teams", "Round 1", "Round 2", "Round 3", "Line-ups", "Grids",
                                             "Standings", "Cards", "Envelopes", "Calc", "Keys"]
    grids = book.sheet("Grids")
    colours = {c.value for c in grids.cells.values() if c.value in ("W", "B", "b", "n")}
    assert colours == {"W", "B"}
    assert book.sheet("Teams").value(5, 2) == "Team A"
    assert LABELS["en"].keys() == LABELS["fr"].keys()


def test_user_text_stays_text(tmp_path):
    rounds = played_rounds(seed_molter_table(4, 4, 4), 3)
    teams = [Team(t, "=HYPERLINK(\"x\")" if t == "A" else f"Club {t}",
                  ("@me", "+33 6", "-1", "Léa") if t == "B" else ("a", "b", "c", "d")) for t in "ABCD"]
    path = tmp_path / "t.xlsx"
    write_xlsx(molter_event_layout(teams, 4, rounds), path)
    ws = load_workbook(path)["Équipes"]
    assert ws["B5"].value == '=HYPERLINK("x")' and ws["B5"].data_type == "s"
    assert [ws.cell(6, c).value for c in range(4, 8)] == ["@me", "+33 6", "-1", "Léa"]
    assert all(ws.cell(6, c).data_type == "s" for c in range(4, 8))


def test_a_table_that_is_not_one_is_refused():
    bad = [(Pairing.parse("A1-B1"), Pairing.parse("A1-C1"))]
    with pytest.raises(TournamentError, match="A1 plays twice"):
        molter_event_layout(numbered_teams(3, 2), 2, bad)


def test_every_formula_is_portable(event):
    _, book = event
    book.check()  # raises on a non-portable function or unknown style
    assert book.formula_count() > 0


@pytest.mark.libreoffice
def test_printed_pages_a_page_per_round_and_per_team(tmp_path):
    """Printed through LibreOffice: 10 teams of 8 in 3 rounds (table 29), 40 cards a round.

    40 cards (14 rows of 3) take two pages a round (9 rows a page): 6 pages;
    the envelopes take one page per team: 10 pages.
    """
    import subprocess

    from addin.render.recalc import soffice_path
    from addin.events.molter import BuildRequest, plan
    from addin.sheets.molter import event_workbook

    event, table = plan(BuildRequest("10", 8, 3))
    assert table.number == 29
    layout = event_workbook(event)
    layout.sheets = [s for s in layout.sheets if s.name in ("Cartons", "Enveloppes")]
    layout.defined_names = {}
    layout.active = "Cartons"
    path = tmp_path / "print.xlsx"
    write_xlsx(layout, path)
    profile = tmp_path / "profile"
    subprocess.run([soffice_path(), "--headless", "--norestore", f"-env:UserInstallation={profile.as_uri()}",
                    "--convert-to", "pdf", "--outdir", str(tmp_path / "pdf"), str(path)],
                   capture_output=True, timeout=300, check=False)
    pdf = (tmp_path / "pdf" / "print.pdf").read_bytes()
    assert len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf)) == 6 + 10


@pytest.mark.parametrize("teams,number,rounds", [(4, 4, 3), (5, 8, 4), (6, 11, 3)])
def test_grid_sheet_shows_the_seeds_examples(teams, number, rounds):
    from support.molter_grid_seed import seed_grids

    played = played_rounds(seed_molter_table(number, teams, 4), rounds)
    grids = molter_event_layout(numbered_teams(teams, 4), 4, played).sheet("Grilles")
    letters = {cell.value: r for (r, c), cell in grids.cells.items() if c == 1 and cell.style == "team_letter"}
    for team, rows in seed_grids(teams).items():
        top = letters[team]
        assert grids.value(top + 1, 2) == "1° RONDE" and grids.value(top + 2, 2) == "Cou"
        for k, seed_row in enumerate(rows, 1):
            line = top + 2 + k
            shown = [str(grids.value(line, 1))]
            for r in range(rounds):
                shown += [grids.value(line, 2 + 3 * r), grids.value(line, 3 + 3 * r), ""]
            assert shown == seed_row[:1 + 3 * rounds]
        bottom = top + 3 + 4
        assert [grids.value(bottom, 1), grids.value(bottom, 3)] == ["Départage", "Place"]
        assert grids.value(bottom, 1 + 3 * rounds) == "Total"
