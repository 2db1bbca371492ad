"""The project's own VBA project writer (MS-OVBA in MS-CFB), read back by independent parsers.

Oracles: oletools (``olevba``'s decompression and module extraction; ``olefile``, its
compound-file reader, in its strict mode), the worked examples of [MS-OVBA] §3.1 and the
``PROJECT`` stream of xlwings' shipped ``quickstart_addin_ribbon.xlam`` (written by Office).
"""

from __future__ import annotations

import random
import re
import struct
import warnings
import zipfile
from pathlib import Path

import olefile
import pytest

with warnings.catch_warnings():  # oletools' pyparsing grammar warns about pyparsing's renamed methods
    warnings.simplefilter("ignore")
    from oletools.olevba import VBA_Parser, decompress_stream

import xlwings
from addin.render import vba_sources
from addin.render.cfb import compound_file
from addin.render.ovba import (CLASS, DOCUMENT, PASSWORD_NONE, PROTECTION_NONE, VISIBLE, Module, compress, decrypt,
                               encrypt, vba_project)


def olevba_modules(data: bytes) -> dict[str, str]:
    """``{module name: source}`` as olevba reads them from a ``vbaProject.bin``."""
    parser = VBA_Parser("vbaProject.bin", data=data)
    return {stream.split("/")[-1]: code for _, stream, _, code in parser.extract_macros()}


# -- compression (§2.4.1) --------------------------------------------------------------------

@pytest.mark.parametrize("data", [
    b"", b"a", b"abc" * 5, b"#aaabcdefaaaaghijaaaaaklaaamnopqaaaaaaaaaaaarstuvwxyzaaa",  # §3.2.3's example
    bytes(4096), bytes(4097), b"x" * 8192 + b"y",
    bytes(random.Random(1).randrange(256) for _ in range(4096 * 3 + 17)),  # incompressible: raw chunks
    (Path(vba_sources.stub_folder()) / "Appariements.bas").read_bytes() * 7,
])
def test_olevba_decompresses_what_compress_wrote(data):
    assert bytes(decompress_stream(bytearray(compress(data)))) == data


def test_text_compresses(tmp_path):
    text = (Path(xlwings.__file__).parent / "xlwings_custom_addin.bas").read_bytes()
    assert len(compress(text)) < len(text) * 0.6


# -- Data Encryption (§2.4.3) ----------------------------------------------------------------

def test_the_specification_example_decrypts_to_no_protection_no_password_visible():
    """[MS-OVBA] §3.1.6: the PROJECT stream of ID {917DED54-…}: CMG, DPB, GC."""
    key = sum(b"{917DED54-440B-4FD1-A5C1-74ACF261E600}") & 0xFF
    assert decrypt(bytes.fromhex("0705D8E3D8EDDBF1DBF1DBF1DBF1")) == (key, PROTECTION_NONE)
    assert decrypt(bytes.fromhex("0E0CD1ECDFF4E7F5E7F5E7")) == (key, PASSWORD_NONE)
    assert decrypt(bytes.fromhex("1517CAF1D6F9D7F9D706")) == (key, VISIBLE)


def test_office_written_values_decrypt_the_same_way():
    """The PROJECT stream Office wrote in xlwings' quickstart_addin_ribbon.xlam."""
    with zipfile.ZipFile(Path(xlwings.__file__).parent / "quickstart_addin_ribbon.xlam") as book:
        project = olefile.OleFileIO(book.read("xl/vbaProject.bin")).openstream("PROJECT").read().decode("cp1252")
    ident = re.search(r'ID="(\{[^"]+\})"', project).group(1)
    values = dict(re.findall(r'^(CMG|DPB|GC)="([0-9A-F]+)"', project, re.M))
    key = sum(ident.encode()) & 0xFF
    assert decrypt(bytes.fromhex(values["CMG"])) == (key, PROTECTION_NONE)
    assert decrypt(bytes.fromhex(values["DPB"])) == (key, PASSWORD_NONE)
    assert decrypt(bytes.fromhex(values["GC"])) == (key, VISIBLE)


