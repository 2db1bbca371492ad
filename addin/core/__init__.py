"""The vocabulary every layer shares: the one user error, reading a cell or an argument,
the schedule object, result codes, players. Pure: no spreadsheet library, no files."""
