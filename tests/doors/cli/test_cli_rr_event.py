"""``appariements berger/rutsch --names … -o event.xlsx`` and ``export-trf`` on a filled workbook."""

from openpyxl import load_workbook

from addin.render.file_book import FileBook
from addin.sheets.roundrobin.reader import read_event
from addin.sheets.roundrobin import RoundsCols
from addin.systems.roundrobin.berger import berger_schedule
from support.cli import invoke


def _files(tmp_path):
    players = tmp_path / "players.csv"
    players.write_text("name,rating,club,federation\nAlice,1800,Club A,fra\nBob,,Club B,\n"
                       "=Charlie,1600,+club,\nDiana,1500,,BEL\n@Eve,1400,,\n", encoding="utf-8")
    results = tmp_path / "results.csv"
    results.write_text("round,board,result\n1,1,1-0\n1,2,½-½\n2,2,+-\n", encoding="utf-8")
    return players, results


def _one_error_line(result):
    assert result.exit_code == 2, result.output
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "Traceback" not in result.output
    return lines[0]


def test_event_workbook_round_trips_players_and_results(tmp_path):
    players, results = _files(tmp_path)
    out = tmp_path / "event.xlsx"
    result = invoke("berger", 5, "--names", players, "--results", results, "--cycles", 2, "-o", out)
    assert result.exit_code == 0, result.output
    event = read_event(FileBook(out))
    assert [p.name for p in event.players] == ["Alice", "Bob", "=Charlie", "Diana", "@Eve"]
    assert event.players[0].rating == 1800 and event.players[1].rating is None
    assert event.players[3].federation == "BEL" and event.players[2].club == "+club"
    assert event.results == {(1, 1): "1-0", (1, 2): "1/2-1/2", (2, 2): "+-"}
    expected = berger_schedule(5, 2)
    assert list(event.schedule.games()) == list(expected.games())
    assert [r.byes for r in event.schedule.rounds] == [r.byes for r in expected.rounds]
    assert event.header.lang == "fr" and event.tiebreaks == ("DE", "SB", "WIN", "KS")
    book = load_workbook(out)
    assert book["Joueurs"]["B4"].value == "=Charlie" and book["Joueurs"]["B4"].data_type == "s"


def test_numbers_drawn_by_lot_are_reproducible_and_given_numbers_are_kept(tmp_path):
    players, _ = _files(tmp_path)
    names = []
    for k in range(2):
        out = tmp_path / f"draw{k}.xlsx"
        assert invoke("berger", 5, "--names", players, "--draw", "--seed", 7, "-o", out).exit_code == 0
        names.append([p.name for p in read_event(FileBook(out)).players])
    assert names[0] == names[1] and sorted(names[0]) == sorted(["Alice", "Bob", "=Charlie", "Diana", "@Eve"])
    given = tmp_path / "given.csv"
    given.write_text("number,name\n2,Anne\n1,Bert\n3,Cleo\n", encoding="utf-8")
    out = tmp_path / "given.xlsx"
    assert invoke("rutsch", 3, "--names", given, "--numbering", "given", "-o", out, "--lang", "en").exit_code == 0
    event = read_event(FileBook(out))
    assert [p.name for p in event.players] == ["Bert", "Anne", "Cleo"] and event.header.lang == "en"
    assert event.schedule.system == "rutsch"


def test_export_trf_reads_what_the_organiser_typed(tmp_path):
    players, _ = _files(tmp_path)
    out = tmp_path / "event.xlsx"
    assert invoke("berger", 5, "--names", players, "-o", out).exit_code == 0
    schedule = berger_schedule(5)
    typed = {(1, 1): "1-0", (1, 2): "0-1", (2, 1): "1/2-1/2", (2, 2): "0-1 F", (3, 1): "0-0 F"}  # as the list offers
    book = load_workbook(out)
    sheet = book["Rondes"]
    for row in sheet.iter_rows(min_row=2):
        key = (row[0].value, row[1].value)
        if key in typed:
            row[RoundsCols.RESULT - 1].value = typed[key]
    book.save(out)
    trf, csv = tmp_path / "event.trf", tmp_path / "standings.csv"
    result = invoke("export-trf", out, "-o", trf, "--csv", csv)
    assert result.exit_code == 0, result.output
    lines = [ln for ln in trf.read_text(encoding="utf-8").splitlines() if ln.startswith("001")]
    assert len(lines) == 5
    # independent expectation from the typed results: points and round blocks
    own = {"1-0": ("1", "0", 1, 0), "0-1": ("0", "1", 0, 1), "1/2-1/2": ("=", "=", .5, .5),
           "0-1 F": ("-", "+", 0, 1), "0-0 F": ("-", "-", 0, 0)}
    points = {p: 0.0 for p in range(1, 6)}
    blocks = {p: [] for p in range(1, 6)}
    last_begun = max(r for r, _ in typed)  # rounds after it have no block (a blank result reads as absent)
    for rnd in schedule.rounds[:last_begun]:
        for g in rnd.games:
            code = typed.get((rnd.number, g.board))
            wc, bc, wp, bp = own[code] if code else (" ", " ", 0, 0)
            points[g.white] += wp
            points[g.black] += bp
            blocks[g.white].append((g.black, "w", wc))
            blocks[g.black].append((g.white, "b", bc))
        for p in rnd.byes:
            blocks[p].append((0, "-", "Z" if any((rnd.number, g.board) in typed for g in rnd.games) else " "))
    names = {1: "Alice", 2: "Bob", 3: "=Charlie", 4: "Diana", 5: "@Eve"}
    for line in lines:
        number = int(line[4:8])
        assert line[14:47].rstrip() == names[number]
        assert float(line[80:84]) == points[number]
        for k, (opp, colour, char) in enumerate(blocks[number]):
            start = 91 + 10 * k
            block = line[start:start + 8].ljust(8)
            assert (int(block[0:4]), block[5], block[7]) == (opp, colour, char), (number, k, block)
        assert len(line) <= 91 + 10 * last_begun - 2
    text = csv.read_text(encoding="utf-8")
    assert "'=Charlie" in text and "'@Eve" in text


