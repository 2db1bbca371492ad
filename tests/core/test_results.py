"""Result codes: spellings, points, forfeits (addin.core.results)."""

import pytest
from hypothesis import given, settings, strategies as st

from addin.core.errors import TournamentError
from addin.core.results import RESULT_CODES, is_forfeit, parse_result, score

# (spelling, canonical code): the spellings organisers type, per the docstring.
SPELLINGS = [
    ("1-0", "1-0"), (" 1 - 0 ", "1-0"), ("1\u20130", "1-0"), ("1\u20140", "1-0"), ("1:0", "1-0"),
    ("0-1", "0-1"), ("0 : 1", "0-1"),
    ("1/2-1/2", "1/2-1/2"), ("\u00bd-\u00bd", "1/2-1/2"), ("0.5-0.5", "1/2-1/2"),
    ("0,5 - 0,5", "1/2-1/2"), ("=", "1/2-1/2"), ("\u00bd", "1/2-1/2"), (".5-.5", "1/2-1/2"),
    ("+-", "+-"), ("+ -", "+-"), ("+/-", "+-"),
    ("-+", "-+"), ("- +", "-+"), ("-/+", "-+"),
    ("0-0", "0-0"), ("--", "0-0"), ("0\u20130", "0-0"),
]


@pytest.mark.parametrize("text, code", SPELLINGS)
def test_spellings(text, code):
    assert parse_result(text) == code


@pytest.mark.parametrize("code", RESULT_CODES)
def test_canonical_codes_are_fixed_points(code):
    assert parse_result(code) == code


@pytest.mark.parametrize("empty", [None, "", "   ", "\t"])
def test_empty_means_not_played(empty):
    assert parse_result(empty) is None
    assert is_forfeit(empty) is False


@pytest.mark.parametrize("bad", ["2-0", "1", "1-1", "0.5-0", "x", "1-0-0", "win", 1.0, 0.5, True])
def test_unknown_codes_name_the_place(bad):
    with pytest.raises(TournamentError) as err:
        parse_result(bad, "results.csv, line 7")
    message = str(err.value)
    assert message.startswith("results.csv, line 7: the result ")
    assert "1-0" in message and "0-0" in message
    assert "\n" not in message


def test_unknown_code_without_place():
    with pytest.raises(TournamentError, match=r'^The result "9-9" is not a result code'):
        parse_result("9-9")


def test_points_table():
    # The table of the FIDE scoring: win 1, draw 1/2, loss 0; a forfeit counts
    # as a win for the side present, a double forfeit gives nothing to anyone.
    expected = {
        "1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5),
        "+-": (1, 0), "-+": (0, 1), "0-0": (0, 0),
    }
    assert set(expected) == set(RESULT_CODES)
    for code, points in expected.items():
        assert score(code) == points
    assert score("\u00bd-\u00bd") == (0.5, 0.5)


def test_forfeits():
    assert [c for c in RESULT_CODES if is_forfeit(c)] == ["+-", "-+", "0-0"]


def test_score_of_empty_result_is_refused():
    with pytest.raises(TournamentError):
        score("")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=8))
def test_any_text_gives_a_code_none_or_a_tournament_error(text):
    try:
        code = parse_result(text, "cell A1")
    except TournamentError as exc:
        assert str(exc).startswith("cell A1: the result")
        return
    assert code is None or code in RESULT_CODES
    if code is not None:
        w, b = score(code)
        assert w + b == (0 if code == "0-0" else 1)


# --------------------------------------------------------------------------
# Results files (addin.files.results)
# --------------------------------------------------------------------------

from addin.files.results import read_results  # noqa: E402
from addin.systems.roundrobin.berger import berger_schedule  # noqa: E402


def _file(tmp_path, text, name="results.csv", encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return path


def test_results_file_reads_every_spelling(tmp_path):
    sched = berger_schedule(6)  # 5 rounds of 3 boards
    text = "round,board,result\n1,1,1-0\n1,2,½-½\n1,3,\n2,1,+-\n5,3,0 - 0\n2,2,-+\n"
    assert read_results(_file(tmp_path, text), sched) == {
        (1, 1): "1-0", (1, 2): "1/2-1/2", (2, 1): "+-", (5, 3): "0-0", (2, 2): "-+"}


def test_results_file_french_header_semicolons_cp1252(tmp_path):
    sched = berger_schedule(4)
    text = "Ronde;Échiquier;Résultat;Blanc\n1;2;0-1;Hélène\n3;1;=;Zoë\n"
    assert read_results(_file(tmp_path, text, encoding="cp1252"), sched) == {(1, 2): "0-1", (3, 1): "1/2-1/2"}


@pytest.mark.parametrize("text, start", [
    ("round,board\n1,1\n", "results.csv, line 1: there is no 'result' column"),
    ("round,board,result\n1,1,1-0\n\n2,1,2-0\n", 'results.csv, line 4: the result "2-0" is not a result code'),
    ("round,board,result\n1,1,1-0\n6,1,1-0\n", "results.csv, line 3: round 6 does not exist; the rounds are numbered 1 to 5"),
    ("round,board,result\n0,1,1-0\n", "results.csv, line 2: round 0 does not exist"),
    ("round,board,result\n2,4,1-0\n", "results.csv, line 2: round 2 has no board 4; its boards are numbered 1 to 3"),
    ("round,board,result\n1,1,1-0\n1,2,0-1\n1,1,0-1\n",
     "results.csv, line 4: round 1, board 1 already has a result on line 2"),
    ("round,board,result\n,1,1-0\n", "results.csv, line 2: the round is empty"),
    ("round,board,result\n1,x,1-0\n", "results.csv, line 2: the board 'x' is not a whole number"),
    ("round,board,result\n1.5,1,1-0\n", "results.csv, line 2: the round '1.5' is not a whole number"),
])
def test_results_file_errors_name_the_line(tmp_path, text, start):
    with pytest.raises(TournamentError) as err:
        read_results(_file(tmp_path, text), berger_schedule(6))
    assert str(err.value).startswith(start), str(err.value)


def test_results_file_undecodable(tmp_path):
    with pytest.raises(TournamentError, match=r"^results.csv, line 2: .*UTF-8.*cp1252"):
        read_results(_file(tmp_path, b"round,board,result\n1,1,1-0\x81\n"), berger_schedule(4))


def test_results_file_xlsx(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (["round", "board", "result"], [1, 1, "1-0"], [2.0, 2.0, "0-1"], [3, 9, "1-0"]):
        sheet.append(row)
    path = tmp_path / "results.xlsx"
    book.save(path)
    with pytest.raises(TournamentError, match=r"^results.xlsx, line 4: round 3 has no board 9"):
        read_results(path, berger_schedule(4))
    sheet.delete_rows(4)
    book.save(path)
    assert read_results(path, berger_schedule(4)) == {(1, 1): "1-0", (2, 2): "0-1"}
