"""What may become a link or an image in any output: the writers' one URL and media policy.

Readers carry link targets and media as they find them; every writer asks here. A target is judged on
the URL the most lenient consumer could end up with: HTML entities (HTML5 named and numeric, as
CommonMark renderers and browsers decode them) and percent escapes are decoded in turn until nothing
changes, then control characters, whitespace and invisible characters are taken out (browsers ignore a
tab inside ``jav	ascript:``). It survives only if its scheme is http, https or mailto, or it is a
fragment, or it names a resource this conversion wrote, or the key of an embedded document this conversion
converted as a child (``zenconv.family``: the link is the child output's relative URL). A resource is linked or shown only if it is a
raster image every browser draws without running anything: PNG, JPEG, GIF or WebP, by its own first
bytes, whatever its name or declared type says (``zenconv.ir.resources.raster_type``). An image from the network
(``http://…``) is a request the reader of the page makes to the sender, so it is dropped unless
``--remote-images keep``. With ``--embed-media`` an image resource becomes a ``data:`` URL built from
the store; a ``data:`` URL from the source is never trusted.

A refusal says why, as the last part of a report code the writer prefixes with its own namespace
(``to-md.``, ``to-html.``), and names the target in a bounded, printable detail.
"""

from __future__ import annotations

import base64
from typing import NamedTuple
from urllib.parse import quote, unquote, urlsplit

from ..ir.resources import raster_type
from ..patterns import pattern

ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})
REMOTE_SCHEMES = frozenset({"http", "https"})

UNSAFE = "unsafe-url-dropped"
ACTIVE = "active-media-unlinked"
REMOTE = "remote-image-dropped"
REFUSALS = (UNSAFE, ACTIVE, REMOTE)

_ROUNDS = 8  # a target still changing after this many decodings is refused: no honest URL is nested so deep
_SCHEME = pattern(r"([A-Za-z][A-Za-z0-9+.-]*):")
_CONTROL = pattern(r"[\x00-\x1f\x7f-\x9f]")
_INVISIBLE = pattern(r"[\s\x00-\x20\x7f-\x9f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff\ufffd]")
# Written percent-encoded: whitespace, and what could end a destination or be markup in some renderer
# (a percent escape means the same to a browser, and needs no renderer to understand a backslash).
_WRITTEN_ESCAPED = pattern(r"[\s<>\"'\\`|]")
# A URL with an allowed scheme (in any case) and nothing any step below would change: no entity (``&``), no
# percent escape, no whitespace, control or invisible character, nothing written percent-encoded, ASCII
# alone. Its verdict is itself (tests/writers/test_url_fast_path.py runs it against the general path, and
# holds the schemes named here to ALLOWED_SCHEMES).
_PLAIN = pattern(r"(?:[Hh][Tt][Tt][Pp][Ss]?|[Mm][Aa][Ii][Ll][Tt][Oo]):[A-Za-z0-9\-._~:/?#\[\]@!$()*+,;=]*")
DETAIL_CHARS = 80


class Verdict(NamedTuple):
    """The URL to write, or None and why not (one of :data:`REFUSALS`) with a printable detail."""

    url: str | None
    refusal: str | None = None
    detail: str | None = None


_new_tuple = tuple.__new__


def shown(target: str) -> str:
    """A target as a report detail: at most 80 characters, control characters as visible escapes."""
    short = target[:DETAIL_CHARS] + ("…" if len(target) > DETAIL_CHARS else "")
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", short)


def _entities_decoded(url: str) -> str | None:
    import html  # on the first link, not at start-up (html.entities is a large table)

    for _ in range(_ROUNDS):
        decoded = html.unescape(url)
        if decoded == url:
            return url
        url = decoded
    return None


def probe(url: str) -> str | None:
    """The target as the most lenient consumer could read it, or None when it never stops decoding."""
    import html

    for _ in range(_ROUNDS):
        decoded = unquote(html.unescape(url))
        if decoded == url:
            return _INVISIBLE.sub("", url)
        url = decoded
    return None


def scheme_of(url: str) -> str | None:
    """The scheme of a target (lower case), "" for one without, None for one that never stops decoding."""
    probed = probe(url)
    if probed is None:
        return None
    m = _SCHEME.match(probed)
    return m.group(1).lower() if m else ""


