"""xlwings Lite's code in every event workbook: the web-extension part, its package, its size.

Oracles: the package read as parts (zip, XML, JSON), Python's own ``ast`` and ``compile`` for
the carried modules, and the budget Office sets on an add-in's settings (docs/excel-addin.md).
That the carried ``main.py`` runs in Pyodide and computes what the desktop computes is
``tests/doors/lite/test_lite_pyodide.py``'s workbook route.
"""

from __future__ import annotations

import ast
import html
import io
import json
import re
import zipfile
import zlib
from pathlib import Path

import pytest

import addin
from addin.render import lite_part
from addin.render.lite_part import ABSENT_IN_LITE, ENTRY_MODULES, SETTINGS_BUDGET, read_lite, unpack_archive
from addin.render.package import REL_TASKPANES, REL_WEBEXTENSION, Package
from support.macro_books import _inputs
from support.paths import ROOT
from support.cli import invoke

TEMPLATES = ROOT / "workbooks"
OFFICE_SETTINGS_LIMIT = 2 * 1024 * 1024  # Office's documented ceiling for one add-in's settings in a document


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("lite")
    out = {}
    for kind, command in _inputs(folder).items():
        path = folder / f"{kind}.xlsx"
        done = invoke(*command, "-o", path)
        assert done.exit_code == 0, (kind, done.output)
        out[kind] = path
    return out


@pytest.mark.parametrize("kind", ["roundrobin", "molter", "combinee", "league", "scheveningen"])
def test_every_event_workbook_carries_lites_code(written, kind):
    files = read_lite(written[kind].read_bytes())
    assert files == {"main.py": lite_part.main_py(), "requirements.txt": lite_part.requirements_txt()}
    assert "from addin.excel.udfs import *" in files["main.py"]
    assert "from addin.lite.scripts import *" in files["main.py"]


def test_every_template_carries_lites_code():
    for path in sorted(TEMPLATES.glob("*.xlsx")):
        files = read_lite(path.read_bytes())
        assert sorted(files) == ["main.py", "requirements.txt"], path.name
        assert f"appariements {addin.__version__}:" in files["main.py"]
        names = zipfile.ZipFile(io.BytesIO(unpack_archive(files["main.py"]))).namelist()
        assert {"addin/excel/udfs.py", "addin/lite/scripts.py"} <= set(names), path.name


def test_the_part_is_where_and_as_lite_keeps_it(written):
    pkg = Package(written["roundrobin"].read_bytes())
    (taskpanes,) = pkg.related("", REL_TASKPANES)
    (extension,) = pkg.related(taskpanes, REL_WEBEXTENSION)
    assert (taskpanes, extension) == ("xl/webextensions/taskpanes.xml", "xl/webextensions/webextension1.xml")
    assert pkg.content_type(taskpanes) == "application/vnd.ms-office.webextensiontaskpanes+xml"
    assert pkg.content_type(extension) == "application/vnd.ms-office.webextension+xml"
    text = pkg.text(extension)
    assert '<we:reference id="wa200008175" version="1.0.0.0" store="en-IN" storeType="OMEX"/>' in text
    assert 'store="WA200008175"' in text
    properties = dict(re.findall(r'<we:property name="([^"]*)" value="([^"]*)"', text))
    assert sorted(properties) == ["main.py", "requirements.txt"]  # no Office.AutoShowTaskpaneWithDocument
    for name, value in properties.items():  # each value: the file's JSON text, XML-escaped
        assert json.loads(html.unescape(value)) == read_lite(written["roundrobin"].read_bytes())[name]
    # the pane is not shown on opening: Office opens nothing and asks nothing of a user without Lite
    assert re.search(r'<wetp:taskpane\b[^>]*\bvisibility="0"', pkg.text(taskpanes))


