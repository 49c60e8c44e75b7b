"""Random IR documents with hostile but well-typed values, for the writers alone.

A reader (built-in or third-party) may hand a writer any value its types allow: spans of 0 or a
million, heading level 0 or 99, a list starting at -10**12, text holding NUL, lone surrogates, bidi
overrides or a fence of backticks, a note reference to no note, an image naming no resource, and
nesting as deep as an XML part allows. The writers must write something for each, never raise.
"""

from __future__ import annotations

import random

from zenconv.ir.facets import HiddenFacet, LayoutFacet, RevisionFacet, StyleFacet
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import (
    BlockQuote, Cell, Code, CodeBlock, Columns, ColumnSpec, Container, Document, Emphasis, HardBreak, Heading, Image,
    Link, List, ListItem, Math, MathBlock, Metadata, Note, NoteRef, Paragraph, Row, SmallCaps, Span, Strikethrough,
    Strong, Subscript, Superscript, Table, Text, ThematicBreak, Underline,
)
from zenconv.ir.resources import ResourceStore

STRINGS = ("", " ", "plain", "\x00", "a\x00b", "\ud800", "x\udfffy", "\u202e\u2066rtl", "\r\n\r", "\n\n\n", "\t",
           "`" * 40, "~~~", "*_[]()<>#|\\!", "<script>alert(1)</script>", "]]>", "&amp;&#0;&#x110000;", "\x1b[31m",
           "\u2028\u2029\x85", "\ufeff", "x" * 100_000, "| --- |", "- [ ] ", "1. ", "> ", "    code", "$$", "\\",
           "\U0001f600" * 3, "e\u0301", "\x7f\x9f", "{{ x }}", "{% if %}", "\"'", "--->", "<!--")
URLS = ("", "javascript:alert(1)", "JaVaScRiPt:x", "data:text/html,<b>", "vbscript:x", "file:///etc/passwd",
        "http://a b", "http://x/<>\"'", "#", "#\x00", "//evil", "mailto:a@b", "\x00http://x", " http://x ", "http://x)",
        "http://[::1", "media/../../x.png", "a" * 10_000)
INTS = (0, -1, 1, 2, 7, 99, 10 ** 9, -10 ** 12, 2 ** 63, 65_535, 1_000_000)


def _s(rng):
    return rng.choice(STRINGS) if rng.random() < 0.5 else "".join(rng.choice(STRINGS[:20]) for _ in range(3))


def _locator(rng):
    if rng.random() < 0.5:
        return None
    return Locator(page=rng.choice(INTS), sheet_name=_s(rng) if rng.random() < 0.3 else None,
                   row=rng.choice(INTS), cell=_s(rng) if rng.random() < 0.2 else None, part=_s(rng) if rng.random() < 0.2 else None)


def _facets(rng):
    if rng.random() < 0.7:
        return ()
    return tuple(rng.choice((StyleFacet(_s(rng), _s(rng)), RevisionFacet(_s(rng), _s(rng), _s(rng)),
                             LayoutFacet(_s(rng), rng.choice(INTS), rng.choice(INTS)), HiddenFacet(_s(rng))))
                 for _ in range(rng.randrange(1, 4)))


