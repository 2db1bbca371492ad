"""League seasons: team matches on a calendar, match scores, match points, the league table.

``model`` (the season as data and its settings), ``match`` (a match's boards, score and
match points), ``table`` (a division's table and its tie-breaks), ``stats`` (players over
the season), ``event`` (building a season and the organiser's changes).
"""
