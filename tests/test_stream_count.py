"""BlockStream's facet count is the walk it replaced: the same facets, in the same order, on any IR.

The count skips the inlines that can hold no facet; the reference below is the count as it was, a
:func:`zenconv.ir.walk.walk` over every node. Both run on many generated blocks: every node type, facets
at every level, nested tables with listed and lazy rows, bare-string cells, captions, subclasses.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from zenconv.ir import Locator
from zenconv.ir.facets import HiddenFacet, StyleFacet, UnknownFacet
from zenconv.ir.nodes import (
    BlockQuote, Cell, Code, CodeBlock, ColumnSpec, Columns, Container, Emphasis, HardBreak, Heading, Image, Link,
    List, ListItem, Math, MathBlock, NoteRef, Paragraph, Row, SmallCaps, Span, Strikethrough, Strong, Subscript,
    Superscript, Table, Text, ThematicBreak, Underline,
)
from zenconv.ir.walk import walk
from zenconv.stream import BlockStream


@dataclass(slots=True)
class _OwnParagraph(Paragraph):
    """A subclass: the count's table of types does not name it, so the general rule reads it."""


def _reference_count(stream: BlockStream, block) -> None:
    for node in walk(block):
        if isinstance(node, Row):
            continue
        facets = getattr(node, "facets", None)
        if facets:
            stream._note_facets(facets, type(node).__name__, getattr(node, "locator", None))
    if isinstance(block, Table):
        for spec in block.columns.specs:
            if spec.facets:
                stream._note_facets(spec.facets, "ColumnSpec", spec.locator)


class _Maker:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.n = 0

    def facets(self) -> tuple:
        r = self.r
        self.n += 1
        return r.choice([(), (), (HiddenFacet(reason=f"r{self.n}"),), (StyleFacet(style_id=f"s{self.n}"),),
                         (UnknownFacet(name=f"x.{self.n % 3}"), HiddenFacet())])

    def locator(self):
        return self.r.choice([None, Locator(line=self.n), Locator(table=1, row=self.n)])

    def inlines(self, depth: int) -> list:
        r = self.r
        out = []
        for _ in range(r.randint(0, 4)):
            k = r.randrange(12)
            if depth > 3 or k < 4:
                out.append(r.choice([Text("t"), Code("c"), Image("i.png"), HardBreak(), NoteRef("n1"), Math("x")]))
            elif k < 6:
                out.append(Span(self.inlines(depth + 1), r.choice([None, "c"]), self.facets()))
            elif k < 7:
                out.append(Link(self.inlines(depth + 1), "https://e.com"))
            else:
                out.append(r.choice([Strong, Emphasis, Strikethrough, Superscript, Subscript, SmallCaps,
                                     Underline])(self.inlines(depth + 1)))
        return out

    def blocks(self, depth: int) -> list:
        return [self.block(depth + 1) for _ in range(self.r.randint(0, 3))]

    def table(self, depth: int) -> Table:
        r = self.r
        rows = []
        for _ in range(r.randint(0, 3)):
            cells = []
            for _ in range(r.randint(0, 3)):
                k = r.randrange(3)
                if k == 0:
                    cells.append("bare")
                elif k == 1 or depth > 2:
                    cells.append(Cell(self.inlines(depth), 1, 1, r.random() < 0.3))
                else:
                    cells.append(Cell(self.blocks(depth), 1, 1))
            rows.append(Row(cells, self.facets(), self.locator()))
        lazy = r.random() < 0.3
        specs = [ColumnSpec(self.facets(), self.locator()) for _ in range(r.randint(0, 2))]
        return Table(iter(rows) if lazy else rows, Columns(count=None, specs=specs),
                     r.choice([None, self.inlines(depth)]), [], self.facets(), self.locator())

    def block(self, depth: int = 0):
        r = self.r
        k = r.randrange(12) if depth < 4 else r.randrange(4)
        if k == 0:
            return Paragraph(self.inlines(depth), self.facets(), self.locator())
        if k == 1:
            return Heading(2, self.inlines(depth), self.facets(), self.locator())
        if k == 2:
            return r.choice([CodeBlock("x", None, self.facets()), ThematicBreak(self.facets()),
                             MathBlock("y", self.facets())])
        if k == 3:
            return _OwnParagraph(self.inlines(depth), self.facets(), self.locator())
        if k in (4, 5):
            return self.table(depth)
        if k == 6:
            items = [ListItem(self.blocks(depth), None, self.facets(), self.locator()) for _ in range(r.randint(0, 3))]
            return List(items, r.random() < 0.5, 1, self.facets(), self.locator())
        if k == 7:
            return BlockQuote(self.blocks(depth), self.facets(), self.locator())
        if k == 8:
            return Container(self.blocks(depth), "c", self.facets(), self.locator())
        return Paragraph(self.inlines(depth), self.facets())


def _stream() -> BlockStream:
    return BlockStream(iter(()), None, None, preserve=True)


def test_the_count_is_the_walk():
    for seed in range(400):
        maker = _Maker(seed)
        blocks = [maker.block() for _ in range(20)]
        fast, reference = _stream(), _stream()
        for block in blocks:
            fast._count(block)
            _reference_count(reference, block)
        assert list(fast.facet_counts.items()) == list(reference.facet_counts.items())
        assert fast.facet_rows == reference.facet_rows
    assert reference.facet_rows  # the generated blocks do carry facets


def test_a_lazy_row_stream_is_not_consumed():
    rows = iter([Row(["a"], (HiddenFacet(),))])
    table = Table(rows, Columns(), [Span([Text("c")], None, (HiddenFacet(),))])
    stream = _stream()
    stream._count(table)
    assert stream.facet_counts == {"hidden": 1}
    assert next(table.rows).cells == ["a"]


class _Ticks:
    def __init__(self) -> None:
        self.ticks = 0

    def checkpoint(self, ticks: int = 1) -> None:
        self.ticks += ticks


class _Sink:
    size = 0


def _grouped(r: random.Random, maker: _Maker):
    from zenconv.stream import PlainRows

    groups, index = [], 0
    for _ in range(r.randint(0, 12)):
        count = r.choice([0, 1, 5, 63, 64, 65, 200])
        if r.random() < 0.6:
            cells = [[f"r{index + i}"] for i in range(count)]
            groups.append(PlainRows(cells, lambda start, stop, cells=cells: [Row(c) for c in cells[start:stop]]))
        else:
            groups.append(tuple(Row([f"r{index + i}"], maker.facets()) for i in range(count)))
        index += count
    return groups


def test_groups_are_checked_where_rows_are():
    """A table's rows taken a group at a time meet the checkpoints and the output cap at the same rows,
    and count the same facets, as taken one at a time."""
    from zenconv.stream import RowGroups

    for seed in range(300):
        over = random.Random(seed).random() < 0.5  # the output already past its cap: the table is cut at its first check
        got = []
        for by_group in (False, True):
            guard, sink = _Ticks(), _Sink()
            stream = BlockStream(iter([Table(RowGroups(_grouped(random.Random(seed), _Maker(seed))))]), guard, None,
                                 preserve=True)
            stream.cap_output(sink, 10)
            blocks = iter(stream)
            table = next(blocks)
            sink.size = 11 if over else 0
            if by_group:
                rows = [row.cells for group in table.rows.groups() for row in group]
            else:
                rows = [row.cells for row in table.rows]
            after = [type(block).__name__ for block in blocks]  # the note saying where the output was cut
            got.append((rows, after, guard.ticks, stream.cut_at, stream.facet_counts, stream.facet_rows))
        assert got[0] == got[1]
