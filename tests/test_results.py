"""Result codes: spellings, points, forfeits (addin.results)."""

import pytest
from hypothesis import given, settings, strategies as st

from addin.errors import TournamentError
from addin.results import RESULT_CODES, is_forfeit, parse_result, score

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
