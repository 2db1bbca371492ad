"""Round-robin schedules as one worksheet array (``BERGER_TABLE``, ``RUTSCH_TABLE``).

A schedule's table (:meth:`addin.core.schedule.Schedule.rows`) has a header and, in every
round, one row per game and one per bye: each player appears once per round, so a field
of ``p`` players over ``r`` rounds takes ``1 + r · ⌈p/2⌉`` rows of 4 columns. A Berger
table plays ``cycles × (p' − 1)`` rounds (``p'`` the even table size, seed 003), a Rutsch
one ``p' − 1`` (seed 000). Those counts are known from the arguments alone, so a table no
worksheet can hold (:mod:`addin.core.sheet_size`) is refused before a single round is
built: ``BERGER_TABLE(5000)`` would take 12,497,501 rows and 29 s to build for nothing.

A presentation for the Excel functions (:mod:`addin.excel.functions_roundrobin`), not a
pairing rule: it lives with them, and the schedules stay in :mod:`addin.systems.roundrobin`.
"""

from __future__ import annotations

from addin.core.messages import Message
from addin.core.sheet_size import SHEET_ROWS, check_fits
from addin.systems.roundrobin.berger import MAX_PLAYERS, BergerQuery, berger_rows, table_size
from addin.systems.roundrobin.rutsch import check_players as check_rutsch_players
from addin.systems.roundrobin.rutsch import rutsch_rows

COLUMNS = 4  # Round, Board, White, Black


def table_rows(players: int, cycles: int = 1) -> int:
    """Rows of the schedule's table, header included, for ``players`` over ``cycles`` cycles."""
    rounds = cycles * (table_size(players) - 1)
    return 1 + rounds * ((players + 1) // 2)


def largest_field(cycles: int = 1) -> int:
    """The largest field (≤ :data:`MAX_PLAYERS`) whose table of ``cycles`` cycles fits in one sheet."""
    low, high = 2, MAX_PLAYERS  # table_rows grows with players: bisect
    while low < high:
        middle = (low + high + 1) // 2
        if table_rows(middle, cycles) <= SHEET_ROWS:
            low = middle
        else:
            high = middle - 1
    return low


def check_one_sheet(players: int, cycles: int = 1) -> None:
    """Refuse, before building it, a round-robin table that no worksheet can hold."""
    check_fits(table_rows(players, cycles), COLUMNS, Message(
        "at most {largest} players fit in one sheet with {cycles} cycle(s); for a larger field, "
        "write the table to a .csv file with the command line (option -o table.csv).",
        largest=largest_field(cycles), cycles=cycles))


def berger_array(players, cycles=1, swap_last=True, order="normal") -> list[list]:
    """``BERGER_TABLE``: the Berger schedule's table, refused up front when no sheet holds it."""
    q = BergerQuery(players, cycles, swap_last, order)  # every argument checked first
    check_one_sheet(q.players, q.cycles)
    return berger_rows(q.players, q.cycles, q.swap_last, q.order)


def rutsch_array(players) -> list[list]:
    """``RUTSCH_TABLE``: the Rutsch schedule's table, refused up front when no sheet holds it."""
    n = check_rutsch_players(players)
    check_one_sheet(n)
    return rutsch_rows(n)

