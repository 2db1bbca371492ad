"""What a rewrite of an event file keeps from the file it replaces, beyond the sheets.

An event rewritten from its layout (update, result, withdrawal …) is a new package made by
the writer (:func:`rewritten`): with the VBA project of the file on disk, byte for byte, when
it has one (XlsxWriter's ``add_vba_project``, which also names the workbook and its sheets for
VBA). Then :func:`addin.render.package.carry_parts` carries from the file, byte for byte, the
buttons (each sheet's drawing layer), the ribbon and xlwings Lite's code, so an ``.xlsm`` stays
a macro-enabled workbook with its buttons, and a workbook that carried Lite's code still does.
A file that carried no Lite code (written before workbooks did, or saved by LibreOffice, which
drops it) gets it now (:func:`addin.render.lite_part.with_lite`).
"""

from __future__ import annotations

from pathlib import Path

from addin.render.lite_part import lite_wheel, read_lite, with_lite
from addin.render.package import REL_VBA, Package, carry_parts
from addin.sheets.model import WorkbookLayout


def rewritten(path: Path, layout: WorkbookLayout) -> bytes:
    """The package replacing the event file ``path`` with ``layout``, keeping what ``path`` must keep."""
    from addin.render.xlsx import Macros, xlsx_bytes  # here: an event open in Excel (xlwings Lite) never writes a file

    old = Path(path).read_bytes()
    before = Package(old)
    vba = before.related(before.workbook(), REL_VBA)
    new = xlsx_bytes(layout, Macros(before.parts[vba[0]]) if vba else None)
    kept = carry_parts(old, new)
    return kept if read_lite(kept) else with_lite(kept, lite_wheel())
