"""A VBA project file (``vbaProject.bin``) that holds source code only ([MS-OVBA]).

Office compiles a project from its source when the project's version is unknown to it:
"To be interoperable, this version number MUST be set to 0xFFFF so that performance caches
are ignored" ([MS-OVBA] §1.6); the ``_VBA_PROJECT`` stream is the seven bytes 0x61CC,
0xFFFF, 0x00, reserved, with no performance cache, which "MUST NOT be present on write"
(§2.3.4.1, example §3.1.1). Each module stream is then its compressed source alone
(``MODULEOFFSET`` 0, §2.3.4.3). xlwings' own shipped workbooks are written this way.

The file is a compound file (:mod:`addin.render.cfb`) holding

* ``PROJECT`` (§2.3.1): the project's properties as text — its ID, one line per module,
  ``CMG``/``DPB``/``GC`` (protection, password, visibility) obfuscated by the Data
  Encryption of §2.4.3.2: no protection, no password, visible;
* ``PROJECTwm`` (§2.3.3): the module names in MBCS and UTF-16;
* ``VBA/_VBA_PROJECT`` (§2.3.4.1), ``VBA/dir`` (§2.3.4.2: project information,
  references, modules; compressed) and one ``VBA/<module>`` stream per module (§2.3.4.3).

Text is MBCS in code page 1252 (``PROJECTCODEPAGE``, §2.3.4.2.1.5), so accented French
letters survive; a character outside it is refused. Compression is §2.4.1's algorithm.
The same modules always give the same bytes: the project ID and the encryption seed are
derived from the content.
"""

from __future__ import annotations

import hashlib
import struct
import uuid
from dataclasses import dataclass

from addin.render.cfb import compound_file

CODE_PAGE = 1252
ENCODING = "cp1252"
STANDARD, CLASS, DOCUMENT = "standard", "class", "document"

#: §2.3.4.2.2.5 REFERENCEREGISTERED libids: OLE Automation, and the Office library (IRibbonControl)
STDOLE = ("stdole", r"*\G{00020430-0000-0000-C000-000000000046}#2.0#0#C:\Windows\System32\stdole2.tlb#OLE Automation")
OFFICE = ("Office", r"*\G{2DF8D04C-5BFA-101B-BDE5-00AA0044DE52}#2.0#0#C:\Program Files\Common Files\Microsoft Shared"
                    r"\OFFICE16\MSO.DLL#Microsoft Office 16.0 Object Library")
#: the VB_Base of Excel's document modules: the workbook (ThisWorkbook) and a worksheet
WORKBOOK_BASE = "0{00020819-0000-0000-C000-000000000046}"
WORKSHEET_BASE = "0{00020820-0000-0000-C000-000000000046}"


@dataclass(frozen=True)
class Module:
    """A VBA module: its name, its code (without ``Attribute`` lines) and its kind."""

    name: str
    code: str
    kind: str = STANDARD
    base: str = WORKBOOK_BASE  # document modules only

    def source(self) -> str:
        """The module's source as the module stream stores it: its attributes, then its code."""
        lines = [f'Attribute VB_Name = "{self.name}"']
        if self.kind == DOCUMENT:
            lines += [f'Attribute VB_Base = "{self.base}"', "Attribute VB_GlobalNameSpace = False",
                      "Attribute VB_Creatable = False", "Attribute VB_PredeclaredId = True",
                      "Attribute VB_Exposed = True", "Attribute VB_TemplateDerived = False",
                      "Attribute VB_Customizable = True"]
        elif self.kind == CLASS:
            lines += ["Attribute VB_GlobalNameSpace = False", "Attribute VB_Creatable = False",
                      "Attribute VB_PredeclaredId = False", "Attribute VB_Exposed = False"]
        code = self.code.replace("\r\n", "\n").strip("\n")
        return "\r\n".join(lines + (code.split("\n") if code else [])) + "\r\n"


def vba_project(modules: list[Module], references: tuple[tuple[str, str], ...] = (STDOLE, OFFICE),
                name: str = "VBAProject") -> bytes:
    """The ``vbaProject.bin`` holding ``modules`` (source only) with these type-library references."""
    names = [m.name for m in modules]
    if len(set(n.lower() for n in names)) != len(names):
        raise ValueError(f"two VBA modules share a name: {names}")
    sources = {m.name: _mbcs(m.source(), m.name) for m in modules}
    digest = hashlib.sha256(b"".join(n.encode() + s for n, s in sources.items())).digest()
    project_id = "{" + str(uuid.UUID(bytes=digest[:16])).upper() + "}"
    streams = {
        "PROJECT": _project_stream(modules, project_id, name, digest[16:]),
        "PROJECTwm": b"".join(_mbcs(n, n) + b"\0" + n.encode("utf-16-le") + b"\0\0" for n in names) + b"\0\0",
        "VBA/_VBA_PROJECT": struct.pack("<HHBH", 0x61CC, 0xFFFF, 0x00, 0x0000),
        "VBA/dir": compress(_dir_stream(modules, references, name)),
    }
    for module in modules:
        streams[f"VBA/{module.name}"] = compress(sources[module.name])
    return compound_file(streams)


