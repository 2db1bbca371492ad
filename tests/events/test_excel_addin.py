"""``appariements excel-addin``: the ribbon add-in written, installed and removed by one command.

Oracles: the package read as parts (zip, XML), openpyxl for the configuration sheet,
oletools for its VBA project (``tests/render/test_vba_project.py`` reads every module), LibreOffice
through UNO (``tools/uno_office.py``) for what an office suite makes of the file, and
``openxml-audit`` (the Open XML SDK's validator in Python) for the schemas of Office 2010 and
Microsoft 365. What Excel itself does with the ribbon cannot be run here (docs/excel-addin.md).
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from addin.events import excel_addin
from addin.render import vba_sources
from addin.render.addin_file import CONFIG_SHEET, RIBBON_PART, config_rows
from addin.render.package import CT_ADDIN_WORKBOOK, REL_RIBBON, REL_VBA, Package
from support.package_checks import audit_errors
from support.macro_books import libreoffice_code, without_attributes
from support.cli import invoke

CUSTOM_UI = "{http://schemas.microsoft.com/office/2006/01/customui}"


@pytest.fixture(scope="module")
def addin_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("addin") / "appariements.xlam"
    done = invoke("excel-addin", "-o", path)
    assert done.exit_code == 0, done.output
    assert f"Wrote the add-in {path}" in done.output
    return path


def test_the_addin_is_an_addin_package_with_a_vba_project_and_a_ribbon(addin_file):
    pkg = Package(addin_file.read_bytes())
    assert pkg.content_type(pkg.workbook()) == CT_ADDIN_WORKBOOK
    assert pkg.related(pkg.workbook(), REL_VBA) == ["xl/vbaProject.bin"]
    assert pkg.related("", REL_RIBBON) == [RIBBON_PART]
    assert re.search(r'<workbookPr\b[^>]*codeName="ThisWorkbook"', pkg.text(pkg.workbook()))


def _ribbon(path: Path) -> ET.Element:
    with zipfile.ZipFile(path) as book:
        return ET.fromstring(book.read(RIBBON_PART))


def test_the_ribbon_holds_every_button_of_vba_stub_in_french(addin_file):
    tab = _ribbon(addin_file).find(f"{CUSTOM_UI}ribbon/{CUSTOM_UI}tabs/{CUSTOM_UI}tab")
    assert tab.get("label") == "Appariements"
    shown = [(group.get("label"), button.get("label"), button.get("onAction"))
             for group in tab.findall(f"{CUSTOM_UI}group") for button in group.findall(f"{CUSTOM_UI}button")]
    expected = [(b.group_fr, b.label_fr, vba_sources.ribbon_callback(b)) for b in vba_sources.buttons()]
    assert sorted(shown) == sorted(expected)
    assert ("Toutes rondes", "Créer le tournoi", "Ribbon_Appariements_CreerTournoi") in shown
    assert ("Installation", "Vérifier l'installation", "Ribbon_Installation_VerifierInstallation") in shown
    assert [label for _, label, _ in shown].count("Publier") == 1  # one button publishes any kind of event
    assert ("Publication", "Publier", "Ribbon_Publication_PublierSite") in shown
    assert shown[-1][0] == "Installation"


def test_the_ribbon_speaks_english_with_lang_en(tmp_path):
    path = tmp_path / "addin.xlam"
    assert invoke("excel-addin", "-o", path, "--lang", "en").exit_code == 0
    labels = {b.get("label") for b in _ribbon(path).iter(f"{CUSTOM_UI}button")}
    assert {"Build event", "Next round", "Check the installation"} <= labels
    assert "Créer le tournoi" not in labels


def test_the_addin_is_configured_for_the_python_that_built_it(addin_file):
    # openpyxl refuses the add-in content type: the same package with a workbook's content type is read instead
    pkg = Package(addin_file.read_bytes())
    pkg.set_content_type(pkg.workbook(), "application/vnd.ms-excel.sheet.macroEnabled.main+xml")
    sheet = load_workbook(io.BytesIO(pkg.bytes()))[CONFIG_SHEET]
    rows = [(r[0].value, r[1].value) for r in sheet.iter_rows()]
    assert rows == config_rows()
    assert ("UDF MODULES", "addin.excel.udfs") in rows
    assert config_rows("C:\\Python\\python.exe", "win32")[0] == ("INTERPRETER_WIN", "C:\\Python\\python.exe")
    assert config_rows("/usr/local/bin/python3", "darwin")[0] == ("INTERPRETER_MAC", "/usr/local/bin/python3")


def test_install_and_uninstall_put_and_remove_the_addin(tmp_path):
    folder = tmp_path / "XLSTART"
    env = {excel_addin.STARTUP_ENV: str(folder)}
    done = invoke("excel-addin", "--install", env=env)
    assert done.exit_code == 0, done.output
    assert done.output.strip().splitlines() == [
        f"Installed the Appariements add-in in {folder}: restart Excel and the Appariements tab is there."]
    assert sorted(p.name for p in folder.iterdir()) == ["appariements.conf", "appariements.xlam"]
    assert _ribbon(folder / "appariements.xlam") is not None
    # xlwings' GetConfigFromFile reads "key","value" lines (VBA's Input #)
    assert (folder / "appariements.conf").read_bytes() == "".join(
        f'"{k}","{v}"\r\n' for k, v in config_rows()).encode()
    assert invoke("excel-addin", "--install", env=env).exit_code == 0  # again: replaced, no copy left
    assert sorted(p.name for p in folder.iterdir()) == ["appariements.conf", "appariements.xlam"]
    done = invoke("excel-addin", "--uninstall", env=env)
    assert done.exit_code == 0 and "Removed the Appariements add-in" in done.output
    assert list(folder.iterdir()) == []
    done = invoke("excel-addin", "--uninstall", env=env)
    assert done.exit_code == 0 and "is not installed" in done.output


def test_the_startup_folders_are_those_excel_opens():
    assert excel_addin.startup_folder("win32", {"APPDATA": r"C:\Users\ann\AppData\Roaming"}) == \
        Path(r"C:\Users\ann\AppData\Roaming") / "Microsoft" / "Excel" / "XLSTART"
    mac = excel_addin.startup_folder("darwin", {})
    assert mac.parts[-4:] == ("UBF8T346G9.Office", "User Content.localized", "Startup.localized", "Excel")
    assert excel_addin.config_file("win32", {"USERPROFILE": r"C:\Users\ann"}) == \
        Path(r"C:\Users\ann") / ".appariements" / "appariements.conf"


def test_install_where_there_is_no_excel_is_refused_with_a_sentence(monkeypatch):
    monkeypatch.delenv(excel_addin.STARTUP_ENV, raising=False)
    done = invoke("excel-addin", "--install")
    assert done.exit_code == 2
    assert "Desktop Excel runs on Windows and macOS" in done.output


def test_an_addin_file_must_end_in_xlam(tmp_path):
    done = invoke("excel-addin", "-o", tmp_path / "addin.xlsx")
    assert done.exit_code == 2 and ".xlam" in done.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("version", ["office2010", "microsoft365"])
def test_the_addin_validates_against_the_office_schemas(addin_file, version):
    assert audit_errors(addin_file, version) == []


@pytest.mark.libreoffice
def test_libreoffice_opens_the_addin_and_lists_its_modules(addin_file, office):
    # LibreOffice's type detection does not know the add-in content type: its xlsm filter is named
    book = office.open(addin_file, filter="Calc MS Excel 2007 VBA XML")
    modules = book.basic_modules()["VBAProject"]
    assert book.sheet_names() == [CONFIG_SHEET]
    book.close()
    expected = {m.name: m for m in vba_sources.addin_modules()}
    assert set(modules) == set(expected)
    for name, module in expected.items():
        assert libreoffice_code(modules[name]) == without_attributes(module.code), name


