"""Scrabble Formule Combinée (seed 002): groups, phase-1 schedules, phases 2-3 pairing, ranking.

Pure Python: imports neither xlwings nor openpyxl.
"""
