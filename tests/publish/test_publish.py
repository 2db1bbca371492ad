"""``appariements publish``: what it refuses, that it never leaves half a site, the QR code, the posters.

Oracles: the files on disk before and after (a refusal changes nothing), ``zbarimg`` (Debian's
zbar-tools) decoding the QR code from a screenshot the browser takes of the event page and from
the posters' PDF rendered by poppler, and ``pdftotext -bbox-layout`` reading back the posters'
words with their boxes.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from addin.events import demo
from addin.render.file_book import FileBook
from addin.sheets.roundrobin.reader import read_event
from support.browser_probe import screenshot
from support.cli import invoke

URL = "https://example.org/ferme-2025/resultats?ronde=5&lang=fr"


@pytest.fixture
def event(tmp_path):
    path = tmp_path / "event.xlsx"
    demo._event_8(path)
    return path


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_an_existing_folder_is_refused_without_force_and_replaced_whole_with_it(event, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "mine.txt").write_text("the organiser's own file")
    before = tree(tmp_path)
    result = invoke("publish", event, "-o", site)
    assert result.exit_code == 2 and "already exists" in result.output and "--force" in result.output
    assert tree(tmp_path) == before
    result = invoke("publish", event, "-o", site, "--force")
    assert result.exit_code == 0, result.output
    assert not (site / "mine.txt").exists() and (site / "index.html").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".~")] == []


@pytest.mark.parametrize("damage", ["bytes", "no settings"])
def test_a_damaged_workbook_is_refused_and_nothing_is_written(event, tmp_path, damage):
    if damage == "bytes":
        event.write_bytes(event.read_bytes()[:3000])
    else:
        book = openpyxl.load_workbook(event)
        del book["Paramètres"]
        book.save(event)
    before = tree(tmp_path)
    result = invoke("publish", event, "-o", tmp_path / "site", "--posters", tmp_path / "posters.pdf")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.output.startswith("Error")
    assert tree(tmp_path) == before


def test_a_result_typed_outside_the_codes_is_refused_with_its_row(event, tmp_path):
    book = openpyxl.load_workbook(event)
    sheet = book["Rondes"]
    row = next(r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == 5)
    from addin.sheets.roundrobin.cells import RoundsCols
    sheet.cell(row, RoundsCols.RESULT).value = "gagné"
    book.save(event)
    result = invoke("publish", event, "-o", tmp_path / "site")
    assert result.exit_code == 2 and "gagné" in result.output and f"row {row}" in result.output
    assert not (tmp_path / "site").exists()


def test_an_event_without_any_result_publishes_its_first_round(tmp_path):
    path = tmp_path / "molter.xlsx"
    demo._molter_5x4(path)
    result = invoke("publish", path, "-o", tmp_path / "site")
    assert result.exit_code == 0, result.output
    names = {p.name for p in (tmp_path / "site").iterdir()}
    assert {"index.html", "players.html", "round-1.html", "round-4.html", "team-standings.html"} <= names
    assert not any(n.startswith("standings-") for n in names)
    page = (tmp_path / "site" / "round-1.html").read_text()
    assert "Anne Martin" in page and 'lang="fr"' in page


def test_a_failed_poster_print_leaves_no_site_either(event, tmp_path, monkeypatch):
    monkeypatch.setenv("APPARIEMENTS_BROWSER", str(tmp_path / "no-browser"))
    result = invoke("publish", event, "-o", tmp_path / "site", "--posters", tmp_path / "posters.pdf")
    assert result.exit_code == 2 and "APPARIEMENTS_BROWSER" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]


def test_a_name_typed_as_markup_is_shown_as_text(tmp_path):
    from addin.core.players import Player
    from addin.render.xlsx import write_xlsx
    from addin.sheets.roundrobin import event_layout
    from addin.systems.roundrobin.berger import berger_schedule

    players = [Player(1, "<script>alert(1)</script>"), Player(2, "Zoé & Co"), Player(3, "=1+1"), Player(4, "Léa")]
    path = tmp_path / "event.xlsx"
    write_xlsx(event_layout(berger_schedule(4), players, {(1, 1): "1-0"}), path)
    assert invoke("publish", path, "-o", tmp_path / "site").exit_code == 0
    page = (tmp_path / "site" / "players.html").read_text()
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "Zoé &amp; Co" in page


def test_english_pages_with_lang_en(event, tmp_path):
    assert invoke("publish", event, "-o", tmp_path / "site", "--lang", "en").exit_code == 0
    page = (tmp_path / "site" / "standings-4.html").read_text()
    assert '<html lang="en">' in page and "Standings after round 4" in page
    assert invoke("publish", event, "-o", tmp_path / "site-fr").exit_code == 0
    page = (tmp_path / "site-fr" / "standings-4.html").read_text()
    assert '<html lang="fr">' in page and "Classement après la ronde 4" in page and "37,5" in page


def zbar(png: Path) -> list[str]:
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg is not installed (apt-get install zbar-tools)")
    out = subprocess.run(["zbarimg", "--quiet", "--raw", str(png)], capture_output=True, text=True)
    return out.stdout.splitlines()


def test_the_qr_code_of_the_event_page_decodes_to_the_url(event, tmp_path):
    assert invoke("publish", event, "-o", tmp_path / "site", "--url", URL).exit_code == 0
    png = screenshot(tmp_path / "site" / "index.html", tmp_path / "index.png", 390, 1600)
    assert zbar(png) == [URL]


def test_a_url_that_is_not_a_web_address_is_refused(event, tmp_path):
    result = invoke("publish", event, "-o", tmp_path / "site", "--url", "javascript:alert(1)")
    assert result.exit_code == 2 and "https://" in result.output
    assert not (tmp_path / "site").exists()


def words(pdf: Path) -> list[dict]:
    """Every word of the PDF with its page and box (points), read back by ``pdftotext -bbox-layout``."""
    out = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    found = []
    for page, body in enumerate(re.split(r"<page ", out)[1:], 1):
        for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
                             body):
            x0, y0, x1, y1 = map(float, m.groups()[:4])
            found.append({"page": page, "x": x0, "y": y0, "h": y1 - y0, "text": m.group(5)})
    return found


@pytest.mark.parametrize("paper", ["A4", "A3"])
def test_posters_show_every_pairing_of_the_round_in_large_type(event, tmp_path, paper):
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils is not installed")
    pdf = tmp_path / "posters.pdf"
    result = invoke("publish", event, "--posters", pdf, "--paper", paper, "--url", URL)
    assert result.exit_code == 0, result.output
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert f"({paper})" in info
    ev = read_event(FileBook(event))
    round5 = ev.schedule.rounds[4]      # rounds 1-4 are played: the posters are round 5's
    found = words(pdf)
    first_page = [w for w in found if w["page"] == 1]
    for game in round5.games:
        white, black = ev.player(game.white).name.split()[0], ev.player(game.black).name.split()[0]
        board = [w for w in first_page if w["text"] == str(game.board) and w["x"] < 150]
        assert board, f"board {game.board} missing"
        line = [w["text"] for w in first_page if abs(w["y"] - board[0]["y"]) < 3]
        assert white in line and black in line, (game, line)
        assert board[0]["h"] >= 14, f"board {game.board} is {board[0]['h']:.1f} pt high"
    # the alphabetical list names every player, the standings every player too
    names = {p.name.split()[0] for p in ev.players}
    for page in (2, 3):
        assert names <= {w["text"] for w in found if w["page"] == page}
    png = tmp_path / "poster"
    subprocess.run(["pdftoppm", "-png", "-r", "200", "-f", "1", "-l", "1", str(pdf), str(png)], check=True)
    assert zbar(next(tmp_path.glob("poster*.png"))) == [URL]


def test_the_publish_button_writes_the_site_beside_the_workbook(event, tmp_path):
    from addin.events.publish import publish_beside

    class Saved:  # what the button hands the use case: an open workbook that knows its file
        def __init__(self, path):
            self.fullname, self.name = str(path), path.name

    book = FileBook(event)
    book.book = Saved(event)  # type: ignore[attr-defined]
    outcome = publish_beside(book)
    assert (tmp_path / "event-site" / "index.html").exists() and outcome.written == [tmp_path / "event-site"]
    again = publish_beside(book)  # the button replaces its own site each time
    assert again.written == [tmp_path / "event-site"]
    with pytest.raises(Exception, match="no folder on this computer"):
        unsaved = FileBook(event)
        unsaved.book = Saved(Path("Classeur1"))  # type: ignore[attr-defined]
        publish_beside(unsaved)