def test_export_refuses_a_code_outside_the_list_naming_the_row(tmp_path):
    players, _ = _files(tmp_path)
    out = tmp_path / "event.xlsx"
    assert invoke("berger", 5, "--names", players, "-o", out).exit_code == 0
    book = load_workbook(out)
    book["Rondes"].cell(row=3, column=RoundsCols.RESULT).value = "2-0"
    book.save(out)
    line = _one_error_line(invoke("export-trf", out, "-o", tmp_path / "x.trf", "--csv", tmp_path / "x.csv"))
    assert "row 3" in line and "2-0" in line
    assert not (tmp_path / "x.trf").exists() and not (tmp_path / "x.csv").exists()


def test_bad_inputs_give_one_sentence_and_no_file(tmp_path):
    players, results = _files(tmp_path)
    nameless = tmp_path / "nameless.csv"
    nameless.write_text("nom_x,rating\nA,1\nB,2\n", encoding="utf-8")
    duplicate = tmp_path / "dup.csv"
    duplicate.write_text("number,name\n1,A\n1,B\n", encoding="utf-8")
    bad_code = tmp_path / "bad.csv"
    bad_code.write_text("round,board,result\n1,1,2-0\n", encoding="utf-8")
    bad_board = tmp_path / "board.csv"
    bad_board.write_text("round,board,result\n1,9,1-0\n", encoding="utf-8")
    out = tmp_path / "out.xlsx"
    cases = [
        (["berger", 5, "--names", nameless, "-o", out], "name"),
        (["berger", 2, "--names", duplicate, "--numbering", "given", "-o", out], "line 3"),
        (["berger", 5, "--names", players, "--results", bad_code, "-o", out], "line 2"),
        (["berger", 5, "--names", players, "--results", bad_board, "-o", out], "line 2"),
        (["berger", 6, "--names", players, "-o", out], "5 players"),
        (["berger", 5, "--names", players, "-o", tmp_path / "out.csv"], ".xlsx"),
        (["berger", 5, "--results", results, "-o", out], "--names"),
        (["berger", 5, "--names", players, "--tiebreaks", "DE,XX", "-o", out], "XX"),
        (["export-trf", tmp_path / "none.xlsx", "-o", tmp_path / "x.trf"], "does not exist"),
        (["export-trf", players, "-o", tmp_path / "x.trf"], "players.csv"),
    ]
    for args, words in cases:
        assert words in _one_error_line(invoke(*args)), args
    assert not out.exists() and not (tmp_path / "x.trf").exists() and not (tmp_path / "out.csv").exists()


def test_never_overwrites_without_force(tmp_path):
    players, _ = _files(tmp_path)
    out = tmp_path / "event.xlsx"
    out.write_bytes(b"precious")
    assert "already exists" in _one_error_line(invoke("berger", 5, "--names", players, "-o", out))
    assert out.read_bytes() == b"precious"
    assert invoke("berger", 5, "--names", players, "-o", out, "--force").exit_code == 0
    assert read_event(FileBook(out)).players[0].name == "Alice"


def test_event_without_names_has_numbered_players(tmp_path):
    out = tmp_path / "e.xlsx"
    assert invoke("berger", 4, "--event", "--lang", "en", "-o", out).exit_code == 0
    assert [p.name for p in read_event(FileBook(out)).players] == [f"Player {i}" for i in range(1, 5)]
    plain = tmp_path / "plain.xlsx"
    assert invoke("berger", 4, "-o", plain).exit_code == 0
    assert load_workbook(plain).sheetnames == ["Schedule"]


def test_protect_locks_formulas_but_not_the_cells_organisers_type(tmp_path):
    players, _ = _files(tmp_path)
    plain, locked = tmp_path / "plain.xlsx", tmp_path / "locked.xlsx"
    assert invoke("berger", 5, "--names", players, "-o", plain).exit_code == 0
    assert invoke("berger", 5, "--names", players, "--protect", "-o", locked).exit_code == 0
    assert not load_workbook(plain)["Rondes"].protection.sheet
    sheet = load_workbook(locked)["Rondes"]
    assert sheet.protection.sheet
    assert sheet.cell(row=3, column=RoundsCols.RESULT).protection.locked is False
    assert sheet.cell(row=3, column=RoundsCols.WHITE).protection.locked is True
    assert sheet.cell(row=3, column=RoundsCols.WHITE).data_type == "f"
