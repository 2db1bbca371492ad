"""The Molter event workbook: positions and labels (``cells``, ``labels``), the layout that
writes them (``layout``) and the reader that reads them back (``reader``)."""

from addin.sheets.molter.cells import (ROUND_FIRST_ROW, SETTINGS_ROW, TEAMS_FIRST_ROW, CalcMap,  # noqa: F401
                                       RoundCols, SettingsCols, TeamsCols)
from addin.sheets.molter.labels import LABELS  # noqa: F401
from addin.sheets.molter.layout import (WORKBOOK_RESULTS, canonical_code, card_text, event_workbook,  # noqa: F401
                                        molter_event_layout, put_results, result_cell, teams_own_columns,
                                        workbook_code)
from addin.sheets.molter.reader import detect_lang, is_event, read_event, read_team_sheet  # noqa: F401
