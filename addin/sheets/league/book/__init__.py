"""The sheets of the league season workbook (``addin.sheets.league.layout``), one module a sheet.

``plan.BookPlan`` is what the sheets share: the season, its labels, Python's own figures (cached
values) and the planned positions (sheet names, each team's, roster's and match's rows, the Calc
sheet's columns); ``plan.plan_book`` makes it. Each ``sheet_*`` module writes its sheet (or two
alike) from it, and ``assemble.build_book`` puts them in one workbook.
"""
