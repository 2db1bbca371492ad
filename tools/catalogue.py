"""Keep the French message catalogue in step with the code (a developer's tool; needs Babel).

    python tools/catalogue.py update    # add the code's new templates to the .po, mark the gone ones obsolete
    python tools/catalogue.py compile   # write the .mo that the program reads (stdlib gettext)
    python tools/catalogue.py check     # exit 1 when the .mo is not the compiled .po
    python tools/catalogue.py merge BASE OURS THEIRS   # git merge driver of the .po (see .gitattributes)

Templates are the first argument of ``TournamentError``, ``Message``, ``tr`` and ``N_`` calls
(``addin.core.messages``); f-strings are not templates and are never extracted. The command
line's help is extracted too (:func:`click_texts`): the docstring of every function decorated
as a click command or group, every ``help=``/``short_help=``/``metavar=`` string of a click
decorator, and every argument's name as click shows it (``PLAYERS``); ``addin.cli.help``
translates them when a help page is shown.
"""

from __future__ import annotations

import ast
import inspect
import io
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "addin"
PO = PACKAGE / "locale" / "fr" / "LC_MESSAGES" / "appariements.po"
MO = PO.with_suffix(".mo")
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)  # dates in the header would make every update a diff
KEYWORDS = {"TournamentError": None, "Message": None, "tr": None, "N_": None}


def extracted() -> Catalog:
    catalog = Catalog(project="appariements", locale="fr")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
        if isinstance(message, tuple):
            message = message[0]
        if message:
            catalog.add(message, locations=[(f"addin/{filename}", lineno)], auto_comments=comments)
    for filename, lineno, message in click_texts():
        catalog.add(message, locations=[(f"addin/{filename}", lineno)])
    return catalog


_CLICK_CALLS = {"option", "argument", "command", "group", "Option", "Argument", "version_option", "help_option"}
_CLICK_KEYWORDS = ("help", "short_help", "metavar", "epilog")


def _call_name(node: ast.AST) -> str:
    func = node.func if isinstance(node, ast.Call) else node
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def click_texts():
    """``(file, line, text)`` of every help text of the command line's click decorators (module docstring)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "click" not in source:
            continue
        name = str(path.relative_to(PACKAGE))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and _call_name(node) in _CLICK_CALLS:
                for keyword in node.keywords:
                    if keyword.arg in _CLICK_KEYWORDS and isinstance(keyword.value, ast.Constant) \
                            and isinstance(keyword.value.value, str) and keyword.value.value.strip():
                        yield name, node.lineno, inspect.cleandoc(keyword.value.value)
                if _call_name(node) in ("argument", "Argument") and node.args \
                        and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                    yield name, node.lineno, node.args[0].value.replace("-", "_").upper()
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if any(isinstance(d, ast.Call) and _call_name(d) in ("command", "group") for d in node.decorator_list):
                    doc = ast.get_docstring(node, clean=True)
                    if doc:
                        yield name, node.lineno, doc


def read_catalogue() -> Catalog:
    if not PO.exists():
        catalog = Catalog(project="appariements", locale="fr")
    else:
        with PO.open("rb") as handle:
            catalog = read_po(handle, locale="fr")
    catalog.fuzzy = False  # the header carries the charset: it must reach the .mo
    catalog.project, catalog.version = "appariements", ""
    catalog.copyright_holder, catalog.msgid_bugs_address = "the appariements authors", ""
    catalog.last_translator = catalog.language_team = "appariements <fr>"
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    return catalog


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update() -> None:
    catalog = read_catalogue()
    catalog.update(extracted(), no_fuzzy_matching=True)
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    PO.parent.mkdir(parents=True, exist_ok=True)
    with PO.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=True, omit_header=False, ignore_obsolete=True,
                  include_lineno=False)


def compile_mo() -> None:
    MO.write_bytes(compiled(read_catalogue()))


def merge(base: str, ours: str, theirs: str) -> int:
    """Git merge driver for the .po: the union of both branches' messages, written back to ``ours``.

    The .po is sorted and holds no line numbers, so two branches that each add messages only
    meet where their msgids sort next to each other. A translation changed on one side only
    (compared with ``base``) takes that side's; changed on both, ours is kept unless it is empty.
    Run ``python tools/catalogue.py update`` after the merge to drop the messages no code uses
    any more, and ``compile`` for the .mo.
    """
    def load(path: str) -> Catalog:
        with open(path, "rb") as handle:
            return read_po(handle, locale="fr")

    merged, other = load(ours), load(theirs)
    try:
        original = load(base)
    except (OSError, ValueError):
        original = Catalog(locale="fr")
    for message in other:
        if not message.id:
            continue
        mine = merged.get(message.id, message.context)
        before = original.get(message.id, message.context)
        if mine is None:
            merged[message.id] = message
        elif not mine.string and message.string:
            mine.string = message.string
        elif before is not None and mine.string == before.string and message.string != before.string:
            mine.string = message.string
    with open(ours, "wb") as handle:
        write_po(handle, merged, width=100, sort_output=True, omit_header=False, ignore_obsolete=True,
                 include_lineno=False)
    return 0


def translations(catalog: Catalog) -> dict[object, object]:
    """The catalogue's messages and their translations, without the header.

    The header carries ``Generated-By: Babel <version>``, so two Babel versions compile the
    same .po to different bytes; the check compares what the program reads instead.
    """
    return {message.id: message.string for message in catalog
            if message.id and message.string and not message.fuzzy}


def check() -> int:
    if not MO.exists():
        return 1
    with MO.open("rb") as handle:
        current = read_mo(handle)
    return 0 if translations(current) == translations(read_catalogue()) else 1


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "update":
        update()
        compile_mo()
    elif command == "merge":
        sys.exit(merge(*sys.argv[2:5]))
    elif command == "compile":
        compile_mo()
    else:
        sys.exit(check())
