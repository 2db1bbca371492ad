"""xlwings Lite's code inside a workbook: the web-extension part that carries ``main.py``.

xlwings Lite keeps a workbook's code in the Office add-in settings of the workbook:
``xl/webextensions/webextension1.xml`` (reached from the package through
``xl/webextensions/taskpanes.xml``), one ``<we:property name="main.py" value="…"/>`` and
one ``name="requirements.txt"``, each value the JSON text of the file, XML-escaped; the
add-in is referenced as ``id="wa200008175" store="en-IN" storeType="OMEX"``, with the
alternate ``store="WA200008175"`` (docs/excel-addin.md cites the workbooks Lite saved).

The task pane is written with ``visibility="0"`` and no ``Office.AutoShowTaskpaneWithDocument``
property: Office then opens nothing and asks nothing when the workbook is opened — the
pane "will only open if the add-in is already installed", and only a pane written with
``visibility="1"`` prompts a user to install and trust the add-in (Microsoft, "Automatically
open a task pane with a document"). An organiser with Lite opens its pane and finds the
code there; Excel without Lite and LibreOffice show nothing.

The package travels inside ``main.py`` by default (:func:`main_py`): the modules that
``addin.excel.udfs`` and ``addin.lite.scripts`` import, directly or inside a function,
with their docstrings and comments removed (:func:`archive`), and the data files they read
(the French catalogue, the Molter tables as printed), as a zip archive (stored, then
compressed whole with zlib: a fifth smaller than a zip compressing each module alone) in
base64 that ``main.py`` unpacks and puts on ``sys.path`` — Pyodide imports from a zip like
any Python. With a
``wheel_url`` instead, ``requirements.txt`` names a hosted wheel and ``main.py`` carries
no package. Office documents 2 MB as the most an add-in's settings may hold in one
document (docs/excel-addin.md); :data:`SETTINGS_BUDGET` keeps the carried code well under.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import html
import io
import json
import re
import uuid
import zipfile
import zlib
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Iterator

import addin
from addin.core.errors import TournamentError
from addin.render.build_cache import cached, digest
from addin.render.package import CT_TASKPANES, CT_WEBEXTENSION, REL_TASKPANES, REL_WEBEXTENSION, Package

PACKAGE_ROOT = Path(addin.__file__).resolve().parent
#: the modules xlwings Lite's main.py imports (their own imports follow)
ENTRY_MODULES = ("addin.excel.udfs", "addin.lite.scripts")
#: data files the carried modules read (paths under the package)
DATA_FILES = ("locale/fr/LC_MESSAGES/*.mo", "data/molter/*.csv", "data/directed/*.tsv")
#: what xlwings Lite installs beside main.py (the same line as the repository's lite/requirements.txt)
REQUIREMENTS = "xlwings>=0.37,<1.0"
#: the most characters the two settings may hold together: a quarter of Office's 2 MB
SETTINGS_BUDGET = 512 * 1024

LITE_ID, LITE_STORE, LITE_ALTERNATE_STORE = "wa200008175", "en-IN", "WA200008175"
WEBEXTENSION = "xl/webextensions/webextension1.xml"
TASKPANES = "xl/webextensions/taskpanes.xml"
_WE = "http://schemas.microsoft.com/office/webextensions/webextension/2010/11"
_WETP = "http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


# -- the package as an archive ---------------------------------------------------------------

def _module_path(name: str) -> Path | None:
    if name == "addin":
        return PACKAGE_ROOT / "__init__.py"
    relative = Path(*name.split(".")[1:])
    for candidate in (PACKAGE_ROOT / relative / "__init__.py", PACKAGE_ROOT / relative.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


#: what xlwings Lite never installs: a module importing one of these when it loads cannot run there (the file
#: writers and readers; the published site's templates and QR code: Lite's *Publier* answers that the command
#: line publishes, before it loads them)
ABSENT_IN_LITE = frozenset({"openpyxl", "xlsxwriter", "click", "pandas", "jinja2", "segno"})


def _imports(path: Path, name: str) -> tuple[set[str], set[str]]:
    """(the modules ``path`` imports when it loads, those it imports inside a function): every name, third-party too."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    loading: set[str] = set()
    lazy: set[str] = set()

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            found = lazy if inside else loading
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - child.level + 1] if child.level else []
                target = ".".join(base + ([child.module] if child.module else []))
                found.add(target)
                found.update(f"{target}.{alias.name}" for alias in child.names)
            visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return loading, lazy