def _mbcs(text: str, where: str) -> bytes:
    try:
        return text.encode(ENCODING)
    except UnicodeEncodeError as exc:
        raise ValueError(f"VBA module {where}: {text[exc.start:exc.end]!r} is not in code page {CODE_PAGE}") from None


# -- PROJECT stream (§2.3.1) ---------------------------------------------------------------

#: the plain values of CMG, DPB and GC: no protection (§2.3.1.15), no password (§2.3.1.16), visible (§2.3.1.17)
PROTECTION_NONE, PASSWORD_NONE, VISIBLE = bytes(4), b"\x00", b"\xff"


def _project_stream(modules: list[Module], project_id: str, name: str, seed: bytes) -> bytes:
    lines = [f'ID="{project_id}"']
    for module in modules:
        if module.kind == DOCUMENT:
            lines.append(f"Document={module.name}/&H00000000")
        elif module.kind == CLASS:
            lines.append(f"Class={module.name}")
        else:
            lines.append(f"Module={module.name}")
    lines += [f'Name="{name}"', 'HelpContextID="0"', 'VersionCompatible32="393222000"',
              'CMG="' + encrypt(project_id, PROTECTION_NONE, seed[0]).hex().upper() + '"',
              'DPB="' + encrypt(project_id, PASSWORD_NONE, seed[1]).hex().upper() + '"',
              'GC="' + encrypt(project_id, VISIBLE, seed[2]).hex().upper() + '"',
              "", "[Host Extender Info]", "&H00000001={3832D640-CF90-11CF-8E43-00A0C911005A};VBE;&H00000000", ""]
    return "\r\n".join(lines).encode(ENCODING)


def encrypt(project_id: str, data: bytes, seed: int) -> bytes:
    """§2.4.3.2 Data Encryption of ``data`` for the project ``project_id`` with this ``seed`` byte."""
    version = 2
    proj_key = sum(project_id.encode(ENCODING)) & 0xFF
    out = bytearray([seed, seed ^ version, seed ^ proj_key])
    unencrypted1, encrypted1, encrypted2 = proj_key, seed ^ proj_key, seed ^ version
    ignored = (seed & 6) // 2
    for byte in [0] * ignored + list(struct.pack("<I", len(data))) + list(data):
        enc = byte ^ ((encrypted2 + unencrypted1) & 0xFF)
        out.append(enc)
        encrypted2, encrypted1, unencrypted1 = encrypted1, enc, byte
    return bytes(out)


def decrypt(encrypted: bytes) -> tuple[int, bytes]:
    """§2.4.3.3 Data Decryption: (the project key, the data)."""
    seed, version_enc, proj_key_enc = encrypted[:3]
    if seed ^ version_enc != 2:
        raise ValueError("not a version-2 encrypted block")
    proj_key = seed ^ proj_key_enc
    unencrypted1, encrypted1, encrypted2 = proj_key, proj_key_enc, version_enc
    plain = bytearray()
    for enc in encrypted[3:]:
        byte = enc ^ ((encrypted2 + unencrypted1) & 0xFF)
        plain.append(byte)
        encrypted2, encrypted1, unencrypted1 = encrypted1, enc, byte
    ignored = (seed & 6) // 2
    length = struct.unpack("<I", bytes(plain[ignored:ignored + 4]))[0]
    return proj_key, bytes(plain[ignored + 4:ignored + 4 + length])


# -- dir stream (§2.3.4.2) -----------------------------------------------------------------

def _record(ident: int, payload: bytes) -> bytes:
    return struct.pack("<HI", ident, len(payload)) + payload


def _dual(ident: int, text: str, unicode_ident: int) -> bytes:
    """A record holding a string twice: MBCS, then UTF-16 under its reserved id."""
    return _record(ident, _mbcs(text, text)) + _record(unicode_ident, text.encode("utf-16-le"))


