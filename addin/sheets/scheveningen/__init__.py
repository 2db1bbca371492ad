"""The Scheveningen match workbook: positions (``cells``), words (``labels``), writer (``layout``), reader."""
