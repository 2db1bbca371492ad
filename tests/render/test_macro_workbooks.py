"""Macro-enabled event workbooks (``--macros``): the VBA project, the event's buttons, kept on every rewrite.

Every command that writes an event writes, with ``--macros`` and ``-o event.xlsm``, the same
workbook as an ``.xlsx`` plus the VBA project of ``vba_stub/`` and the buttons of that event
(and the installation check) on the sheet it opens on. Every rewrite (update, result,
withdrawal …) carries the file's VBA project, buttons and xlwings Lite code byte for byte.

Oracles: the package read as parts (zip, XML, the VML drawing XlsxWriter writes for buttons),
oletools for the VBA project, LibreOffice through UNO (its Basic libraries, each sheet button
bound to its macro; its own save of the file, then the command line's update), and
openxml-audit for the Office 2010 and Microsoft 365 schemas.
"""

from __future__ import annotations

import re
import warnings
import zipfile
from pathlib import Path

import pytest

from addin.core.errors import TournamentError
from addin.events.dispatch import use_case
from addin.render.backups import versions
from addin.render.file_book import FileBook
from addin.render import vba_sources
from addin.render.lite_part import read_lite
from addin.render.package import CT_MACRO_WORKBOOK, REL_VBA, REL_VML, Package
from support.package_checks import audit_errors
from support.macro_books import _inputs
from support.cli import invoke

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from oletools.olevba import VBA_Parser

KINDS = ("roundrobin", "molter", "combinee", "league", "scheveningen")


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, Path]:
    """One ``.xlsm`` per event kind, written by its command with ``--macros``; and the round-robin as ``.xlsx``."""
    folder = tmp_path_factory.mktemp("macros")
    out = {}
    for kind, command in _inputs(folder).items():
        path = folder / f"{kind}.xlsm"
        done = invoke(*command, "--macros", "-o", path)
        assert done.exit_code == 0, (kind, done.output)
        out[kind] = path
    path = folder / "roundrobin.xlsx"
    assert invoke(*_inputs(folder)["roundrobin"], "-o", path).exit_code == 0
    out["plain"] = path
    return out


def buttons_of(path: Path) -> dict[str, list[tuple[str, str]]]:
    """``{sheet: [(macro, caption)]}`` from the VML drawings of the sheets (Excel's form buttons)."""
    pkg = Package(path.read_bytes())
    out = {}
    for sheet, part in pkg.sheets().items():
        for vml in pkg.related(part, REL_VML):
            shapes = re.findall(r"<v:shape\b.*?</v:shape>", pkg.text(vml), re.S)
            found = []
            for shape in shapes:
                macro = re.search(r"<x:FmlaMacro>(?:\[0\]!)?([^<]+)</x:FmlaMacro>", shape)
                caption = re.sub(r"<[^>]+>", "", re.search(r"<v:textbox\b.*?</v:textbox>", shape, re.S).group(0))
                found.append((macro.group(1), caption.strip()))
            out[sheet] = found
    return out


def expected_buttons(kind: str, lang: str = "fr") -> list[tuple[str, str]]:
    return [(b.macro, b.label(lang)) for b in vba_sources.buttons(kind)]


@pytest.mark.parametrize("kind", KINDS)
def test_each_event_command_writes_its_buttons_and_the_vba_project(books, kind):
    path = books[kind]
    pkg = Package(path.read_bytes())
    assert pkg.content_type(pkg.workbook()) == CT_MACRO_WORKBOOK
    assert pkg.parts["xl/vbaProject.bin"] == vba_sources.project_bytes(False)
    shown = buttons_of(path)
    assert len(shown) == 1  # one sheet holds them: the one the workbook opens on
    assert list(shown.values())[0] == expected_buttons(kind)
    assert {b.module for b in vba_sources.buttons(kind)} - {"Installation", "Publication"} != set()
    assert ("Publication.PublierSite", "Publier") in list(shown.values())[0]  # every event publishes its site
    modules = {stream.split("/")[-1] for _, stream, _, _ in VBA_Parser(str(path)).extract_macros()}
    assert modules == {m.name for m in vba_sources.workbook_modules()}


