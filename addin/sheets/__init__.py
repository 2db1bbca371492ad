"""Each event's workbook as data: cell positions and labels, the layout that writes them
and the reader that reads them back, from one description."""
