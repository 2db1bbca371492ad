"""A written workbook's zip as comparable data: each part inflated, its entry's fields, its local header and
its bytes as stored (the kept sheets' and rows' proofs: ``tests/render/test_sheet_memo.py``,
``tests/render/test_row_memo.py``)."""

from __future__ import annotations

import io
import re
import struct
import zipfile

#: the creation and modification times of ``docProps/core.xml``: the clock's
STAMP = re.compile(rb"<dcterms:(created|modified)\b[^>]*>[^<]*</dcterms:\1>")


def zip_parts(data: bytes) -> list[tuple[str, tuple]]:
    """Each part inflated, its entry's fields, its local header and its bytes as stored, in the zip's order
    (``docProps/core.xml`` inflated only, without its times)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        out = {}
        for info in archive.infolist():
            body = archive.read(info)
            if info.filename == "docProps/core.xml":
                out[info.filename] = (STAMP.sub(b"", body),)
                continue
            name_length, extra_length = struct.unpack("<HH", data[info.header_offset + 26:info.header_offset + 30])
            start = info.header_offset + 30 + name_length + extra_length
            out[info.filename] = (body, info.CRC, info.compress_size, info.file_size, info.date_time,
                                  info.compress_type, info.flag_bits, info.external_attr, info.create_system,
                                  info.extract_version, data[info.header_offset:start],
                                  data[start:start + info.compress_size])
        return list(out.items())