def test_the_plain_workbook_has_no_macros(books):
    pkg = Package(books["plain"].read_bytes())
    assert pkg.related(pkg.workbook(), REL_VBA) == [] and buttons_of(books["plain"]) == {}
    assert "xl/vbaProject.bin" not in pkg.parts


def test_buttons_follow_the_workbooks_language(tmp_path):
    path = tmp_path / "en.xlsm"
    done = invoke("berger", "4", "--event", "--lang", "en", "--macros", "-o", path)
    assert done.exit_code == 0, done.output
    assert list(buttons_of(path).values()) == [expected_buttons("roundrobin", "en")]


@pytest.mark.parametrize("output, macros, message", [
    ("event.xlsm", False, "would be a macro-enabled workbook: add --macros"),
    ("event.xlsx", True, "--macros writes a macro-enabled workbook: name it with -o event.xlsm."),
])
def test_macros_and_the_xlsm_suffix_go_together(tmp_path, output, macros, message):
    done = invoke("berger", "4", "--event", *(["--macros"] if macros else []), "-o", tmp_path / output)
    assert done.exit_code == 2 and message in done.output
    assert list(tmp_path.iterdir()) == []


# -- every rewrite keeps them byte for byte -------------------------------------------------

def _kept(path: Path) -> dict[str, bytes]:
    """The parts a rewrite must keep, and the sheet holding the buttons."""
    pkg = Package(path.read_bytes())
    out = {name: data for name, data in pkg.parts.items()
           if name.startswith(("xl/vbaProject", "xl/drawings/vml", "xl/webextensions/"))}
    out["content types"] = "".join(sorted(
        re.findall(r'<(?:Override|Default)\b[^>]*(?:vbaProject|vml|webextension|macroEnabled)[^>]*/>',
                   pkg.text("[Content_Types].xml")))).encode()
    out["buttons"] = repr(buttons_of(path)).encode()
    return out


REWRITES = {
    "roundrobin": [["result", "{path}", "1", "1", "1-0"], ["withdraw", "{path}", "3", "--from-round", "3"],
                   ["update", "{path}"]],
    "molter": [["withdraw", "{path}", "C", "--from-round", "2"], ["update", "{path}"]],
    "combinee": [["update", "{path}"]],
    "league": [["update", "{path}"]],
    "scheveningen": [["update", "{path}"]],
}


@pytest.mark.parametrize("kind", KINDS)
def test_every_rewrite_keeps_the_macros_buttons_and_lite_code(books, kind, tmp_path):
    path = tmp_path / books[kind].name
    path.write_bytes(books[kind].read_bytes())
    before = _kept(path)
    assert {name for name in before if name.startswith("xl/")} >= {"xl/vbaProject.bin", "xl/drawings/vmlDrawing1.vml",
                                                                  "xl/webextensions/webextension1.xml"}
    for command in REWRITES[kind]:
        done = invoke(*[a.format(path=path) for a in command])
        assert done.exit_code == 0, (command, done.output)
        assert _kept(path) == before, command
    pkg = Package(path.read_bytes())
    assert pkg.content_type(pkg.workbook()) == CT_MACRO_WORKBOOK
    kept = versions(path)  # the previous versions, in name.backups/: macro-enabled workbooks too
    assert len(kept) == len(REWRITES[kind]) and all(p.suffix == ".xlsm" for p in kept)
    assert all(_kept(p) == before for p in kept)


def test_an_xlsm_open_in_a_spreadsheet_or_changed_since_read_is_not_rewritten(books, tmp_path):
    """The rewrite that carries the VBA project goes through the writer's guards: refused, the file untouched."""
    path = tmp_path / "roundrobin.xlsm"
    path.write_bytes(books["roundrobin"].read_bytes())
    saved = path.read_bytes()
    lock = path.with_name(f".~lock.{path.name}#")
    lock.write_text("Marie Dupont,marie,club-pc,26.11.2026 14:00,file:///home/marie;", encoding="utf-8")
    done = invoke("result", path, "1", "1", "1-0")
    assert done.exit_code == 2 and "is open in LibreOffice" in done.output
    assert path.read_bytes() == saved and versions(path) == []
    lock.unlink()
    book = FileBook(path)
    book.read_many(book.sheet_names())  # the command has read the file
    other = tmp_path / "other.xlsm"
    other.write_bytes(saved)
    assert invoke("result", other, "1", "1", "0-1").exit_code == 0
    changed = other.read_bytes()
    other.replace(path)  # what a spreadsheet saved meanwhile (a new file renamed over it)
    with pytest.raises(TournamentError, match="was changed by another program"):
        use_case(book, "set_result")(book, 1, 1, "1-0")
    book.close()
    assert path.read_bytes() == changed and versions(path) == []


