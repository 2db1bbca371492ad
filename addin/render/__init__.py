"""The rooms that touch spreadsheet files and programs: the file writer (xlsxwriter), the
file reader (openpyxl), an open workbook (xlwings), LibreOffice headless (recalculation, PDF)."""
