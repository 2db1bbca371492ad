"""An Office Open XML package as parts: read, add parts and relationships, write back.

Used for what XlsxWriter does not write — the ribbon part of an add-in, the add-in's main
content type, xlwings Lite's web-extension parts — and to carry those parts, the VBA
project and the buttons from the file an event rewrite replaces into the new file
(:func:`carry_parts`). Every carried part is copied byte for byte; only the small XML
files that point to them (relationships, content types, the workbook's and sheets' code
names, a sheet's ``legacyDrawing``) are edited, by inserting text, so the rest of each of
those files is left as it was written.

Relationship types and content types are those of ECMA-376 Part 2 (packaging) and of the
Microsoft extensions: ``vbaProject`` ([MS-OFFMACRO2] / [MS-XLSX] §2.1.11), the ribbon
(``…/2007/relationships/ui/extensibility``, as xlwings' own ``quickstart_addin_ribbon.xlam``
holds it) and web-extension task panes ([MS-OWEXML] §2.2.10, ``…/2011/relationships/
webextensiontaskpanes``).
"""

from __future__ import annotations

import builtins
import io
import posixpath
import re
import struct
import zipfile
from collections.abc import MutableMapping
from xml.sax.saxutils import quoteattr

ZIP_LEVEL = 6  # the parts this module writes anew are small XML; the others are copied compressed

REL_OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
REL_WORKSHEET = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
REL_VBA = "http://schemas.microsoft.com/office/2006/relationships/vbaProject"
REL_VML = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/vmlDrawing"
REL_COMMENTS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"
REL_RIBBON = "http://schemas.microsoft.com/office/2007/relationships/ui/extensibility"
REL_TASKPANES = "http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes"
REL_WEBEXTENSION = "http://schemas.microsoft.com/office/2011/relationships/webextension"

CT_MACRO_WORKBOOK = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
CT_ADDIN_WORKBOOK = "application/vnd.ms-excel.addin.macroEnabled.main+xml"
CT_VBA = "application/vnd.ms-office.vbaProject"
CT_TASKPANES = "application/vnd.ms-office.webextensiontaskpanes+xml"
CT_WEBEXTENSION = "application/vnd.ms-office.webextension+xml"

_CONTENT_TYPES = "[Content_Types].xml"


class _Parts(MutableMapping):
    """The parts of a zip file by name, inflated on first read; a part never read or set is copied
    compressed as it was when the package is written again (:meth:`Package.bytes`)."""

    def __init__(self, data: bytes):
        self.data = data
        self.archive = zipfile.ZipFile(io.BytesIO(data))
        self.infos: dict[str, zipfile.ZipInfo] = {i.filename: i for i in self.archive.infolist()}
        self.order: list[str] = list(self.infos)
        self.loaded: dict[str, bytes] = {}

    def __getitem__(self, name: str) -> bytes:
        if name not in self.loaded:
            if name not in self.infos:
                raise KeyError(name)
            self.loaded[name] = self.archive.read(self.infos[name])
        return self.loaded[name]

    def __setitem__(self, name: str, data: bytes) -> None:
        if name not in self.infos and name not in self.loaded:
            self.order.append(name)
        self.infos.pop(name, None)
        self.loaded[name] = data

    def __delitem__(self, name: str) -> None:
        if name not in self.infos and name not in self.loaded:
            raise KeyError(name)
        self.infos.pop(name, None)
        self.loaded.pop(name, None)
        self.order.remove(name)

    def __iter__(self):
        return iter(list(self.order))

    def __len__(self) -> int:
        return len(self.order)

    def raw(self, name: str) -> tuple[zipfile.ZipInfo, bytes] | None:
        """The entry and its compressed bytes, for a part that was never set."""
        info = self.infos.get(name)
        if info is None:
            return None
        header = self.data[info.header_offset:info.header_offset + 30]
        name_length, extra_length = struct.unpack("<HH", header[26:30])
        start = info.header_offset + 30 + name_length + extra_length
        return info, self.data[start:start + info.compress_size]


