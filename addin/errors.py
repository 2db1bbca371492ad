"""The single error type a user of the add-in ever sees.

Every check on user input (a UDF argument, a CLI option, a file read, a
macro's precondition) raises :class:`TournamentError` with one plain sentence
that an organiser understands. It subclasses :class:`ValueError` so that
generic callers can still catch it as a bad value. The UDF layer shows the
sentence in the cell, the CLI prints it and exits non-zero.
"""


class TournamentError(ValueError):
    """A user-facing error: the message is one sentence in plain words."""
