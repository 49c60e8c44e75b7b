"""The one traversal of the IR. Readers, writers and plugins call these; none hand-writes recursion."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import attrgetter

from .nodes import (
    BlockQuote, Cell, Code, CodeBlock, Container, Emphasis, HardBreak, Heading, Image, Link, List,
    ListItem, Math, MathBlock, NoteRef, Paragraph, Row, SmallCaps, Span, Strikethrough, Strong,
    Subscript, Superscript, Table, Text, ThematicBreak, Underline,
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


def _table_children(node: Table) -> list:
    rows = node.rows if isinstance(node.rows, (list, tuple)) else ()
    return [*(node.caption or ()), *rows]


# children() by exact type, one dict lookup for the nodes of the closed IR (a subclass, or a type the IR
# does not know, asks children() itself). None: the node has no children.
_CHILDREN = {
    **{kind: attrgetter("children") for kind in _WITH_CHILDREN},
    **{kind: attrgetter("blocks") for kind in (BlockQuote, Container, ListItem)},
    List: attrgetter("items"), Table: _table_children, Row: attrgetter("cells"), Cell: attrgetter("content"),
    **{kind: None for kind in (Text, Code, HardBreak, Image, NoteRef, Math, CodeBlock, ThematicBreak, MathBlock,
                               str)},
}


def walk(nodes) -> Iterator:
    """Every node under ``nodes`` (one node or an iterable of them), pre-order, depth first."""
    stack = [iter(nodes if isinstance(nodes, (list, tuple)) or _is_stream(nodes) else (nodes,))]
    lookup = _CHILDREN.get
    while stack:
        for node in stack[-1]:
            yield node
            get = lookup(type(node), children)
            if get is not None:
                kids = get(node)
                if kids:
                    stack.append(iter(kids))
                    break  # the parent's iterator resumes where it was once these are walked
        else:
            stack.pop()


def _is_stream(obj) -> bool:
    return isinstance(obj, Iterator)


def facet_bearers(block) -> list:
    """The nodes under ``block`` (itself included) that carry facets, in :func:`walk`'s order, but for
    table rows (the pipeline counts those as they stream): what the manifest's facet summary counts.

    The same answer as filtering :func:`walk`, at a fraction of its cost on every block of a document:
    the inlines of a paragraph are looked at only for a Span, the one inline with facets.
    """
    found: list = []
    _bearers(block, found)
    return found


def _bearers(node, found: list) -> None:
    kind = type(node)
    if kind in _OWN_FACETS and node.facets:
        found.append(node)
    if kind is Paragraph or kind is Heading:
        _inline_bearers(node.children, found)
    elif kind in _BLOCKS_OF:
        for child in node.blocks:
            _bearers(child, found)
    elif kind in _LEAF_BLOCKS:
        pass
    elif kind is List:
        for item in node.items:
            _bearers(item, found)
    elif kind is Table:
        if node.caption:
            _inline_bearers(node.caption, found)
        if isinstance(node.rows, (list, tuple)):
            for row in node.rows:
                _bearers(row, found)
    elif kind is Row:  # counted as it streams: its cells only
        for cell in node.cells:
            if type(cell) is not str:
                _bearers(cell, found)
    elif kind is Cell:
        for child in node.content:
            _bearers(child, found)
    elif kind in _INLINE_LEAVES:
        pass
    elif kind is Span or kind in _INLINE_WRAPPERS:
        _inline_bearers((node,), found)
    else:  # a node the closed IR does not know (a subclass): the general walk
        for each in walk(node):
            if not isinstance(each, Row) and getattr(each, "facets", None):
                found.append(each)


def _inline_bearers(inlines, found: list) -> None:
    for node in inlines:
        kind = type(node)
        if kind is Text:
            continue
        if kind in _INLINE_WRAPPERS:
            children = node.children
            if len(children) != 1 or type(children[0]) is not Text:  # most often one text: nothing to find
                _inline_bearers(children, found)
        elif kind is Span:
            if node.facets:
                found.append(node)
            _inline_bearers(node.children, found)
        elif kind not in _INLINE_LEAVES:  # a block in a cell's inlines, or a node the IR does not know
            _bearers(node, found)


_BLOCKS_OF = frozenset((BlockQuote, Container, ListItem))
_LEAF_BLOCKS = frozenset((CodeBlock, ThematicBreak, MathBlock))
# The blocks counted here with their own facets (a row is counted as it streams; a cell's are its content's).
_OWN_FACETS = frozenset((Paragraph, Heading, List, Table, *_BLOCKS_OF, *_LEAF_BLOCKS))
_INLINE_WRAPPERS = frozenset((Strong, Emphasis, Strikethrough, Superscript, Subscript, SmallCaps, Underline, Link))
_INLINE_LEAVES = frozenset((Text, Code, HardBreak, Image, NoteRef, Math, str))


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
