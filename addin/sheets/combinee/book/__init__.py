"""The sheets of the Formule Combinée event workbook (``addin.sheets.combinee.layout``), one module a sheet.

``plan`` holds what the sheets share (the number formats and styles); each ``sheet_*`` module
writes one sheet (``sheet_round.write(sheet, event, k, t)`` one round's) and
``assemble.build_book`` adds the sheets in tab order, defines the names the formulas use and
puts them in one workbook.
"""
