"""appariements in xlwings Lite: the pairing functions in Excel, with no Python to install.

Every event workbook written by ``appariements`` already carries this code, with the package
inside it (README, "Excel: two paths"). For any other workbook, paste this file into xlwings
Lite's ``main.py`` and ``requirements.txt`` (beside it) into Lite's ``requirements.txt``;
docs/excel-addin.md ("The manual routes") says it step by step.
The package itself comes either from Lite's *Menu > Files > Import/Export* (drop the
project's ``addin`` folder, or its wheel ``appariements-<version>-py3-none-any.whl``: both
land under ``/data``) or from a line of ``requirements.txt`` giving the wheel's address.
"""

import sys
from pathlib import Path

_DATA = Path("/data")  # what Menu > Files > Import/Export holds
if (_DATA / "addin" / "__init__.py").is_file():
    sys.path.insert(0, str(_DATA))
else:
    _wheels = sorted(_DATA.glob("appariements-*.whl"), key=lambda p: p.stat().st_mtime)
    if _wheels:
        sys.path.insert(0, str(_wheels[-1]))  # a pure-Python wheel imports as a zip

# The Excel functions: =BERGER_OPPONENT(…), =RUTSCH_TABLE(…), =MOLTER_PAIR(…), =COMBINEE_…, =DIRECTED_…,
# =VARMA_…, =LEAGUE_… (the same definitions as on Windows desktop and xlwings Server).
from addin.excel.udfs import *  # noqa: E402,F401,F403

# The buttons (xlwings Lite's Run menu).
from addin.lite.scripts import *  # noqa: E402,F401,F403
