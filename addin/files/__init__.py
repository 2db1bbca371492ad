"""Organisers' files in (player, team and result lists) and reports out (TRF, CSV standings)."""
