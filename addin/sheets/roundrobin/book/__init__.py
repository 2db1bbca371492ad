"""The sheets of the round-robin event workbook (``addin.sheets.roundrobin.layout``), one module a sheet.

``plan.BookPlan`` is what the sheets share: the event, its labels, Python's own figures (cached
values) and the planned positions (sheet names, the Rounds sheet's rows, the Calc sheet's
columns); ``plan.plan_book`` makes it. Each ``sheet_*`` module writes one sheet from it
(``write(plan, sheet)``), ``addin.sheets.roundrobin.norms_sheet`` the Norms sheet, and
``assemble.build_book`` puts them in one workbook. Kept empty so that ``norms_sheet`` can import
``plan`` while ``assemble`` imports ``norms_sheet``.
"""
