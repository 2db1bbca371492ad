"""Test-wide setup.

xlwings must know it runs behind xlwings Server *before* it is first imported
(see docs/excel-engines.md): with these variables its decorators register the
real UDF metadata and ``tests/xlwings_server.py`` can drive the same call path
Excel uses. Nothing here fakes xlwings.
"""

import os
import sys
from pathlib import Path

os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

sys.path.insert(0, str(Path(__file__).resolve().parent))
