"""Molter pairing tables for team tournaments in few rounds (seed 001)."""
