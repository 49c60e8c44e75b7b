"""HTML whitespace on IR inlines: runs collapse to one space, edges of a block are trimmed, and the
spaces at the edges of a formatting element move outside it.

The last rule is for the writers: ``<b>Fee </b>due`` read as ``Strong("Fee ")`` would be written
``**Fee **due``, which no Markdown parser reads as bold. As ``Strong("Fee"), " due"`` it round-trips.
"""

from __future__ import annotations


from zenconv.ir import (
    Emphasis, HardBreak, Link, SmallCaps, Span, Strikethrough, Strong, Subscript, Superscript, Text, Underline,
)
from zenconv.patterns import pattern

# HTML's inter-element whitespace is ASCII only: a no-break space is text.
_RUN = pattern(r"[ \t\n\r\f]+")
_CONTAINERS = (Strong, Emphasis, Strikethrough, Superscript, Subscript, SmallCaps, Underline, Link, Span)
_CONTAINER_TYPES = frozenset(_CONTAINERS)  # the IR's classes are final: a set lookup of the type suffices


def collapse(text: str) -> str:
    # Most text has only single spaces, which the substitution would copy unchanged, one match each: a
    # few substring tests (each one C scan) say so first, twenty times faster than the regex.
    if "  " in text or "\n" in text or "\t" in text or "\r" in text or "\f" in text:
        return _RUN.sub(" ", text)
    return text


def tidy(nodes: list) -> list:
    """Inlines of one block, whitespace as a browser lays it out."""
    if _laid_out(nodes):  # most paragraphs: nothing to move, merge or trim
        return nodes
    if all(type(node) is Text for node in nodes):  # most other blocks: text alone (a cell, an item, a heading)
        return _tidy_text(nodes)
    return _tidy_nodes(nodes)


def _laid_out(nodes: list) -> bool:
    """Whether :func:`tidy` would give these inlines back unchanged, decided in one pass for the common
    shape: texts between formatting elements of one text each, no hard break.

    Unchanged means: no empty text, no two texts side by side (they would be merged), no space where the
    walk drops one (after a space or at the start), no space at the edges of a container (it would move out
    of it), no space at the end.
    """
    after = True  # the last leaf is a text that ends in a space, or there is none yet
    text_before = False
    for node in nodes:
        kind = type(node)
        if kind is Text:
            text = node.text
            if not text or text_before or (after and text[0] == " "):
                return False
            after = text[-1] == " "
            text_before = True
            continue
        if kind in _CONTAINER_TYPES:
            kids = node.children
            if len(kids) != 1 or type(kids[0]) is not Text:
                return False
            text = kids[0].text
            if not text or text[0] == " " or text[-1] == " ":
                return False
        elif kind is HardBreak:
            return False
        after = text_before = False
    return not after


def _tidy_nodes(nodes: list) -> list:
    """:func:`tidy`'s general path, for any inlines."""
    nodes = _hoist(nodes)
    state = _Walk()
    nodes = state.collapse(nodes)
    _trim_end(nodes)
    while nodes and isinstance(nodes[0], HardBreak):
        nodes.pop(0)
    while nodes and isinstance(nodes[-1], HardBreak):
        nodes.pop()
        _trim_end(nodes)
    return nodes


def _tidy_text(nodes: list) -> list:
    """:func:`tidy` of text nodes alone: the general path's result, without its walks (``_hoist`` joins the
    texts, collapsing them once more when there are two or more; the walk and the trim take the spaces at
    the edges)."""
    texts = [node.text for node in nodes if node.text]
    if not texts:
        return []
    text = texts[0] if len(texts) == 1 else collapse("".join(texts))
    text = text.strip(" ")
    return [Text(text)] if text else []


def _hoist(nodes: list) -> list:
    """Move edge spaces out of formatting containers, drop empty ones, merge neighbouring text."""
    out: list = []
    for node in nodes:
        if isinstance(node, Text):  # the node most runs are made of, tested first
            if node.text:
                _append(out, node)
        elif isinstance(node, _CONTAINERS):
            kids = _hoist(node.children)
            lead = trail = False
            if kids and isinstance(kids[0], Text) and kids[0].text[:1] == " ":
                kids[0] = Text(kids[0].text.lstrip(" "))
                lead = True
                if not kids[0].text:
                    kids.pop(0)
            if kids and isinstance(kids[-1], Text) and kids[-1].text[-1:] == " ":
                kids[-1] = Text(kids[-1].text.rstrip(" "))
                trail = True
                if not kids[-1].text:
                    kids.pop()
            if lead:
                _append(out, Text(" "))
            if kids:
                node.children = kids
                out.append(node)
            if trail:
                _append(out, Text(" "))
        else:
            out.append(node)
    return out


def _append(out: list, node: Text) -> None:
    if out and isinstance(out[-1], Text):
        out[-1] = Text(collapse(out[-1].text + node.text))
    else:
        out.append(node)


class _Walk:
    """Collapses a space that follows another space (or a block's start) across element edges."""

    def __init__(self) -> None:
        self.after_space = True

    def collapse(self, nodes: list) -> list:
        out: list = []
        after = self.after_space  # kept in a local through the loop, in self across a container
        for node in nodes:
            if isinstance(node, Text):
                text = node.text
                if after and text[:1] == " ":
                    text = text.lstrip(" ")
                    node = Text(text)
                if text:
                    after = text[-1] == " "
                    out.append(node)
            elif isinstance(node, HardBreak):
                _trim_end(out)
                after = True
                out.append(node)
            elif isinstance(node, _CONTAINERS):
                self.after_space = after
                node.children = self.collapse(node.children)
                after = self.after_space
                if node.children:
                    out.append(node)
            else:
                after = False
                out.append(node)
        self.after_space = after
        return out


def _trim_end(nodes: list) -> None:
    """Strip trailing spaces from the last text leaf, and drop what becomes empty."""
    while nodes:
        last = nodes[-1]
        if isinstance(last, Text):
            text = last.text.rstrip(" ")
            if text:
                nodes[-1] = Text(text)
                return
            nodes.pop()
        elif isinstance(last, _CONTAINERS):
            _trim_end(last.children)
            if last.children:
                return
            nodes.pop()
        else:
            return


def merge_text(nodes: list) -> list:
    """Neighbouring text nodes joined, empty ones and empty containers dropped; spaces untouched."""
    out: list = []
    for node in nodes:
        if isinstance(node, _CONTAINERS):
            node.children = merge_text(node.children)
            if node.children:
                out.append(node)
        elif isinstance(node, Text):
            if not node.text:
                continue
            if out and isinstance(out[-1], Text):
                out[-1] = Text(out[-1].text + node.text)
            else:
                out.append(node)
        else:
            out.append(node)
    return out