class IrMaker:
    def __init__(self, rng: random.Random, resources: ResourceStore) -> None:
        self.rng = rng
        self.resources = resources
        self.names = [resources.add(bytes([i]) * 10, hint, "image/png")
                      for i, hint in enumerate(("a.png", "../../x.png", "CON", ".htaccess", "x" * 300))]

    def inlines(self, depth: int) -> list:
        rng = self.rng
        out = []
        for _ in range(rng.randrange(0, 5)):
            kind = rng.randrange(16) if depth > 0 else 0
            if kind < 4:
                out.append(Text(_s(rng)))
            elif kind < 11:
                wrapper = (Strong, Emphasis, Strikethrough, Superscript, Subscript, SmallCaps, Underline)[kind - 4]
                out.append(wrapper(self.inlines(depth - 1)))
            elif kind == 11:
                out.append(Link(self.inlines(depth - 1), rng.choice(URLS), rng.choice((None, _s(rng)))))
            elif kind == 12:
                out.append(Image(rng.choice(self.names + ["missing.png", "", "../x"]), _s(rng), rng.choice((None, _s(rng)))))
            elif kind == 13:
                out.append(rng.choice((HardBreak(), Code(_s(rng)), Math(_s(rng)), NoteRef(rng.choice(("1", "missing", "", "\x00"))))))
            else:
                out.append(Span(self.inlines(depth - 1), rng.choice((None, _s(rng))), _facets(rng)))
        return out

    def blocks(self, depth: int, count: int | None = None) -> list:
        rng = self.rng
        out = []
        for _ in range(count if count is not None else rng.randrange(0, 4)):
            kind = rng.randrange(12) if depth > 0 else rng.randrange(4)
            loc, facets = _locator(rng), _facets(rng)
            if kind == 0:
                out.append(Paragraph(self.inlines(3), facets, loc))
            elif kind == 1:
                out.append(Heading(rng.choice(INTS), self.inlines(3), facets, loc))
            elif kind == 2:
                out.append(CodeBlock(_s(rng), rng.choice((None, "", "py", "`", "a b", _s(rng))), facets, loc))
            elif kind == 3:
                out.append(rng.choice((ThematicBreak(facets, loc), MathBlock(_s(rng), facets, loc))))
            elif kind in (4, 5):
                items = [ListItem(self.blocks(depth - 1), rng.choice((None, True, False)), _facets(rng))
                         for _ in range(rng.randrange(0, 4))]
                out.append(List(items, rng.random() < 0.5, rng.choice(INTS), facets, loc))
            elif kind in (6, 7):
                out.append(self.table(depth - 1))
            elif kind == 8:
                out.append(BlockQuote(self.blocks(depth - 1), facets, loc))
            else:
                out.append(Container(self.blocks(depth - 1), rng.choice((None, "slide", "sheet", _s(rng))), facets, loc))
        return out

    def table(self, depth: int) -> Table:
        rng = self.rng
        rows = []
        for _ in range(rng.choice((0, 1, 3, 10))):
            cells = []
            for _ in range(rng.choice((0, 1, 3, 8))):
                if rng.random() < 0.4:
                    cells.append(_s(rng))
                else:
                    content = self.inlines(2) if rng.random() < 0.6 else self.blocks(depth, 2)
                    cells.append(Cell(content, rng.choice(INTS[:6] + (1, 1, 1)), rng.choice(INTS[:6] + (1, 1, 1)),
                                      rng.random() < 0.3))
            rows.append(Row(cells, _facets(rng), _locator(rng)))
        columns = Columns(rng.choice((None, 0, 3, 100)), [ColumnSpec(_facets(rng)) for _ in range(rng.choice((0, 2, 50)))])
        return Table(iter(rows) if rng.random() < 0.5 else rows, columns,
                     rng.choice((None, self.inlines(2))), [_s(rng) for _ in range(rng.randrange(3))], _facets(rng),
                     _locator(rng))

    def deep(self, levels: int) -> list:
        """One branch as deep as an XML part allows: quotes in list items in table cells, over and over."""
        block = Paragraph([Text("deep")])
        for i in range(levels):
            shape = i % 4
            if shape == 0:
                block = BlockQuote([block])
            elif shape == 1:
                block = List([ListItem([block])])
            elif shape == 2:
                block = Table([Row([Cell([block])])])
            else:
                block = Container([block])
        inline = Text("deep")
        for _ in range(levels):
            inline = Strong([Link([inline], "http://x")])
        return [block, Paragraph([inline])]

    def document(self) -> Document:
        rng = self.rng
        blocks = self.deep(rng.choice((50, 120, 250))) if rng.random() < 0.15 else self.blocks(4, rng.randrange(1, 12))
        notes = [Note(rng.choice(("1", "1", "missing", "", "\x00", _s(rng))), self.blocks(2, 2),
                      rng.choice(("footnote", "endnote", "comment", _s(rng)))) for _ in range(rng.randrange(3))]
        meta = Metadata(title=rng.choice((None, _s(rng))), authors=[_s(rng)], keywords=[_s(rng)],
                        created=rng.choice((None, _s(rng), "2024-13-45")), extra={_s(rng): _s(rng)})
        return Document(blocks, meta, notes, self.resources)


def document(rng: random.Random) -> Document:
    resources = ResourceStore()
    return IrMaker(rng, resources).document()
