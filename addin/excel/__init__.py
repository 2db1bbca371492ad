"""The Excel door: the functions and the buttons of classic xlwings.

The functions (``functions_*.py``, gathered in :mod:`addin.excel.udfs`) are registered by
xlwings' own ``func``/``arg`` decorators, which xlwings binds to the front end it runs
under: classic xlwings on Windows (VBA wrappers over COM), xlwings Server and xlwings Lite
(Office.js custom functions). One definition therefore serves every front end; the Lite
edition's ``main.py`` imports them from here (``docs/excel-addin.md``). The buttons
(``buttons.py``) are ``RunPython`` macros of classic xlwings; Lite's buttons are scripts
in :mod:`addin.lite`.
"""
