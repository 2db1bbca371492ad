"""Writers that turn pure results into files (openpyxl, CSV)."""
