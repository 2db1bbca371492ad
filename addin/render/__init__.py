"""The rooms that touch spreadsheet files and programs: the file writer (xlsxwriter), the
file reader (openpyxl), an open workbook (xlwings), LibreOffice headless (recalculation, PDF),
and the parts of a package beyond its sheets: the VBA project (``ovba``, ``cfb``, from
``vba_sources``), the add-in (``addin_file``), xlwings Lite's code (``lite_part``), and what a
rewrite carries from the file it replaces (``package``, ``kept_parts``), and the sheets and rows
kept between writes (``sheet_memo``)."""
