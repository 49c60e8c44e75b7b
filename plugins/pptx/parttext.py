"""The plain text of what a deck holds and the reader leaves out, for the report that takes it.

A report that drops text passes that text (``ctx.report(..., text=)``), so a reviewer, and the
conservation check, can tell how much did not reach the output. These helpers read it as a person
would see it: each DrawingML paragraph (and each legacy comment) one line, runs joined.
"""

from __future__ import annotations

from .geometry import FOOTER_TYPES, placeholder_of
from .package import NS

_A = f"{{{NS['a']}}}"
_P = f"{{{NS['p']}}}"
_C = f"{{{NS['c']}}}"
_LINES = (f"{_A}p", f"{_P}text", f"{_C}pt")  # a paragraph (SmartArt nodes' too), a legacy comment, a chart point
# The parts of a slide whose text goes when the slide goes: its layout and master are other slides' too.
SLIDE_OWNED = ("notesSlide", "comments", "chart", "chartEx", "diagramData")


def lines_of(el) -> list[str]:
    """The non-blank lines of text under ``el``: one per paragraph, legacy comment or chart point."""
    if el is None:
        return []
    out = []
    for line in el.iter(*_LINES):
        text = "".join(_texts(line))
        if text.strip():
            out.append(" ".join(text.split()))
    return out


def _texts(line):
    if line.tag == f"{_P}text":
        yield line.text or ""
        return
    for node in line.iter(f"{_A}t", f"{_A}br", f"{_C}v"):
        yield " " if node.tag == f"{_A}br" else node.text or ""


PRINTED_PLACEHOLDERS = frozenset(FOOTER_TYPES)
"""On a notes or handout master, the placeholders whose text prints on every page (header, footer,
date, number); its body placeholder holds only prompt text."""


def template_text(root, printed: frozenset[str] = frozenset()) -> str:
    """The text of a layout's or master's own shapes, and of its placeholders of the ``printed`` types;
    any other placeholder's text is a prompt ("Click to edit...") that each slide replaces."""
    tree = root.find(f"{_P}cSld/{_P}spTree") if root is not None else None
    if tree is None:
        return ""
    found = []
    for el in tree.iter(f"{_P}sp", f"{_P}graphicFrame"):
        ph = placeholder_of(el)
        if ph is None or ph[0] in printed:
            found += lines_of(el)
    return "\n".join(found)


def slide_text(pkg, part: str, root) -> str:
    """Everything a slide says: its shapes, its notes page, the comments on it, its charts' and
    SmartArt's text, for a slide left out (``pptx.hidden-slide-skipped``)."""
    found = lines_of(root.find(f"{_P}cSld"))
    for rel in pkg.rels(part).values():
        if not rel.external and rel.type in SLIDE_OWNED:
            found += lines_of(pkg.xml(rel.target))
    return "\n".join(found)
