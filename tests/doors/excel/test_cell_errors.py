"""A refusal shows its sentence alone in the cell, on every Excel front end.

``addin.excel.support.guard`` returns the sentence as the cell's value (the module
docstring and ``docs/excel-addin.md`` say why, with xlwings' and pywin32's source lines).
Each front end's path is run here as far as this machine can run it:

* xlwings Server (Office.js): the real ``xlwings.server.custom_functions_call`` turns the
  function's return into the 2D array the add-in writes (``tests/support/xlwings_server.py``);
* classic xlwings (Windows COM): its ``call_udf`` hands the return value to
  ``conversion.write(ret, None, options)`` with the Windows engine; that pipeline runs here
  with the Windows engine's own ``prepare_xl_data_element``, read from xlwings' source
  (pywin32, which the rest of that engine needs, exists only on Windows);
* xlwings Lite: the same ``custom_functions_call`` inside Pyodide (``test_lite_pyodide.py``).

The lines of the installed xlwings that this choice relies on are checked to still be there.
"""

from __future__ import annotations

import ast
import datetime as dt
import inspect
from pathlib import Path

import pytest
import xlwings
from xlwings import conversion

import addin.excel.udfs as udfs
from addin.core.errors import TournamentError
from addin.core.messages import language
from addin.excel.support import guard
from support.xlwings_server import call_udf, cell_refusal

XLWINGS = Path(xlwings.__file__).parent
NOISE = ("Python", "Traceback", "<class", "addin.", "Error:")


def test_the_cell_shows_the_sentence_alone_through_xlwings_server():
    error = cell_refusal("BERGER_OPPONENT", 10, 11, 1)
    shown = call_udf("BERGER_OPPONENT", 10, 11, 1)[0][0]
    assert shown == str(error) == "The argument 'player' is 11: it must be from 1 to 10."
    assert not any(word in shown for word in NOISE)


def test_the_sentence_is_french_by_default(monkeypatch):
    monkeypatch.delenv("APPARIEMENTS_LANG")
    error = cell_refusal("BERGER_TABLE", 5000)
    assert call_udf("BERGER_TABLE", 5000) == [[error.text("fr")]] != [[error.text("en")]]
    with language("en"):
        assert call_udf("BERGER_TABLE", 5000) == [[error.text("en")]]


def test_a_bug_shows_a_plain_sentence_not_a_traceback():
    @guard
    def BROKEN(players):
        return [1, 2][players]

    shown = BROKEN(7)
    assert shown.startswith("BROKEN could not compute this (IndexError).")
    assert "Traceback" not in shown and "line" not in shown


def test_called_directly_the_function_still_raises():
    with pytest.raises(TournamentError, match="'player' is 11"):
        udfs.BERGER_OPPONENT.__wrapped__(10, 11, 1)


def test_table_functions_show_the_sentence_in_their_top_left_cell():
    shown = call_udf("BERGER_TABLE", 1)
    assert shown == [[str(cell_refusal("BERGER_TABLE", 1))]]


# -- classic xlwings (Windows COM) -------------------------------------------------------
def _windows_prepare_element():
    """``prepare_xl_data_element`` of xlwings' Windows engine, compiled from its own source."""
    tree = ast.parse((XLWINGS / "_xlwindows.py").read_text(encoding="utf-8"))
    node = next(n for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef) and n.name == "prepare_xl_data_element")
    node.decorator_list = []
    namespace = {"time_types": (dt.date, dt.datetime), "pd": None, "np": None,
                 "_datetime_to_com_time": lambda x: x}
    exec(compile(ast.Module([node], []), "_xlwindows.py", "exec"), namespace)
    return namespace["prepare_xl_data_element"]


class _WindowsEngine:
    """The Windows engine as far as ``conversion.write`` uses it: the real element preparation."""

    name = "excel"

    def __init__(self):
        self.impl = self
        self.prepare_xl_data_element = _windows_prepare_element()


def test_classic_conversion_writes_the_sentence_unchanged(monkeypatch):
    monkeypatch.setitem(xlwings.engines.engines_by_name, "excel", _WindowsEngine())
    sentence = udfs.BERGER_OPPONENT(10, 11, 1)
    assert conversion.write(sentence, None, {}) == [[sentence]]
    assert conversion.write(udfs.BERGER_TABLE(4), None, {})[1] == [1, 1, 1, 4]


@pytest.mark.parametrize("path, line", [
    # classic: a raised exception reaches the cell as Err.Description (pywin32 prefixes it)
    ("udfs.py", 'vba.writeln(fname + " = Err.Description")'),
    # classic: a returned value goes through the conversion pipeline ...
    ("udfs.py", 'xl_result = conversion.write(ret, None, ret_info["options"])'),
    # ... and a 1×1 result reaches the cell as a scalar
    ("com_server.py", "if len(res) == 1 and len(res[0]) == 1:"),
    # classic UDFs exist only on Windows with pywin32; elsewhere func/arg are no-ops
    ("__init__.py", 'elif sys.platform.startswith("win") and has_pywin32:'),
    # Server and Lite: the return value is converted for the Office.js add-in
    ("pro/udfs_officejs.py", "ret = await convert(ret, ret_info, data)"),
])
def test_the_xlwings_lines_this_choice_relies_on_are_there(path, line):
    assert line in (XLWINGS / path).read_text(encoding="utf-8"), f"xlwings {xlwings.__version__}: {path}"


def test_every_function_is_guarded():
    for name, func in inspect.getmembers(udfs, callable):
        if hasattr(func, "__xlfunc__"):
            assert getattr(func, "__wrapped__", None) is not None, f"{name} has no guard"
