"""The league season workbook: positions (``cells``), labels, the layout that writes it and the
reader that reads it back; the calendar-only workbook of ``appariements league calendar``
(``calendar``)."""

from addin.sheets.league.calendar import clubs_of, league_layout  # noqa: E402,F401  (the calendar workbook)
