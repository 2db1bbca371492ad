"""The VBA of the add-in and of the macro-enabled event workbooks, gathered from its sources.

Every module comes from text a reader can open:

* the buttons: every ``.bas`` file of the repository's ``vba_stub/`` folder, as it is. Each
  names its event (``' Event: roundrobin``, ``*`` for every event) and its ribbon group
  (``' Group: <French> | <English>``), and each public ``Sub`` without arguments is a button
  whose label is the ``' Button: <French> | <English>`` line above it (its name when there is
  none): a ``Sub`` added there appears in the ribbon and on the event's sheets with no other
  change;
* ``RunPython`` itself: xlwings' module for custom add-ins, ``xlwings_custom_addin.bas``
  (shipped in the installed xlwings package, BSD-3-Clause), with its ``PROJECT_NAME`` set to
  ``appariements`` — so it reads its configuration from a sheet ``appariements.conf`` of the
  add-in or of the workbook, then from ``%USERPROFILE%\\.appariements\\appariements.conf``
  (its ``GetConfig``) — and the ``Dictionary`` class it needs on macOS (``addin/Dictionary.cls``);
* the Excel functions: xlwings' own generator of VBA wrappers, ``udfs.generate_vba_wrapper``
  (what *Import Functions* runs), run on ``addin.excel.udfs`` in a separate Python whose
  Windows-only modules (pywin32) are stubbed (:func:`udf_wrappers`);
* the ribbon's callbacks: one ``Sub Ribbon_<module>_<button>(control As IRibbonControl)`` per
  button, calling it (:func:`ribbon_module`); ``ThisWorkbook``, empty.
"""

from __future__ import annotations

import os
import re
import site
import subprocess
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from addin.render.build_cache import cached, digest
from addin.render.ovba import CLASS, DOCUMENT, Module, vba_project

PROJECT = "appariements"
UDF_MODULE = "addin.excel.udfs"
EVERY_EVENT = "*"
INSTALLATION = "Installation"  # the module of the installation check, the ribbon's last group


@dataclass(frozen=True)
class Button:
    """A button: the VBA ``Sub`` it runs (``module.sub``), its labels, its ribbon group and its event."""

    module: str
    sub: str
    label_fr: str
    label_en: str
    group_fr: str
    group_en: str
    event: str

    @property
    def macro(self) -> str:
        return f"{self.module}.{self.sub}"

    def label(self, lang: str) -> str:
        return self.label_en if lang == "en" else self.label_fr

    def group(self, lang: str) -> str:
        return self.group_en if lang == "en" else self.group_fr


def stub_folder() -> Path:
    """``vba_stub/``: beside the package in the repository, or where ``pip install`` put it
    (``<prefix>/share/appariements/vba_stub``, pyproject's ``data-files``)."""
    beside = Path(__file__).resolve().parents[2] / "vba_stub"
    if beside.is_dir():
        return beside
    for prefix in (sys.prefix, sys.base_prefix, site.getuserbase()):
        installed = Path(prefix) / "share" / "appariements" / "vba_stub"
        if installed.is_dir():
            return installed
    raise RuntimeError("the VBA sources (vba_stub/) are missing from this installation of appariements")


def _pair(text: str) -> tuple[str, str]:
    french, _, english = text.partition("|")
    return french.strip(), (english or french).strip()


def _split_bas(text: str) -> tuple[str, str]:
    """(the module's ``VB_Name``, its code without the ``Attribute`` lines that open it)."""
    lines = text.replace("\r\n", "\n").split("\n")
    name = ""
    while lines and lines[0].startswith("Attribute "):
        match = re.match(r'Attribute VB_Name = "([^"]+)"', lines.pop(0))
        name = match.group(1) if match else name
    return name, "\n".join(lines)


