"""Image bytes out of a PDF image stream: JPEG and JPEG 2000 as they are, simple bitmaps as PNG.

Only what can be written without a graphics library is extracted: DCT and JPX streams are
already files; 8-bit grey and RGB (and 1-bit grey) samples are wrapped into a PNG here.
Anything else (CMYK, indexed colour, masks, CCITT, JBIG2) is reported, not guessed at.
"""

from __future__ import annotations

import struct
import zlib

from pdfminer.pdftypes import resolve1
from pdfminer.psparser import PSLiteral

MAX_PIXELS = 40_000_000


def _name(value) -> str:
    value = resolve1(value)
    if isinstance(value, PSLiteral):
        return str(value.name)
    if isinstance(value, list) and value:
        return _name(value[0])
    return ""


def _filters(stream) -> list[str]:
    value = resolve1(stream.get("Filter"))
    if value is None:
        return []
    if not isinstance(value, list):
        value = [value]
    return [_name(v) for v in value]


def image_file(stream) -> tuple[bytes, str, str] | None:
    """(bytes, extension, media type) for an image stream, or None when it cannot be written."""
    filters = _filters(stream)
    last = filters[-1] if filters else ""
    if last in ("DCTDecode", "DCT"):
        if len(filters) > 1:
            return None
        return stream.get_rawdata() or b"", ".jpg", "image/jpeg"
    if last == "JPXDecode":
        if len(filters) > 1:
            return None
        return stream.get_rawdata() or b"", ".jp2", "image/jp2"
    if any(f not in ("FlateDecode", "Fl", "LZWDecode", "LZW", "ASCII85Decode", "ASCIIHexDecode", "RunLengthDecode") for f in filters):
        return None
    try:
        width = int(resolve1(stream.get("Width") or stream.get("W")))
        height = int(resolve1(stream.get("Height") or stream.get("H")))
        bits = int(resolve1(stream.get("BitsPerComponent") or stream.get("BPC") or 8))
    except (TypeError, ValueError):
        return None
    if width <= 0 or height <= 0 or width * height > MAX_PIXELS:
        return None
    space = _name(stream.get("ColorSpace") or stream.get("CS"))
    channels = {"DeviceGray": 1, "G": 1, "CalGray": 1, "DeviceRGB": 3, "RGB": 3, "CalRGB": 3}.get(space)
    if stream.get("ImageMask") or channels is None or bits not in (1, 8) or (bits == 1 and channels != 1):
        return None
    data = stream.get_data()
    row = (width * channels * bits + 7) // 8
    if len(data) < row * height:
        return None
    return _png(data, width, height, channels, bits, row), ".png", "image/png"


def _png(data: bytes, width: int, height: int, channels: int, bits: int, row: int) -> bytes:
    raw = b"".join(b"\x00" + data[i * row:(i + 1) * row] for i in range(height))
    color = 0 if channels == 1 else 2
    header = struct.pack(">IIBBBBB", width, height, bits, color, 0, 0, 0)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
