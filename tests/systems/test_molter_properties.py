"""Property tests: the verifier catches every single-board damage to a valid official table.

Independent of the tables' origin: take any official table and event length
that passes every hard rule, damage one board, and the verifier must object.
"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from addin.systems.molter.model import MolterTable, Pairing
from addin.systems.molter.official import official_catalogue, official_table, playable_rounds, select_rounds
from addin.systems.molter.tables import molter_table
from addin.systems.molter.verify import verify

VALID = []
for entry in official_catalogue():
    if entry.table.endswith("(repeated)") and entry.players > 20:
        continue
    table = official_table(entry.teams, entry.players, 3 if entry.table == "Peyrin" else None)
    for rounds in playable_rounds(table):
        chosen = select_rounds(table, rounds)
        if rounds >= 2 and verify(chosen).ok:
            VALID.append(chosen)


def _rebuild(table: MolterTable, index: int, board: int, pairing: Pairing) -> MolterTable:
    rounds = [list(r) for r in table.rounds]
    auto = list(table.autonomous) if table.autonomous is not None else None
    target = rounds[index] if index < len(rounds) else auto
    target[board] = pairing
    return MolterTable(table.teams, table.players, tuple(tuple(r) for r in rounds),
                       tuple(auto) if auto is not None else None)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(VALID), st.data())
def test_reversing_one_board_breaks_team_colours(table, data):
    played = list(table.all_rounds())
    index = data.draw(st.integers(0, len(played) - 1))
    board = data.draw(st.integers(0, table.boards - 1))
    p = played[index][1][board]
    damaged = _rebuild(table, index, board, Pairing(p.black, p.white))
    assert "team_colour" in verify(damaged).broken()


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(VALID), st.data())
def test_moving_one_player_breaks_once(table, data):
    played = list(table.all_rounds())
    index = data.draw(st.integers(0, len(played) - 1))
    rnd = played[index][1]
    a, b = data.draw(st.lists(st.integers(0, table.boards - 1), min_size=2, max_size=2, unique=True))
    damaged = _rebuild(table, index, a, Pairing(rnd[a].white, rnd[b].black))
    assert "once" in verify(damaged).broken()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([e for e in official_catalogue() if e.players <= 20]))
def test_auto_source_gives_a_valid_official_table(entry):
    table = molter_table(entry.teams, entry.players, 2)
    assert table.source == "official" and len(table.rounds) == 2 and table.autonomous is None
    assert verify(table).ok