def test_a_plain_workbook_stays_plain_and_keeps_its_lite_code(books, tmp_path):
    path = tmp_path / "event.xlsx"
    path.write_bytes(books["plain"].read_bytes())
    before = read_lite(path.read_bytes())
    assert invoke("result", path, "1", "1", "1-0").exit_code == 0
    pkg = Package(path.read_bytes())
    assert "xl/vbaProject.bin" not in pkg.parts and read_lite(path.read_bytes()) == before


# -- the schemas -----------------------------------------------------------------------------

@pytest.mark.parametrize("version", ["office2010", "microsoft365"])
@pytest.mark.parametrize("kind", [*KINDS, "plain"])
def test_every_written_package_validates(books, kind, version):
    assert audit_errors(books[kind], version) == []


@pytest.mark.parametrize("version", ["office2010", "microsoft365"])
def test_a_rewritten_package_validates(books, tmp_path, version):
    path = tmp_path / "event.xlsm"
    path.write_bytes(books["roundrobin"].read_bytes())
    assert invoke("result", path, "1", "2", "0-1").exit_code == 0
    assert audit_errors(path, version) == []


# -- LibreOffice -----------------------------------------------------------------------------

def _libreoffice_buttons(book, sheet) -> list[tuple[str, str]]:
    out = []
    for control in book.buttons(sheet):
        (event,) = control["events"]
        script = re.fullmatch(r"vnd\.sun\.star\.script:VBAProject\.(\w+\.\w+)\?language=Basic&location=document",
                              event["code"])
        assert event["method"] == "actionPerformed" and script, event
        out.append((script.group(1), control["label"]))
    return out


@pytest.mark.libreoffice
@pytest.mark.parametrize("kind", ["roundrobin", "molter"])
def test_libreoffice_binds_each_button_to_its_macro(books, kind, office):
    from support.macro_books import libreoffice_code, without_attributes

    book = office.open(books[kind])
    (sheet, expected), = buttons_of(books[kind]).items()
    assert _libreoffice_buttons(book, sheet) == expected
    modules = book.basic_modules()["VBAProject"]
    book.close()
    for module in vba_sources.workbook_modules():
        assert libreoffice_code(modules[module.name]) == without_attributes(module.code), module.name


@pytest.mark.libreoffice
@pytest.mark.parametrize("suffix", [".xlsm", ".xlsx"])
def test_a_workbook_saved_by_libreoffice_then_updated_keeps_macros_buttons_lite_code_and_results(
        books, office, tmp_path, suffix):
    """The organiser types a result in LibreOffice and saves; the command line then updates the file.

    LibreOffice writes its own VBA project and buttons (VML, drawing, form-control parts) and drops
    xlwings Lite's part; the update keeps what it saved byte for byte and puts the Lite part back.
    LibreOffice does not read back the buttons of a file it saved itself (it shows none before the
    update either): that the update loses none of what it shows is what can be checked there.
    """
    path = tmp_path / f"event{suffix}"
    path.write_bytes(books["roundrobin" if suffix == ".xlsm" else "plain"].read_bytes())
    book = office.open(path)
    book.type("Rondes", "E5", "1-0")
    book.save(fmt=suffix[1:])
    book.close()
    saved = Package(path.read_bytes())
    saved_errors = {e.split(": ", 1)[1] for e in audit_errors(path, "office2010")}
    book = office.open(path)
    shown_before = _libreoffice_buttons(book, "Rondes")
    book.close()
    assert invoke("update", path).exit_code == 0
    pkg = Package(path.read_bytes())
    assert sorted(read_lite(path.read_bytes())) == ["main.py", "requirements.txt"]  # put back
    book = office.open(path)
    assert _libreoffice_buttons(book, "Rondes") == shown_before
    assert book.value("Rondes", "E5") == "1-0"  # the result typed in LibreOffice, kept
    modules = set(book.basic_modules().get("VBAProject", {}))
    book.close()
    if suffix == ".xlsm":
        kept = [n for n in saved.parts if n.startswith(("xl/vbaProject", "xl/drawings/", "xl/ctrlProps/"))]
        assert "xl/vbaProject.bin" in kept and any(n.endswith(".vml") for n in kept)
        for name in kept:
            assert pkg.parts[name] == saved.parts[name], name  # what LibreOffice saved, byte for byte
        assert [m for m, _ in buttons_of(path)["Rondes"]] == [m for m, _ in expected_buttons("roundrobin")]
        assert pkg.content_type(pkg.workbook()) == CT_MACRO_WORKBOOK
        assert modules >= {m.name for m in vba_sources.workbook_modules()}
    else:
        assert "xl/vbaProject.bin" not in pkg.parts and buttons_of(path) == {}
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
    # the updated file has no schema error of its own: at most those of the parts LibreOffice wrote, kept as they were
    errors = audit_errors(path, "office2010")
    assert {e.split(": ", 1)[1] for e in errors} <= saved_errors
    assert all(e.startswith("/xl/drawings/") for e in errors), errors