def raster(resource) -> bool:
    """A resource an ``<img>`` may show: a raster image by its own bytes, whatever it was declared as (the
    rule the media files are written by too: :func:`zenconv.ir.resources.raster_type`)."""
    return raster_type(resource.data) is not None


class UrlPolicy:
    """``resource_url(name)`` is how the output refers to a resource it wrote."""

    def __init__(self, resources, resource_url, embed_media: bool = False, remote_images: str = "drop",
                 children=None) -> None:
        # Looked up for every target a link names: bound once (None: no children, no store).
        self._child_url = children.url if children is not None else None
        self._find = resources.get if resources is not None else None
        self._resource_url = resource_url
        self._embed = embed_media
        self._remote = remote_images == "keep"

    def link(self, target: str) -> Verdict:
        """A link: an allowed URL, a fragment, a raster resource we wrote, or a child conversion's output."""
        if self._child_url is not None:
            child = self._child_url(target)
            if child is not None:
                return Verdict(quote(child, safe="/"))
        resource = self._find(target) if self._find is not None else None
        if resource is not None:
            if not raster(resource):
                return Verdict(None, ACTIVE, f"{resource.name} ({shown(resource.media_type)})")
            return Verdict(self._resource_url(resource.name))
        if _PLAIN.fullmatch(target) is not None:
            # Nothing to decode, strip or escape: the general path's verdict, at once (Verdict(target),
            # built without the named tuple's Python-level constructor: a link costs one here).
            return _new_tuple(Verdict, (target, None, None))
        return _judged(target)

    def plain_link(self, target: str) -> str | None:
        """The target itself when :meth:`link` would take it as it is by the plain-URL test (no child's
        or resource's name, an allowed scheme, nothing to decode, strip or escape), else None: the caller
        then asks :meth:`link`. No Verdict is built, and a plain URL needs no escaping as a destination
        (none of its characters is one :func:`~zenconv.writers.markdown.inlines.destination` changes)."""
        if self._child_url is not None and self._child_url(target) is not None:
            return None
        if self._find is not None and self._find(target) is not None:
            return None
        return target if _PLAIN.fullmatch(target) is not None else None

    def image(self, source: str) -> Verdict:
        """An image: a raster resource we wrote (embedded when asked), or, when kept, a remote one."""
        resource = self._resource(source)
        if resource is not None:
            if not raster(resource):
                return Verdict(None, ACTIVE, f"{resource.name} ({shown(resource.media_type)})")
            if self._embed:
                data = base64.b64encode(resource.data).decode("ascii")
                return Verdict(f"data:{raster_type(resource.data)};base64,{data}")
            return Verdict(self._resource_url(resource.name))
        verdict = self.link(source)
        if verdict.url is None:
            return verdict
        if scheme_of(source) in REMOTE_SCHEMES:
            if not self._remote:
                return Verdict(None, REMOTE, shown(_host(verdict.url)))
            return verdict
        return Verdict(None, UNSAFE, shown(source))  # mailto: or a fragment is no image

    def _resource(self, name: str):
        return self._find(name) if self._find is not None else None


def _judged(target: str) -> Verdict:
    """A link target that names no resource or child, judged on what the most lenient consumer reads."""
    scheme = scheme_of(target)
    clean = _entities_decoded(target)
    if scheme is None or clean is None:
        return Verdict(None, UNSAFE, shown(target))
    clean = _CONTROL.sub("", clean).strip()
    compact = _INVISIBLE.sub("", clean)
    m = _SCHEME.match(compact)
    # What is written must be what was judged: a scheme only the decoded form shows is refused.
    written_scheme = m.group(1).lower() if m else ""
    if scheme in ALLOWED_SCHEMES and written_scheme == scheme:
        return Verdict(_written(clean))
    if not scheme and compact.startswith("#") and probe(target).startswith("#"):
        return Verdict(_written(clean))
    return Verdict(None, UNSAFE, shown(target))


def _written(clean: str) -> str:
    return _WRITTEN_ESCAPED.sub(lambda m: quote(m.group(), safe=""), clean)


def _host(url: str) -> str:
    try:
        return urlsplit(url).hostname or url
    except ValueError:
        return url


def policy_of(ctx) -> UrlPolicy:
    """The policy for one conversion's writer, from its context and the ``--remote-images`` option."""
    return UrlPolicy(ctx.resources, ctx.resource_url, ctx.embed_media, ctx.options.get("remote_images", "drop"),
                     getattr(ctx, "children", None))
