"""The steps of xlwings Lite's Python runtime, then the calls a test asks for.

Runs inside Pyodide (``run_lite.mjs``) and, for the baseline, in CPython
(``python lite_driver.py config.json``): the same code, the same calls, in the same order,
each in a fresh interpreter. It does what xlwings' own Pyodide runtime does (xlwings Server's
open "Wasm" edition of it, ``xlwings_server/wasm/config.py`` and ``wasm_runtime.py``):

* ``XLWINGS_ON_SERVER=true`` before xlwings is imported, so that ``xlwings.func`` and
  ``xlwings.script`` are the Office.js registrations;
* the workbook's ``main.py`` executed as the module ``main``;
* a custom function called through ``xlwings.server.custom_functions_call(data, module=main)``;
  an exception reaches Excel as ``str(exception)``;
* a script called through ``xlwings.server.custom_scripts_call`` with the book built by
  ``xw.Book(json=payload)``; its writes come back as ``book.json()["actions"]``.

The report: per call its result (or error) and seconds; per script its actions (or error) and seconds;
the registered functions and scripts; and which optional packages were imported.
"""

import importlib.util
import json
import os
import sys
import time
import traceback


def module_from_source(source, name):
    """A module from source text, as xlwings' Pyodide runtime loads main.py."""
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, f"{name}.py", "exec"), module.__dict__)
    sys.modules[name] = module
    return module


async def run(config):
    os.environ.update(config.get("env", {}))
    os.environ["XLWINGS_ON_SERVER"] = "true"
    started = time.perf_counter()
    import xlwings as xw
    import xlwings.server

    with open(config["main_py"], encoding="utf-8") as handle:
        main = module_from_source(handle.read(), "main")
    import_seconds = time.perf_counter() - started

    calls = []
    for _ in range(config.get("repeat", 1)):
        for call in config["calls"]:
            start = time.perf_counter()
            try:
                out = {"result": await xlwings.server.custom_functions_call(call, module=main)}
            except Exception as exc:  # what xlwings' runtime passes on: str(exc)
                out = {"error": str(exc), "details": traceback.format_exc()}
            out["seconds"] = time.perf_counter() - start
            calls.append(out)

    scripts = []
    for script in config.get("scripts", []):
        book = xw.Book(json=script["book"])
        start = time.perf_counter()
        try:
            book = await xlwings.server.custom_scripts_call(
                module=main, script_name=script["name"], typehint_to_value={xw.Book: book}, args=[])
            scripts.append({"actions": book.json()["actions"]})
        except Exception as exc:
            scripts.append({"error": str(exc), "details": traceback.format_exc()})
        scripts[-1]["seconds"] = time.perf_counter() - start

    return {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "xlwings": xw.__version__,
        "import_seconds": import_seconds,
        "functions": sorted(f["name"] for f in xlwings.server.custom_functions_meta(main)["functions"]),
        "scripts_meta": xlwings.server.custom_scripts_meta(main),
        "imported": sorted({m.split(".")[0] for m in sys.modules} & {"ortools", "pandas", "numpy", "openpyxl",
                                                                    "networkx", "click"}),
        "calls": calls,
        "scripts": scripts,
    }


if __name__ == "__main__" and sys.platform != "emscripten":  # CPython baseline: same driver, fresh interpreter
    import asyncio

    with open(sys.argv[1], encoding="utf-8") as handle:
        report = asyncio.run(run(json.load(handle)))
    sys.stdout.write(json.dumps(report) + "\n")