def modules() -> dict[str, Path]:
    """The modules of the package that xlwings Lite can run and the entry modules reach.

    From :data:`ENTRY_MODULES`, every module imported, when loading or inside a function,
    with its packages — except a module that, when it loads, imports something Lite never
    installs (:data:`ABSENT_IN_LITE`: the file writers and readers) or such a module: it
    could not be imported there, so what only it needs is left out too.
    """
    paths: dict[str, Path] = {}
    edges: dict[str, tuple[set[str], set[str]]] = {}
    todo = list(ENTRY_MODULES)
    while todo:
        name = todo.pop()
        path = _module_path(name)
        if name in paths or path is None:
            continue
        paths[name] = path
        loading, lazy = _imports(path, name)
        parts = name.split(".")
        loading |= {".".join(parts[:i]) for i in range(1, len(parts))}
        edges[name] = (loading, lazy)
        todo += sorted(t for t in loading | lazy if t == "addin" or t.startswith("addin."))
    broken = {n for n, (loading, _) in edges.items() if {t.split(".")[0] for t in loading} & ABSENT_IN_LITE}
    grew = True
    while grew:
        grew = False
        for name, (loading, _) in edges.items():
            if name not in broken and loading & broken:
                broken.add(name)
                grew = True
    keep: set[str] = set()
    todo = [n for n in ENTRY_MODULES if n in paths]
    while todo:
        name = todo.pop()
        if name in keep or name in broken or name not in paths:
            continue
        keep.add(name)
        todo += sorted(t for t in edges[name][0] | edges[name][1] if t in paths)
    return {name: paths[name] for name in sorted(keep)}


def minify(source: str) -> str:
    """``source`` without its docstrings and comments (the same program, as :func:`ast.unparse` writes it)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


@lru_cache(maxsize=1)
def archive() -> bytes:
    """The zip archive of :func:`modules` (minified) and :data:`DATA_FILES`, the same bytes for the same sources
    (built once per change of the package, :mod:`addin.render.build_cache`)."""
    sources = [*PACKAGE_ROOT.rglob("*.py"), *(p for pattern in DATA_FILES for p in PACKAGE_ROOT.glob(pattern))]
    return cached("lite", digest(sources), _build_archive)


def _build_archive() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:  # compressed whole by main_py
        entries = [(path.relative_to(PACKAGE_ROOT.parent).as_posix(), minify(path.read_text(encoding="utf-8")).encode())
                   for path in modules().values()]
        entries += [(path.relative_to(PACKAGE_ROOT.parent).as_posix(), path.read_bytes())
                    for pattern in DATA_FILES for path in sorted(PACKAGE_ROOT.glob(pattern))]
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            out.writestr(info, data)
    return buffer.getvalue()


_IMPORTS = '''
# The Excel functions: =BERGER_OPPONENT(…), =RUTSCH_TABLE(…), =MOLTER_PAIR(…), =COMBINEE_…, =DIRECTED_…,
# =VARMA_…, =LEAGUE_… (the same definitions as on Windows desktop and xlwings Server).
from addin.excel.udfs import *  # noqa: E402,F401,F403

# The buttons (xlwings Lite's Run menu).
from addin.lite.scripts import *  # noqa: E402,F401,F403
'''

_LOADER = '''"""appariements in xlwings Lite, carried by this workbook: nothing to install, nothing to paste.

The pairing package (appariements {version}: {count} modules and the data they read) travels
below as a zip archive in base64, written by `appariements` when it wrote this workbook. This
code puts it on sys.path, then imports the Excel functions and the Run scripts.
"""

import base64
import os
import sys
import tempfile
import zlib

_ARCHIVE = """
{payload}
"""


def _mount() -> None:
    path = os.path.join(tempfile.gettempdir(), "appariements-{digest}.zip")
    if not os.path.isfile(path):
        with open(path, "wb") as handle:
            handle.write(zlib.decompress(base64.b64decode(_ARCHIVE)))
    for name in [n for n in sys.modules if n == "addin" or n.startswith("addin.")]:
        del sys.modules[name]  # another copy of the package loaded before this one
    if path in sys.path:
        sys.path.remove(path)
    sys.path.insert(0, path)


_mount()
'''

_HOSTED = '''"""appariements in xlwings Lite: the functions and the Run scripts.

The pairing package is installed by xlwings Lite from the wheel named in requirements.txt.
"""
'''


def main_py(wheel_url: str | None = None) -> str:
    """The ``main.py`` a workbook carries: the package inside it, or (``wheel_url``) only the imports."""
    if wheel_url:
        return _HOSTED + _IMPORTS
    data = archive()
    encoded = base64.b64encode(zlib.compress(data, 9)).decode("ascii")
    payload = "\n".join(encoded[i:i + 100] for i in range(0, len(encoded), 100))
    with zipfile.ZipFile(io.BytesIO(data)) as carried:
        count = sum(name.endswith(".py") for name in carried.namelist())
    return _LOADER.format(version=addin.__version__, count=count, payload=payload,
                          digest=hashlib.sha256(data).hexdigest()[:16]) + _IMPORTS


def requirements_txt(wheel_url: str | None = None) -> str:
    """The ``requirements.txt`` a workbook carries (a line naming the hosted wheel with ``wheel_url``)."""
    return REQUIREMENTS + "\n" + (f"appariements @ {wheel_url}\n" if wheel_url else "")


# -- a hosted wheel instead (--lite-wheel) ---------------------------------------------------

_WHEEL: ContextVar[str | None] = ContextVar("appariements_lite_wheel", default=None)


def lite_wheel() -> str | None:
    """The address of the hosted wheel the workbooks written now name, or None (the package inside them)."""
    return _WHEEL.get()


@contextmanager
def hosted_wheel(url: str | None) -> Iterator[None]:
    """Within this block, new workbooks name the wheel at ``url`` in their ``requirements.txt`` (None: no change)."""
    if url is None:
        yield
        return
    check_wheel_url(url)
    token = _WHEEL.set(url)
    try:
        yield
    finally:
        _WHEEL.reset(token)


def check_wheel_url(url: str) -> None:
    """A wheel xlwings Lite can install: an ``https://`` address of a ``.whl`` file, nothing else on the line."""
    if not re.fullmatch(r"https://[^\s#;'\"<>]+\.whl", url or ""):
        raise TournamentError("--lite-wheel needs the https:// address of the package's wheel (a file ending in "
                              ".whl), not '{url}'.", url=url)


