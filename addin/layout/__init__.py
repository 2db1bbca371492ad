"""Sheet layouts as data (no spreadsheet library): see ``addin.layout.model``."""