class Package:
    """The parts of a package, in their order in the zip file."""

    def __init__(self, data: bytes):
        self.parts = _Parts(data)

    def bytes(self) -> bytes:
        """The package as a zip file: the parts that were set deflated anew, the others copied as they were."""
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=ZIP_LEVEL) as archive:
            for name in self.parts:
                kept = self.parts.raw(name)
                if kept is None:
                    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    archive.writestr(info, self.parts[name], compresslevel=ZIP_LEVEL)
                    continue
                old, data = kept
                info = zipfile.ZipInfo(old.filename, date_time=old.date_time)
                info.compress_type, info.CRC = old.compress_type, old.CRC
                info.compress_size, info.file_size = old.compress_size, old.file_size
                info.flag_bits = old.flag_bits & ~0x08  # sizes are in the local header, no data descriptor
                info.external_attr, info.create_system = old.external_attr, old.create_system
                out = archive.fp
                assert out is not None  # open for writing
                info.header_offset = out.tell()
                out.write(info.FileHeader())
                out.write(data)
                archive.filelist.append(info)
                archive.NameToInfo[info.filename] = info
                archive._didModify = True  # type: ignore[attr-defined]  # zipfile's own flag: write the directory on close
                archive.start_dir = out.tell()
        return buffer.getvalue()

    def text(self, name: str) -> str:
        return self.parts[name].decode("utf-8")

    def set_text(self, name: str, text: str) -> None:
        self.parts[name] = text.encode("utf-8")

    # -- relationships ------------------------------------------------------------------
    def relationships(self, source: str) -> list[dict[str, str]]:
        """The relationships of part ``source`` (``""`` for the package), targets resolved to part names."""
        rels = _rels_name(source)
        if rels not in self.parts:
            return []
        found = []
        for attrs in re.findall(r"<Relationship\b([^>]*?)/?>", self.text(rels)):
            rel = dict(re.findall(r'(\w+)="([^"]*)"', attrs))
            if rel.get("TargetMode") != "External":
                rel["part"] = _resolve(source, rel["Target"])
            found.append(rel)
        return found

    def add_relationship(self, source: str, rel_type: str, target_part: str) -> str:
        """Add a relationship from ``source`` to the part ``target_part``; its new id."""
        rels = _rels_name(source)
        if rels not in self.parts:
            self.set_text(rels, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                                '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                                '</Relationships>')
        text = self.text(rels)
        used = set(re.findall(r'Id="([^"]*)"', text))
        n = 1
        while f"rId{n}" in used:
            n += 1
        target = posixpath.relpath(target_part, posixpath.dirname(source)) if source else target_part
        line = f'<Relationship Id="rId{n}" Type="{rel_type}" Target="{target}"/>'
        self.set_text(rels, text.replace("</Relationships>", line + "</Relationships>"))
        return f"rId{n}"

    def related(self, source: str, rel_type: str) -> list[str]:
        return [rel["part"] for rel in self.relationships(source) if rel.get("Type") == rel_type and "part" in rel]

    def workbook(self) -> str:
        return self.related("", REL_OFFICE_DOCUMENT)[0]

    def sheets(self) -> dict[str, str]:
        """Sheet name → its part name."""
        book = self.workbook()
        ids = {rel["Id"]: rel["part"] for rel in self.relationships(book) if rel.get("Type") == REL_WORKSHEET}
        out = {}
        for attrs in re.findall(r"<sheet\b([^>]*?)/?>", self.text(book)):
            name = _attribute("name", attrs)
            rid = _attribute("r:id", attrs)
            if rid in ids:
                out[_unescape(name)] = ids[rid]
        return out

    # -- content types -------------------------------------------------------------------
    def content_type(self, part: str) -> str | None:
        text = self.text(_CONTENT_TYPES)
        match = re.search(r'<Override\b[^>]*PartName="/' + re.escape(part) + r'"[^>]*ContentType="([^"]*)"', text) \
            or re.search(r'<Override\b[^>]*ContentType="([^"]*)"[^>]*PartName="/' + re.escape(part) + '"', text)
        if match:
            return match.group(1)
        ext = part.rsplit(".", 1)[-1]
        match = re.search(r'<Default\b[^>]*Extension="' + re.escape(ext) + r'"[^>]*ContentType="([^"]*)"', text, re.I)
        return match.group(1) if match else None

    def overridden(self, part: str) -> bool:
        """Whether ``part``'s content type is declared for it alone (an Override), not for its extension."""
        return re.search(r'<Override\b[^>]*PartName="/' + re.escape(part) + '"', self.text(_CONTENT_TYPES)) is not None

    def declare_like(self, other: "Package", part: str) -> None:
        """Declare ``part``'s content type as ``other`` declares it: the same Override, or the same Default."""
        content_type = other.content_type(part)
        if content_type is None:
            return
        if other.overridden(part):
            self.set_content_type(part, content_type)
        else:
            self.ensure_default(part.rsplit(".", 1)[-1], content_type)

    def set_content_type(self, part: str, content_type: str) -> None:
        """Give ``part`` this content type (an Override, replacing any it had)."""
        text = self.text(_CONTENT_TYPES)
        text = re.sub(r'<Override\b[^>]*PartName="/' + re.escape(part) + r'"[^>]*/>', "", text)
        line = f'<Override PartName="/{part}" ContentType="{content_type}"/>'
        self.set_text(_CONTENT_TYPES, text.replace("</Types>", line + "</Types>"))

    def ensure_default(self, extension: str, content_type: str) -> None:
        text = self.text(_CONTENT_TYPES)
        if re.search(r'<Default\b[^>]*Extension="' + re.escape(extension) + '"', text, re.I):
            return
        line = f'<Default Extension="{extension}" ContentType="{content_type}"/>'
        self.set_text(_CONTENT_TYPES, text.replace("<Override", line + "<Override", 1) if "<Override" in text
                      else text.replace("</Types>", line + "</Types>"))

    def remove_part(self, name: str) -> None:
        """Remove ``name``, its relationships, the relationships that point to it and its content type."""
        self.parts.pop(name, None)
        self.parts.pop(_rels_name(name), None)
        for rels in [n for n in self.parts if n.endswith(".rels")]:
            source = _source_of(rels)
            text = self.text(rels)
            for rel in self.relationships(source):
                if rel.get("part") == name:
                    text = re.sub(r'<Relationship\b[^>]*\bId="' + re.escape(rel["Id"]) + r'"[^>]*/?>', "", text)
            self.set_text(rels, text)
        text = self.text(_CONTENT_TYPES)
        self.set_text(_CONTENT_TYPES, re.sub(r'<Override\b[^>]*PartName="/' + re.escape(name) + r'"[^>]*/>', "", text))

    def add_part(self, name: str, data: builtins.bytes, content_type: str | None = None) -> None:
        self.parts[name] = data
        if content_type is not None:
            self.set_content_type(name, content_type)


def _rels_name(source: str) -> str:
    folder, name = posixpath.split(source)
    return posixpath.join(folder, "_rels", name + ".rels") if source else "_rels/.rels"


def _source_of(rels: str) -> str:
    """The part whose relationships ``rels`` holds (``""`` for the package's)."""
    if rels == "_rels/.rels":
        return ""
    folder, name = posixpath.split(rels)
    return posixpath.join(posixpath.dirname(folder), name[: -len(".rels")])


def _resolve(source: str, target: str) -> str:
    if target.startswith("/"):
        return target[1:]
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), target))


