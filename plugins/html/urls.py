"""A URL as a browser reads the attribute, and data: images decoded for the resource store.

Which URLs may become links is not decided here: the writers own that policy (``zenconv.writers.urls``).
"""

from __future__ import annotations

import base64
import binascii
import re
from urllib.parse import unquote_to_bytes

from zenconv.ir.resources import RASTER_EXTENSIONS, raster_type
from zenconv.patterns import pattern

# Browsers drop C0 controls and spaces around a URL and ASCII tab and newline anywhere in it.
_EDGES = "".join(map(chr, range(0x21)))
_TAB_NEWLINE = pattern(r"[\t\n\r]")

_DATA_URL = pattern(r"data:([^,;]*)((?:;[^,;]*)*),(.*)", re.DOTALL | re.IGNORECASE)


def clean_url(url: str) -> str:
    """The URL as a browser reads the attribute: edges trimmed, tabs and newlines removed."""
    url = url.strip(_EDGES)
    return _TAB_NEWLINE.sub("", url) if "\n" in url or "\t" in url or "\r" in url else url


class DataImage:
    """A decoded ``data:`` image URL: its media type and bytes, or why it cannot be kept."""

    __slots__ = ("data", "media_type", "problem")

    def __init__(self, media_type: str, data: bytes | None, problem: str | None) -> None:
        self.media_type = media_type
        self.data = data
        self.problem = problem  # None, "not-an-image" (data:text/html…) or "invalid"

    @property
    def hint(self) -> str:
        return "image" + RASTER_EXTENSIONS.get(self.media_type, ".bin")


def is_data_url(url: str) -> bool:
    return url[:5].lower() == "data:"


def decode_data_image(url: str) -> DataImage:
    m = _DATA_URL.fullmatch(url)
    if m is None:
        return DataImage("", None, "invalid")
    media_type = m.group(1).strip().lower()
    if not media_type.startswith("image/"):
        return DataImage(media_type, None, "not-an-image")
    params = [p.strip().lower() for p in m.group(2).split(";") if p.strip()]
    payload = m.group(3)
    try:
        if "base64" in params:
            data = base64.b64decode(re.sub(r"\s+", "", unquote_to_bytes(payload).decode("ascii")), validate=True)
        else:
            data = unquote_to_bytes(payload)
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return DataImage(media_type, None, "invalid")
    # A raster type is checked against its bytes; any other image type (SVG, BMP…) is stored as declared, and
    # the writers, which go by the bytes, never show or link it.
    if media_type in RASTER_EXTENSIONS and raster_type(data) != media_type:
        return DataImage(media_type, None, "invalid")
    return DataImage(media_type, data, None)