@pytest.mark.parametrize("seed", range(256))
def test_every_seed_encrypts_reversibly(seed):
    ident = "{917DED54-440B-4FD1-A5C1-74ACF261E600}"
    for data in (PROTECTION_NONE, PASSWORD_NONE, VISIBLE, b"mot de passe"):
        encrypted = encrypt(ident, data, seed)
        assert encrypted[0] == seed and len(encrypted) == 3 + (seed & 6) // 2 + 4 + len(data)
        assert decrypt(encrypted) == (sum(ident.encode()) & 0xFF, data)


# -- the compound file (MS-CFB) ---------------------------------------------------------------

@pytest.mark.parametrize("sizes", [[0, 1, 63, 64, 65], [4095, 4096, 4097], [512 * 300 + 5], list(range(1, 200, 7))])
def test_olefile_reads_every_stream_back(sizes):
    rng = random.Random(len(sizes))
    streams = {f"S{i}" if i % 3 else f"Storage/S{i}": bytes(rng.randrange(256) for _ in range(size))
               for i, size in enumerate(sizes)}
    data = compound_file(streams)
    ole = olefile.OleFileIO(data, raise_defects=olefile.DEFECT_INCORRECT)
    for path, content in streams.items():
        assert ole.openstream(path).read() == content
    assert sorted("/".join(p) for p in ole.listdir()) == sorted(streams)


# -- the VBA project -------------------------------------------------------------------------

MODULES = [Module("ThisWorkbook", "", DOCUMENT),
           Module("Réglages", "' Créer le tournoi, mettre à jour : « é è à ç œ € »\nOption Explicit\n"),
           Module("Dictionary", "Option Explicit\nPrivate Count As Long\n", CLASS)]


def test_the_project_holds_source_only():
    data = vba_project(MODULES)
    ole = olefile.OleFileIO(data, raise_defects=olefile.DEFECT_INCORRECT)
    # §2.3.4.1: 0x61CC, version 0xFFFF, 0x00, reserved; no performance cache
    assert ole.openstream("VBA/_VBA_PROJECT").read()[:5] == struct.pack("<HHB", 0x61CC, 0xFFFF, 0)
    assert ole.get_size("VBA/_VBA_PROJECT") == 7
    project = ole.openstream("PROJECT").read().decode("cp1252")
    assert "Document=ThisWorkbook/&H00000000" in project and "Module=Réglages" in project
    assert "Class=Dictionary" in project
    # each module stream is its compressed source at offset 0 (MODULEOFFSET 0, no cache)
    for module in MODULES:
        stream = ole.openstream(f"VBA/{module.name}").read()
        assert bytes(decompress_stream(bytearray(stream))).decode("cp1252") == module.source()


def test_olevba_reads_every_module_as_written_accents_included():
    assert olevba_modules(vba_project(MODULES)) == {m.name: m.source() for m in MODULES}


def test_the_same_modules_give_the_same_bytes():
    assert vba_project(MODULES) == vba_project(list(MODULES))
    assert vba_project(MODULES) != vba_project(MODULES[:2])


def test_a_character_outside_code_page_1252_is_refused():
    with pytest.raises(ValueError, match="code page 1252"):
        vba_project([Module("Bad", "' Ω")])


# -- what the add-in and the workbooks carry -------------------------------------------------

@pytest.fixture(scope="module")
def addin_project() -> dict[str, str]:
    return olevba_modules(vba_sources.project_bytes(True))


@pytest.fixture(scope="module")
def workbook_project() -> dict[str, str]:
    return olevba_modules(vba_sources.project_bytes(False))


def test_olevba_reads_the_addin_and_workbook_projects_as_built(addin_project, workbook_project):
    assert addin_project == {m.name: m.source() for m in vba_sources.addin_modules()}
    assert workbook_project == {m.name: m.source() for m in vba_sources.workbook_modules()}


