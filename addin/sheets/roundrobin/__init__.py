"""The round-robin event workbook: positions and labels (``cells``, ``labels``), the layout
that writes them (``layout``) and the reader that reads them back (``reader``)."""

from addin.sheets.roundrobin.cells import (DEFAULT_TIEBREAKS, NO_TIEBREAK, STANDINGS_FIELDS,  # noqa: F401
                                           STANDINGS_HEADER_ROW, TIEBREAK_CODES, TIEBREAK_SLOTS, PlayersCols,
                                           RoundsCols, Scalars, SettingsRows)
from addin.sheets.roundrobin.labels import LABELS, labels  # noqa: F401
from addin.sheets.roundrobin.layout import event_layout, event_workbook  # noqa: F401
from addin.sheets.roundrobin.reader import detect_lang, read_event, read_players_sheet  # noqa: F401
