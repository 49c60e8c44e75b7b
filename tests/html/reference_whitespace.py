"""The HTML reader's whitespace module as it was before its fast paths, kept as the reference the fast
paths are tested against (tests/html/test_fast_paths.py). Not used by the reader."""

from __future__ import annotations

import re

from zenconv.ir import (
    Emphasis, HardBreak, Link, SmallCaps, Span, Strikethrough, Strong, Subscript, Superscript, Text, Underline,
)

# HTML's inter-element whitespace is ASCII only: a no-break space is text.
_RUN = re.compile(r"[ \t\n\r\f]+")
_CONTAINERS = (Strong, Emphasis, Strikethrough, Superscript, Subscript, SmallCaps, Underline, Link, Span)


def collapse(text: str) -> str:
    return _RUN.sub(" ", text)


def tidy(nodes: list) -> list:
    """Inlines of one block, whitespace as a browser lays it out."""
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


def _hoist(nodes: list) -> list:
    """Move edge spaces out of formatting containers, drop empty ones, merge neighbouring text."""
    out: list = []
    for node in nodes:
        if isinstance(node, _CONTAINERS):
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
        elif isinstance(node, Text):
            if node.text:
                _append(out, node)
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
        for node in nodes:
            if isinstance(node, Text):
                text = node.text
                if self.after_space:
                    text = text.lstrip(" ")
                if text:
                    self.after_space = text[-1] == " "
                    out.append(Text(text))
            elif isinstance(node, HardBreak):
                _trim_end(out)
                self.after_space = True
                out.append(node)
            elif isinstance(node, _CONTAINERS):
                node.children = self.collapse(node.children)
                if node.children:
                    out.append(node)
            else:
                self.after_space = False
                out.append(node)
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