def test_every_vba_stub_module_is_carried_as_its_text(addin_project):
    for path in sorted(vba_sources.stub_folder().glob("*.bas")):
        text = path.read_text(encoding="utf-8")
        name = re.search(r'Attribute VB_Name = "([^"]+)"', text).group(1)
        assert addin_project[name].replace("\r\n", "\n").strip() == text.strip(), path.name
    assert "Vérifier l'installation" in addin_project["Installation"]  # accents survive


def test_every_excel_function_has_its_wrapper(addin_project, workbook_project):
    from support.xlwings_server import registered_functions

    for project, caller in ((addin_project, "ActiveWorkbook"), (workbook_project, "ThisWorkbook")):
        wrappers = set(re.findall(r"^Function (\w+)\(", project["xlwings_udfs"], re.M))
        assert wrappers == set(registered_functions())
        for name in wrappers:
            assert f'{name} = XLPy.CallUDF("addin.excel.udfs", "{name}", ' in project["xlwings_udfs"]
        assert f"{caller}, Application.Caller)" in project["xlwings_udfs"]


def test_runpython_comes_from_xlwings_custom_addin_module_under_the_projects_name(addin_project):
    code = addin_project["xlwings"]
    assert 'Public Const PROJECT_NAME As String = "appariements"' in code
    assert "Public Function RunPython(PythonCommand As String)" in code
    assert f'XLWINGS_VERSION As String = "{xlwings.__version__}"' in code
    assert "Dictionary" in addin_project and "VB_Name = \"Dictionary\"" in addin_project["Dictionary"]


def test_every_ribbon_callback_runs_a_button_of_vba_stub(addin_project):
    callbacks = dict(re.findall(r"^Sub (\w+)\(control As IRibbonControl\)\r\n    (\w+\.\w+)\r\n", addin_project["Ribbon"],
                                re.M))
    assert callbacks == {vba_sources.ribbon_callback(b): b.macro for b in vba_sources.buttons()}
    for macro in callbacks.values():
        module, sub = macro.split(".")
        assert re.search(rf"^Sub {sub}\(\)", addin_project[module], re.M), macro


def test_a_sub_added_to_vba_stub_becomes_a_button(tmp_path, monkeypatch):
    for path in vba_sources.stub_folder().glob("*.bas"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "Affiches.bas").write_text(
        'Attribute VB_Name = "Affiches"\n\' Event: *\n\' Group: Affiches | Posters\n\n'
        "' Button: Publier les résultats | Publish the results\nSub PublierResultats()\n"
        '    RunPython "import addin.excel.buttons; addin.excel.buttons.check_installation()"\nEnd Sub\n',
        encoding="utf-8")
    monkeypatch.setattr(vba_sources, "stub_folder", lambda: tmp_path)
    vba_sources.stubs.cache_clear()
    try:
        found = [b for b in vba_sources.buttons() if b.module == "Affiches"]
        assert [(b.sub, b.label("fr"), b.label("en"), b.group("fr")) for b in found] == [
            ("PublierResultats", "Publier les résultats", "Publish the results", "Affiches")]
        assert found[0] in vba_sources.buttons("molter")  # an Event: * button is on every event's sheets
        assert 'onAction="Ribbon_Affiches_PublierResultats"' in vba_sources.ribbon_xml(vba_sources.buttons(), "fr")
    finally:
        vba_sources.stubs.cache_clear()


def test_every_button_has_a_label_in_both_languages():
    for button in vba_sources.buttons():
        assert button.label_fr and button.label_en and button.label_fr != button.sub, button
        assert button.event == "*" or button.event in {"roundrobin", "molter", "combinee", "league", "scheveningen"}


def test_a_wrapper_generation_failure_is_reported(monkeypatch):
    monkeypatch.setattr(vba_sources, "UDF_MODULE", "addin.no_such_module")
    vba_sources.udf_wrappers.cache_clear()
    try:
        with pytest.raises(RuntimeError, match="generator failed"):
            vba_sources.udf_wrappers(True)
    finally:
        vba_sources.udf_wrappers.cache_clear()


def test_the_xlwings_files_read_exist():
    folder = Path(xlwings.__file__).parent
    assert (folder / "xlwings_custom_addin.bas").is_file() and (folder / "addin" / "Dictionary.cls").is_file()
