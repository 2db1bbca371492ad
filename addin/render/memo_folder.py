"""The user's private folder of what a write keeps for the next (kept sheets and rows, known rows).

In the temporary folder, named for the user (``appariements-sheets-<uid>``); a file in it is read
only while the folder is the user's alone. It is a cache: anything missing or unreadable there
is made again. No third-party import here: the reader of known rows (``known_rows``) loads this
module, and xlwings Lite carries the modules that load nothing it lacks.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: the folder's name in the temporary folder (then ``-<uid>``)
MEMO_FOLDER = "appariements-sheets"


def memo_folder() -> Path:
    """The folder of the kept sheets, in the temporary folder, named for the user."""
    uid = getattr(os, "getuid", lambda: None)()
    return Path(tempfile.gettempdir()) / (MEMO_FOLDER if uid is None else f"{MEMO_FOLDER}-{uid}")


def own_folder(folder: Path) -> bool:
    """Whether ``folder`` is this user's alone (another user's files are never read into a workbook)."""
    try:
        info = folder.stat()
    except OSError:
        return False
    return getattr(os, "getuid", None) is None or (info.st_uid == os.getuid() and not info.st_mode & 0o022)