def _dir_stream(modules: list[Module], references: tuple[tuple[str, str], ...], name: str) -> bytes:
    out = [
        _record(0x0001, struct.pack("<I", 1)),             # PROJECTSYSKIND: 32-bit Windows
        _record(0x0002, struct.pack("<I", 0x0409)),        # PROJECTLCID
        _record(0x0014, struct.pack("<I", 0x0409)),        # PROJECTLCIDINVOKE
        _record(0x0003, struct.pack("<H", CODE_PAGE)),     # PROJECTCODEPAGE
        _record(0x0004, _mbcs(name, name)),                # PROJECTNAME
        _dual(0x0005, "", 0x0040),                         # PROJECTDOCSTRING
        _dual(0x0006, "", 0x003D),                         # PROJECTHELPFILEPATH
        _record(0x0007, struct.pack("<I", 0)),             # PROJECTHELPCONTEXT
        _record(0x0008, struct.pack("<I", 0)),             # PROJECTLIBFLAGS
        struct.pack("<HIIH", 0x0009, 4, 1, 0),             # PROJECTVERSION (its Reserved is 4)
        _dual(0x000C, "", 0x003C),                         # PROJECTCONSTANTS
    ]
    for ref_name, libid in references:                     # PROJECTREFERENCES
        out.append(_dual(0x0016, ref_name, 0x003E))        # REFERENCENAME
        raw = _mbcs(libid, ref_name)
        out.append(_record(0x000D, struct.pack("<I", len(raw)) + raw + struct.pack("<IH", 0, 0)))
    out.append(_record(0x000F, struct.pack("<H", len(modules))))  # PROJECTMODULES
    out.append(_record(0x0013, struct.pack("<H", 0xFFFF)))        # PROJECTCOOKIE
    for module in modules:
        out += [
            _record(0x0019, _mbcs(module.name, module.name)),     # MODULENAME
            _record(0x0047, module.name.encode("utf-16-le")),      # MODULENAMEUNICODE
            _dual(0x001A, module.name, 0x0032),                   # MODULESTREAMNAME
            _dual(0x001C, "", 0x0048),                            # MODULEDOCSTRING
            _record(0x0031, struct.pack("<I", 0)),                # MODULEOFFSET: source at 0
            _record(0x001E, struct.pack("<I", 0)),                # MODULEHELPCONTEXT
            _record(0x002C, struct.pack("<H", 0xFFFF)),           # MODULECOOKIE
            struct.pack("<HI", 0x0022 if module.kind in (CLASS, DOCUMENT) else 0x0021, 0),  # MODULETYPE
            struct.pack("<HI", 0x002B, 0),                        # module terminator
        ]
    out.append(struct.pack("<HI", 0x0010, 0))                     # dir terminator
    return b"".join(out)


# -- compression (§2.4.1) ------------------------------------------------------------------

CHUNK = 4096


def compress(data: bytes) -> bytes:
    """The CompressedContainer of ``data`` (§2.4.1.3.1): signature byte 1, then 4096-byte chunks."""
    out = bytearray(b"\x01")
    for start in range(0, len(data), CHUNK):
        out += _compress_chunk(data[start:start + CHUNK])
    return bytes(out)


def _compress_chunk(chunk: bytes) -> bytes:
    body = bytearray()
    pos, end = 0, len(chunk)
    heads: dict[bytes, list[int]] = {}
    while pos < end:
        flag_at = len(body)
        body.append(0)
        flags = 0
        for bit in range(8):
            if pos >= end:
                break
            offset, length = _match(chunk, pos, heads)
            if length:
                bit_count = max(4, (pos - 1).bit_length())
                body += struct.pack("<H", ((offset - 1) << (16 - bit_count)) | (length - 3))
                flags |= 1 << bit
                for p in range(pos, pos + length):
                    heads.setdefault(chunk[p:p + 3], []).append(p)
                pos += length
            else:
                body.append(chunk[pos])
                heads.setdefault(chunk[pos:pos + 3], []).append(pos)
                pos += 1
        body[flag_at] = flags
    if len(body) > CHUNK:  # a compressed chunk holds at most 4096 bytes after its header
        if len(chunk) != CHUNK:  # §2.4.1.3.7: a raw chunk holds exactly 4096 bytes
            raise ValueError("a short chunk did not compress")
        return struct.pack("<H", 0x3000 | (CHUNK - 1)) + chunk
    return struct.pack("<H", 0xB000 | (len(body) + 2 - 3)) + bytes(body)


def _match(chunk: bytes, pos: int, heads: dict[bytes, list[int]]) -> tuple[int, int]:
    """The longest earlier copy of the bytes at ``pos`` (§2.4.1.3.19.4), or (0, 0) under 3 bytes."""
    if pos == 0 or pos + 3 > len(chunk):
        return 0, 0
    bit_count = max(4, (pos - 1).bit_length())
    maximum = min((0xFFFF >> bit_count) + 3, len(chunk) - pos)
    best_len, best_at = 0, 0
    for candidate in reversed(heads.get(chunk[pos:pos + 3], [])[-64:]):
        length = 3
        while length < maximum and chunk[candidate + length] == chunk[pos + length]:
            length += 1
        if length > best_len:
            best_len, best_at = length, candidate
            if length == maximum:
                break
    if best_len < 3:
        return 0, 0
    return pos - best_at, best_len
