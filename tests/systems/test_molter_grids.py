"""Result grids per team: the seed's three examples regenerated from their tables.

Oracle: seed 001 prints result grids for 4, 5 and 6 teams of 4 players
("Exemple de grilles de prise de résultats"). They follow from official
tables 4 (rounds 1, 2 and the autonomous round 4a), 8 (rounds 1–4, first ten
boards: the 4-player table) and 11 (rounds 1, 2 and 11a). Both the tables and
the grids are read from the verbatim seed by ``tests/support/molter_grid_seed.py``.
"""

import pytest

from addin.core.errors import TournamentError
from addin.systems.molter.event import played_rounds
from addin.sheets.molter.labels import grid_text
from addin.systems.molter.grids import player_cells, team_grids
from addin.systems.molter.model import MolterTable, Pairing, Seat
from support.molter_grid_seed import seed_grids, seed_table
from support.molter_grid_seed import seed_molter_table

EXAMPLES = {  # teams -> (official table, rounds played)
    4: (4, 3),
    5: (8, 4),
    6: (11, 3),
}


@pytest.mark.parametrize("teams", sorted(EXAMPLES))
def test_seed_result_grids_are_regenerated(teams):
    number, rounds = EXAMPLES[teams]
    table = seed_molter_table(number, teams, 4)
    assert all(len(r) == teams * 2 for r in table.rounds)
    printed = seed_grids(teams)
    grids = team_grids(teams, 4, played_rounds(table, rounds))
    assert [g.team for g in grids] == sorted(printed)
    for grid in grids:
        ours = grid_text(grid, "fr", results=False)
        for row, seed_row in zip(ours, printed[grid.team], strict=True):
            width = 1 + 3 * rounds
            assert row[:width] == seed_row[:width], (grid.team, row, seed_row)
            assert row[width] == ""  # the total, blank before results
            assert all(cell == "" for cell in seed_row[width:])  # unused rounds of the form
