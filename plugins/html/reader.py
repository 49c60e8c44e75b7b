"""The HTML reader: bytes decoded (BOM, --encoding or <meta charset>, then the §3.1 order), parsed by
lxml, metadata from the head, the body through the allowlist converter."""

from __future__ import annotations

import re
from collections.abc import Iterator

from zenconv.context import ReadContext, Source
from zenconv.ir import Metadata
from zenconv.reports import Unreadable
from zenconv.safe.text import UnknownEncoding, decode_text

from .convert import Converter
from .parse import LIBRARY, parse_document
from .tree import tag_of
from .whitespace import collapse
from zenconv.patterns import pattern

# What a browser's prescan finds in the first KiB: <meta charset=…> or the charset of a
# <meta http-equiv="Content-Type" content="…; charset=…">; and an XHTML file's XML declaration.
_PRESCAN = 1024
_META_CHARSET = pattern(rb"<meta[^>]*?charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:\-]+)", re.IGNORECASE)
_XML_ENCODING = pattern(rb"^<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9_.:\-]+)", re.IGNORECASE)

_AUTHORS = {"author", "dc.creator", "dcterms.creator"}
_CREATED = {"dcterms.created", "dc.date", "dcterms.date", "date", "article:published_time"}
_MODIFIED = {"dcterms.modified", "article:modified_time", "last-modified", "revised"}
_SUBJECT = {"subject", "dc.subject", "dcterms.subject"}
_EXTRA = {"description", "generator"}


def read(source: Source, ctx: ReadContext) -> Iterator:
    ctx.library = LIBRARY
    text = decode(source, ctx)
    root = parse_document(text, ctx.namespace)
    if root is None:
        return
    conv = Converter(ctx)
    conv.prepare(root)
    metadata(root, conv, ctx.metadata)
    yield from conv.blocks(root)


def decode(source: Source, ctx: ReadContext) -> str:
    data = source.read_bytes()
    option = ctx.options.get("encoding") or None
    declared = option or declared_charset(data[:_PRESCAN])
    try:
        text, guess = decode_text(data, declared)
    except UnknownEncoding as exc:
        if option:
            raise Unreadable(ctx.code("unknown-encoding"), str(exc)) from None
        text, guess = decode_text(data, None)  # a page's own label we do not know: as if unlabelled
    ctx.flags["encoding"] = guess.encoding
    if guess.lenient:
        ctx.report(ctx.code("undecodable-bytes"),
                   detail=f"{guess.encoding}: first undecodable byte at offset {guess.bad_offset}")
    return text


def declared_charset(head: bytes) -> str | None:
    m = _XML_ENCODING.match(head.lstrip()) or _META_CHARSET.search(head)
    if m is None:
        return None
    label = m.group(1).decode("ascii").lower()
    # A page cannot really be UTF-16 if a byte scan could read its meta: browsers take it as UTF-8.
    return "utf-8" if label.startswith(("utf-16", "utf-32", "ucs-2", "unicode")) else label


def metadata(root, conv: Converter, meta: Metadata) -> None:
    """Fill ``meta`` (the context's own object: the document already holds it) from the head."""
    lang = root.get("lang") or root.get("{http://www.w3.org/XML/1998/namespace}lang")
    if lang and lang.strip():
        meta.extra["language"] = lang.strip()
    head = root.find("head")
    if head is None:
        return
    for el in head:
        tag = tag_of(el)
        if tag == "title" and meta.title is None:
            title = collapse("".join(el.itertext())).strip()
            meta.title = title or None
        elif tag == "meta":
            _meta(el, meta)
        conv._skip(el, tag)  # reports what the head held and we do not carry (scripts, styles, base)


def _meta(el, meta: Metadata) -> None:
    name = (el.get("name") or el.get("property") or "").strip().lower()
    content = collapse(el.get("content") or "").strip()
    if not name or not content:
        return
    if name in _AUTHORS:
        meta.authors.append(content)
    elif name == "keywords":
        meta.keywords.extend(k.strip() for k in content.split(",") if k.strip())
    elif name in _CREATED and meta.created is None:
        meta.created = content
    elif name in _MODIFIED and meta.modified is None:
        meta.modified = content
    elif name in _SUBJECT and meta.subject is None:
        meta.subject = content
    elif name in _EXTRA:
        meta.extra.setdefault(name, content)