@lru_cache(maxsize=1)
def stubs() -> tuple[tuple[Module, tuple[Button, ...]], ...]:
    """Each ``vba_stub/*.bas`` as a module with its buttons."""
    out = []
    for path in sorted(stub_folder().glob("*.bas")):
        name, code = _split_bas(path.read_text(encoding="utf-8"))
        event_line = re.search(r"^' Event: (.+)$", code, re.M)
        event = (event_line[1] if event_line else EVERY_EVENT).strip()
        group_line = re.search(r"^' Group: (.+)$", code, re.M)
        group = _pair(group_line[1] if group_line else name)
        buttons = []
        label = None
        for line in code.split("\n"):
            found = re.match(r"' Button: (.+)$", line)
            if found:
                label = _pair(found.group(1))
                continue
            sub = re.match(r"(?:Public\s+)?Sub\s+(\w+)\s*\(\s*\)", line)
            if sub:
                fr, en = label or (sub.group(1), sub.group(1))
                buttons.append(Button(name, sub.group(1), fr, en, group[0], group[1], event))
            if line.strip() and not line.startswith("'"):
                label = None
        out.append((Module(name, code), tuple(buttons)))
    return tuple(out)


def buttons(event: str | None = None) -> list[Button]:
    """Every button (``event`` None), or those of one event and those of every event."""
    return [b for _, found in stubs() for b in found if event is None or b.event in (event, EVERY_EVENT)]


def events() -> set[str]:
    return {b.event for b in buttons()} - {EVERY_EVENT}


# -- xlwings' modules ------------------------------------------------------------------------

def _xlwings_folder() -> Path:
    import xlwings

    return Path(xlwings.__file__).resolve().parent


def xlwings_modules() -> list[Module]:
    """``RunPython`` for a custom add-in (its configuration under :data:`PROJECT`) and its ``Dictionary`` class."""
    name, code = _split_bas((_xlwings_folder() / "xlwings_custom_addin.bas").read_text(encoding="utf-8"))
    code, count = re.subn(r'(Public Const PROJECT_NAME As String = )"[^"]*"', rf'\1"{PROJECT}"', code)
    if count != 1:
        raise RuntimeError("xlwings_custom_addin.bas has no PROJECT_NAME constant to set")
    dictionary = (_xlwings_folder() / "addin" / "Dictionary.cls").read_text(encoding="utf-8")
    dictionary = dictionary.replace("\r\n", "\n")
    dictionary = dictionary[dictionary.index("\nEND\n") + 5:] if dictionary.startswith("VERSION") else dictionary
    dict_name, dict_code = _split_bas(dictionary)
    return [Module(name, code), Module(dict_name, dict_code, CLASS)]


_GENERATOR = r"""
import io, sys, types
for name in ("pythoncom", "pywintypes", "win32com", "win32com.client"):
    sys.modules[name] = types.ModuleType(name)
sys.modules["pythoncom"].CoInitialize = lambda: None
sys.modules["pythoncom"].com_error = sys.modules["pywintypes"].com_error = Exception
sys.modules["win32com.client"].Dispatch = None
import xlwings
import xlwings.udfs as udfs
xlwings.func, xlwings.arg, xlwings.ret = udfs.xlfunc, udfs.xlarg, udfs.xlret
import importlib
module = importlib.import_module(sys.argv[1])
class Book:
    Name = sys.argv[2]
out = io.StringIO()
udfs.generate_vba_wrapper(sys.argv[1], module, out, Book())
sys.stdout.buffer.write(out.getvalue().encode("utf-8"))
"""


