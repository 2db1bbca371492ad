"""What a rewrite of an event file keeps from the file it replaces, beyond the sheets.

An event rewritten from its layout (update, result, withdrawal …) is a new package made by
the writer; :func:`keep_parts` then carries into it, byte for byte, the VBA project, the
buttons, the ribbon and xlwings Lite's code of the file on disk
(:func:`addin.render.package.carry_parts`), so an ``.xlsm`` stays a macro-enabled workbook
with its buttons, and a workbook that carried Lite's code still does. A file that carried
no Lite code (written before workbooks did) gets it now (:func:`addin.render.lite_part.with_lite`).
"""

from __future__ import annotations

from pathlib import Path

from addin.render.lite_part import lite_wheel, read_lite, with_lite
from addin.render.package import carry_parts


def keep_parts(path: Path, new: bytes) -> bytes:
    """``new``, the package replacing the file ``path``, with the parts of ``path`` it must keep."""
    kept = carry_parts(Path(path).read_bytes(), new)
    return kept if read_lite(kept) else with_lite(kept, lite_wheel())
