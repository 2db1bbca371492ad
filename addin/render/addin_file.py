"""The *Appariements* add-in file (``.xlam``): a ribbon tab over the buttons, the Excel functions, RunPython.

Made as xlwings' own ``quickstart_addin_ribbon.xlam`` is: a workbook whose main part has
the add-in content type ``application/vnd.ms-excel.addin.macroEnabled.main+xml``, a VBA
project (:func:`addin.render.vba_sources.addin_modules`: the buttons of ``vba_stub/``, the
ribbon's callbacks, xlwings' ``RunPython`` for custom add-ins, xlwings' wrapper of every
Excel function), the ribbon ``customUI/customUI.xml`` (namespace
``http://schemas.microsoft.com/office/2006/01/customui``, package relationship
``…/2007/relationships/ui/extensibility``) and one sheet ``appariements.conf``, the
add-in's configuration that xlwings' ``GetConfig`` reads (``PROJECT_NAME & ".conf"``): the
Python that built the file and the module of the Excel functions.
"""

from __future__ import annotations

import sys

from addin.render.package import CT_ADDIN_WORKBOOK, REL_RIBBON, Package
from addin.render.vba_sources import PROJECT, UDF_MODULE, buttons, project_bytes, ribbon_xml
from addin.render.xlsx import Macros, xlsx_bytes
from addin.sheets.model import WorkbookLayout

CONFIG_SHEET = f"{PROJECT}.conf"
RIBBON_PART = "customUI/customUI.xml"


def config_rows(interpreter: str = sys.executable, platform: str = sys.platform) -> list[tuple[str, str]]:
    """The add-in's configuration: the interpreter of this platform (Windows or macOS) and the UDF module."""
    rows = []
    if platform.startswith("win"):
        rows.append(("INTERPRETER_WIN", interpreter))
    elif platform == "darwin":
        rows.append(("INTERPRETER_MAC", interpreter))
    rows.append(("UDF MODULES", UDF_MODULE))
    return rows


def addin_bytes(lang: str, interpreter: str = sys.executable, platform: str = sys.platform) -> bytes:
    """The ``.xlam`` file, its ribbon labelled in ``lang`` (``fr`` or ``en``)."""
    layout = WorkbookLayout()
    sheet = layout.add_sheet(CONFIG_SHEET)
    for r, (key, value) in enumerate(config_rows(interpreter, platform), 1):
        sheet.set(r, 1, key, text=True)
        sheet.set(r, 2, value, text=True)
    sheet.column_widths[1] = 18
    sheet.column_widths[2] = 60
    pkg = Package(xlsx_bytes(layout, Macros(project_bytes(True))))
    pkg.set_content_type(pkg.workbook(), CT_ADDIN_WORKBOOK)
    pkg.add_part(RIBBON_PART, ribbon_xml(buttons(), lang).encode("utf-8"))
    pkg.add_relationship("", REL_RIBBON, RIBBON_PART)
    return pkg.bytes()
