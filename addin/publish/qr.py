"""The QR code that leads to the published site (segno), as SVG to put in a page.

The code carries the address exactly as given (``--url``); error correction level M (a
code printed on a wall poster survives a fold or a smudge). The SVG has a title naming the
address, for screen readers.
"""

from __future__ import annotations

import segno

from addin.core.messages import Message


def qr_svg(url: str, lang: str = "fr") -> str:
    """An inline ``<svg>`` of the QR code of ``url``."""
    code = segno.make(url, error="m", micro=False)
    return code.svg_inline(scale=4, border=4, dark="#000", light="#fff",
                           title=Message("QR code of {url}", url=url).text(lang), svgclass="qrcode")
