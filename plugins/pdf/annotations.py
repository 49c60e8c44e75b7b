"""Annotations (links, notes, form widgets), attachments and forms: carried or counted.

URI links become links over the text under them. Everything else an annotation holds is not
text of the page: it is counted per kind so the manifest says what was left out.
"""

from __future__ import annotations

from dataclasses import field

from pdfminer.pdftypes import resolve1
from pdfminer.psparser import PSLiteral
from pdfminer.utils import decode_text

from .document import text_of
from zenconv.records import dataclass

MAX_ANNOTATIONS = 10_000  # per page; past it the rest are not looked at (and counted as dropped)

# Annotation subtypes that are the machinery of another one, not content of their own.
_SILENT = {"Popup"}
_MARKUP = {"Text", "FreeText", "Highlight", "Underline", "Squiggly", "StrikeOut", "Caret", "Ink",
           "Stamp", "Square", "Circle", "Line", "Polygon", "PolyLine", "Sound", "Redact"}


@dataclass(slots=True)
class PageAnnotations:
    links: list[tuple[tuple[float, float, float, float], str]] = field(default_factory=list)
    internal_links: int = 0
    markup: int = 0          # comments, highlights, stamps …
    widgets: int = 0         # form fields drawn on the page
    attachments: int = 0     # file attachment annotations
    files: list = field(default_factory=list)  # their file specifications (attachments.file_of reads them)
    media: int = 0           # movies, sounds, 3D, rich media
    other: int = 0


def _name(value) -> str:
    value = resolve1(value)
    if isinstance(value, PSLiteral):
        return str(value.name)
    if isinstance(value, bytes):
        return value.decode("latin-1", "replace")
    return str(value) if value is not None else ""


def _rect(value, ctm) -> tuple[float, float, float, float] | None:
    try:
        x0, y0, x1, y1 = (float(resolve1(v)) for v in resolve1(value))
    except (TypeError, ValueError):
        return None
    a, b, c, d, e, f = ctm
    xs, ys = [], []
    for x, y in ((x0, y0), (x1, y1), (x0, y1), (x1, y0)):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return min(xs), min(ys), max(xs), max(ys)


def page_annotations(page, ctm) -> PageAnnotations:
    """The annotations of a page, links placed in the page's own coordinates (``ctm``)."""
    found = PageAnnotations()
    try:
        annots = resolve1(page.annots) or []
        annots = list(annots)[:MAX_ANNOTATIONS]
    except Exception:  # an unreadable /Annots array has nothing we could carry
        return found
    for ref in annots:
        try:
            annot = resolve1(ref)
        except Exception:
            continue
        if not isinstance(annot, dict):
            continue
        kind = _name(annot.get("Subtype"))
        if kind in _SILENT:
            continue
        if kind == "Link":
            target = _uri(annot)
            rect = _rect(annot.get("Rect"), ctm)
            if target and rect:
                found.links.append((rect, target))
            else:
                found.internal_links += 1
        elif kind == "Widget":
            found.widgets += 1
        elif kind == "FileAttachment":
            found.attachments += 1
            try:
                spec = resolve1(annot.get("FS"))
            except Exception:
                spec = None
            if isinstance(spec, dict):
                found.files.append(spec)
        elif kind in _MARKUP:
            found.markup += 1
        elif kind in ("Movie", "Screen", "3D", "RichMedia"):
            found.media += 1
        else:
            found.other += 1
    return found


def _uri(annot: dict) -> str | None:
    action = resolve1(annot.get("A"))
    if not isinstance(action, dict) or _name(action.get("S")) != "URI":
        return None
    # The target as the file states it (only decoded): which targets are safe to link is the
    # writers' decision, made once for every format.
    uri = resolve1(action.get("URI"))
    if isinstance(uri, bytes):
        uri = decode_text(uri)
    return uri if isinstance(uri, str) and uri.strip() else None


def catalog_extras(document) -> tuple[int, int]:
    """(embedded files in the name tree, interactive form fields) of the document."""
    catalog = document.catalog or {}
    files = 0
    try:
        names = resolve1(catalog.get("Names"))
        tree = resolve1(names.get("EmbeddedFiles")) if isinstance(names, dict) else None
        files = _count_name_tree(tree)
    except Exception:  # a broken name tree: nothing countable
        files = 0
    fields = 0
    try:
        form = resolve1(catalog.get("AcroForm"))
        if isinstance(form, dict):
            fields = len(resolve1(form.get("Fields")) or [])
    except Exception:
        fields = 0
    return files, fields


def _count_name_tree(node, budget: int = 10_000) -> int:
    count = 0
    stack = [node]
    seen: set[int] = set()
    while stack and budget > 0:
        budget -= 1
        current = resolve1(stack.pop())
        if not isinstance(current, dict) or id(current) in seen:
            continue
        seen.add(id(current))
        names = resolve1(current.get("Names"))
        if isinstance(names, list):
            count += len(names) // 2
        kids = resolve1(current.get("Kids"))
        if isinstance(kids, list):
            stack.extend(kids)
    return count
