"""Exports of a finished or running event (pure text: TRF16, CSV)."""
