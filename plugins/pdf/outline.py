"""The outline (bookmarks): titles with a depth and a target page, used to confirm headings.

pdfminer walks the outline recursively and follows /Next without remembering where it has been,
so a circular or very long outline would never end; this walk is iterative, remembers every
entry and stops at a cap.
"""

from __future__ import annotations

import unicodedata

from pdfminer.pdftypes import PDFObjRef, resolve1
from pdfminer.psparser import PSLiteral

from .document import PdfFile, text_of
from zenconv.records import dataclass
from zenconv.patterns import pattern

MAX_ENTRIES = 10_000
_SPACE = pattern(r"\s+")


@dataclass(slots=True)
class Entry:
    title: str
    level: int         # 1 for a top-level entry
    page: int | None   # 1-based target page, when the destination resolves
    matched: bool = False  # a heading on its page carries this title


def normalise(text: str) -> str:
    """How a heading and a bookmark are compared: case, spacing and punctuation do not count."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(ch for ch in text if ch.isalnum() or ch.isspace())
    return _SPACE.sub(" ", text).strip()


def read_outline(pdf: PdfFile) -> tuple[list[Entry], bool]:
    """The outline entries in order, and whether the walk stopped at the cap."""
    catalog = pdf.document.catalog or {}
    try:
        root = resolve1(catalog.get("Outlines"))
    except Exception:  # an outline that cannot be resolved is no outline
        return [], False
    if not isinstance(root, dict):
        return [], False
    entries: list[Entry] = []
    seen: set[int] = set()
    stack = [(root.get("First"), 1)]
    while stack:
        ref, level = stack.pop()
        while ref is not None:
            key = ref.objid if isinstance(ref, PDFObjRef) else id(ref)
            if key in seen:
                break
            seen.add(key)
            if len(entries) >= MAX_ENTRIES:
                return entries, True
            try:
                item = resolve1(ref)
            except Exception:
                break
            if not isinstance(item, dict):
                break
            title = text_of(item.get("Title"))
            if title:
                entries.append(Entry(title, level, _target_page(pdf, item)))
            child = item.get("First")
            following = item.get("Next")
            if child is not None:
                # Children come before the next sibling: remember the sibling, walk the child.
                stack.append((following, level))
                ref, level = child, level + 1
                continue
            ref = following
    return entries, False


def _target_page(pdf: PdfFile, item: dict) -> int | None:
    try:
        dest = resolve1(item.get("Dest"))
        if dest is None:
            action = resolve1(item.get("A"))
            if isinstance(action, dict):
                dest = resolve1(action.get("D"))
        for _ in range(4):  # a named destination may name a dictionary holding the array
            if isinstance(dest, (bytes, str, PSLiteral)):
                name = dest.name if isinstance(dest, PSLiteral) else dest
                dest = resolve1(pdf.document.get_dest(name))
            elif isinstance(dest, dict):
                dest = resolve1(dest.get("D"))
            else:
                break
        if isinstance(dest, list) and dest:
            target = dest[0]
            if isinstance(target, PDFObjRef):
                return pdf.page_numbers.get(target.objid)
            if isinstance(target, int) and 0 <= target < len(pdf.pages):
                return target + 1
    except Exception:  # a destination that cannot be resolved leaves the entry without a page
        return None
    return None