def _unescape(text: str) -> str:
    return (text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&apos;", "'")
            .replace("&amp;", "&"))


# -- the workbook's and the sheets' code names (VBA document modules) ---------------------

def set_code_name(pkg: Package, part: str, element: str, code_name: str) -> None:
    """Give the ``workbookPr``/``sheetPr`` of ``part`` the attribute ``codeName``."""
    text = pkg.text(part)
    if re.search(rf"<{element}\b[^>]*\bcodeName=", text):
        text = re.sub(rf'(<{element}\b[^>]*\bcodeName=)"[^"]*"', rf"\1{quoteattr(code_name)}", text, count=1)
    elif re.search(rf"<{element}\b", text):
        text = re.sub(rf"<{element}\b", f"<{element} codeName={quoteattr(code_name)}", text, count=1)
    else:
        root = "workbook" if element == "workbookPr" else "worksheet"
        anchor = {"workbookPr": r"(<workbook\b[^>]*>(?:\s*<fileVersion\b[^>]*/>)?)", "sheetPr": r"(<worksheet\b[^>]*>)"}
        text = re.sub(anchor[element], rf"\1<{element} codeName={quoteattr(code_name)}/>", text, count=1)
        assert f"<{element} codeName" in text, root
    pkg.set_text(part, text)


def code_name(pkg: Package, part: str, element: str) -> str | None:
    match = re.search(rf'<{element}\b[^>]*\bcodeName="([^"]*)"', pkg.text(part))
    return match.group(1) if match else None


#: a sheet's drawing-layer elements (its buttons: ``legacyDrawing`` for VML form buttons, ``drawing`` and ``controls``
#: as Excel 2010+ and LibreOffice also write them), each with the CT_Worksheet elements it must come before
#: (ECMA-376 Part 1, §18.3.1.99: … drawing, legacyDrawing, legacyDrawingHF, drawingHF, picture, oleObjects,
#: controls, webPublishItems, tableParts, extLst)
_SHEET_LAYERS = {
    "drawing": ("<legacyDrawing", "<legacyDrawingHF", "<drawingHF", "<picture", "<oleObjects", "<controls",
                "<webPublishItems", "<tableParts", "<extLst", "</worksheet>"),
    "legacyDrawing": ("<legacyDrawingHF", "<drawingHF", "<picture", "<oleObjects", "<controls", "<webPublishItems",
                      "<tableParts", "<extLst", "</worksheet>"),
    "controls": ("<webPublishItems", "<tableParts", "<extLst", "</worksheet>"),
}