# -- the parts -------------------------------------------------------------------------------

def _attribute(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def webextension_xml(main: str, requirements: str) -> str:
    """The web-extension part holding Lite's two files as settings (each value the file's JSON text)."""
    values = {"main.py": json.dumps(main), "requirements.txt": json.dumps(requirements)}
    ident = "{" + str(uuid.UUID(bytes=hashlib.sha256(values["main.py"].encode()).digest()[:16])).upper() + "}"
    properties = "".join(f'<we:property name="{name}" value="{_attribute(value)}"/>' for name, value in values.items())
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<we:webextension xmlns:we="{_WE}" id="{ident}">'
            f'<we:reference id="{LITE_ID}" version="1.0.0.0" store="{LITE_STORE}" storeType="OMEX"/>'
            f'<we:alternateReferences><we:reference id="{LITE_ID.upper()}" version="1.0.0.0" '
            f'store="{LITE_ALTERNATE_STORE}" storeType="OMEX"/></we:alternateReferences>'
            f"<we:properties>{properties}</we:properties><we:bindings/>"
            f'<we:snapshot xmlns:r="{_R}"/></we:webextension>')


def taskpanes_xml() -> str:
    """The task-pane part: docked right, not shown on opening (``visibility="0"``)."""
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<wetp:taskpanes xmlns:wetp="{_WETP}"><wetp:taskpane dockstate="right" visibility="0" width="350" '
            f'row="0"><wetp:webextensionref xmlns:r="{_R}" r:id="rId1"/></wetp:taskpane></wetp:taskpanes>')


def settings_size(main: str, requirements: str) -> int:
    """The characters the two settings take (their JSON texts)."""
    return len(json.dumps(main)) + len(json.dumps(requirements))


def with_lite(data: bytes, wheel_url: str | None = None) -> bytes:
    """The package ``data`` (an ``.xlsx``/``.xlsm``) carrying Lite's code (replacing any it carried)."""
    main, requirements = main_py(wheel_url), requirements_txt(wheel_url)
    size = settings_size(main, requirements)
    if size > SETTINGS_BUDGET:  # a regression of the bundle, never an organiser's input
        raise RuntimeError(f"the xlwings Lite code takes {size} characters, over the budget of {SETTINGS_BUDGET}")
    pkg = Package(data)
    if read_lite(data) == {"main.py": main, "requirements.txt": requirements}:
        return data
    for part in pkg.related("", REL_TASKPANES):  # an older or broken copy of the part goes
        for extension in pkg.related(part, REL_WEBEXTENSION):
            pkg.remove_part(extension)
        pkg.remove_part(part)
    pkg.add_part(WEBEXTENSION, webextension_xml(main, requirements).encode("utf-8"), CT_WEBEXTENSION)
    pkg.add_part(TASKPANES, taskpanes_xml().encode("utf-8"), CT_TASKPANES)
    pkg.add_relationship(TASKPANES, REL_WEBEXTENSION, WEBEXTENSION)
    pkg.add_relationship("", REL_TASKPANES, TASKPANES)
    return pkg.bytes()


def read_lite(data: bytes) -> dict[str, str]:
    """The files Lite would read from the package ``data``: ``{"main.py": …, "requirements.txt": …}`` (or ``{}``)."""
    pkg = Package(data)
    found: dict[str, str] = {}
    for part in pkg.related("", REL_TASKPANES):
        for extension in pkg.related(part, REL_WEBEXTENSION):
            text = pkg.text(extension)
            for name, value in re.findall(r'<we:property name="([^"]*)" value="([^"]*)"', text):
                if name in ("main.py", "requirements.txt"):
                    found[name] = json.loads(html.unescape(value))
    return found


def unpack_archive(main: str) -> bytes:
    """The zip archive a self-contained ``main.py`` carries (for tests and the curious)."""
    match = re.search(r'_ARCHIVE = """\n(.*?)\n"""', main, re.S)
    return zlib.decompress(base64.b64decode(match.group(1))) if match else b""
