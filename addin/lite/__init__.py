"""The xlwings Lite door: the buttons of the edition that runs Python inside Excel.

xlwings Lite runs Python in Pyodide (WebAssembly) inside Excel on Windows, macOS and the web,
with nothing to install and free for commercial use. Its workbook code is one ``main.py``
(shipped ready in the repository's ``lite/`` folder) that imports

* the Excel functions from :mod:`addin.excel.udfs`: the same definitions as every other
  front end, since xlwings' ``func``/``arg`` decorators register them for Lite too;
* the buttons from :mod:`addin.lite.scripts`: Lite *scripts* (xlwings' ``script``
  decorator), which receive the workbook as an argument instead of finding it with
  ``Book.caller()`` as the classic ``RunPython`` buttons do.

What Pyodide lacks is never imported here: no OR-Tools (every CP-SAT path goes through
:mod:`addin.core.cpsat`, which answers with a sentence), no pandas, no threads, no
subprocess. ``tests/test_lite_pyodide.py`` runs this door inside a real Pyodide.
"""
