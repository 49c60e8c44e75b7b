"""The text of an element a report drops (a comment, a hidden section, a slide), as the page shows it.

``itertext()`` would glue the words either side of a ``text:s``, a tab or a line break, and the last
word of one paragraph to the first of the next; here they are spaces and lines, so a report takes
the same words the document holds.
"""

from __future__ import annotations

from .names import DC, META, TEXT

_SPACES = {f"{TEXT}s": " ", f"{TEXT}tab": "\t", f"{TEXT}line-break": "\n"}
_LINES = frozenset({f"{TEXT}p", f"{TEXT}h"})
_DATES = frozenset({f"{DC}date", f"{META}date-string"})


def text_of(el, skipped=()) -> str:
    """The text of ``el``, the elements whose tags are in ``skipped`` left out (their tails kept)."""
    out: list[str] = []
    _walk(el, out, skipped)
    return "".join(out).strip()


def comment_text(el) -> str:
    """An ``office:annotation``'s author and paragraphs; its date is metadata, not text it drops."""
    out: list[str] = []
    _walk(el, out, _DATES)
    return "".join(out).strip()


def _walk(el, out: list[str], skipped) -> None:
    # Iterative: a deep hostile tree (the XML layer allows 256 levels) costs no recursion limit.
    # A paragraph, a heading, and each child of the element itself (a comment's author) is a line.
    stack = [(el, False)]
    while stack:
        node, closing = stack.pop()
        tag = node.tag if isinstance(node.tag, str) else ""
        if tag in skipped and not closing:
            if node.tail:
                out.append(node.tail)
            continue
        line = tag in _LINES or (tag and node.getparent() is el)
        if closing:
            if line:
                out.append("\n")
            if node is not el and node.tail:
                out.append(node.tail)
            continue
        if line:
            out.append("\n")
        if tag in _SPACES:
            out.append(_SPACES[tag])
        elif node.text and tag:
            out.append(node.text)
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(node))