def test_the_carried_package_is_what_lite_can_import():
    archive = zipfile.ZipFile(io.BytesIO(unpack_archive(lite_part.main_py())))
    names = set(archive.namelist())
    modules = {n[:-3].replace("/", ".").removesuffix(".__init__") for n in names if n.endswith(".py")}
    assert set(ENTRY_MODULES) <= modules
    # the use cases Lite's buttons run, each kind's: a module left out (one it loads imports a library Lite
    # lacks, as a file writer does) stops its button on an ImportError in Pyodide
    assert {f"addin.events.{kind}" for kind in ("roundrobin", "molter", "combinee", "league", "scheveningen")} \
        <= modules
    assert {"addin.cli", "addin.frames", "addin.render.xlsx", "addin.render.recalc", "addin.publish.site",
            "addin.publish.qr"} & modules == set()
    assert "addin/locale/fr/LC_MESSAGES/appariements.mo" in names
    for name in names:
        if not name.endswith(".py"):
            continue
        source = archive.read(name).decode("utf-8")
        tree = ast.parse(source)  # compiles as Python
        compile(tree, name, "exec")
        loading = {alias.name.split(".")[0] for node in tree.body if isinstance(node, ast.Import) for alias in node.names}
        loading |= {node.module.split(".")[0] for node in tree.body if isinstance(node, ast.ImportFrom) and node.module
                    and not node.level}
        assert loading & ABSENT_IN_LITE == set(), name
        # each module is the package's own, without docstrings and comments: the same program
        original = (Path(addin.__file__).parent.parent / name).read_text(encoding="utf-8")
        assert ast.dump(tree) == ast.dump(ast.parse(lite_part.minify(original))), name
    every = {p.relative_to(Path(addin.__file__).parent.parent).as_posix()
             for p in Path(addin.__file__).parent.rglob("*.py")}
    assert names & every == {n for n in names if n.endswith(".py")}


def test_the_carried_code_stays_well_under_offices_limit(capsys):
    main, requirements = lite_part.main_py(), lite_part.requirements_txt()
    size = lite_part.settings_size(main, requirements)
    archive = unpack_archive(main)
    packed = len(zlib.compress(archive, 9))
    raw = sum(p.stat().st_size for p in lite_part.modules().values())
    with capsys.disabled():
        print(f"\nLite code carried by a workbook: {len(lite_part.modules())} modules, {raw} bytes of source; "
              f"archive {len(archive)} bytes (minified, stored), {packed} compressed whole; main.py {len(main)} characters; settings "
              f"{size} characters = {size / OFFICE_SETTINGS_LIMIT:.1%} of Office's 2 MB")
    assert size <= SETTINGS_BUDGET <= OFFICE_SETTINGS_LIMIT // 4


def test_a_hosted_wheel_instead(tmp_path):
    url = "https://club.example.org/wheels/appariements-0.1.0-py3-none-any.whl"
    path = tmp_path / "event.xlsx"
    done = invoke("berger", "4", "--event", "--lite-wheel", url, "-o", path)
    assert done.exit_code == 0, done.output
    files = read_lite(path.read_bytes())
    assert files["requirements.txt"] == f"{lite_part.REQUIREMENTS}\nappariements @ {url}\n"
    assert "_ARCHIVE" not in files["main.py"] and "from addin.excel.udfs import *" in files["main.py"]
    assert len(path.read_bytes()) < 100_000  # no package inside
    # a rewrite keeps the choice
    assert invoke("result", path, "1", "1", "1-0").exit_code == 0
    assert read_lite(path.read_bytes()) == files


@pytest.mark.parametrize("url", ["http://club.example.org/a.whl", "https://club.example.org/a.tar.gz",
                                 "https://x.org/a.whl\nother", "appariements"])
def test_a_wheel_address_lite_cannot_install_is_refused(tmp_path, url):
    done = invoke("berger", "4", "--event", "--lite-wheel", url, "-o", tmp_path / "event.xlsx")
    assert done.exit_code == 2 and "--lite-wheel needs the https:// address" in done.output
    assert list(tmp_path.iterdir()) == []


def test_a_file_whose_lite_part_was_lost_gets_it_back(written, tmp_path):
    """LibreOffice keeps taskpanes.xml but drops the add-in's part when it saves: an update puts it back."""
    pkg = Package(written["roundrobin"].read_bytes())
    pkg.remove_part("xl/webextensions/webextension1.xml")
    path = tmp_path / "event.xlsx"
    path.write_bytes(pkg.bytes())
    assert read_lite(path.read_bytes()) == {}
    assert invoke("update", path).exit_code == 0
    assert read_lite(path.read_bytes()) == read_lite(written["roundrobin"].read_bytes())
    assert len(Package(path.read_bytes()).related("", REL_TASKPANES)) == 1
