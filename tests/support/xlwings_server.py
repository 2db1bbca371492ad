"""Call an Excel function through xlwings Server's own call path.

``call_udf("BERGER_OPPONENT", 12, 3, 5)`` builds the JSON payload Excel's
Office.js client sends (every argument a 2D range, numbers as floats), hands
it to :func:`xlwings.server.custom_functions_call` with the ``addin.excel.udfs``
module, and returns the 2D result exactly as Excel would receive it.

A refusal comes back as the cell's value: its sentence alone (``addin.excel.support.guard``).
``cell_refusal(name, *args)`` checks that the cell shows exactly the sentence of the
:class:`TournamentError` the undecorated function raises for the same arguments (as
xlwings converted them) and returns that error for the test's own checks.

``tests/conftest.py`` sets ``XLWINGS_ON_SERVER`` before xlwings is imported.
"""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import xlwings
from xlwings import conversion, server
from xlwings.pro.udfs_officejs import to_scalar

import addin.excel.udfs
from addin.core.errors import TournamentError


def to_range(value: Any) -> list[list[Any]]:
    """Wrap a scalar as a 1×1 range; ints become floats as Excel sends them."""
    if isinstance(value, list):
        rows = value if value and isinstance(value[0], list) else [value]
        return [[_excel_value(v) for v in row] for row in rows]
    return [[_excel_value(value)]]


def _excel_value(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return float(value)
    return value


def payload(name: str, *args: Any) -> dict:
    return {
        "client": "Office.js",
        "func_name": name,
        "args": [to_range(a) for a in args],
        "caller_address": "[Book1.xlsx]Sheet1!B2",
        "culture_info_name": "en-US",
        "date_format": "M/d/yyyy",
        "version": xlwings.__version__,
        "runtime": "1.4",
    }


def call_udf(name: str, *args: Any, module=addin.excel.udfs) -> list[list[Any]]:
    """Run ``name`` with ``args`` through xlwings Server; return the 2D result."""
    result = asyncio.run(server.custom_functions_call(payload(name, *args), module))
    # Depending on the xlwings version the 2D values come bare or as {"result": ...}.
    return result["result"] if isinstance(result, dict) else result


def registered_functions(module=addin.excel.udfs) -> dict[str, dict]:
    """The functions xlwings Server would expose to Excel, by name."""
    meta = server.custom_functions_meta(module)
    return {f["name"]: f for f in meta["functions"]}


def received(value: Any) -> Any:
    """``value`` as the function receives it: Excel's range, then xlwings' own conversion."""
    return conversion.read(None, to_scalar(to_range(value)), {}, engine_name="officejs")


def cell_refusal(name: str, *args: Any, module=addin.excel.udfs) -> TournamentError:
    """The error ``name`` refuses ``args`` with, after checking that the cell shows its sentence alone."""
    shown = call_udf(name, *args, module=module)
    raw = getattr(module, name).__wrapped__
    params = list(inspect.signature(raw).parameters.values())
    values = [received(a) for a in args]
    # xlwings gives an empty optional argument its Python default (custom_functions_call)
    values = [p.default if v is None and p.default is not p.empty else v for v, p in zip(values, params)]
    try:
        raw(*values)
    except TournamentError as exc:
        assert shown == [[exc.text()]], f"{name}{args}: the cell shows {shown!r}, not the sentence"
        return exc
    raise AssertionError(f"{name}{args} does not refuse: the cell shows {shown!r}")
