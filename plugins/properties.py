"""A package's own statement about itself, as document metadata: OOXML core and app properties, ODF meta.

One mapping for every Office reader, so a manifest's metadata reads the same whatever the format:
title, authors, subject, keywords and dates in their fields, everything else the package states under
``extra`` with one set of names (``last_modified_by``, ``revision``, ``application``…). Values are
kept as the package states them (dates are ISO 8601 strings there), each cut at :data:`MAX_CHARS`:
a property is a line of text, not a payload.
"""

from __future__ import annotations

from zenconv.ir.nodes import Metadata

MAX_CHARS = 1000

_DC = "{http://purl.org/dc/elements/1.1/}"
_DCTERMS = "{http://purl.org/dc/terms/}"
_CP = "{http://schemas.openxmlformats.org/package/2006/metadata/core-properties}"
_META = "{urn:oasis:names:tc:opendocument:xmlns:meta:1.0}"

# OOXML core properties (transitional and strict share these namespaces) by local name.
_CORE_EXTRA = {"lastModifiedBy": "last_modified_by", "revision": "revision", "category": "category",
               "description": "description", "lastPrinted": "last_printed", "contentStatus": "content_status",
               "identifier": "identifier", "language": "language", "version": "version"}
_APP_EXTRA = {"Application": "application", "AppVersion": "app_version", "Company": "company", "Pages": "pages",
              "Words": "words", "Slides": "slides", "Template": "template", "Manager": "manager"}


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _value(element) -> str:
    return (element.text or "").strip()[:MAX_CHARS]


def _split(value: str, separators: str) -> list[str]:
    for sep in separators[1:]:
        value = value.replace(sep, separators[0])
    return [part.strip() for part in value.split(separators[0]) if part.strip()]


def ooxml_core(root, meta: Metadata) -> None:
    """Fill ``meta`` in place from a parsed ``docProps/core.xml``."""
    for element in root:
        name, value = _local(element.tag), _value(element)
        if not value:
            continue
        if name == "title":
            meta.title = value
        elif name == "subject":
            meta.subject = value
        elif name == "creator":
            meta.authors = _split(value, ";")
        elif name == "keywords":
            meta.keywords = _split(value, ",;")
        elif name == "created":
            meta.created = value
        elif name == "modified":
            meta.modified = value
        elif name in _CORE_EXTRA:
            meta.extra[_CORE_EXTRA[name]] = value


def ooxml_app(root, meta: Metadata) -> None:
    """Fill ``meta.extra`` in place from a parsed ``docProps/app.xml`` (the extended properties)."""
    for element in root:
        name, value = _APP_EXTRA.get(_local(element.tag)), _value(element)
        if name is not None and value:
            meta.extra[name] = value


def odf_meta(root, meta: Metadata) -> dict[str, str]:
    """Fill ``meta`` in place from a parsed ODF ``meta.xml``; return its document statistics."""
    holder = next((child for child in root if _local(child.tag) == "meta"), None)
    if holder is None:
        return {}

    def text(tag: str) -> str | None:
        element = holder.find(tag)
        return (_value(element) or None) if element is not None else None

    meta.title = text(f"{_DC}title")
    meta.subject = text(f"{_DC}subject")
    author = text(f"{_META}initial-creator") or text(f"{_DC}creator")
    meta.authors = [author] if author else []
    meta.keywords = [k for k in (_value(e) for e in holder.iterfind(f"{_META}keyword")) if k]
    meta.created = text(f"{_META}creation-date")
    meta.modified = text(f"{_DC}date")
    for tag, key in ((f"{_DC}description", "description"), (f"{_DC}creator", "last_modified_by"),
                     (f"{_META}editing-cycles", "revision"), (f"{_META}generator", "application")):
        value = text(tag)
        if value:
            meta.extra[key] = value
    stats = holder.find(f"{_META}document-statistic")
    return {_local(k): v for k, v in stats.attrib.items()} if stats is not None else {}
