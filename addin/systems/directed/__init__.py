"""Directed pairings, Varma tables and team-league numbering (pure core).

Seed 000, "Propriétés des tables de Berger", "Application des tables de
Berger aux compétitions par équipes" and "Appariements dirigés"; FIDE C.05
Annex 2 (Varma tables, ``docs/references.md``).
"""