@lru_cache(maxsize=2)
def udf_wrappers(for_addin: bool) -> Module:
    """The module ``xlwings_udfs``: xlwings' VBA wrapper of every Excel function of :data:`UDF_MODULE`.

    An add-in's wrappers pass ``ActiveWorkbook`` to Python, a workbook's ``ThisWorkbook``
    (``udfs.py``: ``"ActiveWorkbook" if xl_workbook.Name.endswith(".xlam")``).
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).resolve().parents[2])] +
                                        ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    result = subprocess.run([sys.executable, "-c", _GENERATOR, UDF_MODULE,
                             f"{PROJECT}.xlam" if for_addin else f"{PROJECT}.xlsm"],
                            capture_output=True, env=env, timeout=300)
    if result.returncode != 0:
        raise RuntimeError("xlwings' VBA wrapper generator failed: " + result.stderr.decode("utf-8", "replace"))
    code = ("'Generated by xlwings' udfs.generate_vba_wrapper from " + UDF_MODULE + "\n"
            + '#Const App = "Microsoft Excel" \'Adjust when using outside of Excel\n'
            + result.stdout.decode("utf-8"))
    return Module("xlwings_udfs", code)


# -- the ribbon ------------------------------------------------------------------------------

def ribbon_callback(button: Button) -> str:
    return f"Ribbon_{button.module}_{button.sub}"


def ribbon_module(found: list[Button]) -> Module:
    """One ribbon callback per button: ``Sub <callback>(control As IRibbonControl)`` running the button."""
    lines = ["' The ribbon's buttons (customUI/customUI.xml): each callback runs the button of vba_stub/ it names.",
             "Option Explicit", ""]
    for button in found:
        lines += [f"Sub {ribbon_callback(button)}(control As IRibbonControl)", f"    {button.macro}", "End Sub", ""]
    return Module("Ribbon", "\n".join(lines))


def _attribute(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


#: how many buttons of a ribbon group are drawn large (Créer, Mettre à jour); the others are normal
LARGE_BUTTONS = 2


def ribbon_xml(found: list[Button], lang: str) -> str:
    """``customUI/customUI.xml``: a tab *Appariements*, one group per ribbon group, one button per button."""
    groups: dict[str, list[Button]] = {}
    # the events' groups first, the installation check last
    for button in sorted(found, key=lambda b: (b.event == EVERY_EVENT, b.module == INSTALLATION)):
        groups.setdefault(button.group(lang), []).append(button)
    out = ['<customUI xmlns="http://schemas.microsoft.com/office/2006/01/customui">', "<ribbon><tabs>",
           '<tab id="appariementsTab" label="Appariements">']
    for n, (group, members) in enumerate(groups.items(), 1):
        out.append(f'<group id="appariementsGroup{n}" label="{_attribute(group)}">')
        for place, button in enumerate(members):
            # a group's first two buttons large, the others stacked three to a column (a narrower ribbon)
            out.append(f'<button id="{ribbon_callback(button)}" label="{_attribute(button.label(lang))}" '
                       f'size="{"large" if place < LARGE_BUTTONS else "normal"}" '
                       f'onAction="{ribbon_callback(button)}" imageMso="MacroPlay"/>')
        out.append("</group>")
    out += ["</tab>", "</tabs></ribbon>", "</customUI>"]
    return "\n".join(out)


# -- the projects ----------------------------------------------------------------------------

THIS_WORKBOOK = "ThisWorkbook"


def addin_modules() -> list[Module]:
    """The add-in's project: every button, the ribbon's callbacks, RunPython, the Excel functions."""
    return [Module(THIS_WORKBOOK, "", DOCUMENT), *xlwings_modules(), *(m for m, _ in stubs()),
            ribbon_module(buttons()), udf_wrappers(True)]


def workbook_modules() -> list[Module]:
    """A macro-enabled event workbook's project: the add-in's, less the ribbon (its sheets hold their buttons)."""
    return [Module(THIS_WORKBOOK, "", DOCUMENT), *xlwings_modules(), *(m for m, _ in stubs()), udf_wrappers(False)]


def _sources() -> list[Path]:
    package = Path(__file__).resolve().parents[1]
    return [*package.rglob("*.py"), *stub_folder().glob("*.bas"), _xlwings_folder() / "xlwings_custom_addin.bas",
            _xlwings_folder() / "addin" / "Dictionary.cls"]


@lru_cache(maxsize=2)
def project_bytes(for_addin: bool) -> bytes:
    """The ``vbaProject.bin`` of the add-in (``for_addin``) or of a macro-enabled workbook, built once per change
    of its sources (the package, ``vba_stub/``, xlwings)."""
    from importlib.metadata import version

    def build() -> bytes:
        return vba_project(addin_modules() if for_addin else workbook_modules())

    key = digest(_sources(), version("xlwings"), "addin" if for_addin else "workbook")
    return cached("vba-addin" if for_addin else "vba-workbook", key, build)
