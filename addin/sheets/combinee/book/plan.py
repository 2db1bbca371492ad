"""What several sheets of the Formule Combinée workbook share: number formats and styles."""

from __future__ import annotations

from addin.sheets.model import Style

NO_ZERO = "0;-0;;@"  # the bye's opponent number 0 prints as an empty cell
NOTE = Style(italic=True, color="555555", wrap=True, valign="top")  # a round sheet's instruction line
