"""An independent validator for round-robin schedules (no code from addin).

It only reads ``(round, white, black)`` triples and the bye lists and checks
the round-robin invariants: every player exactly once per round, every pair
exactly once per cycle, a game's players distinct and in range.
"""

from __future__ import annotations

from collections import Counter


def check_round_robin(players: int, rounds: list[tuple[list[tuple[int, int]], list[int]]],
                      cycles: int = 1) -> None:
    """Raise AssertionError unless ``rounds`` is a valid ``cycles``-fold round-robin.

    ``rounds`` is a list of ``(games, byes)``; games are ``(white, black)``.
    """
    expected_rounds = cycles * (players - 1 if players % 2 == 0 else players)
    assert len(rounds) == expected_rounds, f"{len(rounds)} rounds, expected {expected_rounds}"
    meetings: Counter = Counter()
    bye_count: Counter = Counter()
    for index, (games, byes) in enumerate(rounds, 1):
        seen = Counter()
        for white, black in games:
            assert 1 <= white <= players and 1 <= black <= players, (index, white, black)
            assert white != black, (index, white)
            seen[white] += 1
            seen[black] += 1
            meetings[(white, black) if white < black else (black, white)] += 1
        for player in byes:
            seen[player] += 1
            bye_count[player] += 1
        assert set(seen) == set(range(1, players + 1)), f"round {index}: players missing"
        assert max(seen.values()) == 1, f"round {index}: a player appears twice"
        assert len(byes) == players % 2, f"round {index}: {len(byes)} byes"
    # every key is a pair of two distinct players in range (checked above): all pairs are
    # there exactly when there are n(n-1)/2 keys
    assert len(meetings) == players * (players - 1) // 2, "some pairs never meet"
    for (a, b), count in meetings.items():
        assert count == cycles, f"{a} and {b} meet {count} times"
    if players % 2:
        assert all(bye_count[p] == cycles for p in range(1, players + 1))
