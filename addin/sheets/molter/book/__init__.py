"""The sheets of the Molter event workbook (``addin.sheets.molter.layout``), one module a sheet.

``plan.BookPlan`` is what the sheets share: the event, its labels, the table's grid cells,
Python's own figures (cached values) and where the other sheets' cells are (sheet names, the
Teams sheet's rows and list columns, the Line-ups sheet's cells, the round sheets' points, the
Calc sheet's blocks); ``plan.plan_book`` makes it. Each ``sheet_*`` module writes one sheet from
it (``write(plan, sheet)``; ``sheet_round.write(plan, sheet, r)`` one round's), and ``assemble.build_book`` adds the sheets in tab order and puts
them in one workbook.
"""
