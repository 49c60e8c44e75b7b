"""Small facts about lxml nodes that the converter and the table reader share."""

from __future__ import annotations

from collections.abc import Iterator

from zenconv.ir import HiddenFacet
from zenconv.patterns import pattern

HIDDEN = (HiddenFacet(reason="html-hidden"),)
_DIGITS = pattern(r"[ \t\n\r\f]*\+?(\d+)")


def tag_of(el) -> str | None:
    """The element's lower-case name, or None for a comment or processing instruction."""
    tag = el.tag
    if not isinstance(tag, str):
        return None
    return tag.lower()


# Elements that never have content. libxml2 does not know them all (it reads <embed> as a container
# and nests the rest of the page inside it), so whatever it put inside one is read as following it.
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param",
                  "source", "track", "wbr"})


def pieces(el) -> Iterator:
    """An element's content in order: its text, then each child and the text after it."""
    text = el.text
    if text:
        yield text
    for child in el:
        yield child
        tag = child.tag  # the name first: most children are not void, and their text is never built here
        if isinstance(tag, str) and tag.lower() in VOID and (child.text or len(child)):
            yield from pieces(child)
        tail = child.tail
        if tail:
            yield tail


def html_int(value: str | None) -> int | None:
    """HTML's rules for a non-negative integer: leading whitespace, digits; the rest ignored."""
    if value is None:
        return None
    m = _DIGITS.match(value)
    return int(m.group(1)) if m else None
