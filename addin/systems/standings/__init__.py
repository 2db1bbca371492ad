"""Standings and tie-breaks (pure: no Excel, no files)."""
