"""Which URLs survive: the scheme allowlist, and data: images into the resource store."""

from __future__ import annotations

import base64
import binascii
import html
import re
from urllib.parse import unquote, unquote_to_bytes

from zenconv.ir.resources import RASTER_EXTENSIONS, raster_type

ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})
# Schemes a browser runs rather than fetches: a link to one is dropped with its text when the text is
# the URL itself (an autolink), since that text is what was dropped.
SCRIPT_SCHEMES = frozenset({"javascript", "vbscript", "livescript", "data"})

# Browsers drop C0 controls and spaces around a URL and ASCII tab and newline anywhere in it, so
# "java\tscript:" is javascript:. For the scheme test every control, space and C1 control goes.
_EDGES = "".join(map(chr, range(0x21)))
_TAB_NEWLINE = re.compile(r"[\t\n\r]")
_INVISIBLE = re.compile(r"[\x00-\x20\x7f-\x9f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff\ufffd]")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_ENTITY_ROUNDS = 4

_DATA_URL = re.compile(r"data:([^,;]*)((?:;[^,;]*)*),(.*)", re.DOTALL | re.IGNORECASE)


def clean_url(url: str) -> str:
    """The URL as a browser reads the attribute: edges trimmed, tabs and newlines removed."""
    return _TAB_NEWLINE.sub("", url.strip(_EDGES))


def scheme_of(url: str) -> str | None:
    """The scheme a browser would see, lower case, or None for a relative reference or a fragment.

    Entities are decoded again until nothing changes (a parser decoded them once already; a second
    round catches ``&amp;#106;avascript:`` should anything downstream decode again), then controls,
    spaces and invisible characters are removed, percent escapes decoded and the invisible removed
    again before the scheme is read: every spelling a lenient consumer might still run is caught.
    """
    probe = url
    for _ in range(_ENTITY_ROUNDS):
        decoded = html.unescape(probe)
        if decoded == probe:
            break
        probe = decoded
    # A browser never percent-decodes a scheme, but a renderer downstream might: decoded for the test.
    probe = _INVISIBLE.sub("", unquote(_INVISIBLE.sub("", probe)))
    m = _SCHEME.match(probe)
    return m.group(1).lower() if m else None


def is_safe_url(url: str) -> bool:
    scheme = scheme_of(url)
    return scheme is None or scheme in ALLOWED_SCHEMES


class DataImage:
    """A decoded ``data:`` image URL: its media type and bytes, or why it cannot be kept."""

    __slots__ = ("data", "media_type", "problem")

    def __init__(self, media_type: str, data: bytes | None, problem: str | None) -> None:
        self.media_type = media_type
        self.data = data
        self.problem = problem  # None, "svg", "unsafe" (not an image type we keep) or "invalid"

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
    if media_type == "image/svg+xml":
        return DataImage(media_type, None, "svg")  # SVG can carry script: never stored
    if media_type not in RASTER_EXTENSIONS:
        return DataImage(media_type, None, "unsafe")
    params = [p.strip().lower() for p in m.group(2).split(";") if p.strip()]
    payload = m.group(3)
    try:
        if "base64" in params:
            data = base64.b64decode(re.sub(r"\s+", "", unquote_to_bytes(payload).decode("ascii")), validate=True)
        else:
            data = unquote_to_bytes(payload)
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return DataImage(media_type, None, "invalid")
    if raster_type(data) != media_type:
        return DataImage(media_type, None, "invalid")
    return DataImage(media_type, data, None)
