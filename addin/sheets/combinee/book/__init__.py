"""The sheets of the Formule Combinée event workbook (``addin.sheets.combinee.layout``), one module a sheet.

``plan`` holds what the sheets share: the number formats and styles, and the ``BookPlan`` made once a
write (the event, its labels, the sheets' names and sizes, and the report's figures,
``addin.report.combinee.figures``, whose standings and phase-1 draw the sheets cache); each ``sheet_*``
module writes one sheet from the plan (``sheet_round.write(plan, sheet, k)`` round ``k``'s) and
``assemble.build_book`` makes the plan, adds the sheets in tab order, defines the names the formulas use
and puts them in one workbook.
"""