def _vml_objects(path: Path) -> dict[str, list[str]]:
    """Each VML drawing of the file: the kinds of its shapes (``Note`` a comment, ``Button`` a button)."""
    with zipfile.ZipFile(path) as archive:
        return {name: re.findall(r'ObjectType="(\w+)"', archive.read(name).decode("utf-8", "replace"))
                for name in archive.namelist() if name.endswith(".vml")}


@pytest.mark.libreoffice
def test_a_comment_beside_the_buttons_keeps_both_through_an_update(books, office, tmp_path):
    """A sheet's comments and its buttons share one VML drawing: a comment typed in LibreOffice on the
    Rondes sheet, which holds the buttons, then ``update``: the note and every button are still drawn
    (the writer's own drawing of the comments replaced the one holding the buttons)."""
    path = tmp_path / "event.xlsm"
    path.write_bytes(books["roundrobin"].read_bytes())
    book = office.open(path)
    book.add_comment("Rondes", "F4", "Arbitre : réclamation")
    book.save(fmt="xlsm")
    book.close()
    assert invoke("update", path).exit_code == 0
    shapes = sorted(kind for kinds in _vml_objects(path).values() for kind in kinds)
    assert shapes == sorted(["Note"] + ["Button"] * len(expected_buttons("roundrobin")))
    book = office.open(path)
    assert book.comments("Rondes") == [("F4", "Arbitre : réclamation")]
    book.close()


def test_buttons_and_a_comment_on_another_sheet_each_keep_their_drawing(books, tmp_path):
    """The writer numbers the comments' drawing of the Players sheet ``vmlDrawing1``, the name the
    buttons' drawing of the Rondes sheet has in the old file: the carried one takes a free name
    instead of overwriting it."""
    from addin.render import xlsx_comments

    path = tmp_path / "event.xlsm"
    path.write_bytes(books["roundrobin"].read_bytes())
    comments = {"Joueurs": {(3, 2): ("né en 2012", "Arbitre")}}
    original = xlsx_comments.read_comments
    import addin.render.file_book as file_book
    file_book.read_comments = lambda p: {**original(p), **comments}
    try:
        assert invoke("update", path).exit_code == 0
    finally:
        file_book.read_comments = original
    drawn = _vml_objects(path)
    assert sorted(drawn.values()) == sorted([["Note"], ["Button"] * len(expected_buttons("roundrobin"))])
    pkg = Package(path.read_bytes())
    (rondes_vml,) = pkg.related(pkg.sheets()["Rondes"], REL_VML)
    macros = re.findall(r"<x:FmlaMacro>(?:\[0\]!)?([^<]+)</x:FmlaMacro>", pkg.text(rondes_vml))
    assert macros == [m for m, _ in expected_buttons("roundrobin")]
    assert xlsx_comments.read_comments(path)["Joueurs"] == {(3, 2): ("né en 2012", "Arbitre")}
