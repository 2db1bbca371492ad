"""The sheets of the Scheveningen match workbook (``addin.sheets.scheveningen.layout``), one module a sheet.

``plan.BookPlan`` is what the sheets share: the match, its labels, Python's own figures (cached
values) and where the other sheets' cells are (the sheet names, a team's name and a player's cells on
the Line-ups sheet, a board's cells on a round sheet); ``plan.plan_book`` makes it. Each ``sheet_*``
module writes one sheet from it (``write(plan, sheet)``; ``sheet_round.write(plan, sheet, rnd)`` one
round's), and ``assemble.build_book`` adds the sheets in tab order and puts them in one workbook.
"""
