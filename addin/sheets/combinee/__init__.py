"""The Formule Combinée event workbook: positions and labels (``cells``, ``labels``), the layout
that writes them (``layout``) and the reader that reads them back (``reader``)."""

from addin.sheets.combinee.cells import PlayersCols, RoundCols, round_sheet  # noqa: F401
from addin.sheets.combinee.labels import LABELS, detect_lang, sheet_names  # noqa: F401
from addin.sheets.combinee.layout import event_workbook  # noqa: F401
from addin.sheets.combinee.reader import Newcomer, is_event, read_event  # noqa: F401
