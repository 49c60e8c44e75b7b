"""The one traversal of the IR. Readers, writers and plugins call these; none hand-writes recursion."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .nodes import (
    BlockQuote, Cell, Code, CodeBlock, Container, Emphasis, HardBreak, Heading, Image, Link, List,
    ListItem, Math, MathBlock, NoteRef, Paragraph, Row, SmallCaps, Span, Strikethrough, Strong,
    Subscript, Superscript, Table, Text, Underline,
)

_WITH_CHILDREN = (Strong, Emphasis, Strikethrough, Superscript, Subscript, SmallCaps, Underline, Link, Span,
                  Heading, Paragraph)


def children(node) -> Iterable:
    """The direct children of a node, in document order.

    A table's rows are only visited when they are a list: walking never consumes a lazy row stream.
    """
    if isinstance(node, _WITH_CHILDREN):
        return node.children
    if isinstance(node, (BlockQuote, Container, ListItem)):
        return node.blocks
    if isinstance(node, List):
        return node.items
    if isinstance(node, Table):
        rows = node.rows if isinstance(node.rows, (list, tuple)) else ()
        return [*(node.caption or ()), *rows]
    if isinstance(node, Row):
        return node.cells
    if isinstance(node, Cell):
        return node.content
    return ()


def walk(nodes) -> Iterator:
    """Every node under ``nodes`` (one node or an iterable of them), pre-order, depth first."""
    stack = [iter(nodes if isinstance(nodes, (list, tuple)) or _is_stream(nodes) else (nodes,))]
    while stack:
        node = next(stack[-1], _END)
        if node is _END:
            stack.pop()
            continue
        yield node
        kids = children(node)
        if kids:
            stack.append(iter(kids))


_END = object()


def _is_stream(obj) -> bool:
    return isinstance(obj, Iterator)


def plain_text(nodes, *, break_as: str = " ") -> str:
    """The text of inlines or blocks, markup dropped: cells, captions, citations and segments use it.

    Blocks are separated by a space, hard breaks become ``break_as``, images give their alt text.
    """
    out: list[str] = []
    for node in walk(nodes):
        if isinstance(node, str):  # a bare-string table cell: apart from the cell before it, like a Cell
            if out and not out[-1].endswith(" "):
                out.append(" ")
            out.append(node)
        elif isinstance(node, Text):
            out.append(node.text)
        elif isinstance(node, (Code,)):
            out.append(node.text)
        elif isinstance(node, (CodeBlock,)):
            out.append(" " + node.text + " ")
        elif isinstance(node, (Math, MathBlock)):
            out.append(node.latex)
        elif isinstance(node, HardBreak):
            out.append(break_as)
        elif isinstance(node, Image):
            out.append(node.alt)
        elif isinstance(node, NoteRef):
            continue
        elif isinstance(node, ListItem) and node.label:  # the label the source shows is the item's text too
            out.append(" " + node.label + " ")
        elif isinstance(node, (Paragraph, Heading, ListItem, Cell)) and out and not out[-1].endswith(" "):
            out.append(" ")
    return " ".join("".join(out).split()) if break_as == " " else "".join(out).strip()


def cell_text(cell) -> str:
    """The plain text of a table cell (bare string or Cell)."""
    if isinstance(cell, str):
        return cell
    return plain_text(cell.content)
