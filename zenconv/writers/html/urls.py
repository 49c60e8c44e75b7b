"""Which URLs an HTML page may carry: an allowlist, checked on the URL a browser would see.

A URL survives only if, after HTML entities are decoded (repeatedly: a reader may hand over
``&amp;#x09;``) and control characters and whitespace are taken out (browsers ignore a tab inside
``jav	ascript:``), its scheme is http, https or mailto, or it is a fragment, or it names a resource this
conversion wrote. With ``--embed-media`` an image resource of a raster type becomes a ``data:`` URL we
build from the resource store; a ``data:`` URL from the source is never trusted. Everything else is
dropped, and the caller keeps the link text and reports the drop.
"""

from __future__ import annotations

import base64
import html
import re
from urllib.parse import quote

_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SPACE = re.compile(r"\s")
ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})
EMBEDDABLE = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})


def _decoded(url: str) -> str:
    for _ in range(8):
        decoded = html.unescape(url)
        if decoded == url:
            break
        url = decoded
    return _CONTROL.sub("", url).strip()


class UrlPolicy:
    def __init__(self, resources, resource_url, embed_media: bool = False) -> None:
        self._resources = resources
        self._resource_url = resource_url
        self._embed = embed_media

    def link(self, target: str) -> str | None:
        """The URL to write for a link, or None when it must be dropped."""
        clean = _decoded(target)
        compact = _SPACE.sub("", clean)
        m = _SCHEME.match(compact)
        if m:
            if m.group(1).lower() not in ALLOWED_SCHEMES:
                return None
            return _SPACE.sub(lambda s: quote(s.group()), clean)
        if compact.startswith("#"):
            return _SPACE.sub(lambda s: quote(s.group()), clean)
        if self._resources is not None and clean in self._resources:
            return self._resource_url(clean)
        return None

    def image(self, source: str) -> str | None:
        """The URL for an image: a resource we wrote (embedded when asked), or an allowed URL."""
        if self._resources is not None and source in self._resources:
            resource = self._resources.get(source)
            if self._embed and resource.media_type in EMBEDDABLE:
                return f"data:{resource.media_type};base64,{base64.b64encode(resource.data).decode('ascii')}"
            return self._resource_url(source)
        return self.link(source)
