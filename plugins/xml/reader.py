"""The XML reader: bytes (gunzipped when they start ``1F 8B``) through the safe XML layer, then by the
root element a feed (:mod:`.feeds`), a sitemap (:mod:`.sitemap`) or an outline (:mod:`.outline`).

The safe layer (:mod:`zenconv.safe.xml`) refuses a DOCTYPE before lxml sees it, so entities never
expand and nothing is fetched; depth is bounded by ``--max-xml-depth``. lxml decodes the text itself,
by the byte-order mark and the XML declaration, as XML requires. One streaming pass, elements freed
as they are read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml import etree

from zenconv.context import ReadContext, Source
from zenconv.ir import Locator
from zenconv.reports import Unreadable
from zenconv.safe.xml import iterparse_xml

from .feeds import Feed, is_feed
from .gz import open_xml_bytes
from .names import local_name
from .outline import Outline
from .sitemap import Sitemap, is_sitemap
from zenconv.patterns import pattern

LIBRARY = "lxml/{}; libxml2/{}".format(etree.__version__, ".".join(map(str, etree.LIBXML_VERSION)))
_HTML_LIKE = pattern(rb"<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])", re.IGNORECASE)
_HINT = "it looks like HTML: read it with --from html"


def read(source: Source, ctx: ReadContext) -> Iterator:
    ctx.library = LIBRARY
    stream = open_xml_bytes(source, ctx)
    try:
        events = iterparse_xml(stream, ctx.namespace, events=("start", "end", "comment", "pi"),
                               max_depth=ctx.options["max_xml_depth"])
        root = _root(events, source, ctx)
        if root is None:
            return
        if local_name(root.tag).lower() == "html":
            raise Unreadable(ctx.code("looks-like-html"), f"the root element is <html>: {_HINT}")
        mapper = Feed(ctx) if is_feed(root) else Sitemap(ctx) if is_sitemap(root) else Outline(ctx)
        ctx.flags["xml_kind"] = type(mapper).__name__.lower()
        yield from mapper.blocks(root, _comments_reported(events, ctx))
    finally:
        stream.close()


def _root(events, source: Source, ctx: ReadContext):
    """The root element at its start event (comments before it reported); a refusal of bytes that look
    like HTML becomes the hint to read them as HTML."""
    try:
        for event, node in _comments_reported(events, ctx):
            if event == "start":
                return node
    except Unreadable as exc:
        if _HTML_LIKE.search(source.head(4096)) and exc.code.rsplit(".", 1)[-1] in ("xml-malformed", "doctype-refused"):
            raise Unreadable(ctx.code("looks-like-html"), f"{exc.message[:200]}; {_HINT}") from None
        raise
    return None


def _comments_reported(events, ctx: ReadContext):
    """The element events; each comment or processing instruction reported as dropped, with its text."""
    for event, node in events:
        if event in ("comment", "pi"):
            ctx.report(ctx.code("comment-dropped"), Locator(line=node.sourceline), text=node.text or "")
        else:
            yield event, node