#: the relationships of a sheet's drawing layer
_LAYER_RELATIONSHIPS = {REL_VML, "http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing",
                        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/ctrlProp"}


def _attribute(name: str, attrs: str) -> str:
    """The value of the attribute ``name`` among an element's ``attrs`` (a workbook's sheet has its name and id)."""
    match = re.search(r'\b' + name + r'="([^"]*)"', attrs)
    assert match is not None
    return match.group(1)


def _root(text: str) -> str:
    """A sheet part's root element's start tag."""
    match = re.search(r"<worksheet\b[^>]*>", text)
    assert match is not None
    return match.group(0)


def _layer(text: str, element: str) -> str | None:
    match = re.search(rf"<{element}\b[^>]*/>", text) if element != "controls" else \
        re.search(r"<controls\b.*?</controls>", text, re.S)
    return match.group(0) if match else None


def _insert(text: str, element: str, fragment: str) -> str:
    at = min(i for i in (text.find(tag) for tag in _SHEET_LAYERS[element]) if i >= 0)
    return text[:at] + fragment + text[at:]


def _declare_prefixes(text: str, fragment: str, source_root: str) -> str:
    """Add to ``text``'s root element the namespace declarations of ``source_root`` that ``fragment`` uses."""
    root = _root(text)
    added = ""
    used = set(re.findall(r"</?(\w+):", fragment)) | set(re.findall(r"\s(\w+):\w+=", fragment))
    for requires in re.findall(r'\bRequires="([^"]*)"', fragment):  # markup compatibility names prefixes in values
        used.update(requires.split())
    for prefix in sorted(used):
        if prefix == "xmlns" or f"xmlns:{prefix}=" in root or re.search(rf"<{prefix}:\w+[^>]*xmlns:{prefix}=", fragment):
            continue
        declared = re.search(rf'\sxmlns:{prefix}="[^"]*"', source_root)
        if declared:
            added += declared.group(0)
    return text.replace(root, root[:-1] + added + ">", 1) if added else text


def sheet_layers(pkg: Package, sheet_part: str) -> dict[str, str]:
    """The drawing-layer elements of a sheet (``drawing``, ``legacyDrawing``, ``controls``) as written."""
    text = pkg.text(sheet_part)
    return {element: found for element in _SHEET_LAYERS if (found := _layer(text, element))}


def carry_sheet_layers(before: Package, old_part: str, after: Package, new_part: str) -> bool:
    """Copy the drawing-layer elements of ``old_part`` (its buttons) into ``new_part``, with every part they
    point to, byte for byte; their relationship ids are renumbered in the new sheet. Whether there were any."""
    layers = sheet_layers(before, old_part)
    if not layers:
        return False
    ids = {rel["Id"]: rel for rel in before.relationships(old_part)}
    old_root = _root(before.text(old_part))
    text = after.text(new_part)
    if "legacyDrawing" in layers and _layer(text, "legacyDrawing"):
        text = _old_comments_instead(before, old_part, after, new_part)
    for element, fragment in layers.items():
        if _layer(text, element):
            continue  # the new sheet has its own (never for the event layouts): not mixed
        for rid in sorted(set(re.findall(r'\br:id="([^"]*)"', fragment)), key=len, reverse=True):
            rel = ids.get(rid)
            if rel is None or rel.get("part") not in before.parts:
                continue
            after.set_text(new_part, text)
            new_id = after.add_relationship(new_part, rel["Type"], _carry_closure(before, after, rel["part"]))
            text = after.text(new_part)
            fragment = fragment.replace(f'r:id="{rid}"', f'r:id="\0{new_id}"')
        fragment = fragment.replace('r:id="\0', 'r:id="')
        text = _insert(_declare_prefixes(text, fragment, old_root), element, fragment)
    after.set_text(new_part, text)
    return True


def _carry_closure(before: Package, after: Package, part: str) -> str:
    """Copy ``part`` and what it relates to from ``before`` into ``after``, byte for byte; the name it has there.

    A part of that name already in ``after`` (another sheet's drawing, numbered by the writer) is not
    overwritten: the carried part takes a free name (the parts it relates to keep theirs).
    """
    name = part if part not in after.parts or after.parts[part] == before.parts[part] else _free_name(after, part)
    for carried in _closure(before, part):
        target = name if carried == part else (_rels_name(name) if carried == _rels_name(part) else carried)
        after.parts[target] = before.parts[carried]
        if carried.endswith(".rels"):
            continue
        if target != carried and before.overridden(carried):
            content_type = before.content_type(carried)
            assert content_type is not None  # an Override names its content type
            after.set_content_type(target, content_type)
        else:
            after.declare_like(before, carried)  # (a Default by extension declares the new name too)
    return name


def _old_comments_instead(before: Package, old_part: str, after: Package, new_part: str) -> str:
    """Drop the new sheet's comments and their VML drawing for the old sheet's; the new sheet's text.

    A sheet's comments and its buttons share one VML drawing (the ``legacyDrawing``). The writer
    put back the comments it read from the old file, on the same cells (a rewrite that would move
    a commented cell is refused before writing), in a drawing of its own that holds no button; the
    old drawing holds both, so it is the one kept, with the old comments part it draws.
    """
    for rel in after.relationships(new_part):
        if rel.get("Type") in (REL_VML, REL_COMMENTS) and "part" in rel:
            after.remove_part(rel["part"])
    text = after.text(new_part)
    drawing = _layer(text, "legacyDrawing")
    assert drawing is not None  # the writer drew the comments, so the new sheet has its drawing
    text = text.replace(drawing, "")
    after.set_text(new_part, text)
    for comments in before.related(old_part, REL_COMMENTS):
        after.add_relationship(new_part, REL_COMMENTS, _carry_closure(before, after, comments))
    return after.text(new_part)


# -- carrying the parts an event rewrite must keep ----------------------------------------

def carry_parts(old: bytes, new: bytes) -> bytes:
    """``new`` (a package just written from a layout) with the extra parts of ``old``.

    Carried byte for byte: the VBA project (and the workbook's macro-enabled or add-in
    content type and code name), each sheet's buttons (its VML drawing, matched to the new
    sheet of the same name, with the sheet's code name), the ribbon, and xlwings Lite's
    web-extension parts. A package without any of these comes back unchanged.
    """
    before, after = Package(old), Package(new)
    changed = False
    book_old, book_new = before.workbook(), after.workbook()

    vba = before.related(book_old, REL_VBA)
    if vba and not after.related(book_new, REL_VBA):  # (the writer may already have put it back, code names too)
        changed = True
        after.add_part(vba[0], before.parts[vba[0]])
        after.declare_like(before, vba[0])
        after.add_relationship(book_new, REL_VBA, vba[0])
        after.set_content_type(book_new, before.content_type(book_old) or CT_MACRO_WORKBOOK)
        name = code_name(before, book_old, "workbookPr")
        if name:
            set_code_name(after, book_new, "workbookPr", name)

    new_sheets = after.sheets()
    carried_vba = bool(vba) and changed
    for sheet, part in before.sheets().items():
        if sheet not in new_sheets:
            continue
        if carried_vba:
            name = code_name(before, part, "sheetPr")
            if name:
                set_code_name(after, new_sheets[sheet], "sheetPr", name)
        if not any(rel.get("Type") in _LAYER_RELATIONSHIPS for rel in before.relationships(part)):
            continue  # no drawing layer: the sheet itself is not read (a large event's sheets stay compressed)
        changed = carry_sheet_layers(before, part, after, new_sheets[sheet]) or changed

    for rel_type in (REL_RIBBON, REL_TASKPANES):
        for part in before.related("", rel_type):
            closure = _closure(before, part)
            if rel_type == REL_TASKPANES and not any(name.endswith(".xml") and "webextension" in name.rsplit("/", 1)[-1]
                                                     and name != part for name in closure):
                continue  # a task pane whose add-in part is gone (LibreOffice keeps only taskpanes.xml): nothing to keep
            changed = True
            for carried in closure:
                after.parts[carried] = before.parts[carried]
                if not carried.endswith(".rels"):
                    after.declare_like(before, carried)
            after.add_relationship("", rel_type, part)
    return after.bytes() if changed else new


def _closure(pkg: Package, part: str) -> list[str]:
    """``part``, its relationships part and every part it relates to, recursively."""
    out, todo = [], [part]
    while todo:
        name = todo.pop()
        if name in out or name not in pkg.parts:
            continue
        out.append(name)
        rels = _rels_name(name)
        if rels in pkg.parts:
            out.append(rels)
            todo += [rel["part"] for rel in pkg.relationships(name) if "part" in rel]
    return out


def _free_name(pkg: Package, wanted: str) -> str:
    if wanted not in pkg.parts:
        return wanted
    stem, ext = wanted.rsplit(".", 1)
    n = 1
    while f"{stem}_{n}.{ext}" in pkg.parts:
        n += 1
    return f"{stem}_{n}.{ext}"
